/* perflab-agent stream / flows (cli_socket.c), and the signal handling every measuring command shares. */
#ifndef PL_CLI_SOCKET_H
#define PL_CLI_SOCKET_H

int pl_cli_stream(int argc, char **argv);
int pl_cli_flows(int argc, char **argv);
/* SIGINT/SIGTERM fire the returned cancel (shutting the sockets added to it) instead of killing the command. */
struct pl_cancel *pl_cli_catch_signals(void);

#endif
