/* The backend's commands to the daemon, parsed into struct pl_command (no I/O, no threads). */
#include "command.h"
#include "json_get.h"

#include <cjson/cJSON.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

void pl_command_parse(struct pl_agent *a, const cJSON *cmd, struct pl_command *out)
{
    memset(out, 0, sizeof *out);
    out->log_id = -1;
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(cmd, "type");
    if (cJSON_IsString(type) && strcmp(type->valuestring, "start") == 0) {
        out->job = pl_job_from_json(a, cJSON_GetObjectItemCaseSensitive(cmd, "job"), out->err, sizeof out->err);
        out->type = out->job ? PL_CMD_START : PL_CMD_BAD_START;
    } else if (cJSON_IsString(type) && strcmp(type->valuestring, "stop") == 0) {
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(cmd, "job_id");
        const cJSON *reason = cJSON_GetObjectItemCaseSensitive(cmd, "reason");
        out->type = PL_CMD_STOP;
        if (cJSON_IsNumber(id)) {
            out->log_id = pl_json_clamp_ll(id->valuedouble, LLONG_MIN, LLONG_MAX, -1);
            long long job_id = pl_json_job_id(id); /* job ids are >= 0: another number names no job */
            out->has_job_id = job_id >= 0;
            out->job_id = job_id >= 0 ? (uint64_t)job_id : 0;
        }
        out->reason = cJSON_IsString(reason) ? reason->valuestring : NULL;
    }
}
