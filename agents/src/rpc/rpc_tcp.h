/* The RPC packets over TCP: each packet (80-byte header + len bytes of data, as over UDP) is written whole
 * to the stream, and a reader cuts the stream back into packets by the header's len field. */
#ifndef PL_RPC_TCP_H
#define PL_RPC_TCP_H
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* The frame length a header announces, or 0 if it cannot be a packet (the stream cannot be resynced). */
size_t pl_rpc_tcp_frame_len(const uint8_t *hdr);
/* Write all len bytes (blocking; 100 send timeouts in a row give up). 0, or -1 when the connection is gone. */
int pl_rpc_tcp_write(int fd, const uint8_t *buf, size_t len);

/* Buffer of one side's stream: a whole 64 KB call (17 packets with their headers) goes out in one send and
 * comes in with one or two recv, where per-packet send/recv cost a syscall and, on one CPU, a wake-up of
 * the peer per 4 KB packet. At least PL_RPC_MAX_DATAGRAM, so any one packet fits after compaction. */
#define PL_RPC_TCP_STREAM_BYTES (256u * 1024u)

/* What a reader holds of its stream: packets at buf[at..fill), the one last returned before `at`. */
struct pl_rpc_tcp_in {
    uint8_t *buf;
    size_t at, fill, cap;
};
int pl_rpc_tcp_in_init(struct pl_rpc_tcp_in *in, size_t cap); /* 0, or -1 out of memory */
void pl_rpc_tcp_in_free(struct pl_rpc_tcp_in *in);
/* The next packet of the stream: its length, *pkt pointing at it in in->buf (valid until the next call).
 * Reads only when the buffer holds no whole packet, then as much as the stream has. -1 with errno EAGAIN when
 * nothing of a new packet arrived within the socket's receive timeout, -1 with another errno when the
 * connection is closed or the stream is malformed. Once a packet has begun it is read to its end. */
ssize_t pl_rpc_tcp_next(int fd, struct pl_rpc_tcp_in *in, uint8_t **pkt);
/* What a stream read that returned n <= 0 means, for pl_rpc_tcp_next and its placed twin: 1 read again
 * (interrupted, or a packet stalled half-way, up to 100 receive timeouts counted in *idle), -1 give up with
 * errno set: ECONNRESET (closed), ETIMEDOUT (a packet stalled too long), EAGAIN (nothing of a new packet
 * within the receive timeout, mid_packet 0: the caller's timeout) or the socket's own error. */
int pl_rpc_tcp_read_again(ssize_t n, int mid_packet, int *idle);

#endif
