/* The backend's answers to a batch POST (batch_ack.c): what the uploaders do with the batch, and what the
 * body says (docs/protocol.md: 200 {"stored", "duplicate", "seq"}, 400 {"detail"}). */
#include "batch_ack.h"
#include "check.h"

#include <string.h>

static enum pl_ack_verdict parse(long status, const char *body, struct pl_batch_ack *ack)
{
    return pl_batch_ack_parse(status, body, body ? strlen(body) : 0, ack);
}

int main(void)
{
    struct pl_batch_ack a;
    CHECK(parse(200, "{\"stored\": true, \"seq\": 4}", &a) == PL_ACK_STORED && a.stored && !a.duplicate &&
              a.seq == 4, "stored");
    CHECK(parse(200, "{\"stored\": false, \"duplicate\": true, \"seq\": 4}", &a) == PL_ACK_STORED && !a.stored &&
              a.duplicate && a.seq == 4, "a duplicate is acknowledged too");
    CHECK(parse(200, "not json", &a) == PL_ACK_STORED && a.seq == -1, "the status decides, not the body");
    CHECK(parse(200, NULL, &a) == PL_ACK_STORED && a.seq == -1 && !a.detail[0], "no body");
    CHECK(parse(400, "{\"detail\": \"bad crc\"}", &a) == PL_ACK_REJECTED && strcmp(a.detail, "bad crc") == 0,
          "malformed: rejected with the backend's detail, got '%s'", a.detail);
    CHECK(parse(404, "", &a) == PL_ACK_REJECTED && parse(413, "", &a) == PL_ACK_REJECTED &&
              parse(422, "", &a) == PL_ACK_REJECTED, "other 4xx: rejected");
    long retry[] = {0, 201, 401, 408, 429, 500, 503};
    for (size_t i = 0; i < sizeof retry / sizeof retry[0]; i++)
        CHECK(parse(retry[i], "{}", &a) == PL_ACK_RETRY, "status %ld: kept and retried", retry[i]);
    const char *bad_seq[] = {"{\"seq\": -1}", "{\"seq\": 4294967296}", "{\"seq\": 1e300}", "{\"seq\": 2.5}",
                             "{\"seq\": \"3\"}"};
    for (size_t i = 0; i < sizeof bad_seq / sizeof bad_seq[0]; i++)
        CHECK(parse(200, bad_seq[i], &a) == PL_ACK_STORED && a.seq == -1, "%s: no seq", bad_seq[i]);
    /* the body's length is what counts: the byte after it is never read */
    const char body[] = "{\"seq\": 7}{\"seq\": 8}";
    CHECK(pl_batch_ack_parse(200, body, 10, &a) == PL_ACK_STORED && a.seq == 7, "only len bytes: seq %lld", a.seq);
    char longd[600] = "{\"detail\": \"";
    memset(longd + strlen(longd), 'x', 400);
    strcat(longd, "\"}");
    CHECK(parse(400, longd, &a) == PL_ACK_REJECTED && strlen(a.detail) == sizeof a.detail - 1, "a long detail is cut");
    return check_result("t_batch_ack");
}
