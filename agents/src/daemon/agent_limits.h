/* Local limits and the peer allow-list, given on the daemon's command line: the operator of a
 * test machine bounds what any job from the backend may make it do. A job asking for more is
 * rejected before it starts, with the reason (which becomes the run's failure reason). */
#ifndef PL_AGENT_LIMITS_H
#define PL_AGENT_LIMITS_H
#include <stddef.h>

#define PL_LIMIT_MAX_PEERS 16

struct pl_limits {
    long long max_bytes;   /* per call, either direction; 0 = no local limit */
    int max_threads;       /* threads or processes a job may use; 0 = no local limit */
    int max_duration_s;    /* a job's timeout_s; 0 = no local limit */
    int n_peers;           /* 0: any peer named by the backend */
    char peers[PL_LIMIT_MAX_PEERS][128];
};

const struct pl_limits *pl_limits_get(void);
void pl_limits_set(const struct pl_limits *l);
/* Parse "a,b,c" into l->peers; -1 with err on too many or too long. */
int pl_limits_parse_peers(struct pl_limits *l, const char *list, char *err, size_t errlen);

/* 0 if the job fits, else -1 with err naming the parameter, the asked value and the limit.
 * threads: what the job needs (1 for ping-pong); duration_s: its timeout_s (0 = none asked). */
int pl_limits_check(const struct pl_limits *l, long long request_bytes, long long response_bytes,
                    long long threads, long long duration_s, char *err, size_t errlen);
/* 0 if host may be sent experiment traffic, else -1 with err. */
int pl_limits_check_peer(const struct pl_limits *l, const char *host, char *err, size_t errlen);

#endif
