/* Closed-loop load of the case study (Khandker & Teorey): N caller threads, each making its warm-up and
 * measured calls back to back or with exponential think time (seeded) between them. */
#ifndef PL_RPC_LOAD_H
#define PL_RPC_LOAD_H
#include "cancel.h"
#include "rpc.h"

struct pl_rpc_load {
    struct pl_rpc_binding *binding;
    uint32_t threads;        /* 1..64 */
    uint32_t calls, warmup;  /* per thread */
    uint32_t think_mean_us;  /* 0 = back to back */
    uint64_t seed;
    int proc;
    uint32_t arg;            /* work µs */
    uint32_t request_bytes;  /* 0..1 MiB */
    uint16_t point_no;
    uint32_t call_no_base;   /* call_no = base + thread·(warmup+calls) + i */
    struct pl_rpc_crec *recs; /* threads·(warmup+calls), thread-major */
    struct pl_cancel *cancel; /* may be NULL */
    int64_t deadline_ns;      /* fire cancel (timeout) when a call would start after this; 0 = none */
    /* a later round of a point (rpc_rounds.h): the threads' handles are cached already, so no call is flagged
     * first, and each thread thinks before its first call as it would have after the last round's last */
    int later_round;
    /* results; done_by_thread[t] is published (release) after each of thread t's records is complete */
    _Atomic uint32_t done, errors;
    _Atomic uint32_t done_by_thread[PL_RPC_MAX_THREADS];
    int first_error;
    /* calls in a row (any thread) that got no answer at all, each after its whole retry budget (tcp: or no
     * connection within it); at PL_RPC_SILENT_CALLS the load stops early with `unreachable` set: the peer or
     * the link is gone, and a long point would otherwise spend its retry budget on every call left, for hours */
    _Atomic uint32_t silent;
    _Atomic int unreachable;
};

#define PL_RPC_SILENT_CALLS 3

static inline uint32_t pl_rpc_load_calls(const struct pl_rpc_load *l)
{
    return l->threads * (l->warmup + l->calls);
}
/* Run the load to the end (or cancel); PL_OK unless threads or buffers could not be had. */
int pl_rpc_load_run(struct pl_rpc_load *l);
/* exponential think time in µs from a xorshift state (pure, for the tests) */
uint32_t pl_rpc_think_us(uint64_t *state, uint32_t mean_us);

#endif
