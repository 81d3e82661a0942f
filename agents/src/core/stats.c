#include "stats.h"
#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

double pl_percentile(const int64_t *sorted, size_t n, double p)
{
    if (n == 0)
        return 0;
    double rank = p / 100.0 * (double)(n - 1);
    size_t lo = (size_t)rank;
    if (lo >= n - 1)
        return (double)sorted[n - 1];
    double frac = rank - (double)lo;
    return (double)sorted[lo] + frac * (double)(sorted[lo + 1] - sorted[lo]);
}

/* two-sided 95% Student t critical values, df = 1..30 */
static const double t95[30] = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
                               2.201,  2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
                               2.080,  2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};

void pl_stats_compute(int64_t *vals, size_t n, struct pl_stats *out)
{
    memset(out, 0, sizeof *out);
    out->count = n;
    if (n == 0)
        return;
    qsort(vals, n, sizeof *vals, cmp_i64);
    double sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += (double)vals[i];
    out->mean = sum / (double)n;
    double ss = 0;
    for (size_t i = 0; i < n; i++) {
        double d = (double)vals[i] - out->mean;
        ss += d * d;
    }
    out->stddev = n > 1 ? sqrt(ss / (double)(n - 1)) : 0;
    double t = n - 1 >= 1 && n - 1 <= 30 ? t95[n - 2] : 1.96;
    double half = n > 1 ? t * out->stddev / sqrt((double)n) : 0;
    out->ci95_low = out->mean - half;
    out->ci95_high = out->mean + half;
    out->min = vals[0];
    out->max = vals[n - 1];
    out->p50 = pl_percentile(vals, n, 50);
    out->p90 = pl_percentile(vals, n, 90);
    out->p99 = pl_percentile(vals, n, 99);
    out->p999 = pl_percentile(vals, n, 99.9);
}

void pl_stats_rtt(const struct pl_trace *tr, uint32_t n_recs, int64_t *scratch, struct pl_stats *out)
{
    size_t m = 0;
    for (uint32_t i = 0; i < n_recs; i++) {
        const struct pl_trace_rec *r = &tr->recs[i];
        if (r->flags & (PL_CALL_WARMUP | PL_CALL_FIRST | PL_CALL_ERROR))
            continue;
        scratch[m++] = r->t[3] - r->t[0];
    }
    pl_stats_compute(scratch, m, out);
}

void pl_stats_json(cJSON *o, const struct pl_stats *s)
{
    cJSON_AddNumberToObject(o, "count", (double)s->count);
    cJSON_AddNumberToObject(o, "mean", s->mean);
    cJSON_AddNumberToObject(o, "min", (double)s->min);
    cJSON_AddNumberToObject(o, "p50", s->p50);
    cJSON_AddNumberToObject(o, "p90", s->p90);
    cJSON_AddNumberToObject(o, "p99", s->p99);
    cJSON_AddNumberToObject(o, "p999", s->p999);
    cJSON_AddNumberToObject(o, "max", (double)s->max);
    cJSON_AddNumberToObject(o, "stddev", s->stddev);
    cJSON_AddNumberToObject(o, "ci95_low", s->ci95_low);
    cJSON_AddNumberToObject(o, "ci95_high", s->ci95_high);
}
