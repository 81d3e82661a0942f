/* perflab-agent daemon: enrol, heartbeat, long-poll commands, run jobs. */
#ifndef PL_DAEMON_H
#define PL_DAEMON_H

#include "agent_limits.h"

struct pl_daemon_opts {
    const char *backend, *token, *name, *advertise, *spool;
    struct pl_limits limits; /* --max-bytes, --max-threads, --max-duration, --allow-peers */
};

/* Runs until SIGINT/SIGTERM; returns the exit code (0). */
int pl_daemon_run(const struct pl_daemon_opts *o);

#endif
