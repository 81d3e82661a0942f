/* Link emulation: the network of the 1995 papers on today's loopback. Packets a side sends wait in a
 * queue for their serialisation time at `mbps` behind the packets before them, plus a fixed one-way
 * `delay_us` (controller and wire), then a sender thread hands them to the kernel. Off unless configured. */
#ifndef PL_RPC_LINK_H
#define PL_RPC_LINK_H
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

struct pl_rpc_link;

struct pl_rpc_link *pl_rpc_link_new(uint32_t mbps, uint32_t delay_us, uint32_t max_packet);
void pl_rpc_link_free(struct pl_rpc_link *l);
/* Queue a copy of pkt for fd (to `to`, or the connected peer when NULL). -1: queue full, packet lost. */
int pl_rpc_link_send(struct pl_rpc_link *l, int fd, const struct sockaddr_storage *to, socklen_t tolen,
                     const uint8_t *pkt, size_t len);
/* Wait until every queued packet is on the wire (before closing a socket). */
void pl_rpc_link_drain(struct pl_rpc_link *l);
/* Serialisation time of len bytes of UDP payload at mbps (UDP + IP headers included). */
int64_t pl_rpc_link_tx_ns(uint32_t mbps, size_t len);

#endif
