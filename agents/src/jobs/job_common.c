/* Shared by the kinds' runners (job_common.h). */
#include "job_common.h"
#include "agent.h"
#include "agent_limits.h"
#include "pl_error.h"
#include "pl_log.h"

#include <cjson/cJSON.h>
#include <stdio.h>

int pl_job_allowed(struct pl_job *j, long long bytes_a, long long bytes_b, long long threads)
{
    char err[300];
    const struct pl_limits *lim = pl_limits_get();
    if (pl_limits_check(lim, bytes_a, bytes_b, threads, j->timeout_s, err, sizeof err) == 0 &&
        (!j->is_client || pl_limits_check_peer(lim, j->host, err, sizeof err) == 0))
        return 0;
    pl_agent_report_status(j->agent, j->id, "failed", -1, err);
    return -1;
}

void pl_job_report_end(struct pl_job *j, struct pl_uploader *up, int rc, const char *err,
                       const cJSON *result)
{
    char reason[400];
    const char *why = pl_job_stop_reason(j);
    if (!why && rc != PL_OK) {
        snprintf(reason, sizeof reason, "%s: %s",
                 rc == PL_ERR_UNREACHABLE ? "peer unreachable" : pl_strerror(rc), err);
        why = reason;
    }
    if (!why && up->kept)
        why = "agent stopping";
    if (!why && up->rejected) {
        snprintf(reason, sizeof reason, "backend rejected %u of %u trace batches", up->rejected,
                 up->batches);
        why = reason;
    }
    pl_agent_report_result(j->agent, j->id, why ? "failed" : "done", -1, why, result);
}

void pl_job_report_ready(struct pl_job *j, int port)
{
    pl_log("job %llu: serving %s on %s:%d", (unsigned long long)j->id, j->kind, j->agent->advertise,
           port);
    pl_agent_report_status(j->agent, j->id, "ready", port, NULL);
}

void pl_job_report_served(struct pl_job *j)
{
    int r = pl_cancel_reason(&j->cancel);
    const char *why = r == PL_STOP_COMMAND ? NULL : pl_job_stop_reason(j);
    pl_agent_report_status(j->agent, j->id, why ? "failed" : "done", -1, why);
}

void pl_job_run_client(struct pl_job *j, struct pl_trace *tr, pl_job_measure_fn measure, void *ctx)
{
    char err[300] = "";
    struct pl_uploader up;
    if (pl_uploader_start(&up, j->agent, j->id, tr, &j->cancel, j->timeout_s) != PL_OK) {
        pl_agent_report_status(j->agent, j->id, "failed", -1, "agent could not start the trace uploader");
        return;
    }
    pl_uploader_measuring(&up);
    pl_agent_report_status(j->agent, j->id, "running", -1, NULL);
    cJSON *result = cJSON_CreateObject();
    int rc = measure(j, ctx, tr, result, err, sizeof err);
    pl_uploader_finish(&up);
    pl_job_report_end(j, &up, rc, err, result && result->child ? result : NULL);
    cJSON_Delete(result);
}
