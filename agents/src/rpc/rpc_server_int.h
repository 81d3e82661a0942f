/* Inside the RPC server: what its per-packet handling (rpc_server.c) offers the transports' listeners (udp in
 * rpc_server.c, tcp in rpc_tcp_server.c) and its start (rpc_server_run.c). Not for other callers. */
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
/* The listener threads (arg: the server): udp receives datagrams (rpc_server.c); tcp accepts connections and
 * cuts each stream into packets by the header's len (rpc_tcp_server.c). */
void *pl_rpc_udp_listener_main(void *arg);
void *pl_rpc_tcp_listener_main(void *arg);
/* An executor thread (arg: the server): runs the queued calls until the server stops. */
void *pl_rpc_server_executor_main(void *arg);
/* The server's n call slots and their queue: PL_OK or PL_ERR_NOMEM (nothing left allocated); freed once every
 * thread has stopped. */
int pl_rpc_server_slots_init(struct pl_rpc_server *s, uint32_t n);
void pl_rpc_server_slots_free(struct pl_rpc_server *s);

#endif
