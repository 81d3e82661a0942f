#include "batch.h"
#include "le_bytes.h"
#include "crc32.h"
#include "pl_clock.h"
#include <string.h>


size_t pl_batch_size_for(enum pl_side side, uint32_t n)
{
    return pl_batch_size(side == PL_SIDE_CLIENT ? n : 0, PL_STEPS_PER_REC_MAX * n);
}

uint8_t *pl_batch_put_step(uint8_t *p, uint32_t call_no, uint16_t code, int64_t start, int64_t end)
{
    put32(p, call_no);
    put16(p + 4, code);
    put16(p + 6, 0);
    put64(p + 8, (uint64_t)start);
    put64(p + 16, (uint64_t)end);
    return p + PL_BATCH_STEP_BYTES;
}

/* Kernel steps of one record as (code, start, end); returns how many. */
static int kernel_steps(const struct pl_trace_rec *r, int client, uint16_t code[4], int64_t se[4][2])
{
    int64_t pairs[4][3];
    int m = 0;
    if (client) {
        pairs[m][0] = PL_STEP_K_C_TX, pairs[m][1] = r->t[0], pairs[m++][2] = r->k_snd;
        pairs[m][0] = PL_STEP_K_C_NET, pairs[m][1] = r->k_snd, pairs[m++][2] = r->k_rx;
        pairs[m][0] = PL_STEP_K_C_RX, pairs[m][1] = r->k_rx, pairs[m++][2] = r->t[2];
        pairs[m][0] = PL_STEP_K_C_SCHED, pairs[m][1] = r->t[0], pairs[m++][2] = r->k_sched;
    } else {
        pairs[m][0] = PL_STEP_K_S_RX, pairs[m][1] = r->k_rx, pairs[m++][2] = r->t[1];
        pairs[m][0] = PL_STEP_K_S_TX, pairs[m][1] = r->t[2], pairs[m++][2] = r->k_snd;
        pairs[m][0] = PL_STEP_K_S_SCHED, pairs[m][1] = r->t[2], pairs[m++][2] = r->k_sched;
    }
    int n = 0;
    for (int i = 0; i < m; i++) {
        if (!pairs[i][1] || !pairs[i][2] || pairs[i][2] < pairs[i][1])
            continue;
        code[n] = (uint16_t)pairs[i][0];
        se[n][0] = pairs[i][1];
        se[n++][1] = pairs[i][2];
    }
    return n;
}

void pl_batch_put_header(uint8_t *buf, uint64_t job_id, uint32_t seq, uint32_t n_calls, uint32_t n_steps,
                         int last)
{
    memcpy(buf, PL_BATCH_MAGIC, 4);
    put16(buf + 4, PL_BATCH_VERSION);
    put16(buf + 6, PL_BATCH_HEADER_BYTES);
    put64(buf + 8, job_id);
    put32(buf + 16, seq);
    put32(buf + 20, n_calls);
    put32(buf + 24, n_steps);
    put32(buf + 28, PL_CLOCK_ID);
    put32(buf + 32, 0);
    put32(buf + 36, last ? PL_BATCH_FLAG_LAST : 0);
    put64(buf + 40, 0);
}

uint8_t *pl_batch_put_call(uint8_t *p, const struct pl_batch_call *c)
{
    put32(p, c->call_no);
    put16(p + 4, c->flags);
    put16(p + 6, c->point_no);
    put64(p + 8, (uint64_t)c->start_ns);
    put64(p + 16, (uint64_t)c->end_ns);
    put32(p + 24, c->request_bytes);
    put32(p + 28, c->response_bytes);
    put16(p + 32, c->thread);
    put16(p + 34, c->retransmits);
    put32(p + 36, 0);
    put64(p + 40, (uint64_t)c->srv_recv_ns);
    put64(p + 48, (uint64_t)c->srv_send_ns);
    put64(p + 56, (uint64_t)c->send_lag_ns);
    return p + PL_BATCH_CALL_BYTES;
}

size_t pl_batch_seal(uint8_t *buf, size_t size)
{
    put32(buf + 32, pl_crc32(0, buf + PL_BATCH_HEADER_BYTES, size - PL_BATCH_HEADER_BYTES));
    return size;
}

size_t pl_batch_encode(uint8_t *buf, uint64_t job_id, uint32_t seq, const struct pl_trace *tr,
                       uint32_t from, uint32_t n, uint16_t point_no, int last)
{
    int client = tr->side == PL_SIDE_CLIENT;
    uint32_t n_calls = client ? n : 0, n_steps = 3 * n;
    uint16_t kc[4];
    int64_t kse[4][2];
    for (uint32_t i = 0; i < n; i++)
        n_steps += (uint32_t)kernel_steps(&tr->recs[from + i], client, kc, kse);
    size_t size = pl_batch_size(n_calls, n_steps);
    pl_batch_put_header(buf, job_id, seq, n_calls, n_steps, last);
    uint8_t *p = buf + PL_BATCH_HEADER_BYTES;
    if (client) {
        for (uint32_t i = 0; i < n; i++) {
            const struct pl_trace_rec *r = &tr->recs[from + i];
            struct pl_batch_call c = {.call_no = r->call_no, .flags = r->flags, .point_no = point_no,
                                      .start_ns = r->t[0], .end_ns = r->t[3],
                                      .request_bytes = r->bytes ? r->bytes : tr->request_bytes, .response_bytes = tr->response_bytes,
                                      .retransmits = r->retransmits, .send_lag_ns = r->send_lag_ns};
            p = pl_batch_put_call(p, &c);
        }
    }
    uint16_t c0 = client ? PL_STEP_C_SEND : PL_STEP_S_WAIT;
    for (uint32_t i = 0; i < n; i++) {
        const struct pl_trace_rec *r = &tr->recs[from + i];
        /* client: send, wait, recv; server: wait, recv, send -- both are t0..t1..t2..t3 */
        p = pl_batch_put_step(p, r->call_no, c0, r->t[0], r->t[1]);
        p = pl_batch_put_step(p, r->call_no, (uint16_t)(c0 + 1), r->t[1], r->t[2]);
        p = pl_batch_put_step(p, r->call_no, (uint16_t)(c0 + 2), r->t[2], r->t[3]);
        int k = kernel_steps(r, client, kc, kse);
        for (int j = 0; j < k; j++)
            p = pl_batch_put_step(p, r->call_no, kc[j], kse[j][0], kse[j][1]);
    }
    return pl_batch_seal(buf, size);
}

int pl_batch_check(const uint8_t *buf, size_t len, uint64_t *job_id, uint32_t *seq)
{
    if (len < PL_BATCH_HEADER_BYTES || memcmp(buf, PL_BATCH_MAGIC, 4) != 0 ||
        get16(buf + 4) < 1 || get16(buf + 4) > PL_BATCH_VERSION || get16(buf + 6) != PL_BATCH_HEADER_BYTES)
        return -1;
    uint32_t n_calls = get32(buf + 20), n_steps = get32(buf + 24);
    uint16_t version = get16(buf + 4); /* spools written by older agents are still uploaded */
    size_t call_bytes = version == 1 ? PL_BATCH_V1_CALL_BYTES : version == 2 ? PL_BATCH_V2_CALL_BYTES
                                                                             : PL_BATCH_CALL_BYTES;
    if (n_calls > PL_BATCH_MAX_CALLS || n_steps > PL_BATCH_MAX_STEPS ||
        len != PL_BATCH_HEADER_BYTES + call_bytes * n_calls + (size_t)PL_BATCH_STEP_BYTES * n_steps)
        return -1;
    if (get32(buf + 32) != pl_crc32(0, buf + PL_BATCH_HEADER_BYTES, len - PL_BATCH_HEADER_BYTES))
        return -1;
    if (job_id)
        *job_id = get64(buf + 8);
    if (seq)
        *seq = get32(buf + 16);
    return 0;
}
