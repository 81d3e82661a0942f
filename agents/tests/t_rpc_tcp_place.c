/* The tcp reply reader that receives packets' data straight into place (rpc_tcp_place.h): data where the plan
 * put it, a short last packet, packets past the reply and a packet larger than planned going back to the stream
 * buffer intact, a timeout, and the plan's end giving back what was not handed out. */
#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>
#include "check.h"
#include "rpc_tcp_place.h"
#include "rpc_wire.h"

/* a packet of `len` data bytes at reply offset `off`, data byte i = (off + i) * 7 + salt */
static size_t put_pkt(uint8_t *p, uint32_t off, uint32_t len, uint8_t salt)
{
    struct pl_rpc_hdr h = {.ptype = PL_RPC_RESPONSE, .offset = off, .len = len, .total = off + len};
    pl_rpc_hdr_put(p, &h);
    for (uint32_t i = 0; i < len; i++)
        p[PL_RPC_HEADER_BYTES + i] = (uint8_t)((off + i) * 7 + salt);
    return PL_RPC_HEADER_BYTES + len;
}

static int data_ok(const uint8_t *d, uint32_t off, uint32_t len, uint8_t salt)
{
    for (uint32_t i = 0; i < len; i++)
        if (d[i] != (uint8_t)((off + i) * 7 + salt))
            return 0;
    return 1;
}

struct rig {
    int sv[2];
    struct pl_rpc_tcp_in in;
    struct pl_rpc_tcp_place pl;
};

static void rig_open(struct rig *r)
{
    CHECK(socketpair(AF_UNIX, SOCK_STREAM, 0, r->sv) == 0, "socketpair");
    struct timeval tv = {.tv_usec = 20000};
    setsockopt(r->sv[0], SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    CHECK(pl_rpc_tcp_in_init(&r->in, 64 * 1024) == 0, "stream buffer");
    pl_rpc_tcp_place_init(&r->pl);
}

static void rig_close(struct rig *r)
{
    pl_rpc_tcp_in_free(&r->in);
    close(r->sv[0]);
    close(r->sv[1]);
}

/* 3 full packets of 1000 and a last one of 300, written in two parts cut inside a header: every packet's
 * data lands in dst at its offset (no copy left to do), and nothing is left over */
static void test_in_place(void)
{
    struct rig r;
    rig_open(&r);
    static uint8_t out[8192], dst[3300];
    size_t n = 0;
    for (uint32_t k = 0; k < 4; k++)
        n += put_pkt(out + n, k * 1000, k < 3 ? 1000 : 300, 3);
    size_t cut = 1080 + 40; /* packet 0 and half of packet 1's header first, the rest before packet 1 is read */
    CHECK(write(r.sv[1], out, cut) == (ssize_t)cut, "write 1");
    for (uint32_t k = 0; k < 4; k++) {
        if (k == 1)
            CHECK(write(r.sv[1], out + cut, n - cut) == (ssize_t)(n - cut), "write 2");
        uint8_t *pkt = NULL, *data = NULL;
        uint32_t want = k < 3 ? 1000 : 300;
        ssize_t got = pl_rpc_tcp_next_placed(r.sv[0], &r.in, &r.pl, dst, sizeof dst, 1000, &pkt, &data);
        struct pl_rpc_hdr h;
        CHECK(got == (ssize_t)(PL_RPC_HEADER_BYTES + want), "packet %u: %zd bytes", k, got);
        CHECK(got > 0 && pl_rpc_hdr_parse(pkt, (size_t)got, &h) == 0 && h.offset == k * 1000, "packet %u parses", k);
        CHECK(data == dst + k * 1000, "packet %u's data received in place", k);
        CHECK(data && data_ok(data, k * 1000, want, 3), "packet %u's data intact", k);
    }
    CHECK(r.pl.n == 0 && r.in.fill == r.in.at, "the plan ended with the last planned packet, nothing left over");
    rig_close(&r);
}

/* a reply shorter than the plan (1000 + 200 of a 3000-byte plan) and a packet after it in the same read: the
 * short packet ends the plan, the next one comes from the stream buffer whole */
static void test_short_and_after(void)
{
    struct rig r;
    rig_open(&r);
    static uint8_t out[8192], dst[3000];
    size_t n = put_pkt(out, 0, 1000, 5);
    n += put_pkt(out + n, 1000, 200, 5);
    n += put_pkt(out + n, 0, 500, 9);
    CHECK(write(r.sv[1], out, n) == (ssize_t)n, "write");
    uint8_t *pkt, *data;
    CHECK(pl_rpc_tcp_next_placed(r.sv[0], &r.in, &r.pl, dst, sizeof dst, 1000, &pkt, &data) == 1080 &&
          data == dst && data_ok(data, 0, 1000, 5), "full packet in place");
    CHECK(pl_rpc_tcp_next_placed(r.sv[0], &r.in, &r.pl, dst + 1000, sizeof dst - 1000, 1000, &pkt, &data) == 280 &&
          data == dst + 1000 && data_ok(data, 1000, 200, 5), "short packet in place");
    CHECK(r.pl.n == 0, "a short packet ends the plan");
    ssize_t got = pl_rpc_tcp_next_placed(r.sv[0], &r.in, &r.pl, dst, sizeof dst, 1000, &pkt, &data);
    CHECK(got == 580 && data == pkt + PL_RPC_HEADER_BYTES && data_ok(data, 0, 500, 9),
          "the packet after the reply: from the stream buffer, intact (%zd)", got);
    rig_close(&r);
}

/* a packet larger than planned: read on from the stream buffer, intact */
static void test_larger_than_planned(void)
{
    struct rig r;
    rig_open(&r);
    static uint8_t out[8192], dst[6000];
    size_t n = put_pkt(out, 0, 2500, 1);
    n += put_pkt(out + n, 2500, 100, 1);
    CHECK(write(r.sv[1], out, n) == (ssize_t)n, "write");
    uint8_t *pkt, *data;
    ssize_t got = pl_rpc_tcp_next_placed(r.sv[0], &r.in, &r.pl, dst, sizeof dst, 1000, &pkt, &data);
    CHECK(got == 2580 && data == pkt + PL_RPC_HEADER_BYTES && data_ok(data, 0, 2500, 1),
          "2500 bytes where 1000 were planned: whole, from the buffer (%zd)", got);
    got = pl_rpc_tcp_next_placed(r.sv[0], &r.in, &r.pl, dst, sizeof dst, 1000, &pkt, &data);
    CHECK(got == 180 && data_ok(data, 2500, 100, 1), "the next packet too (%zd)", got);
    rig_close(&r);
}

/* nothing arrives: the caller's timeout, no plan kept; the plan's end gives back what was not handed out */
static void test_timeout_and_end(void)
{
    struct rig r;
    rig_open(&r);
    static uint8_t out[8192], dst[4000];
    uint8_t *pkt, *data;
    errno = 0;
    CHECK(pl_rpc_tcp_next_placed(r.sv[0], &r.in, &r.pl, dst, sizeof dst, 1000, &pkt, &data) < 0 && errno == EAGAIN,
          "nothing pending: the timeout (errno %d)", errno);
    CHECK(r.pl.n == 0, "no plan kept after a timeout with nothing received");
    size_t n = put_pkt(out, 0, 1000, 2);
    n += put_pkt(out + n, 1000, 1000, 2);
    CHECK(write(r.sv[1], out, n) == (ssize_t)n, "write");
    CHECK(pl_rpc_tcp_next_placed(r.sv[0], &r.in, &r.pl, dst, sizeof dst, 1000, &pkt, &data) == 1080, "first");
    pl_rpc_tcp_place_end(&r.in, &r.pl);
    CHECK(r.pl.n == 0, "plan ended");
    ssize_t got = pl_rpc_tcp_next(r.sv[0], &r.in, &pkt);
    CHECK(got == 1080 && data_ok(pkt + PL_RPC_HEADER_BYTES, 1000, 1000, 2),
          "the packet not handed out is back in the stream buffer, intact (%zd)", got);
    rig_close(&r);
}

int main(void)
{
    test_in_place();
    test_short_and_after();
    test_larger_than_planned();
    test_timeout_and_end();
    return check_result("t_rpc_tcp_place");
}
