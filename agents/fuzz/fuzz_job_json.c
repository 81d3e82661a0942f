/* libFuzzer target: the backend's command poll answer ({"commands": [...]}) read as the daemon reads it
 * (daemon.c), each command parsed (command.c, job.c: pl_job_from_json) and a start's params checked as its
 * kind's runner checks them (pingpong, stream, flows, rpc). `make -C agents fuzz`. */
/* fuzz-flags: -max_len=16384 */
/* fuzz-cover: src/daemon/command.c src/jobs/job.c src/core/json_get.c */
#include <cjson/cJSON.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "command.h"
#include "job_checks.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_job_limits();
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
