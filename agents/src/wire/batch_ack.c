/* Batch acknowledgements: the HTTP status decides, the JSON body says what the backend kept. */
#include "batch_ack.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <string.h>

static enum pl_ack_verdict verdict_of(long status)
{
    if (status == 200)
        return PL_ACK_STORED;
    if (status >= 400 && status < 500 && status != 401 && status != 408 && status != 429)
        return PL_ACK_REJECTED;
    return PL_ACK_RETRY;
}

enum pl_ack_verdict pl_batch_ack_parse(long status, const char *body, size_t len, struct pl_batch_ack *ack)
{
    memset(ack, 0, sizeof *ack);
    ack->seq = -1;
    ack->verdict = verdict_of(status);
    cJSON *j = body && len ? cJSON_ParseWithLength(body, len) : NULL;
    if (cJSON_IsObject(j)) {
        const cJSON *seq = cJSON_GetObjectItemCaseSensitive(j, "seq");
        const cJSON *detail = cJSON_GetObjectItemCaseSensitive(j, "detail");
        ack->stored = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(j, "stored"));
        ack->duplicate = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(j, "duplicate"));
        /* checked before the cast: a double out of range does not convert (undefined behaviour) */
        if (cJSON_IsNumber(seq) && seq->valuedouble >= 0 && seq->valuedouble < 4294967296.0 &&
            seq->valuedouble == (double)(long long)seq->valuedouble)
            ack->seq = (long long)seq->valuedouble;
        if (cJSON_IsString(detail))
            snprintf(ack->detail, sizeof ack->detail, "%s", detail->valuestring);
    }
    cJSON_Delete(j);
    return ack->verdict;
}
