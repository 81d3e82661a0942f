#include "uploader.h"
#include "batch.h"
#include "batch_ack.h"
#include "pl_clock.h"
#include "pl_error.h"
#include "pl_log.h"
#include "spool.h"

#include <errno.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#define POST_TIMEOUT_MS 10000
#define BACKOFF_START_MS 250 /* pl_upload_batch's first wait; the lanes' is a period */
#define RETRY_MAX_MS 5000

/* Spool the batch in buf as batch *seq. On a spool failure (disk full) the batch is uploaded at
 * once, blocking, as the only copy. */
static void spool_batch(struct pl_uploader *u, uint8_t *buf, size_t len, uint32_t *seq)
{
    char path[600], err[600];
    u->batches++;
    if (pl_spool_write(u->agent->spool, u->job_id, *seq, buf, len, path, sizeof path, err,
                       sizeof err) != PL_OK) {
        pl_log("job %llu: %s (uploading without spool copy)", (unsigned long long)u->job_id, err);
        int rc = pl_upload_batch(u->agent, path, u->job_id, buf, len);
        if (rc == PL_ERR_REJECTED)
            u->rejected++;
        else if (rc != PL_OK)
            u->kept++; /* lost with the process: reported as kept so the job fails */
        u->unspooled++;
    }
    (*seq)++;
}

/* The source of pl_uploader_start: the trace's records [taken, completed), at most
 * PL_BATCH_CALLS_PER_BATCH a batch; a period takes what was published when it began, so a fast
 * measurement cannot keep the uploader spooling and never sending. */
static size_t next_of_trace(void *ctx, uint8_t *buf, uint64_t job_id, uint32_t seq, int final,
                            int *more)
{
    struct pl_uploader *u = ctx;
    /* a new period once the last one's records all went; and once final, every record there is
     * (a period cut short by its spooling time may have left an older limit) */
    if (u->tr_taken == u->tr_limit || final)
        u->tr_limit = pl_trace_completed(u->tr);
    uint32_t n = u->tr_limit - u->tr_taken;
    if (n == 0)
        return 0;
    if (n > PL_BATCH_CALLS_PER_BATCH)
        n = PL_BATCH_CALLS_PER_BATCH;
    *more = u->tr_taken + n < u->tr_limit;
    size_t len = pl_batch_encode(buf, job_id, seq, u->tr, u->tr_taken, n, 0, final && !*more);
    u->tr_taken += n;
    return len;
}

/* A counter of the job's results; both lanes count (upload_spooled). Returns its value before. */
static uint32_t count(struct pl_uploader *u, uint32_t *counter)
{
    pthread_mutex_lock(&u->mu);
    uint32_t before = (*counter)++;
    pthread_mutex_unlock(&u->mu);
    return before;
}

/* One POST of the batch buf (len bytes) spooled at path, the only one there is: acknowledged, its spool file
 * removed; rejected (4xx: retrying cannot help), the file moved to spool/rejected; else PL_ACK_RETRY with err saying
 * why, the file kept. */
static enum pl_ack_verdict post_batch(struct pl_agent *a, const char *path, uint64_t job_id, const uint8_t *buf,
                                      size_t len, char *err, size_t errlen)
{
    char url[128];
    snprintf(url, sizeof url, "/api/agents/jobs/%llu/batches", (unsigned long long)job_id);
    struct pl_http_resp resp;
    int rc = pl_agent_call(a, "POST", url, "application/octet-stream", buf, len, POST_TIMEOUT_MS, 0, &resp, err,
                           errlen);
    if (rc != PL_OK)
        return PL_ACK_RETRY;
    struct pl_batch_ack ack;
    enum pl_ack_verdict v = pl_batch_ack_parse(resp.status, resp.body, resp.len, &ack);
    if (v == PL_ACK_STORED) {
        pl_spool_remove(path);
    } else if (v == PL_ACK_REJECTED) {
        pl_log("job %llu: batch %s rejected: HTTP %ld %s; moved to %s/rejected", (unsigned long long)job_id, path,
               resp.status, resp.body ? resp.body : "", a->spool);
        pl_spool_reject(a->spool, path);
    } else {
        snprintf(err, errlen, "HTTP %ld", resp.status);
    }
    pl_http_resp_free(&resp);
    return v;
}

int pl_upload_batch(struct pl_agent *a, const char *path, uint64_t job_id, const uint8_t *buf, size_t len)
{
    char err[512];
    int backoff = BACKOFF_START_MS;
    for (;;) {
        enum pl_ack_verdict v = post_batch(a, path, job_id, buf, len, err, sizeof err);
        if (v != PL_ACK_RETRY)
            return v == PL_ACK_STORED ? PL_OK : PL_ERR_REJECTED;
        if (pl_http_stopping()) {
            pl_log("job %llu: batch %s kept in the spool (%s)", (unsigned long long)job_id, path, err);
            return PL_ERR_HTTP;
        }
        pl_log("job %llu: batch upload failed (%s), retrying in %d ms", (unsigned long long)job_id, err, backoff);
        if (pl_http_sleep(backoff))
            continue; /* one last try within the shutdown grace period */
        backoff = backoff * 2 > RETRY_MAX_MS ? RETRY_MAX_MS : backoff * 2;
    }
}

void pl_upload_spool(struct pl_agent *a)
{
    struct pl_spool_entry *e;
    size_t n;
    if (pl_spool_list(a->spool, &e, &n) != PL_OK)
        return;
    if (n)
        pl_log("uploading %zu batch(es) left in the spool %s", n, a->spool);
    for (size_t i = 0; i < n && !pl_http_stopping(); i++) {
        uint8_t *buf;
        size_t len;
        if (pl_spool_read(e[i].path, &buf, &len) != PL_OK) {
            pl_log("spool file %s is damaged; moved to rejected", e[i].path);
            pl_spool_reject(a->spool, e[i].path);
            continue;
        }
        pl_upload_batch(a, e[i].path, e[i].job_id, buf, len);
        free(buf);
    }
    free(e);
}

/* One POST of a job's spooled batch seq (the uploader's lanes). 1: settled (acknowledged, or rejected and moved
 * aside), 0: not now (backend unreachable or busy): try again later, the file stays. */
static int try_upload(struct pl_uploader *u, uint32_t seq)
{
    char path[600], err[512];
    snprintf(path, sizeof path, "%s/job-%llu-%u.plb", u->agent->spool,
             (unsigned long long)u->job_id, seq);
    uint8_t *buf;
    size_t len;
    if (pl_spool_read(path, &buf, &len) != PL_OK)
        return 1; /* uploaded without spool copy, or damaged: nothing to send */
    enum pl_ack_verdict v = post_batch(u->agent, path, u->job_id, buf, len, err, sizeof err);
    free(buf);
    if (v == PL_ACK_REJECTED)
        count(u, &u->rejected);
    else if (v == PL_ACK_RETRY && count(u, &u->failures) % 20 == 0)
        pl_log("job %llu: batch upload failed (%s); measuring on, batches stay in the spool",
               (unsigned long long)u->job_id, err);
    return v != PL_ACK_RETRY;
}

struct lane {
    struct pl_uploader *u;
    uint32_t seq;
    int settled;
};

static void *lane_main(void *arg)
{
    struct lane *l = arg;
    l->settled = try_upload(l->u, l->seq);
    return NULL;
}

/* POSTs the spooled batches [acked, seq) in order, two at a time: the backend stores two batches at once, one's
 * COPY running while the other's request is read and checked (one at a time left PostgreSQL idle for a quarter
 * of each batch). The job's first batch goes alone: the run's live times are counted from its first call, which
 * must be stored before a later batch's. Stops at the first batch not settled; returns the new acked. A second
 * lane's batch settled beside an unsettled first is sent again later: the backend answers it as a duplicate. */
static uint32_t upload_spooled(struct pl_uploader *u, uint32_t acked, uint32_t seq)
{
    while (acked < seq) {
        struct lane second = {.u = u, .seq = acked + 1};
        pthread_t t;
        int paired = acked > 0 && acked + 1 < seq && pthread_create(&t, NULL, lane_main, &second) == 0;
        int settled = try_upload(u, acked);
        if (paired)
            pthread_join(t, NULL);
        if (!settled)
            break;
        acked += paired && second.settled ? 2 : 1;
    }
    return acked;
}

/* Measuring never waits for the backend: each period the new records are spooled as a batch,
 * then spooled batches are POSTed in order until one does not go through. What is spooled
 * survives a backend outage and an agent restart (the next daemon uploads it at start). */
static void *uploader_main(void *arg)
{
    struct pl_uploader *u = arg;
    uint8_t *buf = malloc(u->src.batch_bytes);
    uint32_t seq = 0, acked = 0;
    int last_spooled = 0, backoff = PL_UPLOAD_PERIOD_MS;
    int64_t next_try = 0;
    for (;;) {
        pthread_mutex_lock(&u->mu);
        int finished = u->finished, measuring = u->measuring;
        pthread_mutex_unlock(&u->mu);
        if (u->deadline_ns && !finished && pl_now_ns() > u->deadline_ns)
            pl_cancel_fire(u->cancel, PL_STOP_TIMEOUT);
        /* finished read before the source looks at its records: what it sees then is all there is */
        if (measuring && buf && !last_spooled) {
            /* while measuring goes on, at most a period's worth of spooling before sending */
            int64_t spool_until = pl_now_ns() + PL_UPLOAD_PERIOD_MS * 1000000LL;
            int more = 1;
            while (more && (finished || pl_now_ns() < spool_until)) {
                more = 0;
                size_t len = u->src.next(u->src.ctx, buf, u->job_id, seq, finished, &more);
                if (!len)
                    break;
                spool_batch(u, buf, len, &seq);
                last_spooled = finished && !more; /* the source flagged it last */
            }
            if (finished && !last_spooled) { /* all sent already: an empty batch marks the end */
                pl_batch_put_header(buf, u->job_id, seq, 0, 0, 1);
                spool_batch(u, buf, pl_batch_seal(buf, PL_BATCH_HEADER_BYTES), &seq);
                last_spooled = 1;
            }
        }
        if (pl_now_ns() >= next_try) {
            acked = upload_spooled(u, acked, seq);
            if (acked < seq) { /* the backend is away: back off, measuring goes on */
                next_try = pl_now_ns() + (int64_t)backoff * 1000000;
                backoff = backoff * 2 > RETRY_MAX_MS ? RETRY_MAX_MS : backoff * 2;
            } else {
                backoff = PL_UPLOAD_PERIOD_MS;
            }
        }
        if (finished && (acked == seq || !measuring || !buf))
            break;
        if (finished && pl_http_stopping()) { /* the daemon is going: the spool keeps the rest */
            u->kept += seq - acked;
            pl_log("job %llu: %u batch(es) kept in the spool %s", (unsigned long long)u->job_id,
                   seq - acked, u->agent->spool);
            break;
        }
        /* sleep one period; pl_uploader_finish wakes us early */
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        ts.tv_nsec += PL_UPLOAD_PERIOD_MS * 1000000L;
        if (ts.tv_nsec >= 1000000000L) {
            ts.tv_sec++;
            ts.tv_nsec -= 1000000000L;
        }
        pthread_mutex_lock(&u->mu);
        if (!u->finished || finished) /* after finish: wait out the period before a retry */
            pthread_cond_timedwait(&u->cv, &u->mu, &ts);
        pthread_mutex_unlock(&u->mu);
    }
    if (!buf)
        pl_log("job %llu: out of memory for the batch buffer", (unsigned long long)u->job_id);
    free(buf);
    return NULL;
}

static void setup(struct pl_uploader *u, struct pl_agent *agent, uint64_t job_id,
                  const struct pl_upload_source *src, struct pl_cancel *cancel, int timeout_s)
{
    memset(u, 0, sizeof *u);
    u->agent = agent;
    u->job_id = job_id;
    u->src = *src;
    u->cancel = cancel;
    u->deadline_ns = timeout_s > 0 ? pl_now_ns() + timeout_s * 1000000000LL : 0;
}

static int launch(struct pl_uploader *u)
{
    pthread_mutex_init(&u->mu, NULL);
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&u->cv, &ca);
    pthread_condattr_destroy(&ca);
    if (pthread_create(&u->thread, NULL, uploader_main, u) != 0) {
        pthread_cond_destroy(&u->cv);
        pthread_mutex_destroy(&u->mu);
        return PL_ERR_NOMEM;
    }
    return PL_OK;
}

int pl_uploader_start(struct pl_uploader *u, struct pl_agent *agent, uint64_t job_id,
                      struct pl_trace *tr, struct pl_cancel *cancel, int timeout_s)
{
    struct pl_upload_source src = {.next = next_of_trace, .ctx = u,
                                   .batch_bytes = pl_batch_size_for(tr->side, PL_BATCH_CALLS_PER_BATCH)};
    setup(u, agent, job_id, &src, cancel, timeout_s);
    u->tr = tr;
    return launch(u);
}

int pl_uploader_start_source(struct pl_uploader *u, struct pl_agent *agent, uint64_t job_id,
                             const struct pl_upload_source *src, struct pl_cancel *cancel,
                             int timeout_s)
{
    setup(u, agent, job_id, src, cancel, timeout_s);
    return launch(u);
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
