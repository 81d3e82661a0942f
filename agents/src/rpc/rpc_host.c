#include "rpc_host.h"
#include "pl_clock.h"

#include <errno.h>
#include <time.h>

int64_t pl_rpc_host_reserve(struct pl_rpc_host *h, int64_t now, uint32_t packet_us)
{
    int64_t prev = atomic_load(&h->busy_until), end;
    do /* FCFS: start when the CPU is free, or now */
        end = (prev > now ? prev : now) + (int64_t)packet_us * 1000;
    while (!atomic_compare_exchange_weak(&h->busy_until, &prev, end));
    return end;
}

void pl_rpc_host_packet(struct pl_rpc_host *h, uint32_t packet_us)
{
    if (!packet_us)
        return;
    int64_t end = pl_rpc_host_reserve(h, pl_now_ns(), packet_us);
    struct timespec ts = {.tv_sec = end / 1000000000LL, .tv_nsec = end % 1000000000LL};
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR) /* pl_now_ns is MONOTONIC */
        ;
}
