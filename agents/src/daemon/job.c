#include "job.h"
#include "job_common.h"
#include "clockx.h"
#include "agent_limits.h"
#include "caps.h"
#include "netinfo.h"
#include "pingpong.h"
#include "pl_error.h"
#include "pl_clock.h"
#include "pl_log.h"
#include "rpc_job.h"
#include "uploader.h"

#include <cjson/cJSON.h>
#include <errno.h>
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

int pl_job_arrival_params(const struct pl_job *j, int *kind, double *rate, uint64_t *seed, char *err, size_t errlen)
{
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(j->params, "arrival");
    const cJSON *r = cJSON_GetObjectItemCaseSensitive(j->params, "rate_calls_s");
    if (a && !cJSON_IsNull(a) && !cJSON_IsString(a)) {
        snprintf(err, errlen, "arrival must be one of closed, constant, poisson");
        return -1;
    }
    if (r && !cJSON_IsNull(r) && !cJSON_IsNumber(r)) {
        snprintf(err, errlen, "rate_calls_s must be a number between 1 and 1000000 calls/s");
        return -1;
    }
    *rate = cJSON_IsNumber(r) ? r->valuedouble : 0;
    *seed = (uint64_t)pl_job_num(j->params, "seed", 1);
    return pl_arrivals_check("arrival", cJSON_IsString(a) ? a->valuestring : NULL, "rate_calls_s", *rate,
                             "think_time_us", 0, kind, err, errlen) == PL_OK ? 0 : -1;
}

static void run_client(struct pl_job *j, const struct pl_params *p)
{
    struct pl_agent *a = j->agent;
    char reason[600], err[512];
    struct pl_trace tr;
    int arrival;
    double rate;
    uint64_t seed;
    if (pl_job_arrival_params(j, &arrival, &rate, &seed, err, sizeof err)) {
        pl_agent_report_status(a, j->id, "failed", -1, err);
        return;
    }
    if (pl_trace_init(&tr, PL_SIDE_CLIENT, p->calls + p->warmup, p->request_bytes,
                      p->response_bytes) != PL_OK) {
        pl_agent_report_status(a, j->id, "failed", -1, "agent out of memory for the trace");
        return;
    }
    struct pl_uploader up;
    pl_uploader_start(&up, a, j->id, &tr, &j->cancel, j->timeout_s);
    struct pl_conn conn;
    int rc = p->transport->client_open(&conn, j->host, j->port, p->request_bytes, p->response_bytes,
                                       &j->cancel, err);
    if (rc != PL_OK) {
        pl_uploader_finish(&up);
        const char *why = pl_job_stop_reason(j);
        if (!why) {
            if (rc == PL_ERR_PEER_SILENT)
                snprintf(reason, sizeof reason, "peer %.200s:%d stopped answering: %.300s", j->host, j->port, err);
            else
                snprintf(reason, sizeof reason, "peer unreachable: %s", err);
            why = reason;
        }
        pl_agent_report_status(a, j->id, "failed", -1, why);
        pl_trace_free(&tr);
        return;
    }
    pl_log("job %llu: connected to %s:%d (%s), %u+%u calls", (unsigned long long)j->id, j->host,
           j->port, p->transport->name, p->warmup, p->calls);
    cJSON *load = cJSON_CreateObject(); /* the machine's load as measuring begins: the run's environment */
    pl_caps_add_load(load);
    pl_agent_report_status(a, j->id, "running", -1, NULL);
    pl_uploader_measuring(&up);

    struct pl_client_result res;
    struct pl_schedule sched;
    if (arrival != PL_ARRIVAL_CLOSED) {
        pl_schedule_thread_setup();
        pl_schedule_start(&sched, arrival, rate, pl_schedule_seed(seed, 0, 0, 0), pl_now_ns());
    }
    pl_pingpong_client_at(p->transport, &conn, &tr, p->warmup, arrival != PL_ARRIVAL_CLOSED ? &sched : NULL,
                          &j->cancel, &res);
    p->transport->client_close(&conn, &j->cancel);
    pl_uploader_finish(&up);

    const char *why = pl_job_stop_reason(j);
    if (!why && res.rc == PL_ERR_PEER_SILENT) {
        snprintf(reason, sizeof reason, "peer %s:%d stopped answering during call %u: no reply in %d s",
                 j->host, j->port, res.done ? res.done - 1 : 0, pl_tcp_reply_timeout_ms / 1000);
        why = reason;
    } else if (!why && res.rc != PL_OK) {
        snprintf(reason, sizeof reason, "%s during call %u: %s",
                 res.rc == PL_ERR_UNREACHABLE ? "peer unreachable" : pl_strerror(res.rc),
                 res.done ? res.done - 1 : 0, strerror(res.last_errno));
        why = reason;
    }
    if (!why && up.kept)
        why = "agent stopping";
    if (!why && up.rejected) {
        snprintf(reason, sizeof reason, "backend rejected %u of %u trace batches", up.rejected,
                 up.batches);
        why = reason;
    }
    pl_log("job %llu: %u calls measured, %u errors", (unsigned long long)j->id, res.done, res.errors);
    cJSON *result = cJSON_CreateObject(), *cx = pl_clockx_json(&conn);
    if (cx)
        cJSON_AddItemToObject(result, "clock_exchange", cx);
    cJSON_AddItemToObject(result, "path", pl_netinfo_path_json(j->host)); /* which interface the run really used */
    cJSON_AddItemToObject(result, "load_at_start", load);
    pl_agent_report_result(a, j->id, why ? "failed" : "done", -1, why, result);
    cJSON_Delete(result);
    pl_trace_free(&tr);
}

static void run_server(struct pl_job *j, const struct pl_params *p)
{
    struct pl_agent *a = j->agent;
    char err[512], reason[600];
    struct pl_trace tr;
    if (pl_trace_init(&tr, PL_SIDE_SERVER, p->calls + p->warmup, p->request_bytes,
                      p->response_bytes) != PL_OK) {
        pl_agent_report_status(a, j->id, "failed", -1, "agent out of memory for the trace");
        return;
    }
    struct pl_server srv;
    if (p->transport->server_open(&srv, a->advertise, 0, err) != PL_OK) {
        snprintf(reason, sizeof reason, "server bind failed: %s", err);
        pl_agent_report_status(a, j->id, "failed", -1, reason);
        pl_trace_free(&tr);
        return;
    }
    struct pl_uploader up;
    pl_uploader_start(&up, a, j->id, &tr, &j->cancel, j->timeout_s);
    pl_uploader_measuring(&up);
    /* the accept/recvfrom socket is woken by shutdown() when the stop command comes */
    pl_cancel_add_fd(&j->cancel, srv.fd);
    pl_log("job %llu: serving %s on %s:%d", (unsigned long long)j->id, p->transport->name,
           a->advertise, srv.port);
    cJSON *result = cJSON_CreateObject(), *load = cJSON_AddObjectToObject(result, "load_at_start");
    pl_caps_add_load(load); /* the machine's load as serving begins: the run's environment */
    pl_agent_report_status(a, j->id, "ready", srv.port, NULL);
    while (!pl_cancel_reason(&j->cancel)) {
        int rc = p->transport->server_session(&srv, &tr, &j->cancel, err);
        if (rc == PL_ERR_CANCELLED)
            break;
        if (rc != PL_OK)
            pl_log("job %llu: session ended: %s", (unsigned long long)j->id, err);
        else
            pl_log("job %llu: session of %u requests done", (unsigned long long)j->id, srv.requests);
    }
    pl_cancel_remove_fd(&j->cancel, srv.fd);
    p->transport->server_close(&srv);
    pl_uploader_finish(&up);
    const char *why = NULL;
    int r = pl_cancel_reason(&j->cancel);
    if (r != PL_STOP_COMMAND)
        why = pl_job_stop_reason(j);
    if (!why && up.kept)
        why = "agent stopping";
    pl_agent_report_result(a, j->id, why ? "failed" : "done", -1, why, result);
    cJSON_Delete(result);
    pl_trace_free(&tr);
}

static void run_pingpong(struct pl_job *j)
{
    char err[300];
    struct pl_params p;
    const struct pl_limits *lim = pl_limits_get();
    if (pl_limits_check(lim, j->request_bytes, j->response_bytes, 1, j->timeout_s, err, sizeof err) ||
        (j->is_client && pl_limits_check_peer(lim, j->host, err, sizeof err)) ||
        pl_params_check(&p, j->transport, j->request_bytes, j->response_bytes, j->calls, j->warmup,
                        PL_NAMES_JSON, err, sizeof err) != PL_OK)
        pl_agent_report_status(j->agent, j->id, "failed", -1, err);
    else if (j->is_client)
        run_client(j, &p);
    else
        run_server(j, &p);
}

/* The experiment kinds this agent runs, by the job's "kind" (as iperf's protocols): adding one is a line here
 * and its run function; each checks its own parameters and reports its job's status. */
static const struct pl_experiment {
    const char *kind;
    void (*run)(struct pl_job *j);
} EXPERIMENTS[] = {
    {"pingpong", run_pingpong},
    {"stream", pl_job_run_stream},
    {"flows", pl_job_run_flows},
    {"rpc", pl_rpc_job_run},
};

static void *job_main(void *arg)
{
    struct pl_job *j = arg;
    size_t n = sizeof EXPERIMENTS / sizeof EXPERIMENTS[0], i = 0;
    while (i < n && strcmp(EXPERIMENTS[i].kind, j->kind) != 0)
        i++;
    if (i < n) {
        EXPERIMENTS[i].run(j);
    } else {
        char err[300];
        int len = snprintf(err, sizeof err, "kind must be one of");
        for (size_t k = 0; k < n && len > 0 && (size_t)len < sizeof err; k++)
            len += snprintf(err + len, sizeof err - (size_t)len, "%s %s", k ? "," : "", EXPERIMENTS[k].kind);
        if (len > 0 && (size_t)len < sizeof err)
            snprintf(err + len, sizeof err - (size_t)len, " (got '%s')", j->kind);
        pl_agent_report_status(j->agent, j->id, "failed", -1, err);
    }
    atomic_store(&j->done, 1);
    return NULL;
}

int pl_job_start(struct pl_job *j)
{
    pl_log("job %llu: start %s %s role", (unsigned long long)j->id, j->kind,
           j->is_client ? "client" : "server");
    return pthread_create(&j->thread, NULL, job_main, j) == 0 ? PL_OK : PL_ERR_NOMEM;
}
