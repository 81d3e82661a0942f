/* Starting and stopping the RPC server (rpc.h): its socket, its slots, its executors and its transport's listener
 * thread (udp: rpc_server.c, tcp: rpc_tcp_server.c), which hand every packet to rpc_server.c. */
#include "rpc.h"
#include "ktstamp.h"
#include "pl_clock.h"
#include "pl_error.h"
#include "rpc_link.h"
#include "rpc_server_int.h"

#include <errno.h>
#include <linux/net_tstamp.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#define N_SLOTS 256

int pl_rpc_server_start(struct pl_rpc_server *s, const struct pl_rpc_config *cfg, uint32_t allowed_prot,
                        const char *bind_addr, int port, int executors, struct pl_rpc_srec *recs,
                        uint32_t n_recs, char *err, size_t errlen)
{
    memset(s, 0, sizeof *s);
    s->cfg = *cfg;
    s->allowed_prot = allowed_prot;
    s->recs = recs;
    s->n_recs = n_recs;
    s->executors = executors < 1 ? 1 : executors > PL_RPC_MAX_THREADS ? PL_RPC_MAX_THREADS : executors;
    char ps[16];
    snprintf(ps, sizeof ps, "%d", port);
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_DGRAM, .ai_flags = AI_PASSIVE}, *ai;
    int rc = getaddrinfo(bind_addr, ps, &hints, &ai);
    if (rc != 0) {
        snprintf(err, errlen, "bind address %s: %s", bind_addr, gai_strerror(rc));
        return PL_ERR_SOCKET;
    }
    int tcp = cfg->transport == PL_RPC_TCP, one = 1;
    s->fd = socket(ai->ai_family, (tcp ? SOCK_STREAM : SOCK_DGRAM) | SOCK_CLOEXEC, 0);
    if (tcp && s->fd >= 0)
        setsockopt(s->fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (s->fd < 0 || bind(s->fd, ai->ai_addr, ai->ai_addrlen) < 0 || (tcp && listen(s->fd, 128) < 0)) {
        snprintf(err, errlen, "bind %s:%d: %s", bind_addr, port, strerror(errno));
        freeaddrinfo(ai);
        if (s->fd >= 0)
            close(s->fd);
        return PL_ERR_SOCKET;
    }
    freeaddrinfo(ai);
    struct sockaddr_storage a;
    socklen_t al = sizeof a;
    getsockname(s->fd, (struct sockaddr *)&a, &al);
    s->port = ntohs(a.ss_family == AF_INET6 ? ((struct sockaddr_in6 *)&a)->sin6_port
                                            : ((struct sockaddr_in *)&a)->sin_port);
    int buf = 4 << 20;
    setsockopt(s->fd, SOL_SOCKET, SO_RCVBUF, &buf, sizeof buf);
    if (!tcp) { /* RX stamps only: unread TX stamps would fill the error queue and eat the receive buffer */
        int rx_only = SOF_TIMESTAMPING_RX_SOFTWARE | SOF_TIMESTAMPING_SOFTWARE;
        s->kts = pl_kts_active() && setsockopt(s->fd, SOL_SOCKET, SO_TIMESTAMPING, &rx_only, sizeof rx_only) == 0;
        s->rt_off = s->kts ? pl_clock_realtime_offset_ns() : 0;
    }
    if (tcp) { /* the tcp listener looks at stop this often; udp's is woken by pl_rpc_server_stop */
        struct timeval tv = {.tv_usec = 200000};
        setsockopt(s->fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    }
    /* tcp: the listener's wait has no timeout either (a timed wait arms a kernel timer on every call's wait), an
     * eventfd written by pl_rpc_server_stop wakes it; without one it looks at stop every 200 ms */
    s->wake_fd = tcp ? eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK) : -1;
    if (pl_rpc_server_slots_init(s, N_SLOTS) != PL_OK) {
        close(s->fd);
        if (s->wake_fd >= 0)
            close(s->wake_fd);
        snprintf(err, errlen, "out of memory");
        return PL_ERR_NOMEM;
    }
    if (cfg->link_mbps || cfg->link_delay_us)
        s->link = pl_rpc_link_new(cfg->link_mbps, cfg->link_delay_us, PL_RPC_HEADER_BYTES + cfg->pk.packet_data);
    pthread_mutex_init(&s->q_mu, NULL);
    pthread_cond_init(&s->q_cv, NULL);
    for (int i = 0; i < s->executors; i++)
        pthread_create(&s->exec[i], NULL, pl_rpc_server_executor_main, s);
    pthread_create(&s->listener, NULL, tcp ? pl_rpc_tcp_listener_main : pl_rpc_udp_listener_main, s);
    return PL_OK;
}

void pl_rpc_server_stop(struct pl_rpc_server *s)
{
    atomic_store(&s->stop, 1);
    if (s->cfg.transport != PL_RPC_TCP)
        shutdown(s->fd, SHUT_RD); /* wakes the udp listener from its receive (it waits without a timeout) */
    else if (s->wake_fd >= 0 && eventfd_write(s->wake_fd, 1) < 0)
        perror("rpc server stop: eventfd"); /* cannot happen short of 2^64 - 1 writes: the listener would hang */
    pthread_mutex_lock(&s->q_mu);
    pthread_cond_broadcast(&s->q_cv);
    pthread_mutex_unlock(&s->q_mu);
    pthread_join(s->listener, NULL);
    for (int i = 0; i < s->executors; i++)
        pthread_join(s->exec[i], NULL);
    atomic_fetch_add(&s->calls_served, s->served_on_listener);
    pl_rpc_server_slots_free(s);
    pl_rpc_link_free(s->link);
    close(s->fd);
    if (s->wake_fd >= 0)
        close(s->wake_fd);
}
