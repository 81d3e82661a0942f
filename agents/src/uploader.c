#include "uploader.h"
#include "batch.h"
#include "pl_clock.h"
#include "pl_error.h"
#include "pl_log.h"
#include "spool.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void send_batch(struct pl_uploader *u, uint8_t *buf, uint32_t *seq, uint32_t from,
                       uint32_t n, int last)
{
    size_t len = pl_batch_encode(buf, u->job_id, *seq, u->tr, from, n, 0, last);
    char path[600], err[600];
    int rc = pl_spool_write(u->agent->spool, u->job_id, *seq, buf, len, path, sizeof path, err,
                            sizeof err);
    if (rc != PL_OK)
        pl_log("job %llu: %s (uploading without spool copy)", (unsigned long long)u->job_id, err);
    (*seq)++;
    u->batches++;
    rc = pl_agent_upload_batch(u->agent, path, u->job_id, buf, len);
    if (rc == PL_ERR_REJECTED)
        u->rejected++;
    else if (rc != PL_OK)
        u->kept++;
}

static void *uploader_main(void *arg)
{
    struct pl_uploader *u = arg;
    uint8_t *buf = malloc(pl_batch_size_for(PL_SIDE_CLIENT, PL_BATCH_CALLS_PER_BATCH));
    uint32_t sent = 0, seq = 0;
    for (;;) {
        pthread_mutex_lock(&u->mu);
        int finished = u->finished, measuring = u->measuring;
        pthread_mutex_unlock(&u->mu);
        /* finished read before the count: a count read later cannot miss records */
        uint32_t done = pl_trace_completed(u->tr);
        if (u->deadline_ns && !finished && pl_now_ns() > u->deadline_ns)
            pl_cancel_fire(u->cancel, PL_STOP_TIMEOUT);
        if (measuring && buf) {
            while (done - sent > 0) {
                uint32_t n = done - sent;
                if (n > PL_BATCH_CALLS_PER_BATCH)
                    n = PL_BATCH_CALLS_PER_BATCH;
                int last = finished && sent + n == done;
                send_batch(u, buf, &seq, sent, n, last);
                sent += n;
                if (last)
                    goto out;
            }
            if (finished) { /* everything was sent already: an empty batch marks the end */
                send_batch(u, buf, &seq, sent, 0, 1);
                goto out;
            }
        }
        if (finished)
            goto out;
        /* sleep one period; pl_uploader_finish wakes us early */
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        ts.tv_nsec += PL_UPLOAD_PERIOD_MS * 1000000L;
        if (ts.tv_nsec >= 1000000000L) {
            ts.tv_sec++;
            ts.tv_nsec -= 1000000000L;
        }
        pthread_mutex_lock(&u->mu);
        if (!u->finished)
            pthread_cond_timedwait(&u->cv, &u->mu, &ts);
        pthread_mutex_unlock(&u->mu);
    }
out:
    if (!buf)
        pl_log("job %llu: out of memory for the batch buffer", (unsigned long long)u->job_id);
    free(buf);
    return NULL;
}

int pl_uploader_start(struct pl_uploader *u, struct pl_agent *agent, uint64_t job_id,
                      struct pl_trace *tr, struct pl_cancel *cancel, int timeout_s)
{
    memset(u, 0, sizeof *u);
    u->agent = agent;
    u->job_id = job_id;
    u->tr = tr;
    u->cancel = cancel;
    u->deadline_ns = timeout_s > 0 ? pl_now_ns() + timeout_s * 1000000000LL : 0;
    pthread_mutex_init(&u->mu, NULL);
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&u->cv, &ca);
    pthread_condattr_destroy(&ca);
    if (pthread_create(&u->thread, NULL, uploader_main, u) != 0)
        return PL_ERR_NOMEM;
    return PL_OK;
}

void pl_uploader_measuring(struct pl_uploader *u)
{
    pthread_mutex_lock(&u->mu);
    u->measuring = 1;
    pthread_mutex_unlock(&u->mu);
}

void pl_uploader_finish(struct pl_uploader *u)
{
    pthread_mutex_lock(&u->mu);
    u->finished = 1;
    pthread_cond_signal(&u->cv);
    pthread_mutex_unlock(&u->mu);
    pthread_join(u->thread, NULL);
    pthread_cond_destroy(&u->cv);
    pthread_mutex_destroy(&u->mu);
}
