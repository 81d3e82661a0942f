#include "check.h"
#include "stats.h"
#include <math.h>
#include <stdlib.h>

#define NEAR(a, b) (fabs((a) - (b)) < 1e-4)

int main(void)
{
    int64_t v[] = {9, 4, 2, 5, 4, 7, 4, 5}; /* sorted: 2 4 4 4 5 5 7 9 */
    struct pl_stats s;
    pl_stats_compute(v, 8, &s);
    CHECK(s.count == 8, "count");
    CHECK(NEAR(s.mean, 5.0), "mean %f", s.mean);
    CHECK(s.min == 2 && s.max == 9, "min/max");
    CHECK(NEAR(s.stddev, sqrt(32.0 / 7.0)), "stddev %f", s.stddev);   /* sum sq dev 32, n-1 = 7 */
    CHECK(NEAR(s.p50, 4.5), "p50 %f", s.p50);                         /* rank 3.5 */
    CHECK(NEAR(s.p90, 7.6), "p90 %f", s.p90);                         /* rank 6.3: 7 + .3*2 */
    CHECK(NEAR(s.p99, 8.86), "p99 %f", s.p99);                        /* rank 6.93 */
    double half = 2.365 * sqrt(32.0 / 7.0) / sqrt(8.0);               /* t(df 7) */
    CHECK(NEAR(s.ci95_low, 5 - half) && NEAR(s.ci95_high, 5 + half), "ci [%f, %f]", s.ci95_low, s.ci95_high);

    int64_t *big = malloc(1000 * sizeof *big);
    for (int i = 0; i < 1000; i++)
        big[i] = 1000 - i; /* 1..1000 reversed */
    pl_stats_compute(big, 1000, &s);
    CHECK(NEAR(s.mean, 500.5), "big mean");
    CHECK(NEAR(s.p50, 500.5), "big p50 %f", s.p50);
    CHECK(NEAR(s.p99, 990.01), "big p99 %f", s.p99);
    CHECK(NEAR(s.p999, 999.001), "big p999 %f", s.p999);
    double sd = sqrt(1000.0 * 1001.0 / 12.0); /* sample sd of 1..n = sqrt(n(n+1)/12) */
    CHECK(NEAR(s.stddev, sd), "big sd %f want %f", s.stddev, sd);
    CHECK(NEAR(s.ci95_high - s.mean, 1.96 * sd / sqrt(1000.0)), "big ci");

    pl_stats_compute(big, 0, &s);
    CHECK(s.count == 0 && s.mean == 0, "empty");
    pl_stats_compute(big, 1, &s);
    CHECK(s.count == 1 && s.stddev == 0 && s.p99 == (double)big[0], "single");

    /* RTT stats leave out warm-up, first call and error calls */
    struct pl_trace tr;
    pl_trace_init(&tr, PL_SIDE_CLIENT, 6, 1, 1);
    int64_t rtts[6] = {1000, 50, 10, 20, 999, 30};
    uint16_t flags[6] = {PL_CALL_FIRST | PL_CALL_WARMUP, PL_CALL_WARMUP, 0, 0, PL_CALL_ERROR, 0};
    for (int i = 0; i < 6; i++) {
        tr.recs[i].t[0] = 100;
        tr.recs[i].t[3] = 100 + rtts[i];
        tr.recs[i].flags = flags[i];
    }
    pl_stats_rtt(&tr, 6, big, &s);
    CHECK(s.count == 3 && NEAR(s.mean, 20.0) && s.min == 10 && s.max == 30, "rtt count %zu mean %f", s.count, s.mean);
    pl_trace_free(&tr);
    free(big);
    return check_result("t_stats");
}
