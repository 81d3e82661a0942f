/* Closed-loop load of the case study (Khandker & Teorey): N caller threads, each making its warm-up and
 * measured calls back to back or with think time between them: exponential (seeded) or constant.
 * Or open-loop (arrivals.h): each thread sends at the intended times of its own schedule at its share of the
 * point's rate, and records each call's lag. */
#ifndef PL_RPC_LOAD_H
#define PL_RPC_LOAD_H
#include "arrivals.h"
#include "cancel.h"
#include "rpc.h"

/* a run's think_distribution: exponential with the mean (the default), or every think exactly the mean */
enum pl_rpc_think_dist { PL_THINK_EXPONENTIAL = 0, PL_THINK_CONSTANT = 1 };

struct pl_rpc_load {
    struct pl_rpc_binding *binding;
    uint32_t threads;        /* 1..64 */
    uint32_t calls, warmup;  /* per thread */
    uint32_t think_mean_us;  /* 0 = back to back */
    int think_dist;          /* enum pl_rpc_think_dist */
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
    /* the injection the calls carry (rpc_inject.h), NULL = none; a thread's n-th call of the point (from 1, warm-up
     * included, rounds counted on: calls_before is what each thread made in the point's earlier rounds) busy-waits
     * when n is a multiple of inject->every */
    const struct pl_rpc_inject *inject;
    uint32_t calls_before;
    /* open-loop arrivals (enum pl_arrival; 0 = closed: the fields below unused): each thread's rate is
     * rate_calls_s / threads, its gaps seeded by arrival_seed mixed with the thread */
    int arrival;
    double rate_calls_s;
    uint64_t arrival_seed;
    _Atomic int64_t schedule_start_ns; /* the threads' common start, set by the first past the start barrier */
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
/* the next think time of a distribution: constant is the mean and leaves the state alone */
static inline uint32_t pl_rpc_think_next(uint64_t *state, uint32_t mean_us, int dist)
{
    return dist == PL_THINK_CONSTANT ? mean_us : pl_rpc_think_us(state, mean_us);
}

#endif
