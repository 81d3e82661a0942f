/* Summary statistics of latencies in ns. */
#ifndef PL_STATS_H
#define PL_STATS_H
#include <stddef.h>
#include <stdint.h>
#include "trace.h"

struct pl_stats {
    size_t count;
    double mean, stddev;        /* stddev: sample (n-1) */
    double ci95_low, ci95_high; /* 95% CI of the mean: Student t for n <= 31, else 1.96 */
    double p50, p90, p99, p999; /* linear interpolation between closest ranks */
    int64_t min, max;
};

/* Sorts vals in place. count 0 gives all zeros. */
void pl_stats_compute(int64_t *vals, size_t n, struct pl_stats *out);
/* Percentile p (0..100) of sorted values. */
double pl_percentile(const int64_t *sorted, size_t n, double p);

/* RTT stats of a client trace: warm-up, error calls and call 0 left out.
 * scratch must hold tr->capacity values. */
void pl_stats_rtt(const struct pl_trace *tr, uint32_t n_recs, int64_t *scratch, struct pl_stats *out);

struct cJSON;
/* Every member of s as a number member of o (count, mean, min, p50 … max, stddev, ci95_low/high): the command
 * line's summaries, pingpong's and rpc's alike. */
void pl_stats_json(struct cJSON *o, const struct pl_stats *s);

#endif
