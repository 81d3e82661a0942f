/* One "start" command = one job: its kind, role, the params every kind shares and the whole params object for
 * the kind's own (job_table.h runs it on its own thread, the kind's runner in job_<kind>.c measures). */
#ifndef PL_JOB_H
#define PL_JOB_H
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include "cancel.h"

struct cJSON;
struct pl_agent;

struct pl_job {
    struct pl_agent *agent;
    uint64_t id;
    int is_client;
    char kind[32], transport[16];
    long long request_bytes, response_bytes, calls, warmup;
    int timeout_s;
    char host[256];
    int port;
    struct cJSON *params; /* the whole params object, for kinds with their own */

    struct pl_cancel cancel;
    pthread_t thread;
    _Atomic int done; /* thread finished, may be joined */
};

/* Build a job from the "job" object of a start command; NULL with err on a malformed one. No I/O. */
struct pl_job *pl_job_from_json(struct pl_agent *a, const struct cJSON *job, char *err, size_t errlen);
void pl_job_free(struct pl_job *j);
/* Reason for a job ended by its pl_cancel, NULL if it was not. */
const char *pl_job_stop_reason(struct pl_job *j);

#endif
