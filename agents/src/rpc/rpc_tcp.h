/* The RPC packets over TCP: each packet (80-byte header + len bytes of data, as over UDP) is written whole
 * to the stream, and a reader cuts the stream back into packets by the header's len field. */
#ifndef PL_RPC_TCP_H
#define PL_RPC_TCP_H
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define PL_RPC_LEN_OFFSET 28 /* where the header keeps len (rpc_wire.c) */

/* The frame length a header announces, or 0 if it cannot be a packet (the stream cannot be resynced). */
size_t pl_rpc_tcp_frame_len(const uint8_t *hdr);
/* Write all len bytes (blocking; 100 send timeouts in a row give up). 0, or -1 when the connection is gone. */
int pl_rpc_tcp_write(int fd, const uint8_t *buf, size_t len);
/* Read one packet into buf (cap >= PL_RPC_MAX_DATAGRAM). Its length; -1 with errno EAGAIN when nothing
 * arrived within the socket's receive timeout, -1 with another errno when the connection is closed or
 * the stream is malformed. Once a packet has begun it is read to its end. */
ssize_t pl_rpc_tcp_read(int fd, uint8_t *buf, size_t cap);

#endif
