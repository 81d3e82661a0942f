/* What every daemon thread shares: the backend address, the agent token (replaced on
 * re-enrolment, so read under a lock) and the backend calls built on it. */
#ifndef PL_AGENT_H
#define PL_AGENT_H
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include "http.h"

struct pl_agent {
    char backend[256]; /* base URL without trailing slash */
    char enroll_token[256];
    char name[64];
    char advertise[128];
    char spool[512];
    pthread_mutex_t mu; /* guards token */
    char token[512];
    long agent_id;
    double heartbeat_s;
    _Atomic int need_enroll; /* set on 401 "unknown agent token": the backend forgot our token */
    _Atomic int revoked;     /* set on 401 naming a revocation: the daemon stops, it does not enrol again */
    char revoked_detail[512]; /* the backend's words, guarded by mu */
    /* the experiment kinds it announces at enrolment: the daemon fills them from its job table (jobs/ uses the
     * agent, so the agent cannot read the table itself) */
    const char *kinds[16];
    int n_kinds;
};

void pl_agent_init(struct pl_agent *a);
/* POST /api/agents/enroll; PL_OK with token and heartbeat interval stored. */
int pl_agent_enroll(struct pl_agent *a, char *err, size_t errlen);
/* Request with the agent token; path starts with "/api/". A 401 marks the agent for enrolling again, or,
 * when its detail says the agent was revoked, marks it revoked and starts the shutdown. */
int pl_agent_call(struct pl_agent *a, const char *method, const char *path, const char *content_type,
                  const void *body, size_t len, int timeout_ms, int interruptible,
                  struct pl_http_resp *resp, char *err, size_t errlen);
/* 1 when a 401 or 403 answer's body (FastAPI's {"detail": ...}) says the agent was revoked; the detail
 * (or the raw body) copied to detail. */
int pl_agent_answer_says_revoked(const char *body, char *detail, size_t detail_len);
/* POST a job status, retrying with backoff until answered (one try once stopping).
 * port < 0 and reason NULL are left out. */
int pl_agent_report_status(struct pl_agent *a, uint64_t job_id, const char *state, int port,
                           const char *reason);
/* The same with a job-level result object (stream totals, clock exchange), sent as "result". */
struct cJSON;
int pl_agent_report_result(struct pl_agent *a, uint64_t job_id, const char *state, int port,
                           const char *reason, const struct cJSON *result);
#endif
