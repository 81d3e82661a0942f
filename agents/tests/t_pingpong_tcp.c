#include "pp_common.h"
#include "net.h"
#include "pl_clock.h"
#include <string.h>
#include <unistd.h>

/* A peer that answers the hello, takes requests and never replies: what a client meets when the link is cut. */
static void *silent_peer(void *arg)
{
    int lfd = *(int *)arg;
    char err[PL_NET_ERR_LEN];
    int fd = pl_net_tcp_accept(err, lfd, NULL, 0);
    uint8_t hello[PL_HELLO_BYTES];
    if (fd >= 0 && pl_net_read_all(fd, hello, sizeof hello) == PL_NET_OK)
        pl_net_write_all(fd, PL_HELLO_OK, 4);
    uint8_t sink[256];
    while (fd >= 0 && read(fd, sink, sizeof sink) > 0) /* until the client gives up and closes */
        ;
    if (fd >= 0)
        close(fd);
    return NULL;
}

int main(void)
{
    struct server_ctx s;
    /* small messages: one read per direction */
    struct pp_session a = {.req = 64, .resp = 64, .calls = 200, .warmup = 10};
    /* large messages: the reply takes several reads (c.recv > 0 somewhere) */
    struct pp_session b = {.req = 300000, .resp = 300000, .calls = 20, .warmup = 2};
    run_two_sessions(&s, &pl_transport_tcp, &a, &b);
    int multi = 0;
    for (uint32_t i = 0; i < b.done; i++)
        multi += b.tr.recs[i].t[3] > b.tr.recs[i].t[2] ||
                 s.tr.recs[a.done + i].t[2] > s.tr.recs[a.done + i].t[1];
    CHECK(multi > 0, "no call of 300000 B needed more than one read");

    /* nobody listening: unreachable with the reason the backend shows */
    int port = s.srv.port;
    pl_transport_tcp.server_close(&s.srv);
    struct pl_conn c;
    char err[256] = "";
    int rc = pl_transport_tcp.client_open(&c, "127.0.0.1", port, 64, 64, NULL, err);
    char want[64];
    snprintf(want, sizeof want, "connect 127.0.0.1:%d: Connection refused", port);
    CHECK(rc == PL_ERR_UNREACHABLE && strcmp(err, want) == 0, "rc %d err '%s'", rc, err);

    /* a peer that goes silent: the call fails as PL_ERR_PEER_SILENT after the reply timeout, not a hang */
    char lerr[PL_NET_ERR_LEN];
    int lfd = pl_net_tcp_listen(lerr, "127.0.0.1", 0, 1);
    CHECK(lfd >= 0, "listen: %s", lerr);
    int silent_port = pl_net_local_port(lerr, lfd);
    pthread_t th;
    pthread_create(&th, NULL, silent_peer, &lfd);
    pl_tcp_reply_timeout_ms = 300;
    rc = pl_transport_tcp.client_open(&c, "127.0.0.1", silent_port, 64, 64, NULL, err);
    CHECK(rc == PL_OK, "open to the silent peer: rc %d %s", rc, err);
    struct pl_trace_rec rec = {0};
    int64_t t0 = pl_now_ns();
    rc = pl_transport_tcp.client_call(&c, 0, &rec);
    double waited_ms = (double)(pl_now_ns() - t0) / 1e6;
    CHECK(rc == PL_ERR_PEER_SILENT, "rc %d (%s) after %.0f ms", rc, pl_strerror(rc), waited_ms);
    CHECK(waited_ms >= 250 && waited_ms < 5000, "gave up after %.0f ms (timeout 300 ms)", waited_ms);
    pl_transport_tcp.client_close(&c, NULL);
    pthread_join(th, NULL);

    /* --busy-poll: the spinning recv still gives up on a silent peer after the reply timeout */
    pl_tcp_busy_poll = 1;
    pthread_create(&th, NULL, silent_peer, &lfd);
    rc = pl_transport_tcp.client_open(&c, "127.0.0.1", silent_port, 64, 64, NULL, err);
    CHECK(rc == PL_OK, "busy-poll open to the silent peer: rc %d %s", rc, err);
    t0 = pl_now_ns();
    rc = pl_transport_tcp.client_call(&c, 0, &rec);
    waited_ms = (double)(pl_now_ns() - t0) / 1e6;
    CHECK(rc == PL_ERR_PEER_SILENT, "busy-poll: rc %d (%s) after %.0f ms", rc, pl_strerror(rc), waited_ms);
    CHECK(waited_ms >= 250 && waited_ms < 5000, "busy-poll gave up after %.0f ms (timeout 300 ms)", waited_ms);
    pl_transport_tcp.client_close(&c, NULL);
    pthread_join(th, NULL);
    close(lfd);

    /* and both sides spinning carry whole sessions, small and large messages, every call recorded */
    struct server_ctx s2;
    struct pp_session a2 = {.req = 64, .resp = 64, .calls = 200, .warmup = 10};
    struct pp_session b2 = {.req = 300000, .resp = 300000, .calls = 10, .warmup = 1};
    run_two_sessions(&s2, &pl_transport_tcp, &a2, &b2);
    pl_transport_tcp.server_close(&s2.srv);
    pl_tcp_busy_poll = 0;
    pl_trace_free(&a2.tr);
    pl_trace_free(&b2.tr);
    pl_trace_free(&s2.tr);

    pl_trace_free(&a.tr);
    pl_trace_free(&b.tr);
    pl_trace_free(&s.tr);
    return check_result("t_pingpong_tcp");
}
