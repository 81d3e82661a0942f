/* libFuzzer target: the lab's link process reading a link profile (backend/perflab/links/wire.py turns the profile
 * into perflab-link's command line; link/link_opts.c reads it, impair.c its values and jitter tables). The first
 * byte picks what is fed: even, a command line (the rest, one argument a line; an argument naming a table file
 * is left out: the target reads no files); odd, a jitter table's text. Every value accepted must be in its
 * range; every refusal names the option. */
/* fuzz-flags: -max_len=4096 */
/* fuzz-cover: link/link_opts.c src/wire/impair.c */
#include <getopt.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "link_opts.h"

#define CHECK(cond) do { if (!(cond)) __builtin_trap(); } while (0)
#define MAX_ARGS 64
#define HOUR_NS 3600000000000ull

static void check_accepted(const struct link_opts *o)
{
    CHECK(o->ns[0] && o->ns[1] && o->dev[0] && o->dev[1]);
    CHECK(o->mtu >= 68 && o->mtu <= 65535 && o->spin_us <= 1000000);
    for (int i = 0; i < 2; i++) {
        CHECK(o->cfg[i].rate_bps >= 1000 && o->cfg[i].rate_bps <= 1000000000000ull);
        CHECK(o->cfg[i].prop_ns <= HOUR_NS && o->jitter_ns[i] <= HOUR_NS && o->cfg[i].limit_bytes >= 1);
        CHECK(o->cfg[i].codel_target_ns >= 1 && o->cfg[i].codel_interval_ns >= 1);
        CHECK(o->loss[i] >= 0 && o->loss[i] <= 1 && o->dup[i] >= 0 && o->dup[i] <= 1 && o->corrupt[i] >= 0 &&
              o->corrupt[i] <= 1);
        const struct pl_ge *g = &o->ge[i];
        CHECK(g->p >= 0 && g->p <= 1 && g->r >= 0 && g->r <= 1 && g->loss_bad >= 0 && g->loss_bad <= 1 &&
              g->loss_good >= 0 && g->loss_good <= 1);
    }
}

static void command_line(char *text)
{
    char *argv[MAX_ARGS + 2] = {"perflab-link"};
    int argc = 1;
    for (char *line = strtok(text, "\n"); line && argc <= MAX_ARGS; line = strtok(NULL, "\n"))
        if (!strstr(line, "table:"))
            argv[argc++] = line;
    argv[argc] = NULL;
    static struct link_opts o;
    char err[512];
    opterr = 0; /* getopt's own complaints are the usage's: not wanted on the fuzzer's stderr */
    if (link_opts_parse(argc, argv, &o, err, sizeof err) == 0)
        check_accepted(&o);
    else
        CHECK(memchr(err, 0, sizeof err) && (!err[0] || strncmp(err, "--", 2) == 0));
    pl_jtable_free(&o.table);
}

static void jitter_table(const char *text)
{
    struct pl_jtable t = {0};
    char err[300];
    if (pl_jtable_parse(text, &t, err, sizeof err) == 0) {
        CHECK(t.n >= 1 && t.ns);
        for (size_t i = 0; i < t.n; i++) /* offsets of at most an hour either way */
            CHECK(t.ns[i] >= -(int64_t)HOUR_NS && t.ns[i] <= (int64_t)HOUR_NS);
    } else {
        CHECK(memchr(err, 0, sizeof err) && err[0]);
    }
    pl_jtable_free(&t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    char *text = malloc(size); /* argv and files are NUL-terminated text */
    if (!text)
        return 0;
    memcpy(text, data + 1, size - 1);
    text[size - 1] = 0;
    if (data[0] & 1)
        jitter_table(text);
    else
        command_line(text);
    free(text);
    return 0;
}
