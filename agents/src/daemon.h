/* perflab-agent daemon: enrol, heartbeat, long-poll commands, run jobs. */
#ifndef PL_DAEMON_H
#define PL_DAEMON_H

struct pl_daemon_opts {
    const char *backend, *token, *name, *advertise, *spool;
};

/* Runs until SIGINT/SIGTERM; returns the exit code (0). */
int pl_daemon_run(const struct pl_daemon_opts *o);

#endif
