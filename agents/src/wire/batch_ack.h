/* The backend's answer to a trace batch POST (docs/protocol.md: 200 {"stored", "duplicate", "seq"}, 4xx
 * {"detail"}), parsed without side effects: what the uploaders (uploader.c, agent.c) do with the batch. */
#ifndef PL_BATCH_ACK_H
#define PL_BATCH_ACK_H
#include <stddef.h>

enum pl_ack_verdict {
    PL_ACK_STORED,   /* 200: acknowledged (stored now or before): remove the spool file */
    PL_ACK_REJECTED, /* 4xx but 401/408/429: the batch is malformed, retrying cannot help: move it aside */
    PL_ACK_RETRY,    /* no answer, 401 (enrol again), 408, 429, 5xx: keep it and try again later */
};

struct pl_batch_ack {
    enum pl_ack_verdict verdict;
    int stored, duplicate; /* the 200 body's flags (0 when absent) */
    long long seq;         /* the 200 body's seq, -1 when absent or not a whole number >= 0 */
    char detail[256];      /* a 4xx body's "detail" (FastAPI), else "" */
};

/* status 0: no HTTP answer. body may be NULL; it need not be NUL-terminated (len bytes). */
enum pl_ack_verdict pl_batch_ack_parse(long status, const char *body, size_t len, struct pl_batch_ack *ack);

#endif
