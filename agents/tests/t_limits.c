/* The daemon's local limits and peer allow-list: what passes, what is refused, and the reason. */
#include "agent_limits.h"
#include "check.h"
#include <string.h>

int main(void)
{
    struct pl_limits l = {0};
    char err[300] = "";
    /* no limits: anything, but a client job must name its peer */
    CHECK(pl_limits_check(&l, 1 << 20, 1 << 20, 64, 3600, err, sizeof err) == 0, "%s", err);
    CHECK(pl_limits_check_peer(&l, "10.0.0.9", err, sizeof err) == 0, "%s", err);
    CHECK(pl_limits_check_peer(&l, "", err, sizeof err) == -1 &&
              strcmp(err, "rejected: client job names no peer to connect to") == 0, "%s", err);

    l.max_bytes = 1000, l.max_threads = 4, l.max_duration_s = 60;
    CHECK(pl_limits_check(&l, 1000, 1000, 4, 60, err, sizeof err) == 0, "at the limits: %s", err);
    CHECK(pl_limits_check(&l, 64, 1001, 1, 10, err, sizeof err) == -1 &&
              strcmp(err, "rejected by agent limit: response_bytes 1001 exceeds --max-bytes 1000") == 0, "%s", err);
    CHECK(pl_limits_check(&l, 64, 64, 5, 10, err, sizeof err) == -1 &&
              strcmp(err, "rejected by agent limit: threads 5 exceeds --max-threads 4") == 0, "%s", err);
    CHECK(pl_limits_check(&l, 64, 64, 1, 61, err, sizeof err) == -1 &&
              strcmp(err, "rejected by agent limit: timeout_s 61 exceeds --max-duration 60") == 0, "%s", err);

    CHECK(pl_limits_parse_peers(&l, "10.0.0.1,,Lab-B", err, sizeof err) == 0 && l.n_peers == 2, "parse");
    CHECK(pl_limits_check_peer(&l, "lab-b", err, sizeof err) == 0, "names compare without case: %s", err);
    CHECK(pl_limits_check_peer(&l, "10.0.0.2", err, sizeof err) == -1 &&
              strcmp(err, "rejected by agent limit: peer 10.0.0.2 is not in --allow-peers") == 0, "%s", err);
    char many[2000] = "";
    for (int i = 0; i < PL_LIMIT_MAX_PEERS + 1; i++)
        strcat(many, "h,");
    CHECK(pl_limits_parse_peers(&l, many, err, sizeof err) == -1 && strstr(err, "at most 16 names"), "%s", err);
    return check_result("t_limits");
}
