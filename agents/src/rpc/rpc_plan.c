#include "rpc_plan.h"
#include "arrivals.h"
#include "pl_error.h"
#include "rpc_load.h"
#include "rpc_rounds.h"

#include <cjson/cJSON.h>
#include <sodium.h>
#include <stdio.h>
#include <string.h>

static int range(const char *name, double v, double lo, double hi, char *err, size_t errlen)
{
    if (v >= lo && v <= hi && v == (double)(long long)v)
        return 0;
    snprintf(err, errlen, "%s must be an integer between %.0f and %.0f (got %g)", name, lo, hi, v);
    return -1;
}

/* an optional integer member, checked; absent = default */
static int get_u32(const cJSON *o, const char *key, uint32_t lo, uint32_t hi, uint32_t dflt, uint32_t *out,
                   char *err, size_t errlen)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!v) {
        *out = dflt;
        return 0;
    }
    if (!cJSON_IsNumber(v) || range(key, v->valuedouble, lo, hi, err, errlen)) {
        if (!cJSON_IsNumber(v))
            snprintf(err, errlen, "%s must be a number", key);
        return -1;
    }
    *out = (uint32_t)v->valuedouble;
    return 0;
}

/* an optional number (fractions allowed), checked; absent = default */
static int get_double(const cJSON *o, const char *key, double lo, double hi, double dflt, double *out, char *err,
                      size_t errlen)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!v) {
        *out = dflt;
        return 0;
    }
    if (!cJSON_IsNumber(v) || !(v->valuedouble >= lo && v->valuedouble <= hi)) {
        snprintf(err, errlen, "%s must be a number between %g and %g", key, lo, hi);
        return -1;
    }
    *out = v->valuedouble;
    return 0;
}

static int get_name(const cJSON *o, const char *key, int (*lookup)(const char *), const char *allowed,
                    const char *dflt, int *out, char *err, size_t errlen)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    const char *s = v ? (cJSON_IsString(v) ? v->valuestring : "") : dflt;
    *out = lookup(s);
    if (*out < 0) {
        snprintf(err, errlen, "%s must be one of %s (got '%s')", key, allowed, s);
        return -1;
    }
    return 0;
}

static int cache_from_name(const char *s)
{
    return strcmp(s, "per-thread") == 0 ? PL_CACHE_PER_THREAD : strcmp(s, "single") == 0 ? PL_CACHE_SINGLE : -1;
}

static int think_from_name(const char *s)
{
    return strcmp(s, "exponential") == 0 ? PL_THINK_EXPONENTIAL : strcmp(s, "constant") == 0 ? PL_THINK_CONSTANT : -1;
}

/* an optional boolean; absent or null = false */
static int get_bool(const cJSON *o, const char *key, const char *name, int i, int *out, char *err, size_t errlen)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    *out = cJSON_IsTrue(v);
    if (v && !cJSON_IsBool(v) && !cJSON_IsNull(v)) {
        snprintf(err, errlen, "%s[%d].%s must be true or false", name, i, key);
        return -1;
    }
    return 0;
}

/* a point's open-loop rate: absent, null or 0 = closed loop at this point (the model's bases); otherwise the run's
 * arrival must be open and the point's rate and think time pass its checks, the field named with the point */
static int point_rate(const cJSON *o, int i, int arrival, const char *arrival_name, struct pl_rpc_point *pt,
                      char *err, size_t errlen)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, "rate_calls_s");
    char rate_field[48], think_field[48];
    snprintf(rate_field, sizeof rate_field, "points[%d].rate_calls_s", i);
    snprintf(think_field, sizeof think_field, "points[%d].think_time_us", i);
    pt->rate_calls_s = 0;
    if (!v || cJSON_IsNull(v) || (cJSON_IsNumber(v) && v->valuedouble == 0))
        return 0;
    if (!cJSON_IsNumber(v)) {
        snprintf(err, errlen, "%s must be a number between 1 and 1000000 calls/s", rate_field);
        return -1;
    }
    if (arrival == PL_ARRIVAL_CLOSED) {
        snprintf(err, errlen, "%s needs arrival constant or poisson (arrival is closed)", rate_field);
        return -1;
    }
    int kind;
    if (pl_arrivals_check("arrival", arrival_name, rate_field, v->valuedouble, think_field, pt->think_us, &kind, err,
                          errlen))
        return -1;
    pt->rate_calls_s = v->valuedouble;
    return 0;
}

int pl_rpc_plan_from_json(struct pl_rpc_plan *p, const cJSON *params, char *err, size_t errlen)
{
    memset(p, 0, sizeof *p);
    pl_rpc_config_default(&p->cfg);
    struct pl_rpc_config *c = &p->cfg;
    const cJSON *tr = cJSON_GetObjectItemCaseSensitive(params, "transport");
    if (tr && (!cJSON_IsString(tr) || (strcmp(tr->valuestring, "udp") && strcmp(tr->valuestring, "tcp")))) {
        snprintf(err, errlen, "transport must be udp or tcp");
        return PL_ERR_ARGS;
    }
    c->transport = tr && strcmp(tr->valuestring, "tcp") == 0 ? PL_RPC_TCP : PL_RPC_UDP;
    uint32_t seed_lo = 0, timeout;
    if (get_name(params, "procedure", pl_rpc_proc_from_name, "null, sink, echo, work", "null", &p->proc, err, errlen) ||
        get_u32(params, "work_us", 0, PL_RPC_MAX_WORK_US, 0, &p->work_us, err, errlen) ||
        get_u32(params, "calls", 1, PL_RPC_MAX_CALLS_TOTAL, 0, &p->calls, err, errlen) ||
        get_u32(params, "warmup_calls", 0, PL_RPC_MAX_CALLS_TOTAL, 0, &p->warmup, err, errlen) ||
        get_u32(params, "seed", 0, 0xffffffffu, 1, &seed_lo, err, errlen) ||
        get_u32(params, "server_threads", 1, PL_RPC_MAX_THREADS, 4, &p->server_threads, err, errlen) ||
        get_u32(params, "timeout_s", 0, 86400, 0, &timeout, err, errlen) ||
        get_u32(params, "packet_data", 64, PL_RPC_MAX_DATAGRAM - PL_RPC_HEADER_BYTES, PL_RPC_DCE_PACKET_DATA,
                &c->pk.packet_data, err, errlen) ||
        get_u32(params, "small_packet_data", 64, PL_RPC_MAX_DATAGRAM - PL_RPC_HEADER_BYTES,
                PL_RPC_DCE_SMALL_PACKET_DATA, &c->small_packet_data, err, errlen) ||
        get_u32(params, "mtu", 576, 65535, PL_RPC_DCE_MTU, &c->pk.mtu, err, errlen) ||
        get_u32(params, "window_initial", 1024, 1u << 20, 4096, &c->window_initial, err, errlen) ||
        get_u32(params, "window_max", 1024, 1u << 24, 32768, &c->window_max, err, errlen) ||
        get_u32(params, "rto_ms", 1, 10000, 100, &c->rto_ms, err, errlen) ||
        get_u32(params, "link_mbps", 0, 100000, 0, &c->link_mbps, err, errlen) ||
        get_u32(params, "link_delay_us", 0, 1000000, 0, &c->link_delay_us, err, errlen) ||
        get_u32(params, "host_packet_us", 0, 100000, 0, &c->host_packet_us, err, errlen) ||
        get_u32(params, "always_dispatch", 0, 1, 0, &c->always_dispatch, err, errlen) ||
        get_double(params, "ci_target_pct", 0, PL_RPC_MAX_CI_TARGET_PCT, 0, &p->ci_target_pct, err, errlen) ||
        get_u32(params, "max_rounds", 1, PL_RPC_MAX_ROUNDS, 1, &p->max_rounds, err, errlen) ||
        get_u32(params, "noise_floor_calls", 0, PL_RPC_MAX_NOISE_CALLS, 0, &p->noise_calls, err, errlen) ||
        get_u32(params, "noise_floor_warmup_calls", 0, PL_RPC_MAX_NOISE_CALLS, 10, &p->noise_warmup, err, errlen))
        return PL_ERR_ARGS;
    if (cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(params, "think_distribution"))) /* null: as absent */
        p->think_dist = PL_THINK_EXPONENTIAL;
    else if (get_name(params, "think_distribution", think_from_name, "exponential, constant", "exponential",
                      &p->think_dist, err, errlen))
        return PL_ERR_ARGS;
    if (pl_rpc_inject_from_json(cJSON_GetObjectItemCaseSensitive(params, "inject"), &p->inject, err, errlen))
        return PL_ERR_ARGS;
    const cJSON *arrival = cJSON_GetObjectItemCaseSensitive(params, "arrival");
    if (arrival && !cJSON_IsNull(arrival) && !cJSON_IsString(arrival)) {
        snprintf(err, errlen, "arrival must be one of closed, constant, poisson");
        return PL_ERR_ARGS;
    }
    const char *arrival_name = cJSON_IsString(arrival) ? arrival->valuestring : NULL;
    p->arrival = pl_arrival_parse(arrival_name); /* the rate is each point's: checked with the points */
    if (p->arrival < 0) {
        snprintf(err, errlen, "arrival must be one of closed, constant, poisson (got '%s')", arrival_name);
        return PL_ERR_ARGS;
    }
    if (!cJSON_GetObjectItemCaseSensitive(params, "calls")) {
        snprintf(err, errlen, "calls is required");
        return PL_ERR_ARGS;
    }
    p->seed = seed_lo;
    p->timeout_s = (int)timeout;
    if (c->window_max < c->window_initial) {
        snprintf(err, errlen, "window_max must be at least window_initial (%u)", c->window_initial);
        return PL_ERR_ARGS;
    }
    const cJSON *key = cJSON_GetObjectItemCaseSensitive(params, "key");
    if (key) {
        size_t got = 0;
        if (!cJSON_IsString(key) || sodium_hex2bin(c->key, sizeof c->key, key->valuestring,
                                                   strlen(key->valuestring), NULL, &got, NULL) != 0 ||
            got != sizeof c->key) {
            snprintf(err, errlen, "key must be %d hex digits", 2 * PL_RPC_KEY_BYTES);
            return PL_ERR_ARGS;
        }
    }
    const cJSON *pts = cJSON_GetObjectItemCaseSensitive(params, "points");
    int n = cJSON_GetArraySize(pts);
    if (!cJSON_IsArray(pts) || n < 1 || n > PL_RPC_MAX_POINTS) {
        snprintf(err, errlen, "points must be a list of 1 to %d points", PL_RPC_MAX_POINTS);
        return PL_ERR_ARGS;
    }
    for (int i = 0; i < n; i++) {
        const cJSON *o = cJSON_GetArrayItem(pts, i);
        struct pl_rpc_point *pt = &p->pts[i];
        if (get_u32(o, "request_bytes", 0, PL_RPC_MAX_MESSAGE, 0, &pt->request_bytes, err, errlen) ||
            get_u32(o, "threads", 1, PL_RPC_MAX_THREADS, 1, &pt->threads, err, errlen) ||
            get_u32(o, "think_time_us", 0, PL_RPC_MAX_THINK_US, 0, &pt->think_us, err, errlen) ||
            get_name(o, "protection", pl_rpc_prot_from_name, "none, connect, pkt, integrity, privacy", "none",
                     &pt->prot, err, errlen) ||
            get_name(o, "cache", cache_from_name, "per-thread, single", "per-thread", &pt->cache, err, errlen) ||
            get_bool(o, "inject", "points", i, &pt->inject, err, errlen))
            return PL_ERR_ARGS;
        if (point_rate(o, i, p->arrival, arrival_name, pt, err, errlen))
            return PL_ERR_ARGS;
        if (pt->prot != PL_PROT_NONE && !key) {
            snprintf(err, errlen, "key is required for protection %s", pl_rpc_prot_name(pt->prot));
            return PL_ERR_ARGS;
        }
    }
    p->n_points = (uint32_t)n;
    return pl_rpc_plan_finish(p, err, errlen);
}

int pl_rpc_plan_expand(struct pl_rpc_plan *p, const uint32_t *req, int n_req, const uint32_t *thr, int n_thr,
                       const uint32_t *think, int n_think, const int *prot, int n_prot, const int *cache,
                       int n_cache, char *err, size_t errlen)
{
    long long total = (long long)n_req * n_thr * n_think * n_prot * n_cache;
    if (total < 1 || p->n_points + total > PL_RPC_MAX_POINTS) {
        snprintf(err, errlen, "the sweep must have between 1 and %d points (got %lld)", PL_RPC_MAX_POINTS, total);
        return PL_ERR_ARGS;
    }
    for (int a = 0; a < n_req; a++)
        for (int b = 0; b < n_thr; b++)
            for (int c = 0; c < n_think; c++)
                for (int d = 0; d < n_prot; d++)
                    for (int e = 0; e < n_cache; e++)
                        p->pts[p->n_points++] = (struct pl_rpc_point){
                            .request_bytes = req[a], .threads = thr[b], .think_us = think[c], .prot = prot[d],
                            .cache = cache[e]};
    return PL_OK;
}

int pl_rpc_plan_finish(struct pl_rpc_plan *p, char *err, size_t errlen)
{
    uint64_t total = 0;
    p->allowed_prot = 0;
    if (!p->max_rounds) /* the command line sets no rounds: one, as before rounds existed */
        p->max_rounds = 1;
    for (uint32_t i = 0; i < p->n_points; i++) {
        struct pl_rpc_point *pt = &p->pts[i];
        if (pt->request_bytes > PL_RPC_MAX_MESSAGE || pt->threads < 1 || pt->threads > PL_RPC_MAX_THREADS) {
            snprintf(err, errlen, "point %u: request_bytes must be 0..%u and threads 1..%d", i, PL_RPC_MAX_MESSAGE,
                     PL_RPC_MAX_THREADS);
            return PL_ERR_ARGS;
        }
        pt->call_no_base = (uint32_t)total;
        total += pl_rpc_point_calls(p, pt);
        if (total > PL_RPC_MAX_CALLS_TOTAL) {
            snprintf(err, errlen, "the run must have at most %u calls in all (threads x (warmup_calls + calls x "
                     "max_rounds) summed over the points)", PL_RPC_MAX_CALLS_TOTAL);
            return PL_ERR_ARGS;
        }
        p->allowed_prot |= 1u << pt->prot;
    }
    p->calls_total = (uint32_t)total;
    return PL_OK;
}

struct pl_rpc_inject_map *pl_rpc_plan_server_inject(const struct pl_rpc_plan *p, int *nomem)
{
    uint32_t first[PL_RPC_MAX_POINTS], end[PL_RPC_MAX_POINTS], n = 0;
    *nomem = 0;
    if (p->inject.kind == PL_INJECT_NONE || !p->inject.server)
        return NULL;
    for (uint32_t i = 0; i < p->n_points; i++) /* numbered in order: the ranges ascend */
        if (p->pts[i].inject) {
            first[n] = p->pts[i].call_no_base;
            end[n++] = p->pts[i].call_no_base + pl_rpc_point_calls(p, &p->pts[i]);
        }
    if (!n)
        return NULL;
    struct pl_rpc_inject_map *m = pl_rpc_inject_map_new(&p->inject, first, end, n);
    *nomem = !m;
    return m;
}

void pl_rpc_plan_load(const struct pl_rpc_plan *p, uint32_t i, uint32_t r, struct pl_rpc_load *l)
{
    const struct pl_rpc_point *pt = &p->pts[i];
    /* a later round: no warm-up (the handles are warm), a think-time stream of its own */
    l->threads = pt->threads, l->calls = p->calls, l->warmup = r ? 0 : p->warmup;
    l->think_mean_us = pt->think_us, l->think_dist = p->think_dist, l->seed = p->seed + i + ((uint64_t)r << 32);
    l->proc = p->proc, l->arg = p->work_us, l->request_bytes = pt->request_bytes, l->point_no = (uint16_t)i;
    l->call_no_base = pt->call_no_base + pl_rpc_round_start(pt->threads, p->calls, p->warmup, r);
    l->later_round = r > 0;
    l->inject = pl_rpc_plan_client_inject(p, pt);
    l->calls_before = r ? p->warmup + r * p->calls : 0; /* each thread's calls of the point's earlier rounds */
    /* open loop where the point has a rate; a round's schedule of its own (it starts when the round does) */
    l->arrival = pt->rate_calls_s > 0 ? p->arrival : PL_ARRIVAL_CLOSED;
    l->rate_calls_s = pt->rate_calls_s;
    l->arrival_seed = p->seed + ((uint64_t)r << 32);
}
