#include "wire.h"

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

int pl_wire_admit(const struct pl_wire_cfg *c, struct pl_wire_dir *d, uint64_t now_ns, uint32_t ip_len,
                  uint64_t *deliver_ns)
{
    uint64_t bytes = pl_wire_bytes(c, ip_len);
    if (pl_wire_backlog_bytes(c, d, now_ns) + bytes > c->limit_bytes) {
        d->dropped++;
        return -1;
    }
    /* an idle wire starts sending at once; a busy one when the frame ahead has left */
    uint64_t start = d->last_departure_ns > now_ns ? d->last_departure_ns : now_ns;
    d->last_departure_ns = start + pl_wire_serialize_ns(c, bytes);
    d->admitted++;
    *deliver_ns = d->last_departure_ns + c->prop_ns;
    return 0;
}
