/* Client side of the RPC runtime: binding handle, call handles and their cache, one call. */
#include "rpc.h"
#include "pl_clock.h"
#include "pl_error.h"
#include "rpc_gather.h"
#include "rpc_link.h"
#include "rpc_tcp.h"
#include "rpc_tcp_place.h"
#include "ktstamp.h"
#include "net.h"
#include "trace.h"

#include <errno.h>
#include <netdb.h>
#include <netinet/tcp.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

struct pl_rpc_handle {
    int fd;
    uint32_t activity, seq;
    uint32_t packet_data; /* learned: starts small, raised by the peer's max_data in an ack or reply */
    uint32_t window;      /* current window in bytes, doubled per ack up to window_max */
    uint32_t sent;        /* packets sent (drop hook) */
    uint32_t tcp_retrans; /* tcp: the socket's tcpi_total_retrans at the end of its last call (0 when new) */
    int kts;              /* udp: kernel timestamps on the socket */
    int64_t rt_off;       /* CLOCK_REALTIME − CLOCK_MONOTONIC when it was opened */
    uint8_t *rxp;         /* the packet last received: rx (udp), or in the stream's buffer (tcp) */
    /* tcp: a call's packets are laid one after the other in out and written together (one send per
     * PL_RPC_TCP_STREAM_BYTES, not per packet); the reply is read from `in` as the stream delivers it */
    uint8_t *out;
    size_t out_fill;
    struct pl_rpc_tcp_in in;
    /* zero-copy send (protection none or pkt, no link emulation, no damage hook): headers built in g, the data
     * sent from the caller's buffer; tcp writes a call's packets with one sendmsg, udp one per datagram */
    int zc;
    struct pl_rpc_gather g;
    /* tcp, zero-copy: the reply's packets are received with their data straight in the caller's buffer */
    struct pl_rpc_tcp_place pl;
    uint8_t tx[PL_RPC_MAX_DATAGRAM], rx[PL_RPC_MAX_DATAGRAM];
};

void pl_rpc_config_default(struct pl_rpc_config *c)
{
    memset(c, 0, sizeof *c);
    c->pk.header_bytes = PL_RPC_HEADER_BYTES;
    c->pk.packet_data = PL_RPC_DCE_PACKET_DATA;
    c->pk.mtu = PL_RPC_DCE_MTU;
    c->small_packet_data = PL_RPC_DCE_SMALL_PACKET_DATA;
    c->window_initial = 4096;
    c->window_max = 32768;
    c->rto_ms = 100;
    c->max_retries = 20;
    c->prot = PL_PROT_NONE;
    c->cache = PL_CACHE_PER_THREAD;
}

int pl_rpc_binding_split(const char *s, int *tcp, char host[PL_RPC_HOST_LEN], char port[PL_RPC_PORT_LEN], char *err,
                         size_t errlen)
{
    *tcp = strncmp(s, "tcp:", 4) == 0;
    const char *p = strncmp(s, "udp:", 4) == 0 || *tcp ? s + 4 : NULL;
    const char *br = p ? strchr(p, '[') : NULL;
    const char *end = br ? strchr(br, ']') : NULL;
    if (!p) {
        snprintf(err, errlen, "string binding must start with udp: or tcp: (got '%s')", s);
        return PL_ERR_ARGS;
    }
    if (br && end && end[1] == 0 && (size_t)(br - p) < PL_RPC_HOST_LEN && (size_t)(end - br - 1) < PL_RPC_PORT_LEN) {
        snprintf(host, PL_RPC_HOST_LEN, "%.*s", (int)(br - p), p);
        snprintf(port, PL_RPC_PORT_LEN, "%.*s", (int)(end - br - 1), br + 1);
    } else {
        const char *c = strrchr(p, ':');
        if (!c || (size_t)(c - p) >= PL_RPC_HOST_LEN || strlen(c + 1) >= PL_RPC_PORT_LEN) {
            snprintf(err, errlen, "string binding must be udp:HOST[PORT] or tcp:HOST[PORT] (got '%s')", s);
            return PL_ERR_ARGS;
        }
        snprintf(host, PL_RPC_HOST_LEN, "%.*s", (int)(c - p), p);
        snprintf(port, PL_RPC_PORT_LEN, "%s", c + 1);
    }
    return PL_OK;
}

int pl_rpc_binding_from_string(struct pl_rpc_binding *b, const struct pl_rpc_config *cfg, const char *s,
                               char *err, size_t errlen)
{
    memset(b, 0, sizeof *b);
    b->cfg = *cfg;
    char host[PL_RPC_HOST_LEN], port[PL_RPC_PORT_LEN];
    int tcp, parsed = pl_rpc_binding_split(s, &tcp, host, port, err, errlen);
    b->cfg.transport = tcp ? PL_RPC_TCP : PL_RPC_UDP;
    if (parsed != PL_OK)
        return parsed;
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = tcp ? SOCK_STREAM : SOCK_DGRAM}, *ai;
    int rc = getaddrinfo(host, port, &hints, &ai);
    if (rc != 0) {
        snprintf(err, errlen, "string binding %s: %s", s, gai_strerror(rc));
        return PL_ERR_UNREACHABLE;
    }
    memcpy(&b->addr, ai->ai_addr, ai->ai_addrlen);
    b->addrlen = ai->ai_addrlen;
    freeaddrinfo(ai);
    if (cfg->link_mbps || cfg->link_delay_us) {
        b->link = pl_rpc_link_new(cfg->link_mbps, cfg->link_delay_us, PL_RPC_HEADER_BYTES + cfg->pk.packet_data);
        if (!b->link) {
            snprintf(err, errlen, "out of memory for the link emulation");
            return PL_ERR_NOMEM;
        }
    }
    randombytes_buf(&b->id, sizeof b->id);
    atomic_init(&b->next_activity, randombytes_random());
    pthread_mutex_init(&b->cache_mu, NULL);
    return PL_OK;
}

static void handle_free(struct pl_rpc_binding *b, struct pl_rpc_handle *h)
{
    if (h) {
        if (b->link)
            pl_rpc_link_drain(b->link); /* its packets leave before its socket closes */
        close(h->fd);
        free(h->out);
        pl_rpc_tcp_in_free(&h->in);
        free(h);
    }
}

void pl_rpc_binding_free(struct pl_rpc_binding *b)
{
    handle_free(b, b->cached);
    for (int i = 0; i < PL_RPC_MAX_THREADS; i++)
        handle_free(b, b->per_thread[i]);
    pl_rpc_link_free(b->link);
    pthread_mutex_destroy(&b->cache_mu);
}

static int tcp(const struct pl_rpc_binding *b) { return b->cfg.transport == PL_RPC_TCP; }

/* one packet from the handle's socket into h->rxp: a datagram, or the next frame of the stream */
static ssize_t recv_pkt(struct pl_rpc_binding *b, struct pl_rpc_handle *h)
{
    h->rxp = h->rx;
    return tcp(b) ? pl_rpc_tcp_next(h->fd, &h->in, &h->rxp) : recv(h->fd, h->rx, sizeof h->rx, 0);
}

/* where the next packet is built: its header in the gather batch (zero-copy), else tx, or (tcp without link
 * emulation) the end of the batch in out */
static uint8_t *tx_at(struct pl_rpc_handle *h)
{
    return h->zc ? pl_rpc_gather_hdr(&h->g) : h->out ? h->out + h->out_fill : h->tx;
}

static int send_raw(struct pl_rpc_binding *b, struct pl_rpc_handle *h, size_t len)
{
    return tcp(b) ? pl_rpc_tcp_write(h->fd, h->tx, len) : send(h->fd, h->tx, len, 0) < 0 ? -1 : 0;
}

/* send the packet built at tx_at(h) (zero-copy: its header there, its data at `data`); tcp batching: append
 * it, write the batch when `flush` or full */
static int send_pkt(struct pl_rpc_binding *b, struct pl_rpc_handle *h, size_t len, const uint8_t *data, int flush)
{
    pl_rpc_host_packet(&b->host, b->cfg.host_packet_us); /* the runtime's work on the packet */
    if (h->zc) {
        int full = pl_rpc_gather_add(&h->g, data, len - PL_RPC_HEADER_BYTES);
        if (tcp(b))
            return flush || full ? pl_rpc_gather_write(h->fd, &h->g) : 0;
        h->sent++;
        if (b->cfg.drop_every && h->sent % b->cfg.drop_every == 0) {
            pl_rpc_gather_reset(&h->g);
            return 0; /* test hook: the packet is "lost on the wire" */
        }
        return pl_rpc_gather_send(h->fd, &h->g, NULL, 0);
    }
    if (h->out) {
        h->out_fill += len;
        if (!flush && PL_RPC_TCP_STREAM_BYTES - h->out_fill >= PL_RPC_MAX_DATAGRAM)
            return 0;
        size_t n = h->out_fill;
        h->out_fill = 0;
        return pl_rpc_tcp_write(h->fd, h->out, n);
    }
    if (tcp(b)) /* the loss and damage hooks are udp's: a stream does not lose packets */
        return b->link ? pl_rpc_link_send(b->link, h->fd, NULL, 0, h->tx, len), 0 : send_raw(b, h, len);
    h->sent++;
    if (b->cfg.drop_every && h->sent % b->cfg.drop_every == 0)
        return 0; /* test hook: the packet is "lost on the wire" */
    if (b->cfg.corrupt_every && h->sent % b->cfg.corrupt_every == 0)
        h->tx[len - 1] ^= 0x10; /* test hook: damaged or tampered with on the way */
    if (b->link)
        return pl_rpc_link_send(b->link, h->fd, NULL, 0, h->tx, len), 0;
    return send(h->fd, h->tx, len, 0) < 0 ? -1 : 0;
}

/* prot >= connect: challenge/response with the shared key when the handle is created */
/* Tells the server how far its reply has come: an ACK of the first `got` of `total` bytes, on the call's header ak. */
static void send_ack(struct pl_rpc_binding *b, struct pl_rpc_handle *h, struct pl_rpc_hdr ak, uint32_t got,
                     uint32_t total)
{
    ak.ptype = PL_RPC_ACK, ak.offset = got, ak.len = 0, ak.flags = 0, ak.total = total;
    pl_rpc_hdr_put(tx_at(h), &ak);
    pl_rpc_seal(b->cfg.key, b->cfg.prot, tx_at(h), PL_RPC_HEADER_BYTES);
    send_pkt(b, h, PL_RPC_HEADER_BYTES, NULL, 1);
}

static int handshake(struct pl_rpc_binding *b, struct pl_rpc_handle *h)
{
    uint8_t nc[16], proof[16];
    randombytes_buf(nc, sizeof nc);
    for (uint32_t tries = 0; tries < b->cfg.max_retries; tries++) {
        struct pl_rpc_hdr hd = {.ptype = PL_RPC_CHALLENGE, .prot = (uint8_t)b->cfg.prot,
                                .activity = h->activity, .binding = b->id, .len = 16, .total = 16,
                                .flags = PL_RPC_F_LAST};
        pl_rpc_hdr_put(h->tx, &hd);
        memcpy(h->tx + PL_RPC_HEADER_BYTES, nc, 16);
        if (send_raw(b, h, PL_RPC_HEADER_BYTES + 16) < 0)
            return PL_ERR_IO;
        ssize_t n = recv_pkt(b, h);
        struct pl_rpc_hdr r;
        if (n < 0 || pl_rpc_hdr_parse(h->rxp, (size_t)n, &r) || r.ptype != PL_RPC_CHALLENGE ||
            r.activity != h->activity || r.len != 32)
            continue;
        pl_rpc_proof(b->cfg.key, 's', nc, proof);
        if (sodium_memcmp(proof, h->rxp + PL_RPC_HEADER_BYTES, 16) != 0)
            return PL_ERR_PROTOCOL; /* the server does not hold the key */
        pl_rpc_proof(b->cfg.key, 'c', h->rxp + PL_RPC_HEADER_BYTES + 16, proof);
        hd.ptype = PL_RPC_PROOF;
        pl_rpc_hdr_put(h->tx, &hd);
        memcpy(h->tx + PL_RPC_HEADER_BYTES, proof, 16);
        if (send_raw(b, h, PL_RPC_HEADER_BYTES + 16) < 0)
            return PL_ERR_IO;
        n = recv_pkt(b, h);
        if (n >= 0 && pl_rpc_hdr_parse(h->rxp, (size_t)n, &r) == 0 && r.ptype == PL_RPC_PROOF &&
            r.activity == h->activity)
            return PL_OK;
        /* a reject here answers a proof of an older challenge (replies crossed under load): start over */
    }
    return PL_ERR_TIMEOUT;
}

/* A new call handle: its own socket, a fresh activity, the small packet size and initial window. */
static int handle_new(struct pl_rpc_binding *b, struct pl_rpc_handle **out)
{
    struct pl_rpc_handle *h = malloc(sizeof *h);
    if (!h)
        return PL_ERR_NOMEM;
    h->out = NULL;
    h->out_fill = 0;
    h->in.buf = NULL;
    h->rxp = h->rx;
    h->zc = b->cfg.prot <= PL_PROT_PKT && !b->link && !b->cfg.corrupt_every;
    pl_rpc_gather_reset(&h->g);
    pl_rpc_tcp_place_init(&h->pl);
    if (tcp(b) && ((!b->link && !h->zc && !(h->out = malloc(PL_RPC_TCP_STREAM_BYTES))) ||
                   pl_rpc_tcp_in_init(&h->in, PL_RPC_TCP_STREAM_BYTES) < 0)) {
        free(h->out);
        free(h);
        return PL_ERR_NOMEM;
    }
    h->fd = socket(b->addr.ss_family, (tcp(b) ? SOCK_STREAM : SOCK_DGRAM) | SOCK_CLOEXEC, 0);
    struct timeval tv = {.tv_sec = b->cfg.rto_ms / 1000, .tv_usec = (b->cfg.rto_ms % 1000) * 1000};
    int buf = 4 << 20;
    /* tcp: a connect to a peer that does not answer (a cut link) gives up after the call's whole budget, as a
     * call does, instead of the kernel's ~2 min of SYN retries (Linux bounds a blocking connect by SO_SNDTIMEO) */
    uint64_t budget_ms = (uint64_t)b->cfg.rto_ms * (b->cfg.max_retries + 1);
    struct timeval connect_tv = {.tv_sec = (time_t)(budget_ms / 1000),
                                 .tv_usec = (suseconds_t)(budget_ms % 1000) * 1000};
    if (h->fd >= 0 && tcp(b))
        setsockopt(h->fd, SOL_SOCKET, SO_SNDTIMEO, &connect_tv, sizeof connect_tv);
    if (h->fd < 0 || connect(h->fd, (struct sockaddr *)&b->addr, b->addrlen) < 0 ||
        setsockopt(h->fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv) < 0) {
        if (h->fd >= 0)
            close(h->fd);
        free(h->out);
        pl_rpc_tcp_in_free(&h->in);
        free(h);
        return PL_ERR_SOCKET;
    }
    setsockopt(h->fd, SOL_SOCKET, SO_RCVBUF, &buf, sizeof buf);
    int one = 1;
    if (tcp(b)) { /* a send to a server that stopped reading times out like a receive */
        setsockopt(h->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        setsockopt(h->fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    }
    h->kts = !tcp(b) && pl_kts_active() && pl_kts_enable(h->fd) == 0;
    h->rt_off = h->kts ? pl_clock_realtime_offset_ns() : 0;
    h->activity = atomic_fetch_add(&b->next_activity, 1);
    h->seq = 0;
    h->packet_data = b->cfg.small_packet_data < b->cfg.pk.packet_data ? b->cfg.small_packet_data
                                                                     : b->cfg.pk.packet_data;
    /* DCE 1995's first-ack wait: a handle that has not learnt the peer's packet size sends one packet and
     * waits for its ack before opening the window (learn() widens it); tcp: no windows, no ack requests */
    h->window = tcp(b) ? UINT32_MAX : h->packet_data;
    h->sent = 0;
    h->tcp_retrans = 0; /* a new socket: what its connect retransmitted (SYN) is the binding call's */
    atomic_fetch_add(&b->handles_created, 1);
    if (b->cfg.prot >= PL_PROT_CONNECT) {
        int rc = handshake(b, h);
        if (rc != PL_OK) {
            handle_free(b, h);
            return rc;
        }
    }
    *out = h;
    return PL_OK;
}

/* per-thread: the thread's own handle; single: the binding's one cached handle if it is free */
static struct pl_rpc_handle *handle_take(struct pl_rpc_binding *b, uint16_t thread)
{
    if (b->cfg.cache == PL_CACHE_PER_THREAD) {
        struct pl_rpc_handle *h = b->per_thread[thread];
        b->per_thread[thread] = NULL;
        return h;
    }
    pthread_mutex_lock(&b->cache_mu);
    struct pl_rpc_handle *h = b->cached;
    b->cached = NULL;
    pthread_mutex_unlock(&b->cache_mu);
    return h;
}

/* single: a full cache means the handle is destroyed, and with it what it learned (the anomaly) */
static void handle_put(struct pl_rpc_binding *b, uint16_t thread, struct pl_rpc_handle *h)
{
    if (b->cfg.cache == PL_CACHE_PER_THREAD) {
        b->per_thread[thread] = h;
        return;
    }
    pthread_mutex_lock(&b->cache_mu);
    if (!b->cached) {
        b->cached = h;
        h = NULL;
    }
    pthread_mutex_unlock(&b->cache_mu);
    handle_free(b, h);
}

/* the reply tells a handle the peer's packet size (acks do not: a new handle's whole request goes in small
 * packets, as the case study's BPF counts showed); from then on it starts calls with the initial window */
static void learn(struct pl_rpc_binding *b, struct pl_rpc_handle *h, const struct pl_rpc_hdr *r)
{
    uint32_t m = r->max_data < b->cfg.pk.packet_data ? r->max_data : b->cfg.pk.packet_data;
    if (m > h->packet_data) {
        h->packet_data = m;
        if (h->window < b->cfg.window_initial)
            h->window = b->cfg.window_initial;
    }
}

/* One call; ic: its injection (rpc_inject.h), NULL for none. pl_rpc_call inlines it twice, once with a NULL
 * constant: a call without injection does not test for it at any step (PL_INJ_* fold away). */
static inline __attribute__((always_inline)) int call_steps(struct pl_rpc_binding *b, struct pl_rpc_call *c,
                                                            struct pl_rpc_crec *rec, struct pl_rpc_inj_call *ic)
{
    const struct pl_rpc_config *cfg = &b->cfg;
    struct pl_rpc_step *st = rec->s;
    int64_t t0 = pl_now_ns(), t1, t2, t_end = 0;
    rec->t_start = t0;
    rec->retransmits = 0;
    PL_INJ_BEGIN(ic, CS_START);
    struct pl_rpc_handle *h = handle_take(b, c->thread);
    PL_INJ_END(ic, CS_START);
    t1 = pl_step_now();
    pl_rpc_probe(&st[CS_START], t0, t1);
    if (!h) {
        PL_INJ_BEGIN(ic, CS_BIND);
        int rc = handle_new(b, &h);
        PL_INJ_END(ic, CS_BIND);
        t2 = pl_step_now();
        pl_rpc_probe(&st[CS_BIND], t1, t2);
        if (rc != PL_OK) {
            rec->t_end = t2; /* the call ended here: stored as an error call, not one that ends before it began */
            return rc;
        }
        t1 = t2;
    }
    if (!tcp(b) && h->packet_data < cfg->pk.packet_data && c->req_len > h->packet_data)
        rec->flags |= PL_CALL_SLOW_START;
    PL_INJ_BEGIN(ic, CS_MARSHAL);
    /* marshal: the header template of every request packet (data stays where it is: an iovector) */
    struct pl_rpc_hdr hd = {.ptype = PL_RPC_REQUEST, .prot = (uint8_t)cfg->prot, .proc = (uint8_t)c->proc,
                            .activity = h->activity, .seq = ++h->seq, .call_no = c->call_no,
                            .total = c->req_len, .max_data = cfg->pk.packet_data, .arg = c->arg,
                            .thread = c->thread, .binding = b->id};
    PL_INJ_END(ic, CS_MARSHAL);
    t2 = pl_step_now();
    pl_rpc_probe(&st[CS_MARSHAL], t1, t2);
    /* tl: the clock read that ended the latest step. A step that starts right where the previous one ended
     * starts at tl instead of reading the clock again: per packet that is 2 reads of ~15-25 ns where it was
     * 4 (17 packets each way in a 64 KB call), with the same steps and no gap between them */
    int64_t tl = t2;

    uint32_t acked = 0, next = 0, got = 0, timeouts = 0, retransmits = 0;
    int req_done = 0, reply_done = 0, rc = PL_OK;
    int64_t last_req_send = 0, k_rx = 0;
    int k_ok = 1; /* no packet but the request's went out after its last one: the latest TX stamp is its */
    c->reply_len = 0;
    while (!reply_done) {
        /* send what the window allows: copy, queue (header + protection), sendmsg */
        int sent_any = 0;
        int64_t last_sent = 0;
        while (!req_done && (next < c->req_len || (next == 0 && c->req_len == 0)) &&
               next - acked < h->window) {
            int64_t a = tl; /* the previous step's end: nothing ran since */
            PL_INJ_BEGIN(ic, CS_COPY);
            uint32_t len = c->req_len - next;
            if (len > h->packet_data)
                len = h->packet_data;
            uint8_t *pkt = tx_at(h);
            if (!h->zc) /* zero-copy: the data goes from c->req, the kernel's one copy */
                memcpy(pkt + PL_RPC_HEADER_BYTES, c->req + next, len);
            PL_INJ_END(ic, CS_COPY);
            /* zero-copy: no copy in user space (the kernel's is inside sendmsg); the step is 0 long (unless the
             * lab planted something in it) */
            int64_t bq = h->zc && !PL_INJ_ON(ic, CS_COPY) ? a : pl_step_now();
            pl_rpc_probe(&st[CS_COPY], a, bq);
            PL_INJ_BEGIN(ic, CS_QUEUE);
            hd.offset = next;
            hd.len = len;
            hd.flags = next + len == c->req_len ? PL_RPC_F_LAST : 0;
            if (!(hd.flags & PL_RPC_F_LAST) && (next + len - acked >= h->window))
                hd.flags |= PL_RPC_F_ACKREQ; /* window full: ask for an ack before sending more */
            pl_rpc_hdr_put(pkt, &hd);
            pl_rpc_seal(cfg->key, cfg->prot, pkt, PL_RPC_HEADER_BYTES + (h->zc ? 0 : len)); /* zc: none/pkt */
            PL_INJ_END(ic, CS_QUEUE);
            int64_t bs = pl_step_now();
            pl_rpc_probe(&st[CS_QUEUE], bq, bs);
            PL_INJ_BEGIN(ic, CS_SENDMSG);
            if (send_pkt(b, h, PL_RPC_HEADER_BYTES + len, c->req + next, hd.flags != 0) < 0) {
                rc = PL_ERR_IO;
                goto out;
            }
            PL_INJ_END(ic, CS_SENDMSG);
            int64_t be = pl_step_now();
            pl_rpc_probe(&st[CS_SENDMSG], bs, be);
            if (hd.flags & PL_RPC_F_LAST)
                last_req_send = bs;
            last_sent = tl = be;
            next += len;
            sent_any = 1;
            if (next == c->req_len) {
                req_done = 1;
                break;
            }
        }
        if (sent_any) { /* post_send: nothing to do but what the lab plants */
            PL_INJ_BEGIN(ic, CS_POST_SEND);
            PL_INJ_END(ic, CS_POST_SEND);
        }
        int64_t w0 = sent_any ? pl_step_now() : tl; /* nothing sent: the wait starts where the last step ended */
        if (sent_any) /* housekeeping between the last send and the wait */
            pl_rpc_probe(&st[CS_POST_SEND], last_sent, w0);
        h->rxp = h->rx;
        uint8_t *rxd = NULL; /* the packet's data: after its header, or already where it belongs in c->reply */
        ssize_t n;
        PL_INJ_BEGIN(ic, CS_WAIT);
        if (h->kts)
            n = pl_kts_recv(h->fd, h->rx, sizeof h->rx, 0, NULL, NULL, h->rt_off, &k_rx);
        else if (tcp(b) && h->zc)
            n = pl_rpc_tcp_next_placed(h->fd, &h->in, &h->pl, c->reply + got, c->reply_cap - got, h->packet_data,
                                       &h->rxp, &rxd);
        else
            n = recv_pkt(b, h);
        if (!rxd)
            rxd = h->rxp + PL_RPC_HEADER_BYTES;
        PL_INJ_END(ic, CS_WAIT);
        int64_t w1 = pl_step_now();
        pl_rpc_probe(&st[CS_WAIT], w0, w1);
        tl = w1;
        if (n >= 0) /* booked to the ack or receive step that handles the packet */
            pl_rpc_host_packet(&b->host, cfg->host_packet_us);
        if (n < 0) {
            if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR && errno != ECONNREFUSED) {
                rc = PL_ERR_IO;
                goto out;
            }
            if (++timeouts > cfg->max_retries) {
                rc = PL_ERR_TIMEOUT;
                goto out;
            }
            if (tcp(b))
                continue; /* nothing to retransmit: TCP has it; wait on */
            PL_INJ_BEGIN(ic, CS_RETRANSMIT);
            retransmits++; /* the call record's retransmits (udp): each go-back or ack of a partial reply */
            if (getenv("PL_RPC_DEBUG"))
                fprintf(stderr, "timeout act %u seq %u acked %u next %u got %u req %u pd %u win %u done %d\n",
                        h->activity, hd.seq, acked, next, got, c->req_len, h->packet_data, h->window, req_done);
            /* timeout: go back to the last acknowledged byte with the initial window (slow-start) */
            h->window = cfg->window_initial;
            if (got == 0 && acked < c->req_len) { /* go back to the last acknowledged byte */
                next = acked;
                req_done = 0;
            } else if (got == 0) { /* all acknowledged, no reply yet: the last packet again asks for it */
                uint32_t last = c->req_len > h->packet_data ? c->req_len - ((c->req_len - 1) % h->packet_data + 1) : 0;
                next = acked = last;
                req_done = 0;
            } else { /* part of the reply is missing: tell the server how far we got */
                k_ok = 0;
                send_ack(b, h, hd, got, c->reply_len);
            }
            PL_INJ_END(ic, CS_RETRANSMIT);
            pl_rpc_probe(&st[CS_RETRANSMIT], w1, tl = pl_step_now());
            continue;
        }
        struct pl_rpc_hdr r;
        if (pl_rpc_hdr_parse(h->rxp, (size_t)n, &r) || r.activity != h->activity || r.seq != hd.seq ||
            r.binding != b->id)
            continue; /* late packet of an earlier call, or noise */
        if (r.ptype == PL_RPC_REJECT) {
            rc = PL_ERR_PROTOCOL;
            goto out;
        }
        if (r.prot != cfg->prot || pl_rpc_open(cfg->key, cfg->prot, h->rxp, (size_t)n) != 0)
            continue; /* forged or damaged: dropped as lost */
        if (r.ptype == PL_RPC_ACK) {
            PL_INJ_BEGIN(ic, CS_ACK);
            if (r.offset == c->req_len || r.offset > acked)
                timeouts = 0; /* progress, or the server has the whole call and is working on it */
            if (r.offset > acked && r.offset <= c->req_len) {
                acked = r.offset; /* may be past a go-back's `next`: the server had more than we resent */
                if (next < acked)
                    next = acked;
                h->window = pl_rpc_window_after_ack(h->window, cfg->window_max);
            }
            PL_INJ_END(ic, CS_ACK);
            pl_rpc_probe(&st[CS_ACK], w1, tl = pl_step_now());
            continue;
        }
        if (r.ptype != PL_RPC_RESPONSE)
            continue;
        /* a reply packet: the whole request has arrived */
        PL_INJ_BEGIN(ic, CS_RECV);
        timeouts = 0;
        req_done = 1;
        acked = next = c->req_len;
        int in_order = r.offset == got;
        if (in_order && r.total <= c->reply_cap) {
            if (got == 0 && h->kts) { /* the reply's first packet: where the kernel had it, and when we did */
                rec->k_rx = k_rx;
                rec->k_rx_ret = w1;
            }
            if (rxd != c->reply + got) /* else received in place: the kernel's copy was the only one */
                memmove(c->reply + got, rxd, r.len);
            got += r.len;
            c->reply_len = r.total;
            rec->srv_recv = r.t_recv_ns;
            rec->srv_send = r.t_send_ns;
            learn(b, h, &r);
        } else if (r.total > c->reply_cap) {
            rc = PL_ERR_PROTOCOL;
            goto out;
        }
        PL_INJ_END(ic, CS_RECV);
        int64_t rc1 = tl = pl_step_now();
        pl_rpc_probe(&st[CS_RECV], w1, rc1);
        if (in_order && got == r.total) {
            reply_done = 1;
        } else if ((r.flags & PL_RPC_F_ACKREQ) || !in_order) {
            PL_INJ_BEGIN(ic, CS_ACK);
            k_ok = 0;
            send_ack(b, h, hd, got, r.total);
            PL_INJ_END(ic, CS_ACK);
            pl_rpc_probe(&st[CS_ACK], rc1, tl = pl_step_now());
        }
    }
    /* unmarshal: the reply is in the caller's buffer; check it is what the procedure returns */
    t1 = tl;
    PL_INJ_BEGIN(ic, CS_UNMARSHAL);
    if (c->proc == PL_PROC_ECHO && (c->reply_len != c->req_len || memcmp(c->reply, c->req, c->req_len)))
        rc = PL_ERR_PROTOCOL;
    PL_INJ_END(ic, CS_UNMARSHAL);
    t2 = pl_step_now();
    pl_rpc_probe(&st[CS_UNMARSHAL], t1, t2);
    PL_INJ_BEGIN(ic, CS_END);
    PL_INJ_END(ic, CS_END);
    t_end = pl_now_ns(); /* one read ends the step and the call (each read is ~10 ns of a ~6 us null call) */
    pl_rpc_probe(&st[CS_END], t2, t_end);
out:
    if (ic) /* a call that failed inside the step lets its lock go */
        pl_rpc_inject_release(ic);
    rec->t_end = t_end ? t_end : pl_now_ns();
    if (h->pl.n) /* bytes past the reply (none when all went well) stay for the next read */
        pl_rpc_tcp_place_end(&h->in, &h->pl);
    if (h->kts) { /* the request's TX stamps, read after the call's end: outside every step */
        int64_t sched = 0, snd = 0;
        pl_kts_drain_tx(h->fd, h->rt_off, last_req_send ? last_req_send : rec->t_start, &sched, &snd);
        if (k_ok && last_req_send && rc == PL_OK) {
            rec->k_send = last_req_send;
            rec->k_snd = snd;
            rec->k_sched = sched;
        }
    }
    if (tcp(b)) { /* the kernel's retransmissions during this call: TCP_INFO after it, against after the last */
        uint32_t now_retrans;
        if (pl_net_tcp_total_retrans(h->fd, &now_retrans) == PL_NET_OK) {
            rec->retransmits = pl_net_retrans_delta(h->tcp_retrans, now_retrans);
            h->tcp_retrans = now_retrans;
        }
    } else {
        rec->retransmits = retransmits > 65535u ? 65535u : (uint16_t)retransmits;
    }
    /* nothing ran since t_end without the kts drain or the TCP_INFO read */
    t1 = h->kts || tcp(b) ? pl_step_now() : rec->t_end;
    PL_INJ_BEGIN(ic, CS_FREE);
    if (rc == PL_OK || rc == PL_ERR_PROTOCOL)
        handle_put(b, c->thread, h);
    else
        handle_free(b, h); /* its sequence state is unknown to the server now */
    PL_INJ_END(ic, CS_FREE);
    pl_rpc_probe(&st[CS_FREE], t1, pl_step_now());
    return rc;
}

int pl_rpc_call(struct pl_rpc_binding *b, struct pl_rpc_call *c, struct pl_rpc_crec *rec)
{
    if (__builtin_expect(c->inject != NULL, 0)) {
        struct pl_rpc_inj_call ic = {.in = c->inject, .spin = c->inject_spin};
        return call_steps(b, c, rec, &ic);
    }
    return call_steps(b, c, rec, NULL);
}

int pl_rpc_handle_learned(struct pl_rpc_binding *b, uint16_t thread, uint32_t *packet_data, uint32_t *window)
{
    struct pl_rpc_handle *h = b->cfg.cache == PL_CACHE_PER_THREAD ? b->per_thread[thread] : b->cached;
    if (!h)
        return 0;
    *packet_data = h->packet_data;
    *window = h->window;
    return 1;
}
