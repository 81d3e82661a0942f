/* The experiment kinds this agent runs, by the job's "kind" (as iperf's protocol table): each kind's params
 * check and runner. Adding a kind is its job_<kind>.c, its two lines in job_kinds.h and its row in job_table.c. */
#ifndef PL_JOB_TABLE_H
#define PL_JOB_TABLE_H
#include <stddef.h>
#include "job.h"

struct pl_job_kind {
    const char *kind;
    /* the job's params as its runner reads them, range-checked, no I/O: PL_OK or err naming the field */
    int (*check)(const struct pl_job *j, char *err, size_t errlen);
    void (*run)(struct pl_job *j); /* on the job's thread; reports the job's status */
};

extern const struct pl_job_kind pl_job_kinds[];
extern const size_t pl_job_kinds_n;

/* The kind named so, NULL if this agent has none. */
const struct pl_job_kind *pl_job_kind_find(const char *kind);
/* Runs the job's kind on a thread of its own (an unknown kind reports the job failed, naming the kinds). */
int pl_job_start(struct pl_job *j);

#endif
