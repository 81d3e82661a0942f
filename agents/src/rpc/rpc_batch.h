/* The records of an RPC job as trace batches (version 2) for the job's pl_uploader: the client's calls (caller
 * thread, point, the server's receive and send times) with their steps and kernel points, the server's steps.
 * Each side is a struct pl_upload_source that hands over the records completed since it was last asked. */
#ifndef PL_RPC_BATCH_H
#define PL_RPC_BATCH_H
#include <pthread.h>
#include "rpc.h"
#include "rpc_load.h"
#include "uploader.h"

#define PL_RPC_CALLS_PER_BATCH 10000u /* a call's steps and kernel points: under the batch's step limit */

/* Client. recs is the job's whole trace, indexed by call number. A record is read only once it was published:
 * in the running round through its thread's done_by_thread count, in a round that ended once the job thread
 * said so (pl_rpc_client_round_end, after the round's threads were joined). */
struct pl_rpc_client_batches {
    const struct pl_rpc_crec *recs;
    uint32_t n;
    uint8_t *taken;  /* per call number: put in a batch already */
    uint32_t *picks; /* the call numbers of the batch being built */
    pthread_mutex_t mu; /* the job thread changes rounds while the uploader reads them */
    struct pl_rpc_load *live; /* the round running, NULL between rounds */
    uint32_t ended;           /* every call number below it belongs to a round that ended, or to none */
    uint32_t low;             /* below it each ended record is taken or will never be done */
    uint32_t seen[PL_RPC_MAX_THREADS]; /* the live round's records looked at, per thread */
};
int pl_rpc_client_batches_init(struct pl_rpc_client_batches *b, const struct pl_rpc_crec *recs, uint32_t n);
void pl_rpc_client_batches_free(struct pl_rpc_client_batches *b);
/* Around pl_rpc_load_run(l): records of l go up while it runs, the rest once it ended. */
void pl_rpc_client_round_start(struct pl_rpc_client_batches *b, struct pl_rpc_load *l);
void pl_rpc_client_round_end(struct pl_rpc_client_batches *b, struct pl_rpc_load *l);
struct pl_upload_source pl_rpc_client_source(struct pl_rpc_client_batches *b);

/* Server. recs is indexed by the call number each request carries; a record is final once its done flag is
 * set (release), in any order. */
struct pl_rpc_server_batches {
    const struct pl_rpc_srec *recs;
    uint32_t n;
    uint8_t *taken; /* per call number: put in a batch already */
    uint32_t low;   /* below it every record is taken */
};
int pl_rpc_server_batches_init(struct pl_rpc_server_batches *b, const struct pl_rpc_srec *recs, uint32_t n);
void pl_rpc_server_batches_free(struct pl_rpc_server_batches *b);
struct pl_upload_source pl_rpc_server_source(struct pl_rpc_server_batches *b);

#endif
