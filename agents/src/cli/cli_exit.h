/* The exit codes of every perflab-agent command (cli.c, cli_clock.c, cli_socket.c, rpc_cli.c). */
#ifndef PL_CLI_EXIT_H
#define PL_CLI_EXIT_H

#define PL_EXIT_OK 0
#define PL_EXIT_FAIL 1
#define PL_EXIT_USAGE 2

#endif
