/* Waking a thread blocked in accept()/recv(): whoever stops a job fires its
 * pl_cancel, which records the first reason and shutdown()s the registered fds. */
#ifndef PL_CANCEL_H
#define PL_CANCEL_H
#include <pthread.h>
#include <stdatomic.h>

enum pl_stop_reason {
    PL_STOP_NONE = 0,
    PL_STOP_COMMAND, /* stop command from the backend */
    PL_STOP_TIMEOUT, /* job ran longer than timeout_s */
    PL_STOP_AGENT,   /* SIGINT/SIGTERM */
};

#define PL_CANCEL_MAX_FDS 32 /* flows: up to 10 client connections, a server's sessions */

struct pl_cancel {
    _Atomic int reason;
    pthread_mutex_t mu;
    int fds[PL_CANCEL_MAX_FDS];
    int nfds;
};

void pl_cancel_init(struct pl_cancel *c);
void pl_cancel_destroy(struct pl_cancel *c);
/* Register fd; if already fired, shuts it down at once and returns nonzero. */
int pl_cancel_add_fd(struct pl_cancel *c, int fd);
void pl_cancel_remove_fd(struct pl_cancel *c, int fd);
/* First reason wins; safe from any thread (not from a signal handler). */
void pl_cancel_fire(struct pl_cancel *c, enum pl_stop_reason reason);

static inline int pl_cancel_reason(struct pl_cancel *c)
{
    return c ? atomic_load_explicit(&c->reason, memory_order_relaxed) : PL_STOP_NONE;
}

#endif
