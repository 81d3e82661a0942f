/* Reading a reply's packets over TCP straight into place: the stream is received with one recvmsg into a
 * planned layout (packet k's header into a scratch header, its data into the caller's reply buffer at the
 * offset it will have), so the reply's data is copied once, by the kernel, instead of into the stream buffer
 * first and then into the reply. Every header is still checked; a packet that does not fit the plan (a shorter
 * last packet, another size) ends it, and whatever was received past its end goes back to the stream buffer
 * (pl_rpc_tcp_next reads on from there): the plan is a guess that costs nothing when wrong but a copy. */
#ifndef PL_RPC_TCP_PLACE_H
#define PL_RPC_TCP_PLACE_H
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/uio.h>
#include "rpc_tcp.h"
#include "rpc_wire.h"

#define PL_RPC_PLACE_PACKETS 64 /* a plan covers at most this many packets (64 x 4016 = 251 KB) */

struct pl_rpc_tcp_place {
    uint8_t hdr[PL_RPC_PLACE_PACKETS][PL_RPC_HEADER_BYTES];
    uint8_t *data[PL_RPC_PLACE_PACKETS]; /* where packet k's data goes */
    uint32_t len[PL_RPC_PLACE_PACKETS];  /* its planned data length */
    int n, next;                         /* packets planned (0: no plan), the next one to hand out */
    size_t got;                          /* bytes of the plan received, in stream order */
};

static inline void pl_rpc_tcp_place_init(struct pl_rpc_tcp_place *pl) { pl->n = pl->next = 0, pl->got = 0; }
/* The next packet of the stream, as pl_rpc_tcp_next, with its header at *pkt and its data at *data. When
 * nothing is buffered in `in`, the packets to come are planned as full packets of pd data bytes laid at
 * dst[0..cap) and received in place (*data then points into dst); else, or when pd or cap is 0, it is
 * pl_rpc_tcp_next (*data = *pkt + header). Same return and errno contract as pl_rpc_tcp_next. */
ssize_t pl_rpc_tcp_next_placed(int fd, struct pl_rpc_tcp_in *in, struct pl_rpc_tcp_place *pl, uint8_t *dst,
                               size_t cap, uint32_t pd, uint8_t **pkt, uint8_t **data);
/* End the plan: bytes received past the last packet handed out go back to `in`, in stream order. */
void pl_rpc_tcp_place_end(struct pl_rpc_tcp_in *in, struct pl_rpc_tcp_place *pl);

#endif
