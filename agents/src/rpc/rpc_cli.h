/* Standalone commands: `perflab-agent rpc --connect udp:HOST[PORT] ...` and `perflab-agent rpc-serve ...`. */
#ifndef PL_RPC_CLI_H
#define PL_RPC_CLI_H

/* argv[0] is the subcommand's name; returns the process exit code. */
int pl_rpc_cli_call(int argc, char **argv);
int pl_rpc_cli_serve(int argc, char **argv);

extern const char pl_rpc_cli_usage[];

#endif
