/* Kernel points (SO_TIMESTAMPING) on the RPC runtime's UDP sockets: the client's request TX and reply RX
 * stamps and the server's request RX stamp, in order and inside the call, turned into steps 201-204 and 211. */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "ktstamp.h"
#include "pl_error.h"
#include "rpc.h"

static void test_kernel_steps_from_a_record(void)
{
    struct pl_rpc_crec r = {.k_send = 100, .k_snd = 130, .k_sched = 110, .k_rx = 400, .k_rx_ret = 450};
    uint16_t code[PL_RPC_KSTEPS];
    int64_t from[PL_RPC_KSTEPS], to[PL_RPC_KSTEPS];
    int n = pl_rpc_kernel_steps(&r, code, from, to);
    CHECK(n == 4 && code[0] == 201 && from[0] == 100 && to[0] == 130 && code[1] == 202 && from[1] == 130 &&
          to[1] == 400 && code[2] == 203 && to[2] == 450 && code[3] == 204 && to[3] == 110, "the four steps");
    r.k_sched = 90; /* before the send() enter: a conversion error, left out */
    r.k_snd = 0;    /* no SND stamp: 201 and 202 go */
    n = pl_rpc_kernel_steps(&r, code, from, to);
    CHECK(n == 1 && code[0] == 203, "only the pairs that are there and in order (%d)", n);
}

static void test_stamps_on_loopback(void)
{
    pl_kts_set_wanted(1);
    const struct pl_kts_caps *k = pl_kts_caps();
    if (!k->tx_software || !k->rx_software) {
        fprintf(stderr, "t_rpc_kts: no software timestamps here (%s): loopback part skipped\n", k->detail);
        pl_kts_set_wanted(0);
        return;
    }
    struct pl_rpc_config c;
    pl_rpc_config_default(&c);
    static struct pl_rpc_srec srecs[8];
    struct pl_rpc_server s;
    char err[256], bs[64];
    CHECK(pl_rpc_server_start(&s, &c, 1, "127.0.0.1", 0, 2, srecs, 8, err, sizeof err) == PL_OK, "server: %s", err);
    struct pl_rpc_binding b;
    snprintf(bs, sizeof bs, "udp:127.0.0.1[%d]", s.port);
    CHECK(pl_rpc_binding_from_string(&b, &c, bs, err, sizeof err) == PL_OK, "binding: %s", err);
    static uint8_t req[12048], rep[12048];
    struct pl_rpc_crec r[8];
    memset(r, 0, sizeof r);
    for (uint32_t i = 0; i < 8; i++) {
        uint32_t n = i == 7 ? 12048 : 100; /* the last: a 3-packet reply the client acknowledges */
        struct pl_rpc_call call = {.proc = PL_PROC_ECHO, .req = req, .req_len = n, .reply = rep,
                                   .reply_cap = sizeof rep, .call_no = i};
        CHECK(pl_rpc_call(&b, &call, &r[i]) == PL_OK, "call %u", i);
    }
    pl_rpc_binding_free(&b);
    pl_rpc_server_stop(&s);
    int full = 0;
    for (uint32_t i = 1; i < 7; i++) { /* one-packet calls after the first (whose handle is new) */
        const struct pl_rpc_crec *x = &r[i];
        CHECK(x->k_rx && x->k_rx_ret && x->k_rx <= x->k_rx_ret && x->k_rx_ret <= x->t_end &&
              x->k_rx >= x->t_start, "call %u: reply RX stamp inside the call", i);
        if (x->k_snd) {
            full++;
            CHECK(x->t_start <= x->k_send && x->k_send <= x->k_snd && x->k_snd <= x->k_rx,
                  "call %u: send() enter ≤ SND ≤ reply RX", i);
        }
        const struct pl_rpc_srec *sr = &srecs[i];
        CHECK(sr->k_rx && sr->k_rx <= sr->k_rx_ret && sr->k_rx >= x->t_start && sr->k_rx_ret <= x->t_end,
              "call %u: server RX stamp of the request inside the client's call (one host, one clock)", i);
    }
    CHECK(full >= 5, "the request's SND stamp was there for %d of 6 calls", full);
    CHECK(r[7].k_rx && !r[7].k_snd, "a reply the client acknowledged: RX kept, no TX stamp to attribute");
    pl_kts_set_wanted(0);
}

int main(void)
{
    if (pl_rpc_crypto_init() != 0)
        return 1;
    test_kernel_steps_from_a_record();
    test_stamps_on_loopback();
    return check_result("t_rpc_kts");
}
