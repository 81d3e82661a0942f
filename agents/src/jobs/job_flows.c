/* Runner of kind "flows": the server role serves every connection in its own thread
 * until the stop command; the client role runs N threads or N processes of calls into a shared
 * trace the uploader spools and uploads. */
#include "flows.h"
#include "job_kinds.h"
#include "agent.h"
#include "job_common.h"
#include "json_get.h"
#include "net.h"
#include "pl_error.h"
#include "pl_log.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <unistd.h>

static void serve(struct pl_job *j)
{
    char err[PL_NET_ERR_LEN], reason[400];
    int port = -1, fd = pl_net_tcp_listen(err, j->agent->advertise, 0, 32);
    if (fd < 0 || (port = pl_net_local_port(err, fd)) < 0) {
        snprintf(reason, sizeof reason, "server bind failed: %s", err);
        pl_agent_report_status(j->agent, j->id, "failed", -1, reason);
        if (fd >= 0)
            close(fd);
        return;
    }
    pl_cancel_add_fd(&j->cancel, fd);
    pl_job_report_ready(j, port);
    int n = pl_flows_serve(fd, &j->cancel);
    pl_log("job %llu: %d flow connection(s) served", (unsigned long long)j->id, n);
    pl_cancel_remove_fd(&j->cancel, fd);
    close(fd);
    pl_job_report_served(j);
}

int pl_job_flows_params(const struct pl_job *j, struct pl_flows_params *p, char *err, size_t errlen)
{
    const cJSON *q = j->params;
    return pl_flows_check(p, pl_job_str(q, "mode", ""), pl_job_num(q, "flows", -1), pl_job_str(q, "transport", "tcp"),
                          pl_job_num(q, "request_bytes", -1), pl_job_num(q, "response_bytes", -1),
                          pl_job_num(q, "calls", -1), pl_job_num(q, "warmup_calls", 0), PL_NAMES_JSON, err, errlen);
}

static int measure(struct pl_job *j, void *ctx, struct pl_trace *tr, cJSON *res, char *err, size_t errlen)
{
    const struct pl_flows_params *p = ctx;
    struct pl_flows_result r;
    (void)res; /* flows reports no totals: its calls are the trace */
    pl_flows_client(j->host, j->port, p, tr, &j->cancel, &r);
    pl_log("job %llu: %u flows (%s), %u calls, %u errors", (unsigned long long)j->id, p->flows,
           p->processes ? "processes" : "threads", r.done, r.errors);
    snprintf(err, errlen, "%s", r.err);
    return r.rc;
}

void pl_job_run_flows(struct pl_job *j)
{
    char err[300];
    struct pl_flows_params p;
    if (pl_job_flows_params(j, &p, err, sizeof err) != PL_OK) {
        pl_agent_report_status(j->agent, j->id, "failed", -1, err);
        return;
    }
    /* the checked values: flows and sizes are in range, so they are the job's numbers */
    if (pl_job_allowed(j, p.pp.request_bytes, p.pp.response_bytes, j->is_client ? p.flows : 1))
        return;
    if (!j->is_client) {
        serve(j);
        return;
    }
    struct pl_trace tr;
    if (pl_flows_trace_init(&tr, &p) != PL_OK) {
        pl_agent_report_status(j->agent, j->id, "failed", -1, "agent out of memory for the trace");
        return;
    }
    pl_job_run_client(j, &tr, measure, &p);
    pl_flows_trace_free(&tr);
}
