/* TSC calibration against CLOCK_MONOTONIC and the start-up probe-cost measurement. */
#include "pl_clock.h"
#include "trace.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#if PL_HAVE_TSC
#include <cpuid.h>
#endif

struct pl_clock_state pl_clock;
static struct pl_probe_cost cost;
static char why[160] = "pl_clock_init not called";

#define PAIR_TRIES 32
#define COST_ROUNDS 7
#define COST_PROBES 20000
#define DEFAULT_CALIB_MS 200

/* records the cost loop writes into: preallocated and touched, like a job's trace */
static struct pl_trace_rec cost_recs[1024];

#if PL_HAVE_TSC
static int cpuinfo_has(const char *flag)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f)
        return 0;
    char line[4096];
    int found = 0;
    size_t fl = strlen(flag);
    while (!found && fgets(line, sizeof line, f)) {
        if (strncmp(line, "flags", 5) != 0)
            continue;
        for (char *p = strstr(line, flag); p && !found; p = strstr(p + 1, flag))
            found = (p == line || p[-1] == ' ') && (p[fl] == ' ' || p[fl] == '\n' || p[fl] == 0);
        break; /* the first CPU's flags are enough: the kernel keeps them uniform */
    }
    fclose(f);
    return found;
}
#endif

int pl_clock_tsc_invariant(void)
{
#if PL_HAVE_TSC
    unsigned a, b, c, d;
    if (__get_cpuid(0x80000000u, &a, &b, &c, &d) && a >= 0x80000007u &&
        __get_cpuid(0x80000007u, &a, &b, &c, &d) && (d & (1u << 8)))
        return 1;
    return cpuinfo_has("constant_tsc") && cpuinfo_has("nonstop_tsc");
#else
    return 0;
#endif
}

#if PL_HAVE_TSC
/* One (tsc, monotonic) pair: the TSC read bracketed by two clock_gettime, tightest of a few
 * tries, mapped to the bracket's midpoint (error ≤ half the bracket, ~20 ns). */
static void sample_pair(uint64_t *tsc, int64_t *ns)
{
    int64_t best = INT64_MAX;
    for (int i = 0; i < PAIR_TRIES; i++) {
        int64_t m0 = pl_mono_ns();
        uint64_t t = __rdtsc();
        int64_t m1 = pl_mono_ns();
        if (m1 - m0 < best) {
            best = m1 - m0;
            *tsc = t;
            *ns = m0 + (m1 - m0) / 2;
        }
    }
}
#endif

static double median(double *v, int n)
{
    for (int i = 1; i < n; i++) /* insertion sort: n is tiny */
        for (int j = i; j > 0 && v[j] < v[j - 1]; j--) {
            double t = v[j];
            v[j] = v[j - 1];
            v[j - 1] = t;
        }
    return v[n / 2];
}

/* kind 0: a step probe (two reads + store), 1: one pl_now_ns, 2: one clock_gettime */
static double cost_round(int kind, int n)
{
    int64_t t0 = pl_mono_ns();
    for (int i = 0; i < n; i++) {
        struct pl_trace_rec *r = &cost_recs[i & 1023];
        if (kind == 0) {
            r->t[0] = pl_now_ns();
            r->t[1] = pl_now_ns();
        } else if (kind == 1) {
            r->t[0] = pl_now_ns();
        } else {
            r->t[0] = pl_mono_ns();
        }
        /* keep every store and the conversions that feed them: the record's address goes into the asm, so
         * the compiler must assume it is read (a bare memory clobber let it drop the stores to this static,
         * never-read array, and with them the TSC→ns scaling: 2 rdtsc were measured, not a probe) */
        __asm__ volatile("" : : "r"(r) : "memory");
    }
    int64_t t1 = pl_mono_ns();
    return (double)(t1 - t0) / n;
}

void pl_clock_measure_cost(struct pl_probe_cost *out, int n)
{
    double v[3][COST_ROUNDS];
    if (n <= 0)
        n = COST_PROBES;
    for (int r = 0; r < COST_ROUNDS; r++) /* interleaved: a noisy moment hits all three */
        for (int k = 0; k < 3; k++)
            v[k][r] = cost_round(k, n);
    out->probe_ns = median(v[0], COST_ROUNDS);
    out->clock_read_ns = median(v[1], COST_ROUNDS);
    out->clock_gettime_ns = median(v[2], COST_ROUNDS);
}

void pl_clock_init(int calib_ms)
{
    memset(&pl_clock, 0, sizeof pl_clock);
    if (calib_ms <= 0)
        calib_ms = DEFAULT_CALIB_MS;
    const char *env = getenv("PERFLAB_CLOCK");
    if (env && strcmp(env, "monotonic") == 0) {
        snprintf(why, sizeof why, "clock_gettime: PERFLAB_CLOCK=monotonic");
    } else if (!PL_HAVE_TSC) {
        snprintf(why, sizeof why, "clock_gettime: no TSC on this architecture");
    } else if (!pl_clock_tsc_invariant()) {
        snprintf(why, sizeof why, "clock_gettime: TSC not invariant (no CPUID bit, no "
                                  "constant_tsc+nonstop_tsc)");
    } else {
#if PL_HAVE_TSC
        uint64_t ta, tb;
        int64_t na, nb;
        sample_pair(&ta, &na);
        usleep((useconds_t)calib_ms * 1000);
        sample_pair(&tb, &nb);
        double hz = (double)(tb - ta) * 1e9 / (double)(nb - na);
        if (tb <= ta || hz < 1e8 || hz > 2e10) {
            snprintf(why, sizeof why, "clock_gettime: TSC calibration implausible (%.0f Hz)", hz);
        } else {
            pl_clock.mult = (uint64_t)((long double)(nb - na) * 4294967296.0L / (long double)(tb - ta));
            pl_clock.base_tsc = tb;
            pl_clock.base_ns = nb;
            pl_clock.tsc_hz = hz;
            pl_clock.use_tsc = 1;
            snprintf(why, sizeof why, "tsc: invariant, %.6f GHz fitted to CLOCK_MONOTONIC over %d ms",
                     hz / 1e9, calib_ms);
        }
#endif
    }
    pl_clock_measure_cost(&cost, COST_PROBES);
}

const char *pl_clock_source(void) { return pl_clock.use_tsc ? "tsc" : "clock_gettime"; }
const char *pl_clock_why(void) { return why; }
const struct pl_probe_cost *pl_clock_probe_cost(void) { return &cost; }

int64_t pl_clock_offset_ns(void)
{
    int64_t best = INT64_MAX, off = 0;
    for (int i = 0; i < PAIR_TRIES; i++) {
        int64_t m0 = pl_mono_ns(), n = pl_now_ns(), m1 = pl_mono_ns();
        if (m1 - m0 < best) {
            best = m1 - m0;
            off = n - (m0 + (m1 - m0) / 2);
        }
    }
    return off;
}

double pl_clock_drift_ns_per_s(void)
{
    int64_t elapsed = pl_mono_ns() - pl_clock.base_ns;
    if (!pl_clock.use_tsc || elapsed < 1000000000LL)
        return 0;
    /* the fitted line passes through (base_tsc, base_ns): today's offset is all drift */
    return (double)pl_clock_offset_ns() * 1e9 / (double)elapsed;
}

int64_t pl_clock_realtime_offset_ns(void)
{
    int64_t best = INT64_MAX, off = 0;
    for (int i = 0; i < PAIR_TRIES; i++) {
        struct timespec rt;
        int64_t m0 = pl_mono_ns();
        clock_gettime(CLOCK_REALTIME, &rt);
        int64_t m1 = pl_mono_ns();
        if (m1 - m0 < best) {
            best = m1 - m0;
            off = (int64_t)rt.tv_sec * 1000000000LL + rt.tv_nsec - (m0 + (m1 - m0) / 2);
        }
    }
    return off;
}
