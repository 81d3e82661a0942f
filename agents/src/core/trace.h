/* In-memory trace of one job: one record per call (client) or request (server),
 * allocated and touched for the whole job before the first call so the measured
 * path only stores four timestamps and then publishes the count. */
#ifndef PL_TRACE_H
#define PL_TRACE_H
#include <stdatomic.h>
#include <stdint.h>

#include "call_flags.h" /* PL_CALL_WARMUP, PL_CALL_FIRST, PL_CALL_ERROR, PL_CALL_SLOW_START */

enum pl_side { PL_SIDE_CLIENT = 0, PL_SIDE_SERVER = 1 };

/* Client: t[0] send enter, t[1] send exit = recv enter, t[2] first bytes, t[3] whole reply.
 * Server: t[0] recv enter, t[1] first bytes, t[2] whole request = send enter, t[3] send exit. */
struct pl_trace_rec {
    int64_t t[4];
    /* kernel software stamps (ktstamp.h), CLOCK_MONOTONIC ns, 0 = none: the own message's
     * SCHED and SND (last byte) stamps, the received message's RX stamp (first bytes) */
    int64_t k_sched, k_snd, k_rx;
    uint32_t call_no;
    uint16_t flags;
    uint16_t retransmits; /* client, TCP: the socket's tcpi_total_retrans increase across the call */
    uint32_t bytes; /* bytes moved when they vary per record (stream intervals); 0 = request_bytes */
    int64_t send_lag_ns; /* open-loop arrivals (arrivals.h): t[0] - the intended send time, >= 0; 0 closed-loop */
};

struct pl_trace {
    enum pl_side side;
    uint32_t capacity;
    uint32_t request_bytes, response_bytes;
    struct pl_trace_rec *recs;
    /* written by the measuring thread with release, read by the uploader with acquire */
    _Atomic uint32_t completed;
};

int pl_trace_init(struct pl_trace *tr, enum pl_side side, uint32_t capacity,
                  uint32_t request_bytes, uint32_t response_bytes);
void pl_trace_free(struct pl_trace *tr);

static inline void pl_trace_publish(struct pl_trace *tr, uint32_t n)
{
    atomic_store_explicit(&tr->completed, n, memory_order_release);
}
static inline uint32_t pl_trace_completed(struct pl_trace *tr)
{
    return atomic_load_explicit(&tr->completed, memory_order_acquire);
}

#endif
