/* Repeating a point until its mean RTT is known well enough (issue 13, item 5): a point's calls run in rounds of
 * `calls` per caller thread, the warm-up only in the first; after each round the 95% confidence interval of the
 * mean RTT of the point's measured calls so far decides whether another round runs. Numbering: round 0 is laid
 * out as before rounds existed (thread t's warm-up and calls at base + t x (warmup + calls)), round r >= 1 follows
 * it, thread t's calls at base + threads x (warmup + calls) + (r - 1) x threads x calls + t x calls, so every call
 * number stays unique and a thread's calls within a round stay consecutive. */
#ifndef PL_RPC_ROUNDS_H
#define PL_RPC_ROUNDS_H
#include <stddef.h>
#include <stdint.h>
#include "rpc.h"

struct pl_rpc_ci {
    uint32_t count;  /* measured calls: done, not warm-up, not a thread's first call, no error */
    double mean_ns;
    double half_ns;  /* half-width of the 95% interval of the mean: Student t for n <= 31, else 1.96 (stats.c) */
};

/* The interval of the mean RTT over the measured calls among recs[0..n); scratch holds n values. */
void pl_rpc_ci_of(const struct pl_rpc_crec *recs, size_t n, int64_t *scratch, struct pl_rpc_ci *out);
/* Half-width in % of the mean; negative when unknown (fewer than 2 measured calls or a mean of 0). */
double pl_rpc_ci_pct(const struct pl_rpc_ci *ci);
/* 1 when the point should run another round: a target is set (> 0), fewer than max_rounds ran, and the interval
 * is wider than the target or still unknown (fewer than 2 measured calls). */
int pl_rpc_another_round(const struct pl_rpc_ci *ci, double target_pct, uint32_t rounds_done, uint32_t max_rounds);
/* Offset from the point's first call number (and record) where round r (0-based) starts. */
uint32_t pl_rpc_round_start(uint32_t threads, uint32_t calls, uint32_t warmup, uint32_t r);

#endif
