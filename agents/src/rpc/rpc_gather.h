/* Packets written from where their data lies: each packet's 80-byte header is built in the batch, its data
 * stays in the caller's buffer and the kernel copies both in one sendmsg (no copy into a packet buffer first).
 * The zero-copy send path of both sides when nothing seals the data in place (protection none or pkt). */
#ifndef PL_RPC_GATHER_H
#define PL_RPC_GATHER_H
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include "rpc_wire.h"

/* 32 packets: a 64 KB call in 4016-byte packets (17) is one batch; IOV_MAX (1024) is far above */
#define PL_RPC_GATHER_PACKETS 32

struct pl_rpc_gather {
    uint8_t hdr[PL_RPC_GATHER_PACKETS][PL_RPC_HEADER_BYTES];
    struct iovec iov[2 * PL_RPC_GATHER_PACKETS];
    int n_pkts, n_iov;
};

static inline void pl_rpc_gather_reset(struct pl_rpc_gather *g) { g->n_pkts = g->n_iov = 0; }
/* where the next packet's header is built */
static inline uint8_t *pl_rpc_gather_hdr(struct pl_rpc_gather *g) { return g->hdr[g->n_pkts]; }
/* Add the packet whose header was built at pl_rpc_gather_hdr(), with len bytes of data at data (not copied:
 * it must stay unchanged until the batch is written). 1 when the batch is now full and must be written. */
int pl_rpc_gather_add(struct pl_rpc_gather *g, const uint8_t *data, size_t len);
/* Write the whole batch to a stream (partial writes resumed; pl_rpc_tcp_write's contract) and empty it.
 * 0, or -1 when the connection is gone. */
int pl_rpc_gather_write(int fd, struct pl_rpc_gather *g);
/* Send the batch's one packet as a datagram (to `to`, or the connected peer when NULL) and empty it.
 * 0, or -1 with errno. */
int pl_rpc_gather_send(int fd, struct pl_rpc_gather *g, const struct sockaddr_storage *to, socklen_t tolen);

#endif
