/* TCP ping-pong: hello, then request_bytes up / response_bytes down per call on one
 * connection with TCP_NODELAY; blocking send/recv, one syscall per direction when the
 * message fits in one segment train. */
#include "clockx.h"
#include "ktstamp.h"
#include "net.h"
#include "pl_clock.h"
#include "pl_error.h"
#include "transport.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static int send_all(int fd, const uint8_t *buf, size_t len)
{
    size_t off = 0;
    while (off < len) {
        ssize_t n = send(fd, buf + off, len - off, MSG_NOSIGNAL);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        off += (size_t)n;
    }
    return 0;
}

/* Blocking read of exactly len bytes; *t_first is taken when the first recv returns.
 * Returns bytes read before EOF/error (len on success). timed = 0 skips the clock
 * reads (standalone server: nothing is recorded). */
/* A reply slower than this ends the run (the link was cut, the peer's host is gone): far above any call the
 * lab makes (1 MiB over the slowest profile, 10 Mbit/s, takes 0.9 s); tests shorten it. */
int pl_tcp_reply_timeout_ms = 15000;
int pl_tcp_busy_poll = 0;

/* busy poll: spin on a non-blocking recv; spin_ms > 0 gives up after that long with EAGAIN, as SO_RCVTIMEO */
static ssize_t recv_spin(int fd, uint8_t *buf, size_t len, int64_t *k_rx, int64_t rt_off, int spin_ms)
{
    int64_t deadline = 0;
    for (uint32_t spins = 0;; spins++) {
        ssize_t n = k_rx ? pl_kts_recv(fd, buf, len, MSG_DONTWAIT, NULL, NULL, rt_off, k_rx)
                         : recv(fd, buf, len, MSG_DONTWAIT);
        if (n >= 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR))
            return n;
        if (spin_ms > 0 && (spins & 1023) == 0) { /* a clock read per 1024 tries: the spin stays tight */
            int64_t now = pl_now_ns();
            if (!deadline)
                deadline = now + (int64_t)spin_ms * 1000000;
            else if (now > deadline) {
                errno = EAGAIN;
                return -1;
            }
        }
    }
}

static inline size_t recv_msg_t(int fd, uint8_t *buf, size_t len, int64_t *t_first, int64_t *t_last,
                                const int timed, int64_t *k_rx, int64_t rt_off, int spin_ms)
{
    ssize_t n;
    if (pl_tcp_busy_poll)
        n = recv_spin(fd, buf, len, k_rx, rt_off, spin_ms);
    else
        do /* k_rx: recvmsg for the kernel's RX stamp of the first bytes, same one system call */
            n = k_rx ? pl_kts_recv(fd, buf, len, 0, NULL, NULL, rt_off, k_rx) : recv(fd, buf, len, 0);
        while (n < 0 && errno == EINTR);
    *t_first = timed ? pl_now_ns() : 0;
    *t_last = *t_first;
    if (n <= 0)
        return 0;
    size_t got = (size_t)n;
    if (got == len)
        return got;
    while (got < len) {
        /* the rest of a large message: MSG_WAITALL keeps it to as few wakeups as possible */
        n = recv(fd, buf + got, len - got, MSG_WAITALL);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        got += (size_t)n;
    }
    *t_last = timed ? pl_now_ns() : 0;
    return got;
}

static size_t recv_msg(int fd, uint8_t *buf, size_t len, int64_t *t_first, int64_t *t_last,
                       int64_t *k_rx, int64_t rt_off)
{
    return recv_msg_t(fd, buf, len, t_first, t_last, 1, k_rx, rt_off, pl_tcp_reply_timeout_ms);
}

static void tcp_client_close(struct pl_conn *c, struct pl_cancel *cancel);

static int tcp_client_open(struct pl_conn *c, const char *host, int port, uint32_t request_bytes,
                           uint32_t response_bytes, struct pl_cancel *cancel, char *err)
{
    char nerr[PL_NET_ERR_LEN];
    int rc = pl_conn_prepare(c, request_bytes, response_bytes, response_bytes, err);
    if (rc == PL_OK)
        rc = pl_conn_attach(c, pl_net_tcp_connect(nerr, host, port), nerr, cancel, err);
    if (rc == PL_OK && pl_net_set_rcvtimeo(nerr, c->fd, pl_tcp_reply_timeout_ms) != PL_NET_OK) {
        snprintf(err, PL_NET_ERR_LEN, "connect %s:%d: %.200s", host, port, nerr);
        rc = PL_ERR_SOCKET;
    }
    if (rc != PL_OK) {
        pl_conn_release(c, cancel);
        return rc;
    }
    uint8_t hello[PL_HELLO_BYTES], ok[4];
    int clockx = pl_clockx_wanted();
    pl_hello_encode_v(hello, clockx ? PL_PP_VERSION_CLOCKX : PL_PP_VERSION, request_bytes,
                      response_bytes);
    if (pl_net_write_all(c->fd, hello, sizeof hello) != PL_NET_OK ||
        pl_net_read_all(c->fd, ok, sizeof ok) != PL_NET_OK) {
        snprintf(err, PL_NET_ERR_LEN, "connect %s:%d: hello: %s", host, port, strerror(errno));
        pl_conn_release(c, cancel);
        return PL_ERR_UNREACHABLE;
    }
    if (memcmp(ok, PL_HELLO_OK, 4) != 0) {
        snprintf(err, PL_NET_ERR_LEN, "connect %s:%d: peer did not answer OKPP", host, port);
        pl_conn_release(c, cancel);
        return PL_ERR_PROTOCOL;
    }
    c->clockx = clockx;
    errno = 0;
    c->tcp_retrans = 0;
    pl_net_tcp_total_retrans(c->fd, &c->tcp_retrans); /* after the hello: what the calls retransmit is theirs */
    if (pl_clockx_client(c, 0, 0) < PL_CLOCKX_ROUNDS && clockx && (errno == EAGAIN || errno == EWOULDBLOCK)) {
        /* no answer to the clock exchange before warm-up: the peer answered the hello, then went quiet */
        snprintf(err, PL_NET_ERR_LEN, "no reply in %d s after the hello", pl_tcp_reply_timeout_ms / 1000);
        c->silent = 1;
        tcp_client_close(c, cancel);
        return PL_ERR_PEER_SILENT;
    }
    return PL_OK;
}

static void tcp_client_close(struct pl_conn *c, struct pl_cancel *cancel)
{
    if (!pl_cancel_reason(cancel) && !c->silent)
        pl_clockx_client(c, 0, 1); /* after the last call */
    pl_conn_release(c, cancel);
}

/* After a call (outside its timestamps): the segments TCP retransmitted on the connection since the last call */
static void note_retrans(struct pl_conn *c, struct pl_trace_rec *rec)
{
    uint32_t now;
    rec->retransmits = 0;
    if (pl_net_tcp_total_retrans(c->fd, &now) == PL_NET_OK) {
        rec->retransmits = pl_net_retrans_delta(c->tcp_retrans, now);
        c->tcp_retrans = now;
    }
}

static int tcp_client_call_timed(struct pl_conn *c, uint32_t call_no, struct pl_trace_rec *rec)
{
    (void)call_no;
    rec->t[0] = pl_now_ns();
    if (send_all(c->fd, c->sbuf, c->request_bytes) < 0) {
        c->last_errno = errno;
        rec->t[1] = rec->t[2] = rec->t[3] = pl_now_ns();
        return errno == EPIPE || errno == ECONNRESET ? PL_ERR_PEER_CLOSED : PL_ERR_IO;
    }
    rec->t[1] = pl_now_ns();
    errno = 0;
    size_t got = recv_msg(c->fd, c->rbuf, c->response_bytes, &rec->t[2], &rec->t[3],
                          c->kts ? &rec->k_rx : NULL, c->rt_off);
    if (got != c->response_bytes) {
        c->last_errno = errno;
        /* SO_RCVTIMEO ran out: the stream is out of step for good (a late reply would be read as the next one) */
        c->silent = errno == EAGAIN || errno == EWOULDBLOCK;
        return c->silent ? PL_ERR_PEER_SILENT : PL_ERR_PEER_CLOSED;
    }
    if (c->kts) /* after the call: the request's TX stamps are queued by now */
        pl_kts_drain_tx(c->fd, c->rt_off, rec->t[0], &rec->k_sched, &rec->k_snd);
    return PL_OK;
}

static int tcp_client_call(struct pl_conn *c, uint32_t call_no, struct pl_trace_rec *rec)
{
    int rc = tcp_client_call_timed(c, call_no, rec);
    note_retrans(c, rec);
    return rc;
}

static int tcp_server_open(struct pl_server *s, const char *bind_addr, int port, char *err)
{
    int rc = pl_server_prepare(s, PL_TCP_MAX_BYTES, err);
    if (rc != PL_OK)
        return rc;
    s->fd = pl_net_tcp_listen(err, bind_addr, port, 16);
    if (s->fd < 0 || (s->port = pl_net_local_port(err, s->fd)) < 0) {
        pl_server_release(s);
        return PL_ERR_SOCKET;
    }
    return PL_OK;
}

static int tcp_server_session(struct pl_server *s, struct pl_trace *tr, struct pl_cancel *cancel,
                              char *err)
{
    s->requests = 0;
    s->peer[0] = 0;
    int rc = PL_OK;
    int fd = pl_accept_session(s->fd, s->peer, sizeof s->peer, cancel, err, &rc);
    if (fd < 0)
        return rc;
    if (tr) /* recorded sessions only: the standalone server stays a plain echo */
        pl_transport_kts(fd, &s->kts, &s->rt_off);
    else
        s->kts = 0;
    uint8_t hello[PL_HELLO_BYTES];
    uint32_t req, resp;
    int end;
    if (pl_net_read_all(fd, hello, sizeof hello) != PL_NET_OK ||
        pl_hello_decode(hello, sizeof hello, &req, &resp, &end) != 0 || end || req < 1 ||
        resp < 1 || req > PL_TCP_MAX_BYTES || resp > PL_TCP_MAX_BYTES) {
        snprintf(err, PL_NET_ERR_LEN, "bad hello from %s", s->peer);
        rc = PL_ERR_PROTOCOL;
        goto out;
    }
    s->request_bytes = req;
    s->response_bytes = resp;
    const int clockx = pl_hello_version(hello) == PL_PP_VERSION_CLOCKX;
    if (pl_net_write_all(fd, PL_HELLO_OK, 4) != PL_NET_OK ||
        (clockx && pl_clockx_serve_tcp(fd) != 0)) {
        snprintf(err, PL_NET_ERR_LEN, "hello answer to %s: %s", s->peer, strerror(errno));
        rc = PL_ERR_IO;
        goto out;
    }
    /* only this thread writes tr, so a local count is enough; the uploader sees publishes */
    uint32_t k = tr ? pl_trace_completed(tr) : 0;
    const int timed = tr != NULL;
    for (uint32_t idx = 0;; idx++) {
        int64_t t0 = timed ? pl_now_ns() : 0, t1, t2, k_rx = 0, k_sched = 0, k_snd = 0;
        size_t got = recv_msg_t(fd, s->rbuf, req, &t1, &t2, timed, s->kts ? &k_rx : NULL, s->rt_off, 0);
        if (got != req) {
            if (got != 0) {
                snprintf(err, PL_NET_ERR_LEN, "short request from %s", s->peer);
                rc = PL_ERR_PEER_CLOSED;
            }
            break; /* 0 bytes at a call boundary: client closed, normal end */
        }
        if (clockx && req >= 8 && memcmp(s->rbuf, PL_CLOCKX_END_MARK, 8) == 0) {
            if (pl_clockx_serve_tcp(fd) != 0)
                break;
            continue; /* the end phase, not a call */
        }
        if (send_all(fd, s->sbuf, resp) < 0) {
            snprintf(err, PL_NET_ERR_LEN, "send to %s: %s", s->peer, strerror(errno));
            rc = PL_ERR_IO;
            break;
        }
        s->requests++;
        if (timed && k < tr->capacity) {
            int64_t t3 = pl_now_ns();
            if (s->kts) /* loopback and most drivers stamp before send() returns */
                pl_kts_drain_tx(fd, s->rt_off, t2, &k_sched, &k_snd);
            struct pl_trace_rec *r = &tr->recs[k];
            r->k_rx = k_rx;
            r->k_sched = k_sched;
            r->k_snd = k_snd;
            r->t[0] = t0;
            r->t[1] = t1;
            r->t[2] = t2;
            r->t[3] = t3;
            r->call_no = idx;
            r->flags = 0;
            pl_trace_publish(tr, ++k);
        }
    }
out:
    pl_cancel_remove_fd(cancel, fd);
    close(fd);
    if (pl_cancel_reason(cancel))
        return PL_ERR_CANCELLED;
    return rc;
}

const struct pl_transport pl_transport_tcp = {
    .name = "tcp",
    .max_bytes = PL_TCP_MAX_BYTES,
    .client_open = tcp_client_open,
    .client_call = tcp_client_call,
    .client_close = tcp_client_close,
    .server_open = tcp_server_open,
    .server_session = tcp_server_session,
    .server_close = pl_server_release,
};
