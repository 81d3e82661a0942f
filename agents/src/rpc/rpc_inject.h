/* Calibration injections (docs/protocol.md "RPC runs", `inject`): anomalies the lab plants in its own runtime, in
 * the calls of the points flagged inject, so that an analysis can be checked against a cause it knows. delay: a
 * busy-wait inside a step on every K-th call; lock: one process-wide mutex across a step (and the busy-wait while
 * holding it); serial: the server runs one call at a time (dispatch → last reply packet sent). A call of a point
 * without it carries no injection at all: the runtime's hooks test one pointer (the client's none: rpc_client.c
 * compiles the call twice). */
#ifndef PL_RPC_INJECT_H
#define PL_RPC_INJECT_H
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

enum pl_rpc_inject_kind { PL_INJECT_NONE = 0, PL_INJECT_DELAY, PL_INJECT_LOCK, PL_INJECT_SERIAL };
#define PL_RPC_MAX_INJECT_US 1000000u
#define PL_RPC_MAX_INJECT_EVERY 1000000u

struct pl_rpc_inject {
    int kind;          /* PL_INJECT_NONE: none */
    int server;        /* step is a server step (SS_*), else a client step (CS_*) */
    int step;          /* index into its side's step array (steps.h) */
    uint32_t delay_us; /* the busy-wait (delay: 1..1000000; lock, serial: 0..1000000) */
    uint32_t every;    /* on every K-th call (1..1000000) */
};

/* One call's injection: on the caller's stack (client) or the server's slot, then the executor's stack. */
struct pl_rpc_inj_call {
    const struct pl_rpc_inject *in;
    int spin; /* this call is a K-th one: the step's first run busy-waits delay_us */
    int held; /* lock: the step's mutex is held */
};

/* The step's name ("c.marshal") to its side and index; -1 when it is no RPC step. */
int pl_rpc_inject_step_of(const char *name, int *server, int *step);
const char *pl_rpc_inject_step_name(int server, int step);
const char *pl_rpc_inject_kind_name(int kind);
struct cJSON;
/* A job's "inject" (absent or null: kind none); PL_OK or PL_ERR_ARGS with err naming the field and its range. */
int pl_rpc_inject_from_json(const struct cJSON *o, struct pl_rpc_inject *out, char *err, size_t errlen);
/* "KIND:STEP:DELAY_US:EVERY" of the command line (EVERY may be left out: 1); PL_OK or PL_ERR_ARGS with err */
int pl_rpc_inject_parse(const char *s, struct pl_rpc_inject *out, char *err, size_t errlen);
/* Checks kind, step, delay_us and every against each other; PL_OK or PL_ERR_ARGS, err naming the field. */
int pl_rpc_inject_check(const struct pl_rpc_inject *in, char *err, size_t errlen);

/* busy-wait us µs on the probe clock: CPU used like real work, so it lands in whatever step is running */
void pl_rpc_spin_us(uint32_t us);

/* The named step's first and last instants (a step that runs once per packet: each run). begin takes the lock
 * (lock kind) and, once per call, busy-waits; end lets the lock go. release: the call ended inside the step
 * (an error): the lock goes. */
void pl_rpc_inject_begin(struct pl_rpc_inj_call *ic);
void pl_rpc_inject_end(struct pl_rpc_inj_call *ic);
void pl_rpc_inject_release(struct pl_rpc_inj_call *ic);
#define PL_INJ_ON(ic, st) (__builtin_expect((ic) != NULL, 0) && (ic)->in->step == (st))
#define PL_INJ_BEGIN(ic, st)                                                                                    \
    do {                                                                                                        \
        if (PL_INJ_ON(ic, st))                                                                                  \
            pl_rpc_inject_begin(ic);                                                                            \
    } while (0)
#define PL_INJ_END(ic, st)                                                                                      \
    do {                                                                                                        \
        if (PL_INJ_ON(ic, st))                                                                                  \
            pl_rpc_inject_end(ic);                                                                              \
    } while (0)

/* serial: the server's one-call-at-a-time mutex (try: the listener, which must never wait for it) */
void pl_rpc_inject_serial_lock(void);
int pl_rpc_inject_serial_try(void);
void pl_rpc_inject_serial_unlock(void);

/* The server's view of a run's injection: the call numbers of its inject points, each point's calls counted as
 * the server starts them (every K-th of the point's calls is injected). */
struct pl_rpc_inject_map {
    struct pl_rpc_inject in;
    uint32_t n;
    struct pl_rpc_inject_range {
        uint32_t first, end; /* call numbers [first, end): one point's, ascending */
        _Atomic uint32_t calls;
    } r[];
};
/* n ranges, ascending and apart; NULL without memory. Freed with free(). */
struct pl_rpc_inject_map *pl_rpc_inject_map_new(const struct pl_rpc_inject *in, const uint32_t *first,
                                                const uint32_t *end, uint32_t n);
/* A new call call_no starts on the server: ic says whether and how it is injected (ic->in NULL: not). */
void pl_rpc_inject_server_call(struct pl_rpc_inject_map *m, uint32_t call_no, struct pl_rpc_inj_call *ic);

#endif
