#include "check.h"
#include "cli.h"
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define ARGV(...) ((char *[]){"pingpong", __VA_ARGS__, NULL})

static void bad(char **argv, int argc, const char *opt, const char *range)
{
    struct pl_pingpong_opts o;
    char err[512] = "";
    int rc = pl_cli_parse_pingpong(argc, argv, &o, err, sizeof err);
    CHECK(rc == PL_EXIT_USAGE, "rc %d for %s", rc, opt);
    CHECK(strstr(err, opt) != NULL, "message '%s' does not name %s", err, opt);
    CHECK(strstr(err, range) != NULL, "message '%s' lacks range '%s'", err, range);
}

int main(void)
{
    struct pl_pingpong_opts o;
    char err[512];
    char **good = ARGV("--connect", "127.0.0.1:5001", "--transport", "udp", "--request-bytes", "65507",
                       "--response-bytes", "1", "--calls", "1000000", "--warmup", "0", "--json");
    CHECK(pl_cli_parse_pingpong(14, good, &o, err, sizeof err) == PL_EXIT_OK, "good args: %s", err);
    CHECK(strcmp(o.host, "127.0.0.1") == 0 && o.port == 5001 && o.json, "host/port/json");
    CHECK(o.p.transport == &pl_transport_udp && o.p.request_bytes == 65507 && o.p.response_bytes == 1 &&
          o.p.calls == 1000000 && o.p.warmup == 0, "values");

    char **a1 = ARGV("--connect", "h:1", "--request-bytes", "0");
    bad(a1, 5, "--request-bytes", "between 1 and 1048576");
    char **a2 = ARGV("--connect", "h:1", "--transport", "udp", "--response-bytes", "131073");
    bad(a2, 7, "--response-bytes", "between 1 and 131072");
    char **a3 = ARGV("--connect", "h:1", "--request-bytes", "1048577");
    bad(a3, 5, "--request-bytes", "1048576");
    char **a4 = ARGV("--connect", "h:1", "--calls", "0");
    bad(a4, 5, "--calls", "between 1 and 1000000");
    char **a5 = ARGV("--connect", "h:1", "--calls", "1000001");
    bad(a5, 5, "--calls", "between 1 and 1000000");
    char **a6 = ARGV("--connect", "h:1", "--warmup", "100001");
    bad(a6, 5, "--warmup", "between 0 and 100000");
    char **a7 = ARGV("--connect", "h:1", "--warmup", "-1");
    bad(a7, 5, "--warmup", "between 0 and 100000");
    char **a8 = ARGV("--connect", "h:1", "--calls", "12abc");
    bad(a8, 5, "--calls", "between 1 and 1000000");
    char **a9 = ARGV("--connect", "h:1", "--transport", "sctp");
    bad(a9, 5, "--transport", "tcp or udp");
    char **a10 = ARGV("--connect", "nocolon");
    bad(a10, 3, "--connect", "HOST:PORT");
    char **a11 = ARGV("--calls", "5");
    bad(a11, 3, "--connect", "required");
    /* --busy-poll: tcp's (a spinning recv); with udp the message names the option and what it is for */
    CHECK(!o.busy_poll, "--busy-poll off unless given");
    char **bp = ARGV("--connect", "h:1", "--transport", "tcp", "--busy-poll");
    CHECK(pl_cli_parse_pingpong(6, bp, &o, err, sizeof err) == PL_EXIT_OK && o.busy_poll, "--busy-poll: %s", err);
    char **a12 = ARGV("--connect", "h:1", "--transport", "udp", "--busy-poll");
    bad(a12, 6, "--busy-poll", "tcp only");
    /* open-loop arrivals: a rate in range, named by the option */
    CHECK(o.arrival == PL_ARRIVAL_CLOSED, "closed loop unless --arrival");
    char **ol = ARGV("--connect", "h:1", "--arrival", "poisson", "--rate", "2500.5", "--seed", "9");
    CHECK(pl_cli_parse_pingpong(9, ol, &o, err, sizeof err) == PL_EXIT_OK && o.arrival == PL_ARRIVAL_POISSON &&
              o.rate == 2500.5 && o.seed == 9, "--arrival poisson --rate 2500.5: %s", err);
    char **a13 = ARGV("--connect", "h:1", "--arrival", "constant");
    bad(a13, 5, "--rate", "between 1 and 1000000 calls/s for arrival constant (got 0)");
    char **a14 = ARGV("--connect", "h:1", "--arrival", "constant", "--rate", "fast");
    bad(a14, 7, "--rate", "a number between 1 and 1000000");
    char **a15 = ARGV("--connect", "h:1", "--arrival", "bursty", "--rate", "5");
    bad(a15, 7, "--arrival", "one of closed, constant, poisson");
    struct pl_serve_opts so;
    char *sv[] = {"serve", "--transport", "tcp", "--port", "0", "--busy-poll", NULL};
    CHECK(pl_cli_parse_serve(6, sv, &so, err, sizeof err) == PL_EXIT_OK && so.busy_poll, "serve --busy-poll: %s", err);
    char *su[] = {"serve", "--transport", "udp", "--port", "0", "--busy-poll", NULL};
    CHECK(pl_cli_parse_serve(6, su, &so, err, sizeof err) == PL_EXIT_USAGE && strstr(err, "--busy-poll") &&
              strstr(err, "tcp only"), "serve --busy-poll with udp: '%s'", err);

    /* the binary: exit code 2 and the message on stderr */
    char self[512], cmd[1200];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    CHECK(n > 0, "readlink");
    self[n > 0 ? n : 0] = 0;
    char *dir = dirname(self);
    snprintf(cmd, sizeof cmd,
             "%s/../perflab-agent pingpong --connect 127.0.0.1:1 --transport udp --request-bytes 140000 2>&1",
             dir);
    FILE *p = popen(cmd, "r");
    char out[4096] = "";
    size_t got = fread(out, 1, sizeof out - 1, p);
    out[got] = 0;
    int st = pclose(p);
    CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 2, "exit status %d", WEXITSTATUS(st));
    CHECK(strstr(out, "--request-bytes must be between 1 and 131072 for udp (got 140000)") != NULL, "output: %s", out);

    snprintf(cmd, sizeof cmd, "%s/../perflab-agent --version", dir);
    p = popen(cmd, "r");
    got = fread(out, 1, sizeof out - 1, p);
    out[got] = 0;
    CHECK(pclose(p) == 0 && strcmp(out, "perflab-agent 0.1.0\n") == 0, "version: %s", out);
    return check_result("t_args");
}
