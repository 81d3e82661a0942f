/* The emulated wire's schedule (wire.h): FIFO serialisation, drop-tail limits, CoDel in virtual time, and the
 * delivery time once jitter is added. */
#include "wire.h"

#include <math.h>

enum { CALL_NONE, CALL_ENTER, CALL_LOOP };

uint64_t pl_wire_bytes(const struct pl_wire_cfg *c, uint32_t ip_len)
{
    uint64_t b = (uint64_t)ip_len + c->overhead_bytes;
    return b < c->min_wire_bytes ? c->min_wire_bytes : b;
}

uint64_t pl_wire_serialize_ns(const struct pl_wire_cfg *c, uint64_t wire_bytes)
{
    /* bits * 1e9 / rate: 64 KB at 1 bit/s still fits in 64 bits */
    return (wire_bytes * 8 * 1000000000ull + c->rate_bps / 2) / c->rate_bps;
}

uint64_t pl_wire_backlog_bytes(const struct pl_wire_cfg *c, const struct pl_wire_dir *d, uint64_t now_ns)
{
    if (d->last_departure_ns <= now_ns)
        return 0;
    /* in 128 bits: a long backlog at a high rate overflows ns * bits/s */
    return (uint64_t)((unsigned __int128)(d->last_departure_ns - now_ns) * c->rate_bps / 8 / 1000000000ull);
}

static void q_pop(struct pl_wire_dir *d)
{
    d->q_doomed_bytes -= d->q_doomed[d->q_head % PL_WIRE_QSLOTS];
    d->q_head++;
}

static void q_push(struct pl_wire_dir *d, uint64_t until_ns, uint32_t doomed_bytes)
{
    if (d->q_tail - d->q_head == PL_WIRE_QSLOTS)
        q_pop(d); /* a queue this long is undercounted rather than refused */
    d->q_until[d->q_tail % PL_WIRE_QSLOTS] = until_ns;
    d->q_doomed[d->q_tail % PL_WIRE_QSLOTS] = doomed_bytes;
    d->q_doomed_bytes += doomed_bytes;
    d->q_tail++;
}

void pl_wire_queue(const struct pl_wire_cfg *c, struct pl_wire_dir *d, uint64_t now_ns, uint64_t *bytes,
                   uint64_t *packets)
{
    while (d->q_tail != d->q_head && d->q_until[d->q_head % PL_WIRE_QSLOTS] <= now_ns)
        q_pop(d);
    *bytes = pl_wire_backlog_bytes(c, d, now_ns) + d->q_doomed_bytes;
    *packets = d->q_tail - d->q_head;
}

/* RFC 8289's dodequeue() for a packet that dequeues at now after `sojourn` in the queue: may CoDel drop it?
 * (Its "queue holds less than a packet" exemption is left out: packets behind this one are not known yet.) */
static int codel_ok_to_drop(const struct pl_wire_cfg *c, struct pl_codel *s, uint64_t now, uint64_t sojourn)
{
    if (sojourn < c->codel_target_ns) {
        s->first_above_ns = 0;
        return 0;
    }
    if (s->first_above_ns == 0) {
        s->first_above_ns = now + c->codel_interval_ns;
        return 0;
    }
    return now >= s->first_above_ns;
}

static uint64_t control_law(const struct pl_wire_cfg *c, uint64_t t, uint32_t count)
{
    return t + (uint64_t)llround((double)c->codel_interval_ns / sqrt((double)count));
}

/* RFC 8289's entry into the drop state after its first drop at now (Linux's reuse of the last count) */
static void codel_enter(const struct pl_wire_cfg *c, struct pl_codel *s, uint64_t now)
{
    uint32_t delta = s->count - s->lastcount;
    s->dropping = 1;
    s->count = 1;
    if (delta > 1 && (int64_t)(now - s->drop_next_ns) < (int64_t)(16 * c->codel_interval_ns))
        s->count = delta;
    s->drop_next_ns = control_law(c, now, s->count);
    s->lastcount = s->count;
}

/* RFC 8289's dequeue() for one packet that arrived at `arrival` and dequeues at `start`; `idle`: the wire went
 * idle with the queue empty before it arrived. Returns 1 when CoDel drops it. A drop ends with CoDel looking
 * at the next packet at once (in_call): that is the next packet admitted if it was in the queue by then. */
static int codel_drop(const struct pl_wire_cfg *c, struct pl_codel *s, uint64_t arrival, uint64_t start,
                      int idle)
{
    if (s->in_call && start > s->call_ns) { /* the queue was empty after that drop */
        if (s->in_call == CALL_ENTER)
            codel_enter(c, s, s->call_ns);
        else
            s->dropping = 0;
        s->first_above_ns = 0;
        s->in_call = CALL_NONE;
    }
    if (idle && !s->in_call) { /* a dequeue found the queue empty */
        s->dropping = 0;
        s->first_above_ns = 0;
    }
    int ok = codel_ok_to_drop(c, s, start, start - arrival);
    int call = s->in_call;
    s->in_call = CALL_NONE;
    if (call == CALL_ENTER) { /* the packet after the first drop is sent whatever its sojourn */
        codel_enter(c, s, start);
        return 0;
    }
    if (call == CALL_LOOP) {
        if (!ok)
            s->dropping = 0;
        else
            s->drop_next_ns = control_law(c, s->drop_next_ns, s->count);
    } else if (s->dropping && !ok) {
        s->dropping = 0;
    } else if (!s->dropping && ok) {
        s->in_call = CALL_ENTER;
        s->call_ns = start;
        return 1;
    }
    if (s->dropping && start >= s->drop_next_ns) {
        s->count++;
        s->in_call = CALL_LOOP;
        s->call_ns = start;
        return 1;
    }
    return 0;
}

static void note_max(struct pl_wire_dir *d, uint64_t bytes, uint64_t packets)
{
    if (bytes > d->max_queue_bytes)
        d->max_queue_bytes = bytes;
    if (packets > d->max_queue_packets)
        d->max_queue_packets = packets;
}

int pl_wire_admit(const struct pl_wire_cfg *c, struct pl_wire_dir *d, uint64_t now_ns, uint32_t ip_len,
                  uint64_t *deliver_ns)
{
    uint64_t bytes = pl_wire_bytes(c, ip_len), qbytes, qpackets;
    pl_wire_queue(c, d, now_ns, &qbytes, &qpackets);
    if (qbytes + bytes > c->limit_bytes || (c->limit_packets && qpackets >= c->limit_packets)) {
        d->dropped++;
        return PL_WIRE_DROP_QUEUE;
    }
    note_max(d, qbytes + bytes, qpackets + 1);
    /* an idle wire starts sending at once; a busy one when the frame ahead has left */
    int idle = d->last_departure_ns < now_ns && qpackets == 0;
    uint64_t start = d->last_departure_ns > now_ns ? d->last_departure_ns : now_ns;
    if (c->aqm == PL_AQM_CODEL && codel_drop(c, &d->codel, now_ns, start, idle)) {
        q_push(d, start, (uint32_t)bytes); /* it waits in the queue until its dequeue, then is gone */
        d->dropped_codel++;
        return PL_WIRE_DROP_CODEL;
    }
    d->last_departure_ns = start + pl_wire_serialize_ns(c, bytes);
    q_push(d, d->last_departure_ns, 0);
    d->admitted++;
    *deliver_ns = d->last_departure_ns + c->prop_ns;
    return PL_WIRE_SENT;
}

uint64_t pl_wire_deliver(const struct pl_wire_cfg *c, struct pl_wire_dir *d, uint64_t deliver_ns,
                         int64_t jitter_ns)
{
    uint64_t departure = deliver_ns - c->prop_ns, at = deliver_ns + (uint64_t)jitter_ns;
    if (jitter_ns < 0 && (uint64_t)-jitter_ns > c->prop_ns)
        at = departure; /* the delay is never negative */
    if (!c->reorder && at < d->last_deliver_ns)
        at = d->last_deliver_ns;
    if (at > d->last_deliver_ns)
        d->last_deliver_ns = at;
    return at;
}
