/* The tcp transport of the RPC runtime: stream framing, for the client (rpc_client.c) and the server's listener
 * (rpc_tcp_server.c) alike. */
#include "rpc_tcp.h"
#include "pl_clock.h"
#include "rpc_wire.h"
#include "le_bytes.h"

#include <errno.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <unistd.h>

size_t pl_rpc_tcp_frame_len(const uint8_t *p)
{
    uint32_t len = get32(p + PL_RPC_HDR_LEN);
    if (p[0] != (PL_RPC_MAGIC & 0xff) || len > PL_RPC_MAX_DATAGRAM - PL_RPC_HEADER_BYTES)
        return 0;
    return PL_RPC_HEADER_BYTES + len;
}

int pl_rpc_tcp_write(int fd, const uint8_t *buf, size_t len)
{
    int stalled = 0;
    while (len) {
        ssize_t n = send(fd, buf, len, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) && ++stalled < 100)
            continue; /* the peer reads slowly: give it 100 send timeouts, then the connection is gone */
        if (n <= 0)
            return -1;
        stalled = 0;
        buf += n;
        len -= (size_t)n;
    }
    return 0;
}

int pl_rpc_tcp_in_init(struct pl_rpc_tcp_in *in, size_t cap)
{
    in->at = in->fill = 0;
    in->cap = cap < PL_RPC_MAX_DATAGRAM ? PL_RPC_MAX_DATAGRAM : cap;
    in->buf = malloc(in->cap);
    return in->buf ? 0 : -1;
}

void pl_rpc_tcp_in_free(struct pl_rpc_tcp_in *in)
{
    free(in->buf);
    in->buf = NULL;
}

ssize_t pl_rpc_tcp_next(int fd, struct pl_rpc_tcp_in *in, uint8_t **pkt)
{
    int idle = 0;
    for (;;) {
        size_t avail = in->fill - in->at, frame = 0;
        if (avail >= PL_RPC_HEADER_BYTES) {
            frame = pl_rpc_tcp_frame_len(in->buf + in->at);
            if (!frame) {
                errno = EPROTO;
                return -1;
            }
            if (avail >= frame) {
                *pkt = in->buf + in->at;
                in->at += frame;
                return (ssize_t)frame;
            }
        }
        if (in->cap - in->at < (frame ? frame : PL_RPC_HEADER_BYTES) || avail == 0) {
            memmove(in->buf, in->buf + in->at, avail); /* room for the rest of this packet */
            in->at = 0;
            in->fill = avail;
        }
        ssize_t n = recv(fd, in->buf + in->fill, in->cap - in->fill, 0);
        if (n > 0) {
            in->fill += (size_t)n;
            idle = 0;
            continue;
        }
        if (pl_rpc_tcp_read_again(n, avail != 0, &idle) < 0)
            return -1;
    }
}

int pl_rpc_tcp_read_again(ssize_t n, int mid_packet, int *idle)
{
    if (n == 0) {
        errno = ECONNRESET;
        return -1;
    }
    if (errno == EINTR)
        return 1;
    if (errno != EAGAIN && errno != EWOULDBLOCK)
        return -1;
    if (!mid_packet)
        return -1; /* nothing of a new packet: the caller's timeout */
    if (++*idle < 100)
        return 1; /* a packet stalled half-way: give its sender 100 timeouts */
    errno = ETIMEDOUT;
    return -1;
}
