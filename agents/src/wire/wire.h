/* The arithmetic of an emulated wire (agents/link/perflab-link.c): when a packet leaves and arrives.
 * A frame occupies the wire for its bytes on the wire / rate, frames leave first-in first-out behind each other,
 * and each arrives one propagation delay after it left. Pure functions, so tests can check them exactly. */
#ifndef PL_WIRE_H
#define PL_WIRE_H
#include <stdint.h>

struct pl_wire_cfg {
    uint64_t rate_bps;       /* bits per second on the wire */
    uint64_t prop_ns;        /* propagation delay, one way */
    uint32_t overhead_bytes; /* added to the IP packet: Ethernet header 14 + FCS 4 + preamble 8 + gap 12 = 38 */
    uint32_t min_wire_bytes; /* a frame is never shorter on the wire: Ethernet 64 + preamble 8 + gap 12 = 84 */
    uint64_t limit_bytes;    /* drop-tail: at most this many bytes waiting to be sent */
};

/* one direction of the wire: when its last admitted frame finishes leaving */
struct pl_wire_dir {
    uint64_t last_departure_ns;
    uint64_t admitted, dropped;
};

/* Bytes a packet of ip_len bytes occupies on the wire. */
uint64_t pl_wire_bytes(const struct pl_wire_cfg *c, uint32_t ip_len);

/* Nanoseconds the wire needs to send that many bytes (rounded to the nearest ns). */
uint64_t pl_wire_serialize_ns(const struct pl_wire_cfg *c, uint64_t wire_bytes);

/* Bytes still waiting to leave at `now_ns` (the backlog ahead of a newly arriving packet). */
uint64_t pl_wire_backlog_bytes(const struct pl_wire_cfg *c, const struct pl_wire_dir *d, uint64_t now_ns);

/* A packet of ip_len bytes arrives at now_ns: returns 0 and its delivery time at the far end, or -1 when the
 * queue is full (drop-tail; the wire's state is unchanged). */
int pl_wire_admit(const struct pl_wire_cfg *c, struct pl_wire_dir *d, uint64_t now_ns, uint32_t ip_len,
                  uint64_t *deliver_ns);

#endif
