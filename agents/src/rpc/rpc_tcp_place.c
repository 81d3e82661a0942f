/* Reading a reply's packets over TCP straight into place (rpc_tcp_place.h). */
#include "rpc_tcp_place.h"

#include <errno.h>
#include <string.h>
#include <sys/socket.h>

/* where packet k starts in the plan's byte stream: every packet before it is planned full */
static size_t start_of(const struct pl_rpc_tcp_place *pl, int k)
{
    return (size_t)k * PL_RPC_HEADER_BYTES + (k ? (size_t)k * pl->len[0] : 0);
}

/* the plan's bytes [from, to) as iovecs: out has room for 2 per packet; returns how many */
static int iov_range(struct pl_rpc_tcp_place *pl, size_t from, size_t to, struct iovec *out)
{
    int n = 0;
    for (int k = 0; k < pl->n && from < to; k++) {
        size_t s = start_of(pl, k);
        struct { uint8_t *p; size_t at, len; } part[2] = {{pl->hdr[k], s, PL_RPC_HEADER_BYTES},
                                                            {pl->data[k], s + PL_RPC_HEADER_BYTES, pl->len[k]}};
        for (int j = 0; j < 2; j++) {
            size_t a = part[j].at, e = a + part[j].len;
            if (e <= from || a >= to || part[j].len == 0)
                continue;
            size_t lo = from > a ? from : a, hi = to < e ? to : e;
            out[n++] = (struct iovec){.iov_base = part[j].p + (lo - a), .iov_len = hi - lo};
        }
    }
    return n;
}

/* the plan's received bytes from `from` on go to the (empty) stream buffer; the plan ends */
static void spill(struct pl_rpc_tcp_in *in, struct pl_rpc_tcp_place *pl, size_t from)
{
    struct iovec iov[2 * PL_RPC_PLACE_PACKETS];
    int n = from < pl->got ? iov_range(pl, from, pl->got, iov) : 0;
    size_t fill = in->fill - in->at;
    memmove(in->buf, in->buf + in->at, fill);
    in->at = 0;
    for (int i = 0; i < n && fill + iov[i].iov_len <= in->cap; i++) {
        memcpy(in->buf + fill, iov[i].iov_base, iov[i].iov_len);
        fill += iov[i].iov_len;
    }
    in->fill = fill;
    pl_rpc_tcp_place_init(pl);
}

void pl_rpc_tcp_place_end(struct pl_rpc_tcp_in *in, struct pl_rpc_tcp_place *pl)
{
    if (pl->n)
        spill(in, pl, pl->next < pl->n ? start_of(pl, pl->next) : pl->got);
}

ssize_t pl_rpc_tcp_next_placed(int fd, struct pl_rpc_tcp_in *in, struct pl_rpc_tcp_place *pl, uint8_t *dst,
                               size_t cap, uint32_t pd, uint8_t **pkt, uint8_t **data)
{
    if (!pl->n && (in->fill > in->at || !pd || !cap || pd > PL_RPC_MAX_DATAGRAM - PL_RPC_HEADER_BYTES)) {
        ssize_t n = pl_rpc_tcp_next(fd, in, pkt);
        *data = n > 0 ? *pkt + PL_RPC_HEADER_BYTES : NULL;
        return n;
    }
    if (!pl->n) { /* plan full packets of pd bytes over dst, no more than the stream buffer takes back */
        for (size_t off = 0; pl->n < PL_RPC_PLACE_PACKETS && off < cap; off += pd, pl->n++) {
            size_t len = cap - off < pd ? cap - off : pd;
            if ((size_t)pl->n * (PL_RPC_HEADER_BYTES + pd) + PL_RPC_HEADER_BYTES + len > in->cap)
                break;
            pl->data[pl->n] = dst + off;
            pl->len[pl->n] = (uint32_t)len;
        }
        pl->next = 0, pl->got = 0;
        if (!pl->n) {
            ssize_t n = pl_rpc_tcp_next(fd, in, pkt);
            *data = n > 0 ? *pkt + PL_RPC_HEADER_BYTES : NULL;
            return n;
        }
    }
    size_t plan_end = start_of(pl, pl->n - 1) + PL_RPC_HEADER_BYTES + pl->len[pl->n - 1];
    int idle = 0;
    for (;;) {
        int k = pl->next;
        size_t s = start_of(pl, k), to = plan_end;
        if (pl->got >= s + PL_RPC_HEADER_BYTES) { /* its header is in: does the packet fit the plan? */
            size_t frame = pl_rpc_tcp_frame_len(pl->hdr[k]);
            if (!frame) {
                errno = EPROTO;
                return -1;
            }
            size_t plen = frame - PL_RPC_HEADER_BYTES;
            if (plen > pl->len[k]) { /* larger than planned: read on from the stream buffer */
                spill(in, pl, s);
                ssize_t n = pl_rpc_tcp_next(fd, in, pkt);
                *data = n > 0 ? *pkt + PL_RPC_HEADER_BYTES : NULL;
                return n;
            }
            size_t end = s + frame; /* a shorter packet ends the plan once it is in */
            if (plen < pl->len[k])
                to = end; /* read no further than its end: what follows it is not planned */
            if (pl->got >= end) {
                *pkt = pl->hdr[k];
                *data = pl->data[k];
                pl->next++;
                if (plen < pl->len[k] || pl->next == pl->n) {
                    /* its data stays where it landed; what came after it goes to the buffer */
                    spill(in, pl, end);
                }
                return (ssize_t)frame;
            }
        }
        /* read on: to the plan's end, or to this packet's end when it is a short one */
        struct iovec iov[2 * PL_RPC_PLACE_PACKETS];
        int niov = iov_range(pl, pl->got, to, iov);
        struct msghdr m = {.msg_iov = iov, .msg_iovlen = (size_t)niov};
        ssize_t n = recvmsg(fd, &m, 0);
        if (n > 0) {
            pl->got += (size_t)n;
            idle = 0;
            continue;
        }
        if (pl_rpc_tcp_read_again(n, pl->got != s, &idle) > 0)
            continue;
        if (k == 0 && pl->got == s && (errno == EAGAIN || errno == EWOULDBLOCK))
            pl_rpc_tcp_place_init(pl); /* nothing received: the next call plans afresh */
        return -1;
    }
}
