/* Ping-pong transports behind a struct of function pointers (iperf style):
 * transport_tcp.c and transport_udp.c each fill one. */
#ifndef PL_TRANSPORT_H
#define PL_TRANSPORT_H
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include "cancel.h"
#include "trace.h"

#define PL_HELLO_BYTES 16
#define PL_HELLO_MAGIC "PLPP"
#define PL_HELLO_OK "OKPP"
#define PL_PP_VERSION 1
#define PL_PP_VERSION_CLOCKX 2 /* hello version 2: clock exchange at start and end (clockx.h) */
#define PL_CLOCKX_ROUNDS 8
#define PL_TCP_MAX_BYTES 1048576u
#define PL_UDP_MAX_BYTES 65507u /* one datagram */
#define PL_UDP_MAX_MSG 131072u  /* a UDP message; above one datagram it is split (transport_udp.c) */

struct pl_conn { /* client end of a session */
    int fd;
    uint32_t request_bytes, response_bytes;
    uint8_t *sbuf, *rbuf;
    int last_errno; /* errno of the failing call, for the failure reason */
    int silent;     /* the peer stopped answering (TCP reply timeout): nothing more is asked of it */
    int kts;        /* kernel timestamps on this socket (ktstamp.h) */
    int64_t rt_off; /* CLOCK_REALTIME - CLOCK_MONOTONIC when it was opened */
    uint32_t tcp_retrans; /* tcp: tcpi_total_retrans after the last call (or the hello): a call's record gets the
                           * increase across it (pl_net_retrans_delta) */
    /* clock exchange (clockx.h): [phase 0 start / 1 end][round] = t1 t2 t3 t4, 0 = lost */
    int clockx;
    int64_t xchg[2][PL_CLOCKX_ROUNDS][4];
};

struct pl_server {
    int fd; /* listening (tcp) or bound (udp) socket */
    int port;
    uint8_t *rbuf, *sbuf;
    /* filled by server_session for logging */
    char peer[96];
    uint32_t request_bytes, response_bytes, requests;
    int kts;        /* kernel timestamps on session sockets (ktstamp.h) */
    int64_t rt_off;
};

struct pl_transport {
    const char *name;
    uint32_t max_bytes;
    /* connect, send the hello, wait for "OKPP"; err gets "connect HOST:PORT: <reason>" */
    int (*client_open)(struct pl_conn *c, const char *host, int port, uint32_t request_bytes,
                       uint32_t response_bytes, struct pl_cancel *cancel, char *err);
    /* One measured call, fills rec->t[]. PL_OK, PL_ERR_TIMEOUT (flag and go on) or fatal. */
    int (*client_call)(struct pl_conn *c, uint32_t call_no, struct pl_trace_rec *rec);
    void (*client_close)(struct pl_conn *c, struct pl_cancel *cancel);
    /* bind (port 0 = ephemeral; s->port gets the real one) */
    int (*server_open)(struct pl_server *s, const char *bind_addr, int port, char *err);
    /* Serve one session; records into tr (may be NULL) from its completed count on.
     * Returns PL_OK at the normal end of the session, PL_ERR_CANCELLED when woken by cancel. */
    int (*server_session)(struct pl_server *s, struct pl_trace *tr, struct pl_cancel *cancel,
                          char *err);
    void (*server_close)(struct pl_server *s);
};

extern const struct pl_transport pl_transport_tcp;
extern int pl_tcp_reply_timeout_ms; /* a TCP client call without a reply for this long fails: PL_ERR_PEER_SILENT */
/* 1: a message's first recv spins on MSG_DONTWAIT instead of sleeping in the kernel (CLI --busy-poll): no
 * wake-up on the path, which across CPUs of a VM costs tens of µs; the client still gives up after
 * pl_tcp_reply_timeout_ms */
extern int pl_tcp_busy_poll;
extern const struct pl_transport pl_transport_udp;

/* shared by both transports */
void pl_hello_encode(uint8_t out[PL_HELLO_BYTES], uint32_t request_bytes, uint32_t response_bytes);
/* The same with version 2 when clock exchange is on (pl_clockx_wanted). */
void pl_hello_encode_v(uint8_t out[PL_HELLO_BYTES], uint32_t version, uint32_t request_bytes,
                       uint32_t response_bytes);
/* 0 ok, -1 not a hello (versions 1 and 2 are); *end set when it is the UDP end-of-session
 * datagram. pl_hello_version: the version of a decoded hello. */
static inline uint32_t pl_hello_version(const uint8_t *in)
{
    return (uint32_t)in[4] | (uint32_t)in[5] << 8 | (uint32_t)in[6] << 16 | (uint32_t)in[7] << 24;
}
int pl_hello_decode(const uint8_t *in, size_t len, uint32_t *request_bytes, uint32_t *response_bytes,
                    int *end);
/* malloc + touch every page: no page faults on the measured path */
uint8_t *pl_alloc_touched(size_t len);

/* Client open/close steps both transports share. pl_conn_prepare: zero c, note the
 * sizes, allocate sbuf (request_bytes) and rbuf (rbuf_len); PL_ERR_NOMEM with err set. */
int pl_conn_prepare(struct pl_conn *c, uint32_t request_bytes, uint32_t response_bytes,
                    size_t rbuf_len, char *err);
/* Take the result of a connect (fd < 0: nerr says why) and register it with cancel.
 * PL_ERR_UNREACHABLE / PL_ERR_CANCELLED with err set; the caller then closes c. */
int pl_conn_attach(struct pl_conn *c, int fd, const char *nerr, struct pl_cancel *cancel,
                   char *err);
/* Unregister and close the socket, free the buffers; safe on a half-opened c. */
void pl_conn_release(struct pl_conn *c, struct pl_cancel *cancel);
/* Server side: accept a session's connection on listen_fd and register it with cancel. The fd, or -1 with *rc
 * PL_ERR_CANCELLED (the job was stopped while waiting) or PL_ERR_SOCKET (err says why). */
int pl_accept_session(int listen_fd, char *peer, size_t peerlen, struct pl_cancel *cancel, char *err, int *rc);
/* Server side, after a UDP recvfrom that returned n (errno as it left it): 1 when a datagram came, 0 to receive
 * again (a signal, or the ICMP error of an earlier send), -1 with *rc PL_ERR_CANCELLED (the job was stopped) or
 * PL_ERR_IO (err, of PL_NET_ERR_LEN bytes, says why). */
int pl_udp_received(ssize_t n, struct pl_cancel *cancel, char *err, int *rc);

/* Server side: allocate both buffers of len bytes (PL_ERR_NOMEM with err set), and the
 * reverse, closing s->fd if open. Binding stays with each transport. */
int pl_server_prepare(struct pl_server *s, size_t len, char *err);
void pl_server_release(struct pl_server *s);
/* Turn kernel timestamps on for fd when pl_kts_active(); sets *kts and *rt_off. */
void pl_transport_kts(int fd, int *kts, int64_t *rt_off);

#endif
