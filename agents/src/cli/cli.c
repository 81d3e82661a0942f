#include "cli.h"
#include "backend_url.h"
#include "daemon.h"
#include "net.h"
#include "pl_clock.h"
#include "pl_error.h"
#include "pl_log.h"
#include "cli_clock.h"
#include "cli_socket.h"
#include "rpc_cli.h"
#include "stats.h"
#include "transport_table.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char usage[] =
    "usage: perflab-agent --version\n"
    "       perflab-agent serve --transport tcp|udp [--bind ADDR] --port P [--busy-poll] [--json]\n"
    "       perflab-agent pingpong --connect HOST:PORT --transport tcp|udp --request-bytes N\n"
    "                 --response-bytes N --calls N --warmup N [--busy-poll] [--json]\n"
    "                 [--arrival closed|constant|poisson --rate CALLS_PER_S [--seed N]]\n"
    "  --arrival          open loop: each call at its intended time from --rate (1..1000000 calls/s),\n"
    "                     evenly spaced (constant) or exponential gaps (poisson); latency is then also\n"
    "                     given from the intended send (RTT + the call's lag), as wrk2 does\n"
    "  --busy-poll        tcp: wait for each message by spinning on a non-blocking recv (a CPU busy\n"
    "                     the whole run) instead of sleeping in the kernel, as sockperf --nonblocked\n"
    "       perflab-agent daemon --backend URL --token ENROLLMENT_TOKEN --name NAME\n"
    "                 [--advertise ADDR] [--spool DIR] [--max-bytes N] [--max-threads N]\n"
    "                 [--max-duration S] [--allow-peers HOST[,HOST...]]\n"
    "                 [--ca-file PATH] [--allow-plain-http] [--revoked-exit CODE]\n"
    "       perflab-agent clock [--json]\n"
    "       perflab-agent stream --connect HOST:PORT | --listen PORT [options]  (stream --help)\n"
    "       perflab-agent flows --connect HOST:PORT | --listen PORT [options]   (flows --help)\n"
    "\n"
    "daemon limits (a job asking for more is rejected with the reason; 0 = no limit):\n"
    "  --max-bytes N      largest request or response of a call, bytes\n"
    "  --max-threads N    most threads or processes one job may use\n"
    "  --max-duration S   longest timeout_s a job may ask for, seconds\n"
    "  --allow-peers L    the only hosts a client job may send experiment traffic to\n"
    "                     (default: the peer the backend names in the job, nothing else)\n"
    "daemon backend connection:\n"
    "  --token TOKEN      the lab's enrolment token (default $PERFLAB_ENROLLMENT_TOKEN: unlike the command\n"
    "                     line, the environment is not readable by other local users)\n"
    "  --ca-file PATH     an https:// backend's certificate is verified against these CA certificates\n"
    "                     (PEM; default $PERFLAB_CA_FILE, else the system's); verification is never off\n"
    "  --allow-plain-http talk plain http:// to a backend that is not on this machine (refused otherwise;\n"
    "                     http:// to 127.0.0.0/8, ::1 or localhost is always allowed)\n"
    "  exit codes: 0 stopped by SIGINT/SIGTERM, 2 bad options, 3 revoked by the backend (not re-enrolled)\n"
    "  --revoked-exit N   exit N (0-255) instead of 3 when revoked: 0 lets a supervisor that restarts only\n"
    "                     failures (docker's restart: on-failure) leave a revoked agent stopped\n"
    "clock: the probe clock (TSC or clock_gettime), its calibration and the probe cost\n";

/* strict integer: the whole string, no overflow */
static int parse_ll(const char *s, long long *v)
{
    char *end;
    errno = 0;
    long long x = strtoll(s, &end, 10);
    if (errno || end == s || *end)
        return -1;
    *v = x;
    return 0;
}

static int bad_int(const char *opt, const char *val, const char *range, char *err, size_t errlen)
{
    snprintf(err, errlen, "%s must be an integer %s (got '%s')", opt, range, val);
    return PL_EXIT_USAGE;
}

/* getopt_long over a subcommand's argv (argv[0] is its name), with the usage errors
 * serve and pingpong report alike. Returns the next option's val, -1 at the end, or '?'
 * with err set: an unknown or incomplete option, or an argument left after the options. */
static int next_opt(int argc, char **argv, const struct option *opts, char *err, size_t errlen)
{
    opterr = 0; /* errors go to err, not stderr */
    int c = getopt_long(argc, argv, "", opts, NULL);
    if (c == '?')
        snprintf(err, errlen, "unknown or incomplete option '%s'", argv[optind - 1]);
    if (c == -1 && optind < argc) {
        snprintf(err, errlen, "unexpected argument '%s'", argv[optind]);
        c = '?';
    }
    return c;
}

int pl_cli_parse_pingpong(int argc, char **argv, struct pl_pingpong_opts *o, char *err, size_t errlen)
{
    static const struct option opts[] = {
        {"connect", required_argument, 0, 'c'},       {"transport", required_argument, 0, 't'},
        {"request-bytes", required_argument, 0, 'q'}, {"response-bytes", required_argument, 0, 'r'},
        {"calls", required_argument, 0, 'n'},         {"warmup", required_argument, 0, 'w'},
        {"json", no_argument, 0, 'j'},                {"busy-poll", no_argument, 0, 'B'},
        {"arrival", required_argument, 0, 'a'},       {"rate", required_argument, 0, 'R'},
        {"seed", required_argument, 0, 's'},          {0, 0, 0, 0}};
    const char *connect = NULL, *transport = "tcp", *arrival = "closed";
    long long req = 64, resp = 64, calls = 1000, warmup = 10, seed = 1;
    double rate = 0;
    char *end;
    memset(o, 0, sizeof *o);
    optind = 0; /* full reset: tests parse several argument lists */
    int c;
    while ((c = next_opt(argc, argv, opts, err, errlen)) != -1) {
        switch (c) {
        case 'c': connect = optarg; break;
        case 't': transport = optarg; break;
        case 'q':
            if (parse_ll(optarg, &req))
                return bad_int("--request-bytes", optarg, "between 1 and 1048576 (tcp) or 131072 (udp)", err, errlen);
            break;
        case 'r':
            if (parse_ll(optarg, &resp))
                return bad_int("--response-bytes", optarg, "between 1 and 1048576 (tcp) or 131072 (udp)", err, errlen);
            break;
        case 'n':
            if (parse_ll(optarg, &calls))
                return bad_int("--calls", optarg, "between 1 and 1000000", err, errlen);
            break;
        case 'w':
            if (parse_ll(optarg, &warmup))
                return bad_int("--warmup", optarg, "between 0 and 100000", err, errlen);
            break;
        case 'j': o->json = 1; break;
        case 'B': o->busy_poll = 1; break;
        case 'a': arrival = optarg; break;
        case 'R':
            rate = strtod(optarg, &end);
            if (end == optarg || *end)
                return bad_int("--rate", optarg, "a number between 1 and 1000000 calls/s", err, errlen);
            break;
        case 's':
            if (parse_ll(optarg, &seed) || seed < 0 || seed > 0xffffffffLL)
                return bad_int("--seed", optarg, "between 0 and 4294967295", err, errlen);
            break;
        default: return PL_EXIT_USAGE; /* err set by next_opt */
        }
    }
    if (!connect) {
        snprintf(err, errlen, "--connect HOST:PORT is required");
        return PL_EXIT_USAGE;
    }
    char nerr[PL_NET_ERR_LEN];
    if (pl_net_split_hostport(nerr, connect, o->host, sizeof o->host, &o->port) != PL_NET_OK) {
        snprintf(err, errlen, "--connect: %s", nerr);
        return PL_EXIT_USAGE;
    }
    if (pl_params_check(&o->p, transport, req, resp, calls, warmup, PL_NAMES_CLI, err, errlen) != PL_OK ||
        pl_arrivals_check("--arrival", arrival, "--rate", rate, "--think-us", 0, &o->arrival, err, errlen) != PL_OK)
        return PL_EXIT_USAGE;
    o->rate = rate;
    o->seed = (uint64_t)seed;
    if (o->busy_poll && o->p.transport != &pl_transport_tcp) {
        snprintf(err, errlen, "--busy-poll is for --transport tcp only (got '%s')", transport);
        return PL_EXIT_USAGE;
    }
    return PL_EXIT_OK;
}

int pl_cli_parse_serve(int argc, char **argv, struct pl_serve_opts *o, char *err, size_t errlen)
{
    static const struct option opts[] = {{"transport", required_argument, 0, 't'},
                                         {"bind", required_argument, 0, 'b'},
                                         {"port", required_argument, 0, 'p'},
                                         {"json", no_argument, 0, 'j'},
                                         {"busy-poll", no_argument, 0, 'B'},
                                         {0, 0, 0, 0}};
    const char *transport = "tcp";
    long long port = -1;
    memset(o, 0, sizeof *o);
    snprintf(o->bind, sizeof o->bind, "0.0.0.0");
    optind = 0;
    int c;
    while ((c = next_opt(argc, argv, opts, err, errlen)) != -1) {
        switch (c) {
        case 't': transport = optarg; break;
        case 'b': snprintf(o->bind, sizeof o->bind, "%s", optarg); break;
        case 'p':
            if (parse_ll(optarg, &port) || port < 0 || port > 65535) {
                snprintf(err, errlen, "--port must be between 0 and 65535 (got '%s')", optarg);
                return PL_EXIT_USAGE;
            }
            break;
        case 'j': o->json = 1; break;
        case 'B': o->busy_poll = 1; break;
        default: return PL_EXIT_USAGE; /* err set by next_opt */
        }
    }
    o->transport = pl_transport_find(transport);
    if (!o->transport) {
        snprintf(err, errlen, "--transport must be tcp or udp (got '%s')", transport);
        return PL_EXIT_USAGE;
    }
    if (port < 0) {
        snprintf(err, errlen, "--port must be given (0..65535, 0 = any free port)");
        return PL_EXIT_USAGE;
    }
    if (o->busy_poll && o->transport != &pl_transport_tcp) {
        snprintf(err, errlen, "--busy-poll is for --transport tcp only (got '%s')", transport);
        return PL_EXIT_USAGE;
    }
    o->port = (int)port;
    return PL_EXIT_OK;
}

/* ---- serve ---- */

static int cmd_serve(int argc, char **argv)
{
    struct pl_serve_opts o;
    char err[512];
    if (pl_cli_parse_serve(argc, argv, &o, err, sizeof err) != PL_EXIT_OK) {
        fprintf(stderr, "perflab-agent serve: %s\n%s", err, usage);
        return PL_EXIT_USAGE;
    }
    struct pl_cancel *serve_cancel = pl_cli_catch_signals();
    pl_tcp_busy_poll = o.busy_poll;

    struct pl_server srv;
    if (o.transport->server_open(&srv, o.bind, o.port, err) != PL_OK) {
        pl_log("serve: %s", err);
        return PL_EXIT_FAIL;
    }
    pl_cancel_add_fd(serve_cancel, srv.fd);
    pl_log("serving %s on %s:%d", o.transport->name, o.bind, srv.port);
    if (o.json) {
        printf("{\"listening\": {\"transport\": \"%s\", \"bind\": \"%s\", \"port\": %d}}\n",
               o.transport->name, o.bind, srv.port);
        fflush(stdout);
    }
    while (!pl_cancel_reason(serve_cancel)) {
        /* no trace: standalone mode records and uploads nothing */
        int rc = o.transport->server_session(&srv, NULL, serve_cancel, err);
        if (rc == PL_ERR_CANCELLED)
            break;
        if (rc != PL_OK) {
            pl_log("session ended: %s", err);
            continue;
        }
        if (o.json) {
            printf("{\"session\": {\"transport\": \"%s\", \"peer\": \"%s\", \"request_bytes\": %u, "
                   "\"response_bytes\": %u, \"requests\": %u}}\n",
                   o.transport->name, srv.peer, srv.request_bytes, srv.response_bytes, srv.requests);
            fflush(stdout);
        } else {
            pl_log("session from %s: %u requests of %u B, responses of %u B", srv.peer, srv.requests,
                   srv.request_bytes, srv.response_bytes);
        }
    }
    o.transport->server_close(&srv);
    pl_log("stopped");
    return PL_EXIT_OK;
}

/* ---- pingpong ---- */

static int cmd_pingpong(int argc, char **argv)
{
    struct pl_pingpong_opts o;
    char err[512];
    if (pl_cli_parse_pingpong(argc, argv, &o, err, sizeof err) != PL_EXIT_OK) {
        fprintf(stderr, "perflab-agent pingpong: %s\n%s", err, usage);
        return PL_EXIT_USAGE;
    }
    signal(SIGPIPE, SIG_IGN);
    pl_tcp_busy_poll = o.busy_poll;
    const struct pl_params *p = &o.p;
    struct pl_trace tr;
    if (pl_trace_init(&tr, PL_SIDE_CLIENT, p->calls + p->warmup, p->request_bytes,
                      p->response_bytes) != PL_OK) {
        pl_log("pingpong: out of memory for %u calls", p->calls + p->warmup);
        return PL_EXIT_FAIL;
    }
    struct pl_conn conn;
    int rc = p->transport->client_open(&conn, o.host, o.port, p->request_bytes, p->response_bytes,
                                       NULL, err);
    struct pl_client_result res = {0};
    struct pl_schedule sched;
    if (rc == PL_OK && o.arrival != PL_ARRIVAL_CLOSED) {
        pl_schedule_thread_setup();
        pl_schedule_start(&sched, o.arrival, o.rate, pl_schedule_seed(o.seed, 0, 0, 0), pl_now_ns());
    }
    if (rc == PL_OK) {
        pl_pingpong_client_at(p->transport, &conn, &tr, p->warmup, o.arrival != PL_ARRIVAL_CLOSED ? &sched : NULL,
                              NULL, &res);
        p->transport->client_close(&conn, NULL);
        rc = res.rc;
        if (rc != PL_OK)
            snprintf(err, sizeof err, "%s during call %u: %s", pl_strerror(rc),
                     res.done ? res.done - 1 : 0, strerror(res.last_errno));
    } else {
        char tmp[sizeof err];
        memcpy(tmp, err, sizeof tmp);
        snprintf(err, sizeof err, "peer unreachable: %.480s", tmp);
    }

    int64_t *scratch = malloc(((size_t)tr.capacity + 1) * sizeof *scratch);
    struct pl_stats s, lat = {0};
    pl_stats_rtt(&tr, res.done, scratch, &s);
    int64_t max_lag = 0;
    if (o.arrival != PL_ARRIVAL_CLOSED) { /* latency from the intended send: the same calls' RTT + lag */
        for (uint32_t i = 0; i < res.done; i++)
            if (tr.recs[i].send_lag_ns > max_lag)
                max_lag = tr.recs[i].send_lag_ns;
        for (uint32_t i = 0; i < res.done; i++)
            tr.recs[i].t[3] += tr.recs[i].send_lag_ns;
        pl_stats_rtt(&tr, res.done, scratch, &lat);
        for (uint32_t i = 0; i < res.done; i++)
            tr.recs[i].t[3] -= tr.recs[i].send_lag_ns;
    }
    double achieved = res.done > 1 && tr.recs[res.done - 1].t[0] > tr.recs[0].t[0]
        ? (res.done - 1) * 1e9 / (double)(tr.recs[res.done - 1].t[0] - tr.recs[0].t[0]) : 0;
    free(scratch);
    long long first = res.done ? tr.recs[0].t[3] - tr.recs[0].t[0] : -1;
    char host[256] = "unknown";
    gethostname(host, sizeof host - 1);

    if (o.json) {
        cJSON *doc = cJSON_CreateObject();
        cJSON *start = cJSON_AddObjectToObject(doc, "start");
        cJSON *params = cJSON_AddObjectToObject(start, "params");
        char target[300];
        snprintf(target, sizeof target, "%s:%d", o.host, o.port);
        cJSON_AddStringToObject(params, "connect", target);
        cJSON_AddStringToObject(params, "transport", p->transport->name);
        cJSON_AddNumberToObject(params, "request_bytes", p->request_bytes);
        cJSON_AddNumberToObject(params, "response_bytes", p->response_bytes);
        cJSON_AddNumberToObject(params, "calls", p->calls);
        cJSON_AddNumberToObject(params, "warmup_calls", p->warmup);
        cJSON_AddStringToObject(params, "arrival", pl_arrival_name(o.arrival));
        if (o.arrival != PL_ARRIVAL_CLOSED)
            cJSON_AddNumberToObject(params, "rate_calls_s", o.rate);
        cJSON_AddStringToObject(start, "host", host);
        cJSON_AddStringToObject(start, "version", PL_VERSION);
        cJSON_AddStringToObject(start, "clock", "CLOCK_MONOTONIC");
        cJSON *end = cJSON_AddObjectToObject(doc, "end");
        pl_stats_json(cJSON_AddObjectToObject(end, "rtt_ns"), &s);
        if (o.arrival != PL_ARRIVAL_CLOSED) {
            pl_stats_json(cJSON_AddObjectToObject(end, "latency_ns"), &lat); /* from the intended send */
            cJSON_AddNumberToObject(end, "achieved_calls_s", achieved);
            cJSON_AddNumberToObject(end, "max_send_lag_ns", (double)max_lag);
        }
        if (first >= 0)
            cJSON_AddNumberToObject(end, "first_call_rtt_ns", (double)first);
        else
            cJSON_AddNullToObject(end, "first_call_rtt_ns");
        cJSON_AddNumberToObject(end, "calls_done", res.done);
        cJSON_AddNumberToObject(end, "errors", res.errors);
        if (rc != PL_OK)
            cJSON_AddStringToObject(end, "error", err);
        char *txt = cJSON_Print(doc);
        puts(txt);
        free(txt);
        cJSON_Delete(doc);
    } else {
        printf("perflab-agent %s pingpong %s %s:%d  request %u B  response %u B  calls %u  warm-up %u\n",
               PL_VERSION, p->transport->name, o.host, o.port, p->request_bytes, p->response_bytes,
               p->calls, p->warmup);
        if (rc != PL_OK)
            printf("error: %s\n", err);
        if (first >= 0)
            printf("first call RTT: %.2f us\n", first / 1e3);
        printf("RTT (us), warm-up and first call excluded:\n"
               "  count %zu  mean %.2f  min %.2f  p50 %.2f  p90 %.2f  p99 %.2f  p99.9 %.2f  max %.2f\n"
               "  stddev %.2f  95%% CI of the mean [%.3f, %.3f]\n",
               s.count, s.mean / 1e3, s.min / 1e3, s.p50 / 1e3, s.p90 / 1e3, s.p99 / 1e3,
               s.p999 / 1e3, s.max / 1e3, s.stddev / 1e3, s.ci95_low / 1e3, s.ci95_high / 1e3);
        if (o.arrival != PL_ARRIVAL_CLOSED)
            printf("open loop, %s at %g calls/s: achieved %.2f calls/s, largest send lag %.2f us\n"
                   "latency from the intended send (us): p50 %.2f  p90 %.2f  p99 %.2f  p99.9 %.2f  max %.2f\n",
                   pl_arrival_name(o.arrival), o.rate, achieved, max_lag / 1e3, lat.p50 / 1e3, lat.p90 / 1e3,
                   lat.p99 / 1e3, lat.p999 / 1e3, lat.max / 1e3);
        printf("errors: %u of %u calls\n", res.errors, res.done);
    }
    pl_trace_free(&tr);
    return rc == PL_OK ? PL_EXIT_OK : PL_EXIT_FAIL;
}

/* ---- daemon ---- */

int pl_daemon_check_backend(struct pl_daemon_opts *o, int allow_plain_http, char *err, size_t errlen)
{
    int https;
    if (pl_backend_url_check(o->backend, allow_plain_http, &https, err, errlen) != 0)
        return PL_EXIT_USAGE;
    if (o->ca_file && !*o->ca_file)
        o->ca_file = NULL; /* PERFLAB_CA_FILE= set empty: the system's CAs */
    if (!https) {
        o->ca_file = NULL; /* nothing to verify on plain http */
        return PL_EXIT_OK;
    }
    FILE *f = o->ca_file ? fopen(o->ca_file, "r") : NULL;
    if (o->ca_file && !f) {
        snprintf(err, errlen, "--ca-file %s cannot be read: %s", o->ca_file, strerror(errno));
        return PL_EXIT_USAGE;
    }
    if (f)
        fclose(f);
    return PL_EXIT_OK;
}

static int cmd_daemon(int argc, char **argv)
{
    static const struct option opts[] = {
        {"backend", required_argument, 0, 'b'}, {"token", required_argument, 0, 't'},
        {"name", required_argument, 0, 'n'},    {"advertise", required_argument, 0, 'a'},
        {"spool", required_argument, 0, 's'},   {"max-bytes", required_argument, 0, 'B'},
        {"max-threads", required_argument, 0, 'T'}, {"max-duration", required_argument, 0, 'D'},
        {"allow-peers", required_argument, 0, 'P'}, {"ca-file", required_argument, 0, 'C'},
        {"allow-plain-http", no_argument, 0, 'H'},  {"revoked-exit", required_argument, 0, 'R'},
        {0, 0, 0, 0}};
    long long lim;
    char lerr[600];
    int allow_plain_http = 0;
    /* the enrolment token may come from the environment: a command line is readable by every local user */
    struct pl_daemon_opts o = {.advertise = "127.0.0.1", .ca_file = getenv("PERFLAB_CA_FILE"),
                               .token = getenv("PERFLAB_ENROLLMENT_TOKEN"), .revoked_exit = PL_EXIT_REVOKED};
    optind = 0;
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (c) {
        case 'b': o.backend = optarg; break;
        case 't': o.token = optarg; break;
        case 'n': o.name = optarg; break;
        case 'a': o.advertise = optarg; break;
        case 's': o.spool = optarg; break;
        case 'C': o.ca_file = optarg; break;
        case 'H': allow_plain_http = 1; break;
        case 'R':
            if (parse_ll(optarg, &lim) || lim < 0 || lim > 255) {
                fprintf(stderr, "perflab-agent daemon: --revoked-exit must be between 0 and 255 (got '%s')\n", optarg);
                return PL_EXIT_USAGE;
            }
            o.revoked_exit = (int)lim;
            break;
        case 'B':
        case 'T':
        case 'D':
            if (parse_ll(optarg, &lim) || lim < 0 || lim > (c == 'B' ? 1LL << 30 : 1000000)) {
                fprintf(stderr, "perflab-agent daemon: %s must be between 0 and %lld (got '%s')\n",
                        c == 'B' ? "--max-bytes" : c == 'T' ? "--max-threads" : "--max-duration",
                        c == 'B' ? 1LL << 30 : 1000000LL, optarg);
                return PL_EXIT_USAGE;
            }
            if (c == 'B')
                o.limits.max_bytes = lim;
            else if (c == 'T')
                o.limits.max_threads = (int)lim;
            else
                o.limits.max_duration_s = (int)lim;
            break;
        case 'P':
            if (pl_limits_parse_peers(&o.limits, optarg, lerr, sizeof lerr)) {
                fprintf(stderr, "perflab-agent daemon: %s\n", lerr);
                return PL_EXIT_USAGE;
            }
            break;
        default:
            fprintf(stderr, "perflab-agent daemon: unknown or incomplete option '%s'\n%s",
                    argv[optind - 1], usage);
            return PL_EXIT_USAGE;
        }
    }
    const char *missing = !o.backend             ? "--backend URL"
                          : !o.token || !*o.token ? "--token ENROLLMENT_TOKEN (or PERFLAB_ENROLLMENT_TOKEN)"
                          : !o.name               ? "--name NAME" : NULL;
    if (missing || optind < argc) {
        fprintf(stderr, "perflab-agent daemon: %s%s\n%s", missing ? missing : "unexpected argument ",
                missing ? " is required" : argv[optind], usage);
        return PL_EXIT_USAGE;
    }
    if (strlen(o.name) == 0 || strlen(o.name) > 60 || strchr(o.name, '/')) {
        fprintf(stderr, "perflab-agent daemon: --name must be 1..60 characters without '/'\n");
        return PL_EXIT_USAGE;
    }
    if (pl_daemon_check_backend(&o, allow_plain_http, lerr, sizeof lerr) != PL_EXIT_OK) {
        fprintf(stderr, "perflab-agent daemon: %s\n", lerr);
        return PL_EXIT_USAGE;
    }
    char spool[512];
    if (!o.spool) {
        snprintf(spool, sizeof spool, "./.perflab/spool/%s", o.name);
        o.spool = spool;
    }
    return pl_daemon_run(&o);
}

int pl_cli_main(int argc, char **argv)
{
    if (argc >= 2 && (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "version") == 0)) {
        printf("perflab-agent %s\n", PL_VERSION);
        return PL_EXIT_OK;
    }
    if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "help") == 0)) {
        fputs(usage, stdout);
        fputs(pl_rpc_cli_usage, stdout);
        return PL_EXIT_OK;
    }
    if (argc >= 2 && strcmp(argv[1], "serve") == 0)
        return cmd_serve(argc - 1, argv + 1);
    if (argc >= 2 && strcmp(argv[1], "pingpong") == 0)
        return cmd_pingpong(argc - 1, argv + 1);
    if (argc >= 2 && strcmp(argv[1], "daemon") == 0)
        return cmd_daemon(argc - 1, argv + 1);
    if (argc >= 2 && strcmp(argv[1], "clock") == 0)
        return pl_cli_clock(argc - 1, argv + 1);
    if (argc >= 2 && strcmp(argv[1], "stream") == 0)
        return pl_cli_stream(argc - 1, argv + 1);
    if (argc >= 2 && strcmp(argv[1], "flows") == 0)
        return pl_cli_flows(argc - 1, argv + 1);
    if (argc >= 2 && strcmp(argv[1], "rpc") == 0)
        return pl_rpc_cli_call(argc - 1, argv + 1);
    if (argc >= 2 && strcmp(argv[1], "rpc-serve") == 0)
        return pl_rpc_cli_serve(argc - 1, argv + 1);
    fprintf(stderr, "perflab-agent: %s%s\n%s", argc >= 2 ? "unknown command " : "missing command",
            argc >= 2 ? argv[1] : "", usage);
    return PL_EXIT_USAGE;
}
