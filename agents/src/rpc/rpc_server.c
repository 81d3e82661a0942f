/* Server side of the RPC runtime: one listener thread receives every packet, reassembles requests,
 * answers ack requests and hands complete calls to a pool of executor threads (DCE's model, section 3.1.2
 * of Khandker et al. 1995); executors run the procedure and send the reply with the same flow control. */
#include "rpc.h"
#include "pl_clock.h"
#include "pl_error.h"
#include "rpc_gather.h"
#include "rpc_link.h"
#include "rpc_plan.h"
#include "rpc_server_int.h"
#include "rpc_tcp.h"
#include "ktstamp.h"

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { SLOT_FREE, SLOT_RECV, SLOT_QUEUED, SLOT_EXEC, SLOT_REPLY, SLOT_DONE };

struct pl_rpc_slot {
    pthread_mutex_t mu;
    pthread_cond_t cv; /* executor waits here for reply acks */
    int state, connected;
    uint32_t binding, activity, seq, call_no, arg, client_data;
    uint16_t thread;
    uint8_t prot, proc;
    struct sockaddr_storage addr;
    socklen_t addrlen;
    int conn; /* tcp: the connection the call came on (-1: gone, or udp) */
    uint8_t *req, *reply, nonce_s[16];
    uint32_t req_cap, req_got, req_total, reply_cap, reply_len, reply_acked, reply_reports;
    int64_t t_recv, t_send, t_enqueue, last_used;
    _Atomic int sending; /* an executor is still sending the reply from `reply` (zero-copy) after DONE */
    struct pl_rpc_srec rec; /* a traced call's steps while the listener receives it; execute() takes them on */
    struct pl_rpc_inj_call inj; /* the call's injection (inj.in NULL: none): set by the listener at its first
                                 * packet, taken on by execute() as rec is */
};

/* a call the server traces (else its steps are summed into `untraced`) */
static int traced(const struct pl_rpc_server *s, uint32_t call_no) { return s->recs && call_no < s->n_recs; }

static int grow(uint8_t **buf, uint32_t *cap, uint32_t need)
{
    if (need <= *cap)
        return 0;
    uint8_t *p = realloc(*buf, need);
    if (!p)
        return -1;
    *buf = p;
    *cap = need;
    return 0;
}

static void send_addr(struct pl_rpc_server *s, const struct sockaddr_storage *to, socklen_t tolen, int conn,
                      uint8_t *pkt, size_t len)
{
    if (s->cfg.transport == PL_RPC_TCP) { /* a stream loses nothing: the drop hook does not apply */
        if (conn < 0)
            return;
        if (s->link)
            pl_rpc_link_send(s->link, conn, NULL, 0, pkt, len);
        else
            pl_rpc_tcp_write(conn, pkt, len);
        return;
    }
    pl_rpc_host_packet(&s->host, s->cfg.host_packet_us);
    if (s->cfg.drop_every && atomic_fetch_add(&s->drops_sent, 1) % s->cfg.drop_every == s->cfg.drop_every - 1)
        return; /* test hook: lost on the wire */
    if (s->link)
        pl_rpc_link_send(s->link, s->fd, to, tolen, pkt, len);
    else
        sendto(s->fd, pkt, len, 0, (const struct sockaddr *)to, tolen);
}

/* send_addr for a zero-copy batch (rpc_gather.h): tcp writes it whole, udp holds one datagram */
static void send_gather(struct pl_rpc_server *s, const struct sockaddr_storage *to, socklen_t tolen, int conn,
                        struct pl_rpc_gather *g)
{
    if (s->cfg.transport == PL_RPC_TCP) {
        if (conn < 0)
            pl_rpc_gather_reset(g);
        else
            pl_rpc_gather_write(conn, g);
        return;
    }
    pl_rpc_host_packet(&s->host, s->cfg.host_packet_us);
    if (s->cfg.drop_every && atomic_fetch_add(&s->drops_sent, 1) % s->cfg.drop_every == s->cfg.drop_every - 1) {
        pl_rpc_gather_reset(g);
        return; /* test hook: lost on the wire */
    }
    pl_rpc_gather_send(s->fd, g, to, tolen);
}

static void send_to(struct pl_rpc_server *s, struct pl_rpc_slot *sl, uint8_t *pkt, size_t len)
{
    send_addr(s, &sl->addr, sl->addrlen, sl->conn, pkt, len);
}

/* a header-only packet (ACK, REJECT, handshake) back to the slot's client */
static void send_ctl(struct pl_rpc_server *s, struct pl_rpc_slot *sl, const struct pl_rpc_hdr *q, uint8_t ptype,
                     uint32_t offset, const uint8_t *data, uint32_t len)
{
    uint8_t pkt[PL_RPC_HEADER_BYTES + 32];
    struct pl_rpc_hdr h = {.ptype = ptype, .prot = q->prot, .activity = q->activity, .seq = q->seq,
                           .call_no = q->call_no, .offset = offset, .total = q->total, .len = len,
                           .max_data = s->cfg.pk.packet_data, .thread = q->thread, .binding = q->binding};
    pl_rpc_hdr_put(pkt, &h);
    if (len)
        memcpy(pkt + PL_RPC_HEADER_BYTES, data, len);
    if (ptype == PL_RPC_ACK)
        pl_rpc_seal(s->cfg.key, q->prot, pkt, PL_RPC_HEADER_BYTES);
    send_to(s, sl, pkt, PL_RPC_HEADER_BYTES + len);
}

static struct pl_rpc_slot *slot_find(struct pl_rpc_server *s, const struct pl_rpc_hdr *h, int create)
{
    struct pl_rpc_slot *victim = NULL;
    for (uint32_t i = 0; i < s->n_slots; i++) {
        struct pl_rpc_slot *sl = &s->slots[i];
        if (sl->state != SLOT_FREE && sl->binding == h->binding && sl->activity == h->activity)
            return sl;
        if (create && (sl->state == SLOT_FREE || sl->state == SLOT_DONE) && !atomic_load(&sl->sending) &&
            (!victim || victim->state != SLOT_FREE) &&
            (!victim || sl->state == SLOT_FREE || sl->last_used < victim->last_used))
            victim = sl;
    }
    if (!victim)
        return NULL;
    pthread_mutex_lock(&victim->mu);
    victim->state = SLOT_DONE;
    victim->binding = h->binding;
    victim->activity = h->activity;
    victim->seq = 0;
    victim->connected = 0;
    victim->reply_len = 0;
    pthread_mutex_unlock(&victim->mu);
    return victim;
}

/* resend a finished call's reply from `from` (its client lost some of it) */
static void resend_reply(struct pl_rpc_server *s, struct pl_rpc_slot *sl, uint32_t from, uint8_t *tx)
{
    uint32_t pd = sl->client_data;
    do {
        uint32_t len = sl->reply_len - from > pd ? pd : sl->reply_len - from;
        struct pl_rpc_hdr h = {.ptype = PL_RPC_RESPONSE, .prot = sl->prot, .proc = sl->proc,
                               .activity = sl->activity, .seq = sl->seq, .call_no = sl->call_no,
                               .offset = from, .len = len, .total = sl->reply_len,
                               .max_data = s->cfg.pk.packet_data, .thread = sl->thread, .binding = sl->binding,
                               .t_recv_ns = sl->t_recv, .t_send_ns = sl->t_send,
                               .flags = from + len == sl->reply_len ? PL_RPC_F_LAST : 0};
        pl_rpc_hdr_put(tx, &h);
        memcpy(tx + PL_RPC_HEADER_BYTES, sl->reply + from, len);
        pl_rpc_seal(s->cfg.key, sl->prot, tx, PL_RPC_HEADER_BYTES + len);
        send_to(s, sl, tx, PL_RPC_HEADER_BYTES + len);
        from += len;
    } while (from < sl->reply_len);
}

static void enqueue(struct pl_rpc_server *s, struct pl_rpc_slot *sl)
{
    pthread_mutex_lock(&s->q_mu);
    s->queue[(s->q_head + s->q_len++) % s->n_slots] = sl;
    pthread_cond_signal(&s->q_cv);
    pthread_mutex_unlock(&s->q_mu);
}

static int64_t execute(struct pl_rpc_server *s, struct pl_rpc_slot *sl, uint8_t *tx, int shared);

/* lock the slot for a state change only when another thread may look at it: an executor's call is also seen by
 * the listener (acks, the next request), but on the listener's own fast path nobody else touches the slot
 * (executors take only queued slots), so its state changes there need no lock round trip */
static inline void slot_lock(struct pl_rpc_slot *sl, int shared)
{
    if (shared)
        pthread_mutex_lock(&sl->mu);
}
static inline void slot_unlock(struct pl_rpc_slot *sl, int shared)
{
    if (shared)
        pthread_mutex_unlock(&sl->mu);
}

/* Returns the clock read that ended the packet's last step when nothing ran after it (a packet appended to the
 * request, the listener's next wait starts there), else 0 */
static int64_t on_request(struct pl_rpc_server *s, struct pl_rpc_slot *sl, struct pl_rpc_hdr *h, const uint8_t *data,
                          int64_t t0, int64_t t1, int64_t k_rx, uint8_t *tx)
{
    int64_t last = 0;
    struct pl_rpc_srec *r = traced(s, h->call_no) ? &sl->rec : &s->untraced;
    /* a further packet of the request being reassembled, or a new call on a slot whose last call is DONE: the
     * slot is the listener's alone (executors take only queued slots, and one that ran the last call let go of
     * it when it stored DONE, with release), so no lock round trip per packet (16 of a 64 KB call's 17) nor per
     * null call; a slot an executor may still hold is looked at under the lock */
    int st = __atomic_load_n(&sl->state, __ATOMIC_ACQUIRE);
    int shared = !((st == SLOT_RECV && h->seq == sl->seq) || st == SLOT_DONE);
    slot_lock(sl, shared);
    if (h->seq > sl->seq && sl->state != SLOT_QUEUED && sl->state != SLOT_EXEC && sl->state != SLOT_REPLY) {
        if (grow(&sl->req, &sl->req_cap, h->total ? h->total : 1) == 0) {
            sl->seq = h->seq, sl->call_no = h->call_no, sl->thread = h->thread, sl->prot = h->prot;
            sl->proc = h->proc, sl->arg = h->arg, sl->req_total = h->total, sl->req_got = 0;
            sl->client_data = h->max_data ? h->max_data : s->cfg.small_packet_data;
            if (sl->client_data > s->cfg.pk.packet_data)
                sl->client_data = s->cfg.pk.packet_data;
            sl->state = SLOT_RECV;
            sl->reply_len = 0;
            memset(&sl->rec, 0, sizeof sl->rec);
            sl->inj.in = NULL;
            if (s->cfg.inject) {
                pl_rpc_inject_server_call(s->cfg.inject, h->call_no, &sl->inj);
                if (PL_INJ_ON(sl->inj.in ? &sl->inj : NULL, SS_IDLE)) {
                    /* s.idle: planted after its first packet came in, before the listener goes on with it */
                    pl_rpc_inject_begin(&sl->inj);
                    pl_rpc_inject_end(&sl->inj);
                    t1 = pl_step_now();
                }
            }
            sl->t_recv = t1;
        }
    }
    if (h->seq != sl->seq) {
        slot_unlock(sl, shared);
        return 0; /* an old call's straggler, or a new one while the old is still running */
    }
    sl->last_used = t1;
    if (sl->state == SLOT_RECV) {
        struct pl_rpc_inj_call *ic = sl->inj.in ? &sl->inj : NULL;
        PL_INJ_BEGIN(ic, SS_RECEIVE);
        if (h->offset == sl->req_got && h->len <= sl->req_total - sl->req_got) {
            if (data != sl->req + sl->req_got) /* else received in place: the kernel's copy was the only one */
                memmove(sl->req + sl->req_got, data, h->len);
            sl->req_got += h->len;
        }
        PL_INJ_END(ic, SS_RECEIVE);
        int64_t t2 = pl_step_now();
        pl_rpc_probe(&r->s[SS_IDLE], t0, t1);
        pl_rpc_probe(&r->s[SS_RECEIVE], t1, t2);
        if (sl->req_got == sl->req_total && (h->flags & PL_RPC_F_LAST)) {
            if (k_rx && k_rx <= t1) { /* the request's last packet: kernel receive → listener has it */
                r->k_rx = k_rx;
                r->k_rx_ret = t1;
            }
            sl->state = SLOT_QUEUED;
            sl->t_enqueue = t2;
            slot_unlock(sl, shared);
            /* udp: a reply of more than one packet needs the listener free for its acks; tcp has none, and a
             * reply of up to 128 KB goes out in one write into the socket buffer (send_reply): only `work` (CPU
             * time) and larger echoes (a client slow to read would hold the listener) need an executor */
            int tcp_one_write = s->cfg.transport == PL_RPC_TCP && sl->req_total <= PL_RPC_TCP_STREAM_BYTES / 2;
            int quick = sl->proc != PL_PROC_WORK &&
                        (sl->proc != PL_PROC_ECHO || sl->req_total <= sl->client_data || tcp_one_write);
            /* serial: the listener runs the call only if the server is free (it must never wait for it: it
             * delivers the acks of the executor that holds it); execute() lets it go */
            if (quick && !s->cfg.always_dispatch &&
                (!ic || ic->in->kind != PL_INJECT_SERIAL || pl_rpc_inject_serial_try()))
                return execute(s, sl, tx, 0); /* no executor hand-off on the round trip */
            enqueue(s, sl);
            return 0;
        }
        last = t2;
        if ((h->flags & PL_RPC_F_ACKREQ) || h->offset != sl->req_got - h->len || (h->flags & PL_RPC_F_LAST)) {
            PL_INJ_BEGIN(ic, SS_ACK);
            send_ctl(s, sl, h, PL_RPC_ACK, sl->req_got, NULL, 0);
            PL_INJ_END(ic, SS_ACK);
            pl_rpc_probe(&r->s[SS_ACK], t2, last = pl_step_now());
        }
    } else if (sl->state == SLOT_DONE) {
        resend_reply(s, sl, 0, tx); /* the client never got the reply */
    } else if (sl->state != SLOT_REPLY) {
        send_ctl(s, sl, h, PL_RPC_ACK, sl->req_total, NULL, 0); /* working on it */
    }
    slot_unlock(sl, shared);
    return last;
}

static void on_handshake(struct pl_rpc_server *s, struct pl_rpc_slot *sl, struct pl_rpc_hdr *h, uint8_t *rx)
{
    uint8_t out[32];
    pthread_mutex_lock(&sl->mu);
    if (h->ptype == PL_RPC_CHALLENGE && h->len == 16) {
        pl_rpc_proof(s->cfg.key, 's', rx + PL_RPC_HEADER_BYTES, out);
        randombytes_buf(sl->nonce_s, 16);
        memcpy(out + 16, sl->nonce_s, 16);
        sl->connected = 0;
        send_ctl(s, sl, h, PL_RPC_CHALLENGE, 0, out, 32);
    } else if (h->ptype == PL_RPC_PROOF && h->len == 16) {
        pl_rpc_proof(s->cfg.key, 'c', sl->nonce_s, out);
        sl->connected = sodium_memcmp(out, rx + PL_RPC_HEADER_BYTES, 16) == 0;
        send_ctl(s, sl, h, sl->connected ? PL_RPC_PROOF : PL_RPC_REJECT, 0, NULL, 0);
    }
    pthread_mutex_unlock(&sl->mu);
}

static void reply_to(struct pl_rpc_slot *sl, const struct sockaddr_storage *from, socklen_t fl, int conn)
{
    /* only the listener writes where replies go, so it may read it unlocked: unchanged (every packet of a call
     * after its first) needs no lock: one lock round trip per packet fewer */
    if (sl->conn == conn && sl->addrlen == fl && (!from || memcmp(&sl->addr, from, fl) == 0))
        return;
    pthread_mutex_lock(&sl->mu);
    if (from)
        memcpy(&sl->addr, from, fl);
    sl->addrlen = fl;
    sl->conn = conn;
    pthread_mutex_unlock(&sl->mu);
}

/* the packet came from the slot's caller: its address (UDP) or its connection (TCP) */
static int from_caller(struct pl_rpc_slot *sl, const struct sockaddr_storage *from, socklen_t fl, int conn)
{
    pthread_mutex_lock(&sl->mu);
    int same = from ? sl->addrlen == fl && memcmp(&sl->addr, from, fl) == 0 : sl->conn == conn;
    pthread_mutex_unlock(&sl->mu);
    return same;
}

int64_t pl_rpc_server_on_packet(struct pl_rpc_server *s, uint8_t *rx, size_t n, const uint8_t *data,
                                const struct sockaddr_storage *from, socklen_t fl, int conn, int64_t t0, int64_t t1,
                                int64_t k_rx, uint8_t *tx)
{
    struct pl_rpc_hdr h;
    if (pl_rpc_hdr_parse(rx, n, &h) != 0 || !(s->allowed_prot & (1u << h.prot))) {
        atomic_fetch_add(&s->rejected_packets, 1);
        return 0;
    }
    int create = h.ptype == PL_RPC_REQUEST || h.ptype == PL_RPC_CHALLENGE;
    struct pl_rpc_slot *sl = slot_find(s, &h, create);
    if (!sl)
        return 0;
    if (h.ptype == PL_RPC_CHALLENGE) { /* the handshake answers whoever asks */
        reply_to(sl, from, fl, conn);
        on_handshake(s, sl, &h, rx);
        return 0;
    }
    if (h.ptype == PL_RPC_PROOF) {
        on_handshake(s, sl, &h, rx);
        return 0;
    }
    /* data apart from its header (received in place) cannot be checked or decrypted there: none is placed so */
    if ((data && h.prot > PL_PROT_PKT) || pl_rpc_open(s->cfg.key, h.prot, rx, n) != 0) {
        atomic_fetch_add(&s->rejected_packets, 1); /* tampered or forged: dropped */
        return 0;
    }
    if (h.prot >= PL_PROT_CONNECT && !sl->connected) {
        send_ctl(s, sl, &h, PL_RPC_REJECT, 0, NULL, 0);
        return 0;
    }
    if (h.ptype == PL_RPC_REQUEST) {
        /* replies go where the latest request came from, once it passed the checks above: a packet that did
         * not cannot point the slot's reply at another host */
        reply_to(sl, from, fl, conn);
        return on_request(s, sl, &h, data ? data : rx + PL_RPC_HEADER_BYTES, t0, t1, k_rx, tx);
    } else if (h.ptype == PL_RPC_ACK) {
        if (!from_caller(sl, from, fl, conn)) { /* an ACK from anyone else would make us resend the reply */
            atomic_fetch_add(&s->rejected_packets, 1);
            return 0;
        }
        pthread_mutex_lock(&sl->mu);
        if (h.seq == sl->seq && sl->state == SLOT_REPLY) {
            /* the client's latest report of how much of the reply it has, even if less than before:
             * it then lost something and the executor goes back to it */
            sl->reply_acked = h.offset;
            sl->reply_reports++;
            pthread_cond_signal(&sl->cv);
        } else if (h.seq == sl->seq && sl->state == SLOT_DONE && h.offset < sl->reply_len) {
            resend_reply(s, sl, h.offset, tx);
        }
        pthread_mutex_unlock(&sl->mu);
    }
    return 0;
}

uint8_t *pl_rpc_server_req_place(struct pl_rpc_server *s, uint32_t binding, uint32_t activity, uint32_t total)
{
    for (uint32_t i = 0; i < s->n_slots; i++) {
        struct pl_rpc_slot *sl = &s->slots[i];
        if (sl->state == SLOT_FREE || sl->binding != binding || sl->activity != activity)
            continue;
        pthread_mutex_lock(&sl->mu); /* DONE may have just been set by an executor */
        uint8_t *p = sl->state == SLOT_DONE && sl->req_cap >= total ? sl->req : NULL;
        pthread_mutex_unlock(&sl->mu);
        return p;
    }
    return NULL;
}

void pl_rpc_server_conn_closed(struct pl_rpc_server *s, int conn)
{
    for (uint32_t i = 0; i < s->n_slots; i++) {
        struct pl_rpc_slot *sl = &s->slots[i];
        pthread_mutex_lock(&sl->mu);
        if (sl->conn == conn)
            sl->conn = -1;
        pthread_mutex_unlock(&sl->mu);
    }
}

void *pl_rpc_udp_listener_main(void *arg)
{
    struct pl_rpc_server *s = arg;
    uint8_t *rx = malloc(PL_RPC_MAX_DATAGRAM), *tx = malloc(PL_RPC_MAX_DATAGRAM);
    int64_t last = 0; /* the clock read that ended the previous packet's last step, if nothing ran since */
    /* the receive has no timeout (a timed wait arms a kernel timer on every call's receive, which the raw
     * ping-pong's does not): pl_rpc_server_stop shuts the socket's receive side down to end it */
    while (rx && tx && !atomic_load(&s->stop)) {
        struct sockaddr_storage from;
        socklen_t fl = sizeof from;
        int64_t t0 = last ? last : pl_step_now(), k_rx = 0;
        last = 0;
        ssize_t n = s->kts ? pl_kts_recv(s->fd, rx, PL_RPC_MAX_DATAGRAM, 0, (struct sockaddr *)&from, &fl,
                                         s->rt_off, &k_rx)
                           : recvfrom(s->fd, rx, PL_RPC_MAX_DATAGRAM, 0, (struct sockaddr *)&from, &fl);
        int64_t t1 = pl_step_now();
        if (atomic_load_explicit(&s->stop, memory_order_relaxed))
            break; /* pl_rpc_server_stop shut the socket down: the receive returned 0 */
        if (n >= 0) /* the host's work on the packet: inside s.receive */
            pl_rpc_host_packet(&s->host, s->cfg.host_packet_us);
        if (n >= 0) /* else an interrupted receive: wait again */
            last = pl_rpc_server_on_packet(s, rx, (size_t)n, NULL, &from, fl, -1, t0, t1, k_rx, tx);
    }
    free(rx);
    free(tx);
    return NULL;
}

static void burn_us(uint32_t us)
{
    int64_t end = pl_now_ns() + (int64_t)us * 1000;
    while (pl_now_ns() < end)
        ;
}

/* send the reply with windowed flow control; acks arrive through the listener. t: the clock read that ended
 * the caller's last step (the first packet's step starts there, each next one where the one before ended).
 * Returns the clock read that ended its last step (the caller's next step starts there: one read fewer) */
static int64_t send_reply(struct pl_rpc_server *s, struct pl_rpc_slot *sl, struct pl_rpc_srec *r, uint8_t *tx,
                          int64_t t, int shared, struct pl_rpc_inj_call *ic)
{
    uint32_t window = s->cfg.window_initial, next = 0, acked = 0, timeouts = 0, pd = sl->client_data, seen = 0;
    struct sockaddr_storage to = sl->addr; /* the slot may be reused once the last packet is out */
    socklen_t tolen = sl->addrlen;
    int conn = sl->conn;
    /* tcp without link emulation: the packets are laid one after the other in tx (PL_RPC_TCP_STREAM_BYTES)
     * and written together, one send per 256 KB instead of one per packet */
    int batch = s->cfg.transport == PL_RPC_TCP && !s->link;
    size_t fill = 0;
    /* zero-copy (protection none or pkt: nothing sealed into the data; no link emulation, which queues
     * copies): headers in g, data sent from the reply buffer itself; tcp: up to 32 packets per sendmsg */
    int zc = sl->prot <= PL_PROT_PKT && !s->link;
    struct pl_rpc_gather g;
    pl_rpc_gather_reset(&g);
    const uint8_t *reply = sl->reply; /* read before the slot is DONE; `sending` keeps it from being reused */
    if (s->cfg.transport == PL_RPC_TCP)
        window = UINT32_MAX; /* TCP does the flow control: the whole reply goes out, no acks */
    for (;;) {
        while (next - acked < window && (next < sl->reply_len || (next == 0 && sl->reply_len == 0))) {
            uint32_t len = sl->reply_len - next > pd ? pd : sl->reply_len - next;
            uint8_t *pkt = zc ? pl_rpc_gather_hdr(&g) : tx + fill;
            int64_t a = t;
            PL_INJ_BEGIN(ic, SS_SENDMSG);
            if (!sl->t_send)
                sl->t_send = a;
            struct pl_rpc_hdr h = {.ptype = PL_RPC_RESPONSE, .prot = sl->prot, .proc = sl->proc,
                                   .activity = sl->activity, .seq = sl->seq, .call_no = sl->call_no,
                                   .offset = next, .len = len, .total = sl->reply_len,
                                   .max_data = s->cfg.pk.packet_data, .thread = sl->thread,
                                   .binding = sl->binding, .t_recv_ns = sl->t_recv, .t_send_ns = sl->t_send};
            h.flags = next + len == sl->reply_len ? PL_RPC_F_LAST
                                                  : (next + len - acked >= window ? PL_RPC_F_ACKREQ : 0);
            pl_rpc_hdr_put(pkt, &h);
            if (!zc)
                memcpy(pkt + PL_RPC_HEADER_BYTES, reply + next, len);
            pl_rpc_seal(s->cfg.key, sl->prot, pkt, PL_RPC_HEADER_BYTES + (zc ? 0 : len));
            int last = next + len >= sl->reply_len;
            if (last) {
                /* the client may start its next call on this handle as soon as this packet is out:
                 * the slot is the listener's again; the packet is in our own buffer (zero-copy: its data is
                 * still the slot's reply buffer, so the slot is not given to another caller until sent) */
                slot_lock(sl, shared);
                if (zc)
                    atomic_store(&sl->sending, 1);
                __atomic_store_n(&sl->state, SLOT_DONE, __ATOMIC_RELEASE); /* on_request takes it unlocked */
                slot_unlock(sl, shared);
            }
            if (zc) {
                if (pl_rpc_gather_add(&g, reply + next, len) || last || !batch)
                    send_gather(s, &to, tolen, conn, &g);
                if (last)
                    atomic_store(&sl->sending, 0);
            } else {
                fill += PL_RPC_HEADER_BYTES + len;
                if (!batch || last || PL_RPC_TCP_STREAM_BYTES - fill < PL_RPC_MAX_DATAGRAM) {
                    send_addr(s, &to, tolen, conn, tx, fill);
                    fill = 0;
                }
            }
            PL_INJ_END(ic, SS_SENDMSG);
            int64_t sent = t = pl_step_now();
            pl_rpc_probe(&r->s[SS_SENDMSG], a, sent);
            next += len;
            if (last)
                return sent; /* the client's next request (or its nack) acknowledges the last window */
        }
        int64_t w0 = pl_step_now();
        PL_INJ_BEGIN(ic, SS_REPLY_WAIT);
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        ts.tv_nsec += (long)s->cfg.rto_ms * 1000000L;
        ts.tv_sec += ts.tv_nsec / 1000000000L;
        ts.tv_nsec %= 1000000000L;
        pthread_mutex_lock(&sl->mu);
        int rc = 0;
        while (sl->reply_reports == seen && rc == 0 && !atomic_load(&s->stop))
            rc = pthread_cond_timedwait(&sl->cv, &sl->mu, &ts);
        uint32_t a = sl->reply_acked, got_report = sl->reply_reports != seen;
        seen = sl->reply_reports;
        pthread_mutex_unlock(&sl->mu);
        PL_INJ_END(ic, SS_REPLY_WAIT);
        pl_rpc_probe(&r->s[SS_REPLY_WAIT], w0, t = pl_step_now());
        if (got_report && a >= next) { /* everything sent so far arrived */
            acked = a;
            window = pl_rpc_window_after_ack(window, s->cfg.window_max);
            timeouts = 0;
        } else if (got_report && a <= sl->reply_len) { /* the client misses data from a on: go back */
            acked = next = a;
            window = s->cfg.window_initial;
        } else if (atomic_load(&s->stop) || ++timeouts > s->cfg.max_retries) {
            pthread_mutex_lock(&sl->mu);
            __atomic_store_n(&sl->state, SLOT_DONE, __ATOMIC_RELEASE);
            pthread_mutex_unlock(&sl->mu);
            return pl_step_now();
        } else {
            next = acked; /* go back to the last acknowledged byte */
            window = s->cfg.window_initial;
        }
    }
}

/* Run one call and send its reply: on an executor thread, or on the listener itself when the reply is one
 * packet and the procedure takes no time (the fast path; `always_dispatch` turns it off). Returns the clock read
 * that ended its last step (the listener's next wait starts there). shared: 0 on the fast path (slot_lock). */
static inline __attribute__((always_inline)) int64_t execute_steps(struct pl_rpc_server *s, struct pl_rpc_slot *sl,
                                                                  uint8_t *tx, int shared, struct pl_rpc_inj_call *ic)
{
    int serial = ic && ic->in->kind == PL_INJECT_SERIAL;
    if (serial && shared) /* (the listener's own calls took it already) the wait is in s.dispatch */
        pl_rpc_inject_serial_lock();
    PL_INJ_BEGIN(ic, SS_DISPATCH);
    PL_INJ_END(ic, SS_DISPATCH);
    int64_t t0 = pl_step_now();
    /* a traced call's steps go on in `hot`, which stays in cache, and into the trace when the call ends: probing
     * the trace's record itself missed the cache on its fresh lines (a null call's small steps summed 183 ns,
     * 113 in cache); the slot cannot hold them to the end, it is reused once DONE */
    uint32_t call_no = sl->call_no;
    struct pl_rpc_srec hot, *r = &s->untraced;
    if (traced(s, call_no)) {
        memcpy(&hot, &sl->rec, sizeof hot);
        r = &hot;
    }
    pl_rpc_probe(&r->s[SS_DISPATCH], sl->t_enqueue, t0);
    slot_lock(sl, shared);
    sl->state = SLOT_EXEC;
    slot_unlock(sl, shared);
    /* unmarshal: arguments are read in place from the reassembled request */
    PL_INJ_BEGIN(ic, SS_UNMARSHAL);
    const uint8_t *args = sl->req;
    uint32_t nargs = sl->req_got;
    PL_INJ_END(ic, SS_UNMARSHAL);
    int64_t t1 = pl_step_now();
    pl_rpc_probe(&r->s[SS_UNMARSHAL], t0, t1);
    volatile uint8_t x = 0;
    PL_INJ_BEGIN(ic, SS_SERVICE);
    switch (sl->proc) {
    case PL_PROC_SINK: /* accept the bytes: read each cache line once */
        for (uint32_t i = 0; i < nargs; i += 64)
            x ^= args[i];
        break;
    case PL_PROC_WORK: /* the argument comes from the packet: at most what a plan may ask (rpc_plan.h) */
        burn_us(sl->arg < PL_RPC_MAX_WORK_US ? sl->arg : PL_RPC_MAX_WORK_US);
        break;
    default: break;
    }
    PL_INJ_END(ic, SS_SERVICE);
    int64_t t2 = pl_step_now();
    pl_rpc_probe(&r->s[SS_SERVICE], t1, t2);
    PL_INJ_BEGIN(ic, SS_MARSHAL);
    uint32_t out = sl->proc == PL_PROC_ECHO ? nargs : 0;
    if (out) { /* echo: the arguments are the reply, so the two buffers trade places instead of a copy */
        uint8_t *p = sl->reply;
        uint32_t cap = sl->reply_cap;
        sl->reply = sl->req, sl->reply_cap = sl->req_cap;
        sl->req = p, sl->req_cap = cap;
    }
    sl->reply_len = grow(&sl->reply, &sl->reply_cap, 1) == 0 ? out : 0;
    sl->reply_acked = 0;
    sl->reply_reports = 0;
    sl->t_send = 0;
    slot_lock(sl, shared);
    sl->state = SLOT_REPLY;
    slot_unlock(sl, shared);
    PL_INJ_END(ic, SS_MARSHAL);
    int64_t t3 = pl_step_now();
    pl_rpc_probe(&r->s[SS_MARSHAL], t2, t3);
    int64_t t4 = send_reply(s, sl, r, tx, t3, shared, ic); /* leaves the slot DONE: do not touch it after this */
    PL_INJ_BEGIN(ic, SS_END);
    if (serial) /* the reply is out: the next call may run */
        pl_rpc_inject_serial_unlock();
    if (shared)
        atomic_fetch_add(&s->calls_served, 1);
    else
        s->served_on_listener++;
    PL_INJ_END(ic, SS_END);
    int64_t t5 = pl_step_now();
    pl_rpc_probe(&r->s[SS_END], t4, t5);
    if (r == &hot) { /* done last, with release: the uploader takes the record whole once it sees it */
        memcpy(&s->recs[call_no], &hot, sizeof hot);
        atomic_store_explicit(&s->recs[call_no].done, 1, memory_order_release);
    }
    return t5;
}

/* execute_steps twice, once with a NULL constant: a call of no inject point tests for none at its steps */
static int64_t execute(struct pl_rpc_server *s, struct pl_rpc_slot *sl, uint8_t *tx, int shared)
{
    if (__builtin_expect(sl->inj.in != NULL, 0)) {
        struct pl_rpc_inj_call inj = sl->inj; /* on this stack: the slot is the listener's once the reply is out */
        return execute_steps(s, sl, tx, shared, &inj);
    }
    return execute_steps(s, sl, tx, shared, NULL);
}

void *pl_rpc_server_executor_main(void *arg)
{
    struct pl_rpc_server *s = arg;
    uint8_t *tx = malloc(s->cfg.transport == PL_RPC_TCP ? PL_RPC_TCP_STREAM_BYTES : PL_RPC_MAX_DATAGRAM);
    for (;;) {
        pthread_mutex_lock(&s->q_mu);
        while (!s->q_len && !atomic_load(&s->stop))
            pthread_cond_wait(&s->q_cv, &s->q_mu);
        if (!s->q_len || !tx) {
            pthread_mutex_unlock(&s->q_mu);
            break;
        }
        struct pl_rpc_slot *sl = s->queue[s->q_head];
        s->q_head = (s->q_head + 1) % s->n_slots;
        s->q_len--;
        pthread_mutex_unlock(&s->q_mu);
        execute(s, sl, tx, 1);
    }
    free(tx);
    return NULL;
}

int pl_rpc_server_slots_init(struct pl_rpc_server *s, uint32_t n)
{
    s->n_slots = n;
    s->slots = calloc(n, sizeof *s->slots);
    s->queue = calloc(n, sizeof *s->queue);
    if (!s->slots || !s->queue) {
        free(s->slots);
        free(s->queue);
        return PL_ERR_NOMEM;
    }
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    for (uint32_t i = 0; i < n; i++) {
        pthread_mutex_init(&s->slots[i].mu, NULL);
        pthread_cond_init(&s->slots[i].cv, &ca);
    }
    pthread_condattr_destroy(&ca);
    return PL_OK;
}

void pl_rpc_server_slots_free(struct pl_rpc_server *s)
{
    for (uint32_t i = 0; i < s->n_slots; i++) {
        free(s->slots[i].req);
        free(s->slots[i].reply);
        pthread_mutex_destroy(&s->slots[i].mu);
        pthread_cond_destroy(&s->slots[i].cv);
    }
    free(s->slots);
    free(s->queue);
}
