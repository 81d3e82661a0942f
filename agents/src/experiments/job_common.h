/* What the socket-experiment job runners (job_stream.c, job_flows.c) share: parameter getters,
 * the local-limit gate and the end-of-job report. */
#ifndef PL_JOB_COMMON_H
#define PL_JOB_COMMON_H
#include "job.h"
#include "uploader.h"

struct cJSON;

/* A member as a whole number (fraction dropped), clamped to the range of long long; dflt when absent or not a
 * number. The backend's JSON may hold any number and a C cast of an out-of-range double is undefined. */
long long pl_job_num(const struct cJSON *o, const char *key, long long dflt);
/* v clamped to [lo, hi] before it is converted; dflt for NaN. */
long long pl_json_clamp_ll(double v, long long lo, long long hi, long long dflt);
/* A job id: a number in 0 .. 2^63 - 1 (fraction dropped), else -1. */
long long pl_json_job_id(const struct cJSON *v);
const char *pl_job_str(const struct cJSON *o, const char *key, const char *dflt);
/* The parameters of kinds stream and flows from the job's params object, range-checked (no I/O: the
 * runners report a failure, fuzz/fuzz_job_json.c feeds them any JSON). PL_OK or err naming the field. */
struct pl_stream_params;
struct pl_flows_params;
int pl_job_stream_params(const struct pl_job *j, struct pl_stream_params *p, char *err, size_t errlen);
int pl_job_flows_params(const struct pl_job *j, struct pl_flows_params *p, char *err, size_t errlen);
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
