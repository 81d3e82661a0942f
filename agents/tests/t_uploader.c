/* The uploader (uploader.c) with a backend that never answers and the agent stopping: what a job measured is in
 * the spool, each record once, the batches numbered from 0 and only the final one flagged last, for a ping-pong
 * trace and for an RPC client's rounds (rpc_batch.c) alike; the job learns how many batches were kept. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "agent.h"
#include "batch.h"
#include "check.h"
#include "http.h"
#include "pl_error.h"
#include "rpc_batch.h"
#include "spool.h"
#include "uploader.h"
#include "uploader_trace.h"

static uint32_t u32(const uint8_t *p) { return (uint32_t)(p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24); }

/* Read back the spooled batches of job_id: calls[call_no] counts each call record; returns the batch count. */
static uint32_t read_spool(const char *dir, uint64_t job_id, uint32_t *calls, uint32_t n)
{
    struct pl_spool_entry *e;
    size_t count;
    CHECK(pl_spool_list(dir, &e, &count) == PL_OK, "spool listed");
    uint32_t batches = 0;
    for (size_t i = 0; i < count; i++) {
        if (e[i].job_id != job_id)
            continue;
        uint8_t *buf;
        size_t len;
        CHECK(pl_spool_read(e[i].path, &buf, &len) == PL_OK, "%s reads back whole", e[i].path);
        if (!buf)
            continue;
        CHECK(e[i].seq == batches, "batch %u where %u was due: numbered without gaps", e[i].seq, batches);
        int last = (u32(buf + 36) & PL_BATCH_FLAG_LAST) != 0;
        CHECK(last == (i + 1 == count), "batch %u flagged last: %d", e[i].seq, last);
        for (uint32_t k = 0; k < u32(buf + 20); k++) {
            uint32_t no = u32(buf + 48 + PL_BATCH_CALL_BYTES * k);
            CHECK(no < n, "call %u in range", no);
            if (no < n)
                calls[no]++;
        }
        free(buf);
        batches++;
    }
    free(e);
    return batches;
}

static void test_pingpong_trace(struct pl_agent *a)
{
    enum { N = 25000 }; /* more than two batches' worth */
    struct pl_trace tr;
    struct pl_cancel cancel;
    struct pl_uploader up;
    start_on_trace(&up, a, 11, &tr, N, &cancel);
    pl_trace_publish(&tr, 12000);
    usleep(3 * PL_UPLOAD_PERIOD_MS * 1000); /* a few periods with part of the records */
    pl_trace_publish(&tr, N);
    pl_uploader_finish(&up);
    uint32_t *calls = calloc(N, sizeof *calls), once = 0;
    uint32_t batches = read_spool(a->spool, 11, calls, N);
    for (uint32_t i = 0; i < N; i++)
        once += calls[i] == 1;
    CHECK(once == N, "every call once in the spool (%u of %u)", once, (unsigned)N);
    CHECK(batches >= 3 && up.kept == batches && up.batches == batches, "%u batches, %u kept", batches, up.kept);
    free(calls);
    pl_trace_free(&tr);
    pl_cancel_destroy(&cancel);
}

static void complete(struct pl_rpc_load *l, uint32_t t, uint32_t i)
{
    uint32_t per = l->warmup + l->calls;
    struct pl_rpc_crec *r = &l->recs[t * per + i];
    r->call_no = l->call_no_base + t * per + i;
    r->t_start = 2000000 + r->call_no * 100;
    r->t_end = r->t_start + 50;
    r->s[0] = (struct pl_rpc_step){r->t_start, 5};
    r->done = 1;
    atomic_store_explicit(&l->done_by_thread[t], i + 1, memory_order_release);
}

static void test_rpc_client_rounds(struct pl_agent *a)
{
    enum { N = 400 };
    struct pl_rpc_crec *recs = calloc(N, sizeof *recs);
    struct pl_rpc_client_batches b;
    struct pl_cancel cancel;
    pl_cancel_init(&cancel);
    CHECK(pl_rpc_client_batches_init(&b, recs, N) == PL_OK, "batches");
    struct pl_upload_source src = pl_rpc_client_source(&b);
    struct pl_uploader up;
    CHECK(pl_uploader_start_source(&up, a, 12, &src, &cancel, 0) == PL_OK, "started");
    pl_uploader_measuring(&up);
    /* two rounds of 2 threads x 100 calls; the uploader takes some while they run */
    for (uint32_t r = 0; r < 2; r++) {
        struct pl_rpc_load l = {.threads = 2, .calls = 100, .call_no_base = r * 200, .recs = recs + r * 200};
        pl_rpc_client_round_start(&b, &l);
        for (uint32_t i = 0; i < 100; i++) {
            complete(&l, 0, i);
            complete(&l, 1, i);
            if (i % 50 == 49)
                usleep(PL_UPLOAD_PERIOD_MS * 1000 + 50000);
        }
        pl_rpc_client_round_end(&b, &l);
    }
    pl_uploader_finish(&up);
    uint32_t calls[N] = {0}, once = 0;
    uint32_t batches = read_spool(a->spool, 12, calls, N);
    for (uint32_t i = 0; i < N; i++)
        once += calls[i] == 1;
    CHECK(once == N, "every call once in the spool (%u of %u)", once, (unsigned)N);
    CHECK(batches >= 2 && up.kept == batches, "%u batches, %u kept", batches, up.kept);
    pl_rpc_client_batches_free(&b);
    free(recs);
    pl_cancel_destroy(&cancel);
}

int main(void)
{
    char dir[] = "/tmp/t_uploader-XXXXXX";
    struct pl_agent a;
    agent_on_temp_spool(&a, dir, "http://127.0.0.1:1"); /* nothing listens: every POST fails */
    pl_http_begin_shutdown(); /* the agent is stopping: a finished job keeps what was not sent in the spool */
    test_pingpong_trace(&a);
    test_rpc_client_rounds(&a);
    remove_temp_spool(dir);
    return check_result("t_uploader");
}
