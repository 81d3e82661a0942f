/* Shared by the socket-experiment job runners. */
#include "job_common.h"
#include "agent_limits.h"
#include "pl_error.h"
#include "pl_log.h"

#include <cjson/cJSON.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>

long long pl_json_clamp_ll(double v, long long lo, long long hi, long long dflt)
{
    if (isnan(v))
        return dflt;
    if (v <= (double)lo)
        return lo;
    if (v >= (double)hi) /* (double)LLONG_MAX is 2^63, one past it: compared, never converted */
        return hi;
    return (long long)v;
}

long long pl_job_num(const cJSON *o, const char *key, long long dflt)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsNumber(v) ? pl_json_clamp_ll(v->valuedouble, LLONG_MIN, LLONG_MAX, dflt) : dflt;
}

long long pl_json_job_id(const cJSON *v)
{
    if (!cJSON_IsNumber(v) || !(v->valuedouble >= 0 && v->valuedouble < 9223372036854775808.0))
        return -1;
    return (long long)v->valuedouble;
}

const char *pl_job_str(const cJSON *o, const char *key, const char *dflt)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsString(v) ? v->valuestring : dflt;
}

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
