/* The emulated wire's schedule: serialisation on an idle wire, FIFO behind a busy one, drop-tail. */
#include "check.h"
#include "wire.h"

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
    return check_result("t_wire");
}
