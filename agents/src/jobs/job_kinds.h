/* Each experiment kind's two entry points, one file each (job_<kind>.c), listed in job_table.c:
 * its params reader (range-checked, no I/O: the fuzz targets feed it any JSON; PL_OK or err naming the field)
 * and its runner (on the job's thread; checks its own parameters and the local limits, reports the job's status). */
#ifndef PL_JOB_KINDS_H
#define PL_JOB_KINDS_H
#include <stddef.h>
#include <stdint.h>
#include "job.h"

struct pl_params;
struct pl_stream_params;
struct pl_flows_params;
struct pl_rpc_plan;

/* pingpong (job_pingpong.c); its open-loop arrivals (docs/protocol.md "Open-loop arrivals"): kind, one rate for
 * the one connection, the seed of a Poisson schedule; 0 when valid, else err names the field */
int pl_job_pingpong_params(const struct pl_job *j, struct pl_params *p, char *err, size_t errlen);
int pl_job_arrival_params(const struct pl_job *j, int *kind, double *rate, uint64_t *seed, char *err, size_t errlen);
void pl_job_run_pingpong(struct pl_job *j);
/* stream (job_stream.c) */
int pl_job_stream_params(const struct pl_job *j, struct pl_stream_params *p, char *err, size_t errlen);
void pl_job_run_stream(struct pl_job *j);
/* flows (job_flows.c) */
int pl_job_flows_params(const struct pl_job *j, struct pl_flows_params *p, char *err, size_t errlen);
void pl_job_run_flows(struct pl_job *j);
/* rpc (job_rpc.c): the plan of points (rpc_plan.h) */
int pl_job_rpc_params(const struct pl_job *j, struct pl_rpc_plan *p, char *err, size_t errlen);
void pl_job_run_rpc(struct pl_job *j);

#endif
