/* perflab-agent: everything lives in src/; this only hands over the arguments. */
#include "cli.h"

int main(int argc, char **argv)
{
    return pl_cli_main(argc, argv);
}
