/* Shared by t_uploader and t_uploader_lanes: an agent on a spool of its own in a temporary folder, and a client
 * trace of n ping-pong calls, every record filled, with an uploader started on it. */
#ifndef UPLOADER_TRACE_H
#define UPLOADER_TRACE_H
#include <stdio.h>
#include <stdlib.h>
#include "check.h"
#include "http.h"
#include "pl_error.h"
#include "spool.h"
#include "uploader.h"

/* dir: a mkdtemp template, made the agent's spool; backend: the URL its POSTs go to. */
static inline void agent_on_temp_spool(struct pl_agent *a, char *dir, const char *backend)
{
    char err[256];
    CHECK(mkdtemp(dir) != NULL, "temp dir");
    pl_http_global_init();
    pl_agent_init(a);
    snprintf(a->backend, sizeof a->backend, "%s", backend);
    snprintf(a->spool, sizeof a->spool, "%s", dir);
    CHECK(pl_spool_init(dir, err, sizeof err) == PL_OK, "%s", err);
}

static inline void remove_temp_spool(const char *dir)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    CHECK(system(cmd) == 0, "temp dir removed");
}

/* The uploader of job job_id started on tr, measuring (records may be published from now on). */
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
