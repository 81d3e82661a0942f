/* perflab-agent: everything lives in src/; this only hands over the arguments. */
#include "cli.h"
#include "pl_clock.h"

int main(int argc, char **argv)
{
    pl_clock_init(0); /* fit the TSC and measure the probe cost before any probe */
    return pl_cli_main(argc, argv);
}
