/* The tcp server's in-place receive of requests (rpc_tcp.c conn_recv_placed): a connection's next request like
 * its last is received with its data straight in the slot's buffer; a request cut across writes, or one that
 * is not the planned one, goes on through the stream buffer; every reply comes back intact either way. */
#include <arpa/inet.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>
#include "check.h"
#include "pl_error.h"
#include "rpc.h"
#include "rpc_tcp.h"

#define PD 4016u

static int start(struct pl_rpc_server *s, struct pl_rpc_srec *recs, uint32_t n)
{
    struct pl_rpc_config c;
    pl_rpc_config_default(&c);
    c.transport = PL_RPC_TCP;
    char err[256];
    int rc = pl_rpc_server_start(s, &c, 0x1f, "127.0.0.1", 0, 2, recs, n, err, sizeof err);
    CHECK(rc == PL_OK, "tcp server start: %s", err);
    return rc;
}

/* the request data of a call: a pattern of its own, so a reply with another call's bytes is caught */
static void fill(uint8_t *p, uint32_t n, uint32_t call)
{
    for (uint32_t i = 0; i < n; i++)
        p[i] = (uint8_t)(i * 7 + call * 29 + 3);
}

/* an echo request of n bytes as it goes on the stream: packets of PD data bytes, each after its header */
static size_t put_request(uint8_t *out, uint32_t activity, uint32_t seq, uint32_t call, const uint8_t *data,
                          uint32_t n)
{
    size_t at = 0;
    for (uint32_t off = 0; off < n; off += PD) {
        uint32_t len = n - off < PD ? n - off : PD;
        struct pl_rpc_hdr h = {.ptype = PL_RPC_REQUEST, .proc = PL_PROC_ECHO, .activity = activity, .seq = seq,
                               .call_no = call, .offset = off, .len = len, .total = n, .max_data = PD,
                               .binding = 77, .flags = off + len == n ? PL_RPC_F_LAST : 0};
        pl_rpc_hdr_put(out + at, &h);
        memcpy(out + at + PL_RPC_HEADER_BYTES, data + off, len);
        at += PL_RPC_HEADER_BYTES + len;
    }
    return at;
}

/* one raw echo call on fd: the request written whole, or cut after `cut` bytes with a pause (0: whole);
 * 1 when the reply is the request's data */
static int raw_echo(int fd, struct pl_rpc_tcp_in *in, uint32_t activity, uint32_t seq, uint32_t call, uint32_t n,
                    size_t cut)
{
    uint8_t *req = malloc(n), *rep = calloc(1, n), *out = malloc(n + 64 * PL_RPC_HEADER_BYTES);
    fill(req, n, call);
    size_t len = put_request(out, activity, seq, call, req, n);
    int ok = cut ? pl_rpc_tcp_write(fd, out, cut) == 0 && usleep(30000) == 0 &&
                   pl_rpc_tcp_write(fd, out + cut, len - cut) == 0
                 : pl_rpc_tcp_write(fd, out, len) == 0;
    uint32_t got = 0;
    while (ok && got < n) {
        uint8_t *pkt;
        ssize_t k = pl_rpc_tcp_next(fd, in, &pkt);
        struct pl_rpc_hdr h;
        ok = k > 0 && pl_rpc_hdr_parse(pkt, (size_t)k, &h) == 0 && h.ptype == PL_RPC_RESPONSE &&
             h.activity == activity && h.seq == seq && h.total == n && h.offset == got;
        if (ok) {
            memcpy(rep + got, pkt + PL_RPC_HEADER_BYTES, h.len);
            got += h.len;
        }
    }
    ok = ok && memcmp(req, rep, n) == 0;
    free(req);
    free(rep);
    free(out);
    return ok;
}

/* a raw client: the plan hits, misses on a cut request, misses on another call handle's request (its data lands
 * in the planned slot's buffer first), and hits again once relearnt */
static void test_raw_plans(void)
{
    struct pl_rpc_server s;
    if (start(&s, NULL, 0))
        return;
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)s.port)};
    inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
    CHECK(connect(fd, (struct sockaddr *)&a, sizeof a) == 0, "raw connection");
    struct timeval tv = {.tv_sec = 2};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    struct pl_rpc_tcp_in in;
    CHECK(pl_rpc_tcp_in_init(&in, PL_RPC_TCP_STREAM_BYTES) == 0, "reader");
    /* four packets, the last a short one: 12 KB, one write that the server reads whole */
    const uint32_t n = 3 * PD + 100;
    CHECK(raw_echo(fd, &in, 1, 1, 0, n, 0), "first request: learnt, not planned");
    CHECK(atomic_load(&s.placed_requests) == 0, "nothing placed before a shape is known (%u)",
          atomic_load(&s.placed_requests));
    /* the slot's request buffer holds n bytes once two calls went (echo trades request and reply buffers) */
    CHECK(raw_echo(fd, &in, 1, 2, 1, n, 0), "second request, like the first");
    CHECK(raw_echo(fd, &in, 1, 3, 2, n, 0), "third request, like the first");
    CHECK(atomic_load(&s.placed_requests) == 1, "the third request received in place (%u)",
          atomic_load(&s.placed_requests));
    CHECK(raw_echo(fd, &in, 1, 4, 3, n, PD + 1000), "a request cut in its second packet comes back intact");
    CHECK(raw_echo(fd, &in, 2, 1, 4, n, 0), "another call handle on the connection");
    CHECK(raw_echo(fd, &in, 2, 2, 5, n, 0), "another call handle, twice: its shape learnt");
    CHECK(raw_echo(fd, &in, 1, 5, 6, n, 0), "the first handle again: planned for the other, missed, intact");
    CHECK(raw_echo(fd, &in, 1, 6, 7, 2 * PD, 0), "another size: intact");
    CHECK(atomic_load(&s.placed_requests) == 1, "no miss counted as placed (%u)", atomic_load(&s.placed_requests));
    CHECK(raw_echo(fd, &in, 1, 7, 8, 2 * PD, 0), "the new size again: intact");
    CHECK(atomic_load(&s.placed_requests) == 2, "the relearnt shape received in place (%u)",
          atomic_load(&s.placed_requests));
    CHECK(atomic_load(&s.rejected_packets) == 0, "no packet rejected (%u)", atomic_load(&s.rejected_packets));
    pl_rpc_tcp_in_free(&in);
    close(fd);
    pl_rpc_server_stop(&s);
}

/* the runtime's own client: 64 KB echoes received in place, each with its server steps, among other sizes */
static void test_client_echoes(void)
{
    enum { CALLS = 8 };
    static struct pl_rpc_srec recs[CALLS];
    static const uint32_t sizes[CALLS] = {65536, 65536, 65536, 65535, 65536, 9000, 9000, 65536};
    struct pl_rpc_server s;
    if (start(&s, recs, CALLS))
        return;
    struct pl_rpc_config c;
    pl_rpc_config_default(&c);
    struct pl_rpc_binding b;
    char bs[64], err[256];
    snprintf(bs, sizeof bs, "tcp:127.0.0.1[%d]", s.port);
    CHECK(pl_rpc_binding_from_string(&b, &c, bs, err, sizeof err) == PL_OK, "binding: %s", err);
    uint8_t *req = malloc(65536), *rep = malloc(65536);
    for (uint32_t i = 0; i < CALLS; i++) {
        fill(req, sizes[i], i);
        memset(rep, 0, 65536);
        struct pl_rpc_call call = {.proc = PL_PROC_ECHO, .req = req, .req_len = sizes[i], .reply = rep,
                                   .reply_cap = 65536, .call_no = i};
        struct pl_rpc_crec r = {0};
        int rc = pl_rpc_call(&b, &call, &r);
        CHECK(rc == PL_OK && call.reply_len == sizes[i] && memcmp(req, rep, sizes[i]) == 0,
              "echo %u of %u bytes intact (rc %d)", i, sizes[i], rc);
    }
    pl_rpc_binding_free(&b);
    pl_rpc_server_stop(&s);
    /* calls 2 and 6 repeat their predecessor's shape (call 0 goes in small packets, too many to plan); a 64 KB
     * request the server happens to read in two parts is not placed, so not both need be */
    uint32_t placed = atomic_load(&s.placed_requests);
    CHECK(placed <= 2, "only repeated requests received in place (%u)", placed);
    for (uint32_t i = 0; i < CALLS; i++)
        CHECK(atomic_load(&recs[i].done) && recs[i].s[SS_RECEIVE].start > 0 && recs[i].s[SS_IDLE].start > 0 &&
                  recs[i].s[SS_SENDMSG].start > 0,
              "call %u: the server's idle, receive and sendmsg steps", i);
    free(req);
    free(rep);
}

int main(void)
{
    if (pl_rpc_crypto_init() != 0)
        return 1;
    test_raw_plans();
    test_client_echoes();
    return check_result("t_rpc_tcp_serve");
}
