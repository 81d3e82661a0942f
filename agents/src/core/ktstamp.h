/* Kernel software timestamps (SO_TIMESTAMPING): when the kernel handed a sent message to the
 * device (SND) or the queueing layer (SCHED), and when a received one entered the stack (RX).
 * The kernel stamps in CLOCK_REALTIME; everything here returns CLOCK_MONOTONIC ns (the agent's
 * clock) using an offset sampled by the caller at the start of a job. */
#ifndef PL_KTSTAMP_H
#define PL_KTSTAMP_H
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>

struct pl_kts_caps {
    int tx_software, tx_sched, rx_software;
    char detail[160];
};

/* Detected once (first call) on a loopback UDP socket that stays open: RX stamping is switched
 * on in the kernel asynchronously, and a socket holding it keeps it on for later sockets. */
const struct pl_kts_caps *pl_kts_caps(void);
/* Ask for software TX (SND, SCHED) and RX stamps on fd, report-only (no payload echo). 0 ok. */
int pl_kts_enable(int fd);
/* recvmsg() with the RX stamp of the (first) datagram/segment read: *rx_ns, 0 if none. */
ssize_t pl_kts_recv(int fd, void *buf, size_t len, int flags, struct sockaddr *from,
                    socklen_t *fromlen, int64_t rt_off, int64_t *rx_ns);
/* Drain the error queue without blocking; the latest SND and SCHED stamps not before min_ns (the
 * send() enter of the message they must belong to: older ones are of earlier messages) go to
 * *snd and *sched, left alone when none. A stamp the kernel takes after the drain (a large TCP
 * message still in the socket buffer) is lost, never given to the wrong message. */
int pl_kts_drain_tx(int fd, int64_t rt_off, int64_t min_ns, int64_t *sched, int64_t *snd);

/* Process-wide switch (the daemon turns it on; the CLI on --kernel-timestamps): experiment
 * sockets opened while it is on, on a kernel that has the stamps, record them. */
void pl_kts_set_wanted(int on);
int pl_kts_active(void);

#endif
