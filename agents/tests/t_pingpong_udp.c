#include "pp_common.h"
#include "net.h"
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

/* A UDP peer that answers the hello but never answers call 3, and answers call 5
 * late (after call 6's request): the client must flag 3 as an error and must not
 * take the late reply of 5 for the reply of a later call. */
struct lossy { int fd; };

static void *lossy_thread(void *arg)
{
    struct lossy *l = arg;
    uint8_t buf[65536], late[64];
    struct sockaddr_storage peer;
    socklen_t plen;
    int have_late = 0;
    for (;;) {
        plen = sizeof peer;
        ssize_t n = recvfrom(l->fd, buf, sizeof buf, 0, (struct sockaddr *)&peer, &plen);
        if (n <= 0)
            return NULL;
        uint32_t rq, rs;
        int end;
        if (pl_hello_decode(buf, (size_t)n, &rq, &rs, &end) == 0) {
            if (end)
                return NULL;
            sendto(l->fd, "OKPP", 4, 0, (struct sockaddr *)&peer, plen);
            continue;
        }
        uint32_t call = pl_get_u32(buf);
        if (call == 3)
            continue;
        if (call == 5) {
            memcpy(late, buf, 64);
            have_late = 1;
            continue;
        }
        if (have_late) { /* the stale reply goes out first */
            sendto(l->fd, late, 64, 0, (struct sockaddr *)&peer, plen);
            have_late = 0;
        }
        sendto(l->fd, buf, 64, 0, (struct sockaddr *)&peer, plen);
    }
}

int main(void)
{
    struct server_ctx s;
    struct pp_session a = {.req = 64, .resp = 64, .calls = 200, .warmup = 10,
                           .call_no_from_payload = 1};
    /* 2-byte requests carry no call number: the server counts them */
    struct pp_session b = {.req = 2, .resp = 1000, .calls = 50, .warmup = 0};
    run_two_sessions(&s, &pl_transport_udp, &a, &b);
    for (uint32_t i = 0; i < a.done + b.done; i++) /* one datagram: s.recv is empty */
        CHECK(s.tr.recs[i].t[2] == s.tr.recs[i].t[1], "s.recv not zero at %u", i);
    pl_transport_udp.server_close(&s.srv);

    /* lost and late replies */
    char err[256];
    struct lossy l;
    pthread_t th;
    l.fd = pl_net_udp_bind(err, "127.0.0.1", 0);
    CHECK(l.fd >= 0, "bind: %s", err);
    int port = pl_net_local_port(err, l.fd);
    pthread_create(&th, NULL, lossy_thread, &l);
    struct pl_trace c;
    struct pl_conn conn;
    struct pl_client_result res;
    pl_trace_init(&c, PL_SIDE_CLIENT, 10, 64, 64);
    CHECK(pl_transport_udp.client_open(&conn, "127.0.0.1", port, 64, 64, NULL, err) == PL_OK, "open: %s", err);
    pl_pingpong_client(&pl_transport_udp, &conn, &c, 0, NULL, &res);
    pl_transport_udp.client_close(&conn, NULL);
    pthread_join(th, NULL);
    close(l.fd);
    CHECK(res.rc == PL_OK && res.done == 10, "lossy run rc %d done %u", res.rc, res.done);
    CHECK(res.errors == 2, "errors %u (want calls 3 and 5)", res.errors);
    for (uint32_t i = 0; i < 10; i++) {
        int bad = (c.recs[i].flags & PL_CALL_ERROR) != 0;
        CHECK(bad == (i == 3 || i == 5), "error flag %d at call %u", bad, i);
    }
    int64_t lost = c.recs[3].t[3] - c.recs[3].t[0];
    CHECK(lost >= 900000000LL && lost < 2000000000LL, "lost call took %lld ns (1 s timeout)", (long long)lost);

    pl_trace_free(&a.tr);
    pl_trace_free(&b.tr);
    pl_trace_free(&c);
    pl_trace_free(&s.tr);
    return check_result("t_pingpong_udp");
}
