/* Open-loop arrivals (wrk2-style; docs/protocol.md "Open-loop arrivals"): a caller sends each call at its
 * intended time, computed in advance from the target rate (constant gaps, or exponential gaps: Poisson),
 * whatever the previous call's reply did. A caller behind its schedule sends at once, never skips a call and never
 * sends before the call's time; each call records its lag (send start - intended time), so latency can be taken
 * from the intended time and a stall is charged to every call it delayed (no coordinated omission).
 * Closed loop (the default) keeps today's path: no schedule, no clock read or syscall added. */
#ifndef PL_ARRIVALS_H
#define PL_ARRIVALS_H
#include <stddef.h>
#include <stdint.h>
#include "cancel.h"

enum pl_arrival { PL_ARRIVAL_CLOSED = 0, PL_ARRIVAL_CONSTANT, PL_ARRIVAL_POISSON };

#define PL_ARRIVAL_RATE_MIN 1.0       /* calls/s, a point's whole rate */
#define PL_ARRIVAL_RATE_MAX 1000000.0

/* "closed", "constant", "poisson" (NULL or "" = closed); -1 for anything else */
int pl_arrival_parse(const char *name);
const char *pl_arrival_name(int kind);

/* The launch's arrival fields checked together; err names the field and its range (field names as given:
 * "arrival"/"rate_calls_s"/"think_time_us" for jobs, --arrival/--rate/--think-us for the CLI). rate is ignored
 * in a closed loop; think_us must be 0 otherwise (an open-loop caller does not think: its schedule paces it). */
int pl_arrivals_check(const char *arrival_field, const char *arrival, const char *rate_field, double rate,
                      const char *think_field, long long think_us, int *kind, char *err, size_t errlen);

/* One caller's schedule: intended send times start_ns, start_ns + gap1, ... in pl_now_ns()'s clock */
struct pl_schedule {
    int kind;           /* enum pl_arrival; never CLOSED (a closed loop has no schedule) */
    double mean_gap_ns; /* 1e9 / the caller's rate */
    double offset_ns;   /* the next call's intended time - start_ns, kept in double: no rounding accumulates */
    int64_t start_ns;
    uint64_t rng;       /* xorshift64*, seeded: the same seed gives the same gaps */
};

/* rate_calls_s: this caller's own share of the rate; seed: the run's seed mixed with the caller's identity */
void pl_schedule_start(struct pl_schedule *s, int kind, double rate_calls_s, uint64_t seed, int64_t start_ns);
/* The next call's intended send time; advances the schedule. */
int64_t pl_schedule_next(struct pl_schedule *s);
/* Sleep until intended (absolute, CLOCK_MONOTONIC, in chunks that look at cancel), then spin the last few µs on
 * pl_now_ns(): the sleep's wake-up is late by tens of µs, the spin is not. Returns at once when already late. */
void pl_sleep_until(int64_t intended_ns, struct pl_cancel *cancel);
/* Before a caller's first scheduled call: its timer slack to 1 ns (the default 50 µs would make every sleep
 * late by up to that), once per thread, outside the measured calls. Returns the slack it had, for
 * pl_schedule_thread_restore: a thread that goes on to closed-loop calls (an RPC run's model base after its
 * open-loop points, on the job's own thread) thinks with the slack it always had. */
unsigned long pl_schedule_thread_setup(void);
void pl_schedule_thread_restore(unsigned long slack_ns);

/* a call's lag from its send start; sent a hair early (clock rounding) counts as on time */
static inline int64_t pl_send_lag_ns(int64_t send_start_ns, int64_t intended_ns)
{
    return send_start_ns > intended_ns ? send_start_ns - intended_ns : 0;
}

/* a distinct reproducible stream per caller: splitmix64 of the run's seed and the caller's identity */
uint64_t pl_schedule_seed(uint64_t run_seed, uint32_t point_no, uint32_t round, uint32_t thread);

#endif
