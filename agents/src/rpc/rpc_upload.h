/* Trace batches (version 2) of an RPC job: call records with the caller thread and the server's
 * timestamps, and one step row per step that happened. Each batch is spooled before it is POSTed. */
#ifndef PL_RPC_UPLOAD_H
#define PL_RPC_UPLOAD_H
#include "agent.h"
#include "rpc.h"

struct pl_rpc_uploader {
    struct pl_agent *agent;
    uint64_t job_id;
    uint32_t seq, batches, rejected, kept;
    uint8_t *buf;
};

int pl_rpc_uploader_init(struct pl_rpc_uploader *u, struct pl_agent *a, uint64_t job_id);
void pl_rpc_uploader_free(struct pl_rpc_uploader *u);
/* Client: the done records of recs[0..n); last marks the job's final batch. */
void pl_rpc_upload_client(struct pl_rpc_uploader *u, const struct pl_rpc_crec *recs, uint32_t n, int last);
/* Server: the done records of recs[0..n) (indexed by call_no), then the final batch. */
void pl_rpc_upload_server(struct pl_rpc_uploader *u, const struct pl_rpc_srec *recs, uint32_t n);
/* Server, while the job runs (every ~200 ms) and once at its end: the records of recs[0..n) done since the
 * last time (sent[i] marks what went; *low: below it everything went), in batches; last: end with the job's
 * final batch, even if empty. Returns the number of records uploaded. */
uint32_t pl_rpc_upload_server_done(struct pl_rpc_uploader *u, const struct pl_rpc_srec *recs, uint8_t *sent,
                                   uint32_t n, uint32_t *low, int last);

/* Encoders, also for the tests: return the batch size written into buf. */
size_t pl_rpc_encode_client(uint8_t *buf, uint64_t job_id, uint32_t seq, const struct pl_rpc_crec *recs,
                            uint32_t n, int last);
size_t pl_rpc_encode_server(uint8_t *buf, uint64_t job_id, uint32_t seq, const struct pl_rpc_srec *recs,
                            uint32_t from, uint32_t n, int last);

#define PL_RPC_CALLS_PER_BATCH 10000u /* a call's steps and kernel points: under the batch's step limit */

#endif
