/* Shared by t_uploader and t_uploader_lanes: a client trace of n ping-pong calls, every record filled, and an
 * uploader started on it as job job_id (measuring: records may be published from now on). */
#ifndef UPLOADER_TRACE_H
#define UPLOADER_TRACE_H
#include "check.h"
#include "pl_error.h"
#include "uploader.h"

static inline void start_on_trace(struct pl_uploader *up, struct pl_agent *a, uint64_t job_id,
                                  struct pl_trace *tr, uint32_t n, struct pl_cancel *cancel)
{
    pl_cancel_init(cancel);
    CHECK(pl_trace_init(tr, PL_SIDE_CLIENT, n, 64, 64) == PL_OK, "trace");
    for (uint32_t i = 0; i < n; i++) {
        tr->recs[i].call_no = i;
        for (int k = 0; k < 4; k++)
            tr->recs[i].t[k] = 1000000 + i * 100 + k * 10;
    }
    CHECK(pl_uploader_start(up, a, job_id, tr, cancel, 0) == PL_OK, "started");
    pl_uploader_measuring(up);
}

#endif
