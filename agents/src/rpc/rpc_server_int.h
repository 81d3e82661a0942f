/* Inside the RPC server: what the transports' listeners (rpc_server.c for udp, rpc_tcp_server.c for tcp)
 * share. Not for other callers. */
#ifndef PL_RPC_SERVER_INT_H
#define PL_RPC_SERVER_INT_H
#include "rpc.h"

/* One received packet (n bytes in rx, header included): reassembly, handshake, dispatch, acks.
 * data: where its n - 80 data bytes are, NULL right after the header in rx (a request received in place, see
 * pl_rpc_server_req_place, has its data apart from its header: only for protection none or pkt, which seal
 * nothing but the header). from/fl: the udp sender; conn: the tcp connection it came on (-1 for udp). t0..t1:
 * the listener's wait; k_rx: the kernel's RX stamp of the packet (0 = none). Returns the clock read that ended
 * the packet's last step when nothing ran after it (the next packet's steps may start there), else 0. */
int64_t pl_rpc_server_on_packet(struct pl_rpc_server *s, uint8_t *rx, size_t n, const uint8_t *data,
                                const struct sockaddr_storage *from, socklen_t fl, int conn, int64_t t0, int64_t t1,
                                int64_t k_rx, uint8_t *tx);
/* tcp, listener only: where the next request of the call handle (binding, activity) may be received in place,
 * total data bytes at offset 0 on: its slot's request buffer, when the slot is idle (its last call done, so no
 * executor holds it; only the listener changes it from there) and already holds total bytes (reassembly then
 * grows nothing). NULL otherwise. Data received there is reassembled without a copy (on_request). */
uint8_t *pl_rpc_server_req_place(struct pl_rpc_server *s, uint32_t binding, uint32_t activity, uint32_t total);
/* A tcp connection is closing: no reply goes to its descriptor any more. */
void pl_rpc_server_conn_closed(struct pl_rpc_server *s, int conn);
/* The tcp listener thread: accepts connections, cuts each stream into packets by the header's len. */
void *pl_rpc_tcp_listener_main(void *arg);

#endif
