/* Job kind "rpc" of the daemon: the server role serves the plan's calls until stopped, the client role
 * runs the plan's points one after another against it; both upload their traces as batches. */
#ifndef PL_RPC_JOB_H
#define PL_RPC_JOB_H
#include "job.h"

/* Runs on the job's thread and reports the job's status; never returns an error itself. */
void pl_rpc_job_run(struct pl_job *j);

#endif
