/* Shared by t_pingpong_tcp and t_pingpong_udp: a server thread on loopback serving
 * sessions into a server trace, and checks of client/server traces. */
#ifndef PP_COMMON_H
#define PP_COMMON_H
#include <pthread.h>
#include <signal.h>
#include "check.h"
#include "pingpong.h"
#include "pl_error.h"

struct server_ctx {
    const struct pl_transport *t;
    struct pl_server srv;
    struct pl_trace tr;
    struct pl_cancel cancel;
    int sessions; /* serve this many sessions, then return */
    int rc;
};

static void *server_thread(void *arg)
{
    struct server_ctx *s = arg;
    char err[256];
    for (int i = 0; i < s->sessions; i++) {
        s->rc = s->t->server_session(&s->srv, &s->tr, &s->cancel, err);
        if (s->rc != PL_OK) {
            fprintf(stderr, "server session: %s (%s)\n", pl_strerror(s->rc), err);
            break;
        }
    }
    return NULL;
}

static void start_server(struct server_ctx *s, const struct pl_transport *t, int sessions,
                         uint32_t capacity, pthread_t *th)
{
    char err[256];
    signal(SIGPIPE, SIG_IGN);
    s->t = t;
    s->sessions = sessions;
    pl_cancel_init(&s->cancel);
    CHECK(pl_trace_init(&s->tr, PL_SIDE_SERVER, capacity, 0, 0) == PL_OK, "server trace");
    CHECK(t->server_open(&s->srv, "127.0.0.1", 0, err) == PL_OK, "server_open: %s", err);
    CHECK(s->srv.port > 0, "ephemeral port");
    pthread_create(th, NULL, server_thread, s);
}

/* Run one client session; returns calls done. Checks every record. */
static uint32_t run_client(const struct pl_transport *t, int port, uint32_t req, uint32_t resp,
                           uint32_t calls, uint32_t warmup, struct pl_trace *tr)
{
    char err[256];
    struct pl_conn c;
    struct pl_client_result res;
    CHECK(pl_trace_init(tr, PL_SIDE_CLIENT, calls + warmup, req, resp) == PL_OK, "client trace");
    int rc = t->client_open(&c, "127.0.0.1", port, req, resp, NULL, err);
    CHECK(rc == PL_OK, "client_open: %s", err);
    if (rc != PL_OK)
        return 0;
    pl_pingpong_client(t, &c, tr, warmup, NULL, &res);
    t->client_close(&c, NULL);
    CHECK(res.rc == PL_OK, "client run rc %d (%s)", res.rc, pl_strerror(res.rc));
    CHECK(res.done == calls + warmup, "done %u of %u", res.done, calls + warmup);
    CHECK(res.errors == 0, "errors %u", res.errors);
    CHECK(pl_trace_completed(tr) == res.done, "published count");
    for (uint32_t i = 0; i < res.done; i++) {
        const struct pl_trace_rec *r = &tr->recs[i];
        CHECK(r->call_no == i, "call_no %u at %u", r->call_no, i);
        uint16_t want = (i < warmup ? PL_CALL_WARMUP : 0) | (i == 0 ? PL_CALL_FIRST : 0);
        CHECK(r->flags == want, "flags %u at %u", r->flags, i);
        CHECK(r->t[3] - r->t[0] > 0, "rtt > 0 at %u", i);
        CHECK(r->t[0] <= r->t[1] && r->t[1] <= r->t[2] && r->t[2] <= r->t[3], "step order at %u", i);
        if (i > 0)
            CHECK(r->t[0] >= tr->recs[i - 1].t[3], "calls overlap at %u", i);
    }
    return res.done;
}

/* Server records [from, from+n) belong to the client trace ct (same clock on loopback):
 * each request is seen after its call started and fully read before the call ended. */
static void check_server(const struct pl_trace *st, uint32_t from, uint32_t n,
                         const struct pl_trace *ct, int call_no_from_payload)
{
    for (uint32_t i = 0; i < n; i++) {
        const struct pl_trace_rec *s = &st->recs[from + i], *c = &ct->recs[i];
        CHECK(s->t[0] <= s->t[1] && s->t[1] <= s->t[2] && s->t[2] <= s->t[3], "server order at %u", i);
        CHECK(s->call_no == i, "server call_no %u at %u (payload %d)", s->call_no, i, call_no_from_payload);
        CHECK(s->t[1] >= c->t[0], "server got request %u before the client sent it", i);
        CHECK(s->t[2] <= c->t[3], "server read request %u after the client got the reply", i);
    }
}

/* One client session against the shared server: its sizes in, its calls and trace out. */
struct pp_session {
    uint32_t req, resp, calls, warmup;
    int call_no_from_payload; /* only labels check_server's messages */
    uint32_t done;
    struct pl_trace tr;
};

/* The start both pingpong tests share: a server for two sessions, a then b from one
 * client, then the server trace checked against both. The server stays open in s->srv. */
static void run_two_sessions(struct server_ctx *s, const struct pl_transport *t,
                             struct pp_session *a, struct pp_session *b)
{
    pthread_t th;
    start_server(s, t, 2, 1000, &th);
    a->done = run_client(t, s->srv.port, a->req, a->resp, a->calls, a->warmup, &a->tr);
    b->done = run_client(t, s->srv.port, b->req, b->resp, b->calls, b->warmup, &b->tr);
    pthread_join(th, NULL);
    uint32_t n = a->done + b->done;
    CHECK(s->rc == PL_OK, "server rc %d", s->rc);
    CHECK(pl_trace_completed(&s->tr) == n, "server recorded %u of %u", pl_trace_completed(&s->tr), n);
    check_server(&s->tr, 0, a->done, &a->tr, a->call_no_from_payload);
    check_server(&s->tr, a->done, b->done, &b->tr, b->call_no_from_payload);
}

#endif
