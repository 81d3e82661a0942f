/* perflab-link: an emulated wire between two network namespaces.
 *
 * It attaches to one TUN device in each namespace (created and routed by backend/perflab/links/wire.py) and
 * forwards IPv4 packets both ways. Each direction is a FIFO wire (src/wire/wire.c): a packet leaves when the one
 * ahead has left plus its own serialisation time, and is written to the far TUN device one propagation delay
 * later, also on an idle wire. A reader thread schedules each packet from its arrival, taken from the kernel's
 * stamp on a packet socket watching the device (the reader itself wakes tens of us later); a writer thread sleeps on
 * CLOCK_MONOTONIC until each delivery time (spinning the last microseconds) and writes. Prints `ready` once
 * both devices are attached; runs until killed (the backend stops it with SIGTERM). */
#include "wire.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <arpa/inet.h>
#include <linux/if.h>
#include <linux/if_packet.h>
#include <linux/if_tun.h>
#include <net/ethernet.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define RING_SLOTS 1024 /* packets in flight per direction; more are dropped like a full queue */

struct slot {
    uint64_t deliver_ns;
    uint32_t len;
    unsigned char *buf;
};

struct dir {
    const char *name;
    int in, out;
    int tap; /* packet socket on the input device: kernel stamps of when each packet was handed to it */
    const struct pl_wire_cfg *cfg;
    struct pl_wire_dir wire;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    struct slot ring[RING_SLOTS];
    unsigned head, tail; /* writer owns head, reader owns tail; tail - head packets queued */
    uint32_t mtu;
    uint64_t spin_ns;
};

static uint64_t mono_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void die(const char *what)
{
    fprintf(stderr, "perflab-link: %s: %s\n", what, strerror(errno));
    exit(1);
}

/* The timer wakes a few microseconds late on a busy host: sleep to `spin` before the deadline, then spin. */
static void sleep_until(uint64_t t, uint64_t spin)
{
    if (t > spin + mono_ns()) {
        uint64_t w = t - spin;
        struct timespec ts = {.tv_sec = (time_t)(w / 1000000000ull), .tv_nsec = (long)(w % 1000000000ull)};
        while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
            ;
    }
    while (mono_ns() < t)
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#else
        ;
#endif
}

static uint64_t realtime_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* A packet socket on `dev` (in the current namespace) that sees what the host sends to it, stamped. */
static int tap_open(const char *dev)
{
    int fd = socket(AF_PACKET, SOCK_DGRAM | SOCK_CLOEXEC, htons(ETH_P_ALL));
    if (fd < 0)
        die("packet socket");
    int on = 1, rcvbuf = 1 << 20;
    struct ifreq ifr;
    memset(&ifr, 0, sizeof ifr);
    snprintf(ifr.ifr_name, IFNAMSIZ, "%s", dev);
    if (ioctl(fd, SIOCGIFINDEX, &ifr) != 0)
        die(dev);
    struct sockaddr_ll sll = {.sll_family = AF_PACKET, .sll_protocol = htons(ETH_P_ALL),
                              .sll_ifindex = ifr.ifr_ifindex};
    if (bind(fd, (struct sockaddr *)&sll, sizeof sll) != 0 ||
        setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPNS, &on, sizeof on) != 0)
        die("packet socket on the TUN device");
    setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &rcvbuf, sizeof rcvbuf);
    return fd;
}

/* When the packet in `pkt` joined the wire, on CLOCK_MONOTONIC: the stamp of its copy on the tap, which the
 * kernel queued before the TUN device woke the reader; `now` if the copy is missing (the tap overflowed). */
static uint64_t arrival_ns(struct dir *d, const unsigned char *pkt, ssize_t n, uint64_t now)
{
    unsigned char head[20];
    char ctrl[64];
    struct sockaddr_ll from;
    for (;;) {
        struct iovec iov = {.iov_base = head, .iov_len = sizeof head};
        struct msghdr m = {.msg_name = &from, .msg_namelen = sizeof from, .msg_iov = &iov, .msg_iovlen = 1,
                           .msg_control = ctrl, .msg_controllen = sizeof ctrl};
        ssize_t got = recvmsg(d->tap, &m, MSG_DONTWAIT | MSG_TRUNC);
        if (got < 0)
            return now;
        /* the tap also sees what the link writes into this device (PACKET_HOST): skip it, and any copy
         * whose IP header (length, id, fragment, addresses) is not this packet's */
        if (from.sll_pkttype != PACKET_OUTGOING || got != n || memcmp(head, pkt, sizeof head) != 0)
            continue;
        for (struct cmsghdr *c = CMSG_FIRSTHDR(&m); c; c = CMSG_NXTHDR(&m, c)) {
            if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_TIMESTAMPNS) {
                struct timespec ts;
                memcpy(&ts, CMSG_DATA(c), sizeof ts);
                uint64_t real = (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
                uint64_t ago = realtime_ns() - real; /* how long before the reader saw it */
                uint64_t mono = mono_ns();
                return ago < mono - now + 10000000ull ? mono - ago : now; /* a stamp > 10 ms old is not it */
            }
        }
        return now;
    }
}

/* Attach to the persistent TUN device `dev` in the namespace at `ns_path` (e.g. /run/netns/x): a TUN device
 * is looked up in the namespace the opening thread is in, so enter it for the open and come back. */
static int tun_attach(const char *ns_path, const char *dev, int *tap)
{
    int self = open("/proc/thread-self/ns/net", O_RDONLY | O_CLOEXEC);
    int ns = open(ns_path, O_RDONLY | O_CLOEXEC);
    if (self < 0 || ns < 0)
        die(ns_path);
    if (setns(ns, CLONE_NEWNET) != 0)
        die("setns");
    int fd = open("/dev/net/tun", O_RDWR | O_CLOEXEC);
    if (fd < 0)
        die("/dev/net/tun");
    struct ifreq ifr;
    memset(&ifr, 0, sizeof ifr);
    ifr.ifr_flags = IFF_TUN | IFF_NO_PI; /* bare IP packets, no header to strip */
    snprintf(ifr.ifr_name, IFNAMSIZ, "%s", dev);
    if (ioctl(fd, TUNSETIFF, &ifr) != 0)
        die(dev);
    *tap = tap_open(dev);
    if (setns(self, CLONE_NEWNET) != 0)
        die("setns back");
    close(ns);
    close(self);
    return fd;
}

static void *reader(void *arg)
{
    struct dir *d = arg;
    unsigned char *scratch = malloc(d->mtu);
    if (!scratch)
        die("malloc");
    for (;;) {
        pthread_mutex_lock(&d->mu);
        int full = d->tail - d->head == RING_SLOTS;
        struct slot *s = &d->ring[d->tail % RING_SLOTS];
        pthread_mutex_unlock(&d->mu);
        unsigned char *buf = full ? scratch : s->buf;
        ssize_t n = read(d->in, buf, d->mtu);
        uint64_t now = mono_ns();
        if (n < 0) {
            if (errno == EINTR || errno == EAGAIN)
                continue;
            die("read");
        }
        if (full || n < 20 || buf[0] >> 4 != 4) { /* ring full, or not IPv4 (e.g. router solicitations) */
            d->wire.dropped++;
            continue;
        }
        uint64_t at, arrived = arrival_ns(d, buf, n, now);
        pthread_mutex_lock(&d->mu);
        if (pl_wire_admit(d->cfg, &d->wire, arrived, (uint32_t)n, &at) == 0) {
            s->deliver_ns = at;
            s->len = (uint32_t)n;
            d->tail++;
            pthread_cond_signal(&d->cv);
        }
        pthread_mutex_unlock(&d->mu);
    }
    return NULL;
}

static void *writer(void *arg)
{
    struct dir *d = arg;
    for (;;) {
        pthread_mutex_lock(&d->mu);
        while (d->tail == d->head)
            pthread_cond_wait(&d->cv, &d->mu);
        struct slot *s = &d->ring[d->head % RING_SLOTS];
        pthread_mutex_unlock(&d->mu);
        /* deliveries are in order (FIFO, one propagation delay): the head is always the next one due */
        sleep_until(s->deliver_ns, d->spin_ns);
        if (write(d->out, s->buf, s->len) < 0 && errno != EINVAL)
            fprintf(stderr, "perflab-link: %s write: %s\n", d->name, strerror(errno));
        pthread_mutex_lock(&d->mu);
        d->head++;
        pthread_mutex_unlock(&d->mu);
    }
    return NULL;
}

static void usage(void)
{
    fprintf(stderr,
            "usage: perflab-link --a NS_PATH:DEV --b NS_PATH:DEV --rate-bps N [--prop-ns N] [--overhead B]\n"
            "                    [--min-frame B] [--limit-bytes N] [--mtu N] [--spin-us N] [--no-rt] [--lab ID]\n");
    exit(2);
}

static void split(char *arg, char **ns, char **dev)
{
    char *colon = strrchr(arg, ':');
    if (!colon)
        usage();
    *colon = 0;
    *ns = arg;
    *dev = colon + 1;
}

int main(int argc, char **argv)
{
    struct pl_wire_cfg cfg = {.overhead_bytes = 38, .min_wire_bytes = 84, .limit_bytes = 256 * 1024};
    char *a_ns = NULL, *a_dev = NULL, *b_ns = NULL, *b_dev = NULL;
    uint32_t mtu = 1500;
    uint64_t spin_us = 30;
    int rt = 1;
    static const struct option opts[] = {
        {"a", 1, 0, 'a'},        {"b", 1, 0, 'b'},           {"rate-bps", 1, 0, 'r'}, {"prop-ns", 1, 0, 'p'},
        {"overhead", 1, 0, 'o'}, {"min-frame", 1, 0, 'm'},   {"limit-bytes", 1, 0, 'l'},
        {"mtu", 1, 0, 'M'},      {"spin-us", 1, 0, 's'},     {"no-rt", 0, 0, 'n'},    {"lab", 1, 0, 'L'},
        {0, 0, 0, 0}};
    for (int c; (c = getopt_long(argc, argv, "", opts, NULL)) != -1;) {
        switch (c) {
        case 'a': split(optarg, &a_ns, &a_dev); break;
        case 'b': split(optarg, &b_ns, &b_dev); break;
        case 'r': cfg.rate_bps = strtoull(optarg, NULL, 10); break;
        case 'p': cfg.prop_ns = strtoull(optarg, NULL, 10); break;
        case 'o': cfg.overhead_bytes = (uint32_t)strtoul(optarg, NULL, 10); break;
        case 'm': cfg.min_wire_bytes = (uint32_t)strtoul(optarg, NULL, 10); break;
        case 'l': cfg.limit_bytes = strtoull(optarg, NULL, 10); break;
        case 'M': mtu = (uint32_t)strtoul(optarg, NULL, 10); break;
        case 's': spin_us = strtoull(optarg, NULL, 10); break;
        case 'n': rt = 0; break;
        case 'L': break; /* names the lab in `ps` so its cleanup finds a link a crash left */
        default: usage();
        }
    }
    if (!a_ns || !b_ns || cfg.rate_bps == 0 || mtu < 68 || mtu > 65535)
        usage();

    prctl(PR_SET_TIMERSLACK, 1UL); /* the default 50 us of slack would be 4% of a frame at 10 Mbit/s */
    if (rt) { /* threads inherit it: wake-ups are not delayed behind the host's other work */
        struct sched_param sp = {.sched_priority = 10};
        if (sched_setscheduler(0, SCHED_FIFO, &sp) != 0)
            fprintf(stderr, "perflab-link: no realtime priority (%s): timing is looser\n", strerror(errno));
    }
    int ta, tb, fa = tun_attach(a_ns, a_dev, &ta), fb = tun_attach(b_ns, b_dev, &tb);
    static struct dir dirs[2];
    dirs[0] = (struct dir){.name = "a->b", .in = fa, .out = fb, .tap = ta};
    dirs[1] = (struct dir){.name = "b->a", .in = fb, .out = fa, .tap = tb};
    pthread_t th[4];
    for (int i = 0; i < 2; i++) {
        struct dir *d = &dirs[i];
        d->cfg = &cfg;
        d->mtu = mtu;
        d->spin_ns = spin_us * 1000;
        pthread_mutex_init(&d->mu, NULL);
        pthread_cond_init(&d->cv, NULL);
        unsigned char *mem = malloc((size_t)RING_SLOTS * mtu);
        if (!mem)
            die("malloc");
        for (int k = 0; k < RING_SLOTS; k++)
            d->ring[k].buf = mem + (size_t)k * mtu;
        if (pthread_create(&th[2 * i], NULL, reader, d) || pthread_create(&th[2 * i + 1], NULL, writer, d))
            die("pthread_create");
    }
    printf("ready\n");
    fflush(stdout);
    for (int i = 0; i < 4; i++)
        pthread_join(th[i], NULL);
    return 0;
}
