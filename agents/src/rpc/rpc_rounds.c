#include "rpc_rounds.h"
#include "stats.h"
#include "trace.h"

#include <string.h>

void pl_rpc_ci_of(const struct pl_rpc_crec *recs, size_t n, int64_t *scratch, struct pl_rpc_ci *out)
{
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        const struct pl_rpc_crec *r = &recs[i];
        /* the same calls the analyses take a point's mean over: warm-up, first calls (a new handle's slow start)
         * and errors apart */
        if (!r->done || (r->flags & (PL_CALL_WARMUP | PL_CALL_FIRST | PL_CALL_ERROR)))
            continue;
        scratch[m++] = r->t_end - r->t_start;
    }
    struct pl_stats st;
    pl_stats_compute(scratch, m, &st);
    out->count = (uint32_t)m;
    out->mean_ns = st.mean;
    out->half_ns = m > 1 ? (st.ci95_high - st.ci95_low) / 2 : 0;
}

double pl_rpc_ci_pct(const struct pl_rpc_ci *ci)
{
    if (ci->count < 2 || ci->mean_ns <= 0)
        return -1;
    return 100.0 * ci->half_ns / ci->mean_ns;
}

int pl_rpc_another_round(const struct pl_rpc_ci *ci, double target_pct, uint32_t rounds_done, uint32_t max_rounds)
{
    if (target_pct <= 0 || rounds_done >= max_rounds)
        return 0;
    double pct = pl_rpc_ci_pct(ci);
    if (pct < 0) /* too few measured calls for an interval yet (a round whose calls all failed ends the run) */
        return 1;
    return pct > target_pct;
}

uint32_t pl_rpc_round_start(uint32_t threads, uint32_t calls, uint32_t warmup, uint32_t r)
{
    return r == 0 ? 0 : threads * (warmup + calls) + (r - 1) * threads * calls;
}
