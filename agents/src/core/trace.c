#include "trace.h"
#include "prefault.h"
#include "pl_error.h"
#include <stdlib.h>
#include <string.h>

int pl_trace_init(struct pl_trace *tr, enum pl_side side, uint32_t capacity,
                  uint32_t request_bytes, uint32_t response_bytes)
{
    memset(tr, 0, sizeof *tr);
    tr->side = side;
    tr->capacity = capacity;
    tr->request_bytes = request_bytes;
    tr->response_bytes = response_bytes;
    tr->recs = pl_zalloc_prefaulted((size_t)capacity * sizeof *tr->recs);
    if (!tr->recs)
        return PL_ERR_NOMEM;
    atomic_init(&tr->completed, 0);
    return PL_OK;
}

void pl_trace_free(struct pl_trace *tr)
{
    free(tr->recs);
    tr->recs = NULL;
}
