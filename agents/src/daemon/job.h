/* One "start" command = one job thread (client or server role of a ping-pong run). */
#ifndef PL_JOB_H
#define PL_JOB_H
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include "agent.h"
#include "cancel.h"

struct cJSON;

struct pl_job {
    struct pl_agent *agent;
    uint64_t id;
    int is_client;
    char kind[32], transport[16];
    long long request_bytes, response_bytes, calls, warmup;
    int timeout_s;
    char host[256];
    int port;
    struct cJSON *params; /* the whole params object, for kinds with their own (job_stream.c, job_flows.c) */

    struct pl_cancel cancel;
    pthread_t thread;
    _Atomic int done; /* thread finished, may be joined */
};

/* Build a job from the "job" object of a start command; NULL with err on a malformed one. */
struct pl_job *pl_job_from_json(struct pl_agent *a, const struct cJSON *job, char *err, size_t errlen);
int pl_job_start(struct pl_job *j);
void pl_job_free(struct pl_job *j);
/* Runners of the socket experiments (job_stream.c, job_flows.c); they report their own statuses. */
void pl_job_run_stream(struct pl_job *j);
void pl_job_run_flows(struct pl_job *j);
/* Reason for a job ended by its pl_cancel, NULL if it was not. */
/* A ping-pong job's open-loop arrivals (docs/protocol.md "Open-loop arrivals"): kind, one rate for the one
 * connection, the seed of a Poisson schedule; 0 when valid, else err names the field */
int pl_job_arrival_params(const struct pl_job *j, int *kind, double *rate, uint64_t *seed, char *err, size_t errlen);
const char *pl_job_stop_reason(struct pl_job *j);

#endif
