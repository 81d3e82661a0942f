/* The RPC job's upload sources (rpc_batch.c): every completed record in exactly one batch, with its fields and
 * steps at the format's offsets, whatever the order the uploader asks in; the last batch flagged last. */
#include <stdlib.h>
#include <string.h>
#include "batch.h"
#include "check.h"
#include "pl_error.h"
#include "rpc_batch.h"

static uint16_t u16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }
static uint32_t u32(const uint8_t *p) { return u16(p) | (uint32_t)u16(p + 2) << 16; }
static int64_t i64(const uint8_t *p) { return (int64_t)(u32(p) | (uint64_t)u32(p + 4) << 32); }

/* What the batches of one source held, per call number. */
struct seen {
    uint32_t n;
    uint32_t *calls, *steps; /* times each call_no came as a call record, steps per call_no */
    uint32_t batches, lasts, last_seq, bad;
    uint32_t next_seq;
};

static void seen_init(struct seen *s, uint32_t n)
{
    memset(s, 0, sizeof *s);
    s->n = n;
    s->calls = calloc(n, sizeof *s->calls);
    s->steps = calloc(n, sizeof *s->steps);
}

static void seen_free(struct seen *s)
{
    free(s->calls);
    free(s->steps);
}

/* Ask src until it has nothing; check and count every batch. */
static void drain(struct pl_upload_source *src, uint8_t *buf, struct seen *s, int final)
{
    for (int more = 1; more;) {
        more = 0;
        size_t len = src->next(src->ctx, buf, 77, s->next_seq, final, &more);
        if (!len)
            return;
        int last = final && !more;
        CHECK(len <= src->batch_bytes, "batch of %zu bytes, buffer %zu", len, src->batch_bytes);
        uint64_t job;
        uint32_t seq;
        CHECK(pl_batch_check(buf, len, &job, &seq) == 0 && job == 77 && seq == s->next_seq, "batch %u valid",
              s->next_seq);
        CHECK(!!(u32(buf + 36) & PL_BATCH_FLAG_LAST) == last, "flagged last when final and no more");
        uint32_t n_calls = u32(buf + 20), n_steps = u32(buf + 24);
        CHECK(n_calls <= PL_RPC_CALLS_PER_BATCH, "%u calls in a batch", n_calls);
        for (uint32_t i = 0; i < n_calls; i++) {
            uint32_t no = u32(buf + 48 + 64 * i);
            if (no < s->n)
                s->calls[no]++;
            else
                s->bad++;
        }
        for (uint32_t i = 0; i < n_steps; i++) {
            const uint8_t *st = buf + 48 + 64 * n_calls + 24 * i;
            uint32_t no = u32(st);
            if (no < s->n && i64(st + 16) >= i64(st + 8))
                s->steps[no]++;
            else
                s->bad++;
        }
        s->batches++;
        s->next_seq++;
        if (last) {
            s->lasts++;
            s->last_seq = seq;
            return;
        }
    }
}

/* A client call as a worker of the load leaves it: 3 steps, 2 kernel steps, the server's times. */
static void complete(struct pl_rpc_load *l, uint32_t t, uint32_t i)
{
    uint32_t per = l->warmup + l->calls;
    struct pl_rpc_crec *r = &l->recs[t * per + i];
    r->call_no = l->call_no_base + t * per + i;
    r->thread = (uint16_t)t;
    r->point_no = l->point_no;
    r->t_start = 5000000000LL + r->call_no * 100;
    r->t_end = r->t_start + 90;
    r->srv_recv = r->t_start + 20, r->srv_send = r->t_start + 60;
    r->req_bytes = 64, r->resp_bytes = 32;
    r->s[0] = (struct pl_rpc_step){r->t_start, 5};
    r->s[3] = (struct pl_rpc_step){r->t_start + 10, 7};
    r->s[PL_RPC_CSTEPS - 1] = (struct pl_rpc_step){r->t_start + 80, 3};
    r->k_send = r->t_start + 1, r->k_snd = r->t_start + 4, r->k_rx = r->t_start + 70, r->k_rx_ret = 0;
    r->done = 1;
    atomic_store_explicit(&l->done_by_thread[t], i + 1, memory_order_release);
}

static void test_client_rounds(void)
{
    enum { N = 100 };
    struct pl_rpc_crec *recs = calloc(N, sizeof *recs);
    struct pl_rpc_client_batches b;
    CHECK(pl_rpc_client_batches_init(&b, recs, N) == PL_OK, "init");
    struct pl_upload_source src = pl_rpc_client_source(&b);
    uint8_t *buf = malloc(src.batch_bytes);
    struct seen s;
    seen_init(&s, N);

    /* round 1: 3 threads of 1 + 5 calls at 10..27; the uploader asks while they run */
    struct pl_rpc_load l = {.threads = 3, .calls = 5, .warmup = 1, .point_no = 2, .call_no_base = 10,
                            .recs = recs + 10};
    pl_rpc_client_round_start(&b, &l);
    drain(&src, buf, &s, 0);
    CHECK(s.batches == 0, "nothing done, no batch");
    for (uint32_t i = 0; i < 4; i++)
        complete(&l, 0, i);
    complete(&l, 2, 0);
    drain(&src, buf, &s, 0);
    CHECK(s.batches == 1 && s.calls[10] == 1 && s.calls[13] == 1 && s.calls[22] == 1 && s.calls[14] == 0,
          "the published records, in one batch (%u)", s.batches);
    for (uint32_t i = 4; i < 6; i++)
        complete(&l, 0, i);
    for (uint32_t i = 0; i < 6; i++)
        complete(&l, 1, i);
    /* thread 2 stops after 3 calls (cancelled): the rest of its slice is never done */
    complete(&l, 2, 1);
    complete(&l, 2, 2);
    pl_rpc_client_round_end(&b, &l);

    /* round 2 of the next point further on (a gap of rounds never run), 1 thread */
    struct pl_rpc_load l2 = {.threads = 1, .calls = 8, .warmup = 0, .point_no = 3, .call_no_base = 60,
                             .recs = recs + 60};
    pl_rpc_client_round_start(&b, &l2);
    for (uint32_t i = 0; i < 3; i++)
        complete(&l2, 0, i);
    drain(&src, buf, &s, 0); /* round 1's rest, round 2's first three */
    for (uint32_t i = 3; i < 8; i++)
        complete(&l2, 0, i);
    pl_rpc_client_round_end(&b, &l2);
    drain(&src, buf, &s, 1);
    CHECK(s.lasts == 1 && s.last_seq == s.batches - 1, "one last batch, the final one");
    drain(&src, buf, &s, 1);
    CHECK(s.lasts == 1, "nothing after the last batch");

    uint32_t calls = 0;
    for (uint32_t no = 0; no < N; no++) {
        int done = recs[no].done;
        CHECK(s.calls[no] == (uint32_t)done, "call %u went %u times (done %d)", no, s.calls[no], done);
        /* steps 0, 3 and the last; kernel: tx (send→snd), net (snd→rx); rx needs k_rx_ret */
        CHECK(s.steps[no] == (done ? 5u : 0u), "call %u has %u steps", no, s.steps[no]);
        calls += done;
    }
    CHECK(calls == 6 + 6 + 3 + 8 && s.bad == 0, "%u calls, %u out of range", calls, s.bad);
    seen_free(&s);

    /* the wire format of one call record and its first step (docs/protocol.md, Trace batch version 3) */
    struct pl_rpc_load one = {.threads = 1, .calls = 1, .point_no = 7, .call_no_base = 99, .recs = recs + 99};
    complete(&one, 0, 0);
    recs[99].flags = PL_CALL_FIRST;
    recs[99].send_lag_ns = 1234567;
    pl_rpc_client_round_start(&b, &one);
    int more = 0;
    size_t len = src.next(src.ctx, buf, 5, 42, 0, &more);
    const uint8_t *c = buf + 48, *st = buf + 48 + 64;
    CHECK(len == 48 + 64 + 24 * 5 && !more && !(u32(buf + 36) & PL_BATCH_FLAG_LAST), "one call, five steps (%zu)",
          len);
    CHECK(u32(c) == 99 && u16(c + 4) == PL_CALL_FIRST && u16(c + 6) == 7 && i64(c + 8) == recs[99].t_start &&
              i64(c + 16) == recs[99].t_end && u32(c + 24) == 64 && u32(c + 28) == 32 && u16(c + 32) == 0 &&
              i64(c + 40) == recs[99].srv_recv && i64(c + 48) == recs[99].srv_send && i64(c + 56) == 1234567,
          "the call record's fields");
    CHECK(u32(st) == 99 && u16(st + 4) == PL_RPC_CSTEP_BASE && i64(st + 8) == recs[99].t_start &&
              i64(st + 16) == recs[99].t_start + 5,
          "its first step");
    pl_rpc_client_round_end(&b, &one);
    free(buf);
    pl_rpc_client_batches_free(&b);
    free(recs);
}

static void test_client_full_batches(void)
{
    enum { N = 2 * PL_RPC_CALLS_PER_BATCH + 5 };
    struct pl_rpc_crec *recs = calloc(N, sizeof *recs);
    struct pl_rpc_client_batches b;
    CHECK(pl_rpc_client_batches_init(&b, recs, N) == PL_OK, "init");
    struct pl_upload_source src = pl_rpc_client_source(&b);
    uint8_t *buf = malloc(src.batch_bytes);
    struct seen s;
    seen_init(&s, N);
    struct pl_rpc_load l = {.threads = 1, .calls = N, .recs = recs};
    pl_rpc_client_round_start(&b, &l);
    for (uint32_t i = 0; i < N; i++)
        complete(&l, 0, i);
    drain(&src, buf, &s, 0);
    CHECK(s.batches == 3 && s.lasts == 0, "two full batches and the rest (%u)", s.batches);
    pl_rpc_client_round_end(&b, &l);
    drain(&src, buf, &s, 1);
    CHECK(s.batches == 3 && s.lasts == 0, "nothing left to take: the uploader's empty batch will end it");
    uint32_t once = 0;
    for (uint32_t no = 0; no < N; no++)
        once += s.calls[no] == 1;
    CHECK(once == N, "every call once (%u of %u)", once, (unsigned)N);
    seen_free(&s);
    free(buf);
    pl_rpc_client_batches_free(&b);
    free(recs);
}

static void serve(struct pl_rpc_srec *r, int64_t t, int with_rx)
{
    for (int k = 0; k < 4; k++)
        r->s[k] = (struct pl_rpc_step){t + k * 10, 4};
    if (with_rx)
        r->k_rx = t - 5, r->k_rx_ret = t - 1;
    atomic_store_explicit(&r->done, 1, memory_order_release);
}

static void test_server_out_of_order(void)
{
    enum { N = 30 };
    struct pl_rpc_srec *recs = calloc(N, sizeof *recs);
    struct pl_rpc_server_batches b;
    CHECK(pl_rpc_server_batches_init(&b, recs, N) == PL_OK, "init");
    struct pl_upload_source src = pl_rpc_server_source(&b);
    uint8_t *buf = malloc(src.batch_bytes);
    struct seen s;
    seen_init(&s, N);
    /* executors finish calls out of order; 4 is never received */
    int order[] = {1, 0, 3, 2, 6, 5};
    for (int i = 0; i < 6; i++)
        serve(&recs[order[i]], 7000 + order[i] * 100, order[i] % 2);
    drain(&src, buf, &s, 0);
    CHECK(s.batches == 1 && b.low == 4, "one batch, the never-done record holds the low mark (%u)", b.low);
    for (int i = 7; i < N; i++)
        serve(&recs[i], 7000 + i * 100, 0);
    drain(&src, buf, &s, 1);
    CHECK(s.lasts == 1 && s.batches == 2, "the rest in the last batch (%u batches)", s.batches);
    drain(&src, buf, &s, 1);
    CHECK(s.batches == 2, "then nothing");
    for (uint32_t no = 0; no < N; no++) {
        uint32_t want = no == 4 ? 0 : 4 + (no < 7 && no % 2 ? 1 : 0); /* four steps, k.s.rx when stamped */
        CHECK(s.steps[no] == want && s.calls[no] == 0, "call %u: %u steps, want %u", no, s.steps[no], want);
    }
    CHECK(s.bad == 0, "no step out of range");
    seen_free(&s);
    free(buf);
    pl_rpc_server_batches_free(&b);
    free(recs);
}

int main(void)
{
    test_client_rounds();
    test_client_full_batches();
    test_server_out_of_order();
    return check_result("t_rpc_batch");
}
