#include "ktstamp.h"
#include "pl_clock.h"

#include <arpa/inet.h>
#include <errno.h>
#include <linux/errqueue.h>
#include <linux/net_tstamp.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define KTS_FLAGS                                                                                 \
    (SOF_TIMESTAMPING_TX_SOFTWARE | SOF_TIMESTAMPING_TX_SCHED | SOF_TIMESTAMPING_RX_SOFTWARE |   \
     SOF_TIMESTAMPING_SOFTWARE | SOF_TIMESTAMPING_OPT_TSONLY)
#define DETECT_TRIES 50

static struct pl_kts_caps caps;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static int keeper_fd = -1; /* keeps the kernel's RX stamping switched on */
static int wanted;

void pl_kts_set_wanted(int on)
{
    wanted = on;
    if (on)
        pl_kts_caps(); /* detect now: switches the kernel's RX stamping on early */
}

int pl_kts_active(void)
{
    return wanted && (pl_kts_caps()->rx_software || pl_kts_caps()->tx_software);
}

int pl_kts_enable(int fd)
{
    int v = KTS_FLAGS;
    return setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPING, &v, sizeof v);
}

static int64_t ts_mono(const struct timespec *ts, int64_t rt_off)
{
    if (ts->tv_sec == 0 && ts->tv_nsec == 0)
        return 0;
    return (int64_t)ts->tv_sec * 1000000000LL + ts->tv_nsec - rt_off;
}

ssize_t pl_kts_recv(int fd, void *buf, size_t len, int flags, struct sockaddr *from,
                    socklen_t *fromlen, int64_t rt_off, int64_t *rx_ns)
{
    union {
        char buf[CMSG_SPACE(sizeof(struct scm_timestamping)) + 64];
        struct cmsghdr align;
    } ctl;
    struct iovec iov = {buf, len};
    struct msghdr m = {.msg_name = from, .msg_namelen = fromlen ? *fromlen : 0, .msg_iov = &iov,
                       .msg_iovlen = 1, .msg_control = ctl.buf, .msg_controllen = sizeof ctl.buf};
    ssize_t n = recvmsg(fd, &m, flags);
    *rx_ns = 0;
    if (fromlen)
        *fromlen = m.msg_namelen;
    if (n < 0)
        return n;
    for (struct cmsghdr *c = CMSG_FIRSTHDR(&m); c; c = CMSG_NXTHDR(&m, c))
        if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_TIMESTAMPING)
            *rx_ns = ts_mono(&((struct scm_timestamping *)CMSG_DATA(c))->ts[0], rt_off);
    return n;
}

int pl_kts_drain_tx(int fd, int64_t rt_off, int64_t min_ns, int64_t *sched, int64_t *snd)
{
    int got = 0;
    for (;;) {
        union {
            char buf[CMSG_SPACE(sizeof(struct scm_timestamping)) +
                     CMSG_SPACE(sizeof(struct sock_extended_err) + sizeof(struct sockaddr_in6)) + 64];
            struct cmsghdr align;
        } ctl;
        char data[64];
        struct iovec iov = {data, sizeof data};
        struct msghdr m = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl.buf,
                           .msg_controllen = sizeof ctl.buf};
        if (recvmsg(fd, &m, MSG_ERRQUEUE | MSG_DONTWAIT) < 0)
            return got;
        int64_t t = 0;
        int type = -1;
        for (struct cmsghdr *c = CMSG_FIRSTHDR(&m); c; c = CMSG_NXTHDR(&m, c)) {
            if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_TIMESTAMPING) {
                t = ts_mono(&((struct scm_timestamping *)CMSG_DATA(c))->ts[0], rt_off);
            } else if ((c->cmsg_level == SOL_IP && c->cmsg_type == IP_RECVERR) ||
                       (c->cmsg_level == SOL_IPV6 && c->cmsg_type == IPV6_RECVERR)) {
                struct sock_extended_err *e = (struct sock_extended_err *)CMSG_DATA(c);
                if (e->ee_errno == ENOMSG && e->ee_origin == SO_EE_ORIGIN_TIMESTAMPING)
                    type = (int)e->ee_info;
            }
        }
        if (!t || t < min_ns)
            continue;
        got++;
        if (type == SCM_TSTAMP_SND && snd)
            *snd = t;
        else if (type == SCM_TSTAMP_SCHED && sched)
            *sched = t;
    }
}

static void detect(void)
{
    snprintf(caps.detail, sizeof caps.detail, "not available");
    int fd = socket(AF_INET, SOCK_DGRAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    socklen_t al = sizeof a;
    if (fd < 0 || bind(fd, (struct sockaddr *)&a, sizeof a) < 0 ||
        getsockname(fd, (struct sockaddr *)&a, &al) < 0 ||
        connect(fd, (struct sockaddr *)&a, sizeof a) < 0) {
        snprintf(caps.detail, sizeof caps.detail, "loopback socket: %s", strerror(errno));
        goto fail;
    }
    if (pl_kts_enable(fd) < 0) {
        snprintf(caps.detail, sizeof caps.detail, "SO_TIMESTAMPING: %s", strerror(errno));
        goto fail;
    }
    int64_t off = pl_clock_realtime_offset_ns();
    /* RX stamping is switched on by deferred kernel work: early datagrams may come unstamped */
    for (int i = 0; i < DETECT_TRIES && !(caps.rx_software && caps.tx_software); i++) {
        char b = 'x';
        if (send(fd, &b, 1, 0) != 1)
            break;
        struct pollfd p = {fd, POLLIN, 0};
        if (poll(&p, 1, 100) != 1)
            continue;
        int64_t rx = 0, sched = 0, snd = 0;
        if (pl_kts_recv(fd, &b, 1, 0, NULL, NULL, off, &rx) == 1 && rx)
            caps.rx_software = 1;
        pl_kts_drain_tx(fd, off, 0, &sched, &snd);
        caps.tx_software |= snd != 0;
        caps.tx_sched |= sched != 0;
        if (!caps.rx_software)
            usleep(10000);
    }
    snprintf(caps.detail, sizeof caps.detail, "SO_TIMESTAMPING software:%s%s%s",
             caps.tx_sched ? " tx-sched" : "", caps.tx_software ? " tx-snd" : "",
             caps.rx_software ? " rx" : "");
    if (caps.rx_software) {
        keeper_fd = fd;
        return;
    }
fail:
    if (fd >= 0)
        close(fd);
}

const struct pl_kts_caps *pl_kts_caps(void)
{
    pthread_once(&once, detect);
    return &caps;
}
