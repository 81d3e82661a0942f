#include "stream.h"
#include "net.h"
#include "pl_clock.h"
#include "pl_error.h"
#include "transport_table.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define HELLO_MAGIC "PLST"
#define HELLO_OK "OKST"
#define TOTALS_MAGIC "PLSR"
#define TOTALS_BYTES 32
#define STREAM_VERSION 1
#define HELLO_TRIES 25
#define HELLO_RETRY_MS 200
#define END_TRIES 20
#define END_RETRY_MS 100
#define TCP_TOTALS_WAIT_MS 10000
#define SINK_TCP_BUF (256u * 1024u)
#define SINK_UDP_BUF 65536u

static void put_u64(uint8_t *p, uint64_t v)
{
    pl_put_u32(p, (uint32_t)v);
    pl_put_u32(p + 4, (uint32_t)(v >> 32));
}
static uint64_t get_u64(const uint8_t *p) { return pl_get_u32(p) | (uint64_t)pl_get_u32(p + 4) << 32; }

static void hello_encode(uint8_t out[16], uint32_t a, uint32_t b)
{
    memcpy(out, HELLO_MAGIC, 4);
    pl_put_u32(out + 4, STREAM_VERSION);
    pl_put_u32(out + 8, a);
    pl_put_u32(out + 12, b);
}

static void totals_encode(uint8_t out[TOTALS_BYTES], const struct pl_stream_result *r)
{
    memcpy(out, TOTALS_MAGIC, 4);
    pl_put_u32(out + 4, 0);
    put_u64(out + 8, r->recv_bytes);
    put_u64(out + 16, r->recv_msgs);
    put_u64(out + 24, (uint64_t)r->recv_duration_ns);
}

static int totals_decode(const uint8_t *in, size_t len, struct pl_stream_result *r)
{
    if (len != TOTALS_BYTES || memcmp(in, TOTALS_MAGIC, 4) != 0)
        return -1;
    r->recv_bytes = get_u64(in + 8);
    r->recv_msgs = get_u64(in + 16);
    r->recv_duration_ns = (int64_t)get_u64(in + 24);
    r->got_totals = 1;
    return 0;
}

int pl_stream_check(struct pl_stream_params *p, const char *transport, long long message_bytes,
                    long long duration_s, long long interval_ms, enum pl_names names, char *err,
                    size_t errlen)
{
    int cli = names == PL_NAMES_CLI;
    p->transport = pl_transport_find(transport);
    if (!p->transport) {
        snprintf(err, errlen, "%s must be tcp or udp (got '%s')", cli ? "--transport" : "transport",
                 transport ? transport : "");
        return PL_ERR_ARGS;
    }
    long long max = p->transport == &pl_transport_udp ? PL_UDP_MAX_BYTES : p->transport->max_bytes;
    if (message_bytes < 1 || message_bytes > max) {
        snprintf(err, errlen, "%s must be between 1 and %lld for %s (got %lld)",
                 cli ? "--message-bytes" : "message_bytes", max, p->transport->name, message_bytes);
        return PL_ERR_ARGS;
    }
    if (duration_s < 1 || duration_s > PL_STREAM_MAX_DURATION_S) {
        snprintf(err, errlen, "%s must be between 1 and %d (got %lld)",
                 cli ? "--duration" : "duration_s", PL_STREAM_MAX_DURATION_S, duration_s);
        return PL_ERR_ARGS;
    }
    if (interval_ms < PL_STREAM_MIN_INTERVAL_MS || interval_ms > PL_STREAM_MAX_INTERVAL_MS) {
        snprintf(err, errlen, "%s must be between %d and %d (got %lld)",
                 cli ? "--interval-ms" : "interval_ms", PL_STREAM_MIN_INTERVAL_MS,
                 PL_STREAM_MAX_INTERVAL_MS, interval_ms);
        return PL_ERR_ARGS;
    }
    p->message_bytes = (uint32_t)message_bytes;
    p->duration_ms = (uint32_t)(duration_s * 1000);
    p->interval_ms = (uint32_t)interval_ms;
    return PL_OK;
}

uint32_t pl_stream_intervals(const struct pl_stream_params *p)
{
    /* +2: a short last interval, and a blocked send() stretching the end; + 8 a second: intervals
     * cut short at PL_STREAM_MAX_RECORD_BYTES (the backend stores a record's bytes as int4) */
    return p->duration_ms / p->interval_ms + 2 + 8 * (p->duration_ms / 1000);
}

/* UDP: send pkt until an answer of want_len starting with want_magic comes (into rbuf). */
static ssize_t udp_ask(int fd, const uint8_t *pkt, size_t len, uint8_t *rbuf, size_t rlen,
                       const char *want_magic, size_t want_len, int tries, int retry_ms,
                       struct pl_cancel *cancel)
{
    pl_net_set_rcvtimeo(NULL, fd, retry_ms);
    for (int i = 0; i < tries && !pl_cancel_reason(cancel); i++) {
        if (send(fd, pkt, len, 0) < 0) {
            usleep((useconds_t)retry_ms * 1000);
            continue;
        }
        int64_t deadline = pl_now_ns() + retry_ms * 1000000LL;
        while (pl_now_ns() < deadline) {
            ssize_t n = recv(fd, rbuf, rlen, 0);
            if (n == (ssize_t)want_len && memcmp(rbuf, want_magic, 4) == 0)
                return n;
            if (n < 0 && errno != EINTR)
                break;
        }
    }
    return -1;
}

static int open_session(int fd, int tcp, uint32_t message_bytes, uint8_t *rbuf,
                        struct pl_cancel *cancel)
{
    uint8_t hello[16];
    hello_encode(hello, message_bytes, 0);
    if (tcp) {
        uint8_t ok[4];
        return pl_net_write_all(fd, hello, sizeof hello) == PL_NET_OK &&
                       pl_net_read_all(fd, ok, 4) == PL_NET_OK && memcmp(ok, HELLO_OK, 4) == 0
                   ? 0
                   : -1;
    }
    return udp_ask(fd, hello, sizeof hello, rbuf, SINK_UDP_BUF, HELLO_OK, 4, HELLO_TRIES,
                   HELLO_RETRY_MS, cancel) < 0
               ? -1
               : 0;
}

static void record(struct pl_trace *tr, uint32_t *k, int64_t start, int64_t end, uint64_t bytes)
{
    if (*k >= tr->capacity)
        return;
    struct pl_trace_rec *r = &tr->recs[*k];
    r->t[0] = start;
    r->t[1] = r->t[2] = r->t[3] = end;
    r->bytes = bytes > UINT32_MAX ? UINT32_MAX : (uint32_t)bytes;
    r->call_no = *k;
    r->flags = *k == 0 ? PL_CALL_FIRST : 0;
    pl_trace_publish(tr, ++*k);
}

void pl_stream_client(const char *host, int port, const struct pl_stream_params *p,
                      struct pl_trace *tr, struct pl_cancel *cancel, struct pl_stream_result *res)
{
    memset(res, 0, sizeof *res);
    int tcp = p->transport == &pl_transport_tcp;
    char nerr[PL_NET_ERR_LEN];
    int fd = tcp ? pl_net_tcp_connect(nerr, host, port) : pl_net_udp_connect(nerr, host, port);
    if (fd < 0) {
        snprintf(res->err, sizeof res->err, "%s", nerr);
        res->rc = PL_ERR_UNREACHABLE;
        return;
    }
    uint8_t *buf = pl_alloc_touched(p->message_bytes), *rbuf = pl_alloc_touched(SINK_UDP_BUF);
    if (!buf || !rbuf) {
        res->rc = PL_ERR_NOMEM;
        snprintf(res->err, sizeof res->err, "out of memory");
        goto out;
    }
    if (pl_cancel_add_fd(cancel, fd)) {
        res->rc = PL_ERR_CANCELLED;
        goto out;
    }
    if (open_session(fd, tcp, p->message_bytes, rbuf, cancel) != 0) {
        res->rc = pl_cancel_reason(cancel) ? PL_ERR_CANCELLED : PL_ERR_UNREACHABLE;
        snprintf(res->err, sizeof res->err, "connect %s:%d: no stream hello answer", host, port);
        goto out_cancel;
    }
    pl_net_set_rcvtimeo(NULL, fd, 0);
    const int64_t interval = (int64_t)p->interval_ms * 1000000LL;
    int64_t t_start = pl_now_ns(), t = t_start, t_end = t_start + (int64_t)p->duration_ms * 1000000LL;
    int64_t iv_start = t_start, iv_end = t_start + interval;
    uint64_t iv_bytes = 0;
    uint32_t k = 0;
    while (t < t_end && !pl_cancel_reason(cancel)) {
        ssize_t n = send(fd, buf, p->message_bytes, MSG_NOSIGNAL);
        t = pl_now_ns();
        if (n < 0) {
            if (errno == EINTR || errno == ENOBUFS || errno == EAGAIN)
                continue; /* UDP: the device queue is full, the datagram was not sent */
            res->rc = pl_cancel_reason(cancel) ? PL_ERR_CANCELLED
                      : errno == ECONNREFUSED ? PL_ERR_UNREACHABLE : PL_ERR_IO;
            snprintf(res->err, sizeof res->err, "send: %s", strerror(errno));
            break;
        }
        res->sent_bytes += (uint64_t)n;
        res->sent_msgs++;
        iv_bytes += (uint64_t)n;
        if (t >= iv_end || iv_bytes > PL_STREAM_MAX_RECORD_BYTES - p->message_bytes) {
            record(tr, &k, iv_start, t, iv_bytes);
            iv_start = t;
            iv_end = t + interval;
            iv_bytes = 0;
        }
    }
    if (iv_bytes)
        record(tr, &k, iv_start, t, iv_bytes);
    res->intervals = k;
    res->duration_ns = t - t_start;
    if (res->rc == PL_OK && pl_cancel_reason(cancel))
        res->rc = PL_ERR_CANCELLED;
    if (res->rc != PL_OK)
        goto out_cancel;
    /* the receiver's totals: what arrived, over how long */
    if (tcp) {
        uint8_t tot[TOTALS_BYTES];
        shutdown(fd, SHUT_WR);
        pl_net_set_rcvtimeo(NULL, fd, TCP_TOTALS_WAIT_MS);
        if (pl_net_read_all(fd, tot, sizeof tot) == PL_NET_OK)
            totals_decode(tot, sizeof tot, res);
    } else {
        uint8_t end[16];
        hello_encode(end, 0xFFFFFFFFu, 0xFFFFFFFFu);
        ssize_t n = udp_ask(fd, end, sizeof end, rbuf, SINK_UDP_BUF, TOTALS_MAGIC, TOTALS_BYTES,
                            END_TRIES, END_RETRY_MS, cancel);
        if (n > 0)
            totals_decode(rbuf, (size_t)n, res);
    }
out_cancel:
    pl_cancel_remove_fd(cancel, fd);
out:
    close(fd);
    free(buf);
    free(rbuf);
}

int pl_sink_open(struct pl_sink *s, const struct pl_transport *t, const char *bind_addr, int port,
                 char *err)
{
    memset(s, 0, sizeof *s);
    s->transport = t;
    int tcp = t == &pl_transport_tcp;
    s->buf = pl_alloc_touched(tcp ? SINK_TCP_BUF : SINK_UDP_BUF);
    s->fd = tcp ? pl_net_tcp_listen(err, bind_addr, port, 16) : pl_net_udp_bind(err, bind_addr, port);
    if (!s->buf || s->fd < 0 || (s->port = pl_net_local_port(err, s->fd)) < 0) {
        if (!s->buf)
            snprintf(err, PL_NET_ERR_LEN, "out of memory");
        pl_sink_close(s);
        return PL_ERR_SOCKET;
    }
    if (!tcp) { /* a large receive buffer: count what the network delivers, not our wakeups */
        int sz = 4 << 20;
        setsockopt(s->fd, SOL_SOCKET, SO_RCVBUF, &sz, sizeof sz);
    }
    return PL_OK;
}

void pl_sink_close(struct pl_sink *s)
{
    if (s->fd >= 0)
        close(s->fd);
    s->fd = -1;
    free(s->buf);
    s->buf = NULL;
}

static void count(struct pl_stream_result *r, ssize_t n, int64_t *first)
{
    int64_t t = pl_now_ns();
    if (!r->recv_bytes)
        *first = t;
    r->recv_bytes += (uint64_t)n;
    r->recv_msgs++;
    r->recv_duration_ns = t - *first;
}

static int tcp_session(struct pl_sink *s, struct pl_cancel *cancel, char *err)
{
    char peer[96];
    int rc = PL_OK;
    int fd = pl_accept_session(s->fd, peer, sizeof peer, cancel, err, &rc);
    if (fd < 0)
        return rc;
    uint8_t hello[16];
    struct pl_stream_result *r = &s->last;
    memset(r, 0, sizeof *r);
    if (pl_net_read_all(fd, hello, sizeof hello) != PL_NET_OK || memcmp(hello, HELLO_MAGIC, 4) ||
        pl_net_write_all(fd, HELLO_OK, 4) != PL_NET_OK) {
        snprintf(err, PL_NET_ERR_LEN, "bad stream hello from %s", peer);
        rc = PL_ERR_PROTOCOL;
        goto out;
    }
    uint32_t msg = pl_get_u32(hello + 8);
    int64_t first = 0;
    for (;;) {
        ssize_t n = recv(fd, s->buf, SINK_TCP_BUF, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        count(r, n, &first);
    }
    r->recv_msgs = msg ? r->recv_bytes / msg : 0; /* TCP has no messages: whole ones received */
    uint8_t tot[TOTALS_BYTES];
    totals_encode(tot, r);
    pl_net_write_all(fd, tot, sizeof tot);
out:
    pl_cancel_remove_fd(cancel, fd);
    close(fd);
    return pl_cancel_reason(cancel) ? PL_ERR_CANCELLED : rc;
}

static int udp_session(struct pl_sink *s, struct pl_cancel *cancel, char *err)
{
    struct sockaddr_storage peer;
    socklen_t plen;
    int in_session = 0;
    int64_t first = 0;
    uint8_t tot[TOTALS_BYTES];
    if (pl_cancel_add_fd(cancel, s->fd))
        return PL_ERR_CANCELLED;
    int rc = PL_OK;
    for (;;) {
        plen = sizeof peer;
        ssize_t n = recvfrom(s->fd, s->buf, SINK_UDP_BUF, 0, (struct sockaddr *)&peer, &plen);
        int got = pl_udp_received(n, cancel, err, &rc);
        if (got < 0)
            break;
        if (got == 0)
            continue;
        int is_ctl = n == 16 && memcmp(s->buf, HELLO_MAGIC, 4) == 0;
        int is_end = is_ctl && pl_get_u32(s->buf + 8) == 0xFFFFFFFFu;
        if (is_end) { /* (re)send the totals; a resent end after the session gets them again */
            totals_encode(tot, &s->last);
            sendto(s->fd, tot, sizeof tot, 0, (struct sockaddr *)&peer, plen);
            if (in_session)
                break;
            continue;
        }
        if (is_ctl) {
            if (!in_session)
                memset(&s->last, 0, sizeof s->last);
            in_session = 1;
            sendto(s->fd, HELLO_OK, 4, 0, (struct sockaddr *)&peer, plen);
            continue;
        }
        if (in_session)
            count(&s->last, n, &first);
    }
    pl_cancel_remove_fd(cancel, s->fd);
    return rc;
}

int pl_sink_session(struct pl_sink *s, struct pl_cancel *cancel, char *err)
{
    return s->transport == &pl_transport_tcp ? tcp_session(s, cancel, err)
                                             : udp_session(s, cancel, err);
}
