/* The one clock of the agent: CLOCK_MONOTONIC in ns (clock_id 1 in the batch header).
 * Inline so the measured path pays only the vDSO read. */
#ifndef PL_CLOCK_H
#define PL_CLOCK_H
#include <stdint.h>
#include <time.h>

#define PL_CLOCK_ID 1

static inline int64_t pl_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

#endif
