#include "rpc_load.h"
#include "pl_clock.h"
#include "pl_error.h"
#include "prefault.h"
#include "trace.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <time.h>

struct worker {
    struct pl_rpc_load *l;
    uint16_t thread;
    pthread_t tid;
    pthread_barrier_t *start;
};

uint32_t pl_rpc_think_us(uint64_t *state, uint32_t mean_us)
{
    if (!mean_us)
        return 0;
    uint64_t x = *state; /* xorshift64* */
    x ^= x >> 12, x ^= x << 25, x ^= x >> 27;
    *state = x;
    double u = (double)((x * 0x2545F4914F6CDD1DULL) >> 11) / 9007199254740992.0; /* [0, 1) */
    double t = -log(1.0 - u) * mean_us;
    return t > 60e6 ? 60000000u : (uint32_t)t;
}

static void sleep_us(uint32_t us)
{
    struct timespec ts = {.tv_sec = us / 1000000, .tv_nsec = (long)(us % 1000000) * 1000};
    while (clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, &ts) == EINTR)
        ;
}

static void *worker_main(void *arg)
{
    struct worker *w = arg;
    struct pl_rpc_load *l = w->l;
    uint32_t per = l->warmup + l->calls;
    uint8_t *req = malloc(l->request_bytes ? l->request_bytes : 1);
    uint8_t *reply = pl_zalloc_prefaulted(l->request_bytes); /* touched before the first call */
    uint64_t rng = l->seed * 0x9E3779B97F4A7C15ULL + w->thread + 1;
    if (req)
        for (uint32_t i = 0; i < l->request_bytes; i++)
            req[i] = (uint8_t)(i * 31 + w->thread);
    pthread_barrier_wait(w->start);
    struct pl_schedule sched;
    unsigned long slack = 0;
    if (l->arrival != PL_ARRIVAL_CLOSED) {
        slack = pl_schedule_thread_setup();
        /* one start for every thread, a little ahead so that none begins late; with constant gaps thread t is
         * offset by t point gaps, so the point's calls are evenly spaced, not a burst of every thread at once */
        int64_t none = 0, point_gap_ns = (int64_t)(1e9 / l->rate_calls_s);
        atomic_compare_exchange_strong(&l->schedule_start_ns, &none, pl_now_ns() + 200000);
        int64_t start = atomic_load(&l->schedule_start_ns);
        if (l->arrival == PL_ARRIVAL_CONSTANT)
            start += w->thread * point_gap_ns;
        pl_schedule_start(&sched, l->arrival, l->rate_calls_s / l->threads,
                          pl_schedule_seed(l->arrival_seed, l->point_no, 0, w->thread), start);
    }
    if (l->later_round && l->arrival == PL_ARRIVAL_CLOSED) {
        uint32_t think = pl_rpc_think_next(&rng, l->think_mean_us, l->think_dist);
        if (think)
            sleep_us(think);
    }
    for (uint32_t i = 0; req && reply && i < per; i++) {
        if (pl_cancel_reason(l->cancel) || atomic_load_explicit(&l->unreachable, memory_order_relaxed))
            break;
        if (l->deadline_ns && l->cancel && pl_now_ns() > l->deadline_ns) {
            pl_cancel_fire(l->cancel, PL_STOP_TIMEOUT);
            break;
        }
        /* the probes add into `hot`, which stays in cache, and the record is copied into the trace after the call
         * ends: probing the trace's record itself missed the cache on each of its 5 fresh lines, inside the call
         * (a null call's own steps summed 160-240 ns instead of ~90; a prefetch one call ahead did not help) */
        int64_t intended = 0;
        if (l->arrival != PL_ARRIVAL_CLOSED) { /* open loop: this call's time, never early, never skipped */
            intended = pl_schedule_next(&sched);
            pl_sleep_until(intended, l->cancel);
            if (pl_cancel_reason(l->cancel))
                break;
        }
        struct pl_rpc_crec hot = {0}, *r = &hot;
        struct pl_rpc_call c = {.proc = l->proc, .arg = l->arg, .req = req, .req_len = l->request_bytes,
                                .reply = reply, .reply_cap = l->request_bytes,
                                .call_no = l->call_no_base + w->thread * per + i, .thread = w->thread,
                                .inject = l->inject};
        if (l->inject)
            c.inject_spin = (l->calls_before + i + 1) % l->inject->every == 0;
        int rc = pl_rpc_call(l->binding, &c, r);
        r->call_no = c.call_no;
        r->thread = w->thread;
        r->point_no = l->point_no;
        r->req_bytes = l->request_bytes;
        r->resp_bytes = c.reply_len;
        /* first call of the thread: its binding and call handle are new (pl_rpc_call set any slow start) */
        r->flags |= (i < l->warmup ? PL_CALL_WARMUP : 0) | (i == 0 && !l->later_round ? PL_CALL_FIRST : 0) |
                   (rc != PL_OK ? PL_CALL_ERROR : 0);
        r->send_lag_ns = l->arrival != PL_ARRIVAL_CLOSED ? pl_send_lag_ns(r->t_start, intended) : 0;
        r->done = 1;
        l->recs[(size_t)w->thread * per + i] = hot;
        atomic_store_explicit(&l->done_by_thread[w->thread], i + 1, memory_order_release);
        atomic_fetch_add(&l->done, 1);
        if (rc != PL_OK) {
            atomic_fetch_add(&l->errors, 1);
            if (!l->first_error)
                l->first_error = rc;
        }
        if (rc == PL_ERR_TIMEOUT || rc == PL_ERR_SOCKET) { /* no answer, or (tcp) no connection in its budget */
            if (atomic_fetch_add(&l->silent, 1) + 1 >= PL_RPC_SILENT_CALLS)
                atomic_store(&l->unreachable, 1);
        } else if (atomic_load_explicit(&l->silent, memory_order_relaxed)) {
            atomic_store(&l->silent, 0); /* an answer: the peer is there (a store only when needed: no shared
                                          * cache line written on every call of a healthy run) */
        }
        uint32_t think = i + 1 < per ? pl_rpc_think_next(&rng, l->think_mean_us, l->think_dist) : 0;
        if (think) /* no system call at all when back to back */
            sleep_us(think);
    }
    if (l->arrival != PL_ARRIVAL_CLOSED)
        pl_schedule_thread_restore(slack);
    free(req);
    free(reply);
    return NULL;
}

int pl_rpc_load_run(struct pl_rpc_load *l)
{
    struct worker w[PL_RPC_MAX_THREADS];
    pthread_barrier_t start;
    if (l->threads < 1 || l->threads > PL_RPC_MAX_THREADS)
        return PL_ERR_ARGS;
    atomic_init(&l->done, 0);
    atomic_init(&l->errors, 0);
    atomic_init(&l->silent, 0);
    atomic_init(&l->unreachable, 0);
    atomic_init(&l->schedule_start_ns, 0);
    for (int t = 0; t < PL_RPC_MAX_THREADS; t++) /* a store: the job's uploader may be reading them already */
        atomic_store_explicit(&l->done_by_thread[t], 0, memory_order_relaxed);
    l->first_error = 0;
    pthread_barrier_init(&start, NULL, l->threads);
    if (l->threads == 1) {
        /* one caller: it calls from this thread, as the raw ping-pong does. A second thread would make every
         * call's socket syscalls dearer for the whole run (glibc's cancellation-point wrappers and the kernel's
         * per-call file reference on a shared descriptor table are taken only in a multi-threaded process) */
        w[0] = (struct worker){.l = l, .thread = 0, .start = &start};
        worker_main(&w[0]);
        pthread_barrier_destroy(&start);
        return PL_OK;
    }
    uint32_t started = 0;
    for (uint32_t t = 0; t < l->threads; t++) {
        w[t] = (struct worker){.l = l, .thread = (uint16_t)t, .start = &start};
        if (pthread_create(&w[t].tid, NULL, worker_main, &w[t]) != 0)
            break;
        started++;
    }
    if (started < l->threads) { /* cannot happen in practice; the barrier would hang the others */
        abort();
    }
    for (uint32_t t = 0; t < started; t++)
        pthread_join(w[t].tid, NULL);
    pthread_barrier_destroy(&start);
    return PL_OK;
}
