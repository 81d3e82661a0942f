#include "rpc_upload.h"
#include "batch.h"
#include "pl_error.h"
#include "pl_log.h"
#include "spool.h"

#include <stdlib.h>

/* steps of one call in a batch, at most: a client call's steps and kernel points, or a server call's and k.s.rx */
#define STEPS_PER_CALL \
    (PL_RPC_CSTEPS + PL_RPC_KSTEPS > PL_RPC_SSTEPS + 1 ? PL_RPC_CSTEPS + PL_RPC_KSTEPS : PL_RPC_SSTEPS + 1)
/* a step added to agents/steps.toml grows them: a full batch must still fit the format's step limit */
_Static_assert((uint64_t)PL_RPC_CALLS_PER_BATCH * STEPS_PER_CALL <= PL_BATCH_MAX_STEPS,
               "PL_RPC_CALLS_PER_BATCH calls of STEPS_PER_CALL steps exceed PL_BATCH_MAX_STEPS");

static size_t buf_bytes(void)
{
    return pl_batch_size(PL_RPC_CALLS_PER_BATCH, PL_RPC_CALLS_PER_BATCH * STEPS_PER_CALL);
}

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

int pl_rpc_uploader_init(struct pl_rpc_uploader *u, struct pl_agent *a, uint64_t job_id)
{
    *u = (struct pl_rpc_uploader){.agent = a, .job_id = job_id};
    u->buf = malloc(buf_bytes());
    return u->buf ? PL_OK : PL_ERR_NOMEM;
}

void pl_rpc_uploader_free(struct pl_rpc_uploader *u)
{
    free(u->buf);
    u->buf = NULL;
}

size_t pl_rpc_encode_client(uint8_t *buf, uint64_t job_id, uint32_t seq, const struct pl_rpc_crec *recs,
                            uint32_t n, int last)
{
    uint32_t n_calls = 0, n_steps = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (!recs[i].done)
            continue;
        n_calls++;
        for (int k = 0; k < PL_RPC_CSTEPS; k++)
            n_steps += recs[i].s[k].start != 0;
        uint16_t kc[PL_RPC_KSTEPS];
        int64_t kf[PL_RPC_KSTEPS], kt[PL_RPC_KSTEPS];
        n_steps += (uint32_t)pl_rpc_kernel_steps(&recs[i], kc, kf, kt);
    }
    uint8_t *p = buf + PL_BATCH_HEADER_BYTES;
    for (uint32_t i = 0; i < n; i++) {
        const struct pl_rpc_crec *r = &recs[i];
        if (!r->done)
            continue;
        struct pl_batch_call c = {.call_no = r->call_no, .flags = r->flags, .point_no = r->point_no,
                                  .thread = r->thread, .start_ns = r->t_start, .end_ns = r->t_end,
                                  .request_bytes = r->req_bytes, .response_bytes = r->resp_bytes,
                                  .srv_recv_ns = r->srv_recv, .srv_send_ns = r->srv_send};
        p = pl_batch_put_call(p, &c);
    }
    for (uint32_t i = 0; i < n; i++) {
        const struct pl_rpc_crec *r = &recs[i];
        for (int k = 0; r->done && k < PL_RPC_CSTEPS; k++)
            if (r->s[k].start)
                p = pl_batch_put_step(p, r->call_no, (uint16_t)(PL_RPC_CSTEP_BASE + k), r->s[k].start,
                                      r->s[k].start + r->s[k].dur);
        uint16_t kc[PL_RPC_KSTEPS];
        int64_t kf[PL_RPC_KSTEPS], kt[PL_RPC_KSTEPS];
        int nk = r->done ? pl_rpc_kernel_steps(r, kc, kf, kt) : 0;
        for (int k = 0; k < nk; k++)
            p = pl_batch_put_step(p, r->call_no, kc[k], kf[k], kt[k]);
    }
    pl_batch_put_header(buf, job_id, seq, n_calls, n_steps, last);
    return pl_batch_seal(buf, pl_batch_size(n_calls, n_steps));
}

size_t pl_rpc_encode_server(uint8_t *buf, uint64_t job_id, uint32_t seq, const struct pl_rpc_srec *recs,
                            uint32_t from, uint32_t n, int last)
{
    uint32_t n_steps = 0;
    uint8_t *p = buf + PL_BATCH_HEADER_BYTES;
    for (uint32_t i = from; i < from + n; i++) {
        const struct pl_rpc_srec *r = &recs[i];
        for (int k = 0; atomic_load(&r->done) && k < PL_RPC_SSTEPS; k++)
            if (r->s[k].start) {
                p = pl_batch_put_step(p, i, (uint16_t)(PL_RPC_SSTEP_BASE + k), r->s[k].start,
                                      r->s[k].start + r->s[k].dur);
                n_steps++;
            }
    }
    pl_batch_put_header(buf, job_id, seq, 0, n_steps, last);
    return pl_batch_seal(buf, pl_batch_size(0, n_steps));
}

static void send_batch(struct pl_rpc_uploader *u, size_t len)
{
    char path[600], err[600];
    if (pl_spool_write(u->agent->spool, u->job_id, u->seq, u->buf, len, path, sizeof path, err, sizeof err) != PL_OK)
        pl_log("job %llu: %s (uploading without spool copy)", (unsigned long long)u->job_id, err);
    u->seq++;
    u->batches++;
    int rc = pl_agent_upload_batch(u->agent, path, u->job_id, u->buf, len);
    if (rc == PL_ERR_REJECTED)
        u->rejected++;
    else if (rc != PL_OK)
        u->kept++;
}

void pl_rpc_upload_client(struct pl_rpc_uploader *u, const struct pl_rpc_crec *recs, uint32_t n, int last)
{
    uint32_t i = 0;
    do {
        uint32_t k = n - i > PL_RPC_CALLS_PER_BATCH ? PL_RPC_CALLS_PER_BATCH : n - i;
        send_batch(u, pl_rpc_encode_client(u->buf, u->job_id, u->seq, recs + i, k, last && i + k == n));
        i += k;
    } while (i < n);
}

void pl_rpc_upload_server(struct pl_rpc_uploader *u, const struct pl_rpc_srec *recs, uint32_t n)
{
    uint32_t i = 0;
    do {
        uint32_t k = n - i > PL_RPC_CALLS_PER_BATCH ? PL_RPC_CALLS_PER_BATCH : n - i;
        send_batch(u, pl_rpc_encode_server(u->buf, u->job_id, u->seq, recs, i, k, i + k == n));
        i += k;
    } while (i < n);
}

uint32_t pl_rpc_upload_server_done(struct pl_rpc_uploader *u, const struct pl_rpc_srec *recs, uint8_t *sent,
                                   uint32_t n, uint32_t *low, int last)
{
    uint32_t in_batch = 0, n_steps = 0, total = 0;
    uint8_t *p = u->buf + PL_BATCH_HEADER_BYTES;
    for (uint32_t i = *low; i < n; i++) {
        const struct pl_rpc_srec *r = &recs[i];
        if (sent[i] || !atomic_load_explicit(&r->done, memory_order_acquire))
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
        sent[i] = 1;
        total++;
        if (++in_batch == PL_RPC_CALLS_PER_BATCH) {
            pl_batch_put_header(u->buf, u->job_id, u->seq, 0, n_steps, 0);
            send_batch(u, pl_batch_seal(u->buf, pl_batch_size(0, n_steps)));
            in_batch = n_steps = 0;
            p = u->buf + PL_BATCH_HEADER_BYTES;
        }
    }
    if (in_batch || last) {
        pl_batch_put_header(u->buf, u->job_id, u->seq, 0, n_steps, last);
        send_batch(u, pl_batch_seal(u->buf, pl_batch_size(0, n_steps)));
    }
    while (*low < n && sent[*low])
        (*low)++;
    return total;
}
