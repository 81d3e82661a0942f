/* Runner of kind "stream": the server role receives (stream.c's sink) until the stop
 * command; the client role streams into interval records the uploader spools and uploads, and
 * reports sender and receiver totals with its final status. */
#include "job_kinds.h"
#include "agent.h"
#include "job_common.h"
#include "json_get.h"
#include "net.h"
#include "pl_error.h"
#include "pl_log.h"
#include "stream.h"

#include <cjson/cJSON.h>
#include <stdio.h>

static void serve(struct pl_job *j, const struct pl_transport *t)
{
    char err[PL_NET_ERR_LEN], reason[400];
    struct pl_sink sink;
    if (pl_sink_open(&sink, t, j->agent->advertise, 0, err) != PL_OK) {
        snprintf(reason, sizeof reason, "server bind failed: %s", err);
        pl_agent_report_status(j->agent, j->id, "failed", -1, reason);
        return;
    }
    pl_cancel_add_fd(&j->cancel, sink.fd);
    pl_job_report_ready(j, sink.port);
    while (!pl_cancel_reason(&j->cancel))
        if (pl_sink_session(&sink, &j->cancel, err) == PL_OK)
            pl_log("job %llu: stream of %llu bytes received", (unsigned long long)j->id,
                   (unsigned long long)sink.last.recv_bytes);
    pl_cancel_remove_fd(&j->cancel, sink.fd);
    pl_sink_close(&sink);
    pl_job_report_served(j);
}

int pl_job_stream_params(const struct pl_job *j, struct pl_stream_params *p, char *err, size_t errlen)
{
    const cJSON *q = j->params;
    return pl_stream_check(p, pl_job_str(q, "transport", ""), pl_job_num(q, "message_bytes", -1),
                           pl_job_num(q, "duration_s", -1), pl_job_num(q, "interval_ms", 100), PL_NAMES_JSON, err,
                           errlen);
}

static int measure(struct pl_job *j, void *ctx, struct pl_trace *tr, cJSON *res, char *err, size_t errlen)
{
    struct pl_stream_result r;
    pl_stream_client(j->host, j->port, ctx, tr, &j->cancel, &r);
    pl_log("job %llu: streamed %llu bytes in %u intervals", (unsigned long long)j->id,
           (unsigned long long)r.sent_bytes, r.intervals);
    cJSON *s = cJSON_AddObjectToObject(res, "stream");
    cJSON_AddNumberToObject(s, "sent_bytes", (double)r.sent_bytes);
    cJSON_AddNumberToObject(s, "sent_messages", (double)r.sent_msgs);
    cJSON_AddNumberToObject(s, "duration_ns", (double)r.duration_ns);
    if (r.got_totals) {
        cJSON_AddNumberToObject(s, "received_bytes", (double)r.recv_bytes);
        cJSON_AddNumberToObject(s, "received_messages", (double)r.recv_msgs);
        cJSON_AddNumberToObject(s, "receiver_duration_ns", (double)r.recv_duration_ns);
    }
    snprintf(err, errlen, "%s", r.err);
    return r.rc;
}

void pl_job_run_stream(struct pl_job *j)
{
    char err[300];
    struct pl_stream_params p;
    if (pl_job_stream_params(j, &p, err, sizeof err) != PL_OK) {
        pl_agent_report_status(j->agent, j->id, "failed", -1, err);
        return;
    }
    if (pl_job_allowed(j, p.message_bytes, 0, 1)) /* checked: the job's message_bytes */
        return;
    if (!j->is_client) {
        serve(j, p.transport);
        return;
    }
    struct pl_trace tr;
    if (pl_trace_init(&tr, PL_SIDE_CLIENT, pl_stream_intervals(&p), p.message_bytes, 0) != PL_OK) {
        pl_agent_report_status(j->agent, j->id, "failed", -1, "agent out of memory for the trace");
        return;
    }
    pl_job_run_client(j, &tr, measure, &p);
    pl_trace_free(&tr);
}
