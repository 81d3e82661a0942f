/* What the socket-experiment job runners (job_stream.c, job_flows.c) share: parameter getters,
 * the local-limit gate and the end-of-job report. */
#ifndef PL_JOB_COMMON_H
#define PL_JOB_COMMON_H
#include "job.h"
#include "uploader.h"

struct cJSON;

long long pl_job_num(const struct cJSON *o, const char *key, long long dflt);
const char *pl_job_str(const struct cJSON *o, const char *key, const char *dflt);
/* Local limits, and for a client the peer: 0 to go on, else the job is reported failed. */
int pl_job_allowed(struct pl_job *j, long long bytes_a, long long bytes_b, long long threads);
/* The end of a client job: the stop reason wins, then the experiment's error (rc, err), then
 * upload trouble; result (may be NULL) goes with the status. */
void pl_job_report_end(struct pl_job *j, struct pl_uploader *up, int rc, const char *err,
                       const struct cJSON *result);
/* The server's side of a job: listening on fd, reported ready on port. */
void pl_job_report_ready(struct pl_job *j, int port);
/* After serving: done on the stop command, failed with the reason otherwise. */
void pl_job_report_served(struct pl_job *j);

#endif
