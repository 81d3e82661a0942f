/* The kinds' table and the job thread (job_table.h). */
#include "job_table.h"
#include "agent.h"
#include "flows.h"
#include "job_kinds.h"
#include "pingpong.h"
#include "pl_error.h"
#include "pl_log.h"
#include "rpc_plan.h"
#include "stream.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int check_pingpong(const struct pl_job *j, char *err, size_t errlen)
{
    struct pl_params p;
    return pl_job_pingpong_params(j, &p, err, errlen);
}

static int check_stream(const struct pl_job *j, char *err, size_t errlen)
{
    struct pl_stream_params p;
    return pl_job_stream_params(j, &p, err, errlen);
}

static int check_flows(const struct pl_job *j, char *err, size_t errlen)
{
    struct pl_flows_params p;
    return pl_job_flows_params(j, &p, err, errlen);
}

static int check_rpc(const struct pl_job *j, char *err, size_t errlen)
{
    struct pl_rpc_plan *p = malloc(sizeof *p); /* ~10 KiB: not on the stack */
    if (!p) {
        snprintf(err, errlen, "agent out of memory");
        return PL_ERR_NOMEM;
    }
    int rc = pl_job_rpc_params(j, p, err, errlen);
    free(p);
    return rc;
}

const struct pl_job_kind pl_job_kinds[] = {
    {"pingpong", check_pingpong, pl_job_run_pingpong},
    {"stream", check_stream, pl_job_run_stream},
    {"flows", check_flows, pl_job_run_flows},
    {"rpc", check_rpc, pl_job_run_rpc},
};
const size_t pl_job_kinds_n = sizeof pl_job_kinds / sizeof pl_job_kinds[0];

const struct pl_job_kind *pl_job_kind_find(const char *kind)
{
    for (size_t i = 0; i < pl_job_kinds_n; i++)
        if (strcmp(pl_job_kinds[i].kind, kind) == 0)
            return &pl_job_kinds[i];
    return NULL;
}

static void *job_main(void *arg)
{
    struct pl_job *j = arg;
    const struct pl_job_kind *k = pl_job_kind_find(j->kind);
    if (k) {
        k->run(j);
    } else {
        char err[300];
        int len = snprintf(err, sizeof err, "kind must be one of");
        for (size_t i = 0; i < pl_job_kinds_n && len > 0 && (size_t)len < sizeof err; i++)
            len += snprintf(err + len, sizeof err - (size_t)len, "%s %s", i ? "," : "", pl_job_kinds[i].kind);
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
