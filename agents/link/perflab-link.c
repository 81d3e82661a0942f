/* perflab-link: an emulated wire between two network namespaces.
 *
 * It attaches to one TUN device in each namespace (created and routed by backend/perflab/links/wire.py) and
 * forwards IPv4 packets both ways. Each direction is a FIFO wire (src/wire/wire.c): a packet leaves when the one
 * ahead has left plus its own serialisation time, and is written to the far TUN device one propagation delay
 * later, also on an idle wire. A reader thread schedules each packet from its arrival, taken from the kernel's
 * stamp on a packet socket watching the device (the reader itself wakes tens of us later); a writer thread sleeps on
 * CLOCK_MONOTONIC until each delivery time (spinning the last microseconds) and writes. Impairments
 * (src/wire/impair.c, options: link_opts.c): loss and duplication on arrival, drop-tail limits and CoDel in the
 * queue, corruption and jitter after the wire. Packets wait in a heap by delivery time, so with --reorder one may
 * overtake another. Prints `ready` once both devices are attached; runs until SIGTERM or SIGINT, then writes its
 * last --stats and exits 0. */
#include "impair.h"
#include "link_opts.h"
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
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

/* packets in flight per direction (queued, on the wire, propagating); more are dropped like a full queue. An
 * intercontinental path holds a bandwidth-delay product of ~310 full frames besides its 1.9 MB queue, so 4096 at
 * MTU 1500 (6 MB a direction); at a larger MTU the buffers are capped at BUF_BYTES */
#define RING_SLOTS 4096
#define BUF_BYTES (64u << 20)
#define SEQ_WINDOW 65536 /* admitted packets the reorder count follows between the oldest undelivered and now */

struct pkt {
    uint64_t deliver_ns, seq;
    uint32_t len;
    unsigned char *buf;
};

struct counters {
    uint64_t received, delivered, lost_random, lost_burst, corrupted, duplicated, dropped_queue, dropped_codel,
        reordered;
};

struct dir {
    const char *name;
    int in, out;
    int tap; /* packet socket on the input device: kernel stamps of when each packet was handed to it */
    struct pl_wire_cfg cfg;
    struct pl_wire_dir wire;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    /* packets waiting for their delivery, a min-heap by (delivery, admission); their buffers and the free ones */
    struct pkt heap[RING_SLOTS];
    unsigned nheap, nfree;
    unsigned char *free_bufs[RING_SLOTS];
    /* the reader's impairments */
    struct pl_rng rng;
    double loss, dup, corrupt;
    int ge_on, jitter_on;
    struct pl_ge ge;
    uint64_t jitter_ns;
    enum pl_jitter_dist dist;
    const struct pl_jtable *table;
    /* reorder count: seq of the next admission, the oldest undelivered, which later ones went already */
    uint64_t next_seq, head_seq;
    unsigned char passed[SEQ_WINDOW];
    struct counters n;
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

static int pkt_before(const struct pkt *x, const struct pkt *y)
{
    return x->deliver_ns < y->deliver_ns || (x->deliver_ns == y->deliver_ns && x->seq < y->seq);
}

/* Adds p to the heap; returns 1 when it is the next due (the writer may be sleeping for a later one). */
static int heap_push(struct dir *d, struct pkt p)
{
    unsigned i = d->nheap++;
    for (; i > 0 && pkt_before(&p, &d->heap[(i - 1) / 2]); i = (i - 1) / 2)
        d->heap[i] = d->heap[(i - 1) / 2];
    d->heap[i] = p;
    return i == 0;
}

static struct pkt heap_pop(struct dir *d)
{
    struct pkt top = d->heap[0], last = d->heap[--d->nheap];
    unsigned i = 0, n = d->nheap;
    for (;;) {
        unsigned k = 2 * i + 1;
        if (k >= n)
            break;
        if (k + 1 < n && pkt_before(&d->heap[k + 1], &d->heap[k]))
            k++;
        if (!pkt_before(&d->heap[k], &last))
            break;
        d->heap[i] = d->heap[k];
        i = k;
    }
    d->heap[i] = last;
    return top;
}

/* A buffer for the next packet, or NULL when all are in flight (caller holds mu). */
static unsigned char *buf_get(struct dir *d)
{
    return d->nfree ? d->free_bufs[--d->nfree] : NULL;
}

static void buf_put(struct dir *d, unsigned char *buf)
{
    d->free_bufs[d->nfree++] = buf;
}

/* The oldest undelivered packet has gone (or is given up): the mark moves past it and past later ones gone. */
static void head_advance(struct dir *d)
{
    d->passed[d->head_seq++ % SEQ_WINDOW] = 0;
    while (d->head_seq < d->next_seq && d->passed[d->head_seq % SEQ_WINDOW])
        d->passed[d->head_seq++ % SEQ_WINDOW] = 0;
}

/* The writer delivered the packet numbered seq: was a packet admitted before it still on its way? */
static void count_order(struct dir *d, uint64_t seq)
{
    if (seq < d->head_seq) /* one the window gave up waiting for */
        return;
    if (seq != d->head_seq) {
        d->n.reordered++;
        d->passed[seq % SEQ_WINDOW] = 1;
        return;
    }
    head_advance(d);
}

/* One copy of a packet through the queue, the wire and the far end (caller holds mu). */
static void admit(struct dir *d, unsigned char *buf, uint32_t len, uint64_t arrived)
{
    uint64_t at;
    int r = pl_wire_admit(&d->cfg, &d->wire, arrived, len, &at);
    if (r != PL_WIRE_SENT) {
        if (r == PL_WIRE_DROP_CODEL)
            d->n.dropped_codel++;
        else
            d->n.dropped_queue++;
        buf_put(d, buf);
        return;
    }
    if (d->corrupt > 0 && pl_rng_chance(&d->rng, d->corrupt)) { /* it used the wire; the receiver drops it */
        d->n.corrupted++;
        buf_put(d, buf);
        return;
    }
    int64_t j = d->jitter_on ? pl_jitter_draw(&d->rng, d->dist, d->jitter_ns, d->table) : 0;
    at = pl_wire_deliver(&d->cfg, &d->wire, at, j);
    if (d->next_seq - d->head_seq >= SEQ_WINDOW) /* one packet held far longer than the rest: stop waiting */
        head_advance(d);
    if (heap_push(d, (struct pkt){.deliver_ns = at, .seq = d->next_seq++, .len = len, .buf = buf}))
        pthread_cond_signal(&d->cv);
}

static void *reader(void *arg)
{
    struct dir *d = arg;
    unsigned char *scratch = malloc(d->mtu);
    if (!scratch)
        die("malloc");
    for (;;) {
        pthread_mutex_lock(&d->mu);
        unsigned char *buf = buf_get(d);
        pthread_mutex_unlock(&d->mu);
        unsigned char *in = buf ? buf : scratch;
        ssize_t n = read(d->in, in, d->mtu);
        uint64_t now = mono_ns();
        if (n < 0 || n < 20 || in[0] >> 4 != 4) { /* not IPv4 (e.g. router solicitations): not the wire's */
            int e = errno;
            if (buf) {
                pthread_mutex_lock(&d->mu);
                buf_put(d, buf);
                pthread_mutex_unlock(&d->mu);
            }
            if (n < 0 && e != EINTR && e != EAGAIN)
                die("read");
            continue;
        }
        if (!buf) { /* all buffers in flight: dropped like a full queue */
            pthread_mutex_lock(&d->mu);
            d->n.received++;
            d->n.dropped_queue++;
            d->wire.dropped++;
            pthread_mutex_unlock(&d->mu);
            continue;
        }
        uint64_t arrived = arrival_ns(d, buf, n, now);
        /* before the queue: loss (burst, then random; a packet either loses is lost), then duplication */
        int burst = d->ge_on && pl_ge_lose(&d->ge, &d->rng);
        int random = d->loss > 0 && pl_rng_chance(&d->rng, d->loss);
        int dup = !burst && !random && d->dup > 0 && pl_rng_chance(&d->rng, d->dup);
        pthread_mutex_lock(&d->mu);
        d->n.received++;
        if (burst || random) {
            if (burst)
                d->n.lost_burst++;
            else
                d->n.lost_random++;
            buf_put(d, buf);
        } else {
            unsigned char *copy = dup ? buf_get(d) : NULL;
            d->n.duplicated += dup;
            if (copy)
                memcpy(copy, buf, (size_t)n);
            else if (dup)
                d->n.dropped_queue++;
            admit(d, buf, (uint32_t)n, arrived);
            if (copy)
                admit(d, copy, (uint32_t)n, arrived);
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
        while (d->nheap == 0)
            pthread_cond_wait(&d->cv, &d->mu);
        uint64_t due = d->heap[0].deliver_ns;
        if (d->cfg.reorder && due > mono_ns() + d->spin_ns) {
            /* a later arrival may overtake: wait on the condition, woken by a packet due sooner */
            uint64_t w = due - d->spin_ns;
            struct timespec ts = {.tv_sec = (time_t)(w / 1000000000ull), .tv_nsec = (long)(w % 1000000000ull)};
            pthread_cond_timedwait(&d->cv, &d->mu, &ts);
            pthread_mutex_unlock(&d->mu);
            continue;
        }
        /* in order (no --reorder): the head is always the next one due, nothing can come before it */
        struct pkt p = heap_pop(d);
        pthread_mutex_unlock(&d->mu);
        sleep_until(p.deliver_ns, d->spin_ns);
        if (write(d->out, p.buf, p.len) < 0 && errno != EINVAL)
            fprintf(stderr, "perflab-link: %s write: %s\n", d->name, strerror(errno));
        pthread_mutex_lock(&d->mu);
        d->n.delivered++;
        count_order(d, p.seq);
        buf_put(d, p.buf);
        pthread_mutex_unlock(&d->mu);
    }
    return NULL;
}

/* The counters as JSON at path, replaced whole (written to path.tmp, then renamed). */
static void write_stats(const char *path, uint64_t seed, struct dir *dirs)
{
    if (!path)
        return;
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    if (!f) {
        fprintf(stderr, "perflab-link: %s: %s\n", tmp, strerror(errno));
        return;
    }
    static const char *const fields[] = {"received", "delivered", "lost_random", "lost_burst", "corrupted",
                                         "duplicated", "dropped_queue", "dropped_codel", "reordered",
                                         "max_queue_bytes", "max_queue_packets"};
    fprintf(f, "{\"seed\": %llu", (unsigned long long)seed);
    for (int i = 0; i < 2; i++) {
        struct dir *d = &dirs[i];
        pthread_mutex_lock(&d->mu);
        struct counters n = d->n;
        uint64_t v[] = {n.received, n.delivered, n.lost_random, n.lost_burst, n.corrupted, n.duplicated,
                        n.dropped_queue, n.dropped_codel, n.reordered, d->wire.max_queue_bytes,
                        d->wire.max_queue_packets};
        pthread_mutex_unlock(&d->mu);
        fprintf(f, ", \"%s\": {", d->name);
        for (unsigned k = 0; k < sizeof v / sizeof v[0]; k++)
            fprintf(f, "%s\"%s\": %llu", k ? ", " : "", fields[k], (unsigned long long)v[k]);
        fprintf(f, "}");
    }
    fprintf(f, "}\n");
    if (fclose(f) != 0 || rename(tmp, path) != 0)
        fprintf(stderr, "perflab-link: %s: %s\n", path, strerror(errno));
}

int main(int argc, char **argv)
{
    static struct link_opts o;
    char err[512];
    if (link_opts_parse(argc, argv, &o, err, sizeof err) != 0) { /* exit 2: the backend reads why from the log */
        if (err[0])
            fprintf(stderr, "perflab-link: %s\n", err);
        else
            link_opts_usage();
        return 2;
    }
    fprintf(stderr, "perflab-link: seed %llu\n", (unsigned long long)o.seed);

    prctl(PR_SET_TIMERSLACK, 1UL); /* the default 50 us of slack would be 4% of a frame at 10 Mbit/s */
    if (o.rt) { /* threads inherit it: wake-ups are not delayed behind the host's other work */
        struct sched_param sp = {.sched_priority = 10};
        if (sched_setscheduler(0, SCHED_FIFO, &sp) != 0)
            fprintf(stderr, "perflab-link: no realtime priority (%s): timing is looser\n", strerror(errno));
    }
    /* SIGTERM and SIGINT are taken by the main thread only (sigtimedwait), so the last stats get written */
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGTERM);
    sigaddset(&stop, SIGINT);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);
    int ta, tb, fa = tun_attach(o.ns[0], o.dev[0], &ta), fb = tun_attach(o.ns[1], o.dev[1], &tb);
    static struct dir dirs[2];
    dirs[0].name = "a->b", dirs[0].in = fa, dirs[0].out = fb, dirs[0].tap = ta;
    dirs[1].name = "b->a", dirs[1].in = fb, dirs[1].out = fa, dirs[1].tap = tb;
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC); /* the writer's timed waits are on delivery times */
    pthread_t th[4];
    for (int i = 0; i < 2; i++) {
        struct dir *d = &dirs[i];
        d->cfg = o.cfg[i];
        d->mtu = o.mtu;
        d->spin_ns = o.spin_us * 1000;
        pl_rng_seed(&d->rng, o.seed, (uint64_t)i); /* each direction its own stream */
        d->loss = o.loss[i], d->dup = o.dup[i], d->corrupt = o.corrupt[i];
        d->ge_on = o.ge_on[i], d->ge = o.ge[i];
        d->jitter_ns = o.jitter_ns[i], d->dist = o.dist, d->table = &o.table;
        d->jitter_on = o.dist == PL_JITTER_TABLE || o.jitter_ns[i] > 0;
        pthread_mutex_init(&d->mu, NULL);
        pthread_cond_init(&d->cv, &ca);
        unsigned slots = BUF_BYTES / o.mtu < RING_SLOTS ? BUF_BYTES / o.mtu : RING_SLOTS;
        unsigned char *mem = malloc((size_t)slots * o.mtu);
        if (!mem)
            die("malloc");
        for (unsigned k = 0; k < slots; k++)
            buf_put(d, mem + (size_t)(slots - 1 - k) * o.mtu);
        if (pthread_create(&th[2 * i], NULL, reader, d) || pthread_create(&th[2 * i + 1], NULL, writer, d))
            die("pthread_create");
    }
    printf("ready\n");
    fflush(stdout);
    uint64_t next = mono_ns() + 1000000000ull;
    for (;;) {
        uint64_t now = mono_ns(), left = next > now ? next - now : 0;
        struct timespec ts = {.tv_sec = (time_t)(left / 1000000000ull), .tv_nsec = (long)(left % 1000000000ull)};
        int sig = sigtimedwait(&stop, NULL, &ts);
        if (sig == SIGTERM || sig == SIGINT) {
            write_stats(o.stats_path, o.seed, dirs);
            exit(0);
        }
        if (mono_ns() >= next) {
            write_stats(o.stats_path, o.seed, dirs);
            next += 1000000000ull;
        }
    }
}
