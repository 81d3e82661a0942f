/* The RPC runtime over its tcp transport on loopback: real TCP connections, the same server (listener and
 * executors), the same packets framed on the stream. */
#include <errno.h>
#include <sodium.h>
#include <stdlib.h>
#include <sys/time.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <arpa/inet.h>
#include "check.h"
#include "pl_error.h"
#include "rpc.h"
#include "rpc_common.h"
#include "rpc_load.h"
#include "rpc_tcp.h"

static struct pl_rpc_config cfg_tcp(void)
{
    struct pl_rpc_config c;
    pl_rpc_config_default(&c);
    c.transport = PL_RPC_TCP;
    c.rto_ms = 50;
    memset(c.key, 9, sizeof c.key);
    return c;
}

static void test_frame_len(void)
{
    uint8_t h[PL_RPC_HEADER_BYTES];
    struct pl_rpc_hdr hd = {.ptype = PL_RPC_REQUEST, .len = 4016, .total = 9000};
    pl_rpc_hdr_put(h, &hd);
    CHECK(pl_rpc_tcp_frame_len(h) == 80 + 4016, "frame = header + len (%zu)", pl_rpc_tcp_frame_len(h));
    hd.len = PL_RPC_MAX_DATAGRAM; /* more than a packet may carry */
    pl_rpc_hdr_put(h, &hd);
    CHECK(pl_rpc_tcp_frame_len(h) == 0, "an oversized len is no frame");
    memset(h, 0, sizeof h);
    CHECK(pl_rpc_tcp_frame_len(h) == 0, "a header without the magic is no frame");
}

static void test_sizes_steps_and_server_records(void)
{
    struct pl_rpc_config c = cfg_tcp();
    static struct pl_rpc_srec recs[16];
    struct pl_rpc_server s;
    struct pl_rpc_binding b;
    if (rpc_serve(&s, &c, recs, 16, &b, &c))
        return;
    static const uint32_t sizes[] = {0, 1, 944, 945, 4016, 4017, 65536, 1u << 20};
    const uint32_t n = sizeof sizes / sizeof sizes[0];
    for (uint32_t i = 0; i < n; i++) {
        struct pl_rpc_crec r;
        int rc = rpc_echo(&b, sizes[i], i, &r);
        CHECK(rc == PL_OK, "tcp echo %u bytes: rc %d", sizes[i], rc);
        CHECK(r.t_end > r.t_start && r.srv_recv > 0 && r.srv_send >= r.srv_recv, "four timestamps of %u", sizes[i]);
        for (int k = 0; k < PL_RPC_CSTEPS; k++) {
            int must = k == CS_START || k == CS_MARSHAL || k == CS_COPY || k == CS_QUEUE || k == CS_SENDMSG ||
                       k == CS_POST_SEND || k == CS_WAIT || k == CS_RECV || k == CS_UNMARSHAL || k == CS_END ||
                       k == CS_FREE;
            if (must)
                CHECK(r.s[k].start > 0 && r.s[k].dur >= 0, "client step %d of a %u-byte tcp call", 10 + k, sizes[i]);
        }
        CHECK((r.s[CS_BIND].start > 0) == (i == 0), "bind (connect) only on the first call (call %u)", i);
        CHECK(r.s[CS_ACK].start == 0 && r.s[CS_RETRANSMIT].start == 0, "tcp: no acks, no retransmission (%u)",
              sizes[i]);
    }
    uint32_t pd = 0, win = 0;
    CHECK(pl_rpc_handle_learned(&b, 0, &pd, &win) && pd == 4016, "the handle learned the 4016-byte packet (%u)", pd);
    CHECK(atomic_load(&b.handles_created) == 1, "one connection for all calls of the thread");
    pl_rpc_binding_free(&b);
    pl_rpc_server_stop(&s);
    for (uint32_t i = 0; i < n; i++) {
        CHECK(atomic_load(&recs[i].done), "server record of tcp call %u", i);
        CHECK(recs[i].s[SS_RECEIVE].start > 0 && recs[i].s[SS_SERVICE].start > 0 && recs[i].s[SS_SENDMSG].start > 0,
              "server receive, service, sendmsg steps of tcp call %u", i);
    }
}

static void test_threads_and_single_cache(void)
{
    for (int cache = 0; cache < 2; cache++) {
        struct pl_rpc_config c = cfg_tcp();
        c.cache = cache;
        struct pl_rpc_server s;
        struct pl_rpc_binding b;
        if (rpc_serve(&s, &c, NULL, 0, &b, &c))
            return;
        enum { THREADS = 4, CALLS = 50 };
        static struct pl_rpc_crec recs[THREADS * CALLS];
        memset(recs, 0, sizeof recs);
        struct pl_rpc_load l = {.binding = &b, .threads = THREADS, .calls = CALLS, .think_mean_us = 200,
                                .seed = 3, .proc = PL_PROC_ECHO, .request_bytes = 9000, .recs = recs};
        pl_rpc_load_run(&l);
        CHECK(atomic_load(&l.done) == THREADS * CALLS && atomic_load(&l.errors) == 0,
              "%s: %u calls, %u errors over tcp", cache ? "single" : "per-thread", atomic_load(&l.done),
              atomic_load(&l.errors));
        uint32_t created = atomic_load(&b.handles_created);
        if (cache == PL_CACHE_PER_THREAD)
            CHECK(created == THREADS, "per-thread: one connection per thread (%u)", created);
        pl_rpc_binding_free(&b);
        pl_rpc_server_stop(&s);
    }
}

static void test_protection(void)
{
    for (int prot = PL_PROT_CONNECT; prot <= PL_PROT_PRIVACY; prot++) {
        struct pl_rpc_config c = cfg_tcp();
        c.prot = prot;
        struct pl_rpc_server s;
        if (rpc_start(&s, &c, NULL, 0))
            return;
        rpc_check_key(&s, &c);
        pl_rpc_server_stop(&s);
    }
}

/* a stream of garbage must not crash the server, and it goes on serving others */
static void test_garbage_stream(void)
{
    struct pl_rpc_config c = cfg_tcp();
    struct pl_rpc_server s;
    if (rpc_start(&s, &c, NULL, 0))
        return;
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)s.port)};
    inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
    CHECK(connect(fd, (struct sockaddr *)&a, sizeof a) == 0, "raw connection");
    uint8_t junk[300];
    for (unsigned i = 0; i < sizeof junk; i++)
        junk[i] = (uint8_t)(i * 31 + 7);
    CHECK(pl_rpc_tcp_write(fd, junk, sizeof junk) == 0, "garbage written");
    char buf[16];
    struct timeval tv = {.tv_sec = 2};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    CHECK(recv(fd, buf, sizeof buf, 0) == 0, "the server closes a connection that is not RPC packets");
    close(fd);
    CHECK(atomic_load(&s.rejected_packets) >= 1, "counted as rejected");
    struct pl_rpc_binding b;
    rpc_bind(&b, &c, s.port);
    struct pl_rpc_crec r;
    CHECK(rpc_echo(&b, 5000, 0, &r) == PL_OK, "the server still serves");
    pl_rpc_binding_free(&b);
    pl_rpc_server_stop(&s);
}

/* a packet of `len` data bytes whose data are all `fill` */
static size_t put_pkt(uint8_t *p, uint32_t len, uint8_t fill)
{
    struct pl_rpc_hdr h = {.ptype = PL_RPC_REQUEST, .len = len, .total = len, .flags = PL_RPC_F_LAST};
    pl_rpc_hdr_put(p, &h);
    memset(p + PL_RPC_HEADER_BYTES, fill, len);
    return PL_RPC_HEADER_BYTES + len;
}

/* the buffered reader: several packets from one read, a packet cut across writes and across the buffer's end
 * (compaction), then a timeout with nothing pending and EPROTO on a stream that is not packets */
static void test_stream_reader(void)
{
    int sv[2];
    CHECK(socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0, "socketpair");
    struct timeval tv = {.tv_usec = 20000};
    setsockopt(sv[0], SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    struct pl_rpc_tcp_in in;
    CHECK(pl_rpc_tcp_in_init(&in, 0) == 0 && in.cap == PL_RPC_MAX_DATAGRAM, "reader buffer of one datagram at least");
    static uint8_t out[3 * PL_RPC_MAX_DATAGRAM];
    uint32_t lens[5] = {0, 100, 4016, 60000, 30000};
    size_t n = 0;
    for (int i = 0; i < 5; i++)
        n += put_pkt(out + n, lens[i], (uint8_t)(i + 1));
    size_t first = 40000; /* packets 0..2 and a part of packet 3 first, the rest later */
    CHECK(write(sv[1], out, first) == (ssize_t)first, "write 1");
    for (int i = 0; i < 5; i++) {
        if (i == 3)
            CHECK(write(sv[1], out + first, n - first) == (ssize_t)(n - first), "write 2");
        uint8_t *pkt = NULL;
        ssize_t got = pl_rpc_tcp_next(sv[0], &in, &pkt);
        CHECK(got == (ssize_t)(PL_RPC_HEADER_BYTES + lens[i]), "packet %d: %zd bytes, want %u", i, got,
              PL_RPC_HEADER_BYTES + lens[i]);
        struct pl_rpc_hdr h;
        CHECK(got > 0 && pl_rpc_hdr_parse(pkt, (size_t)got, &h) == 0 && h.len == lens[i], "packet %d parses", i);
        int same = 1;
        for (uint32_t k = 0; got > 0 && k < lens[i]; k++)
            same &= pkt[PL_RPC_HEADER_BYTES + k] == (uint8_t)(i + 1);
        CHECK(same, "packet %d: its own data", i);
    }
    uint8_t *pkt = NULL;
    errno = 0;
    CHECK(pl_rpc_tcp_next(sv[0], &in, &pkt) < 0 && errno == EAGAIN, "nothing pending: the timeout (errno %d)", errno);
    uint8_t junk[PL_RPC_HEADER_BYTES];
    memset(junk, 0xAB, sizeof junk);
    CHECK(write(sv[1], junk, sizeof junk) == (ssize_t)sizeof junk, "write junk");
    errno = 0;
    CHECK(pl_rpc_tcp_next(sv[0], &in, &pkt) < 0 && errno == EPROTO, "not a packet: EPROTO (errno %d)", errno);
    pl_rpc_tcp_in_free(&in);
    close(sv[0]);
    close(sv[1]);
}

int main(void)
{
    if (pl_rpc_crypto_init() != 0)
        return 1;
    test_frame_len();
    test_stream_reader();
    test_sizes_steps_and_server_records();
    test_threads_and_single_cache();
    test_protection();
    test_garbage_stream();
    return check_result("t_rpc_tcp");
}
