/* perflab-agent stream / flows: the socket experiments on the command line, either end. */
#include "cli_socket.h"
#include "cli_exit.h"
#include "flows.h"
#include "net.h"
#include "pl_error.h"
#include "pl_log.h"
#include "stats.h"
#include "stream.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <getopt.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char stream_usage[] =
    "usage: perflab-agent stream --connect HOST:PORT [--transport tcp|udp] [--message-bytes N]\n"
    "                 [--duration S] [--interval-ms N] [--json]\n"
    "       perflab-agent stream --listen PORT [--bind ADDR] [--transport tcp|udp]\n"
    "  one-way throughput: the client sends messages as fast as the transport takes them\n"
    "  --connect HOST:PORT  receiver to stream to\n"
    "  --listen PORT        be the receiver (0 = any free port); counts and answers totals\n"
    "  --bind ADDR          receiver address to bind (default 0.0.0.0)\n"
    "  --transport          tcp (default) or udp\n"
    "  --message-bytes N    bytes per send(): 1..1048576 (tcp), 1..65507 (udp); default 65536 / 8192\n"
    "  --duration S         seconds to stream, 1..3600 (default 5)\n"
    "  --interval-ms N      length of one throughput record, 10..10000 (default 100)\n"
    "  --json               machine-readable output (per-interval records included)\n";

static const char flows_usage[] =
    "usage: perflab-agent flows --connect HOST:PORT [--mode threads|processes] [--flows N]\n"
    "                 [--request-bytes N] [--response-bytes N] [--calls N] [--warmup N] [--json]\n"
    "       perflab-agent flows --listen PORT [--bind ADDR]\n"
    "  control flows: N threads or N processes, each on its own TCP connection, doing\n"
    "  request/response calls at the same time (the ECS paper's client control flows)\n"
    "  --connect HOST:PORT  a flows server (or the daemon's flows job)\n"
    "  --listen PORT        be the server: one thread per connection (0 = any free port)\n"
    "  --bind ADDR          server address to bind (default 0.0.0.0)\n"
    "  --mode               threads (default) or processes\n"
    "  --flows N            1..10 (default 4)\n"
    "  --request-bytes N    1..1048576 (default 1024)\n"
    "  --response-bytes N   1..1048576 (default 1024)\n"
    "  --calls N            measured calls per flow (default 1000; flows x (calls+warm-up) <= 1000000)\n"
    "  --warmup N           warm-up calls per flow (default 10)\n"
    "  --json               machine-readable output\n";

enum { O_CONNECT = 1, O_LISTEN, O_BIND, O_TRANSPORT, O_MSG, O_DURATION, O_INTERVAL, O_JSON,
       O_MODE, O_FLOWS, O_REQ, O_RESP, O_CALLS, O_WARMUP, O_HELP };

static const struct option opts[] = {
    {"connect", required_argument, 0, O_CONNECT},     {"listen", required_argument, 0, O_LISTEN},
    {"bind", required_argument, 0, O_BIND},           {"transport", required_argument, 0, O_TRANSPORT},
    {"message-bytes", required_argument, 0, O_MSG},   {"duration", required_argument, 0, O_DURATION},
    {"interval-ms", required_argument, 0, O_INTERVAL}, {"json", no_argument, 0, O_JSON},
    {"mode", required_argument, 0, O_MODE},           {"flows", required_argument, 0, O_FLOWS},
    {"request-bytes", required_argument, 0, O_REQ},   {"response-bytes", required_argument, 0, O_RESP},
    {"calls", required_argument, 0, O_CALLS},         {"warmup", required_argument, 0, O_WARMUP},
    {"help", no_argument, 0, O_HELP},                 {0, 0, 0, 0}};

struct sock_opts {
    const char *connect, *bind, *transport, *mode;
    long long listen, msg, duration, interval, flows, req, resp, calls, warmup;
    int json, help;
};

/* Parse argv; err set and -1 on a bad option or number. */
static int parse(int argc, char **argv, struct sock_opts *o, char *err, size_t errlen)
{
    *o = (struct sock_opts){.bind = "0.0.0.0", .transport = "tcp", .mode = "threads",
                            .listen = -1, .msg = -1, .duration = 5, .interval = 100, .flows = 4,
                            .req = 1024, .resp = 1024, .calls = 1000, .warmup = 10};
    optind = 0;
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        long long *target = c == O_LISTEN ? &o->listen : c == O_MSG ? &o->msg
                          : c == O_DURATION ? &o->duration : c == O_INTERVAL ? &o->interval
                          : c == O_FLOWS ? &o->flows : c == O_REQ ? &o->req : c == O_RESP ? &o->resp
                          : c == O_CALLS ? &o->calls : c == O_WARMUP ? &o->warmup : NULL;
        if (target) {
            char *end;
            errno = 0;
            *target = strtoll(optarg, &end, 10);
            if (errno || end == optarg || *end) {
                snprintf(err, errlen, "%s must be an integer (got '%s')", argv[optind - 2], optarg);
                return -1;
            }
            continue;
        }
        switch (c) {
        case O_CONNECT: o->connect = optarg; break;
        case O_BIND: o->bind = optarg; break;
        case O_TRANSPORT: o->transport = optarg; break;
        case O_MODE: o->mode = optarg; break;
        case O_JSON: o->json = 1; break;
        case O_HELP: o->help = 1; break;
        default:
            snprintf(err, errlen, "unknown or incomplete option '%s'", argv[optind - 1]);
            return -1;
        }
    }
    if (optind < argc) {
        snprintf(err, errlen, "unexpected argument '%s'", argv[optind]);
        return -1;
    }
    if (!o->help && !o->connect == (o->listen < 0)) {
        snprintf(err, errlen, "give either --connect HOST:PORT or --listen PORT");
        return -1;
    }
    if (o->listen > 65535) {
        snprintf(err, errlen, "--listen must be between 0 and 65535 (got %lld)", o->listen);
        return -1;
    }
    return 0;
}

static struct pl_cancel cli_cancel;

static void *signal_main(void *arg)
{
    int sig;
    sigwait((sigset_t *)arg, &sig);
    pl_cancel_fire(&cli_cancel, PL_STOP_AGENT);
    return NULL;
}

struct pl_cancel *pl_cli_catch_signals(void)
{
    static sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    signal(SIGPIPE, SIG_IGN);
    pl_cancel_init(&cli_cancel);
    pthread_t th;
    pthread_create(&th, NULL, signal_main, &set);
    pthread_detach(th);
    return &cli_cancel;
}

static int usage_error(const char *cmd, const char *err, const char *usage)
{
    fprintf(stderr, "perflab-agent %s: %s\n%s", cmd, err, usage);
    return PL_EXIT_USAGE;
}

static int stream_listen(const struct sock_opts *o, const struct pl_transport *t)
{
    char err[PL_NET_ERR_LEN];
    struct pl_sink s;
    if (pl_sink_open(&s, t, o->bind, (int)o->listen, err) != PL_OK) {
        pl_log("stream: %s", err);
        return PL_EXIT_FAIL;
    }
    pl_cancel_add_fd(&cli_cancel, s.fd);
    printf("{\"listening\": {\"kind\": \"stream\", \"transport\": \"%s\", \"port\": %d}}\n", t->name, s.port);
    fflush(stdout);
    while (!pl_cancel_reason(&cli_cancel))
        if (pl_sink_session(&s, &cli_cancel, err) == PL_OK) {
            printf("{\"session\": {\"received_bytes\": %llu, \"received_messages\": %llu, "
                   "\"receiver_duration_ns\": %lld}}\n",
                   (unsigned long long)s.last.recv_bytes, (unsigned long long)s.last.recv_msgs,
                   (long long)s.last.recv_duration_ns);
            fflush(stdout);
        }
    pl_sink_close(&s);
    return PL_EXIT_OK;
}

int pl_cli_stream(int argc, char **argv)
{
    struct sock_opts o;
    char err[300], host[256];
    int port;
    if (parse(argc, argv, &o, err, sizeof err))
        return usage_error("stream", err, stream_usage);
    if (o.help) {
        fputs(stream_usage, stdout);
        return PL_EXIT_OK;
    }
    if (o.msg < 0)
        o.msg = o.transport && strcmp(o.transport, "udp") == 0 ? 8192 : 65536;
    struct pl_stream_params p;
    if (pl_stream_check(&p, o.transport, o.msg, o.duration, o.interval, PL_NAMES_CLI, err, sizeof err))
        return usage_error("stream", err, stream_usage);
    pl_cli_catch_signals();
    if (o.listen >= 0)
        return stream_listen(&o, p.transport);
    if (pl_net_split_hostport(err, o.connect, host, sizeof host, &port) != PL_NET_OK)
        return usage_error("stream", err, stream_usage);
    struct pl_trace tr;
    if (pl_trace_init(&tr, PL_SIDE_CLIENT, pl_stream_intervals(&p), p.message_bytes, 0) != PL_OK)
        return PL_EXIT_FAIL;
    struct pl_stream_result r;
    pl_stream_client(host, port, &p, &tr, &cli_cancel, &r);
    double secs = r.duration_ns / 1e9;
    if (o.json) {
        cJSON *doc = cJSON_CreateObject(), *end = cJSON_AddObjectToObject(doc, "end");
        cJSON_AddStringToObject(end, "transport", p.transport->name);
        cJSON_AddNumberToObject(end, "message_bytes", p.message_bytes);
        cJSON_AddNumberToObject(end, "sent_bytes", (double)r.sent_bytes);
        cJSON_AddNumberToObject(end, "sent_messages", (double)r.sent_msgs);
        cJSON_AddNumberToObject(end, "duration_ns", (double)r.duration_ns);
        cJSON_AddNumberToObject(end, "sent_bytes_per_s", secs > 0 ? r.sent_bytes / secs : 0);
        if (r.got_totals) {
            cJSON_AddNumberToObject(end, "received_bytes", (double)r.recv_bytes);
            cJSON_AddNumberToObject(end, "received_messages", (double)r.recv_msgs);
            cJSON_AddNumberToObject(end, "receiver_duration_ns", (double)r.recv_duration_ns);
        }
        if (r.rc != PL_OK)
            cJSON_AddStringToObject(end, "error", r.err);
        cJSON *iv = cJSON_AddArrayToObject(doc, "intervals");
        for (uint32_t k = 0; k < r.intervals; k++) {
            cJSON *x = cJSON_CreateObject();
            cJSON_AddNumberToObject(x, "start_ns", (double)tr.recs[k].t[0]);
            cJSON_AddNumberToObject(x, "end_ns", (double)tr.recs[k].t[3]);
            cJSON_AddNumberToObject(x, "bytes", tr.recs[k].bytes);
            cJSON_AddItemToArray(iv, x);
        }
        char *txt = cJSON_Print(doc);
        puts(txt);
        free(txt);
        cJSON_Delete(doc);
    } else {
        printf("perflab-agent stream %s %s  message %u B  %.2f s\n", p.transport->name, o.connect,
               p.message_bytes, secs);
        if (r.rc != PL_OK)
            printf("error: %s\n", r.err);
        printf("sent: %llu bytes, %.1f MB/s (%.3f Gbit/s)\n", (unsigned long long)r.sent_bytes,
               secs > 0 ? r.sent_bytes / secs / 1e6 : 0, secs > 0 ? r.sent_bytes * 8 / secs / 1e9 : 0);
        if (r.got_totals)
            printf("received: %llu bytes in %llu messages (%.2f%% of the bytes sent)\n",
                   (unsigned long long)r.recv_bytes, (unsigned long long)r.recv_msgs,
                   r.sent_bytes ? 100.0 * r.recv_bytes / r.sent_bytes : 0);
    }
    pl_trace_free(&tr);
    return r.rc == PL_OK ? PL_EXIT_OK : PL_EXIT_FAIL;
}

int pl_cli_flows(int argc, char **argv)
{
    struct sock_opts o;
    char err[300], host[256];
    int port;
    if (parse(argc, argv, &o, err, sizeof err))
        return usage_error("flows", err, flows_usage);
    if (o.help) {
        fputs(flows_usage, stdout);
        return PL_EXIT_OK;
    }
    struct pl_flows_params p;
    if (o.listen < 0 && pl_flows_check(&p, o.mode, o.flows, o.transport, o.req, o.resp, o.calls,
                                       o.warmup, PL_NAMES_CLI, err, sizeof err))
        return usage_error("flows", err, flows_usage);
    pl_cli_catch_signals();
    if (o.listen >= 0) {
        int fd = pl_net_tcp_listen(err, o.bind, (int)o.listen, 32);
        if (fd < 0 || (port = pl_net_local_port(err, fd)) < 0) {
            pl_log("flows: %s", err);
            return PL_EXIT_FAIL;
        }
        pl_cancel_add_fd(&cli_cancel, fd);
        printf("{\"listening\": {\"kind\": \"flows\", \"transport\": \"tcp\", \"port\": %d}}\n", port);
        fflush(stdout);
        pl_flows_serve(fd, &cli_cancel);
        return PL_EXIT_OK;
    }
    if (pl_net_split_hostport(err, o.connect, host, sizeof host, &port) != PL_NET_OK)
        return usage_error("flows", err, flows_usage);
    struct pl_trace tr;
    if (pl_flows_trace_init(&tr, &p) != PL_OK)
        return PL_EXIT_FAIL;
    struct pl_flows_result r;
    pl_flows_client(host, port, &p, &tr, &cli_cancel, &r);
    int64_t *scratch = malloc(((size_t)tr.capacity + 1) * sizeof *scratch);
    struct pl_stats s;
    pl_stats_rtt(&tr, r.done, scratch, &s);
    free(scratch);
    if (o.json) {
        cJSON *doc = cJSON_CreateObject(), *end = cJSON_AddObjectToObject(doc, "end");
        cJSON_AddStringToObject(end, "mode", p.processes ? "processes" : "threads");
        cJSON_AddNumberToObject(end, "flows", p.flows);
        cJSON_AddNumberToObject(end, "calls_done", r.done);
        cJSON_AddNumberToObject(end, "errors", r.errors);
        cJSON_AddNumberToObject(end, "rtt_mean_ns", s.mean);
        cJSON_AddNumberToObject(end, "rtt_p50_ns", s.p50);
        cJSON_AddNumberToObject(end, "rtt_p99_ns", s.p99);
        if (r.rc != PL_OK)
            cJSON_AddStringToObject(end, "error", r.err);
        char *txt = cJSON_Print(doc);
        puts(txt);
        free(txt);
        cJSON_Delete(doc);
    } else {
        printf("perflab-agent flows %s x%u %s  request %u B  response %u B  calls %u+%u per flow\n",
               p.processes ? "processes" : "threads", p.flows, o.connect, p.pp.request_bytes,
               p.pp.response_bytes, p.pp.warmup, p.pp.calls);
        if (r.rc != PL_OK)
            printf("error: %s\n", r.err);
        printf("response time (us), all flows, warm-up and first call excluded: mean %.2f  p50 %.2f  "
               "p99 %.2f  (%zu calls, %u errors)\n",
               s.mean / 1e3, s.p50 / 1e3, s.p99 / 1e3, s.count, r.errors);
    }
    pl_flows_trace_free(&tr);
    return r.rc == PL_OK ? PL_EXIT_OK : PL_EXIT_FAIL;
}
