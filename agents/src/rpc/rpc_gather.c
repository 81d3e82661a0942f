/* Packets written from where their data lies (rpc_gather.h): one sendmsg of headers and data in place. */
#include "rpc_gather.h"

#include <errno.h>
#include <string.h>

int pl_rpc_gather_add(struct pl_rpc_gather *g, const uint8_t *data, size_t len)
{
    g->iov[g->n_iov++] = (struct iovec){.iov_base = g->hdr[g->n_pkts], .iov_len = PL_RPC_HEADER_BYTES};
    if (len)
        g->iov[g->n_iov++] = (struct iovec){.iov_base = (void *)data, .iov_len = len};
    return ++g->n_pkts == PL_RPC_GATHER_PACKETS;
}

int pl_rpc_gather_write(int fd, struct pl_rpc_gather *g)
{
    struct iovec *iov = g->iov;
    int n = g->n_iov, stalled = 0;
    pl_rpc_gather_reset(g);
    while (n > 0) {
        struct msghdr m = {.msg_iov = iov, .msg_iovlen = (size_t)n};
        ssize_t w = sendmsg(fd, &m, MSG_NOSIGNAL);
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) && ++stalled < 100)
            continue; /* the peer reads slowly: 100 send timeouts, as pl_rpc_tcp_write */
        if (w <= 0)
            return -1;
        stalled = 0;
        size_t left = (size_t)w; /* skip what went out; resume inside a partly written entry */
        while (n > 0 && left >= iov->iov_len) {
            left -= iov->iov_len;
            iov++, n--;
        }
        if (n > 0) {
            iov->iov_base = (uint8_t *)iov->iov_base + left;
            iov->iov_len -= left;
        }
    }
    return 0;
}

int pl_rpc_gather_send(int fd, struct pl_rpc_gather *g, const struct sockaddr_storage *to, socklen_t tolen)
{
    struct msghdr m = {.msg_name = (void *)to, .msg_namelen = to ? tolen : 0, .msg_iov = g->iov,
                       .msg_iovlen = (size_t)g->n_iov};
    int one = g->n_iov == 1;
    pl_rpc_gather_reset(g);
    if (one) /* a header alone (null call, ack): sendto, which spares the kernel reading an iovec array */
        return sendto(fd, g->iov[0].iov_base, g->iov[0].iov_len, 0, (const struct sockaddr *)to, to ? tolen : 0) < 0
                   ? -1 : 0;
    return sendmsg(fd, &m, 0) < 0 ? -1 : 0;
}
