#include "caps.h"
#include "ktstamp.h"
#include "agent_limits.h"
#include "pl_clock.h"
#include "pl_log.h"

#include <cjson/cJSON.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#ifndef PL_GIT_HASH
#define PL_GIT_HASH "unknown"
#endif
#ifndef PL_BUILD_CFLAGS
#define PL_BUILD_CFLAGS "unknown"
#endif

/* The first line of a /proc or /sys file without its newline; 0 when it cannot be read (not every kernel or
 * CPU driver has every file: the field is then left out, not guessed). */
static int read_line(const char *path, char *out, size_t n)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    int ok = fgets(out, (int)n, f) != NULL;
    fclose(f);
    if (ok)
        out[strcspn(out, "\n")] = 0;
    return ok;
}

static void add_file_string(cJSON *o, const char *key, const char *path)
{
    char buf[256];
    if (read_line(path, buf, sizeof buf))
        cJSON_AddStringToObject(o, key, buf);
}

static void add_file_number(cJSON *o, const char *key, const char *path)
{
    char buf[64];
    if (read_line(path, buf, sizeof buf))
        cJSON_AddNumberToObject(o, key, atof(buf));
}

static void add_cpu_model(cJSON *o)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[512];
    if (!f)
        return;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "model name", 10) == 0) { /* x86; other architectures name it differently */
            char *v = strchr(line, ':');
            if (v) {
                v += 1 + (v[1] == ' ');
                v[strcspn(v, "\n")] = 0;
                cJSON_AddStringToObject(o, "cpu_model", v);
            }
            break;
        }
    }
    fclose(f);
}

/* What makes a run's machine the same as another's (backend analysis/environment.py): kernel, CPU, SMT,
 * frequency scaling, busy polling and the agent's own build. */
static void add_environment(cJSON *caps)
{
    cJSON *e = cJSON_AddObjectToObject(caps, "environment");
    struct utsname u;
    if (uname(&u) == 0) {
        cJSON_AddStringToObject(e, "kernel", u.release);
        cJSON_AddStringToObject(e, "machine", u.machine);
    }
    add_cpu_model(e);
    cJSON_AddNumberToObject(e, "cores_online", (double)sysconf(_SC_NPROCESSORS_ONLN));
    char buf[64];
    if (read_line("/sys/devices/system/cpu/smt/active", buf, sizeof buf))
        cJSON_AddBoolToObject(e, "smt_active", atoi(buf) == 1);
    add_file_string(e, "smt_control", "/sys/devices/system/cpu/smt/control");
    add_file_string(e, "governor", "/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor");
    add_file_string(e, "cpufreq_driver", "/sys/devices/system/cpu/cpu0/cpufreq/scaling_driver");
    /* intel_pstate says no_turbo, acpi-cpufreq and amd-pstate say boost: report whichever the kernel has */
    if (read_line("/sys/devices/system/cpu/intel_pstate/no_turbo", buf, sizeof buf))
        cJSON_AddBoolToObject(e, "turbo", atoi(buf) == 0);
    else if (read_line("/sys/devices/system/cpu/cpufreq/boost", buf, sizeof buf))
        cJSON_AddBoolToObject(e, "turbo", atoi(buf) == 1);
    add_file_number(e, "busy_poll_us", "/proc/sys/net/core/busy_poll");
    add_file_number(e, "busy_read_us", "/proc/sys/net/core/busy_read");
    double load[3];
    if (getloadavg(load, 3) == 3)
        cJSON_AddNumberToObject(e, "loadavg_1m", load[0]); /* at enrolment; each job reports its own at start */
    cJSON *b = cJSON_AddObjectToObject(e, "agent_build");
    cJSON_AddStringToObject(b, "version", PL_VERSION);
    cJSON_AddStringToObject(b, "git_hash", PL_GIT_HASH);
    cJSON_AddStringToObject(b, "cflags", PL_BUILD_CFLAGS);
}

void pl_caps_add_load(cJSON *o)
{
    double load[3];
    if (getloadavg(load, 3) == 3) {
        cJSON_AddNumberToObject(o, "1m", load[0]);
        cJSON_AddNumberToObject(o, "5m", load[1]);
        cJSON_AddNumberToObject(o, "15m", load[2]);
    }
}

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

    add_environment(caps);

    /* online CPUs: the analysis caps an RPC server's executor pool at this many busy at once */
    cJSON_AddNumberToObject(caps, "cpus", (double)sysconf(_SC_NPROCESSORS_ONLN));

    const struct pl_limits *l = pl_limits_get();
    cJSON *lim = cJSON_AddObjectToObject(caps, "limits");
    cJSON_AddNumberToObject(lim, "max_bytes", (double)l->max_bytes);
    cJSON_AddNumberToObject(lim, "max_threads", l->max_threads);
    cJSON_AddNumberToObject(lim, "max_duration_s", l->max_duration_s);
    cJSON_AddBoolToObject(lim, "peer_allowlist", l->n_peers > 0);
}
