/* Tests' shorthand: an RPC plan from a JSON literal (rpc_plan.c's parser), its error in err. */
#ifndef PL_TEST_PLAN_JSON_H
#define PL_TEST_PLAN_JSON_H
#include <cjson/cJSON.h>

#include "rpc_plan.h"

static inline int plan_of(const char *json, struct pl_rpc_plan *p, char *err, size_t n)
{
    cJSON *o = cJSON_Parse(json);
    err[0] = 0;
    int rc = pl_rpc_plan_from_json(p, o, err, n);
    cJSON_Delete(o);
    return rc;
}

#endif
