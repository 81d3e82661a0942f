/* libFuzzer target: the backend's answer to a trace batch POST as the uploaders read it (batch_ack.c:
 * status + JSON body; agent.c: a 401's body that may say the agent was revoked). The first two bytes
 * pick the HTTP status, the rest is the body, not NUL-terminated (curl's buffer is, but the parser is
 * told its length). `make -C agents fuzz`. */
/* fuzz-flags: -max_len=4096 */
/* fuzz-cover: src/wire/batch_ack.c */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "agent.h"
#include "batch_ack.h"

#define CHECK(cond) do { if (!(cond)) __builtin_trap(); } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const long statuses[] = {200, 400, 401, 403, 404, 408, 413, 422, 429, 500, 502, 503, 0, 201, 204};
    if (size < 2)
        return 0;
    /* mostly the statuses the backend sends, sometimes any number up to 999 */
    long status = data[0] < 200 ? statuses[data[0] % (sizeof statuses / sizeof statuses[0])]
                                : (long)((data[0] << 8 | data[1]) % 1000);
    size_t len = size - 2;
    char *body = malloc(len ? len : 1); /* exactly len bytes: a read past them is an ASan report */
    if (!body)
        return 0;
    memcpy(body, data + 2, len);

    struct pl_batch_ack ack;
    enum pl_ack_verdict v = pl_batch_ack_parse(status, body, len, &ack);
    CHECK(v == ack.verdict);
    CHECK((v == PL_ACK_STORED) == (status == 200));
    CHECK(v != PL_ACK_REJECTED || (status >= 400 && status < 500 && status != 401 && status != 408 && status != 429));
    CHECK(ack.seq >= -1 && ack.seq <= 0xffffffffLL);
    CHECK(memchr(ack.detail, 0, sizeof ack.detail) != NULL);
    CHECK(ack.stored == 0 || ack.stored == 1);

    char *text = malloc(len + 1); /* the revocation check gets curl's NUL-terminated body */
    if (text) {
        memcpy(text, body, len);
        text[len] = 0;
        char detail[496];
        int revoked = pl_agent_answer_says_revoked(text, detail, sizeof detail);
        CHECK(memchr(detail, 0, sizeof detail) != NULL);
        CHECK(revoked == 0 || revoked == 1);
        free(text);
    }
    free(body);
    return 0;
}
