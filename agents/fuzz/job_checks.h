/* What the job fuzz targets (fuzz_job_json.c, fuzz_job_params.c) hold every parsed job to: each kind's params
 * read as jobs/job_<kind>.c reads them, and what an accepted value must be. */
#ifndef PL_FUZZ_JOB_CHECKS_H
#define PL_FUZZ_JOB_CHECKS_H
#include <string.h>

#include "agent_limits.h"
#include "arrivals.h"
#include "flows.h"
#include "job_kinds.h"
#include "job_table.h"
#include "pingpong.h"
#include "rpc_plan.h"
#include "stream.h"

#define CHECK(cond) do { if (!(cond)) __builtin_trap(); } while (0)

static inline int terminated(const char *s, size_t n) { return memchr(s, 0, n) != NULL; }

/* the kind's own checks, as jobs/job_<kind>.c run them */
static inline void check_params(const struct pl_job *j)
{
    char err[300] = "";
    if (strcmp(j->kind, "pingpong") == 0) {
        struct pl_params p;
        if (pl_job_pingpong_params(j, &p, err, sizeof err) == 0)
            CHECK(p.transport && p.request_bytes >= 1 && p.calls >= 1);
        pl_limits_check(pl_limits_get(), j->request_bytes, j->response_bytes, 1, j->timeout_s, err, sizeof err);
        if (j->is_client)
            pl_limits_check_peer(pl_limits_get(), j->host, err, sizeof err);
        int arrival;
        double rate;
        uint64_t seed;
        if (pl_job_arrival_params(j, &arrival, &rate, &seed, err, sizeof err) == 0)
            CHECK(arrival == PL_ARRIVAL_CLOSED || (rate >= PL_ARRIVAL_RATE_MIN && rate <= PL_ARRIVAL_RATE_MAX));
    } else if (strcmp(j->kind, "stream") == 0) {
        struct pl_stream_params p;
        if (pl_job_stream_params(j, &p, err, sizeof err) == 0)
            CHECK(p.transport && p.message_bytes >= 1 && pl_stream_intervals(&p) >= 1);
    } else if (strcmp(j->kind, "flows") == 0) {
        struct pl_flows_params p;
        if (pl_job_flows_params(j, &p, err, sizeof err) == 0)
            CHECK(p.flows >= 1 && p.pp.transport);
    } else if (strcmp(j->kind, "rpc") == 0) {
        static struct pl_rpc_plan plan; /* ~10 KiB: not on the stack */
        if (pl_job_rpc_params(j, &plan, err, sizeof err) == 0)
        {
            CHECK(plan.n_points >= 1 && plan.n_points <= PL_RPC_MAX_POINTS &&
                  plan.calls_total <= PL_RPC_MAX_CALLS_TOTAL);
            for (uint32_t i = 0; i < plan.n_points; i++) /* a rate is 0 (closed) or in range, with no think time */
                CHECK(plan.pts[i].rate_calls_s == 0 ||
                      (plan.arrival != PL_ARRIVAL_CLOSED && plan.pts[i].rate_calls_s >= PL_ARRIVAL_RATE_MIN &&
                       plan.pts[i].rate_calls_s <= PL_ARRIVAL_RATE_MAX && plan.pts[i].think_us == 0));
        }
    }
    CHECK(terminated(err, sizeof err));
    /* the table's check, which the daemon's runner does first, agrees: accepted or refused with a reason */
    const struct pl_job_kind *k = pl_job_kind_find(j->kind);
    if (k) {
        char why[300] = "";
        if (k->check(j, why, sizeof why) != 0)
            CHECK(why[0] && terminated(why, sizeof why));
    }
}

/* limits as a daemon started with --max-bytes 65536 --max-threads 8 --allow-peers gets them, set once */
static inline void fuzz_job_limits(void)
{
    static int ready;
    if (!ready) {
        struct pl_limits lim = {.max_bytes = 65536, .max_threads = 8, .max_duration_s = 600};
        char err[200];
        pl_limits_parse_peers(&lim, "127.0.0.1,peer-b", err, sizeof err);
        pl_limits_set(&lim);
        ready = 1;
    }
}


#endif
