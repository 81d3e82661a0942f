#include "caps.h"
#include "ktstamp.h"
#include "agent_limits.h"
#include "pl_clock.h"

#include <cjson/cJSON.h>
#include <sodium.h>
#include <unistd.h>

static void probe_fields(cJSON *p)
{
    const struct pl_probe_cost *c = pl_clock_probe_cost();
    cJSON_AddStringToObject(p, "source", pl_clock_source());
    cJSON_AddNumberToObject(p, "probe_ns", c->probe_ns);
    cJSON_AddNumberToObject(p, "clock_read_ns", c->clock_read_ns);
    cJSON_AddNumberToObject(p, "clock_gettime_ns", c->clock_gettime_ns);
    cJSON_AddNumberToObject(p, "tsc_hz", pl_clock.use_tsc ? pl_clock.tsc_hz : 0);
    cJSON_AddNumberToObject(p, "drift_ns_per_s", pl_clock_drift_ns_per_s());
}

void pl_caps_add_probe(cJSON *o)
{
    probe_fields(cJSON_AddObjectToObject(o, "probe"));
}

void pl_caps_fill(cJSON *caps)
{
    cJSON *kinds = cJSON_GetObjectItemCaseSensitive(caps, "kinds"); /* agent.c lists pingpong */
    if (cJSON_IsArray(kinds)) {
        cJSON_AddItemToArray(kinds, cJSON_CreateString("stream"));
        cJSON_AddItemToArray(kinds, cJSON_CreateString("flows"));
    }
    cJSON *clk = cJSON_AddObjectToObject(caps, "probe_clock");
    probe_fields(clk);
    cJSON_AddStringToObject(clk, "why", pl_clock_why());

    const struct pl_kts_caps *k = pl_kts_caps();
    cJSON *kt = cJSON_AddObjectToObject(caps, "kernel_timestamps");
    cJSON_AddBoolToObject(kt, "tx_software", k->tx_software);
    cJSON_AddBoolToObject(kt, "tx_sched", k->tx_sched);
    cJSON_AddBoolToObject(kt, "rx_software", k->rx_software);
    cJSON_AddStringToObject(kt, "detail", k->detail);

    /* the RPC protection levels' library (agents/src/rpc/rpc_wire.c): reports show what protected a run */
    cJSON *cr = cJSON_AddObjectToObject(caps, "crypto");
    cJSON_AddStringToObject(cr, "library", "libsodium");
    cJSON_AddStringToObject(cr, "version", sodium_version_string());
    const char *levels[] = {"none", "connect", "pkt", "integrity", "privacy"};
    cJSON_AddItemToObject(cr, "protection_levels", cJSON_CreateStringArray(levels, 5));

    /* online CPUs: the analysis caps an RPC server's executor pool at this many busy at once */
    cJSON_AddNumberToObject(caps, "cpus", (double)sysconf(_SC_NPROCESSORS_ONLN));

    const struct pl_limits *l = pl_limits_get();
    cJSON *lim = cJSON_AddObjectToObject(caps, "limits");
    cJSON_AddNumberToObject(lim, "max_bytes", (double)l->max_bytes);
    cJSON_AddNumberToObject(lim, "max_threads", l->max_threads);
    cJSON_AddNumberToObject(lim, "max_duration_s", l->max_duration_s);
    cJSON_AddBoolToObject(lim, "peer_allowlist", l->n_peers > 0);
}
