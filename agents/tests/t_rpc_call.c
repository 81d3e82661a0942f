/* The RPC runtime on loopback: real UDP sockets, a real server with listener and executors. */
#include <pthread.h>
#include <sodium.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "check.h"
#include "pl_error.h"
#include "rpc.h"
#include "rpc_common.h"
#include "rpc_load.h"
#include "trace.h"

static struct pl_rpc_config cfg_base(void)
{
    struct pl_rpc_config c;
    pl_rpc_config_default(&c);
    c.rto_ms = 20;
    memset(c.key, 7, sizeof c.key);
    return c;
}

static void test_sizes_and_steps(void)
{
    struct pl_rpc_config c = cfg_base();
    static struct pl_rpc_srec recs[16];
    struct pl_rpc_server s;
    struct pl_rpc_binding b;
    if (rpc_serve(&s, &c, recs, 16, &b, &c))
        return;
    static const uint32_t sizes[] = {0, 1, 944, 945, 4016, 4017, 12048, 65536, 1u << 20};
    int last_retransmitted = 0;
    for (uint32_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        struct pl_rpc_crec r;
        int rc = rpc_echo(&b, sizes[i], i, &r);
        last_retransmitted = r.s[CS_RETRANSMIT].start != 0;
        CHECK(rc == PL_OK, "echo %u bytes: rc %d", sizes[i], rc);
        CHECK(r.t_end > r.t_start && r.srv_recv > 0 && r.srv_send >= r.srv_recv, "four timestamps of %u", sizes[i]);
        for (int k = 0; k < PL_RPC_CSTEPS; k++) {
            int must = k == CS_START || k == CS_MARSHAL || k == CS_COPY || k == CS_QUEUE || k == CS_SENDMSG || k == CS_POST_SEND ||
                       k == CS_WAIT || k == CS_RECV || k == CS_UNMARSHAL || k == CS_END || k == CS_FREE;
            if (must)
                CHECK(r.s[k].start > 0 && r.s[k].dur >= 0, "client step %d of a %u-byte call", 10 + k, sizes[i]);
        }
        CHECK((r.s[CS_BIND].start > 0) == (i == 0), "bind step only on the first call (call %u)", i);
        if (sizes[i] > c.window_initial)
            CHECK(r.s[CS_ACK].start > 0, "%u bytes need acks", sizes[i]);
        /* probes must not overlap: steps are ordered in time */
        CHECK(r.s[CS_START].start == r.t_start && r.s[CS_FREE].start >= r.s[CS_END].start, "step order");
    }
    pl_rpc_server_stop(&s); /* joins the executors: their records are complete */
    for (uint32_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        CHECK(atomic_load(&recs[i].done), "server record of call %u", i);
        for (int k = 0; k < PL_RPC_SSTEPS; k++)
            if (k != SS_ACK && k != SS_REPLY_WAIT)
                CHECK(recs[i].s[k].start > 0, "server step %d of call %u", 110 + k, i);
    }
    CHECK(recs[8].s[SS_ACK].start > 0 && recs[8].s[SS_REPLY_WAIT].start > 0, "1 MiB both ways is acked both ways");
    uint32_t pd, w;
    /* (a timeout under a neighbour's load sends the window back to 4 KB: slow-start again) */
    CHECK(pl_rpc_handle_learned(&b, 0, &pd, &w) && pd == 4016 && (w == 32768 || last_retransmitted),
          "the handle learned 4016-byte packets and opened the window to 32 KB (got %u, %u)", pd, w);
    CHECK(atomic_load(&b.handles_created) == 1, "one handle for one thread");
    pl_rpc_binding_free(&b);
}

static void test_window_growth(void)
{
    uint32_t w = 4096, seen[8], n = 0;
    while (n < 8) {
        seen[n++] = w;
        w = pl_rpc_window_after_ack(w, 32768);
    }
    CHECK(seen[0] == 4096 && seen[1] == 8192 && seen[2] == 16384 && seen[3] == 32768 && seen[7] == 32768,
          "DCE: 4 KB doubling per ack up to 32 KB");
    /* a fresh handle: small packets until the first ack, then the server's 4016 */
    struct pl_rpc_config c = cfg_base();
    struct pl_rpc_server s;
    struct pl_rpc_binding b;
    if (rpc_serve(&s, &c, NULL, 0, &b, &c))
        return;
    struct pl_rpc_crec r;
    CHECK(rpc_echo(&b, 100, 0, &r) == PL_OK, "small call");
    uint32_t pd, win;
    pl_rpc_handle_learned(&b, 0, &pd, &win);
    /* (a reply late under load makes the client resend and the server's "working on it" ack opens the window) */
    CHECK(pd == 4016 && (win == 4096 || r.s[CS_RETRANSMIT].start), "a one-packet call learns the size from the "
          "reply, no ack (%u, %u)", pd, win);
    pl_rpc_server_stop(&s);
    pl_rpc_binding_free(&b);
}

static int sink(struct pl_rpc_binding *b, uint32_t n, uint32_t call_no, struct pl_rpc_crec *rec)
{
    static uint8_t req[4016], rep[1];
    memset(rec, 0, sizeof *rec);
    struct pl_rpc_call c = {.proc = PL_PROC_SINK, .req = req, .req_len = n, .reply = rep, .reply_cap = 1,
                            .call_no = call_no};
    return pl_rpc_call(b, &c, rec);
}

/* Case study section 2: a new call handle sends 1 KB packets, the first alone until its ack comes back, and
 * learns the peer's packet size from the reply; later calls on the handle skip all that. */
static void test_new_handle_slow_start(void)
{
    struct pl_rpc_config c = cfg_base();
    static struct pl_rpc_srec recs[4];
    struct pl_rpc_server s;
    struct pl_rpc_binding b;
    if (rpc_serve(&s, &c, recs, 4, &b, &c))
        return;
    struct pl_rpc_crec r0, r1;
    CHECK(sink(&b, 4016, 0, &r0) == PL_OK && sink(&b, 4016, 1, &r1) == PL_OK, "two 4016-byte calls");
    CHECK(r0.flags & PL_CALL_SLOW_START, "the new handle's call is flagged slow start (%#x)", r0.flags);
    CHECK(r0.s[CS_ACK].start > 0, "its first small packet waited for an ack");
    CHECK(!(r1.flags & PL_CALL_SLOW_START) && r1.s[CS_ACK].start == 0,
          "the next call on the handle goes in one packet, no ack (%#x)", r1.flags);
    uint32_t pd, w;
    CHECK(pl_rpc_handle_learned(&b, 0, &pd, &w) && pd == 4016 && w >= c.window_initial,
          "learned 4016 and the initial window from the reply (%u, %u)", pd, w);
    pl_rpc_server_stop(&s);
    CHECK(recs[0].s[SS_ACK].start > 0 && recs[1].s[SS_ACK].start == 0, "the server acked only the slow start");
    pl_rpc_binding_free(&b);
    /* a request that fits one small packet is not slowed: nothing to learn before it */
    struct pl_rpc_server s2;
    if (rpc_serve(&s2, &c, NULL, 0, &b, &c))
        return;
    CHECK(sink(&b, 944, 0, &r0) == PL_OK && !(r0.flags & PL_CALL_SLOW_START) && r0.s[CS_ACK].start == 0,
          "944 bytes on a new handle: one packet, not flagged (%#x)", r0.flags);
    pl_rpc_server_stop(&s2);
    pl_rpc_binding_free(&b);
}

/* The emulated 1995 host: one CPU per side serving packets first come first served. */
static void test_host_emulation(void)
{
    struct pl_rpc_host h = {0};
    int64_t a = pl_rpc_host_reserve(&h, 1000, 1000), b = pl_rpc_host_reserve(&h, 1000, 1000),
            c = pl_rpc_host_reserve(&h, 5000000, 1000);
    CHECK(a == 1001000 && b == 2001000 && c == 6000000, "FIFO: queued behind the busy CPU, then idle "
          "(%lld %lld %lld)", (long long)a, (long long)b, (long long)c);
    struct pl_rpc_config cfg = cfg_base();
    cfg.host_packet_us = 2000;
    struct pl_rpc_server s;
    struct pl_rpc_binding bd;
    if (rpc_serve(&s, &cfg, NULL, 0, &bd, &cfg))
        return;
    struct pl_rpc_crec r0, r1;
    CHECK(sink(&bd, 100, 0, &r0) == PL_OK && sink(&bd, 100, 1, &r1) == PL_OK, "two calls on emulated hosts");
    /* request sent, request received, reply sent, reply received: four packets of 2 ms, one after another */
    int64_t rtt = r1.t_end - r1.t_start;
    CHECK(rtt >= 8000000 && rtt < 60000000, "a one-packet call costs 4 x 2 ms of host CPU (%.2f ms)", rtt / 1e6);
    pl_rpc_server_stop(&s);
    pl_rpc_binding_free(&bd);
}

static void test_retransmission(void)
{
    struct pl_rpc_config c = cfg_base(), sc = cfg_base();
    c.drop_every = 5;  /* every 5th client packet is lost */
    sc.drop_every = 7; /* and every 7th server packet */
    struct pl_rpc_server s;
    struct pl_rpc_binding b;
    if (rpc_serve(&s, &sc, NULL, 0, &b, &c))
        return;
    int ok = 0, retrans = 0;
    for (uint32_t i = 0; i < 20; i++) {
        struct pl_rpc_crec r;
        uint32_t n = i % 2 ? 65536 : 3000;
        if (rpc_echo(&b, n, i, &r) == PL_OK)
            ok++;
        retrans += r.s[CS_RETRANSMIT].start > 0;
    }
    CHECK(ok == 20, "every call survives the losses (%d of 20)", ok);
    CHECK(retrans > 0, "losses were recovered by retransmission (%d calls)", retrans);
    pl_rpc_server_stop(&s);
    pl_rpc_binding_free(&b);
}

static void run_load(int cache, uint32_t think_us, uint32_t *created, double *mean_rtt_ns)
{
    struct pl_rpc_config c = cfg_base();
    c.cache = cache;
    /* 300 us each way: calls of the three threads overlap with 1 ms think time, as they did in 1995 */
    c.link_delay_us = 300;
    struct pl_rpc_server s;
    struct pl_rpc_binding b;
    if (rpc_serve(&s, &c, NULL, 0, &b, &c))
        return;
    struct pl_rpc_load l = {.binding = &b, .threads = 3, .calls = 40, .warmup = 2, .think_mean_us = think_us,
                            .seed = 1, .proc = PL_PROC_ECHO, .request_bytes = 3 * 4016};
    l.recs = calloc(pl_rpc_load_calls(&l), sizeof *l.recs);
    CHECK(pl_rpc_load_run(&l) == PL_OK && atomic_load(&l.errors) == 0, "load without errors");
    CHECK(!atomic_load(&l.unreachable), "a peer that answers is not called unreachable");
    double sum = 0;
    uint32_t n = 0, firsts = 0;
    for (uint32_t i = 0; i < pl_rpc_load_calls(&l); i++) {
        CHECK(l.recs[i].done && l.recs[i].call_no == i, "call %u recorded in place", i);
        firsts += (l.recs[i].flags & 2) != 0;
        if (!(l.recs[i].flags & 1)) {
            sum += (double)(l.recs[i].t_end - l.recs[i].t_start);
            n++;
        }
    }
    CHECK(firsts == 3, "one first call per thread (%u)", firsts);
    uint32_t rt = 0;
    for (uint32_t i = 0; i < pl_rpc_load_calls(&l); i++)
        rt += l.recs[i].s[CS_RETRANSMIT].start > 0;
    fprintf(stderr, "cache %d think %u: %u calls with retransmissions\n", cache, think_us, rt);
    *created = atomic_load(&b.handles_created);
    *mean_rtt_ns = n ? sum / n : 0;
    free(l.recs);
    pl_rpc_server_stop(&s);
    pl_rpc_binding_free(&b);
}

static void *load_main(void *arg)
{
    pl_rpc_load_run(arg);
    return NULL;
}

/* The server goes away mid-load: the load stops after PL_RPC_SILENT_CALLS unanswered calls in a row instead of
 * spending every remaining call's retry budget, and says why; the calls made before are all recorded */
static void test_silent_peer_stops_the_load(void)
{
    struct pl_rpc_config c = cfg_base();
    c.rto_ms = 5;
    c.max_retries = 3;
    struct pl_rpc_server s;
    struct pl_rpc_binding b;
    if (rpc_serve(&s, &c, NULL, 0, &b, &c))
        return;
    struct pl_rpc_load l = {.binding = &b, .threads = 2, .calls = 100000, .seed = 1, .proc = PL_PROC_NULL};
    l.recs = calloc(pl_rpc_load_calls(&l), sizeof *l.recs);
    pthread_t t;
    pthread_create(&t, NULL, load_main, &l);
    while (atomic_load(&l.done) < 200)
        nanosleep(&(struct timespec){.tv_nsec = 1000000}, NULL);
    pl_rpc_server_stop(&s);
    pthread_join(t, NULL);
    uint32_t done = atomic_load(&l.done), errors = atomic_load(&l.errors);
    CHECK(atomic_load(&l.unreachable), "the load says the peer is unreachable");
    CHECK(done >= 200 && done < pl_rpc_load_calls(&l), "it stopped early (%u of %u calls made)", done,
          pl_rpc_load_calls(&l));
    /* the third failure sets it; the other thread's call in flight may fail too */
    CHECK(errors >= PL_RPC_SILENT_CALLS && errors <= PL_RPC_SILENT_CALLS + l.threads - 1, "%u unanswered calls",
          errors);
    uint32_t recorded = 0;
    for (uint32_t i = 0; i < pl_rpc_load_calls(&l); i++)
        recorded += l.recs[i].done;
    CHECK(recorded == done, "every call made is recorded (%u of %u)", recorded, done);
    free(l.recs);
    pl_rpc_binding_free(&b);
}

static void test_cache_policies(void)
{
    uint32_t per_thread, single;
    double rtt_pt, rtt_single;
    run_load(PL_CACHE_PER_THREAD, 1000, &per_thread, &rtt_pt);
    run_load(PL_CACHE_SINGLE, 1000, &single, &rtt_single);
    CHECK(per_thread == 3, "per-thread: one handle per thread (%u)", per_thread);
    /* single + think time: handles are destroyed and recreated (Khandker & Teorey, section 4.4) */
    CHECK(single > 10, "single with think time: %u handles created for 126 calls", single);
    fprintf(stderr, "mean RTT 12 KB, 3 threads, 1 ms think: per-thread %.1f us, single %.1f us (%u handles)\n",
            rtt_pt / 1e3, rtt_single / 1e3, single);
    uint64_t st = 42, st2 = 42;
    double sum = 0;
    for (int i = 0; i < 20000; i++)
        sum += pl_rpc_think_us(&st, 3000);
    CHECK(sum / 20000 > 2850 && sum / 20000 < 3150, "exponential think time has the mean (%.0f)", sum / 20000);
    CHECK(pl_rpc_think_us(&st2, 3000) == pl_rpc_think_us(&(uint64_t){42}, 3000), "seeded");
}

static void test_protection(void)
{
    for (int prot = PL_PROT_NONE; prot < PL_PROT__COUNT; prot++) {
        struct pl_rpc_config c = cfg_base();
        c.prot = prot;
        struct pl_rpc_server s;
        if (rpc_start(&s, &c, NULL, 0))
            return;
        rpc_check_key(&s, &c);
        /* every 4th packet tampered with after sealing: integrity and privacy reject it (and the call
         * recovers by retransmission); below integrity the damage goes through to the data */
        struct pl_rpc_config t = c;
        t.corrupt_every = 5; /* not 4: a new handle resends its last 3008 bytes as 4 small packets, always the same one hit */
        t.max_retries = 20;
        struct pl_rpc_binding b;
        struct pl_rpc_crec r;
        rpc_bind(&b, &t, s.port);
        uint32_t before = atomic_load(&s.rejected_packets);
        int rc = rpc_echo(&b, 20000, 2, &r);
        if (prot >= PL_PROT_INTEGRITY) {
            CHECK(rc == PL_OK, "%s: call survives tampered packets (rc %d)", pl_rpc_prot_name(prot), rc);
            CHECK(atomic_load(&s.rejected_packets) > before, "%s: tampered packets rejected", pl_rpc_prot_name(prot));
        } else {
            CHECK(rc == PL_ERR_PROTOCOL, "%s: tampered data not detected, echo differs (rc %d)",
                  pl_rpc_prot_name(prot), rc);
        }
        pl_rpc_binding_free(&b);
        pl_rpc_server_stop(&s);
    }
    /* a level the server does not allow is not served */
    struct pl_rpc_config c = cfg_base(), sc = cfg_base();
    c.max_retries = 2;
    c.prot = PL_PROT_NONE;
    struct pl_rpc_server s;
    char err[200];
    if (pl_rpc_server_start(&s, &sc, 1u << PL_PROT_PRIVACY, "127.0.0.1", 0, 1, NULL, 0, err, sizeof err))
        return;
    struct pl_rpc_binding b;
    rpc_bind(&b, &c, s.port);
    struct pl_rpc_crec r;
    CHECK(rpc_echo(&b, 10, 0, &r) == PL_ERR_TIMEOUT, "level none refused by a privacy-only server");
    pl_rpc_binding_free(&b);
    pl_rpc_server_stop(&s);
}

int main(void)
{
    if (pl_rpc_crypto_init() != 0)
        return 1;
    test_sizes_and_steps();
    test_window_growth();
    test_new_handle_slow_start();
    test_host_emulation();
    test_retransmission();
    test_cache_policies();
    test_silent_peer_stops_the_load();
    test_protection();
    return check_result("t_rpc_call");
}
