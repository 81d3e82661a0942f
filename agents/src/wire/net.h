/* Socket helpers in the style of redis anet.c: each takes an error buffer,
 * returns a fd (or PL_NET_OK) on success and PL_NET_ERR with err filled in on failure. */
#ifndef PL_NET_H
#define PL_NET_H
#include <stddef.h>
#include <stdint.h>

#define PL_NET_OK 0
#define PL_NET_ERR -1
#define PL_NET_ERR_LEN 256

/* TCP client socket connected to host:port, TCP_NODELAY set. */
int pl_net_tcp_connect(char *err, const char *host, int port);
/* Listening TCP socket on bind_addr:port (port 0 = ephemeral). */
int pl_net_tcp_listen(char *err, const char *bind_addr, int port, int backlog);
/* accept() one connection, TCP_NODELAY set; EINTR is returned as an error too. */
int pl_net_tcp_accept(char *err, int listen_fd, char *peer, size_t peer_len);
int pl_net_tcp_nodelay(char *err, int fd);

/* UDP socket bound to bind_addr:port. */
int pl_net_udp_bind(char *err, const char *bind_addr, int port);
/* UDP socket connect()ed to host:port so ICMP errors come back as ECONNREFUSED. */
int pl_net_udp_connect(char *err, const char *host, int port);

int pl_net_set_rcvtimeo(char *err, int fd, int ms);
/* Port the socket is bound to (to report an ephemeral port). */
int pl_net_local_port(char *err, int fd);

/* TCP_INFO's tcpi_total_retrans of a TCP socket (segments the kernel retransmitted on it since it was opened):
 * PL_NET_OK with *out, or PL_NET_ERR (not a TCP socket, no TCP_INFO). One getsockopt: read it outside the
 * timed steps. */
int pl_net_tcp_total_retrans(int fd, uint32_t *out);
/* A call's retransmissions for its call record (docs/protocol.md, offset 34): after - before of two
 * tcpi_total_retrans reads, modulo 2^32 (the counter wraps), saturated at 65535. */
static inline uint16_t pl_net_retrans_delta(uint32_t before, uint32_t after)
{
    uint32_t d = after - before;
    return d > 65535u ? 65535u : (uint16_t)d;
}

/* Whole-buffer helpers for the unmeasured parts (hello). */
int pl_net_write_all(int fd, const void *buf, size_t len);
int pl_net_read_all(int fd, void *buf, size_t len);

/* Parse "HOST:PORT" (last colon splits; [v6]:port accepted). */
int pl_net_split_hostport(char *err, const char *s, char *host, size_t host_len, int *port);

static inline void pl_put_u32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); p[2] = (uint8_t)(v >> 16); p[3] = (uint8_t)(v >> 24);
}
static inline uint32_t pl_get_u32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

#endif
