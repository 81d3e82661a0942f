/* A job from the backend's start command (job.h): the fields every kind shares, read without I/O. */
#include "job.h"
#include "json_get.h"

#include <cjson/cJSON.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* clamped, not wrapped: a timeout_s of 2^32 + 1 must not become 1 s, nor a larger one "none" (<= 0) */
static int int_of(long long v)
{
    return v < INT_MIN ? INT_MIN : v > INT_MAX ? INT_MAX : (int)v;
}

struct pl_job *pl_job_from_json(struct pl_agent *a, const cJSON *job, char *err, size_t errlen)
{
    const cJSON *params = cJSON_GetObjectItemCaseSensitive(job, "params");
    const char *role = pl_job_str(job, "role", "");
    long long id = pl_json_job_id(cJSON_GetObjectItemCaseSensitive(job, "job_id"));
    if (id < 0 || !cJSON_IsObject(params) || (strcmp(role, "client") && strcmp(role, "server"))) {
        snprintf(err, errlen, "start command without job_id, role or params");
        return NULL;
    }
    struct pl_job *j = calloc(1, sizeof *j);
    if (!j) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    j->agent = a;
    j->id = (uint64_t)id;
    j->is_client = strcmp(role, "client") == 0;
    snprintf(j->kind, sizeof j->kind, "%s", pl_job_str(job, "kind", "pingpong"));
    snprintf(j->transport, sizeof j->transport, "%s", pl_job_str(params, "transport", ""));
    j->request_bytes = pl_job_num(params, "request_bytes", -1);
    j->response_bytes = pl_job_num(params, "response_bytes", -1);
    j->calls = pl_job_num(params, "calls", -1);
    j->warmup = pl_job_num(params, "warmup_calls", 0);
    j->timeout_s = int_of(pl_job_num(params, "timeout_s", 0));
    const cJSON *connect = cJSON_GetObjectItemCaseSensitive(job, "connect");
    if (cJSON_IsObject(connect)) {
        snprintf(j->host, sizeof j->host, "%s", pl_job_str(connect, "host", ""));
        j->port = int_of(pl_job_num(connect, "port", 0));
    }
    j->params = cJSON_Duplicate(params, 1);
    pl_cancel_init(&j->cancel);
    atomic_init(&j->done, 0);
    return j;
}

void pl_job_free(struct pl_job *j)
{
    pl_cancel_destroy(&j->cancel);
    cJSON_Delete(j->params);
    free(j);
}

const char *pl_job_stop_reason(struct pl_job *j)
{
    switch (pl_cancel_reason(&j->cancel)) {
    case PL_STOP_COMMAND: return "cancelled";
    case PL_STOP_TIMEOUT: return "limit exceeded: job ran longer than timeout_s";
    case PL_STOP_AGENT: return "agent stopping";
    default: return NULL;
    }
}
