/* libFuzzer target: the backend's command poll answer ({"commands": [...]}) read as the daemon reads it
 * (daemon.c), each command parsed (command.c, job.c: pl_job_from_json) and a start's params checked as its
 * kind's runner checks them (pingpong, stream, flows, rpc). `make -C agents fuzz`. */
/* fuzz-flags: -max_len=16384 */
#include <cjson/cJSON.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "agent_limits.h"
#include "command.h"
#include "flows.h"
#include "job_kinds.h"
#include "json_get.h"
#include "pingpong.h"
#include "rpc_plan.h"
#include "stream.h"

#define CHECK(cond) do { if (!(cond)) __builtin_trap(); } while (0)

static int terminated(const char *s, size_t n) { return memchr(s, 0, n) != NULL; }

/* the kind's own checks, as jobs/job_<kind>.c run them */
static void check_params(const struct pl_job *j)
{
    char err[300] = "";
    if (strcmp(j->kind, "pingpong") == 0) {
        struct pl_params p;
        if (pl_params_check(&p, j->transport, j->request_bytes, j->response_bytes, j->calls, j->warmup,
                            PL_NAMES_JSON, err, sizeof err) == 0)
            CHECK(p.transport && p.request_bytes >= 1 && p.calls >= 1);
        pl_limits_check(pl_limits_get(), j->request_bytes, j->response_bytes, 1, j->timeout_s, err, sizeof err);
        if (j->is_client)
            pl_limits_check_peer(pl_limits_get(), j->host, err, sizeof err);
        int arrival;
        double rate;
        uint64_t seed;
        if (pl_job_arrival_params(j, &arrival, &rate, &seed, err, sizeof err) == 0)
            CHECK(arrival == PL_ARRIVAL_CLOSED || (rate >= PL_ARRIVAL_RATE_MIN && rate <= PL_ARRIVAL_RATE_MAX));
    } else if (strcmp(j->kind, "stream") == 0) {
        struct pl_stream_params p;
        if (pl_job_stream_params(j, &p, err, sizeof err) == 0)
            CHECK(p.transport && p.message_bytes >= 1 && pl_stream_intervals(&p) >= 1);
    } else if (strcmp(j->kind, "flows") == 0) {
        struct pl_flows_params p;
        if (pl_job_flows_params(j, &p, err, sizeof err) == 0)
            CHECK(p.flows >= 1 && p.pp.transport);
    } else if (strcmp(j->kind, "rpc") == 0) {
        static struct pl_rpc_plan plan; /* ~10 KiB: not on the stack */
        if (pl_rpc_plan_from_json(&plan, j->params, err, sizeof err) == 0)
        {
            CHECK(plan.n_points >= 1 && plan.n_points <= PL_RPC_MAX_POINTS &&
                  plan.calls_total <= PL_RPC_MAX_CALLS_TOTAL);
            for (uint32_t i = 0; i < plan.n_points; i++) /* a rate is 0 (closed) or in range, with no think time */
                CHECK(plan.pts[i].rate_calls_s == 0 ||
                      (plan.arrival != PL_ARRIVAL_CLOSED && plan.pts[i].rate_calls_s >= PL_ARRIVAL_RATE_MIN &&
                       plan.pts[i].rate_calls_s <= PL_ARRIVAL_RATE_MAX && plan.pts[i].think_us == 0));
        }
    }
    CHECK(terminated(err, sizeof err));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int ready;
    if (!ready) { /* limits as a daemon started with --max-bytes 65536 --max-threads 8 --allow-peers gets them */
        struct pl_limits lim = {.max_bytes = 65536, .max_threads = 8, .max_duration_s = 600};
        char err[200];
        pl_limits_parse_peers(&lim, "127.0.0.1,peer-b", err, sizeof err);
        pl_limits_set(&lim);
        ready = 1;
    }
    char *text = malloc(size + 1); /* the HTTP body as pl_http_request hands it over: NUL-terminated */
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = 0;
    cJSON *doc = cJSON_Parse(text);
    const cJSON *cmds = cJSON_GetObjectItemCaseSensitive(doc, "commands"), *cmd;
    cJSON_ArrayForEach(cmd, cmds)
    {
        struct pl_command c;
        pl_command_parse(NULL, cmd, &c);
        CHECK(terminated(c.err, sizeof c.err));
        CHECK((c.type == PL_CMD_START) == (c.job != NULL));
        if (c.type == PL_CMD_BAD_START)
            CHECK(c.err[0]);
        if (c.job) {
            CHECK(terminated(c.job->kind, sizeof c.job->kind) && terminated(c.job->host, sizeof c.job->host) &&
                  terminated(c.job->transport, sizeof c.job->transport));
            check_params(c.job);
            pl_job_free(c.job);
        }
    }
    cJSON_Delete(doc);
    free(text);
    return 0;
}
