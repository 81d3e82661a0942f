/* The one clock of the agent: CLOCK_MONOTONIC in ns (clock_id 1 in the batch header).
 *
 * On x86 with an invariant TSC (and the kernel itself trusting it) pl_now_ns() reads the TSC
 * and scales it onto CLOCK_MONOTONIC with a line fitted at start-up by pl_clock_init(), as
 * sockperf and KUtrace do: ~half the cost of the vDSO clock_gettime, same time domain.
 * Elsewhere, or before pl_clock_init(), or with PERFLAB_CLOCK=monotonic, it is clock_gettime. */
#ifndef PL_CLOCK_H
#define PL_CLOCK_H
#include <stdint.h>
#include <time.h>
#if (defined(__x86_64__) || defined(__i386__)) && !defined(PL_NO_TSC) /* -DPL_NO_TSC: as elsewhere */
#include <x86intrin.h>
#define PL_HAVE_TSC 1
#else
#define PL_HAVE_TSC 0
#endif

#define PL_CLOCK_ID 1

struct pl_clock_state {
    int use_tsc;       /* 0: clock_gettime (and then base_ns = mult = 0: pl_now_ns relies on it) */
    uint64_t base_tsc; /* the fitted line: ns = base_ns + (tsc - base_tsc) * mult >> 32 */
    int64_t base_ns;
    uint64_t mult;     /* ns per tick, 32.32 fixed point */
    double tsc_hz;
};
extern struct pl_clock_state pl_clock;

static inline int64_t pl_mono_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* The TSC line is computed first and checked after: with the TSC off the state is all zero (memset in
 * pl_clock_init, or not initialised yet), the line gives 0, and only then is clock_gettime read. A test of
 * use_tsc before the rdtsc costs a load and a branch more, ~1.5 ns of a ~20 ns probe (rdtsc is microcoded:
 * every other uop of the probe adds to it rather than hiding behind it). CLOCK_MONOTONIC is never 0. */
static inline int64_t pl_now_ns(void)
{
#if PL_HAVE_TSC
    uint64_t d = __rdtsc() - pl_clock.base_tsc;
    int64_t ns = pl_clock.base_ns + (int64_t)(((unsigned __int128)d * pl_clock.mult) >> 32);
    if (__builtin_expect(ns != 0, 1))
        return ns;
#endif
    return pl_mono_ns();
}

/* Probe cost measured at start-up (pl_clock_init), sent with enrolment and every job status. */
struct pl_probe_cost {
    double probe_ns;         /* one step probe: two pl_now_ns() + the store into a record */
    double clock_read_ns;    /* one pl_now_ns() */
    double clock_gettime_ns; /* one clock_gettime(CLOCK_MONOTONIC), for comparison */
};

/* Decide TSC vs clock_gettime, fit the TSC over calib_ms (0: default 200 ms) and measure the
 * probe cost. Call once in main (and in tests) before any probe; not thread-safe. */
void pl_clock_init(int calib_ms);
/* "tsc" or "clock_gettime" */
const char *pl_clock_source(void);
/* Why the TSC is or is not used (for logs and capabilities). */
const char *pl_clock_why(void);
const struct pl_probe_cost *pl_clock_probe_cost(void);
/* Re-measure the probe cost (rounds of n probes, median of the rounds). */
void pl_clock_measure_cost(struct pl_probe_cost *out, int n);
/* Current difference pl_now_ns() - CLOCK_MONOTONIC, in ns (best of a few bracketed reads). */
int64_t pl_clock_offset_ns(void);
/* Drift of pl_now_ns() against CLOCK_MONOTONIC since pl_clock_init, in ns per second (0 when
 * the clock is clock_gettime itself, or less than a second has passed). Sent with every status. */
double pl_clock_drift_ns_per_s(void);
/* CLOCK_REALTIME - CLOCK_MONOTONIC in ns, sampled now: converts kernel (realtime) timestamps. */
int64_t pl_clock_realtime_offset_ns(void);
/* 1 when the TSC is invariant by CPUID (leaf 0x80000007 EDX bit 8) or by /proc/cpuinfo's
 * constant_tsc + nonstop_tsc flags (hypervisors often hide the CPUID bit). */
int pl_clock_tsc_invariant(void);

#endif
