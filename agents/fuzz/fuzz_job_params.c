/* libFuzzer target: each experiment kind's params as its runner reads them (jobs/job_<kind>.c through the job
 * table, jobs/job_table.c). The first byte picks the kind (a row of the table, so a new kind is fuzzed too) and
 * the role; the rest is the start command's "params" object, wrapped in a job as the backend sends it.
 * fuzz_job_json.c reaches the same readers through the whole command poll; this one starts at the params. */
/* fuzz-flags: -max_len=8192 */
/* fuzz-cover: src/jobs/job.c src/jobs/job_table.c src/core/json_get.c src/rpc/rpc_plan.c */
#include <cjson/cJSON.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "job_checks.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    fuzz_job_limits();
    const struct pl_job_kind *kind = &pl_job_kinds[(data[0] >> 1) % pl_job_kinds_n];
    char *text = malloc(size); /* the params' JSON text, NUL-terminated as pl_http_request hands a body over */
    if (!text)
        return 0;
    memcpy(text, data + 1, size - 1);
    text[size - 1] = 0;
    cJSON *job = cJSON_CreateObject(), *connect = cJSON_AddObjectToObject(job, "connect");
    cJSON_AddNumberToObject(job, "job_id", 7);
    cJSON_AddStringToObject(job, "role", data[0] & 1 ? "client" : "server");
    cJSON_AddStringToObject(job, "kind", kind->kind);
    cJSON_AddStringToObject(connect, "host", "127.0.0.1");
    cJSON_AddNumberToObject(connect, "port", 40000);
    cJSON *params = cJSON_Parse(text);
    if (params)
        cJSON_AddItemToObject(job, "params", params);
    char err[300] = "";
    struct pl_job *j = pl_job_from_json(NULL, job, err, sizeof err);
    CHECK(terminated(err, sizeof err));
    CHECK((j != NULL) == cJSON_IsObject(params)); /* job_id, role and kind are good: only params can be wrong */
    if (j) {
        CHECK(strcmp(j->kind, kind->kind) == 0 && j->is_client == (data[0] & 1));
        check_params(j);
        pl_job_free(j);
    }
    cJSON_Delete(job);
    free(text);
    return 0;
}
