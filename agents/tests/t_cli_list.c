/* The command line's comma lists (cli_list.c): values in range, empty items skipped, the limits named in the
 * message, and a long list read whole (it used to be cut at 511 characters, changing its last value). */
#include "check.h"
#include "cli_list.h"

#include <string.h>

static int color(const char *s)
{
    return strcmp(s, "red") == 0 ? 0 : strcmp(s, "blue") == 0 ? 1 : -1;
}

int main(void)
{
    uint32_t v[PL_CLI_LIST_MAX_NUMS];
    int n = -1, names[PL_CLI_LIST_MAX_NAMES];
    char err[300] = "";
    CHECK(pl_cli_num_list("threads", "1,2,,8,", 1, 64, v, &n, err, sizeof err) == 0 && n == 3 && v[0] == 1 &&
              v[1] == 2 && v[2] == 8, "empty items skipped: %s", err);
    CHECK(pl_cli_num_list("threads", "1,65", 1, 64, v, &n, err, sizeof err) == -1 &&
              strcmp(err, "--threads must be an integer between 1 and 64 (got '65')") == 0, "range: %s", err);
    CHECK(pl_cli_num_list("threads", "4x,1", 1, 64, v, &n, err, sizeof err) == -1 && strstr(err, "(got '4x')"),
          "not a number: %s", err);
    CHECK(pl_cli_num_list("threads", ",,", 1, 64, v, &n, err, sizeof err) == -1 &&
              strcmp(err, "--threads needs at least one value") == 0, "no value: %s", err);
    char many[400] = "";
    for (int i = 0; i <= PL_CLI_LIST_MAX_NUMS; i++)
        strcat(many, "1,");
    CHECK(pl_cli_num_list("threads", many, 1, 64, v, &n, err, sizeof err) == -1 &&
              strcmp(err, "--threads takes at most 64 values") == 0, "too many: %s", err);

    /* 60 items of 10 characters: 659 characters, every one of them read */
    char longl[1000] = "";
    for (int i = 0; i < 60; i++)
        strcat(longl, i ? ",0000000064" : "0000000064");
    CHECK(pl_cli_num_list("request-bytes", longl, 0, 1 << 20, v, &n, err, sizeof err) == 0 && n == 60,
          "a long list is read whole: %d values (%s)", n, err);
    int all = n == 60;
    for (int i = 0; i < n && i < 60; i++)
        all &= v[i] == 64;
    CHECK(all, "every value of the long list is 64 (the cut one read 0)");

    CHECK(pl_cli_name_list("cache", "blue,,red", color, "red, blue", names, &n, err, sizeof err) == 0 && n == 2 &&
              names[0] == 1 && names[1] == 0, "names: %s", err);
    CHECK(pl_cli_name_list("cache", "red,green", color, "red, blue", names, &n, err, sizeof err) == -1 &&
              strcmp(err, "--cache must be a list of red, blue (got 'green')") == 0, "unknown name: %s", err);
    CHECK(pl_cli_name_list("cache", "red,red,red,red,red,red,red,red,red", color, "red, blue", names, &n, err,
                           sizeof err) == -1 && strcmp(err, "--cache takes at most 8 values") == 0, "9 names: %s", err);
    char longname[100];
    memset(longname, 'r', sizeof longname - 1);
    longname[sizeof longname - 1] = 0;
    CHECK(pl_cli_name_list("cache", longname, color, "red, blue", names, &n, err, sizeof err) == -1 &&
              strstr(err, "must be a list of red, blue"), "a long name: %s", err);
    return check_result("t_cli_list");
}
