/* The ping-pong experiment on top of a transport: parameter checks, the measured
 * client loop and the serve loop. Shared by the CLI and the daemon's jobs. */
#ifndef PL_PINGPONG_H
#define PL_PINGPONG_H
#include <stddef.h>
#include <stdint.h>
#include "arrivals.h"
#include "cancel.h"
#include "trace.h"
#include "transport.h"

#define PL_MAX_CALLS 1000000LL
#define PL_MAX_WARMUP 100000LL

struct pl_params {
    const struct pl_transport *transport;
    uint32_t request_bytes, response_bytes;
    uint32_t calls, warmup;
};

/* Option names used in messages: "--request-bytes" style for the CLI, "request_bytes" for jobs. */
enum pl_names { PL_NAMES_CLI, PL_NAMES_JSON };

/* Range-check raw values into p. On failure err says which option and its allowed range. */
int pl_params_check(struct pl_params *p, const char *transport, long long request_bytes,
                    long long response_bytes, long long calls, long long warmup, enum pl_names names,
                    char *err, size_t errlen);

struct pl_client_result {
    uint32_t done;   /* calls recorded (published) */
    uint32_t errors; /* error-flagged calls */
    int rc;          /* PL_OK, PL_ERR_CANCELLED or the fatal transport error */
    int last_errno;
};

/* Run warm-up + measured calls (tr->capacity of them) on an open connection, closed loop (back to back). */
void pl_pingpong_client(const struct pl_transport *t, struct pl_conn *c, struct pl_trace *tr,
                        uint32_t warmup, struct pl_cancel *cancel, struct pl_client_result *res);
/* The same with open-loop arrivals: every call (warm-up too) waits for its intended time from sched (started by the
 * caller) and records its lag; sched NULL is the closed loop above. */
void pl_pingpong_client_at(const struct pl_transport *t, struct pl_conn *c, struct pl_trace *tr, uint32_t warmup,
                           struct pl_schedule *sched, struct pl_cancel *cancel, struct pl_client_result *res);

#endif
