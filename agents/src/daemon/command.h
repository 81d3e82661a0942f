/* One command of the backend's long-poll answer (GET /api/agents/commands), parsed without side effects:
 * daemon.c acts on it, fuzz/fuzz_job_json.c feeds it arbitrary JSON. */
#ifndef PL_COMMAND_H
#define PL_COMMAND_H
#include <stddef.h>
#include <stdint.h>
#include "agent.h"
#include "job.h"

struct cJSON;

enum pl_command_type {
    PL_CMD_UNKNOWN = 0, /* no "type", or one this agent does not know: ignored */
    PL_CMD_START,       /* job set: a new job, the caller starts or frees it */
    PL_CMD_BAD_START,   /* a start command whose job is malformed: err says why */
    PL_CMD_STOP,        /* has_job_id/job_id name the job; reason may be NULL */
};

struct pl_command {
    enum pl_command_type type;
    struct pl_job *job;
    int has_job_id;     /* stop: job_id is a number that can name a job (0 .. 2^63) */
    uint64_t job_id;
    long long log_id;   /* stop: the job_id as logged, -1 when it is not a number */
    const char *reason; /* stop: points into the command's JSON */
    char err[256];
};

/* Parse one element of "commands"; a start builds its job with pl_job_from_json (agent a is only stored). */
void pl_command_parse(struct pl_agent *a, const struct cJSON *cmd, struct pl_command *out);

#endif
