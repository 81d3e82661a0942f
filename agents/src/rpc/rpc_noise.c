#include "rpc_noise.h"
#include "pl_error.h"
#include "rpc_load.h"
#include "trace.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void pl_rpc_noise_summarise(const struct pl_rpc_crec *recs, uint32_t n, struct pl_rpc_noise *out)
{
    int64_t *rtt = malloc((n ? n : 1) * sizeof *rtt);
    size_t m = 0;
    for (uint32_t i = 0; rtt && i < n; i++)
        if (recs[i].done && !(recs[i].flags & (PL_CALL_WARMUP | PL_CALL_FIRST | PL_CALL_ERROR)))
            rtt[m++] = recs[i].t_end - recs[i].t_start;
    pl_stats_compute(rtt, rtt ? m : 0, &out->st);
    free(rtt);
    if (!rtt)
        snprintf(out->error, sizeof out->error, "agent out of memory for the probe's statistics");
    else if (m < 2 && !out->error[0])
        snprintf(out->error, sizeof out->error, "too few measured calls for a noise floor (%zu of %u answered "
                 "after the warm-up)", m, out->calls);
}

void pl_rpc_noise_probe(const struct pl_rpc_config *cfg, uint32_t allowed_prot, const char *binding,
                        uint32_t calls, uint32_t warmup, uint64_t seed, struct pl_cancel *cancel,
                        int64_t deadline_ns, struct pl_rpc_noise *out)
{
    memset(out, 0, sizeof *out);
    out->calls = calls;
    out->warmup = warmup;
    /* the server only takes the levels the run's points use: the probe takes the cheapest of them */
    while (out->prot < 31 && allowed_prot && !(allowed_prot & (1u << out->prot)))
        out->prot++;
    struct pl_rpc_config c = *cfg;
    c.prot = out->prot;
    c.cache = PL_CACHE_PER_THREAD;
    char err[256];
    struct pl_rpc_binding b;
    if (pl_rpc_binding_from_string(&b, &c, binding, err, sizeof err) != PL_OK) {
        snprintf(out->error, sizeof out->error, "peer unreachable: %s", err);
        return;
    }
    /* one call first: an unreachable server costs one call's retries, not every probe call's; it opens the
     * handle, so it counts as warm-up whatever warmup says */
    uint32_t more_warmup = warmup ? warmup - 1 : 0, n = 1 + more_warmup + calls;
    struct pl_rpc_crec *recs = calloc(n, sizeof *recs);
    struct pl_rpc_load first = {.binding = &b, .threads = 1, .calls = 0, .warmup = 1, .seed = seed,
                                .proc = PL_PROC_NULL, .call_no_base = PL_RPC_PROBE_CALL_NO, .recs = recs,
                                .cancel = cancel, .deadline_ns = deadline_ns};
    struct pl_rpc_load rest = {.binding = &b, .threads = 1, .calls = calls, .warmup = more_warmup, .seed = seed,
                               .proc = PL_PROC_NULL, .call_no_base = PL_RPC_PROBE_CALL_NO + 1, .recs = recs + 1,
                               .cancel = cancel, .deadline_ns = deadline_ns, .later_round = 1};
    if (!recs) {
        snprintf(out->error, sizeof out->error, "agent out of memory for the probe's calls");
    } else {
        pl_rpc_load_run(&first);
        if (atomic_load(&first.errors) == 0 && !pl_cancel_reason(cancel))
            pl_rpc_load_run(&rest);
        out->done = atomic_load(&first.done) + atomic_load(&rest.done);
        out->errors = atomic_load(&first.errors) + atomic_load(&rest.errors);
        int why = first.first_error ? first.first_error : rest.first_error;
        if (pl_cancel_reason(cancel))
            snprintf(out->error, sizeof out->error, "stopped before the probe ended");
        else if (out->done && out->done == out->errors)
            snprintf(out->error, sizeof out->error, "no call of the probe answered by %s (%s)", binding,
                     pl_strerror(why));
        pl_rpc_noise_summarise(recs, out->done, out);
    }
    free(recs);
    pl_rpc_binding_free(&b);
}

cJSON *pl_rpc_noise_json(const struct pl_rpc_noise *n)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "procedure", "null");
    cJSON_AddNumberToObject(o, "request_bytes", 0);
    cJSON_AddNumberToObject(o, "threads", 1);
    cJSON_AddStringToObject(o, "protection", pl_rpc_prot_name(n->prot));
    cJSON_AddNumberToObject(o, "calls", n->calls);
    cJSON_AddNumberToObject(o, "warmup_calls", n->warmup);
    cJSON_AddNumberToObject(o, "count", (double)n->st.count);
    cJSON_AddNumberToObject(o, "errors", n->errors);
    if (n->error[0]) {
        cJSON_AddStringToObject(o, "error", n->error);
        return o;
    }
    const struct pl_stats *s = &n->st;
    cJSON_AddNumberToObject(o, "mean_ns", s->mean);
    cJSON_AddNumberToObject(o, "median_ns", s->p50);
    cJSON_AddNumberToObject(o, "p99_ns", s->p99);
    cJSON_AddNumberToObject(o, "min_ns", (double)s->min);
    cJSON_AddNumberToObject(o, "max_ns", (double)s->max);
    cJSON_AddNumberToObject(o, "stddev_ns", s->stddev);
    cJSON_AddNumberToObject(o, "ci95_half_ns", (s->ci95_high - s->ci95_low) / 2);
    cJSON_AddNumberToObject(o, "cv", s->mean > 0 ? s->stddev / s->mean : 0);
    return o;
}
