/* Command line: --version, serve, pingpong, daemon. */
#ifndef PL_CLI_H
#define PL_CLI_H
#include <stddef.h>
#include "cli_exit.h"
#include "pingpong.h"


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

#endif
