/* Binary trace batch (docs/protocol.md "Trace batch"), little-endian. */
#ifndef PL_BATCH_H
#define PL_BATCH_H
#include <stddef.h>
#include <stdint.h>
#include "steps.h" /* the step codes (enum pl_step_code), generated from agents/steps.toml */
#include "trace.h"

#define PL_BATCH_MAGIC "PLTB"
#define PL_BATCH_VERSION 3
#define PL_BATCH_HEADER_BYTES 48
#define PL_BATCH_CALL_BYTES 64    /* version 3: + send lag (open-loop arrivals) */
#define PL_BATCH_V2_CALL_BYTES 56 /* version 2: + thread, server receive and send times (old spools) */
#define PL_BATCH_V1_CALL_BYTES 32 /* version 1 (still read back from old spools) */
#define PL_BATCH_STEP_BYTES 24
#define PL_BATCH_MAX_CALLS 65536u
#define PL_BATCH_MAX_STEPS 262144u
#define PL_BATCH_FLAG_LAST 0x1
/* what the uploader puts in one batch (3 steps per call keeps it under the step limit) */
#define PL_BATCH_CALLS_PER_BATCH 10000u

#define PL_STEPS_PER_REC_MAX 7 /* 3 user steps + up to 4 kernel steps */

static inline size_t pl_batch_size(uint32_t n_calls, uint32_t n_steps)
{
    return PL_BATCH_HEADER_BYTES + (size_t)PL_BATCH_CALL_BYTES * n_calls +
           (size_t)PL_BATCH_STEP_BYTES * n_steps;
}

/* One call record (version 3). srv_* are the server's clock (0: unknown). */
struct pl_batch_call {
    uint32_t call_no, request_bytes, response_bytes;
    uint16_t flags, point_no, thread;
    uint16_t retransmits; /* UDP RPC: the runtime's retransmissions; TCP: tcpi_total_retrans increase; 0 = none */
    int64_t start_ns, end_ns, srv_recv_ns, srv_send_ns;
    int64_t send_lag_ns; /* open-loop arrivals: send start - intended send time (>= 0); 0 closed-loop */
};
void pl_batch_put_header(uint8_t *buf, uint64_t job_id, uint32_t seq, uint32_t n_calls, uint32_t n_steps,
                         int last);
uint8_t *pl_batch_put_call(uint8_t *p, const struct pl_batch_call *c);
uint8_t *pl_batch_put_step(uint8_t *p, uint32_t call_no, uint16_t code, int64_t start, int64_t end);
/* CRC of the payload into the header once calls and steps are in; returns size. */
size_t pl_batch_seal(uint8_t *buf, size_t size);

/* Bytes needed to encode n trace records of the given side. */
size_t pl_batch_size_for(enum pl_side side, uint32_t n);

/* Encode records [from, from+n) of tr into buf (pl_batch_size_for bytes).
 * Client: n call records + 3n steps; server: 0 call records + 3n steps; plus a kernel step
 * for every kernel stamp pair present (a pair the clock conversion put out of order is left
 * out). Returns the size. */
size_t pl_batch_encode(uint8_t *buf, uint64_t job_id, uint32_t seq, const struct pl_trace *tr,
                       uint32_t from, uint32_t n, uint16_t point_no, int last);

/* Check magic, version, sizes and crc of an encoded batch. 0 if valid. */
int pl_batch_check(const uint8_t *buf, size_t len, uint64_t *job_id, uint32_t *seq);

#endif
