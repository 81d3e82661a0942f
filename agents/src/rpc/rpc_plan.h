/* An RPC run's plan: the runtime's parameters and its sweep points (cartesian product of request sizes,
 * caller threads, think times, protection levels and cache policies), each point's calls numbered from
 * call_no_base. Built from a job's JSON params (the backend sends the points) or from the command line. */
#ifndef PL_RPC_PLAN_H
#define PL_RPC_PLAN_H
#include "rpc.h"

#define PL_RPC_MAX_POINTS 256
#define PL_RPC_MAX_CALLS_TOTAL 1000000u /* ~280 bytes of client record each, preallocated */
#define PL_RPC_MAX_THINK_US 10000000u
#define PL_RPC_MAX_WORK_US 1000000u
#define PL_RPC_MAX_ROUNDS 20u
#define PL_RPC_MAX_CI_TARGET_PCT 50.0
#define PL_RPC_MAX_NOISE_CALLS 10000u

struct pl_rpc_point {
    uint32_t request_bytes, threads, think_us, call_no_base;
    int prot, cache;
    int inject; /* the plan's injection applies to this point's calls (the backend keeps it off the base points) */
    double rate_calls_s; /* open-loop arrivals: the point's rate over its threads; 0 = closed loop (a model base) */
};

struct pl_rpc_plan {
    struct pl_rpc_config cfg; /* prot and cache are set per point */
    int proc;
    uint32_t work_us, calls, warmup, server_threads;
    uint64_t seed;
    int timeout_s;
    /* repeat a point in rounds of `calls` per thread until its mean's 95% interval is within ci_target_pct of
     * the mean (0 = no target) or max_rounds ran (rpc_rounds.h); the trace has room for max_rounds */
    double ci_target_pct;
    uint32_t max_rounds;
    uint32_t noise_calls, noise_warmup; /* the idle null-RPC probe before the sweep (rpc_noise.h); 0 = none */
    int think_dist;                     /* enum pl_rpc_think_dist (rpc_load.h) */
    int arrival;                        /* enum pl_arrival (arrivals.h): the points with a rate run so */
    struct pl_rpc_inject inject;        /* what the inject points' calls get (rpc_inject.h); kind none = nothing */
    uint32_t n_points, calls_total, allowed_prot;
    struct pl_rpc_point pts[PL_RPC_MAX_POINTS];
};

struct cJSON;
/* Job params (docs/protocol.md "RPC runs"); every range checked, err names the field. */
int pl_rpc_plan_from_json(struct pl_rpc_plan *p, const struct cJSON *params, char *err, size_t errlen);
/* Append the cartesian product of the lists as points (the last list varies fastest). */
int pl_rpc_plan_expand(struct pl_rpc_plan *p, const uint32_t *req, int n_req, const uint32_t *thr, int n_thr,
                       const uint32_t *think, int n_think, const int *prot, int n_prot, const int *cache,
                       int n_cache, char *err, size_t errlen);
/* Number the points' calls and check the totals; call after the points are in. */
int pl_rpc_plan_finish(struct pl_rpc_plan *p, char *err, size_t errlen);
/* the most calls a point can make: its warm-up once, then max_rounds rounds of calls per thread */
static inline uint32_t pl_rpc_point_calls(const struct pl_rpc_plan *p, const struct pl_rpc_point *pt)
{
    return pt->threads * (p->warmup + p->calls * (p->max_rounds ? p->max_rounds : 1));
}

struct pl_rpc_load;
/* Round r of point i as the plan says (rpc_rounds.h): every field of l but binding, recs, cancel and deadline_ns,
 * which are the caller's and left alone. */
void pl_rpc_plan_load(const struct pl_rpc_plan *p, uint32_t i, uint32_t r, struct pl_rpc_load *l);
/* the injection a client's calls of point pt carry (pl_rpc_load.inject); NULL when none */
static inline const struct pl_rpc_inject *pl_rpc_plan_client_inject(const struct pl_rpc_plan *p,
                                                                    const struct pl_rpc_point *pt)
{
    return pt->inject && p->inject.kind != PL_INJECT_NONE && !p->inject.server ? &p->inject : NULL;
}
/* the server's map of the inject points' call numbers (pl_rpc_config.inject), NULL when there is nothing for the
 * server to plant; *nomem set when there was but no memory. free() it after pl_rpc_server_stop. */
struct pl_rpc_inject_map *pl_rpc_plan_server_inject(const struct pl_rpc_plan *p, int *nomem);

#endif
