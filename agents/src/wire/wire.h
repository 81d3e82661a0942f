/* The arithmetic of an emulated wire (agents/link/perflab-link.c): when a packet leaves and arrives.
 * A frame occupies the wire for its bytes on the wire / rate, frames leave first-in first-out behind each other,
 * and each arrives one propagation delay after it left. Drop-tail limits (bytes, packets) act on arrival; CoDel
 * (RFC 8289) acts at dequeue, run in virtual time at admission since a FIFO's dequeue times are known then.
 * Pure functions, so tests can check them exactly. */
#ifndef PL_WIRE_H
#define PL_WIRE_H
#include <stdint.h>

enum pl_aqm { PL_AQM_DROP_TAIL = 0, PL_AQM_CODEL = 1 };

/* what pl_wire_admit did with a packet */
enum { PL_WIRE_SENT = 0, PL_WIRE_DROP_QUEUE = -1, PL_WIRE_DROP_CODEL = -2 };

/* packets the queue count follows exactly; a longer queue is undercounted (the link holds 1024 per direction) */
#define PL_WIRE_QSLOTS 4096

struct pl_wire_cfg {
    uint64_t rate_bps;       /* bits per second on the wire */
    uint64_t prop_ns;        /* propagation delay, one way */
    uint32_t overhead_bytes; /* added to the IP packet: Ethernet header 14 + FCS 4 + preamble 8 + gap 12 = 38 */
    uint32_t min_wire_bytes; /* a frame is never shorter on the wire: Ethernet 64 + preamble 8 + gap 12 = 84 */
    uint64_t limit_bytes;    /* drop-tail: at most this many bytes waiting to be sent */
    uint64_t limit_packets;  /* drop-tail: at most this many packets waiting or being sent; 0: no limit */
    enum pl_aqm aqm;
    uint64_t codel_target_ns, codel_interval_ns; /* RFC 8289's TARGET and INTERVAL (5 ms, 100 ms) */
    int reorder;             /* jitter may let a packet overtake one sent before it */
};

/* RFC 8289's state, plus where its dequeue loop stands after a drop (the next packet is looked at at once) */
struct pl_codel {
    int dropping;
    uint64_t first_above_ns, drop_next_ns;
    uint32_t count, lastcount;
    int in_call;      /* 0, or the branch that dropped the last packet: 1 entering drop state, 2 its loop */
    uint64_t call_ns; /* when that drop happened */
};

/* one direction of the wire: when its last admitted frame finishes leaving */
struct pl_wire_dir {
    uint64_t last_departure_ns;
    uint64_t admitted, dropped;  /* dropped: by the drop-tail limits */
    uint64_t dropped_codel;
    uint64_t last_deliver_ns;    /* without reorder no packet is delivered before this */
    uint64_t max_queue_bytes, max_queue_packets;
    struct pl_codel codel;
    /* the packets in the queue, oldest first: when each leaves it (a sent one: the end of its transmission; one
     * CoDel drops: its dequeue time, with its bytes, which the wire's backlog does not hold) */
    unsigned q_head, q_tail;
    uint64_t q_doomed_bytes;
    uint64_t q_until[PL_WIRE_QSLOTS];
    uint32_t q_doomed[PL_WIRE_QSLOTS];
};

/* Bytes a packet of ip_len bytes occupies on the wire. */
uint64_t pl_wire_bytes(const struct pl_wire_cfg *c, uint32_t ip_len);

/* Nanoseconds the wire needs to send that many bytes (rounded to the nearest ns). */
uint64_t pl_wire_serialize_ns(const struct pl_wire_cfg *c, uint64_t wire_bytes);

/* Bytes still waiting to leave at `now_ns` (the backlog ahead of a newly arriving packet). */
uint64_t pl_wire_backlog_bytes(const struct pl_wire_cfg *c, const struct pl_wire_dir *d, uint64_t now_ns);

/* The queue at now_ns: the backlog plus the bytes of packets CoDel will drop, and the packets waiting or being
 * sent. Forgets what has left by now_ns, so now_ns must not go back. */
void pl_wire_queue(const struct pl_wire_cfg *c, struct pl_wire_dir *d, uint64_t now_ns, uint64_t *bytes,
                   uint64_t *packets);

/* A packet of ip_len bytes arrives at now_ns: returns PL_WIRE_SENT (0) and its delivery time at the far end
 * (departure + propagation), PL_WIRE_DROP_QUEUE (-1) when the queue is full (drop-tail; the wire's state is
 * unchanged) or PL_WIRE_DROP_CODEL (-2) when CoDel drops it at its dequeue (it never uses the wire). */
int pl_wire_admit(const struct pl_wire_cfg *c, struct pl_wire_dir *d, uint64_t now_ns, uint32_t ip_len,
                  uint64_t *deliver_ns);

/* The delivery time of a sent packet with jitter_ns added to pl_wire_admit's deliver_ns: never before its
 * departure, and without cfg.reorder never before the packet delivered before it. */
uint64_t pl_wire_deliver(const struct pl_wire_cfg *c, struct pl_wire_dir *d, uint64_t deliver_ns,
                         int64_t jitter_ns);

#endif
