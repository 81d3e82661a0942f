/* Per-job uploader thread: every 200 ms it takes the records the measuring thread has
 * published, encodes a batch and spools it, then POSTs the spooled batches in order (one try
 * each; an unreachable backend is retried with backoff while new batches keep being spooled).
 * It is also the job's watchdog for timeout_s, since the measuring thread may be blocked in
 * recv(). */
#ifndef PL_UPLOADER_H
#define PL_UPLOADER_H
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include "agent.h"
#include "cancel.h"
#include "trace.h"

#define PL_UPLOAD_PERIOD_MS 200

struct pl_uploader {
    struct pl_agent *agent;
    uint64_t job_id;
    struct pl_trace *tr;
    struct pl_cancel *cancel;
    int64_t deadline_ns; /* fire cancel with PL_STOP_TIMEOUT after this; 0 = never */

    pthread_t thread;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int measuring; /* records will come: upload them and end with a last batch */
    int finished;  /* no more records */

    /* results, read after pl_uploader_finish */
    uint32_t batches, rejected, kept; /* kept: left in the spool (stopping) */
    uint32_t unspooled, failures;     /* batches the spool could not take; failed POSTs */
};

int pl_uploader_start(struct pl_uploader *u, struct pl_agent *agent, uint64_t job_id,
                      struct pl_trace *tr, struct pl_cancel *cancel, int timeout_s);
/* Records will be published from now on (after connect/bind succeeded). */
void pl_uploader_measuring(struct pl_uploader *u);
/* No more records: upload the rest, the last batch, and join the thread. */
void pl_uploader_finish(struct pl_uploader *u);

#endif
