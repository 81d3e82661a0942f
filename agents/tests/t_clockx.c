/* Clock exchange on real loopback sessions: both phases answered, the four timestamps in causal
 * order (one clock on loopback), the offset within half the delay, and the end phase never
 * counted as a call by the server. */
#include "clockx.h"
#include "pl_clock.h"
#include "pp_common.h"

static void check_phase(const char *what, const struct pl_conn *c, int phase, int want)
{
    int answered = 0;
    for (int i = 0; i < PL_CLOCKX_ROUNDS; i++) {
        const int64_t *x = c->xchg[phase][i];
        if (!x[0] || !x[3])
            continue;
        answered++;
        int64_t delay = (x[3] - x[0]) - (x[2] - x[1]);
        double offset = ((double)(x[1] - x[0]) + (double)(x[2] - x[3])) / 2;
        CHECK(x[0] <= x[1] && x[1] <= x[2] && x[2] <= x[3], "%s phase %d round %d out of order", what, phase, i);
        CHECK(delay >= 0 && offset >= -delay / 2.0 - 1 && offset <= delay / 2.0 + 1,
              "%s phase %d round %d: offset %.0f ns, delay %lld ns", what, phase, i, offset, (long long)delay);
    }
    CHECK(answered == want, "%s phase %d: %d of %d rounds answered", what, phase, answered, want);
}

static void run(const struct pl_transport *t, uint32_t req, int want_end)
{
    struct server_ctx s;
    pthread_t th;
    start_server(&s, t, 1, 1000, &th);
    struct pl_conn c;
    char err[256];
    struct pl_trace tr;
    CHECK(pl_trace_init(&tr, PL_SIDE_CLIENT, 50, req, 64) == PL_OK, "trace");
    CHECK(t->client_open(&c, "127.0.0.1", s.srv.port, req, 64, NULL, err) == PL_OK, "open: %s", err);
    struct pl_client_result res;
    pl_pingpong_client(t, &c, &tr, 5, NULL, &res);
    t->client_close(&c, NULL);
    pthread_join(th, NULL);
    char what[64];
    snprintf(what, sizeof what, "%s %u B", t->name, req);
    CHECK(res.rc == PL_OK && res.done == 50 && res.errors == 0, "%s: rc %d done %u", what, res.rc, res.done);
    CHECK(c.clockx == 1, "%s: clock exchange not negotiated", what);
    check_phase(what, &c, 0, PL_CLOCKX_ROUNDS);
    check_phase(what, &c, 1, want_end ? PL_CLOCKX_ROUNDS : 0);
    CHECK(pl_trace_completed(&s.tr) == 50, "%s: server recorded %u calls, want 50", what, pl_trace_completed(&s.tr));
    t->server_close(&s.srv);
    pl_trace_free(&tr);
    pl_trace_free(&s.tr);
}

int main(void)
{
    pl_clock_init(50);
    pl_clockx_set_wanted(1);
    run(&pl_transport_tcp, 64, 1);
    run(&pl_transport_tcp, 4, 0); /* no room for the end mark: start phase only */
    run(&pl_transport_udp, 64, 1);
    (void)run_two_sessions; /* pp_common helpers this test does not need */
    return check_result("t_clockx");
}
