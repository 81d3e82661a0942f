/* Command line: --version, serve, pingpong, daemon. */
#ifndef PL_CLI_H
#define PL_CLI_H
#include <stddef.h>
#include "pingpong.h"

#define PL_EXIT_OK 0
#define PL_EXIT_FAIL 1
#define PL_EXIT_USAGE 2

struct pl_pingpong_opts {
    char host[256];
    int port;
    struct pl_params p;
    int json;
    int busy_poll; /* --busy-poll (tcp): spin on a non-blocking recv for each reply */
    int arrival;   /* --arrival (enum pl_arrival); closed = back to back */
    double rate;   /* --rate calls/s, open loop */
    uint64_t seed; /* --seed: a Poisson schedule's gaps */
};

struct pl_serve_opts {
    const struct pl_transport *transport;
    char bind[256];
    int port;
    int json;
    int busy_poll; /* --busy-poll (tcp): spin on a non-blocking recv for each request */
};

/* argv[0] is the subcommand name. Return PL_EXIT_OK or PL_EXIT_USAGE with err set. */
int pl_cli_parse_pingpong(int argc, char **argv, struct pl_pingpong_opts *o, char *err, size_t errlen);
int pl_cli_parse_serve(int argc, char **argv, struct pl_serve_opts *o, char *err, size_t errlen);

/* The daemon's backend URL rule (backend_url.h) and its CA file (readable; dropped for http://).
 * PL_EXIT_OK, or PL_EXIT_USAGE with err naming the option. */
struct pl_daemon_opts;
int pl_daemon_check_backend(struct pl_daemon_opts *o, int allow_plain_http, char *err, size_t errlen);

int pl_cli_main(int argc, char **argv);
/* perflab-agent clock [--json]: cli_clock.c */
int pl_cli_clock(int argc, char **argv);
/* perflab-agent stream / flows: cli_socket.c */
int pl_cli_stream(int argc, char **argv);
int pl_cli_flows(int argc, char **argv);
/* SIGINT/SIGTERM fire the returned cancel (shutting the sockets added to it) instead of killing the command. */
struct pl_cancel *pl_cli_catch_signals(void);

#endif
