/* Per-job uploader thread of every experiment kind: every 200 ms it takes the records the measuring
 * threads have published (a pl_trace, or any struct pl_upload_source), encodes them as batches and
 * spools them, then POSTs the spooled batches in order, two at a time after the job's first (one
 * try each; an unreachable backend is retried with backoff while new batches keep being spooled).
 * It is also the job's watchdog for timeout_s, since the measuring thread may be blocked in recv(). */
#ifndef PL_UPLOADER_H
#define PL_UPLOADER_H
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include "agent.h"
#include "cancel.h"
#include "trace.h"

#define PL_UPLOAD_PERIOD_MS 200

/* Where a job's records come from. The uploader thread asks it, every period, for the records
 * completed since it last asked; only that thread calls next(). */
struct pl_upload_source {
    /* Encode as batch seq into buf (batch_bytes long) the next records completed and not taken yet,
     * at most one batch's worth. *more = 1 when it stopped at a batch's worth with records waiting:
     * the uploader asks again (in the next period once it spooled for a period). final: no record will
     * complete any more (read before the records, so none is missed); the batch is flagged last when
     * final && !*more. Returns the batch size, 0 when no record waits (buf untouched). */
    size_t (*next)(void *ctx, uint8_t *buf, uint64_t job_id, uint32_t seq, int final, int *more);
    void *ctx;
    size_t batch_bytes; /* the largest batch next() writes */
};

struct pl_uploader {
    struct pl_agent *agent;
    uint64_t job_id;
    struct pl_upload_source src;
    struct pl_trace *tr; /* pl_uploader_start's source: the trace, how much of it went, and */
    uint32_t tr_taken, tr_limit; /* what was published when the period began (what it may take) */
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

/* The socket experiments: records [0, completed) of tr, one call per record. */
int pl_uploader_start(struct pl_uploader *u, struct pl_agent *agent, uint64_t job_id,
                      struct pl_trace *tr, struct pl_cancel *cancel, int timeout_s);
/* Any kind with records of its own (RPC: rpc_batch.h); *src is copied, its ctx must outlive the
 * uploader. PL_OK, or PL_ERR_NOMEM when the thread could not start. */
int pl_uploader_start_source(struct pl_uploader *u, struct pl_agent *agent, uint64_t job_id,
                             const struct pl_upload_source *src, struct pl_cancel *cancel,
                             int timeout_s);
/* Records will be published from now on (after connect/bind succeeded). */
void pl_uploader_measuring(struct pl_uploader *u);
/* No more records: upload the rest, the last batch, and join the thread. */
void pl_uploader_finish(struct pl_uploader *u);

/* Every batch goes up through one POST (uploader.c post_batch), by the job's uploader lanes or by these two,
 * which retry with backoff until it is settled. pl_upload_batch: one spooled batch (path holds buf); PL_OK:
 * acknowledged and removed from the spool; PL_ERR_REJECTED: 4xx, moved to spool/rejected; PL_ERR_HTTP: stopping,
 * left in the spool. */
int pl_upload_batch(struct pl_agent *a, const char *path, uint64_t job_id, const uint8_t *buf, size_t len);
/* Upload every batch already in the spool (left by an earlier run), at the daemon's start. */
void pl_upload_spool(struct pl_agent *a);

#endif
