/* The emulated wire's schedule: serialisation on an idle wire, FIFO behind a busy one, drop-tail (bytes and
 * packets), CoDel at dequeue in virtual time, and delivery with jitter (in order unless reordering). */
#include "check.h"
#include "impair.h"
#include "wire.h"

#include <stdlib.h>

static const struct pl_wire_cfg eth10 = {
    .rate_bps = 10000000, .prop_ns = 5000, .overhead_bytes = 38, .min_wire_bytes = 84, .limit_bytes = 3 * 1538};

int main(void)
{
    /* a full 1500-byte IP packet is 1538 bytes on the wire: 1230.4 us at 10 Mbit/s (0.8 us per byte) */
    CHECK(pl_wire_bytes(&eth10, 1500) == 1538, "got %lu", (unsigned long)pl_wire_bytes(&eth10, 1500));
    CHECK(pl_wire_serialize_ns(&eth10, 1538) == 1230400, "got %lu",
          (unsigned long)pl_wire_serialize_ns(&eth10, 1538));
    /* a 28-byte IP packet (empty UDP) is padded to Ethernet's 64-byte minimum */
    CHECK(pl_wire_bytes(&eth10, 28) == 84, "min frame");

    struct pl_wire_dir d = {0};
    uint64_t t0 = 1000000000ull, at;
    /* a lone frame on an idle wire: its serialisation plus propagation, never at once */
    CHECK(pl_wire_admit(&eth10, &d, t0, 1500, &at) == 0 && at == t0 + 1230400 + 5000, "lone at %lu",
          (unsigned long)(at - t0));

    /* after 50 ms idle the wire is free again: the same delay */
    uint64_t t1 = t0 + 50000000ull;
    CHECK(pl_wire_backlog_bytes(&eth10, &d, t1) == 0, "idle backlog");
    CHECK(pl_wire_admit(&eth10, &d, t1, 1500, &at) == 0 && at == t1 + 1230400 + 5000, "idle again");

    /* three frames offered together queue FIFO: the third arrives after three serialisations + propagation */
    d = (struct pl_wire_dir){0};
    uint64_t a1, a2, a3;
    CHECK(pl_wire_admit(&eth10, &d, t0, 1500, &a1) == 0, "1st");
    CHECK(pl_wire_admit(&eth10, &d, t0 + 10000, 1500, &a2) == 0, "2nd");
    CHECK(pl_wire_admit(&eth10, &d, t0 + 20000, 1500, &a3) == 0, "3rd");
    CHECK(a2 - a1 == 1230400 && a3 - a2 == 1230400, "spacing %lu %lu", (unsigned long)(a2 - a1),
          (unsigned long)(a3 - a2));
    CHECK(a3 == t0 + 3 * 1230400 + 5000, "third at %lu", (unsigned long)(a3 - t0));

    /* the backlog seen by a 4th frame at t0 + 20 us: almost three frames; it does not fit (limit 3 frames) */
    uint64_t back = pl_wire_backlog_bytes(&eth10, &d, t0 + 20000);
    CHECK(back == 3 * 1538 - 25, "backlog %lu", (unsigned long)back); /* 20 us = 25 bytes already sent */
    uint64_t before = d.last_departure_ns;
    CHECK(pl_wire_admit(&eth10, &d, t0 + 20000, 1500, &at) == -1 && d.dropped == 1, "drop-tail");
    CHECK(d.last_departure_ns == before, "a drop leaves the schedule alone");
    /* once the first frame has left there is room again, and the newcomer waits behind the other two */
    CHECK(pl_wire_admit(&eth10, &d, t0 + 1230400, 1500, &at) == 0 && at == t0 + 4 * 1230400 + 5000, "room");

    /* a frame that arrives after the wire went idle starts at its arrival, not at the old departure */
    d = (struct pl_wire_dir){0};
    pl_wire_admit(&eth10, &d, t0, 100, &a1);
    CHECK(pl_wire_admit(&eth10, &d, t0 + 1000000, 100, &a2) == 0 && a2 == t0 + 1000000 + 110400 + 5000,
          "idle restart at %lu", (unsigned long)(a2 - t0));

    /* 1 Gbit/s: 12.304 us per full frame; a large backlog does not overflow */
    struct pl_wire_cfg g = eth10;
    g.rate_bps = 1000000000ull;
    g.limit_bytes = 1ull << 40;
    CHECK(pl_wire_serialize_ns(&g, 1538) == 12304, "1g");
    d = (struct pl_wire_dir){.last_departure_ns = t0 + 3600ull * 1000000000ull};
    CHECK(pl_wire_backlog_bytes(&g, &d, t0) == 450000000000ull, "hour of backlog %lu",
          (unsigned long)pl_wire_backlog_bytes(&g, &d, t0));

    /* 1 kbit/s, the slowest rate the link takes: 64 KB still serialises without overflow (524.584 s) */
    g.rate_bps = 1000;
    CHECK(pl_wire_serialize_ns(&g, 65535 + 38) == 524584000000ull, "1k %lu",
          (unsigned long)pl_wire_serialize_ns(&g, 65535 + 38));

    /* a packet limit of 2: one being sent and one waiting; a third is dropped, a fourth fits once one left */
    struct pl_wire_cfg lp = eth10;
    lp.limit_bytes = 1 << 30;
    lp.limit_packets = 2;
    static struct pl_wire_dir q;
    uint64_t qb, qp;
    CHECK(pl_wire_admit(&lp, &q, t0, 1500, &a1) == 0 && pl_wire_admit(&lp, &q, t0 + 1000, 1500, &a2) == 0, "2 in");
    pl_wire_queue(&lp, &q, t0 + 2000, &qb, &qp);
    CHECK(qp == 2 && qb == 2 * 1538 - 3, "queue %lu pkts %lu bytes", (unsigned long)qp, (unsigned long)qb);
    CHECK(pl_wire_admit(&lp, &q, t0 + 2000, 1500, &at) == PL_WIRE_DROP_QUEUE && q.dropped == 1, "3rd dropped");
    CHECK(pl_wire_admit(&lp, &q, t0 + 1230400, 1500, &at) == 0 && at == t0 + 3 * 1230400 + 5000, "room at %lu",
          (unsigned long)(at - t0));
    CHECK(q.max_queue_packets == 2, "max %lu", (unsigned long)q.max_queue_packets);
    pl_wire_queue(&lp, &q, t0 + 3 * 1230400, &qb, &qp);
    CHECK(qp == 0 && qb == 0, "drained");

    /* CoDel (5 ms, 100 ms) on a wire sending 1 ms frames (1212 + 38 bytes at 10 Mbit/s) offered one every 0.5 ms.
     * Packet k dequeues at k ms after k * 0.5 ms: sojourn reaches 5 ms at k = 10 (10 ms), so the first drop is
     * of the packet dequeuing at 10 + 100 = 110 ms, k = 110. Then the drop state: the next drops are at
     * 210 ms, then 100/sqrt(2), 100/sqrt(3), 100/sqrt(4), 100/sqrt(5) ms apart (280.710678, 338.445705,
     * 388.445705, 433.167065 ms); after n drops packet k dequeues at k - n ms, so the first at or after each
     * of those times is k = 211, 283, 342, 393, 439. A dropped packet does not use the wire. */
    struct pl_wire_cfg cd = eth10;
    cd.limit_bytes = 1 << 30;
    cd.aqm = PL_AQM_CODEL;
    cd.codel_target_ns = 5000000;
    cd.codel_interval_ns = 100000000;
    static struct pl_wire_dir c;
    static const int want[] = {110, 211, 283, 342, 393, 439};
    int ndrop = 0, order_ok = 1;
    uint64_t at111 = 0;
    for (int k = 0; k < 450; k++) {
        int r = pl_wire_admit(&cd, &c, t0 + (uint64_t)k * 500000, 1212, &at);
        if (r == PL_WIRE_DROP_CODEL) {
            if (ndrop >= 6 || want[ndrop] != k)
                order_ok = 0, fprintf(stderr, "CoDel dropped k=%d\n", k);
            ndrop++;
        } else if (k == 111) {
            at111 = at;
        }
    }
    CHECK(order_ok && ndrop == 6 && c.dropped_codel == 6 && c.admitted == 444, "CoDel drops %d", ndrop);
    CHECK(at111 == t0 + 111000000 + 5000, "after a drop the next starts at once: %lu", (unsigned long)(at111 - t0));
    /* six drops so far; the next one due 100/sqrt(6) ms after the last due time */
    CHECK(c.codel.count == 6 && c.codel.drop_next_ns == t0 + 433167065 + 40824829,
          "count %u next %lu", c.codel.count, (unsigned long)(c.codel.drop_next_ns - t0));

    /* the same load below the rate (one frame every 1.2 ms): no queue, no CoDel drop */
    c = (struct pl_wire_dir){0};
    for (int k = 0; k < 1000; k++)
        pl_wire_admit(&cd, &c, t0 + (uint64_t)k * 1200000, 1212, &at);
    CHECK(c.dropped_codel == 0 && c.admitted == 1000, "CoDel idle %lu", (unsigned long)c.dropped_codel);

    /* drop-tail comes before CoDel: a queue beyond its limit drops the newcomer on arrival */
    cd.limit_bytes = 3 * 1250;
    c = (struct pl_wire_dir){0};
    for (int k = 0; k < 4; k++)
        pl_wire_admit(&cd, &c, t0, 1212, &at);
    CHECK(c.dropped == 1 && c.dropped_codel == 0, "tail before CoDel");

    /* jitter without reorder: deliveries never go back; a delay is never negative */
    struct pl_wire_cfg jc = eth10;
    jc.limit_bytes = 1 << 30;
    struct pl_rng rng;
    pl_rng_seed(&rng, 42, 0);
    static struct pl_wire_dir w;
    uint64_t prev = 0;
    int mono = 1, early = 0, overtakes = 0;
    for (int k = 0; k < 20000; k++) {
        uint64_t arr = t0 + (uint64_t)k * 2000000, dep;
        pl_wire_admit(&jc, &w, arr, 100, &at);
        dep = at - jc.prop_ns;
        at = pl_wire_deliver(&jc, &w, at, pl_jitter_draw(&rng, PL_JITTER_NORMAL, 3000000, NULL));
        mono &= at >= prev;
        early |= at < dep;
        prev = at;
    }
    CHECK(mono && !early, "in order %d, never before departure %d", mono, !early);
    CHECK(pl_wire_deliver(&jc, &w, w.last_deliver_ns + 10, -1000000) == w.last_deliver_ns, "held behind");

    /* with reorder packets overtake (3 ms sd against 2 ms spacing), still never before their departure */
    jc.reorder = 1;
    w = (struct pl_wire_dir){0};
    prev = 0;
    early = 0;
    for (int k = 0; k < 20000; k++) {
        pl_wire_admit(&jc, &w, t0 + (uint64_t)k * 2000000, 100, &at);
        uint64_t dep = at - jc.prop_ns;
        at = pl_wire_deliver(&jc, &w, at, pl_jitter_draw(&rng, PL_JITTER_NORMAL, 3000000, NULL));
        overtakes += at < prev;
        early |= at < dep;
        prev = at;
    }
    CHECK(overtakes > 1000 && !early, "overtakes %d", overtakes);
    CHECK(pl_wire_deliver(&jc, &w, t0 + 5000 + 100, -(int64_t)1000000) == t0 + 100, "clamped at departure");
    return check_result("t_wire");
}
