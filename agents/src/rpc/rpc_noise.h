/* The lab's noise floor (issue 13, item 5): before a sweep's first point the client runs an idle null RPC
 * against the same server (procedure null, 0 bytes, one thread, no think time) and reports the spread of its
 * RTT, so the run can say how small an effect it could have seen at all. The probe's calls are numbered from
 * PL_RPC_PROBE_CALL_NO, beyond every plan's trace: the server times them into its scratch record and uploads
 * nothing, and the client keeps its records to itself, so the sweep's points and call numbers are untouched. */
#ifndef PL_RPC_NOISE_H
#define PL_RPC_NOISE_H
#include "cancel.h"
#include "rpc.h"
#include "stats.h"

#define PL_RPC_PROBE_CALL_NO 0xC0000000u

struct pl_rpc_noise {
    uint32_t calls, warmup;  /* as asked */
    uint32_t done, errors;   /* calls made, calls that failed */
    int prot;                /* the lowest protection level the run's server accepts */
    struct pl_stats st;      /* RTT of the measured calls (not warm-up, first or error), ns */
    char error[400];         /* why the probe measured nothing; empty when it did */
};

/* Runs the probe on a binding of its own to `binding` ("udp:HOST[PORT]"); never fails the job: a probe that
 * could not measure says why in out->error. */
void pl_rpc_noise_probe(const struct pl_rpc_config *cfg, uint32_t allowed_prot, const char *binding,
                        uint32_t calls, uint32_t warmup, uint64_t seed, struct pl_cancel *cancel,
                        int64_t deadline_ns, struct pl_rpc_noise *out);
/* Stats from finished probe records (also for the tests). */
void pl_rpc_noise_summarise(const struct pl_rpc_crec *recs, uint32_t n, struct pl_rpc_noise *out);

struct cJSON;
/* {"procedure", "request_bytes", "threads", "protection", "calls", "warmup_calls", "count", "errors", "mean_ns",
 *  "median_ns", "p99_ns", "min_ns", "max_ns", "stddev_ns", "ci95_half_ns", "cv"} or with "error" instead of the
 *  statistics (docs/protocol.md "RPC runs"). */
struct cJSON *pl_rpc_noise_json(const struct pl_rpc_noise *n);

#endif
