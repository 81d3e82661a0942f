/* Control flows (ECS paper, section 2): N threads or N processes in the client, each on its
 * own TCP connection, doing ping-pong request/response calls at the same time, against a
 * server that serves every connection in its own thread. The wire protocol per connection is
 * the TCP ping-pong's (docs/protocol.md), so the server is a concurrent ping-pong server.
 *
 * Trace layout: record i*N + f is call i of flow f (its call_no), so flow = call_no mod N.
 * The trace lives in MAP_SHARED memory: processes write their records into it directly. A flow
 * counts its calls in shared memory; the parent publishes the prefix all flows have filled.
 * Connections are opened by the parent before the threads start or the processes fork, so a
 * child only makes system calls and reads the clock (safe after fork in a threaded daemon). */
#ifndef PL_FLOWS_H
#define PL_FLOWS_H
#include <stdint.h>
#include "cancel.h"
#include "pingpong.h"
#include "trace.h"

#define PL_FLOWS_MAX 10

struct pl_flows_params {
    int processes; /* 0: threads */
    uint32_t flows;
    struct pl_params pp; /* tcp, sizes, calls and warm-up calls per flow */
};

struct pl_flows_result {
    uint32_t done;   /* records filled (all flows) */
    uint32_t errors; /* error-flagged records, including calls a failed flow never made */
    uint32_t flows_failed;
    int rc;
    char err[256];
};

/* Range-check; err names the option (CLI or JSON style) and its range. tcp only. */
int pl_flows_check(struct pl_flows_params *p, const char *mode, long long flows,
                   const char *transport, long long request_bytes, long long response_bytes,
                   long long calls, long long warmup, enum pl_names names, char *err,
                   size_t errlen);
/* A client trace of flows*(calls+warmup) records in shared memory; free with pl_flows_trace_free. */
int pl_flows_trace_init(struct pl_trace *tr, const struct pl_flows_params *p);
void pl_flows_trace_free(struct pl_trace *tr);
/* Open N connections, run the flows, publish as they go; every record published at the end
 * (those a failed flow never made carry the error flag). */
void pl_flows_client(const char *host, int port, const struct pl_flows_params *p,
                     struct pl_trace *tr, struct pl_cancel *cancel, struct pl_flows_result *res);

/* Concurrent TCP ping-pong server on a listening socket: a thread per connection, until
 * cancel fires. Returns the number of sessions served. */
int pl_flows_serve(int listen_fd, struct pl_cancel *cancel);

#endif
