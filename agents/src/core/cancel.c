#include "cancel.h"
#include <sys/socket.h>

void pl_cancel_init(struct pl_cancel *c)
{
    atomic_init(&c->reason, PL_STOP_NONE);
    pthread_mutex_init(&c->mu, NULL);
    c->nfds = 0;
}

void pl_cancel_destroy(struct pl_cancel *c)
{
    pthread_mutex_destroy(&c->mu);
}

int pl_cancel_add_fd(struct pl_cancel *c, int fd)
{
    if (!c)
        return 0;
    pthread_mutex_lock(&c->mu);
    int fired = atomic_load(&c->reason) != PL_STOP_NONE;
    if (fired)
        shutdown(fd, SHUT_RDWR);
    else if (c->nfds < PL_CANCEL_MAX_FDS)
        c->fds[c->nfds++] = fd;
    pthread_mutex_unlock(&c->mu);
    return fired;
}

void pl_cancel_remove_fd(struct pl_cancel *c, int fd)
{
    if (!c)
        return;
    pthread_mutex_lock(&c->mu);
    for (int i = 0; i < c->nfds; i++)
        if (c->fds[i] == fd) {
            c->fds[i] = c->fds[--c->nfds];
            break;
        }
    pthread_mutex_unlock(&c->mu);
}

void pl_cancel_fire(struct pl_cancel *c, enum pl_stop_reason reason)
{
    pthread_mutex_lock(&c->mu);
    int expected = PL_STOP_NONE;
    atomic_compare_exchange_strong(&c->reason, &expected, (int)reason);
    /* shutdown (not close): the owner still closes its fd, and a blocked
     * accept/recv returns at once (also on UDP sockets on Linux) */
    for (int i = 0; i < c->nfds; i++)
        shutdown(c->fds[i], SHUT_RDWR);
    pthread_mutex_unlock(&c->mu);
}
