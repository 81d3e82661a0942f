#include "rpc_link.h"
#include "pl_clock.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct entry {
    int64_t due;
    int fd;
    struct sockaddr_storage to;
    socklen_t tolen;
    size_t len;
    uint8_t *data;
};

struct pl_rpc_link {
    uint32_t mbps, delay_us, cap, head, n;
    int64_t free_at; /* when the emulated wire has sent everything queued so far */
    int stop;
    struct entry *q;
    uint8_t *pool;
    pthread_mutex_t mu;
    pthread_cond_t cv, drained;
    pthread_t thread;
};

int64_t pl_rpc_link_tx_ns(uint32_t mbps, size_t len)
{
    return mbps ? (int64_t)(len + 28) * 8 * 1000 / mbps : 0;
}

static void *sender_main(void *arg)
{
    struct pl_rpc_link *l = arg;
    pthread_mutex_lock(&l->mu);
    for (;;) {
        while (!l->n && !l->stop)
            pthread_cond_wait(&l->cv, &l->mu);
        if (l->stop)
            break;
        struct entry *e = &l->q[l->head];
        int64_t now = pl_now_ns();
        if (e->due > now) {
            struct timespec ts = {.tv_sec = e->due / 1000000000LL, .tv_nsec = e->due % 1000000000LL};
            pthread_cond_timedwait(&l->cv, &l->mu, &ts);
            continue;
        }
        pthread_mutex_unlock(&l->mu);
        sendto(e->fd, e->data, e->len, 0, e->tolen ? (struct sockaddr *)&e->to : NULL, e->tolen);
        pthread_mutex_lock(&l->mu);
        l->head = (l->head + 1) % l->cap;
        if (--l->n == 0)
            pthread_cond_broadcast(&l->drained);
    }
    pthread_mutex_unlock(&l->mu);
    return NULL;
}

struct pl_rpc_link *pl_rpc_link_new(uint32_t mbps, uint32_t delay_us, uint32_t max_packet)
{
    struct pl_rpc_link *l = calloc(1, sizeof *l);
    if (!l)
        return NULL;
    l->mbps = mbps;
    l->delay_us = delay_us;
    l->cap = (16u << 20) / max_packet;
    if (l->cap < 64)
        l->cap = 64;
    if (l->cap > 1024)
        l->cap = 1024;
    l->q = calloc(l->cap, sizeof *l->q);
    l->pool = malloc((size_t)l->cap * max_packet);
    if (!l->q || !l->pool) {
        free(l->q);
        free(l->pool);
        free(l);
        return NULL;
    }
    for (uint32_t i = 0; i < l->cap; i++)
        l->q[i].data = l->pool + (size_t)i * max_packet;
    pthread_mutex_init(&l->mu, NULL);
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&l->cv, &ca);
    pthread_condattr_destroy(&ca);
    pthread_cond_init(&l->drained, NULL);
    pthread_create(&l->thread, NULL, sender_main, l);
    return l;
}

void pl_rpc_link_free(struct pl_rpc_link *l)
{
    if (!l)
        return;
    pthread_mutex_lock(&l->mu);
    l->stop = 1;
    pthread_cond_broadcast(&l->cv);
    pthread_mutex_unlock(&l->mu);
    pthread_join(l->thread, NULL);
    pthread_mutex_destroy(&l->mu);
    pthread_cond_destroy(&l->cv);
    pthread_cond_destroy(&l->drained);
    free(l->q);
    free(l->pool);
    free(l);
}

int pl_rpc_link_send(struct pl_rpc_link *l, int fd, const struct sockaddr_storage *to, socklen_t tolen,
                     const uint8_t *pkt, size_t len)
{
    int64_t now = pl_now_ns();
    pthread_mutex_lock(&l->mu);
    if (l->n == l->cap) {
        pthread_mutex_unlock(&l->mu);
        return -1; /* a full transmit queue drops, as a NIC's would */
    }
    int64_t start = l->free_at > now ? l->free_at : now;
    l->free_at = start + pl_rpc_link_tx_ns(l->mbps, len);
    struct entry *e = &l->q[(l->head + l->n) % l->cap];
    e->due = l->free_at + (int64_t)l->delay_us * 1000;
    e->fd = fd;
    e->tolen = to ? tolen : 0;
    if (to)
        memcpy(&e->to, to, tolen);
    e->len = len;
    memcpy(e->data, pkt, len);
    if (l->n++ == 0)
        pthread_cond_signal(&l->cv);
    pthread_mutex_unlock(&l->mu);
    return 0;
}

void pl_rpc_link_drain(struct pl_rpc_link *l)
{
    pthread_mutex_lock(&l->mu);
    while (l->n && !l->stop)
        pthread_cond_wait(&l->drained, &l->mu);
    pthread_mutex_unlock(&l->mu);
}
