/* RPC records into trace batches, for the job's pl_uploader (rpc_batch.h). */
#include "rpc_batch.h"
#include "batch.h"
#include "pl_error.h"

#include <stdlib.h>
#include <string.h>

/* steps of one call in a batch, at most: a client call's steps and kernel points, or a server call's and k.s.rx */
#define CLIENT_STEPS_PER_CALL (PL_RPC_CSTEPS + PL_RPC_KSTEPS)
#define SERVER_STEPS_PER_CALL (PL_RPC_SSTEPS + 1)
/* a step added to agents/steps.toml grows them: a full batch must still fit the format's step limit */
_Static_assert((uint64_t)PL_RPC_CALLS_PER_BATCH * CLIENT_STEPS_PER_CALL <= PL_BATCH_MAX_STEPS &&
                   (uint64_t)PL_RPC_CALLS_PER_BATCH * SERVER_STEPS_PER_CALL <= PL_BATCH_MAX_STEPS,
               "PL_RPC_CALLS_PER_BATCH calls of their most steps exceed PL_BATCH_MAX_STEPS");

int pl_rpc_kernel_steps(const struct pl_rpc_crec *r, uint16_t code[PL_RPC_KSTEPS], int64_t from[PL_RPC_KSTEPS],
                        int64_t to[PL_RPC_KSTEPS])
{
    static const uint16_t codes[PL_RPC_KSTEPS] = {PL_STEP_K_C_TX, PL_STEP_K_C_NET, PL_STEP_K_C_RX,
                                                  PL_STEP_K_C_SCHED};
    const int64_t pairs[PL_RPC_KSTEPS][2] = {{r->k_send, r->k_snd}, {r->k_snd, r->k_rx}, {r->k_rx, r->k_rx_ret},
                                            {r->k_send, r->k_sched}};
    int n = 0;
    for (int i = 0; i < PL_RPC_KSTEPS; i++)
        if (pairs[i][0] && pairs[i][1] && pairs[i][0] <= pairs[i][1]) { /* out of order: a conversion error */
            code[n] = codes[i];
            from[n] = pairs[i][0];
            to[n++] = pairs[i][1];
        }
    return n;
}

/* ---- client ---- */

/* The calls recs[picks[0..n)], then the steps of each (its steps that happened, then its kernel points). */
static size_t encode_client(uint8_t *buf, uint64_t job_id, uint32_t seq, const struct pl_rpc_crec *recs,
                            const uint32_t *picks, uint32_t n, int last)
{
    uint8_t *p = buf + PL_BATCH_HEADER_BYTES;
    for (uint32_t i = 0; i < n; i++) {
        const struct pl_rpc_crec *r = &recs[picks[i]];
        struct pl_batch_call c = {.call_no = r->call_no, .flags = r->flags, .point_no = r->point_no,
                                  .thread = r->thread, .start_ns = r->t_start, .end_ns = r->t_end,
                                  .request_bytes = r->req_bytes, .response_bytes = r->resp_bytes,
                                  .srv_recv_ns = r->srv_recv, .srv_send_ns = r->srv_send,
                                  .retransmits = r->retransmits, .send_lag_ns = r->send_lag_ns};
        p = pl_batch_put_call(p, &c);
    }
    uint32_t n_steps = 0;
    for (uint32_t i = 0; i < n; i++) {
        const struct pl_rpc_crec *r = &recs[picks[i]];
        for (int k = 0; k < PL_RPC_CSTEPS; k++)
            if (r->s[k].start) {
                p = pl_batch_put_step(p, r->call_no, (uint16_t)(PL_RPC_CSTEP_BASE + k), r->s[k].start,
                                      r->s[k].start + r->s[k].dur);
                n_steps++;
            }
        uint16_t kc[PL_RPC_KSTEPS];
        int64_t kf[PL_RPC_KSTEPS], kt[PL_RPC_KSTEPS];
        int nk = pl_rpc_kernel_steps(r, kc, kf, kt);
        for (int k = 0; k < nk; k++)
            p = pl_batch_put_step(p, r->call_no, kc[k], kf[k], kt[k]);
        n_steps += (uint32_t)nk;
    }
    pl_batch_put_header(buf, job_id, seq, n, n_steps, last);
    return pl_batch_seal(buf, pl_batch_size(n, n_steps));
}

static void pick(struct pl_rpc_client_batches *b, const struct pl_rpc_crec *r, uint32_t *n)
{
    size_t i = (size_t)(r - b->recs);
    if (r->done && i < b->n && !b->taken[i]) { /* a call cancelled before it began is not done */
        b->taken[i] = 1;
        b->picks[(*n)++] = (uint32_t)i;
    }
}

static size_t client_next(void *ctx, uint8_t *buf, uint64_t job_id, uint32_t seq, int final, int *more)
{
    struct pl_rpc_client_batches *b = ctx;
    uint32_t n = 0;
    pthread_mutex_lock(&b->mu);
    /* the rounds that ended first (what their threads left after the last period), in call order */
    while (b->low < b->ended && n < PL_RPC_CALLS_PER_BATCH)
        pick(b, &b->recs[b->low++], &n);
    /* then the running round: each thread's records up to the count it published */
    struct pl_rpc_load *l = b->live;
    for (uint32_t t = 0; l && t < l->threads && n < PL_RPC_CALLS_PER_BATCH; t++) {
        uint32_t per = l->warmup + l->calls;
        uint32_t done = atomic_load_explicit(&l->done_by_thread[t], memory_order_acquire);
        while (b->seen[t] < done && n < PL_RPC_CALLS_PER_BATCH)
            pick(b, &l->recs[(size_t)t * per + b->seen[t]++], &n);
    }
    pthread_mutex_unlock(&b->mu);
    if (n == 0)
        return 0;
    /* published records do not change: encoded outside the lock, the next round need not wait */
    *more = n == PL_RPC_CALLS_PER_BATCH;
    return encode_client(buf, job_id, seq, b->recs, b->picks, n, final && !*more);
}

int pl_rpc_client_batches_init(struct pl_rpc_client_batches *b, const struct pl_rpc_crec *recs, uint32_t n)
{
    memset(b, 0, sizeof *b);
    b->recs = recs;
    b->n = n;
    b->taken = calloc(n ? n : 1, 1);
    b->picks = malloc(PL_RPC_CALLS_PER_BATCH * sizeof *b->picks);
    if (!b->taken || !b->picks) {
        free(b->taken);
        free(b->picks);
        return PL_ERR_NOMEM;
    }
    pthread_mutex_init(&b->mu, NULL);
    return PL_OK;
}

void pl_rpc_client_batches_free(struct pl_rpc_client_batches *b)
{
    pthread_mutex_destroy(&b->mu);
    free(b->taken);
    free(b->picks);
    b->taken = NULL;
    b->picks = NULL;
}

void pl_rpc_client_round_start(struct pl_rpc_client_batches *b, struct pl_rpc_load *l)
{
    pthread_mutex_lock(&b->mu);
    b->live = l;
    memset(b->seen, 0, sizeof b->seen);
    pthread_mutex_unlock(&b->mu);
}

void pl_rpc_client_round_end(struct pl_rpc_client_batches *b, struct pl_rpc_load *l)
{
    uint64_t end = (uint64_t)l->call_no_base + pl_rpc_load_calls(l);
    pthread_mutex_lock(&b->mu);
    b->live = NULL;
    if (end > b->n)
        end = b->n;
    if (end > b->ended) /* rounds run in call-number order: all below end is final now */
        b->ended = (uint32_t)end;
    pthread_mutex_unlock(&b->mu);
}

struct pl_upload_source pl_rpc_client_source(struct pl_rpc_client_batches *b)
{
    return (struct pl_upload_source){
        .next = client_next, .ctx = b,
        .batch_bytes = pl_batch_size(PL_RPC_CALLS_PER_BATCH, PL_RPC_CALLS_PER_BATCH * CLIENT_STEPS_PER_CALL)};
}

/* ---- server ---- */

/* The steps of the done records not taken yet (at most a batch's worth), in call order. */
static size_t server_next(void *ctx, uint8_t *buf, uint64_t job_id, uint32_t seq, int final, int *more)
{
    struct pl_rpc_server_batches *b = ctx;
    uint32_t calls = 0, n_steps = 0;
    uint8_t *p = buf + PL_BATCH_HEADER_BYTES;
    for (uint32_t i = b->low; i < b->n && calls < PL_RPC_CALLS_PER_BATCH; i++) {
        const struct pl_rpc_srec *r = &b->recs[i];
        if (b->taken[i] || !atomic_load_explicit(&r->done, memory_order_acquire))
            continue; /* a record is final once done: nothing probes it after that */
        for (int k = 0; k < PL_RPC_SSTEPS; k++)
            if (r->s[k].start) {
                p = pl_batch_put_step(p, i, (uint16_t)(PL_RPC_SSTEP_BASE + k), r->s[k].start,
                                      r->s[k].start + r->s[k].dur);
                n_steps++;
            }
        if (r->k_rx && r->k_rx_ret) {
            p = pl_batch_put_step(p, i, PL_STEP_K_S_RX, r->k_rx, r->k_rx_ret);
            n_steps++;
        }
        b->taken[i] = 1;
        calls++;
    }
    while (b->low < b->n && b->taken[b->low])
        b->low++;
    if (calls == 0)
        return 0;
    *more = calls == PL_RPC_CALLS_PER_BATCH;
    pl_batch_put_header(buf, job_id, seq, 0, n_steps, final && !*more);
    return pl_batch_seal(buf, pl_batch_size(0, n_steps));
}

int pl_rpc_server_batches_init(struct pl_rpc_server_batches *b, const struct pl_rpc_srec *recs, uint32_t n)
{
    memset(b, 0, sizeof *b);
    b->recs = recs;
    b->n = n;
    b->taken = calloc(n ? n : 1, 1);
    return b->taken ? PL_OK : PL_ERR_NOMEM;
}

void pl_rpc_server_batches_free(struct pl_rpc_server_batches *b)
{
    free(b->taken);
    b->taken = NULL;
}

struct pl_upload_source pl_rpc_server_source(struct pl_rpc_server_batches *b)
{
    return (struct pl_upload_source){
        .next = server_next, .ctx = b,
        .batch_bytes = pl_batch_size(0, PL_RPC_CALLS_PER_BATCH * SERVER_STEPS_PER_CALL)};
}
