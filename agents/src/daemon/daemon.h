/* perflab-agent daemon: enrol, heartbeat, long-poll commands, run jobs. */
#ifndef PL_DAEMON_H
#define PL_DAEMON_H

#include "agent_limits.h"

/* The daemon's exit code when the backend says this agent was revoked (0: stopped by a signal). */
#define PL_EXIT_REVOKED 3

struct pl_daemon_opts {
    const char *backend, *token, *name, *advertise, *spool;
    const char *ca_file; /* https:// backends are verified against it; NULL: the system's CAs */
    struct pl_limits limits; /* --max-bytes, --max-threads, --max-duration, --allow-peers */
    /* --revoked-exit: the exit code when revoked (PL_EXIT_REVOKED by default; 0 under a supervisor that can only
     * be told not to restart a clean exit, as docker's restart: on-failure) */
    int revoked_exit;
};

/* Runs until SIGINT/SIGTERM (returns 0) or until the backend revokes the agent (o->revoked_exit, the
 * reason on stderr; the spool is left as it is). */
int pl_daemon_run(const struct pl_daemon_opts *o);

#endif
