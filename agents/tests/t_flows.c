/* Control flows on real loopback sockets: N threads and N processes each on their own
 * connection, calls really concurrent, every record filled in the i*N + f layout. */
#include "check.h"
#include "clockx.h"
#include "flows.h"
#include "net.h"
#include "pl_clock.h"
#include "pl_error.h"

#include <pthread.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

struct srv { int fd; struct pl_cancel cancel; int served; };

static void *serve(void *arg)
{
    struct srv *s = arg;
    s->served = pl_flows_serve(s->fd, &s->cancel);
    return NULL;
}

/* ends before starts at the same instant: back-to-back calls of one flow do not overlap */
static int cmp_ev(const void *a, const void *b)
{
    const int64_t *x = a, *y = b;
    if (x[0] != y[0])
        return x[0] < y[0] ? -1 : 1;
    return ((const int *)(x + 1))[0] - ((const int *)(y + 1))[0];
}

static void run(int port, const char *mode, uint32_t n)
{
    struct pl_flows_params p;
    char err[256];
    CHECK(pl_flows_check(&p, mode, n, "tcp", 64, 64, 1000, 5, PL_NAMES_JSON, err, sizeof err) == PL_OK, "%s", err);
    struct pl_trace tr;
    CHECK(pl_flows_trace_init(&tr, &p) == PL_OK, "trace");
    struct pl_flows_result r;
    pl_flows_client("127.0.0.1", port, &p, &tr, NULL, &r);
    uint32_t per = 1005;
    CHECK(r.rc == PL_OK && r.errors == 0 && r.flows_failed == 0, "%s x%u: rc %d errors %u %s", mode, n,
          r.rc, r.errors, r.err);
    CHECK(r.done == n * per && pl_trace_completed(&tr) == n * per, "%s: done %u", mode, r.done);
    /* each flow's calls are sequential; together they overlap: the calls' summed time over the
     * wall time is the mean number of calls in progress (1 if the flows were serialised) */
    double busy = 0;
    int64_t first = INT64_MAX, last = 0;
    for (uint32_t i = 0; i < n * per; i++) {
        const struct pl_trace_rec *x = &tr.recs[i];
        CHECK(x->call_no == i && x->t[3] > x->t[0], "%s: record %u", mode, i);
        uint16_t want = (i / n < 5 ? PL_CALL_WARMUP : 0) | (i == 0 ? PL_CALL_FIRST : 0);
        CHECK(x->flags == want, "%s: flags %u at %u", mode, x->flags, i);
        if (i >= n)
            CHECK(x->t[0] >= tr.recs[i - n].t[3], "%s: flow %u calls overlap at %u", mode, i % n, i);
        busy += (double)(x->t[3] - x->t[0]);
        first = x->t[0] < first ? x->t[0] : first;
        last = x->t[3] > last ? x->t[3] : last;
    }
    double concurrency = busy / (double)(last - first);
    /* the most calls in progress at one instant: 1 if the flows were serialised, at most n. (The
     * mean above is only printed: on a loaded machine a straggling flow can run alone a while.) */
    uint32_t m = n * per, most = 0, now = 0;
    struct ev { int64_t t; int d; } *ev = malloc(2 * (size_t)m * sizeof *ev);
    for (uint32_t i = 0; i < m; i++) {
        ev[2 * i] = (struct ev){tr.recs[i].t[0], 1};
        ev[2 * i + 1] = (struct ev){tr.recs[i].t[3], -1};
    }
    qsort(ev, 2 * (size_t)m, sizeof *ev, cmp_ev);
    for (uint32_t i = 0; i < 2 * m; i++) {
        now += ev[i].d;
        most = now > most ? now : most;
    }
    free(ev);
    fprintf(stderr, "%s x%u: %.2f calls in progress on average, %u at most\n", mode, n, concurrency, most);
    CHECK(n == 1 ? most == 1 : most >= 2 && most <= n, "%s x%u: at most %u calls at once", mode, n, most);
    pl_flows_trace_free(&tr);
}

int main(void)
{
    signal(SIGPIPE, SIG_IGN);
    pl_clock_init(50);
    struct srv s;
    char err[256];
    pl_cancel_init(&s.cancel);
    s.fd = pl_net_tcp_listen(err, "127.0.0.1", 0, 16);
    int port = pl_net_local_port(err, s.fd);
    pl_cancel_add_fd(&s.cancel, s.fd);
    pthread_t th;
    pthread_create(&th, NULL, serve, &s);
    run(port, "threads", 1);
    run(port, "threads", 4);
    run(port, "processes", 4);
    run(port, "processes", 10);
    pl_clockx_set_wanted(1); /* as in the daemon: version 2 hellos, exchange rounds around the calls */
    run(port, "threads", 3);
    pl_cancel_fire(&s.cancel, PL_STOP_COMMAND);
    pthread_join(th, NULL);
    CHECK(s.served == 1 + 4 + 4 + 10 + 3, "served %d sessions", s.served);

    struct pl_flows_params p;
    CHECK(pl_flows_check(&p, "fibers", 2, "tcp", 1, 1, 1, 0, PL_NAMES_JSON, err, sizeof err) &&
              strcmp(err, "mode must be threads or processes (got 'fibers')") == 0, "%s", err);
    CHECK(pl_flows_check(&p, "threads", 11, "tcp", 1, 1, 1, 0, PL_NAMES_CLI, err, sizeof err) &&
              strcmp(err, "--flows must be between 1 and 10 (got 11)") == 0, "%s", err);
    CHECK(pl_flows_check(&p, "threads", 2, "udp", 1, 1, 1, 0, PL_NAMES_JSON, err, sizeof err) &&
              strcmp(err, "transport must be tcp for flows (got 'udp')") == 0, "%s", err);
    return check_result("t_flows");
}
