#include "rpc_host.h"
#include "pl_clock.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <sys/prctl.h>
#include <time.h>

int64_t pl_rpc_host_reserve(struct pl_rpc_host *h, int64_t now, uint32_t packet_us)
{
    int64_t prev = atomic_load(&h->busy_until), end;
    do /* FCFS: start when the CPU is free, or now */
        end = (prev > now ? prev : now) + (int64_t)packet_us * 1000;
    while (!atomic_compare_exchange_weak(&h->busy_until, &prev, end));
    return end;
}

/* The emulated CPU is a timeline of sleeps: a thread woken late by the real host (its other work, a busy CI
 * machine) would add the lateness to every call, as the link process would to every frame. So a thread that
 * emulates a host wakes as the link process does: 1 ns of timer slack and, where allowed, realtime priority
 * (below the link's 10). It only sleeps or does a call's own short work, so it cannot starve the host. */
static void prompt_wakeups(void)
{
    static _Thread_local int done;
    if (done)
        return;
    done = 1;
    prctl(PR_SET_TIMERSLACK, 1UL);
    struct sched_param sp = {.sched_priority = 5};
    pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp); /* not root: ordinary wake-ups, looser timing */
}

void pl_rpc_host_packet(struct pl_rpc_host *h, uint32_t packet_us)
{
    if (!packet_us)
        return;
    prompt_wakeups();
    int64_t end = pl_rpc_host_reserve(h, pl_now_ns(), packet_us);
    struct timespec ts = {.tv_sec = end / 1000000000LL, .tv_nsec = end % 1000000000LL};
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR) /* pl_now_ns is MONOTONIC */
        ;
}
