/* A call's retransmissions (call record offset 34, docs/protocol.md): the TCP_INFO delta as a pure function, the
 * TCP_INFO read on a loopback connection, the RPC runtime's count over UDP against the client's drop hook (a
 * lost packet is retransmitted after rto_ms: exact counts, no timing luck), and the count in the batch. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include "batch.h"
#include "check.h"
#include "le_bytes.h"
#include "net.h"
#include "pl_error.h"
#include "rpc.h"

static void test_delta(void)
{
    CHECK(pl_net_retrans_delta(5, 5) == 0, "no change, no retransmission");
    CHECK(pl_net_retrans_delta(5, 7) == 2, "7 - 5");
    CHECK(pl_net_retrans_delta(0xfffffffeu, 1) == 3, "the u32 counter wraps: %u", pl_net_retrans_delta(0xfffffffeu, 1));
    CHECK(pl_net_retrans_delta(0, 70000) == 65535, "saturates at 65535");
    CHECK(pl_net_retrans_delta(10, 65545) == 65535, "65535 exactly");
    CHECK(pl_net_retrans_delta(10, 65544) == 65534, "below the cap");
}

static void test_tcp_info(void)
{
    char err[PL_NET_ERR_LEN];
    int ls = pl_net_tcp_listen(err, "127.0.0.1", 0, 1);
    CHECK(ls >= 0, "listen: %s", err);
    if (ls < 0)
        return;
    int port = pl_net_local_port(err, ls);
    int c = pl_net_tcp_connect(err, "127.0.0.1", port);
    CHECK(c >= 0, "connect: %s", err);
    uint32_t n = 12345;
    CHECK(pl_net_tcp_total_retrans(c, &n) == PL_NET_OK && n == 0, "a fresh loopback connection retransmitted nothing (%u)", n);
    int u = socket(AF_INET, SOCK_DGRAM, 0);
    n = 7;
    CHECK(pl_net_tcp_total_retrans(u, &n) == PL_NET_ERR && n == 7, "no TCP_INFO on a UDP socket, out untouched");
    close(u);
    close(c);
    close(ls);
}

static int sink(struct pl_rpc_binding *b, uint32_t call_no, struct pl_rpc_crec *rec)
{
    static uint8_t req[100];
    uint8_t rep[16];
    memset(rec, 0, sizeof *rec);
    rec->retransmits = 999; /* the call sets it, whatever was there */
    struct pl_rpc_call c = {.proc = PL_PROC_SINK, .req = req, .req_len = sizeof req, .reply = rep,
                            .reply_cap = sizeof rep, .call_no = call_no};
    return pl_rpc_call(b, &c, rec);
}

static void test_rpc_udp_counts(void)
{
    struct pl_rpc_config c;
    pl_rpc_config_default(&c);
    c.rto_ms = 30;
    c.max_retries = 3;
    memset(c.key, 5, sizeof c.key);
    struct pl_rpc_config sc = c; /* the server loses nothing */
    c.drop_every = 2;            /* the client's 2nd, 4th, ... packet: every call's first try but the first call's */
    struct pl_rpc_server s;
    char err[256], bs[64];
    static struct pl_rpc_srec recs[8];
    int rc = pl_rpc_server_start(&s, &sc, 0x1f, "127.0.0.1", 0, 2, recs, 8, err, sizeof err);
    CHECK(rc == PL_OK, "server: %s", err);
    if (rc != PL_OK)
        return;
    struct pl_rpc_binding b;
    snprintf(bs, sizeof bs, "udp:127.0.0.1[%d]", s.port);
    CHECK(pl_rpc_binding_from_string(&b, &c, bs, err, sizeof err) == PL_OK, "binding: %s", err);
    for (uint32_t i = 0; i < 5; i++) {
        struct pl_rpc_crec r;
        CHECK(sink(&b, i, &r) == PL_OK, "call %u survives its lost request", i);
        /* a one-packet request, one-packet reply: the client sends one packet per try */
        CHECK(r.retransmits == (i ? 1 : 0), "call %u: %u retransmissions", i, r.retransmits);
        CHECK((r.s[CS_RETRANSMIT].start != 0) == (r.retransmits != 0), "call %u: c.retransmit step iff counted", i);
        if (i) /* the timeout's wait is in c.wait: at least rto_ms before the retransmission */
            CHECK(r.s[CS_WAIT].dur >= 30000000, "call %u waited %lld ns for the timeout", i, (long long)r.s[CS_WAIT].dur);
    }
    pl_rpc_binding_free(&b);

    c.drop_every = 1; /* everything lost: max_retries retransmissions, then the call fails */
    CHECK(pl_rpc_binding_from_string(&b, &c, bs, err, sizeof err) == PL_OK, "binding: %s", err);
    struct pl_rpc_crec r;
    CHECK(sink(&b, 7, &r) == PL_ERR_TIMEOUT, "a call whose every packet is lost times out");
    CHECK(r.retransmits == 3, "it retransmitted max_retries = 3 times (%u)", r.retransmits);
    pl_rpc_binding_free(&b);
    pl_rpc_server_stop(&s);
}

static void test_rpc_tcp_zero(void)
{
    struct pl_rpc_config c;
    pl_rpc_config_default(&c);
    c.transport = PL_RPC_TCP;
    c.rto_ms = 50;
    memset(c.key, 5, sizeof c.key);
    struct pl_rpc_server s;
    char err[256], bs[64];
    int rc = pl_rpc_server_start(&s, &c, 0x1f, "127.0.0.1", 0, 2, NULL, 0, err, sizeof err);
    CHECK(rc == PL_OK, "tcp server: %s", err);
    if (rc != PL_OK)
        return;
    struct pl_rpc_binding b;
    snprintf(bs, sizeof bs, "tcp:127.0.0.1[%d]", s.port);
    CHECK(pl_rpc_binding_from_string(&b, &c, bs, err, sizeof err) == PL_OK, "binding: %s", err);
    for (uint32_t i = 0; i < 3; i++) {
        struct pl_rpc_crec r;
        CHECK(sink(&b, i, &r) == PL_OK, "tcp call %u", i);
        CHECK(r.retransmits == 0, "loopback TCP retransmitted nothing in call %u (%u)", i, r.retransmits);
    }
    pl_rpc_binding_free(&b);
    pl_rpc_server_stop(&s);
}

static void test_batch_offset(void)
{
    uint8_t rec[PL_BATCH_CALL_BYTES];
    memset(rec, 0xee, sizeof rec);
    struct pl_batch_call c = {.call_no = 3, .thread = 2, .retransmits = 513};
    pl_batch_put_call(rec, &c);
    CHECK(get16(rec + 32) == 2 && get16(rec + 34) == 513 && get32(rec + 36) == 0,
          "thread at 32, retransmits at 34 (%u), reserved 0 at 36", get16(rec + 34));

    struct pl_trace tr;
    CHECK(pl_trace_init(&tr, PL_SIDE_CLIENT, 2, 64, 64) == PL_OK, "trace");
    for (int i = 0; i < 2; i++) {
        tr.recs[i].call_no = (uint32_t)i;
        for (int k = 0; k < 4; k++)
            tr.recs[i].t[k] = 1000 + 10 * k;
    }
    tr.recs[1].retransmits = 4;
    uint8_t *buf = malloc(pl_batch_size_for(PL_SIDE_CLIENT, 2));
    size_t n = pl_batch_encode(buf, 9, 0, &tr, 0, 2, 0, 1);
    CHECK(pl_batch_check(buf, n, NULL, NULL) == 0, "valid batch");
    CHECK(get16(buf + PL_BATCH_HEADER_BYTES + 34) == 0 &&
              get16(buf + PL_BATCH_HEADER_BYTES + PL_BATCH_CALL_BYTES + 34) == 4,
          "ping-pong records carry their retransmits");
    free(buf);
    pl_trace_free(&tr);
}

int main(void)
{
    if (pl_rpc_crypto_init() != 0)
        return 1;
    test_delta();
    test_tcp_info();
    test_batch_offset();
    test_rpc_udp_counts();
    test_rpc_tcp_zero();
    return check_result("t_retransmits");
}
