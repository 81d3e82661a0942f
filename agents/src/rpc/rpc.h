/* The instrumented RPC runtime, modelled on DCE RPC over UDP (Khandker et al. 1995; Khandker & Teorey):
 * binding handle → call handles (sequence number, learned packet size, window) cached per thread or in one
 * slot per binding; packetisation, windowed flow control with ack requests, retransmission on timeout;
 * a server of one listener thread and a pool of executor threads. Every step is timed into preallocated
 * records (agents/STEPS.md, codes 10–23 and 110–119): a probe is a clock read and a store. */
#ifndef PL_RPC_H
#define PL_RPC_H
#include <netinet/in.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <sys/socket.h>
#include "pl_clock.h"
#include "rpc_host.h"
#include "rpc_inject.h"
#include "steps.h" /* CS_* and SS_*: a record's step indexes (PL_RPC_CSTEP_BASE + index = code) */
#include "rpc_wire.h"

#define PL_RPC_MAX_THREADS 64

enum pl_rpc_cache { PL_CACHE_PER_THREAD = 0, PL_CACHE_SINGLE = 1 };
/* udp: datagrams with windows, acks and retransmission; tcp: the same packets framed on a stream by the
 * header's len, one connection per call handle, no windows (TCP does flow control and retransmission) */
enum pl_rpc_transport { PL_RPC_UDP = 0, PL_RPC_TCP = 1 };

struct pl_rpc_config {
    struct pl_rpc_packetisation pk; /* header_bytes is fixed at 80; packet_data and mtu are reported */
    uint32_t small_packet_data;     /* a new handle's packet data size until it learns the peer's */
    uint32_t window_initial, window_max; /* bytes of unacknowledged data: DCE 4 KB doubling to 32 KB */
    uint32_t rto_ms;                /* wait for an ack or reply before retransmitting */
    uint32_t max_retries;           /* consecutive timeouts before the call fails */
    int prot;                       /* enum pl_rpc_prot */
    int cache;                      /* enum pl_rpc_cache */
    uint8_t key[PL_RPC_KEY_BYTES];  /* shared secret of both agents for every level above none */
    uint32_t drop_every;            /* test hook: drop every Nth packet this side sends (0 = never) */
    uint32_t corrupt_every;         /* test hook: flip a bit of every Nth packet after protection */
    uint32_t link_mbps;             /* link emulation (rpc_link.c): serialisation rate, 0 = off */
    uint32_t link_delay_us;         /* and one-way delay added to every packet this side sends */
    uint32_t always_dispatch;       /* server: hand every call to an executor, even one-packet null/sink/echo */
    uint32_t host_packet_us;        /* host emulation (rpc_host.h): CPU µs per packet sent or received, 0 = off */
    int transport;                  /* enum pl_rpc_transport; a binding string's prefix sets it */
    /* server: the calls of the run's inject points and what to plant in them (rpc_inject.h); NULL = none. The
     * caller owns it until the server stopped. A client's calls carry theirs (pl_rpc_call) */
    struct pl_rpc_inject_map *inject;
};
void pl_rpc_config_default(struct pl_rpc_config *c);

/* The clock read at a step's boundary inside a call (a call's start and end, and the work procedure, read
 * pl_now_ns). The limit build bench/rpc_vs_sockets.py measures beside the runtime (-DPL_NO_STEP_CLOCK,
 * `make -C agents build/perflab-agent-no-step-clock`) counts instead of reading: its null call costs what
 * the runtime costs without the clock reads of its steps. Its steps are not times; it is for that bench only. */
#ifdef PL_NO_STEP_CLOCK
static inline int64_t pl_step_now(void)
{
    static __thread int64_t n;
    return ++n;
}
#else
static inline int64_t pl_step_now(void) { return pl_now_ns(); }
#endif

/* One step's accumulated time: start of its first occurrence, summed duration of all of them
 * (sendmsg, wait, ack repeat per packet or window). start == 0: the step did not happen. */
struct pl_rpc_step { int64_t start, dur; };
static inline void pl_rpc_probe(struct pl_rpc_step *s, int64_t t0, int64_t t1)
{
    if (!s->start)
        s->start = t0;
    s->dur += t1 - t0;
}

/* client record of one call (t_* in the client's clock except srv_* in the server's) */
struct pl_rpc_crec {
    int64_t t_start, t_end, srv_recv, srv_send;
    uint32_t call_no, req_bytes, resp_bytes;
    uint16_t flags, thread, point_no, done;
    /* udp: the runtime's retransmissions (c.retransmit occurrences: a go-back after a timeout, or an ack of a
     * partial reply); tcp: the handle socket's tcpi_total_retrans increase across the call (saturated) */
    uint16_t retransmits;
    int64_t send_lag_ns; /* open-loop arrivals (arrivals.h): t_start - the call's intended send time; 0 closed */
    struct pl_rpc_step s[PL_RPC_CSTEPS];
    /* kernel points (udp, SO_TIMESTAMPING; 0 = none): send() enter of the last request packet, its SND and
     * SCHED stamps, the first reply packet's RX stamp and the recv() return that read it */
    int64_t k_send, k_snd, k_sched, k_rx, k_rx_ret;
};
/* kernel steps 201-204 of a client record (agents/STEPS.md); 0 when a pair is missing or out of order */
enum { PL_RPC_KSTEPS = 4 };
int pl_rpc_kernel_steps(const struct pl_rpc_crec *r, uint16_t code[PL_RPC_KSTEPS], int64_t from[PL_RPC_KSTEPS],
                        int64_t to[PL_RPC_KSTEPS]);
/* server record of one call, indexed by the call_no the request carries */
struct pl_rpc_srec {
    _Atomic int done;
    struct pl_rpc_step s[PL_RPC_SSTEPS];
    int64_t k_rx, k_rx_ret; /* step 211: RX stamp of the request's last packet → recvfrom() returned it */
};

struct pl_rpc_handle;
struct pl_rpc_link;

struct pl_rpc_binding {
    struct pl_rpc_config cfg;
    struct sockaddr_storage addr;
    socklen_t addrlen;
    uint32_t id;                   /* random: part of every AEAD nonce */
    _Atomic uint32_t next_activity;
    pthread_mutex_t cache_mu;      /* single policy: the one-slot cache */
    struct pl_rpc_handle *cached;
    struct pl_rpc_handle *per_thread[PL_RPC_MAX_THREADS];
    _Atomic uint32_t handles_created;
    struct pl_rpc_link *link;      /* link emulation, NULL when off */
    struct pl_rpc_host host;       /* the client host's emulated CPU (host_packet_us) */
};

/* Parse "udp:HOST[PORT]" or "tcp:HOST[PORT]" (DCE string binding; "udp:HOST:PORT" accepted too). */
/* The text of a string binding: "udp:" or "tcp:", then HOST[PORT] or HOST:PORT (no lookup, no I/O; fuzzed by
 * fuzz/fuzz_cli_lists.c). PL_OK, or PL_ERR_ARGS with err. */
#define PL_RPC_HOST_LEN 256
#define PL_RPC_PORT_LEN 16
int pl_rpc_binding_split(const char *s, int *tcp, char host[PL_RPC_HOST_LEN], char port[PL_RPC_PORT_LEN], char *err,
                         size_t errlen);
int pl_rpc_binding_from_string(struct pl_rpc_binding *b, const struct pl_rpc_config *cfg, const char *s,
                               char *err, size_t errlen);
void pl_rpc_binding_free(struct pl_rpc_binding *b);

struct pl_rpc_call {
    int proc;
    uint32_t arg;               /* work: µs of CPU */
    const uint8_t *req;
    uint32_t req_len;
    uint8_t *reply;             /* caller's buffer of reply_cap bytes */
    uint32_t reply_cap, reply_len;
    uint32_t call_no;
    uint16_t thread;
    const struct pl_rpc_inject *inject; /* a client step's injection (rpc_inject.h), NULL = none */
    int inject_spin;                    /* this call is a K-th one: it busy-waits in the step */
};
/* One remote call; steps go to rec. PL_OK, PL_ERR_TIMEOUT (retries exhausted), PL_ERR_PROTOCOL
 * (rejected), PL_ERR_IO. */
int pl_rpc_call(struct pl_rpc_binding *b, struct pl_rpc_call *c, struct pl_rpc_crec *rec);

/* What a thread's cached handle has learned (per-thread policy; single: the cached one). 0 if none. */
int pl_rpc_handle_learned(struct pl_rpc_binding *b, uint16_t thread, uint32_t *packet_data, uint32_t *window);
/* Slow-start: the window after an acknowledgement. */
static inline uint32_t pl_rpc_window_after_ack(uint32_t w, uint32_t max) { return w * 2 > max ? max : w * 2; }

/* ---- server ---- */
struct pl_rpc_slot;
struct pl_rpc_server {
    struct pl_rpc_config cfg;
    uint32_t allowed_prot; /* bit per level the server accepts */
    int fd, port, executors;
    struct pl_rpc_srec *recs;
    uint32_t n_recs;
    /* calls beyond the trace (or all of them when recs is NULL: rpc-serve) are timed into this one record,
     * their steps summed: rpc-serve prints the mean per call when it stops (single caller thread: exact) */
    struct pl_rpc_srec untraced;
    struct pl_rpc_slot *slots;
    uint32_t n_slots;
    pthread_t listener, exec[PL_RPC_MAX_THREADS];
    pthread_mutex_t q_mu;
    pthread_cond_t q_cv;
    struct pl_rpc_slot **queue;
    uint32_t q_head, q_len;
    _Atomic int stop;
    _Atomic uint32_t drops_sent, calls_served, rejected_packets;
    uint32_t served_on_listener; /* the listener's own calls, counted without a locked add (s.end 31 -> 20 ns
                                  * here); pl_rpc_server_stop adds them to calls_served */
    _Atomic uint32_t placed_requests; /* tcp: requests received whole in place (rpc_tcp.c), no reassembly copy */
    struct pl_rpc_link *link;
    struct pl_rpc_host host; /* the server host's emulated CPU (host_packet_us) */
    int wake_fd;      /* tcp: an eventfd pl_rpc_server_stop writes to end the listener's untimed wait (-1: none) */
    int kts;          /* udp: RX stamps only (TX stamps of a socket every executor sends on cannot be told apart) */
    int64_t rt_off;   /* CLOCK_REALTIME − CLOCK_MONOTONIC at start */
};
/* Bind bind_addr:port (0 = ephemeral), start the listener and `executors` threads; recs[n_recs] is the
 * server trace (may be NULL). */
int pl_rpc_server_start(struct pl_rpc_server *s, const struct pl_rpc_config *cfg, uint32_t allowed_prot,
                        const char *bind_addr, int port, int executors, struct pl_rpc_srec *recs,
                        uint32_t n_recs, char *err, size_t errlen);
void pl_rpc_server_stop(struct pl_rpc_server *s);

#endif
