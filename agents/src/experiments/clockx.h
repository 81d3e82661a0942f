/* Clock exchange between the two agents of a ping-pong run, NTP style, over the experiment
 * connection: PL_CLOCKX_ROUNDS rounds after the hello (before warm-up) and again after the last
 * call. Round: the client sends the 16-byte "PLCX" u32 round u64 0 at t1 (its clock); the server
 * reads it at t2 and answers at t3 (its clock) "PLCX" u32 round i64 t2 i64 t3 u64 0 (32 bytes),
 * read by the client at t4. Offset server - client = ((t2 - t1) + (t3 - t4)) / 2 within half
 * the round's delay (t4 - t1) - (t3 - t2); the backend fits offset and drift from both phases.
 *
 * Negotiated by hello version 2. TCP: the end phase is announced by one request of
 * request_bytes starting with "PLCXEND!" (so only when request_bytes >= 8), which the server does
 * not answer as a call. UDP: exchange datagrams are recognised by their magic and size, a lost
 * round is skipped after 200 ms. */
#ifndef PL_CLOCKX_H
#define PL_CLOCKX_H
#include <stddef.h>
#include <stdint.h>
#include "transport.h"

#define PL_CLOCKX_REQ_BYTES 16
#define PL_CLOCKX_REP_BYTES 32
#define PL_CLOCKX_END_MARK "PLCXEND!"

struct cJSON;

/* Process-wide switch, as for kernel timestamps: the daemon turns it on. */
void pl_clockx_set_wanted(int on);
int pl_clockx_wanted(void);

/* Client: run one phase (0 start, 1 end) of rounds on an open connection; fills c->xchg. TCP
 * end phase sends the end mark first. Returns the rounds answered. */
int pl_clockx_client(struct pl_conn *c, int udp, int phase);

/* Server: is this a clock exchange request? Then answer it (t2 = when it was read). */
int pl_clockx_is_request(const uint8_t *buf, size_t len);
void pl_clockx_answer(int fd, const uint8_t *req, int64_t t2, const void *to, unsigned tolen);
/* TCP server: read and answer PL_CLOCKX_ROUNDS rounds. 0 ok. */
int pl_clockx_serve_tcp(int fd);

/* {"start": [[t1, t2, t3, t4], ...], "end": [...]} of the answered rounds (NULL if none). */
struct cJSON *pl_clockx_json(const struct pl_conn *c);

#endif
