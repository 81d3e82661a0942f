/* One-way streaming over real loopback sockets: intervals tile the run, their bytes add up to
 * what was sent, and the receiver's totals come back (TCP: everything; UDP: whole datagrams). */
#include "check.h"
#include "net.h"
#include "pl_clock.h"
#include "pl_error.h"
#include "stream.h"

#include <pthread.h>
#include <signal.h>
#include <string.h>

struct sink_ctx {
    struct pl_sink s;
    struct pl_cancel cancel;
    int rc;
};

static void *sink_thread(void *arg)
{
    struct sink_ctx *c = arg;
    char err[256];
    c->rc = pl_sink_session(&c->s, &c->cancel, err);
    return NULL;
}

static void run(const char *transport, uint32_t msg)
{
    struct sink_ctx c;
    char err[256];
    pl_cancel_init(&c.cancel);
    struct pl_stream_params p;
    CHECK(pl_stream_check(&p, transport, msg, 1, 100, PL_NAMES_JSON, err, sizeof err) == PL_OK, "%s", err);
    CHECK(pl_sink_open(&c.s, p.transport, "127.0.0.1", 0, err) == PL_OK, "sink: %s", err);
    pthread_t th;
    pthread_create(&th, NULL, sink_thread, &c);
    struct pl_trace tr;
    CHECK(pl_trace_init(&tr, PL_SIDE_CLIENT, pl_stream_intervals(&p), msg, 0) == PL_OK, "trace");
    struct pl_stream_result r;
    pl_stream_client("127.0.0.1", c.s.port, &p, &tr, NULL, &r);
    pthread_join(th, NULL);
    CHECK(r.rc == PL_OK, "%s: client rc %d %s", transport, r.rc, r.err);
    CHECK(c.rc == PL_OK, "%s: sink rc %d", transport, c.rc);
    /* at most one per 100 ms (+ a short last one); fewer when a send() blocks or we are descheduled */
    CHECK(r.intervals >= 2 && r.intervals <= 11, "%s: %u intervals in 1 s of 100 ms", transport, r.intervals);
    CHECK(r.intervals && tr.recs[r.intervals - 1].t[3] - tr.recs[0].t[0] == r.duration_ns,
          "%s: intervals do not tile the run", transport);
    CHECK(pl_trace_completed(&tr) == r.intervals, "published %u", pl_trace_completed(&tr));
    uint64_t sum = 0;
    for (uint32_t k = 0; k < r.intervals; k++) {
        const struct pl_trace_rec *x = &tr.recs[k];
        sum += x->bytes;
        CHECK(x->t[3] > x->t[0] && x->call_no == k, "%s: interval %u", transport, k);
        if (k + 1 < r.intervals) {
            CHECK(tr.recs[k + 1].t[0] == x->t[3], "%s: intervals %u,%u not contiguous", transport, k, k + 1);
            CHECK(x->t[3] - x->t[0] >= 100000000LL, "%s: interval %u shorter than 100 ms", transport, k);
        }
    }
    CHECK(sum == r.sent_bytes && r.sent_bytes > 0, "%s: intervals add to %llu, sent %llu", transport,
          (unsigned long long)sum, (unsigned long long)r.sent_bytes);
    CHECK(r.duration_ns >= 1000000000LL && r.duration_ns < 3000000000LL, "%s: duration %lld", transport,
          (long long)r.duration_ns);
    CHECK(r.got_totals, "%s: no totals from the receiver", transport);
    if (strcmp(transport, "tcp") == 0) {
        CHECK(r.recv_bytes == r.sent_bytes, "tcp: received %llu of %llu", (unsigned long long)r.recv_bytes,
              (unsigned long long)r.sent_bytes);
    } else {
        CHECK(r.recv_msgs > 0 && r.recv_msgs <= r.sent_msgs && r.recv_bytes == r.recv_msgs * msg,
              "udp: received %llu datagrams (%llu B) of %llu", (unsigned long long)r.recv_msgs,
              (unsigned long long)r.recv_bytes, (unsigned long long)r.sent_msgs);
    }
    fprintf(stderr, "%s %u B: sent %.1f MB/s, received %llu of %llu bytes\n", transport, msg,
            r.sent_bytes / (r.duration_ns / 1e9) / 1e6, (unsigned long long)r.recv_bytes,
            (unsigned long long)r.sent_bytes);
    pl_sink_close(&c.s);
    pl_trace_free(&tr);
}

int main(void)
{
    signal(SIGPIPE, SIG_IGN);
    pl_clock_init(50);
    run("tcp", 65536);
    run("udp", 8192);

    struct pl_stream_params p;
    char err[256];
    CHECK(pl_stream_check(&p, "udp", 70000, 1, 100, PL_NAMES_JSON, err, sizeof err) == PL_ERR_ARGS &&
              strcmp(err, "message_bytes must be between 1 and 65507 for udp (got 70000)") == 0, "%s", err);
    CHECK(pl_stream_check(&p, "tcp", 10, 0, 100, PL_NAMES_CLI, err, sizeof err) == PL_ERR_ARGS &&
              strcmp(err, "--duration must be between 1 and 3600 (got 0)") == 0, "%s", err);
    CHECK(pl_stream_check(&p, "tcp", 10, 1, 5, PL_NAMES_JSON, err, sizeof err) == PL_ERR_ARGS &&
              strcmp(err, "interval_ms must be between 10 and 10000 (got 5)") == 0, "%s", err);
    return check_result("t_stream");
}
