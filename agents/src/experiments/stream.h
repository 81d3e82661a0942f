/* One-way streaming throughput (ECS paper, sockets): the client sends message_bytes messages
 * as fast as the transport takes them for duration_ms and records one trace record per interval
 * (t[0] start, t[3] end, bytes = bytes sent in it); the server counts what arrives and answers
 * its totals at the end, so loss (UDP) and the receiver's rate are known too.
 *
 * Wire protocol (docs/protocol.md "Stream"): hello "PLST" u32 version=1 u32 message_bytes
 * u32 0, answered "OKST". TCP: then the bytes, then the client shuts down its sending side and
 * the server answers the 32-byte totals "PLSR" u32 0 u64 bytes u64 messages u64 ns (first
 * byte to the end). UDP: datagrams of message_bytes, then the end datagram "PLST" u32 1
 * u32 0xFFFFFFFF u32 0xFFFFFFFF (resent every 100 ms until the totals come, at most 20 times). */
#ifndef PL_STREAM_H
#define PL_STREAM_H
#include <stdint.h>
#include "cancel.h"
#include "pingpong.h"
#include "trace.h"
#include "transport.h"

#define PL_STREAM_MAX_DURATION_S 3600
#define PL_STREAM_MIN_INTERVAL_MS 10
#define PL_STREAM_MAX_INTERVAL_MS 10000
#define PL_STREAM_MAX_RECORD_BYTES 2147483647ull /* an interval ends early at this many bytes */

struct pl_stream_params {
    const struct pl_transport *transport;
    uint32_t message_bytes, duration_ms, interval_ms;
};

struct pl_stream_result {
    uint64_t sent_bytes, sent_msgs;         /* what the sender handed to the kernel */
    uint64_t recv_bytes, recv_msgs;         /* what the receiver counted (0 if its totals were lost) */
    int64_t duration_ns, recv_duration_ns;  /* sender: first send -> last; receiver: first -> last byte */
    uint32_t intervals;
    int got_totals;
    int rc;
    char err[256];
};

/* Range-check raw values; err names the option (CLI or JSON style) and its range. */
int pl_stream_check(struct pl_stream_params *p, const char *transport, long long message_bytes,
                    long long duration_s, long long interval_ms, enum pl_names names, char *err,
                    size_t errlen);
/* Records the trace needs: one per interval, plus one for a short last interval. */
uint32_t pl_stream_intervals(const struct pl_stream_params *p);
/* Connect, stream, collect the receiver's totals. Records are published as intervals end. */
void pl_stream_client(const char *host, int port, const struct pl_stream_params *p,
                      struct pl_trace *tr, struct pl_cancel *cancel, struct pl_stream_result *res);

/* The receiving end: one bound/listening socket, sessions one after another. */
struct pl_sink {
    const struct pl_transport *transport;
    int fd, port;
    uint8_t *buf;
    struct pl_stream_result last; /* totals of the last session (recv_* fields) */
};
int pl_sink_open(struct pl_sink *s, const struct pl_transport *t, const char *bind_addr, int port,
                 char *err);
/* Serve one session. PL_OK at its normal end, PL_ERR_CANCELLED when woken by cancel. */
int pl_sink_session(struct pl_sink *s, struct pl_cancel *cancel, char *err);
void pl_sink_close(struct pl_sink *s);

#endif
