/* perflab-agent clock: what the probe clock is on this machine and what a probe costs. */
#include "caps.h"
#include "cli_clock.h"
#include "cli_exit.h"
#include "ktstamp.h"
#include "pl_clock.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int pl_cli_clock(int argc, char **argv)
{
    int json = argc == 2 && strcmp(argv[1], "--json") == 0;
    if (argc > 2 || (argc == 2 && !json)) {
        fprintf(stderr, "usage: perflab-agent clock [--json]\n");
        return PL_EXIT_USAGE;
    }
    /* drift over one second against CLOCK_MONOTONIC: should stay far under 1 us */
    int64_t o0 = pl_clock_offset_ns();
    sleep(1);
    int64_t drift = pl_clock_offset_ns() - o0;
    if (json) {
        cJSON *doc = cJSON_CreateObject();
        pl_caps_fill(doc);
        cJSON_AddNumberToObject(doc, "drift_ns_per_s", (double)drift);
        char *txt = cJSON_Print(doc);
        puts(txt);
        free(txt);
        cJSON_Delete(doc);
        return PL_EXIT_OK;
    }
    const struct pl_probe_cost *c = pl_clock_probe_cost();
    printf("probe clock: %s (%s)\n", pl_clock_source(), pl_clock_why());
    printf("one step probe (2 clock reads + record store): %.1f ns\n", c->probe_ns);
    printf("one clock read: %.1f ns; clock_gettime(CLOCK_MONOTONIC): %.1f ns\n", c->clock_read_ns,
           c->clock_gettime_ns);
    printf("drift against CLOCK_MONOTONIC: %lld ns over 1 s\n", (long long)drift);
    printf("kernel timestamps: %s\n", pl_kts_caps()->detail);
    return PL_EXIT_OK;
}
