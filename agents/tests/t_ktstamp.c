/* Kernel software timestamps on real loopback ping-pongs: detected, recorded on both sides, in
 * the monotonic domain, and in the order the message really went: user send, kernel TX, kernel
 * RX on the other side, user receive. */
#include "ktstamp.h"
#include "pl_clock.h"
#include "pp_common.h"

#define SLACK_NS 2000 /* realtime->monotonic offsets sampled apart: allow their error */

static void check_kernel(const char *what, const struct pl_trace *ct, const struct pl_trace *st,
                         uint32_t from, uint32_t n, int one_segment)
{
    uint32_t stamped = 0, bad = 0;
    for (uint32_t i = 0; i < n; i++) {
        const struct pl_trace_rec *c = &ct->recs[i], *s = &st->recs[from + i];
        if (!c->k_snd || !c->k_rx || !s->k_rx || !s->k_snd)
            continue;
        stamped++;
        /* SND stamps are of the last byte, RX stamps of the first bytes. Request: client send
         * enter <= its TX stamp <= server has it all; client send enter <= server RX stamp <=
         * server recv return. Reply: the same the other way. */
        int ok = c->t[0] <= c->k_snd + SLACK_NS && c->k_snd <= s->t[2] + SLACK_NS &&
                 c->t[0] <= s->k_rx + SLACK_NS && s->k_rx <= s->t[1] + SLACK_NS &&
                 s->t[2] <= s->k_snd + SLACK_NS && s->k_snd <= c->t[3] + SLACK_NS &&
                 s->t[2] <= c->k_rx + SLACK_NS && c->k_rx <= c->t[2] + SLACK_NS;
        /* one segment: the TX stamp of a message comes before its RX stamp on the other side */
        if (one_segment)
            ok = ok && c->k_snd <= s->k_rx + SLACK_NS && s->k_snd <= c->k_rx + SLACK_NS;
        if (!ok && bad++ < 3)
            fprintf(stderr,
                    "%s call %u out of order: c.t0 %lld c.snd %lld s.rx %lld s.t1 %lld | s.t2 %lld "
                    "s.snd %lld c.rx %lld c.t2 %lld\n",
                    what, i, (long long)c->t[0], (long long)c->k_snd, (long long)s->k_rx,
                    (long long)s->t[1], (long long)s->t[2], (long long)s->k_snd, (long long)c->k_rx,
                    (long long)c->t[2]);
    }
    fprintf(stderr, "%s: %u of %u calls stamped, %u out of order\n", what, stamped, n, bad);
    /* large TCP messages may still sit in the socket buffer when send() returns: their SND
     * stamp comes after the drain and is dropped, so only the one-segment case must be whole */
    CHECK(stamped >= (one_segment ? n * 95 / 100 : 1),
          "%s: only %u of %u calls have all four kernel stamps", what, stamped, n);
    CHECK(bad == 0, "%s: %u calls with kernel stamps out of order", what, bad);
}

static void run(const struct pl_transport *t, uint32_t big)
{
    struct server_ctx s;
    struct pp_session a = {.req = 64, .resp = 64, .calls = 300, .warmup = 10};
    struct pp_session b = {.req = big, .resp = big, .calls = 30, .warmup = 2};
    run_two_sessions(&s, t, &a, &b);
    char what[64];
    snprintf(what, sizeof what, "%s 64 B", t->name);
    check_kernel(what, &a.tr, &s.tr, 0, a.done, 1);
    snprintf(what, sizeof what, "%s %u B", t->name, big);
    check_kernel(what, &b.tr, &s.tr, a.done, b.done, t == &pl_transport_udp);
    t->server_close(&s.srv);
    pl_trace_free(&a.tr);
    pl_trace_free(&b.tr);
    pl_trace_free(&s.tr);
}

int main(void)
{
    pl_clock_init(100);
    pl_kts_set_wanted(1);
    const struct pl_kts_caps *k = pl_kts_caps();
    fprintf(stderr, "%s\n", k->detail);
    CHECK(k->rx_software && k->tx_software, "Linux loopback without software stamps: %s", k->detail);
    CHECK(pl_kts_active(), "stamps wanted and available but not active");
    run(&pl_transport_tcp, 100000);
    run(&pl_transport_udp, 8000);

    /* switched off: nothing recorded */
    pl_kts_set_wanted(0);
    struct server_ctx s;
    struct pp_session a = {.req = 64, .resp = 64, .calls = 20, .warmup = 0};
    struct pp_session b = {.req = 64, .resp = 64, .calls = 20, .warmup = 0};
    run_two_sessions(&s, &pl_transport_udp, &a, &b);
    int any = 0;
    for (uint32_t i = 0; i < a.done; i++)
        any |= a.tr.recs[i].k_rx || a.tr.recs[i].k_snd || s.tr.recs[i].k_rx;
    CHECK(!any, "kernel stamps recorded while switched off");
    pl_transport_udp.server_close(&s.srv);
    return check_result("t_ktstamp");
}
