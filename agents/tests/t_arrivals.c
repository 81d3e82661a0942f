/* Open-loop arrivals (arrivals.h): the launch fields' checks, the schedules (constant gaps exact, Poisson gaps
 * reproducible with the mean asked for), the sleep that never returns early, a TCP ping-pong on loopback keeping
 * its rate, and an RPC plan's rates per point from a job's JSON. */
#include "arrivals.h"
#include "pl_clock.h"
#include "pp_common.h"
#include "rpc_load.h"
#include "rpc_plan.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <string.h>
#include <sys/prctl.h>

static void checks(void)
{
    char err[200];
    int kind = -1;
    CHECK(pl_arrival_parse(NULL) == PL_ARRIVAL_CLOSED && pl_arrival_parse("poisson") == PL_ARRIVAL_POISSON &&
              pl_arrival_parse("Poisson") < 0, "names");
    CHECK(pl_arrivals_check("arrival", "closed", "rate_calls_s", 0, "think_time_us", 500, &kind, err, sizeof err) ==
              PL_OK && kind == PL_ARRIVAL_CLOSED, "closed: rate ignored, think allowed");
    CHECK(pl_arrivals_check("arrival", "burst", "rate_calls_s", 10, "think_time_us", 0, &kind, err, sizeof err) &&
              strcmp(err, "arrival must be one of closed, constant, poisson (got 'burst')") == 0, "%s", err);
    CHECK(pl_arrivals_check("arrival", "constant", "rate_calls_s", 0.5, "think_time_us", 0, &kind, err, sizeof err) &&
              strcmp(err, "rate_calls_s must be between 1 and 1000000 calls/s for arrival constant (got 0.5)") == 0,
          "%s", err);
    CHECK(pl_arrivals_check("arrival", "poisson", "--rate", NAN, "--think-us", 0, &kind, err, sizeof err) &&
              strncmp(err, "--rate must be between", 22) == 0, "NaN refused: %s", err);
    CHECK(pl_arrivals_check("arrival", "poisson", "rate_calls_s", 100, "think_time_us", 5, &kind, err, sizeof err) &&
              strstr(err, "think_time_us must be 0 with arrival poisson") == err, "%s", err);
    CHECK(pl_arrivals_check("arrival", "poisson", "rate_calls_s", 1e6, "think_time_us", 0, &kind, err, sizeof err) ==
              PL_OK && kind == PL_ARRIVAL_POISSON, "the top of the range");
}

static void schedules(void)
{
    struct pl_schedule s;
    pl_schedule_start(&s, PL_ARRIVAL_CONSTANT, 3000, 1, 1000); /* gap 333333.33 ns: no rounding drift */
    for (int k = 0; k < 3001; k++) {
        int64_t at = pl_schedule_next(&s), want = 1000 + (int64_t)llround(k * 1e9 / 3000);
        if (at != want) {
            CHECK(at == want, "constant: call %d at %lld, want %lld", k, (long long)at, (long long)want);
            break;
        }
    }
    struct pl_schedule a, b, c;
    pl_schedule_start(&a, PL_ARRIVAL_POISSON, 1000, pl_schedule_seed(7, 0, 0, 0), 0);
    pl_schedule_start(&b, PL_ARRIVAL_POISSON, 1000, pl_schedule_seed(7, 0, 0, 0), 0);
    pl_schedule_start(&c, PL_ARRIVAL_POISSON, 1000, pl_schedule_seed(7, 0, 0, 1), 0);
    int same = 1, differ = 0, n = 50000;
    int64_t last = 0, ta = 0;
    double sq = 0;
    for (int k = 0; k < n; k++) {
        ta = pl_schedule_next(&a);
        int64_t tb = pl_schedule_next(&b), tc = pl_schedule_next(&c);
        same &= ta == tb;
        differ |= ta != tc;
        CHECK(ta >= last, "poisson: times never go back (%d)", k);
        double g = (double)(ta - last) / 1e6;
        sq += g * g;
        last = ta;
    }
    double mean = (double)ta / (n - 1) / 1e6; /* ms; exponential of mean 1 ms: sd of the mean 1/sqrt(n) */
    CHECK(same && differ, "the same seed repeats the gaps, another thread's seed does not");
    CHECK(fabs(mean - 1.0) < 0.02, "poisson mean gap %.4f ms, want 1 +- 0.02", mean);
    double cv2 = (sq / n - mean * mean) / (mean * mean); /* exponential: cv^2 = 1 */
    CHECK(fabs(cv2 - 1.0) < 0.1, "poisson gaps' cv^2 %.3f, want 1 +- 0.1", cv2);
}

static void sleep_never_early(void)
{
    unsigned long had = pl_schedule_thread_setup();
    CHECK(prctl(PR_GET_TIMERSLACK, 0, 0, 0, 0) == 1, "timer slack 1 ns while scheduled");
    pl_schedule_thread_restore(had);
    CHECK(prctl(PR_GET_TIMERSLACK, 0, 0, 0, 0) == (int)had, "the slack it had (%lu) back", had);
    pl_schedule_thread_setup();
    int64_t worst = 0;
    for (int k = 0; k < 20; k++) {
        int64_t at = pl_now_ns() + 1000000 + k * 37000;
        pl_sleep_until(at, NULL);
        int64_t now = pl_now_ns();
        CHECK(now >= at, "woke %lld ns early", (long long)(at - now));
        if (now - at > worst)
            worst = now - at;
    }
    fprintf(stderr, "pl_sleep_until: worst lateness over 20 sleeps %lld ns\n", (long long)worst);
    int64_t past = pl_now_ns() - 5000000, t0 = pl_now_ns();
    pl_sleep_until(past, NULL);
    CHECK(pl_now_ns() - t0 < 1000000, "a time already past returns at once");
}

static void pingpong_at_a_rate(void)
{
    struct server_ctx s;
    pthread_t th;
    start_server(&s, &pl_transport_tcp, 1, 300, &th);
    struct pl_trace tr;
    char err[256];
    struct pl_conn c;
    struct pl_client_result res;
    uint32_t n = 250;
    CHECK(pl_trace_init(&tr, PL_SIDE_CLIENT, n, 64, 64) == PL_OK, "client trace");
    CHECK(pl_transport_tcp.client_open(&c, "127.0.0.1", s.srv.port, 64, 64, NULL, err) == PL_OK, "open: %s", err);
    struct pl_schedule sched;
    int64_t start = pl_now_ns();
    pl_schedule_start(&sched, PL_ARRIVAL_CONSTANT, 1000, 1, start);
    pl_pingpong_client_at(&pl_transport_tcp, &c, &tr, 10, &sched, NULL, &res);
    pl_transport_tcp.client_close(&c, NULL);
    pthread_join(th, NULL);
    CHECK(res.rc == PL_OK && res.done == n, "done %u rc %d", res.done, res.rc);
    uint32_t late = 0;
    for (uint32_t i = 0; i < res.done; i++) {
        const struct pl_trace_rec *r = &tr.recs[i];
        int64_t intended = start + (int64_t)i * 1000000;
        CHECK(r->t[0] >= intended, "call %u sent %lld ns before its time", i, (long long)(intended - r->t[0]));
        CHECK(r->send_lag_ns == r->t[0] - intended, "call %u: lag %lld, send - intended %lld", i,
              (long long)r->send_lag_ns, (long long)(r->t[0] - intended));
        late += r->send_lag_ns > 1000000;
    }
    double span_ms = (double)(tr.recs[n - 1].t[0] - tr.recs[0].t[0]) / 1e6;
    fprintf(stderr, "pingpong at 1000 calls/s: %u calls over %.2f ms, %u later than a gap\n", n, span_ms, late);
    CHECK(fabs(span_ms - (n - 1)) < 0.02 * (n - 1), "span %.2f ms for %u gaps of 1 ms", span_ms, n - 1);
    pl_trace_free(&tr);
    pl_trace_free(&s.tr);
}

static int plan(const char *json, struct pl_rpc_plan *p, char *err)
{
    cJSON *o = cJSON_Parse(json);
    int rc = pl_rpc_plan_from_json(p, o, err, 300);
    cJSON_Delete(o);
    return rc;
}

static void rpc_plan_rates(void)
{
    static struct pl_rpc_plan p;
    char err[300];
    CHECK(plan("{\"calls\": 10, \"arrival\": \"constant\", \"points\": [{\"threads\": 2, \"rate_calls_s\": 500}, "
               "{\"threads\": 1}]}", &p, err) == PL_OK, "%s", err);
    CHECK(p.arrival == PL_ARRIVAL_CONSTANT && p.pts[0].rate_calls_s == 500 && p.pts[1].rate_calls_s == 0,
          "a rate per point; the base point without one is closed");
    struct pl_rpc_load l = {0};
    pl_rpc_plan_load(&p, 0, 0, &l);
    CHECK(l.arrival == PL_ARRIVAL_CONSTANT && l.rate_calls_s == 500, "the load of point 0 is open");
    pl_rpc_plan_load(&p, 1, 0, &l);
    CHECK(l.arrival == PL_ARRIVAL_CLOSED, "point 1 is closed");
    CHECK(plan("{\"calls\": 10, \"points\": [{\"rate_calls_s\": 500}]}", &p, err) &&
              strcmp(err, "points[0].rate_calls_s needs arrival constant or poisson (arrival is closed)") == 0,
          "%s", err);
    CHECK(plan("{\"calls\": 10, \"arrival\": \"poisson\", \"points\": [{\"rate_calls_s\": 2e6}]}", &p, err) &&
              strcmp(err, "points[0].rate_calls_s must be between 1 and 1000000 calls/s for arrival poisson (got "
                          "2e+06)") == 0, "%s", err);
    CHECK(plan("{\"calls\": 10, \"arrival\": \"poisson\", \"points\": [{\"rate_calls_s\": 50, \"think_time_us\": 9}]}",
               &p, err) && strstr(err, "points[0].think_time_us must be 0 with arrival poisson") == err, "%s", err);
    CHECK(plan("{\"calls\": 10, \"arrival\": \"often\", \"points\": [{}]}", &p, err) &&
              strcmp(err, "arrival must be one of closed, constant, poisson (got 'often')") == 0, "%s", err);
}

int main(void)
{
    (void)run_two_sessions; /* pp_common helpers this test does not need */
    (void)run_client;
    pl_clock_init(0);
    checks();
    schedules();
    sleep_never_early();
    pingpong_at_a_rate();
    rpc_plan_rates();
    return check_result("t_arrivals");
}
