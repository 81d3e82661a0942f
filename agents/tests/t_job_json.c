/* The backend's commands and job JSON as the daemon parses them (command.c, job.c, job_stream.c,
 * job_flows.c), with the numbers fuzz/fuzz_job_json.c found: out-of-range doubles are clamped, not cast. */
#include "check.h"
#include "command.h"
#include "flows.h"
#include "job_kinds.h"
#include "json_get.h"
#include "pingpong.h"
#include "stream.h"

#include <cjson/cJSON.h>
#include <limits.h>
#include <string.h>

static struct pl_command parse(const char *text)
{
    struct pl_command c;
    cJSON *cmd = cJSON_Parse(text);
    pl_command_parse(NULL, cmd, &c);
    cJSON_Delete(cmd); /* the job holds its own copy of params; reason would dangle, so it is not kept here */
    c.reason = NULL;
    return c;
}

int main(void)
{
    char err[300];
    struct pl_command c = parse("{\"type\": \"start\", \"job\": {\"job_id\": 12, \"role\": \"client\", \"kind\": "
                                "\"pingpong\", \"params\": {\"transport\": \"tcp\", \"request_bytes\": 64, "
                                "\"response_bytes\": 32, \"calls\": 100, \"timeout_s\": 30}, \"connect\": "
                                "{\"host\": \"10.0.0.2\", \"port\": 4000}}}");
    CHECK(c.type == PL_CMD_START && c.job, "a well-formed start: %s", c.err);
    if (c.job) {
        CHECK(c.job->id == 12 && c.job->is_client && strcmp(c.job->kind, "pingpong") == 0, "id, role, kind");
        CHECK(c.job->request_bytes == 64 && c.job->response_bytes == 32 && c.job->calls == 100 && c.job->warmup == 0,
              "sizes and calls (warm-up defaults to 0)");
        CHECK(c.job->timeout_s == 30 && strcmp(c.job->host, "10.0.0.2") == 0 && c.job->port == 4000, "connect");
        pl_job_free(c.job);
    }

    /* the fuzzer's find (UBSan: 1.88889e+35 is outside the range of long long): every number is clamped */
    c = parse("{\"type\": \"start\", \"job\": {\"job_id\": 10, \"role\": \"client\", \"kind\": \"pingpong\", "
              "\"params\": {\"transport\": \"udp\", \"calls\": 200, \"warmup_calls\": "
              "188888888888888888888888888888888880, \"request_bytes\": -1e300, \"response_bytes\": 1e19, "
              "\"timeout_s\": 4294967297}, \"connect\": {\"host\": \"h\", \"port\": 1e300}}}");
    CHECK(c.type == PL_CMD_START && c.job, "huge numbers still make a job (its checks refuse it): %s", c.err);
    if (c.job) {
        CHECK(c.job->warmup == LLONG_MAX, "warmup_calls clamped to LLONG_MAX, got %lld", c.job->warmup);
        CHECK(c.job->request_bytes == LLONG_MIN, "request_bytes clamped to LLONG_MIN, got %lld", c.job->request_bytes);
        CHECK(c.job->response_bytes == LLONG_MAX, "1e19 clamped, got %lld", c.job->response_bytes);
        CHECK(c.job->timeout_s == INT_MAX, "timeout_s 2^32 + 1 clamped to INT_MAX, not wrapped to 1: %d",
              c.job->timeout_s);
        CHECK(c.job->port == INT_MAX, "port clamped, got %d", c.job->port);
        struct pl_params p;
        CHECK(pl_params_check(&p, c.job->transport, 64, 64, c.job->calls, c.job->warmup, PL_NAMES_JSON, err,
                              sizeof err) != 0 && strstr(err, "warmup_calls must be between 0 and"),
              "the clamped warm-up is refused naming the field: %s", err);
        pl_job_free(c.job);
    }

    const char *bad_ids[] = {"1e300", "-3", "9223372036854775808", "\"7\"", "null"};
    for (size_t i = 0; i < sizeof bad_ids / sizeof bad_ids[0]; i++) {
        char text[300];
        snprintf(text, sizeof text, "{\"type\": \"start\", \"job\": {\"job_id\": %s, \"role\": \"server\", "
                 "\"params\": {}}}", bad_ids[i]);
        c = parse(text);
        CHECK(c.type == PL_CMD_BAD_START && !c.job && strstr(c.err, "without job_id"), "job_id %s: %s", bad_ids[i],
              c.err);
    }
    c = parse("{\"type\": \"start\", \"job\": {\"job_id\": 3, \"role\": \"observer\", \"params\": {}}}");
    CHECK(c.type == PL_CMD_BAD_START && !c.job, "a role that is neither client nor server");

    c = parse("{\"type\": \"stop\", \"job_id\": 5, \"reason\": \"cancelled\"}");
    CHECK(c.type == PL_CMD_STOP && c.has_job_id && c.job_id == 5 && c.log_id == 5, "stop names job 5");
    c = parse("{\"type\": \"stop\", \"job_id\": -1e300}");
    CHECK(c.type == PL_CMD_STOP && !c.has_job_id && c.log_id == LLONG_MIN, "a negative id names no job");
    c = parse("{\"type\": \"stop\", \"job_id\": 1e300}");
    CHECK(c.type == PL_CMD_STOP && !c.has_job_id && c.log_id == LLONG_MAX, "an id past 2^63 names no job");
    c = parse("{\"type\": \"stop\"}");
    CHECK(c.type == PL_CMD_STOP && !c.has_job_id && c.log_id == -1, "a stop without job_id");
    c = parse("{\"type\": \"reboot\"}");
    CHECK(c.type == PL_CMD_UNKNOWN && !c.job, "an unknown type is ignored");
    c = parse("[1, 2]");
    CHECK(c.type == PL_CMD_UNKNOWN && !c.job, "not an object");

    /* kinds stream and flows: their params checked without running anything */
    c = parse("{\"type\": \"start\", \"job\": {\"job_id\": 1, \"role\": \"server\", \"kind\": \"stream\", \"params\": "
              "{\"transport\": \"udp\", \"message_bytes\": 1400, \"duration_s\": 2}}}");
    if (c.job) {
        struct pl_stream_params sp;
        CHECK(pl_job_stream_params(c.job, &sp, err, sizeof err) == 0 && sp.message_bytes == 1400 &&
                  sp.duration_ms == 2000 && sp.interval_ms == 100, "stream params: %s", err);
        cJSON_ReplaceItemInObject(c.job->params, "message_bytes", cJSON_CreateNumber(1e300));
        CHECK(pl_job_stream_params(c.job, &sp, err, sizeof err) != 0 && strstr(err, "message_bytes must be between"),
              "a huge message_bytes is refused naming it: %s", err);
        pl_job_free(c.job);
    }
    c = parse("{\"type\": \"start\", \"job\": {\"job_id\": 2, \"role\": \"client\", \"kind\": \"flows\", \"params\": "
              "{\"mode\": \"threads\", \"flows\": 3, \"request_bytes\": 100, \"response_bytes\": 200, \"calls\": 10}}}");
    if (c.job) {
        struct pl_flows_params fp;
        CHECK(pl_job_flows_params(c.job, &fp, err, sizeof err) == 0 && fp.flows == 3 && fp.pp.request_bytes == 100 &&
                  fp.pp.response_bytes == 200 && fp.pp.calls == 10 && !fp.processes, "flows params: %s", err);
        cJSON_ReplaceItemInObject(c.job->params, "flows", cJSON_CreateNumber(-1e300));
        CHECK(pl_job_flows_params(c.job, &fp, err, sizeof err) != 0 && strstr(err, "flows must be between"),
              "a huge negative flows is refused naming it: %s", err);
        pl_job_free(c.job);
    }
    CHECK(pl_json_clamp_ll(0.0 / 0.0, 0, 10, 7) == 7 && pl_json_clamp_ll(5.9, 0, 10, 7) == 5 &&
              pl_json_clamp_ll(-2, 0, 10, 7) == 0 && pl_json_clamp_ll(1e20, 0, 10, 7) == 10,
          "clamp: NaN gives the default, fractions drop, the ends hold");
    return check_result("t_job_json");
}
