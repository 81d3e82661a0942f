/* perflab-agent clock [--json] (cli_clock.c): this machine's clocks and probe cost. */
#ifndef PL_CLI_CLOCK_H
#define PL_CLI_CLOCK_H

int pl_cli_clock(int argc, char **argv);

#endif
