#include "rpc_inject.h"
#include "pl_clock.h"
#include "pl_error.h"
#include "steps.h"

#include <cjson/cJSON.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const cstep_names[PL_RPC_CSTEPS] = {PL_RPC_CSTEP_NAMES};
static const char *const sstep_names[PL_RPC_SSTEPS] = {PL_RPC_SSTEP_NAMES};
static const char *const kind_names[] = {"none", "delay", "lock", "serial"};
/* one of each for the whole process: the anomaly is that unrelated callers (or executors) meet on it */
static pthread_mutex_t step_mu = PTHREAD_MUTEX_INITIALIZER, serial_mu = PTHREAD_MUTEX_INITIALIZER;

int pl_rpc_inject_step_of(const char *name, int *server, int *step)
{
    for (int i = 0; i < PL_RPC_CSTEPS; i++)
        if (strcmp(name, cstep_names[i]) == 0)
            return *server = 0, *step = i, 0;
    for (int i = 0; i < PL_RPC_SSTEPS; i++)
        if (strcmp(name, sstep_names[i]) == 0)
            return *server = 1, *step = i, 0;
    return -1;
}

const char *pl_rpc_inject_step_name(int server, int step)
{
    if (step < 0 || step >= (server ? PL_RPC_SSTEPS : PL_RPC_CSTEPS))
        return "?";
    return server ? sstep_names[step] : cstep_names[step];
}

const char *pl_rpc_inject_kind_name(int kind)
{
    return kind >= 0 && kind <= PL_INJECT_SERIAL ? kind_names[kind] : "?";
}

static int kind_of(const char *s)
{
    for (int k = PL_INJECT_DELAY; k <= PL_INJECT_SERIAL; k++)
        if (strcmp(s, kind_names[k]) == 0)
            return k;
    return -1;
}

static int bad_step(const char *got, char *err, size_t errlen)
{
    snprintf(err, errlen, "inject.step must be an RPC client or server step (%s ... %s, %s ... %s), got '%s'",
             cstep_names[0], cstep_names[PL_RPC_CSTEPS - 1], sstep_names[0], sstep_names[PL_RPC_SSTEPS - 1], got);
    return PL_ERR_ARGS;
}

int pl_rpc_inject_check(const struct pl_rpc_inject *in, char *err, size_t errlen)
{
    if (in->kind == PL_INJECT_NONE)
        return PL_OK;
    if (in->kind < PL_INJECT_NONE || in->kind > PL_INJECT_SERIAL) {
        snprintf(err, errlen, "inject.kind must be one of delay, lock, serial");
        return PL_ERR_ARGS;
    }
    uint32_t lo = in->kind == PL_INJECT_DELAY ? 1 : 0;
    if (in->delay_us < lo || in->delay_us > PL_RPC_MAX_INJECT_US) {
        snprintf(err, errlen, "inject.delay_us must be between %u and %u µs for kind %s (got %u)", lo,
                 PL_RPC_MAX_INJECT_US, kind_names[in->kind], in->delay_us);
        return PL_ERR_ARGS;
    }
    if (in->every < 1 || in->every > PL_RPC_MAX_INJECT_EVERY) {
        snprintf(err, errlen, "inject.every must be between 1 and %u calls (got %u)", PL_RPC_MAX_INJECT_EVERY,
                 in->every);
        return PL_ERR_ARGS;
    }
    /* serial holds the server from the call's dispatch to its last reply packet: its busy-wait goes there */
    if (in->kind == PL_INJECT_SERIAL && (!in->server || in->step < SS_DISPATCH || in->step > SS_REPLY_WAIT)) {
        snprintf(err, errlen, "inject.step must be a server step a call runs while it holds the server for kind "
                 "serial (s.dispatch ... s.reply_wait), got '%s'", pl_rpc_inject_step_name(in->server, in->step));
        return PL_ERR_ARGS;
    }
    /* an executor waiting there for acks would hold the lock the listener, which delivers them, waits for */
    if (in->kind == PL_INJECT_LOCK && in->server && in->step == SS_REPLY_WAIT) {
        snprintf(err, errlen, "inject.step s.reply_wait cannot hold a lock (the listener that delivers its acks "
                 "would wait for it)");
        return PL_ERR_ARGS;
    }
    return PL_OK;
}

/* a JSON integer in [lo, hi], or absent (dflt) */
static int member_u32(const cJSON *o, const char *key, uint32_t dflt, uint32_t *out, char *err, size_t errlen)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!v) {
        *out = dflt;
        return 0;
    }
    double d = cJSON_IsNumber(v) ? v->valuedouble : -1;
    if (!(d >= 0 && d <= 4294967295.0 && d == (double)(long long)d)) {
        snprintf(err, errlen, "inject.%s must be an integer", key);
        return -1;
    }
    *out = (uint32_t)d;
    return 0;
}

int pl_rpc_inject_from_json(const cJSON *o, struct pl_rpc_inject *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    if (!o || cJSON_IsNull(o))
        return PL_OK;
    if (!cJSON_IsObject(o)) {
        snprintf(err, errlen, "inject must be an object {kind, step, delay_us, every} or null");
        return PL_ERR_ARGS;
    }
    const cJSON *k = cJSON_GetObjectItemCaseSensitive(o, "kind"), *st = cJSON_GetObjectItemCaseSensitive(o, "step");
    const char *ks = cJSON_IsString(k) ? k->valuestring : "";
    if ((out->kind = kind_of(ks)) < 0) {
        out->kind = 0;
        snprintf(err, errlen, "inject.kind must be one of delay, lock, serial (got '%s')", ks);
        return PL_ERR_ARGS;
    }
    if (!st && out->kind == PL_INJECT_SERIAL) { /* the server's service procedure, unless it says where */
        out->server = 1, out->step = SS_SERVICE;
    } else if (!st) {
        snprintf(err, errlen, "inject.step is required for kind %s", kind_names[out->kind]);
        return PL_ERR_ARGS;
    } else if (!cJSON_IsString(st) || pl_rpc_inject_step_of(st->valuestring, &out->server, &out->step) != 0) {
        return bad_step(cJSON_IsString(st) ? st->valuestring : "", err, errlen);
    }
    if (member_u32(o, "delay_us", 0, &out->delay_us, err, errlen) ||
        member_u32(o, "every", 1, &out->every, err, errlen))
        return PL_ERR_ARGS;
    if (out->kind == PL_INJECT_DELAY && !cJSON_GetObjectItemCaseSensitive(o, "delay_us")) {
        snprintf(err, errlen, "inject.delay_us is required for kind delay (1 to %u µs)", PL_RPC_MAX_INJECT_US);
        return PL_ERR_ARGS;
    }
    return pl_rpc_inject_check(out, err, errlen);
}

int pl_rpc_inject_parse(const char *s, struct pl_rpc_inject *out, char *err, size_t errlen)
{
    char kind[16] = "", step[32] = "";
    unsigned long long delay = 0, every = 1;
    int n = 0, got = sscanf(s, "%15[a-z]:%31[a-z_.]:%llu%n:%llu%n", kind, step, &delay, &n, &every, &n);
    memset(out, 0, sizeof *out);
    if (got < 3 || s[n] != 0 || (size_t)n != strlen(s)) {
        snprintf(err, errlen, "--inject must be KIND:STEP:DELAY_US[:EVERY], e.g. delay:c.marshal:200:1 (got '%s')", s);
        return PL_ERR_ARGS;
    }
    if ((out->kind = kind_of(kind)) < 0) {
        out->kind = 0;
        snprintf(err, errlen, "inject.kind must be one of delay, lock, serial (got '%s')", kind);
        return PL_ERR_ARGS;
    }
    if (pl_rpc_inject_step_of(step, &out->server, &out->step) != 0)
        return bad_step(step, err, errlen);
    out->delay_us = delay > 0xffffffffull ? 0xffffffffu : (uint32_t)delay;
    out->every = every > 0xffffffffull ? 0xffffffffu : (uint32_t)every;
    return pl_rpc_inject_check(out, err, errlen);
}

void pl_rpc_spin_us(uint32_t us)
{
    int64_t end = pl_now_ns() + (int64_t)us * 1000;
    while (pl_now_ns() < end)
        ;
}

void pl_rpc_inject_begin(struct pl_rpc_inj_call *ic)
{
    if (ic->in->kind == PL_INJECT_LOCK && !ic->held) {
        pthread_mutex_lock(&step_mu);
        ic->held = 1;
    }
    if (ic->spin) { /* once per call, however often the step runs in it */
        ic->spin = 0;
        pl_rpc_spin_us(ic->in->delay_us);
    }
}

void pl_rpc_inject_end(struct pl_rpc_inj_call *ic)
{
    if (ic->held) {
        ic->held = 0;
        pthread_mutex_unlock(&step_mu);
    }
}

void pl_rpc_inject_release(struct pl_rpc_inj_call *ic) { pl_rpc_inject_end(ic); }

void pl_rpc_inject_serial_lock(void) { pthread_mutex_lock(&serial_mu); }
int pl_rpc_inject_serial_try(void) { return pthread_mutex_trylock(&serial_mu) == 0; }
void pl_rpc_inject_serial_unlock(void) { pthread_mutex_unlock(&serial_mu); }

struct pl_rpc_inject_map *pl_rpc_inject_map_new(const struct pl_rpc_inject *in, const uint32_t *first,
                                                const uint32_t *end, uint32_t n)
{
    struct pl_rpc_inject_map *m = calloc(1, sizeof *m + (size_t)n * sizeof m->r[0]);
    if (!m)
        return NULL;
    m->in = *in;
    m->n = n;
    for (uint32_t i = 0; i < n; i++) {
        m->r[i].first = first[i];
        m->r[i].end = end[i];
        atomic_init(&m->r[i].calls, 0);
    }
    return m;
}

void pl_rpc_inject_server_call(struct pl_rpc_inject_map *m, uint32_t call_no, struct pl_rpc_inj_call *ic)
{
    uint32_t lo = 0, hi = m->n; /* the last range that starts at or before call_no */
    while (hi - lo > 1) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (m->r[mid].first <= call_no)
            lo = mid;
        else
            hi = mid;
    }
    ic->in = NULL;
    ic->held = 0;
    if (!m->n || call_no < m->r[lo].first || call_no >= m->r[lo].end)
        return;
    uint32_t nth = atomic_fetch_add_explicit(&m->r[lo].calls, 1, memory_order_relaxed) + 1;
    ic->in = &m->in;
    ic->spin = nth % m->in.every == 0;
}
