/* What the kinds' runners share: the local-limit gate, the server role's reports, the end-of-job report and the
 * client-job skeleton of the kinds whose calls go into a pl_trace (stream, flows). */
#ifndef PL_JOB_COMMON_H
#define PL_JOB_COMMON_H
#include <stddef.h>
#include "job.h"
#include "trace.h"
#include "uploader.h"

struct cJSON;

/* Local limits, and for a client the peer: 0 to go on, else the job is reported failed. */
int pl_job_allowed(struct pl_job *j, long long bytes_a, long long bytes_b, long long threads);
/* The end of a client job: the stop reason wins, then the experiment's error (rc, err), then
 * upload trouble; result (may be NULL) goes with the status. */
void pl_job_report_end(struct pl_job *j, struct pl_uploader *up, int rc, const char *err,
                       const struct cJSON *result);
/* The server's side of a job: listening, reported ready on port. */
void pl_job_report_ready(struct pl_job *j, int port);
/* After serving: done on the stop command, failed with the reason otherwise. */
void pl_job_report_served(struct pl_job *j);

/* A client's measurement into tr: returns PL_OK or an error with err (errlen bytes) saying why; may add the
 * job's totals to result. */
typedef int (*pl_job_measure_fn)(struct pl_job *j, void *ctx, struct pl_trace *tr, struct cJSON *result, char *err,
                                 size_t errlen);
/* The client role around a measurement (tr set up by the kind, freed by it after): the uploader takes tr's records
 * while measure runs, the job reported running, then the rest uploaded and the end reported (with result when
 * measure added to it). */
void pl_job_run_client(struct pl_job *j, struct pl_trace *tr, pl_job_measure_fn measure, void *ctx);

#endif
