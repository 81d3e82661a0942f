/* Daemon runners of the socket experiments (kinds "stream" and "flows"): parameters and local
 * limits checked first, then the server role listens and reports ready, the client role
 * measures into a trace the uploader spools and uploads, and both report how they ended. */
#include "agent_limits.h"
#include "flows.h"
#include "job.h"
#include "net.h"
#include "pl_error.h"
#include "pl_log.h"
#include "stream.h"
#include "uploader.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static long long num(const cJSON *o, const char *key, long long dflt)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsNumber(v) ? (long long)v->valuedouble : dflt;
}

static const char *str(const cJSON *o, const char *key, const char *dflt)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsString(v) ? v->valuestring : dflt;
}

/* Local limits, and for a client the peer: 0 to go on, else the job is reported failed. */
static int allowed(struct pl_job *j, long long bytes_a, long long bytes_b, long long threads)
{
    char err[300];
    const struct pl_limits *lim = pl_limits_get();
    if (pl_limits_check(lim, bytes_a, bytes_b, threads, j->timeout_s, err, sizeof err) == 0 &&
        (!j->is_client || pl_limits_check_peer(lim, j->host, err, sizeof err) == 0))
        return 0;
    pl_agent_report_status(j->agent, j->id, "failed", -1, err);
    return -1;
}

/* The end of a client job: the stop reason wins, then the experiment's error, then upload trouble. */
static void report_end(struct pl_job *j, struct pl_uploader *up, int rc, const char *err,
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

/* Server role of both kinds: serve on the advertised address until the stop command. */
static void serve(struct pl_job *j, const struct pl_transport *t, int flows)
{
    char err[PL_NET_ERR_LEN], reason[400];
    struct pl_sink sink;
    int fd;
    if (flows) {
        fd = pl_net_tcp_listen(err, j->agent->advertise, 0, 32);
        sink.port = fd < 0 ? -1 : pl_net_local_port(err, fd);
    } else {
        fd = pl_sink_open(&sink, t, j->agent->advertise, 0, err) == PL_OK ? sink.fd : -1;
    }
    if (fd < 0 || sink.port < 0) {
        snprintf(reason, sizeof reason, "server bind failed: %s", err);
        pl_agent_report_status(j->agent, j->id, "failed", -1, reason);
        if (flows && fd >= 0)
            close(fd);
        return;
    }
    pl_cancel_add_fd(&j->cancel, fd);
    pl_log("job %llu: serving %s %s on %s:%d", (unsigned long long)j->id, j->kind, t->name,
           j->agent->advertise, sink.port);
    pl_agent_report_status(j->agent, j->id, "ready", sink.port, NULL);
    if (flows) {
        int n = pl_flows_serve(fd, &j->cancel);
        pl_log("job %llu: %d flow connection(s) served", (unsigned long long)j->id, n);
    } else {
        while (!pl_cancel_reason(&j->cancel))
            if (pl_sink_session(&sink, &j->cancel, err) == PL_OK)
                pl_log("job %llu: stream of %llu bytes received", (unsigned long long)j->id,
                       (unsigned long long)sink.last.recv_bytes);
    }
    pl_cancel_remove_fd(&j->cancel, fd);
    if (flows)
        close(fd);
    else
        pl_sink_close(&sink);
    int r = pl_cancel_reason(&j->cancel);
    const char *why = r == PL_STOP_COMMAND ? NULL : pl_job_stop_reason(j);
    pl_agent_report_status(j->agent, j->id, why ? "failed" : "done", -1, why);
}

void pl_job_run_stream(struct pl_job *j)
{
    char err[300];
    struct pl_stream_params p;
    const cJSON *q = j->params;
    long long msg = num(q, "message_bytes", -1);
    if (pl_stream_check(&p, str(q, "transport", ""), msg, num(q, "duration_s", -1),
                        num(q, "interval_ms", 100), PL_NAMES_JSON, err, sizeof err) != PL_OK) {
        pl_agent_report_status(j->agent, j->id, "failed", -1, err);
        return;
    }
    if (allowed(j, msg, 0, 1))
        return;
    if (!j->is_client) {
        serve(j, p.transport, 0);
        return;
    }
    struct pl_trace tr;
    if (pl_trace_init(&tr, PL_SIDE_CLIENT, pl_stream_intervals(&p), p.message_bytes, 0) != PL_OK) {
        pl_agent_report_status(j->agent, j->id, "failed", -1, "agent out of memory for the trace");
        return;
    }
    struct pl_uploader up;
    pl_uploader_start(&up, j->agent, j->id, &tr, &j->cancel, j->timeout_s);
    pl_uploader_measuring(&up);
    pl_agent_report_status(j->agent, j->id, "running", -1, NULL);
    struct pl_stream_result r;
    pl_stream_client(j->host, j->port, &p, &tr, &j->cancel, &r);
    pl_uploader_finish(&up);
    pl_log("job %llu: streamed %llu bytes in %u intervals", (unsigned long long)j->id,
           (unsigned long long)r.sent_bytes, r.intervals);
    cJSON *res = cJSON_CreateObject(), *s = cJSON_AddObjectToObject(res, "stream");
    cJSON_AddNumberToObject(s, "sent_bytes", (double)r.sent_bytes);
    cJSON_AddNumberToObject(s, "sent_messages", (double)r.sent_msgs);
    cJSON_AddNumberToObject(s, "duration_ns", (double)r.duration_ns);
    if (r.got_totals) {
        cJSON_AddNumberToObject(s, "received_bytes", (double)r.recv_bytes);
        cJSON_AddNumberToObject(s, "received_messages", (double)r.recv_msgs);
        cJSON_AddNumberToObject(s, "receiver_duration_ns", (double)r.recv_duration_ns);
    }
    report_end(j, &up, r.rc, r.err, res);
    cJSON_Delete(res);
    pl_trace_free(&tr);
}

void pl_job_run_flows(struct pl_job *j)
{
    char err[300];
    struct pl_flows_params p;
    const cJSON *q = j->params;
    long long flows = num(q, "flows", -1), req = num(q, "request_bytes", -1),
              resp = num(q, "response_bytes", -1);
    if (pl_flows_check(&p, str(q, "mode", ""), flows, str(q, "transport", "tcp"), req, resp,
                       num(q, "calls", -1), num(q, "warmup_calls", 0), PL_NAMES_JSON, err,
                       sizeof err) != PL_OK) {
        pl_agent_report_status(j->agent, j->id, "failed", -1, err);
        return;
    }
    if (allowed(j, req, resp, j->is_client ? flows : 1))
        return;
    if (!j->is_client) {
        serve(j, &pl_transport_tcp, 1);
        return;
    }
    struct pl_trace tr;
    if (pl_flows_trace_init(&tr, &p) != PL_OK) {
        pl_agent_report_status(j->agent, j->id, "failed", -1, "agent out of memory for the trace");
        return;
    }
    struct pl_uploader up;
    pl_uploader_start(&up, j->agent, j->id, &tr, &j->cancel, j->timeout_s);
    pl_uploader_measuring(&up);
    pl_agent_report_status(j->agent, j->id, "running", -1, NULL);
    struct pl_flows_result r;
    pl_flows_client(j->host, j->port, &p, &tr, &j->cancel, &r);
    pl_uploader_finish(&up);
    pl_log("job %llu: %u flows (%s), %u calls, %u errors", (unsigned long long)j->id, p.flows,
           p.processes ? "processes" : "threads", r.done, r.errors);
    report_end(j, &up, r.rc, r.err, NULL);
    pl_flows_trace_free(&tr);
}
