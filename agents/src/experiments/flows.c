#include "flows.h"
#include "clockx.h"
#include "net.h"
#include "pl_error.h"
#include "transport.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#define POLL_US 20000
#define MAX_SESSIONS 28 /* cancel can wake this many server connections (PL_CANCEL_MAX_FDS) */

/* What flows and the parent share; MAP_SHARED so it works across fork() too. */
struct flows_shared {
    _Atomic uint32_t done[PL_FLOWS_MAX];
    _Atomic int rc[PL_FLOWS_MAX];
    _Atomic int err_no[PL_FLOWS_MAX];
    _Atomic int finished, go;
};

struct flow_arg {
    uint32_t f;
    const struct pl_flows_params *p;
    struct pl_conn *conn;
    struct pl_trace *tr;
    struct flows_shared *sh;
};

int pl_flows_check(struct pl_flows_params *p, const char *mode, long long flows,
                   const char *transport, long long request_bytes, long long response_bytes,
                   long long calls, long long warmup, enum pl_names names, char *err,
                   size_t errlen)
{
    int cli = names == PL_NAMES_CLI;
    if (!mode || (strcmp(mode, "threads") && strcmp(mode, "processes"))) {
        snprintf(err, errlen, "%s must be threads or processes (got '%s')", cli ? "--mode" : "mode",
                 mode ? mode : "");
        return PL_ERR_ARGS;
    }
    if (flows < 1 || flows > PL_FLOWS_MAX) {
        snprintf(err, errlen, "%s must be between 1 and %d (got %lld)", cli ? "--flows" : "flows",
                 PL_FLOWS_MAX, flows);
        return PL_ERR_ARGS;
    }
    if (!transport || strcmp(transport, "tcp") != 0) {
        snprintf(err, errlen, "%s must be tcp for flows (got '%s')",
                 cli ? "--transport" : "transport", transport ? transport : "");
        return PL_ERR_ARGS;
    }
    if (pl_params_check(&p->pp, transport, request_bytes, response_bytes, calls, warmup, names, err,
                        errlen) != PL_OK)
        return PL_ERR_ARGS;
    if ((long long)(calls + warmup) * flows > PL_MAX_CALLS) {
        snprintf(err, errlen, "%s: flows x (calls + warm-up) must be at most %lld (got %lld)",
                 cli ? "--calls" : "calls", PL_MAX_CALLS, (calls + warmup) * flows);
        return PL_ERR_ARGS;
    }
    p->processes = strcmp(mode, "processes") == 0;
    p->flows = (uint32_t)flows;
    return PL_OK;
}

int pl_flows_trace_init(struct pl_trace *tr, const struct pl_flows_params *p)
{
    memset(tr, 0, sizeof *tr);
    tr->side = PL_SIDE_CLIENT;
    tr->capacity = p->flows * (p->pp.calls + p->pp.warmup);
    tr->request_bytes = p->pp.request_bytes;
    tr->response_bytes = p->pp.response_bytes;
    void *m = mmap(NULL, (size_t)tr->capacity * sizeof *tr->recs, PROT_READ | PROT_WRITE,
                   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) {
        tr->recs = NULL;
        return PL_ERR_NOMEM;
    }
    tr->recs = m;
    memset(tr->recs, 0, (size_t)tr->capacity * sizeof *tr->recs); /* no faults while measuring */
    atomic_init(&tr->completed, 0);
    return PL_OK;
}

void pl_flows_trace_free(struct pl_trace *tr)
{
    if (tr->recs)
        munmap(tr->recs, (size_t)tr->capacity * sizeof *tr->recs);
    tr->recs = NULL;
}

/* One flow's calls; runs in a thread or in a child process. */
static void run_flow(struct flow_arg *a)
{
    const struct pl_params *pp = &a->p->pp;
    uint32_t n = a->p->flows, per = pp->calls + pp->warmup;
    while (!atomic_load(&a->sh->go)) /* start together */
        sched_yield();
    for (uint32_t i = 0; i < per; i++) {
        uint32_t idx = i * n + a->f;
        struct pl_trace_rec *r = &a->tr->recs[idx];
        int rc = pl_transport_tcp.client_call(a->conn, idx, r);
        r->call_no = idx;
        r->flags = (uint16_t)((i < pp->warmup ? PL_CALL_WARMUP : 0) | (idx == 0 ? PL_CALL_FIRST : 0) |
                              (rc != PL_OK ? PL_CALL_ERROR : 0));
        atomic_store_explicit(&a->sh->done[a->f], i + 1, memory_order_release);
        if (rc != PL_OK) {
            atomic_store(&a->sh->err_no[a->f], a->conn->last_errno);
            atomic_store(&a->sh->rc[a->f], rc);
            break;
        }
    }
    atomic_fetch_add(&a->sh->finished, 1);
}

static void *flow_thread(void *arg)
{
    run_flow(arg);
    return NULL;
}

/* records every flow has filled: a prefix of whole rounds i*N .. i*N+N-1 */
static uint32_t filled_prefix(const struct flows_shared *sh, uint32_t n)
{
    uint32_t m = UINT32_MAX;
    for (uint32_t f = 0; f < n; f++) {
        uint32_t d = atomic_load_explicit(&sh->done[f], memory_order_acquire);
        m = d < m ? d : m;
    }
    return m * n;
}

void pl_flows_client(const char *host, int port, const struct pl_flows_params *p,
                     struct pl_trace *tr, struct pl_cancel *cancel, struct pl_flows_result *res)
{
    memset(res, 0, sizeof *res);
    uint32_t n = p->flows, per = p->pp.calls + p->pp.warmup, opened = 0, started = 0;
    struct pl_conn conns[PL_FLOWS_MAX];
    struct flow_arg args[PL_FLOWS_MAX];
    pthread_t threads[PL_FLOWS_MAX];
    pid_t pids[PL_FLOWS_MAX];
    struct flows_shared *sh = mmap(NULL, sizeof *sh, PROT_READ | PROT_WRITE,
                                   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (sh == MAP_FAILED) {
        res->rc = PL_ERR_NOMEM;
        snprintf(res->err, sizeof res->err, "out of memory");
        return;
    }
    memset(sh, 0, sizeof *sh);
    for (; opened < n; opened++) {
        char err[PL_NET_ERR_LEN];
        res->rc = pl_transport_tcp.client_open(&conns[opened], host, port, p->pp.request_bytes,
                                               p->pp.response_bytes, cancel, err);
        if (res->rc != PL_OK) {
            snprintf(res->err, sizeof res->err, "flow %u: %.230s", opened, err);
            goto out;
        }
    }
    for (; started < n; started++) {
        args[started] = (struct flow_arg){started, p, &conns[started], tr, sh};
        if (p->processes) {
            pids[started] = fork();
            if (pids[started] == 0) {
                run_flow(&args[started]);
                _exit(0); /* no atexit handlers, no stdio flush: the parent owns those */
            }
            if (pids[started] < 0)
                break;
        } else if (pthread_create(&threads[started], NULL, flow_thread, &args[started]) != 0) {
            break;
        }
    }
    if (started < n) {
        res->rc = PL_ERR_NOMEM;
        snprintf(res->err, sizeof res->err, "could not start flow %u: %s", started, strerror(errno));
        if (cancel) /* wake the started ones: their sockets shut */
            pl_cancel_fire(cancel, PL_STOP_AGENT);
        for (uint32_t f = started; f < n; f++)
            atomic_fetch_add(&sh->finished, 1);
    }
    atomic_store(&sh->go, 1);
    uint32_t reaped = 0;
    int killed = 0;
    for (;;) {
        pl_trace_publish(tr, filled_prefix(sh, n));
        if (p->processes) {
            for (uint32_t f = 0; f < started; f++) /* our own children only: jobs run side by side */
                if (pids[f] > 0 && waitpid(pids[f], NULL, WNOHANG) == pids[f]) {
                    pids[f] = -1;
                    reaped++;
                }
            if (reaped == started)
                break;
            if (pl_cancel_reason(cancel) && !killed++) /* the sockets are shut; make sure */
                for (uint32_t f = 0; f < started; f++)
                    if (pids[f] > 0)
                        kill(pids[f], SIGKILL);
        } else if ((uint32_t)atomic_load(&sh->finished) == n) {
            break;
        }
        usleep(POLL_US);
    }
    for (uint32_t f = 0; !p->processes && f < started; f++)
        pthread_join(threads[f], NULL);
    /* calls a failed flow never made: error records, so the trace is whole */
    for (uint32_t f = 0; f < n; f++) {
        uint32_t d = atomic_load(&sh->done[f]);
        for (uint32_t i = d; i < per; i++) {
            struct pl_trace_rec *r = &tr->recs[i * n + f];
            memset(r, 0, sizeof *r);
            r->call_no = i * n + f;
            r->flags = PL_CALL_ERROR | (i < p->pp.warmup ? PL_CALL_WARMUP : 0);
        }
        int rc = atomic_load(&sh->rc[f]);
        if (d < per || rc != PL_OK) {
            res->flows_failed++;
            if (res->rc == PL_OK) {
                res->rc = pl_cancel_reason(cancel) ? PL_ERR_CANCELLED : rc ? rc : PL_ERR_IO;
                snprintf(res->err, sizeof res->err, "flow %u stopped after %u of %u calls: %s", f,
                         d, per, strerror(atomic_load(&sh->err_no[f])));
            }
        }
    }
    res->done = n * per;
    for (uint32_t i = 0; i < res->done; i++)
        res->errors += (tr->recs[i].flags & PL_CALL_ERROR) != 0;
    pl_trace_publish(tr, res->done);
out:
    for (uint32_t f = 0; f < opened; f++)
        pl_transport_tcp.client_close(&conns[f], cancel);
    munmap(sh, sizeof *sh);
}

/* ---- server ---- */

struct session {
    int fd;
    struct pl_cancel *cancel;
    _Atomic int *active;
};

static void *session_thread(void *arg)
{
    struct session *s = arg;
    uint8_t hello[PL_HELLO_BYTES];
    uint32_t req, resp;
    int end;
    uint8_t *rbuf = NULL, *sbuf = NULL;
    if (pl_net_read_all(s->fd, hello, sizeof hello) != PL_NET_OK ||
        pl_hello_decode(hello, sizeof hello, &req, &resp, &end) != 0 || end || req < 1 ||
        resp < 1 || req > PL_TCP_MAX_BYTES || resp > PL_TCP_MAX_BYTES ||
        !(rbuf = pl_alloc_touched(req)) || !(sbuf = pl_alloc_touched(resp)) ||
        pl_net_write_all(s->fd, PL_HELLO_OK, 4) != PL_NET_OK)
        goto out;
    /* the clock exchange of a version 2 hello, as the ping-pong server does it */
    int clockx = pl_hello_version(hello) == PL_PP_VERSION_CLOCKX;
    if (clockx && pl_clockx_serve_tcp(s->fd) != 0)
        goto out;
    while (pl_net_read_all(s->fd, rbuf, req) == PL_NET_OK) {
        if (clockx && req >= 8 && memcmp(rbuf, PL_CLOCKX_END_MARK, 8) == 0) {
            if (pl_clockx_serve_tcp(s->fd) != 0)
                break;
        } else if (pl_net_write_all(s->fd, sbuf, resp) != PL_NET_OK) {
            break;
        }
    }
out:
    pl_cancel_remove_fd(s->cancel, s->fd);
    close(s->fd);
    free(rbuf);
    free(sbuf);
    atomic_fetch_sub(s->active, 1);
    free(s);
    return NULL;
}

int pl_flows_serve(int listen_fd, struct pl_cancel *cancel)
{
    _Atomic int active = 0;
    int served = 0;
    while (!pl_cancel_reason(cancel)) {
        char err[PL_NET_ERR_LEN];
        int fd = pl_net_tcp_accept(err, listen_fd, NULL, 0);
        if (fd < 0) {
            if (pl_cancel_reason(cancel) || errno == EINVAL)
                break;
            continue;
        }
        struct session *s = malloc(sizeof *s);
        pthread_t th;
        if (!s || atomic_load(&active) >= MAX_SESSIONS || pl_cancel_add_fd(cancel, fd)) {
            free(s);
            close(fd);
            continue;
        }
        *s = (struct session){fd, cancel, &active};
        atomic_fetch_add(&active, 1);
        if (pthread_create(&th, NULL, session_thread, s) != 0) {
            atomic_fetch_sub(&active, 1);
            pl_cancel_remove_fd(cancel, fd);
            close(fd);
            free(s);
            continue;
        }
        pthread_detach(th);
        served++;
    }
    while (atomic_load(&active) > 0) /* cancel shut their sockets down: they end at once */
        usleep(POLL_US);
    return served;
}
