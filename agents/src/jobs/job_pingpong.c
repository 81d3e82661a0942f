/* Runner of kind "pingpong" (one connection, one call at a time, closed loop or open-loop arrivals): the server
 * role serves sessions until the stop command, the client role connects, measures and reports the clock exchange
 * and the path it used. Both roles' traces go up through a pl_uploader. */
#include "job_kinds.h"
#include "agent.h"
#include "arrivals.h"
#include "caps.h"
#include "clockx.h"
#include "job_common.h"
#include "json_get.h"
#include "netinfo.h"
#include "pingpong.h"
#include "pl_clock.h"
#include "pl_error.h"
#include "pl_log.h"
#include "uploader.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

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

int pl_job_pingpong_params(const struct pl_job *j, struct pl_params *p, char *err, size_t errlen)
{
    return pl_params_check(p, j->transport, j->request_bytes, j->response_bytes, j->calls, j->warmup, PL_NAMES_JSON,
                           err, errlen);
}

void pl_job_run_pingpong(struct pl_job *j)
{
    char err[300];
    struct pl_params p;
    if (pl_job_allowed(j, j->request_bytes, j->response_bytes, 1))
        return;
    if (pl_job_pingpong_params(j, &p, err, sizeof err) != PL_OK)
        pl_agent_report_status(j->agent, j->id, "failed", -1, err);
    else if (j->is_client)
        run_client(j, &p);
    else
        run_server(j, &p);
}
