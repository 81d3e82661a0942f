#include "pingpong.h"
#include "pl_error.h"
#include "transport_table.h"
#include <stdio.h>

enum { N_TRANSPORT, N_REQUEST, N_RESPONSE, N_CALLS, N_WARMUP };
static const char *const cli_names[] = {"--transport", "--request-bytes", "--response-bytes",
                                        "--calls", "--warmup"};
static const char *const json_names[] = {"transport", "request_bytes", "response_bytes", "calls",
                                         "warmup_calls"};

static int range(const char *name, long long v, long long lo, long long hi, const char *suffix,
                 char *err, size_t errlen)
{
    if (v >= lo && v <= hi)
        return 0;
    snprintf(err, errlen, "%s must be between %lld and %lld%s (got %lld)", name, lo, hi, suffix, v);
    return -1;
}

int pl_params_check(struct pl_params *p, const char *transport, long long request_bytes,
                    long long response_bytes, long long calls, long long warmup, enum pl_names names,
                    char *err, size_t errlen)
{
    const char *const *n = names == PL_NAMES_CLI ? cli_names : json_names;
    p->transport = pl_transport_find(transport);
    if (!p->transport) {
        snprintf(err, errlen, "%s must be tcp or udp (got '%s')", n[N_TRANSPORT],
                 transport ? transport : "");
        return PL_ERR_ARGS;
    }
    long long max = p->transport->max_bytes;
    const char *sfx = p->transport == &pl_transport_tcp ? " for tcp" : " for udp";
    if (range(n[N_REQUEST], request_bytes, 1, max, sfx, err, errlen) ||
        range(n[N_RESPONSE], response_bytes, 1, max, sfx, err, errlen) ||
        range(n[N_CALLS], calls, 1, PL_MAX_CALLS, "", err, errlen) ||
        range(n[N_WARMUP], warmup, 0, PL_MAX_WARMUP, "", err, errlen))
        return PL_ERR_ARGS;
    p->request_bytes = (uint32_t)request_bytes;
    p->response_bytes = (uint32_t)response_bytes;
    p->calls = (uint32_t)calls;
    p->warmup = (uint32_t)warmup;
    return PL_OK;
}

void pl_pingpong_client(const struct pl_transport *t, struct pl_conn *c, struct pl_trace *tr,
                        uint32_t warmup, struct pl_cancel *cancel, struct pl_client_result *res)
{
    pl_pingpong_client_at(t, c, tr, warmup, NULL, cancel, res);
}

void pl_pingpong_client_at(const struct pl_transport *t, struct pl_conn *c, struct pl_trace *tr, uint32_t warmup,
                           struct pl_schedule *sched, struct pl_cancel *cancel, struct pl_client_result *res)
{
    res->done = res->errors = 0;
    res->rc = PL_OK;
    res->last_errno = 0;
    for (uint32_t i = 0; i < tr->capacity; i++) {
        /* relaxed atomic load: no syscall, no lock on the measured path */
        if (pl_cancel_reason(cancel)) {
            res->rc = PL_ERR_CANCELLED;
            return;
        }
        struct pl_trace_rec *r = &tr->recs[i];
        int64_t intended = 0;
        if (sched) { /* open loop: wait for this call's time, never send early, never skip when late */
            intended = pl_schedule_next(sched);
            pl_sleep_until(intended, cancel);
            if (pl_cancel_reason(cancel)) {
                res->rc = PL_ERR_CANCELLED;
                return;
            }
        }
        int rc = t->client_call(c, i, r);
        r->send_lag_ns = sched ? pl_send_lag_ns(r->t[0], intended) : 0;
        uint16_t flags = (i < warmup ? PL_CALL_WARMUP : 0) | (i == 0 ? PL_CALL_FIRST : 0);
        if (rc != PL_OK)
            flags |= PL_CALL_ERROR;
        r->call_no = i;
        r->flags = flags;
        pl_trace_publish(tr, i + 1);
        res->done = i + 1;
        if (rc == PL_OK)
            continue;
        res->errors++;
        if (rc == PL_ERR_TIMEOUT || rc == PL_ERR_PROTOCOL)
            continue; /* UDP: lost or odd datagram, the call is flagged, go on */
        res->rc = pl_cancel_reason(cancel) ? PL_ERR_CANCELLED : rc;
        res->last_errno = c->last_errno;
        return;
    }
}
