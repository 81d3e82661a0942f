#include "rpc_cli.h"
#include "cli_exit.h"
#include "cli_list.h"
#include "pl_clock.h"
#include "pl_error.h"
#include "prefault.h"
#include "rpc_load.h"
#include "rpc_plan.h"
#include "stats.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <signal.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char pl_rpc_cli_usage[] =
    "       perflab-agent rpc --connect udp:HOST[PORT]|tcp:HOST[PORT] [options]  (instrumented RPC client)\n"
    "         --procedure null|sink|echo|work   service procedure (null); --work-us N  CPU µs of work (0)\n"
    "         --request-bytes LIST  request data, 0..1048576 (0)   --threads LIST  caller threads, 1..64 (1)\n"
    "         --think-us LIST       mean exponential think time between calls, 0..10000000 µs (0)\n"
    "         --think-distribution exponential|constant   constant: every think exactly --think-us (exponential)\n"
    "         --arrival closed|constant|poisson  --rate LIST  open loop: each point's calls at intended times from\n"
    "                   its rate, 1..1000000 calls/s over all its threads, one point per rate (think time 0)\n"
    "         --protection LIST     none|connect|pkt|integrity|privacy (none)\n"
    "         --cache LIST          call-handle cache: per-thread|single (per-thread)\n"
    "         (a LIST is comma-separated; the points are their cartesian product)\n"
    "         --calls N  calls per thread and point (1000)   --warmup N  warm-up calls per thread (10)\n"
    "         --seed N   think-time seed (1)   --key HEX  64 hex digits, shared with the server (protection)\n"
    "         --packet-data N (4016) --small-packet-data N (944) --mtu N (1500): packetisation\n"
    "         --window-initial N (4096) --window-max N (32768) bytes; --rto-ms N retransmission timeout (100)\n"
    "         --link-mbps N --link-delay-us N: emulate a slower link on the sending side (0 = off)\n"
    "         --host-packet-us N: emulate a 1995 host, one CPU spending N µs per packet sent or received (0 = off)\n"
    "         --inject KIND:STEP:DELAY_US[:EVERY]  plant an anomaly in every point's calls: delay|lock in a client\n"
    "                   step (c.start ... c.free), e.g. delay:c.marshal:200:1 (docs/protocol.md, inject)\n"
    "         --json    print the results as JSON\n"
    "       perflab-agent rpc-serve [--transport udp|tcp] [--bind ADDR] [--port P] [--threads N]\n"
    "                 [--protection LIST] [--key HEX]\n"
    "                 [--packet-data N] [--small-packet-data N] [--window-initial N] [--window-max N]\n"
    "                 [--rto-ms N] [--link-mbps N] [--link-delay-us N] [--host-packet-us N] [--duration-s N]\n"
    "                 [--always-dispatch] [--inject KIND:STEP:DELAY_US[:EVERY]] (a server step, every call)\n"
    "         serves null, sink, echo and work over UDP (or TCP) with N executor threads (4) until SIGINT/SIGTERM\n"
    "         or --duration-s; one-packet null/sink/echo calls run on the listener unless --always-dispatch\n"
    "         prints 'listening on udp:ADDR[PORT]' (or tcp:) first\n";

enum { O_CONNECT = 256, O_PROC, O_WORK, O_REQ, O_THREADS, O_THINK, O_PROT, O_CACHE, O_CALLS, O_WARMUP, O_SEED,
       O_KEY, O_PDATA, O_SMALL, O_MTU, O_WIN0, O_WINMAX, O_RTO, O_MBPS, O_DELAY, O_JSON, O_BIND, O_PORT,
       O_DURATION, O_HELP, O_DISPATCH, O_TRANSPORT, O_HOST, O_INJECT, O_THINK_DIST, O_ARRIVAL, O_RATE };

static const struct option opts[] = {
    {"connect", 1, 0, O_CONNECT}, {"procedure", 1, 0, O_PROC}, {"work-us", 1, 0, O_WORK},
    {"request-bytes", 1, 0, O_REQ}, {"threads", 1, 0, O_THREADS}, {"think-us", 1, 0, O_THINK},
    {"protection", 1, 0, O_PROT}, {"cache", 1, 0, O_CACHE}, {"calls", 1, 0, O_CALLS},
    {"warmup", 1, 0, O_WARMUP}, {"seed", 1, 0, O_SEED}, {"key", 1, 0, O_KEY}, {"packet-data", 1, 0, O_PDATA},
    {"small-packet-data", 1, 0, O_SMALL}, {"mtu", 1, 0, O_MTU}, {"window-initial", 1, 0, O_WIN0},
    {"window-max", 1, 0, O_WINMAX}, {"rto-ms", 1, 0, O_RTO}, {"link-mbps", 1, 0, O_MBPS},
    {"link-delay-us", 1, 0, O_DELAY}, {"json", 0, 0, O_JSON}, {"bind", 1, 0, O_BIND}, {"port", 1, 0, O_PORT},
    {"duration-s", 1, 0, O_DURATION}, {"help", 0, 0, O_HELP}, {"always-dispatch", 0, 0, O_DISPATCH},
    {"transport", 1, 0, O_TRANSPORT}, {"host-packet-us", 1, 0, O_HOST}, {"inject", 1, 0, O_INJECT},
    {"think-distribution", 1, 0, O_THINK_DIST}, {"arrival", 1, 0, O_ARRIVAL}, {"rate", 1, 0, O_RATE},
    {0, 0, 0, 0}};

static int cache_of(const char *s)
{
    return strcmp(s, "per-thread") == 0 ? PL_CACHE_PER_THREAD : strcmp(s, "single") == 0 ? PL_CACHE_SINGLE : -1;
}

/* options both commands share; 1 = handled, 0 = not ours, -1 = bad value */
static int common_opt(int c, const char *arg, struct pl_rpc_config *cfg, int *have_key, char *err, size_t n)
{
    uint32_t v;
    switch (c) {
    case O_PDATA: return pl_cli_num("packet-data", arg, 64, PL_RPC_MAX_DATAGRAM - PL_RPC_HEADER_BYTES, &cfg->pk.packet_data, err, n) ? -1 : 1;
    case O_SMALL: return pl_cli_num("small-packet-data", arg, 64, PL_RPC_MAX_DATAGRAM - PL_RPC_HEADER_BYTES, &cfg->small_packet_data, err, n) ? -1 : 1;
    case O_MTU: return pl_cli_num("mtu", arg, 576, 65535, &cfg->pk.mtu, err, n) ? -1 : 1;
    case O_WIN0: return pl_cli_num("window-initial", arg, 1024, 1 << 20, &cfg->window_initial, err, n) ? -1 : 1;
    case O_WINMAX: return pl_cli_num("window-max", arg, 1024, 1 << 24, &cfg->window_max, err, n) ? -1 : 1;
    case O_RTO: return pl_cli_num("rto-ms", arg, 1, 10000, &cfg->rto_ms, err, n) ? -1 : 1;
    case O_MBPS: return pl_cli_num("link-mbps", arg, 0, 100000, &cfg->link_mbps, err, n) ? -1 : 1;
    case O_DELAY: return pl_cli_num("link-delay-us", arg, 0, 1000000, &cfg->link_delay_us, err, n) ? -1 : 1;
    case O_HOST: return pl_cli_num("host-packet-us", arg, 0, 100000, &cfg->host_packet_us, err, n) ? -1 : 1;
    case O_KEY: {
        size_t got = 0;
        if (sodium_hex2bin(cfg->key, sizeof cfg->key, arg, strlen(arg), NULL, &got, NULL) || got != sizeof cfg->key) {
            snprintf(err, n, "--key must be %d hex digits", 2 * PL_RPC_KEY_BYTES);
            return -1;
        }
        *have_key = 1;
        return 1;
    }
    default: (void)v; return 0;
    }
}

static int usage_error(const char *cmd, const char *err)
{
    fprintf(stderr, "perflab-agent %s: %s\nusage:\n%s", cmd, err, pl_rpc_cli_usage);
    return PL_EXIT_USAGE;
}

/* count, mean and stddev of one group of a point's calls (slow start or not) */
struct group { double n, sum, sq; };
static void group_add(struct group *g, int64_t v) { g->n++, g->sum += (double)v, g->sq += (double)v * (double)v; }
static void put_group(cJSON *o, const char *name, const struct group *g)
{
    cJSON *j = cJSON_AddObjectToObject(o, name);
    double mean = g->n ? g->sum / g->n : 0, var = g->n > 1 ? (g->sq - g->n * mean * mean) / (g->n - 1) : 0;
    cJSON_AddNumberToObject(j, "count", g->n);
    cJSON_AddNumberToObject(j, "mean", mean);
    cJSON_AddNumberToObject(j, "stddev", var > 0 ? sqrt(var) : 0);
}

int pl_rpc_cli_call(int argc, char **argv)
{
    char err[300];
    struct pl_rpc_plan *p = calloc(1, sizeof *p);
    pl_rpc_config_default(&p->cfg);
    p->calls = 1000, p->warmup = 10, p->seed = 1, p->proc = PL_PROC_NULL;
    uint32_t req[PL_CLI_LIST_MAX_NUMS] = {0}, thr[PL_CLI_LIST_MAX_NUMS] = {1}, think[PL_CLI_LIST_MAX_NUMS] = {0}, seed = 1;
    int prot[PL_CLI_LIST_MAX_NAMES] = {PL_PROT_NONE}, cache[PL_CLI_LIST_MAX_NAMES] = {PL_CACHE_PER_THREAD};
    int n_req = 1, n_thr = 1, n_think = 1, n_prot = 1, n_cache = 1, json = 0, have_key = 0, c, bad = 0;
    uint32_t rates[PL_CLI_LIST_MAX_NUMS] = {0};
    int n_rates = 0;
    const char *connect = NULL, *arrival = "closed";
    optind = 0;
    opterr = 0;
    while (!bad && (c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        int r = common_opt(c, optarg, &p->cfg, &have_key, err, sizeof err);
        if (r)
            bad = r < 0;
        else switch (c) {
        case O_CONNECT: connect = optarg; break;
        case O_PROC:
            if ((p->proc = pl_rpc_proc_from_name(optarg)) < 0)
                bad = (snprintf(err, sizeof err, "--procedure must be null, sink, echo or work (got '%s')", optarg), 1);
            break;
        case O_WORK: bad = pl_cli_num("work-us", optarg, 0, PL_RPC_MAX_WORK_US, &p->work_us, err, sizeof err); break;
        case O_REQ: bad = pl_cli_num_list("request-bytes", optarg, 0, PL_RPC_MAX_MESSAGE, req, &n_req, err, sizeof err); break;
        case O_THREADS: bad = pl_cli_num_list("threads", optarg, 1, PL_RPC_MAX_THREADS, thr, &n_thr, err, sizeof err); break;
        case O_THINK: bad = pl_cli_num_list("think-us", optarg, 0, PL_RPC_MAX_THINK_US, think, &n_think, err, sizeof err); break;
        case O_PROT: bad = pl_cli_name_list("protection", optarg, pl_rpc_prot_from_name, "none, connect, pkt, integrity, privacy", prot, &n_prot, err, sizeof err); break;
        case O_CACHE: bad = pl_cli_name_list("cache", optarg, cache_of, "per-thread, single", cache, &n_cache, err, sizeof err); break;
        case O_CALLS: bad = pl_cli_num("calls", optarg, 1, PL_RPC_MAX_CALLS_TOTAL, &p->calls, err, sizeof err); break;
        case O_WARMUP: bad = pl_cli_num("warmup", optarg, 0, PL_RPC_MAX_CALLS_TOTAL, &p->warmup, err, sizeof err); break;
        case O_SEED: bad = pl_cli_num("seed", optarg, 0, 0xffffffffLL, &seed, err, sizeof err); break;
        case O_JSON: json = 1; break;
        case O_ARRIVAL: arrival = optarg; break;
        case O_RATE: bad = pl_cli_num_list("rate", optarg, 1, 1000000, rates, &n_rates, err, sizeof err); break;
        case O_INJECT:
            if (pl_rpc_inject_parse(optarg, &p->inject, err, sizeof err))
                bad = 1;
            else if (p->inject.server)
                bad = (snprintf(err, sizeof err, "--inject of rpc takes a client step (c.*); a server step goes to "
                                "rpc-serve --inject (got '%s')", optarg), 1);
            break;
        case O_THINK_DIST:
            p->think_dist = strcmp(optarg, "constant") == 0 ? PL_THINK_CONSTANT : PL_THINK_EXPONENTIAL;
            if (strcmp(optarg, "constant") && strcmp(optarg, "exponential"))
                bad = (snprintf(err, sizeof err, "--think-distribution must be exponential or constant (got '%s')",
                                optarg), 1);
            break;
        case O_HELP: printf("usage:\n%s", pl_rpc_cli_usage); free(p); return PL_EXIT_OK;
        default: bad = (snprintf(err, sizeof err, "unknown or incomplete option '%s'", argv[optind - 1]), 1);
        }
    }
    if (!bad && !connect)
        bad = (snprintf(err, sizeof err, "--connect udp:HOST[PORT] or tcp:HOST[PORT] is required"), 1);
    if (!bad && optind < argc)
        bad = (snprintf(err, sizeof err, "unexpected argument '%s'", argv[optind]), 1);
    p->seed = seed;
    if (!bad && (p->arrival = pl_arrival_parse(arrival)) < 0)
        bad = (snprintf(err, sizeof err, "--arrival must be one of closed, constant, poisson (got '%s')", arrival), 1);
    if (!bad && p->arrival != PL_ARRIVAL_CLOSED && !n_rates)
        bad = (snprintf(err, sizeof err, "--rate must be between 1 and 1000000 calls/s for arrival %s (got none)",
                        arrival), 1);
    /* an open loop's rate is a sweep dimension, varying slowest (as the backend's points) */
    for (int k = 0; !bad && k < (p->arrival != PL_ARRIVAL_CLOSED ? n_rates : 1); k++) {
        uint32_t from = p->n_points;
        if (pl_rpc_plan_expand(p, req, n_req, thr, n_thr, think, n_think, prot, n_prot, cache, n_cache, err,
                               sizeof err))
            bad = 1;
        for (uint32_t i = from; !bad && p->arrival != PL_ARRIVAL_CLOSED && i < p->n_points; i++) {
            int kind;
            p->pts[i].rate_calls_s = rates[k];
            bad = pl_arrivals_check("--arrival", arrival, "--rate", rates[k], "--think-us", p->pts[i].think_us, &kind,
                                    err, sizeof err) != PL_OK;
        }
    }
    if (!bad && pl_rpc_plan_finish(p, err, sizeof err))
        bad = 1;
    for (uint32_t i = 0; i < p->n_points; i++) /* the command line's --inject holds for every point */
        p->pts[i].inject = 1;
    if (!bad && (p->allowed_prot & ~1u) && !have_key)
        bad = (snprintf(err, sizeof err, "--key is required for protection levels other than none"), 1);
    if (bad) {
        free(p);
        return usage_error("rpc", err);
    }
    if (pl_rpc_crypto_init() != 0) {
        free(p);
        fprintf(stderr, "perflab-agent rpc: libsodium failed to initialise\n");
        return PL_EXIT_FAIL;
    }
    struct pl_rpc_crec *recs = pl_zalloc_prefaulted((size_t)p->calls_total * sizeof *recs);
    int64_t *vals = malloc(((size_t)p->calls_total + 1) * sizeof *vals);
    cJSON *doc = cJSON_CreateObject(), *jpts = cJSON_AddArrayToObject(doc, "points");
    int rc = PL_EXIT_OK;
    for (uint32_t i = 0; recs && vals && i < p->n_points; i++) {
        const struct pl_rpc_point *pt = &p->pts[i];
        struct pl_rpc_config cfg = p->cfg;
        cfg.prot = pt->prot;
        cfg.cache = pt->cache;
        struct pl_rpc_binding b;
        if (pl_rpc_binding_from_string(&b, &cfg, connect, err, sizeof err) != PL_OK) {
            free(recs), free(vals), free(p), cJSON_Delete(doc);
            return usage_error("rpc", err);
        }
        struct pl_rpc_load l = {.binding = &b, .recs = recs + pt->call_no_base};
        pl_rpc_plan_load(p, i, 0, &l);
        pl_rpc_load_run(&l);
        uint32_t n = pl_rpc_point_calls(p, pt), k = 0, slow = 0, resent = 0;
        struct group g_slow = {0}, g_other = {0};
        int64_t first = -1;
        double step_ns[PL_RPC_CSTEPS] = {0}; /* summed over the measured calls: the client's step ladder */
        for (uint32_t x = 0; x < n; x++) {
            const struct pl_rpc_crec *r = &l.recs[x];
            if (!r->done || (r->flags & PL_CALL_ERROR))
                continue;
            if ((r->flags & PL_CALL_FIRST) && first < 0)
                first = r->t_end - r->t_start;
            if (!(r->flags & (PL_CALL_WARMUP | PL_CALL_FIRST))) {
                vals[k++] = r->t_end - r->t_start;
                slow += (r->flags & PL_CALL_SLOW_START) != 0;
                resent += r->s[CS_RETRANSMIT].start != 0;
                group_add(r->flags & PL_CALL_SLOW_START ? &g_slow : &g_other, r->t_end - r->t_start);
                for (int j = 0; j < PL_RPC_CSTEPS; j++)
                    step_ns[j] += (double)r->s[j].dur;
            }
        }
        struct pl_stats s;
        pl_stats_compute(vals, k, &s);
        uint32_t errors = atomic_load(&l.errors), handles = atomic_load(&b.handles_created);
        if (errors)
            rc = PL_EXIT_FAIL;
        cJSON *o = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, "point_no", i);
        cJSON_AddNumberToObject(o, "request_bytes", pt->request_bytes);
        cJSON_AddNumberToObject(o, "threads", pt->threads);
        cJSON_AddNumberToObject(o, "think_time_us", pt->think_us);
        if (pt->rate_calls_s > 0) { /* open loop: the rate asked, the rate sent and the worst lag */
            int64_t lo = 0, hi = 0, max_lag = 0;
            for (uint32_t x = 0; x < n; x++) {
                const struct pl_rpc_crec *r = &l.recs[x];
                if (!r->done)
                    continue;
                lo = !lo || r->t_start < lo ? r->t_start : lo;
                hi = r->t_start > hi ? r->t_start : hi;
                max_lag = r->send_lag_ns > max_lag ? r->send_lag_ns : max_lag;
            }
            cJSON_AddNumberToObject(o, "rate_calls_s", pt->rate_calls_s);
            cJSON_AddNumberToObject(o, "achieved_calls_s", hi > lo ? (atomic_load(&l.done) - 1) * 1e9 / (double)(hi - lo) : 0);
            cJSON_AddNumberToObject(o, "max_send_lag_ns", (double)max_lag);
        }
        cJSON_AddStringToObject(o, "protection", pl_rpc_prot_name(pt->prot));
        cJSON_AddStringToObject(o, "cache", pt->cache == PL_CACHE_SINGLE ? "single" : "per-thread");
        pl_stats_json(cJSON_AddObjectToObject(o, "rtt_ns"), &s);
        cJSON_AddNumberToObject(o, "first_call_rtt_ns", (double)first);
        cJSON_AddNumberToObject(o, "errors", errors);
        cJSON_AddNumberToObject(o, "handles_created", handles);
        cJSON_AddNumberToObject(o, "slow_start_calls", slow); /* measured calls sent in small packets */
        cJSON_AddNumberToObject(o, "retransmitted_calls", resent); /* measured calls that timed out once or more */
        put_group(o, "slow_start_rtt_ns", &g_slow);
        put_group(o, "other_rtt_ns", &g_other);
        /* mean time per measured call in each client step, by step code (agents/STEPS.md), 0 if it never ran:
         * the ladder that says where a call's time went */
        cJSON *jst = cJSON_AddObjectToObject(o, "step_mean_ns");
        for (int j = 0; j < PL_RPC_CSTEPS; j++) {
            char code[8];
            snprintf(code, sizeof code, "%d", PL_RPC_CSTEP_BASE + j);
            cJSON_AddNumberToObject(jst, code, k ? step_ns[j] / k : 0);
        }
        cJSON_AddItemToArray(jpts, o);
        if (!json)
            printf("point %u: %s %u B, %u threads, think %u us, %s, cache %s: RTT mean %.1f us p50 %.1f p99 %.1f "
                   "(n %zu, %u slow start), first call %.1f us, %u handles, %u errors\n", i, pl_rpc_proc_name(p->proc),
                   pt->request_bytes, pt->threads, pt->think_us, pl_rpc_prot_name(pt->prot),
                   pt->cache == PL_CACHE_SINGLE ? "single" : "per-thread", s.mean / 1e3, s.p50 / 1e3, s.p99 / 1e3,
                   s.count, slow, first / 1e3, handles, errors);
        pl_rpc_binding_free(&b);
    }
    if (json) {
        char *txt = cJSON_Print(doc);
        puts(txt);
        free(txt);
    }
    cJSON_Delete(doc);
    free(recs);
    free(vals);
    free(p);
    return rc;
}

static volatile sig_atomic_t stop_signal;
static void on_signal(int sig) { stop_signal = sig; }

int pl_rpc_cli_serve(int argc, char **argv)
{
    char err[300];
    struct pl_rpc_config cfg;
    pl_rpc_config_default(&cfg);
    const char *bind = "127.0.0.1";
    uint32_t port = 0, threads = 4, duration = 0;
    int prot[PL_CLI_LIST_MAX_NAMES] = {PL_PROT_NONE}, n_prot = 1, have_key = 0, c, bad = 0;
    struct pl_rpc_inject inject = {0};
    optind = 0;
    opterr = 0;
    while (!bad && (c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        int r = common_opt(c, optarg, &cfg, &have_key, err, sizeof err);
        if (r)
            bad = r < 0;
        else switch (c) {
        case O_BIND: bind = optarg; break;
        case O_INJECT:
            if (pl_rpc_inject_parse(optarg, &inject, err, sizeof err))
                bad = 1;
            else if (!inject.server)
                bad = (snprintf(err, sizeof err, "--inject of rpc-serve takes a server step (s.*); a client step "
                                "goes to rpc --inject (got '%s')", optarg), 1);
            break;
        case O_DISPATCH: cfg.always_dispatch = 1; break;
        case O_TRANSPORT:
            cfg.transport = strcmp(optarg, "tcp") == 0 ? PL_RPC_TCP : PL_RPC_UDP;
            if (strcmp(optarg, "tcp") && strcmp(optarg, "udp"))
                bad = (snprintf(err, sizeof err, "--transport must be udp or tcp (got '%s')", optarg), 1);
            break;
        case O_PORT: bad = pl_cli_num("port", optarg, 0, 65535, &port, err, sizeof err); break;
        case O_THREADS: bad = pl_cli_num("threads", optarg, 1, PL_RPC_MAX_THREADS, &threads, err, sizeof err); break;
        case O_DURATION: bad = pl_cli_num("duration-s", optarg, 0, 86400, &duration, err, sizeof err); break;
        case O_PROT: bad = pl_cli_name_list("protection", optarg, pl_rpc_prot_from_name, "none, connect, pkt, integrity, privacy", prot, &n_prot, err, sizeof err); break;
        case O_HELP: printf("usage:\n%s", pl_rpc_cli_usage); return PL_EXIT_OK;
        default: bad = (snprintf(err, sizeof err, "unknown or incomplete option '%s'", argv[optind - 1]), 1);
        }
    }
    uint32_t allowed = 0;
    for (int i = 0; i < n_prot; i++)
        allowed |= 1u << prot[i];
    if (!bad && optind < argc)
        bad = (snprintf(err, sizeof err, "unexpected argument '%s'", argv[optind]), 1);
    if (!bad && (allowed & ~1u) && !have_key)
        bad = (snprintf(err, sizeof err, "--key is required for protection levels other than none"), 1);
    if (bad)
        return usage_error("rpc-serve", err);
    if (pl_rpc_crypto_init() != 0)
        return PL_EXIT_FAIL;
    /* every call the server serves is an inject point's */
    uint32_t from = 0, to = UINT32_MAX;
    if (inject.kind != PL_INJECT_NONE && !(cfg.inject = pl_rpc_inject_map_new(&inject, &from, &to, 1))) {
        fprintf(stderr, "perflab-agent rpc-serve: out of memory\n");
        return PL_EXIT_FAIL;
    }
    struct pl_rpc_server s;
    if (pl_rpc_server_start(&s, &cfg, allowed, bind, (int)port, (int)threads, NULL, 0, err, sizeof err) != PL_OK) {
        fprintf(stderr, "perflab-agent rpc-serve: %s\n", err);
        free(cfg.inject);
        return PL_EXIT_FAIL;
    }
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    printf("listening on %s:%s[%d]\n", cfg.transport == PL_RPC_TCP ? "tcp" : "udp", bind, s.port);
    fflush(stdout);
    int64_t end = duration ? pl_now_ns() + (int64_t)duration * 1000000000LL : 0;
    while (!stop_signal && (!end || pl_now_ns() < end))
        usleep(100000);
    pl_rpc_server_stop(&s);
    free(cfg.inject);
    uint32_t served = atomic_load(&s.calls_served);
    fprintf(stderr, "rpc-serve: %u calls served, %u packets rejected\n", served, atomic_load(&s.rejected_packets));
    /* the server's step ladder: mean ns per served call in each step (warm-up calls included) */
    fprintf(stderr, "rpc-serve: step means (ns per call):");
    for (int j = 0; j < PL_RPC_SSTEPS; j++)
        fprintf(stderr, " %d=%.0f", PL_RPC_SSTEP_BASE + j, served ? (double)s.untraced.s[j].dur / served : 0.0);
    fprintf(stderr, "\n");
    return PL_EXIT_OK;
}
