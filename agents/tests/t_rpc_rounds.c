/* Repeating a point until its interval is tight (the stopping rule, the rounds' call numbers, the plan's
 * fields) and the idle null-RPC noise floor probe against a real server on loopback. */
#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "pl_error.h"
#include "rpc.h"
#include "rpc_noise.h"
#include "rpc_plan.h"
#include "plan_json.h"
#include "rpc_rounds.h"
#include "trace.h"

static void put(struct pl_rpc_crec *r, int64_t rtt, uint16_t flags)
{
    memset(r, 0, sizeof *r);
    r->t_start = 1000;
    r->t_end = 1000 + rtt;
    r->flags = flags;
    r->done = 1;
}

static void test_interval(void)
{
    struct pl_rpc_crec r[8];
    int64_t scratch[8];
    struct pl_rpc_ci ci;
    /* measured 100, 110, 90, 100 ns; a warm-up, a first call, an error and an unfinished call left out */
    put(&r[0], 5000, PL_CALL_WARMUP | PL_CALL_FIRST);
    put(&r[1], 100, 0);
    put(&r[2], 110, 0);
    put(&r[3], 7000, PL_CALL_FIRST);
    put(&r[4], 90, 0);
    put(&r[5], 9000, PL_CALL_ERROR);
    put(&r[6], 100, 0);
    put(&r[7], 8000, 0);
    r[7].done = 0;
    pl_rpc_ci_of(r, 8, scratch, &ci);
    /* sample sd = sqrt(200 / 3) = 8.165, t(3 df) = 3.182: half = 3.182 * 8.165 / 2 = 12.99 */
    CHECK(ci.count == 4, "4 measured calls (got %u)", ci.count);
    CHECK(fabs(ci.mean_ns - 100) < 1e-9, "mean 100 (got %g)", ci.mean_ns);
    CHECK(fabs(ci.half_ns - 12.9904) < 0.01, "half-width 12.99 by Student t (got %g)", ci.half_ns);
    CHECK(fabs(pl_rpc_ci_pct(&ci) - 12.9904) < 0.01, "12.99%% of the mean (got %g)", pl_rpc_ci_pct(&ci));

    /* above 31 calls the normal 1.96: 100 calls alternating 90/110 -> sd 10.05, half = 1.96 * 10.05 / 10 */
    struct pl_rpc_crec *many = calloc(100, sizeof *many);
    int64_t *sc = calloc(100, sizeof *sc);
    for (int i = 0; i < 100; i++)
        put(&many[i], i % 2 ? 110 : 90, 0);
    pl_rpc_ci_of(many, 100, sc, &ci);
    CHECK(ci.count == 100 && fabs(ci.half_ns - 1.96 * sqrt(10000.0 / 99) / 10) < 1e-6, "normal interval (got %g)",
          ci.half_ns);
    free(many);
    free(sc);

    pl_rpc_ci_of(r, 1, scratch, &ci); /* only a warm-up call: nothing known */
    CHECK(ci.count == 0 && pl_rpc_ci_pct(&ci) < 0, "no interval without measured calls");
    pl_rpc_ci_of(r, 2, scratch, &ci);
    CHECK(ci.count == 1 && pl_rpc_ci_pct(&ci) < 0, "no interval from one call");
}

static void test_decision(void)
{
    struct pl_rpc_ci wide = {.count = 100, .mean_ns = 1000, .half_ns = 80};   /* 8% */
    struct pl_rpc_ci tight = {.count = 100, .mean_ns = 1000, .half_ns = 30};  /* 3% */
    struct pl_rpc_ci edge = {.count = 100, .mean_ns = 1000, .half_ns = 50};   /* exactly 5% */
    struct pl_rpc_ci unknown = {.count = 1, .mean_ns = 1000, .half_ns = 0};
    CHECK(pl_rpc_another_round(&wide, 5, 1, 5) == 1, "8%% > 5%%: another round");
    CHECK(pl_rpc_another_round(&tight, 5, 1, 5) == 0, "3%% <= 5%%: the point is done");
    CHECK(pl_rpc_another_round(&edge, 5, 1, 5) == 0, "exactly the target meets it");
    CHECK(pl_rpc_another_round(&wide, 5, 5, 5) == 0, "the cap holds however wide the interval");
    CHECK(pl_rpc_another_round(&wide, 5, 4, 5) == 1, "below the cap it repeats");
    CHECK(pl_rpc_another_round(&wide, 0, 1, 5) == 0, "no target (0): one round");
    CHECK(pl_rpc_another_round(&wide, 10, 1, 5) == 0, "a looser target is met");
    CHECK(pl_rpc_another_round(&unknown, 5, 1, 5) == 1, "too few calls for an interval: another round");
    CHECK(pl_rpc_another_round(&unknown, 5, 1, 1) == 0, "...unless the cap is one round");
}

/* every call number of every round is unique, inside the point's block, and a thread's calls within a round
 * are consecutive (the analyses' phase two pairs a call with the same thread's next number) */
static void test_round_layout(void)
{
    const uint32_t threads = 3, calls = 7, warmup = 2, rounds = 4;
    uint32_t block = threads * (warmup + calls * rounds);
    uint8_t *seen = calloc(block, 1);
    int dup = 0, outside = 0, gaps = 0;
    for (uint32_t r = 0; r < rounds; r++) {
        uint32_t at = pl_rpc_round_start(threads, calls, warmup, r), per = calls + (r ? 0 : warmup);
        for (uint32_t t = 0; t < threads; t++)
            for (uint32_t i = 0; i < per; i++) {
                uint32_t n = at + t * per + i; /* rpc_load.c: base + thread x per + i */
                if (n >= block) {
                    outside++;
                    continue;
                }
                dup += seen[n]++;
            }
    }
    for (uint32_t n = 0; n < block; n++)
        gaps += !seen[n];
    CHECK(dup == 0 && outside == 0 && gaps == 0, "rounds fill the point's block exactly once (dup %d, outside %d, "
          "gaps %d)", dup, outside, gaps);
    CHECK(pl_rpc_round_start(threads, calls, warmup, 0) == 0 && pl_rpc_round_start(threads, calls, warmup, 1) == 27,
          "round 1 starts after round 0's warm-up and calls");
    free(seen);
}

static void test_plan_fields(void)
{
    static struct pl_rpc_plan p;
    char err[300];
    const char *two = "{\"calls\": 10, \"warmup_calls\": 2, \"ci_target_pct\": 2.5, \"max_rounds\": 3, "
                      "\"noise_floor_calls\": 50, \"points\": [{\"threads\": 2}, {\"threads\": 1}]}";
    CHECK(plan_of(two, &p, err, sizeof err) == PL_OK, "plan with rounds: %s", err);
    CHECK(p.ci_target_pct == 2.5 && p.max_rounds == 3 && p.noise_calls == 50 && p.noise_warmup == 10,
          "fields read, the probe's warm-up 10 by default");
    /* each point has room for its warm-up once and three rounds of calls */
    CHECK(p.pts[1].call_no_base == 2 * (2 + 30) && p.calls_total == 2 * 32 + 32, "worst case numbered (total %u)",
          p.calls_total);
    CHECK(plan_of("{\"calls\": 10, \"points\": [{}]}", &p, err, sizeof err) == PL_OK && p.max_rounds == 1 &&
          p.ci_target_pct == 0 && p.noise_calls == 0, "absent: one round, no target, no probe");
    CHECK(plan_of("{\"calls\": 10, \"max_rounds\": 21, \"points\": [{}]}", &p, err, sizeof err) == PL_ERR_ARGS &&
          strstr(err, "max_rounds") && strstr(err, "20"), "max_rounds range named: %s", err);
    CHECK(plan_of("{\"calls\": 10, \"ci_target_pct\": 60, \"points\": [{}]}", &p, err, sizeof err) == PL_ERR_ARGS &&
          strstr(err, "ci_target_pct") && strstr(err, "50"), "ci_target_pct range named: %s", err);
    CHECK(plan_of("{\"calls\": 600000, \"max_rounds\": 2, \"points\": [{}]}", &p, err, sizeof err) == PL_ERR_ARGS &&
          strstr(err, "max_rounds"), "the worst case counts against the total: %s", err);
}

static void test_noise_summary(void)
{
    struct pl_rpc_crec r[12];
    put(&r[0], 90000, PL_CALL_WARMUP | PL_CALL_FIRST);
    put(&r[1], 80000, PL_CALL_WARMUP);
    for (int i = 2; i < 12; i++)
        put(&r[i], 1000 + (i % 2) * 200, 0); /* 1000, 1200 alternating */
    struct pl_rpc_noise n = {.calls = 10, .warmup = 2};
    pl_rpc_noise_summarise(r, 12, &n);
    CHECK(n.error[0] == 0 && n.st.count == 10 && fabs(n.st.mean - 1100) < 1e-9, "warm-up left out (mean %g)",
          n.st.mean);
    cJSON *o = pl_rpc_noise_json(&n);
    double med = cJSON_GetObjectItem(o, "median_ns")->valuedouble, p99 = cJSON_GetObjectItem(o, "p99_ns")->valuedouble;
    double cv = cJSON_GetObjectItem(o, "cv")->valuedouble;
    CHECK(med == 1100 && p99 >= med && fabs(cv - n.st.stddev / 1100) < 1e-12 && !cJSON_GetObjectItem(o, "error"),
          "json: median %g p99 %g cv %g", med, p99, cv);
    cJSON_Delete(o);
    struct pl_rpc_noise none = {.calls = 1, .warmup = 2};
    pl_rpc_noise_summarise(r, 3, &none);
    o = pl_rpc_noise_json(&none);
    CHECK(none.error[0] && cJSON_GetObjectItem(o, "error") && !cJSON_GetObjectItem(o, "mean_ns"),
          "one measured call: an error, no statistics (%s)", none.error);
    cJSON_Delete(o);
}

/* the probe on loopback: measures, and the server's trace (sized for the sweep) stays untouched */
static void test_noise_probe(void)
{
    struct pl_rpc_config c;
    pl_rpc_config_default(&c);
    memset(c.key, 7, sizeof c.key);
    static struct pl_rpc_srec recs[64];
    struct pl_rpc_server s;
    char err[256], binding[64];
    /* only "integrity" points: the probe must use a level the server takes */
    uint32_t allowed = 1u << PL_PROT_INTEGRITY;
    if (pl_rpc_server_start(&s, &c, allowed, "127.0.0.1", 0, 2, recs, 64, err, sizeof err) != PL_OK) {
        CHECK(0, "server start: %s", err);
        return;
    }
    snprintf(binding, sizeof binding, "udp:127.0.0.1[%d]", s.port);
    struct pl_cancel cancel;
    pl_cancel_init(&cancel);
    struct pl_rpc_noise n;
    pl_rpc_noise_probe(&c, allowed, binding, 200, 10, 1, &cancel, 0, &n);
    CHECK(n.error[0] == 0, "probe measured: %s", n.error);
    CHECK(n.prot == PL_PROT_INTEGRITY && n.done == 210 && n.errors == 0 && n.st.count == 200, "200 calls after 10 "
          "warm-up at the server's level (done %u, errors %u, count %zu)", n.done, n.errors, n.st.count);
    CHECK(n.st.p50 > 0 && n.st.p99 >= n.st.p50 && n.st.mean > 0, "median %g, p99 %g", n.st.p50, n.st.p99);
    int touched = 0;
    for (int i = 0; i < 64; i++)
        touched += atomic_load(&recs[i].done) != 0;
    CHECK(touched == 0, "no server record of the sweep holds a probe call (%d)", touched);
    pl_rpc_server_stop(&s);

    struct pl_rpc_noise gone;
    c.rto_ms = 10; /* the server is gone: each call gives up after its retries */
    pl_rpc_noise_probe(&c, allowed, binding, 50, 0, 1, &cancel, 0, &gone);
    CHECK(gone.error[0] && strstr(gone.error, "no call of the probe answered"), "a dead server: %s", gone.error);
    CHECK(gone.done == 1, "a dead server costs the probe one call, not 50 (%u)", gone.done);
    pl_cancel_destroy(&cancel);
}

int main(void)
{
    test_interval();
    test_decision();
    test_round_layout();
    test_plan_fields();
    test_noise_summary();
    test_noise_probe();
    return check_result("t_rpc_rounds");
}
