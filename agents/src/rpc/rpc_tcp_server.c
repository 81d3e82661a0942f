/* The RPC server's tcp listener thread: it waits on its listening socket and every connection (epoll),
 * reassembles packets from what each stream delivers (rpc_tcp.h's framing) and hands them to the same per-packet
 * handling as udp (rpc_server.c): the same slots, the same executor pool, the same step probes. */
#include "rpc.h"
#include "le_bytes.h"
#include "pl_clock.h"
#include "rpc_server_int.h"
#include "rpc_tcp.h"
#include "rpc_wire.h"

#include <errno.h>
#include <netinet/tcp.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <unistd.h>

#define MAX_CONNS 512

/* A request is received in place (conn_recv_placed) when it has up to this many packets: 64 KB in 4016-byte
 * packets is 17; larger ones go to an executor, where one copy more is not what the call's time is made of */
#define PLACE_PACKETS 32

struct conn {
    int fd;
    size_t fill;
    uint8_t *buf; /* PL_RPC_TCP_STREAM_BYTES: a whole 64 KB request in one recv */
    /* the shape of the last request of more than one packet (protection none or pkt): the next one is expected
     * alike (same call handle, size, packet size) and received in place; total 0: none to expect */
    uint32_t binding, activity, total, pd;
};

/* The listener's scratch for a request received in place: its packets' headers and the receive's iovecs. */
struct place {
    uint8_t hdr[PLACE_PACKETS][PL_RPC_HEADER_BYTES];
    struct iovec iov[2 * PLACE_PACKETS];
};

static void conn_close(struct pl_rpc_server *s, struct conn *c)
{
    pl_rpc_server_conn_closed(s, c->fd);
    close(c->fd);
    free(c->buf);
    c->fd = -1;
    c->buf = NULL;
}

/* what the packet about to be handed over tells of the next request (struct conn's shape) */
static void conn_learn(struct conn *c, const uint8_t *hdr)
{
    if (hdr[PL_RPC_HDR_PTYPE] != PL_RPC_REQUEST || get32(hdr + PL_RPC_HDR_OFFSET) != 0)
        return; /* only a request's first packet */
    uint32_t len = get32(hdr + PL_RPC_HDR_LEN), total = get32(hdr + PL_RPC_HDR_TOTAL);
    uint32_t n = len ? (total + len - 1) / len : 0;
    /* all of it fits the stream buffer too, where a plan that misses leaves what it received */
    int placeable = hdr[PL_RPC_HDR_PROT] <= PL_PROT_PKT && len && total > len && n <= PLACE_PACKETS &&
                    (size_t)total + (size_t)n * PL_RPC_HEADER_BYTES <= PL_RPC_TCP_STREAM_BYTES;
    c->binding = get32(hdr + PL_RPC_HDR_BINDING), c->activity = get32(hdr + PL_RPC_HDR_ACTIVITY);
    c->total = placeable ? total : 0, c->pd = len;
}

/* packet k of a placed request is the one planned: a request of the same call and size, at its offset */
static int fits_plan(const struct conn *c, const uint8_t *hdr, const uint8_t *hdr0, uint32_t k, uint32_t len)
{
    return pl_rpc_tcp_frame_len(hdr) == PL_RPC_HEADER_BYTES + len && hdr[PL_RPC_HDR_PTYPE] == PL_RPC_REQUEST &&
           hdr[PL_RPC_HDR_PROT] <= PL_PROT_PKT && get32(hdr + PL_RPC_HDR_BINDING) == c->binding &&
           get32(hdr + PL_RPC_HDR_ACTIVITY) == c->activity &&
           get32(hdr + PL_RPC_HDR_SEQ) == get32(hdr0 + PL_RPC_HDR_SEQ) &&
           get32(hdr + PL_RPC_HDR_OFFSET) == k * c->pd && get32(hdr + PL_RPC_HDR_TOTAL) == c->total;
}

/* At a call boundary of a connection whose last request had a shape: receive the next one with one recvmsg,
 * each packet's header into the scratch and its data straight into the slot's request buffer, where reassembly
 * would copy it (the kernel's copy is then the only one). Every whole packet that fits the plan is handed over;
 * from the first that does not (or is not complete yet) on, what was received goes to the stream buffer, in
 * stream order, for conn_read to go on from. 0: nothing planned (read the stream as usual), 1: read, -1: closed. */
static int conn_recv_placed(struct pl_rpc_server *s, struct conn *c, struct place *pl, int64_t *t0, int64_t *t1,
                            uint8_t *tx)
{
    uint8_t *dst = pl_rpc_server_req_place(s, c->binding, c->activity, c->total);
    if (!dst)
        return 0;
    uint32_t n = (c->total + c->pd - 1) / c->pd;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t len = c->total - k * c->pd < c->pd ? c->total - k * c->pd : c->pd;
        pl->iov[2 * k] = (struct iovec){.iov_base = pl->hdr[k], .iov_len = PL_RPC_HEADER_BYTES};
        pl->iov[2 * k + 1] = (struct iovec){.iov_base = dst + (size_t)k * c->pd, .iov_len = len};
    }
    struct msghdr m = {.msg_iov = pl->iov, .msg_iovlen = 2 * (size_t)n};
    ssize_t got = recvmsg(c->fd, &m, MSG_DONTWAIT);
    if (got == 0 || (got < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR))
        return -1;
    size_t rcvd = got > 0 ? (size_t)got : 0, at = 0;
    uint32_t fit = 0; /* the packets in whole, in order, while they are the planned ones */
    for (; fit < n; fit++) {
        uint32_t len = (uint32_t)pl->iov[2 * fit + 1].iov_len;
        if (rcvd - at < PL_RPC_HEADER_BYTES + len || !fits_plan(c, pl->hdr[fit], pl->hdr[0], fit, len))
            break;
        at += PL_RPC_HEADER_BYTES + len;
    }
    if (fit == n) /* counted before the reply can be out */
        atomic_fetch_add(&s->placed_requests, 1);
    else if (rcvd)
        c->total = 0; /* the plan missed: conn_learn sets the next one from what comes */
    /* the rest (a packet not in whole yet, or not the one planned) goes to the empty stream buffer, before any
     * packet is handed over: the last one may give the slot's buffer to an executor */
    for (uint32_t i = 2 * fit; i < 2 * n && at < rcvd; i++) {
        size_t part = rcvd - at < pl->iov[i].iov_len ? rcvd - at : pl->iov[i].iov_len;
        memcpy(c->buf + c->fill, pl->iov[i].iov_base, part);
        c->fill += part;
        at += part;
    }
    for (uint32_t k = 0; k < fit; k++) {
        size_t frame = PL_RPC_HEADER_BYTES + pl->iov[2 * k + 1].iov_len;
        int64_t last = pl_rpc_server_on_packet(s, pl->hdr[k], frame, dst + (size_t)k * c->pd, NULL, 0, c->fd,
                                               *t0, *t1, 0, tx);
        *t0 = *t1 = last ? last : pl_step_now(); /* the wait belongs to the first packet of this read */
    }
    return 1;
}

/* Take what the stream has, then every whole packet in the buffer. -1: closed or malformed. */
static int conn_read(struct pl_rpc_server *s, struct conn *c, struct place *pl, int64_t t0, int64_t t1, uint8_t *tx)
{
    int placed = c->fill == 0 && c->total ? conn_recv_placed(s, c, pl, &t0, &t1, tx) : 0;
    if (placed < 0)
        return -1;
    if (!placed) {
        ssize_t n = recv(c->fd, c->buf + c->fill, PL_RPC_TCP_STREAM_BYTES - c->fill, MSG_DONTWAIT);
        if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR))
            return -1;
        if (n < 0)
            return 0;
        c->fill += (size_t)n;
    }
    size_t at = 0;
    while (c->fill - at >= PL_RPC_HEADER_BYTES) {
        size_t frame = pl_rpc_tcp_frame_len(c->buf + at);
        if (!frame) {
            atomic_fetch_add(&s->rejected_packets, 1);
            return -1; /* not a packet: nothing after it can be trusted */
        }
        if (c->fill - at < frame)
            break;
        conn_learn(c, c->buf + at);
        int64_t last = pl_rpc_server_on_packet(s, c->buf + at, frame, NULL, NULL, 0, c->fd, t0, t1, 0, tx);
        t0 = t1 = last ? last : pl_step_now(); /* the wait belongs to the first packet of this read */
        at += frame;
    }
    memmove(c->buf, c->buf + at, c->fill - at);
    c->fill -= at;
    return 0;
}

/* a new connection into a free entry of conns, watched by ep (its index is the event's data); -1 when full */
static int conn_open(struct conn *conns, int ep, int fd)
{
    uint32_t i = 0;
    while (i < MAX_CONNS && conns[i].fd >= 0)
        i++;
    uint8_t *buf = i < MAX_CONNS ? malloc(PL_RPC_TCP_STREAM_BYTES) : NULL;
    struct epoll_event ev = {.events = EPOLLIN, .data.u32 = i};
    if (!buf || epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev) < 0) {
        free(buf);
        return -1;
    }
    int one = 1;
    struct timeval tv = {.tv_usec = 100000}; /* an executor never blocks for good on a stuck client */
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    conns[i] = (struct conn){.fd = fd, .buf = buf};
    return 0;
}

/* The listener waits with epoll, not poll: one wait per call either way, but poll hands the kernel the whole
 * set and has every socket looked at twice per wait (before sleeping and after the wake-up), where epoll
 * keeps the set and reports the ready ones */
void *pl_rpc_tcp_listener_main(void *arg)
{
    struct pl_rpc_server *s = arg;
    struct conn *conns = malloc(MAX_CONNS * sizeof *conns);
    struct epoll_event evs[64];
    uint8_t *tx = malloc(PL_RPC_TCP_STREAM_BYTES); /* a reply's packets are batched in it (send_reply) */
    struct place *pl = malloc(sizeof *pl);
    int ep = epoll_create1(EPOLL_CLOEXEC);
    struct epoll_event lev = {.events = EPOLLIN, .data.u32 = UINT32_MAX};      /* the listening socket */
    struct epoll_event wev = {.events = EPOLLIN, .data.u32 = UINT32_MAX - 1};  /* pl_rpc_server_stop */
    int untimed = s->wake_fd >= 0 && ep >= 0 && epoll_ctl(ep, EPOLL_CTL_ADD, s->wake_fd, &wev) == 0;
    if (ep < 0 || epoll_ctl(ep, EPOLL_CTL_ADD, s->fd, &lev) < 0) {
        free(conns);
        conns = NULL; /* nothing is served: a client's connect is never accepted and times out */
    }
    for (uint32_t i = 0; conns && i < MAX_CONNS; i++)
        conns[i] = (struct conn){.fd = -1};
    while (conns && tx && pl && !atomic_load(&s->stop)) {
        int64_t t0 = pl_step_now();
        /* untimed: no kernel timer armed per call's wait (stop wakes it); else look at stop this often */
        int ready = epoll_wait(ep, evs, (int)(sizeof evs / sizeof evs[0]), untimed ? -1 : 200);
        int64_t t1 = pl_step_now();
        int accept_one = 0;
        for (int e = 0; e < ready; e++) {
            uint32_t i = evs[e].data.u32;
            if (i == UINT32_MAX) {
                accept_one = 1; /* after the connections' reads, as their packets were there first */
            } else if (i == UINT32_MAX - 1) {
                continue; /* stop: the loop's condition ends it */
            } else if (conns[i].fd >= 0 && conn_read(s, &conns[i], pl, t0, t1, tx) < 0) {
                epoll_ctl(ep, EPOLL_CTL_DEL, conns[i].fd, NULL);
                conn_close(s, &conns[i]);
            }
        }
        if (accept_one) {
            int fd = accept4(s->fd, NULL, NULL, SOCK_CLOEXEC);
            if (fd >= 0 && conn_open(conns, ep, fd) < 0)
                close(fd); /* at the limit: the client sees the connection closed */
        }
    }
    for (uint32_t i = 0; conns && i < MAX_CONNS; i++)
        if (conns[i].fd >= 0)
            conn_close(s, &conns[i]);
    if (ep >= 0)
        close(ep);
    free(conns);
    free(tx);
    free(pl);
    return NULL;
}
