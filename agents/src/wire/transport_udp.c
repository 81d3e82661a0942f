/* UDP ping-pong: one datagram each way per call for messages up to 65507 bytes; a larger message
 * (up to PL_UDP_MAX_MSG) is cut into n = ceil(size / 65507) datagrams of nearly equal size, each
 * starting with u32 call number and u32 byte offset, and is whole when its bytes have arrived
 * (a lost datagram makes the call time out: no retransmission, it is a measurement). The client socket is connect()ed
 * (ICMP port unreachable -> ECONNREFUSED) and has SO_RCVTIMEO 1 s so a lost datagram
 * becomes an error-flagged call instead of a hang. Requests carry their u32 call
 * number; the server echoes it so a late reply to a timed-out call is dropped. */
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

#define UDP_BUF_BYTES 65536u
#define HELLO_TRIES 25
#define HELLO_RETRY_MS 200
#define REPLY_TIMEOUT_MS 1000

/* Room for a message of several datagrams in the socket buffers (the kernel caps it at
 * net.core.rmem_max / wmem_max; best effort). */
static void big_buffers(int fd)
{
    int sz = 1 << 20;
    setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &sz, sizeof sz);
    setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &sz, sizeof sz);
}

static void udp_client_close(struct pl_conn *c, struct pl_cancel *cancel)
{
    if (c->fd >= 0) {
        if (!pl_cancel_reason(cancel))
            pl_clockx_client(c, 1, 1); /* after the last call */
        /* end of session; best effort, the server also copes with a lost one */
        uint8_t end[PL_HELLO_BYTES];
        pl_hello_encode(end, 0xFFFFFFFFu, 0xFFFFFFFFu);
        send(c->fd, end, sizeof end, MSG_DONTWAIT);
    }
    pl_conn_release(c, cancel);
}

static int udp_client_open(struct pl_conn *c, const char *host, int port, uint32_t request_bytes,
                           uint32_t response_bytes, struct pl_cancel *cancel, char *err)
{
    char nerr[PL_NET_ERR_LEN];
    /* rbuf takes any datagram: a stray or oversized reply must not overflow it */
    int rc = pl_conn_prepare(c, request_bytes, response_bytes, UDP_BUF_BYTES, err);
    if (rc == PL_OK)
        rc = pl_conn_attach(c, pl_net_udp_connect(nerr, host, port), nerr, cancel, err);
    if (rc != PL_OK) {
        udp_client_close(c, cancel);
        return rc;
    }
    pl_net_set_rcvtimeo(NULL, c->fd, HELLO_RETRY_MS);
    if (request_bytes > PL_UDP_MAX_BYTES || response_bytes > PL_UDP_MAX_BYTES)
        big_buffers(c->fd);
    uint8_t hello[PL_HELLO_BYTES];
    int clockx = pl_clockx_wanted();
    pl_hello_encode_v(hello, clockx ? PL_PP_VERSION_CLOCKX : PL_PP_VERSION, request_bytes,
                      response_bytes);
    int last_errno = ETIMEDOUT;
    for (int i = 0; i < HELLO_TRIES && !pl_cancel_reason(cancel); i++) {
        if (send(c->fd, hello, sizeof hello, 0) < 0) {
            last_errno = errno;
            usleep(HELLO_RETRY_MS * 1000); /* refused at once: wait before trying again */
            continue;
        }
        int64_t deadline = pl_now_ns() + HELLO_RETRY_MS * 1000000LL;
        while (pl_now_ns() < deadline) {
            ssize_t n = recv(c->fd, c->rbuf, UDP_BUF_BYTES, 0);
            if (n == 4 && memcmp(c->rbuf, PL_HELLO_OK, 4) == 0) {
                pl_net_set_rcvtimeo(NULL, c->fd, REPLY_TIMEOUT_MS);
                c->clockx = clockx;
                pl_clockx_client(c, 1, 0); /* before warm-up */
                return PL_OK;
            }
            if (n < 0 && errno != EINTR) {
                last_errno = errno == EAGAIN || errno == EWOULDBLOCK ? ETIMEDOUT : errno;
                if (errno == ECONNREFUSED)
                    usleep(HELLO_RETRY_MS * 1000);
                break;
            }
        }
    }
    if (pl_cancel_reason(cancel)) {
        snprintf(err, PL_NET_ERR_LEN, "cancelled");
        udp_client_close(c, cancel);
        return PL_ERR_CANCELLED;
    }
    snprintf(err, PL_NET_ERR_LEN, "connect %s:%d: %s", host, port,
             last_errno == ETIMEDOUT ? "no answer to hello" : strerror(last_errno));
    udp_client_close(c, cancel);
    return PL_ERR_UNREACHABLE;
}

static uint32_t pieces(uint32_t len) { return (len + PL_UDP_MAX_BYTES - 1) / PL_UDP_MAX_BYTES; }

/* Send a message of len bytes from buf (at least min(len, 65507) bytes long) in datagrams; the
 * header of each piece is written into buf. Returns 0 or -1 with errno. */
static int send_pieces(int fd, uint8_t *buf, uint32_t len, uint32_t call_no,
                       const struct sockaddr *to, socklen_t tolen)
{
    uint32_t n = pieces(len), base = len / n, extra = len % n, off = 0;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t part = base + (k < extra);
        pl_put_u32(buf, call_no);
        pl_put_u32(buf + 4, off);
        if (sendto(fd, buf, part, 0, to, tolen) < 0)
            return -1;
        off += part;
    }
    return 0;
}

/* A call whose request or reply takes more than one datagram. */
static int udp_client_call_multi(struct pl_conn *c, uint32_t call_no, struct pl_trace_rec *rec)
{
    rec->t[0] = pl_now_ns();
    int rc;
    if (c->request_bytes > PL_UDP_MAX_BYTES)
        rc = send_pieces(c->fd, c->sbuf, c->request_bytes, call_no, NULL, 0);
    else
        pl_put_u32(c->sbuf, call_no), rc = send(c->fd, c->sbuf, c->request_bytes, 0) < 0 ? -1 : 0;
    rec->t[1] = pl_now_ns();
    if (rc < 0) {
        c->last_errno = errno;
        rec->t[2] = rec->t[3] = rec->t[1];
        return errno == ECONNREFUSED ? PL_ERR_UNREACHABLE : PL_ERR_IO;
    }
    uint32_t got = 0;
    int64_t k_rx = 0;
    rec->t[2] = 0;
    while (got < c->response_bytes) {
        ssize_t n = c->kts ? pl_kts_recv(c->fd, c->rbuf, UDP_BUF_BYTES, 0, NULL, NULL, c->rt_off, &k_rx)
                           : recv(c->fd, c->rbuf, UDP_BUF_BYTES, 0);
        int64_t t = pl_now_ns();
        if (n < 0) {
            c->last_errno = errno;
            if (errno == EINTR)
                continue;
            if (!rec->t[2])
                rec->t[2] = t;
            rec->t[3] = t;
            if (errno == EAGAIN || errno == EWOULDBLOCK)
                return PL_ERR_TIMEOUT;
            return errno == ECONNREFUSED ? PL_ERR_UNREACHABLE : PL_ERR_IO;
        }
        if (n < 4 || pl_get_u32(c->rbuf) != call_no)
            continue; /* a late piece of an earlier, timed-out call */
        if (!got) {
            rec->t[2] = t;
            rec->k_rx = k_rx;
        }
        got += (uint32_t)n;
        rec->t[3] = t;
    }
    if (got != c->response_bytes) {
        c->last_errno = EMSGSIZE;
        return PL_ERR_PROTOCOL;
    }
    if (c->kts)
        pl_kts_drain_tx(c->fd, c->rt_off, rec->t[0], &rec->k_sched, &rec->k_snd);
    return PL_OK;
}

static int udp_client_call(struct pl_conn *c, uint32_t call_no, struct pl_trace_rec *rec)
{
    if (c->request_bytes > PL_UDP_MAX_BYTES || c->response_bytes > PL_UDP_MAX_BYTES)
        return udp_client_call_multi(c, call_no, rec);
    int tagged = c->request_bytes >= 4 && c->response_bytes >= 4;
    if (c->request_bytes >= 4)
        pl_put_u32(c->sbuf, call_no);
    rec->t[0] = pl_now_ns();
    ssize_t n = send(c->fd, c->sbuf, c->request_bytes, 0);
    rec->t[1] = pl_now_ns();
    if (n < 0) {
        c->last_errno = errno;
        rec->t[2] = rec->t[3] = rec->t[1];
        return errno == ECONNREFUSED ? PL_ERR_UNREACHABLE : PL_ERR_IO;
    }
    for (;;) {
        n = c->kts ? pl_kts_recv(c->fd, c->rbuf, UDP_BUF_BYTES, 0, NULL, NULL, c->rt_off, &rec->k_rx)
                   : recv(c->fd, c->rbuf, UDP_BUF_BYTES, 0);
        rec->t[2] = rec->t[3] = pl_now_ns();
        if (n < 0) {
            c->last_errno = errno;
            if (errno == EINTR)
                continue;
            if (errno == EAGAIN || errno == EWOULDBLOCK)
                return PL_ERR_TIMEOUT;
            return errno == ECONNREFUSED ? PL_ERR_UNREACHABLE : PL_ERR_IO;
        }
        /* a late answer to an earlier call that already timed out: wait on */
        if (tagged && n >= 4 && pl_get_u32(c->rbuf) != call_no)
            continue;
        break;
    }
    if ((size_t)n != c->response_bytes) {
        c->last_errno = EMSGSIZE;
        return PL_ERR_PROTOCOL;
    }
    if (c->kts) /* after the call: the request's TX stamps are queued by now */
        pl_kts_drain_tx(c->fd, c->rt_off, rec->t[0], &rec->k_sched, &rec->k_snd);
    return PL_OK;
}

static int udp_server_open(struct pl_server *s, const char *bind_addr, int port, char *err)
{
    int rc = pl_server_prepare(s, UDP_BUF_BYTES, err);
    if (rc != PL_OK)
        return rc;
    s->fd = pl_net_udp_bind(err, bind_addr, port);
    if (s->fd < 0 || (s->port = pl_net_local_port(err, s->fd)) < 0) {
        pl_server_release(s);
        return PL_ERR_SOCKET;
    }
    big_buffers(s->fd);
    return PL_OK;
}

static int udp_server_session(struct pl_server *s, struct pl_trace *tr, struct pl_cancel *cancel,
                              char *err)
{
    struct sockaddr_storage peer, caller; /* caller: who opened the session with its hello */
    socklen_t plen, caller_len = 0;
    int in_session = 0, rc = PL_OK;
    uint32_t req = 0, resp = 0, idx = 0;
    uint32_t cur_call = UINT32_MAX, cur_got = 0; /* a request arriving in several datagrams */
    int64_t cur_t0 = 0, cur_t1 = 0, cur_k_rx = 0;
    uint32_t k = tr ? pl_trace_completed(tr) : 0;
    s->requests = 0;
    if (pl_cancel_add_fd(cancel, s->fd))
        return PL_ERR_CANCELLED;
    if (tr && !s->kts)
        pl_transport_kts(s->fd, &s->kts, &s->rt_off);
    for (;;) {
        plen = sizeof peer;
        int64_t k_rx = 0, k_sched = 0, k_snd = 0;
        int64_t t0 = pl_now_ns();
        ssize_t n = s->kts ? pl_kts_recv(s->fd, s->rbuf, UDP_BUF_BYTES, 0, (struct sockaddr *)&peer,
                                         &plen, s->rt_off, &k_rx)
                           : recvfrom(s->fd, s->rbuf, UDP_BUF_BYTES, 0, (struct sockaddr *)&peer, &plen);
        int64_t t1 = pl_now_ns();
        int got = pl_udp_received(n, cancel, err, &rc);
        if (got < 0)
            break;
        if (got == 0)
            continue;
        /* a session answers its caller only: anyone else's hello or datagram would redirect or amplify it */
        if (in_session && (plen != caller_len || memcmp(&peer, &caller, plen) != 0))
            continue;
        if (in_session && pl_clockx_is_request(s->rbuf, (size_t)n)) {
            pl_clockx_answer(s->fd, s->rbuf, t1, &peer, plen);
            continue;
        }
        uint32_t hreq, hresp;
        int end;
        if (pl_hello_decode(s->rbuf, (size_t)n, &hreq, &hresp, &end) == 0) {
            if (end) {
                if (in_session)
                    break;
                continue;
            }
            if (hreq < 1 || hresp < 1 || hreq > PL_UDP_MAX_MSG || hresp > PL_UDP_MAX_MSG)
                continue;
            /* first hello or a resent one: (re)answer */
            req = hreq;
            resp = hresp;
            s->request_bytes = req;
            s->response_bytes = resp;
            snprintf(s->peer, sizeof s->peer, "udp peer");
            in_session = 1;
            memcpy(&caller, &peer, plen);
            caller_len = plen;
            sendto(s->fd, PL_HELLO_OK, 4, 0, (struct sockaddr *)&peer, plen);
            continue;
        }
        if (!in_session || n == 0)
            continue;
        uint32_t call_no = req >= 4 && n >= 4 ? pl_get_u32(s->rbuf) : idx;
        int64_t t_wait = t0, t_first = t1;
        if (req > PL_UDP_MAX_BYTES) { /* a piece of a request of several datagrams */
            if (n < 8)
                continue;
            if (call_no != cur_call) {
                cur_call = call_no;
                cur_got = 0;
                cur_t0 = t0;
                cur_t1 = t1;
                cur_k_rx = k_rx;
            }
            cur_got += (uint32_t)n;
            if (cur_got < req)
                continue;
            cur_call = UINT32_MAX;
            t_wait = cur_t0, t_first = cur_t1, k_rx = cur_k_rx;
        }
        if (resp > PL_UDP_MAX_BYTES) {
            send_pieces(s->fd, s->sbuf, resp, call_no, (struct sockaddr *)&peer, plen);
        } else {
            if (resp >= 4 && n >= 4)
                memcpy(s->sbuf, s->rbuf, 4);
            sendto(s->fd, s->sbuf, resp, 0, (struct sockaddr *)&peer, plen);
        }
        int64_t t3 = pl_now_ns();
        idx++;
        s->requests++;
        if (tr && k < tr->capacity) {
            if (s->kts)
                pl_kts_drain_tx(s->fd, s->rt_off, t1, &k_sched, &k_snd);
            struct pl_trace_rec *r = &tr->recs[k];
            r->k_rx = k_rx;
            r->k_sched = k_sched;
            r->k_snd = k_snd;
            r->t[0] = t_wait;
            r->t[1] = t_first;
            r->t[2] = t1; /* the last datagram (one datagram: whole request with the first bytes) */
            r->t[3] = t3;
            r->call_no = call_no;
            r->flags = 0;
            pl_trace_publish(tr, ++k);
        }
    }
    pl_cancel_remove_fd(cancel, s->fd);
    return rc;
}

const struct pl_transport pl_transport_udp = {
    .name = "udp",
    .max_bytes = PL_UDP_MAX_MSG,
    .client_open = udp_client_open,
    .client_call = udp_client_call,
    .client_close = udp_client_close,
    .server_open = udp_server_open,
    .server_session = udp_server_session,
    .server_close = pl_server_release,
};
