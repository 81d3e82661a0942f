#include "agent_limits.h"
#include <stdio.h>
#include <string.h>
#include <strings.h>

static struct pl_limits limits; /* set once by the daemon before any job starts */

const struct pl_limits *pl_limits_get(void) { return &limits; }
void pl_limits_set(const struct pl_limits *l) { limits = *l; }

int pl_limits_parse_peers(struct pl_limits *l, const char *list, char *err, size_t errlen)
{
    l->n_peers = 0;
    const char *p = list;
    while (*p) {
        size_t n = strcspn(p, ",");
        if (n) {
            if (l->n_peers == PL_LIMIT_MAX_PEERS || n >= sizeof l->peers[0]) {
                snprintf(err, errlen, "--allow-peers takes at most %d names of at most %zu characters",
                         PL_LIMIT_MAX_PEERS, sizeof l->peers[0] - 1);
                return -1;
            }
            memcpy(l->peers[l->n_peers], p, n);
            l->peers[l->n_peers++][n] = 0;
        }
        p += n + (p[n] == ',');
    }
    return 0;
}

static int over(const char *what, long long asked, long long limit, const char *opt, char *err,
                size_t errlen)
{
    if (limit <= 0 || asked <= limit)
        return 0;
    snprintf(err, errlen, "rejected by agent limit: %s %lld exceeds %s %lld", what, asked, opt, limit);
    return -1;
}

int pl_limits_check(const struct pl_limits *l, long long request_bytes, long long response_bytes,
                    long long threads, long long duration_s, char *err, size_t errlen)
{
    if (over("request_bytes", request_bytes, l->max_bytes, "--max-bytes", err, errlen) ||
        over("response_bytes", response_bytes, l->max_bytes, "--max-bytes", err, errlen) ||
        over("threads", threads, l->max_threads, "--max-threads", err, errlen) ||
        over("timeout_s", duration_s, l->max_duration_s, "--max-duration", err, errlen))
        return -1;
    return 0;
}

int pl_limits_check_peer(const struct pl_limits *l, const char *host, char *err, size_t errlen)
{
    if (!host || !*host) {
        snprintf(err, errlen, "rejected: client job names no peer to connect to");
        return -1;
    }
    if (l->n_peers == 0)
        return 0;
    for (int i = 0; i < l->n_peers; i++)
        if (strcasecmp(l->peers[i], host) == 0)
            return 0;
    snprintf(err, errlen, "rejected by agent limit: peer %s is not in --allow-peers", host);
    return -1;
}
