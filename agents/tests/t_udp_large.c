/* UDP request/response above one datagram: 100 KB each way split into datagrams and put back
 * together on real loopback sockets, every call whole, and a lost piece making only that call an
 * error. */
#include "pp_common.h"
#include "net.h"
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

int main(void)
{
    struct server_ctx s;
    /* 100 KB both ways: two datagrams each way */
    struct pp_session a = {.req = 100000, .resp = 100000, .calls = 100, .warmup = 5};
    /* small request, reply of the largest size: three datagrams back */
    struct pp_session b = {.req = 64, .resp = PL_UDP_MAX_MSG, .calls = 50, .warmup = 0};
    run_two_sessions(&s, &pl_transport_udp, &a, &b);
    uint32_t multi = 0;
    for (uint32_t i = 0; i < a.done; i++) /* the request's pieces arrive apart: s.recv spans them */
        multi += s.tr.recs[i].t[2] > s.tr.recs[i].t[1];
    CHECK(multi > 0, "no 100 KB request took more than one datagram read on the server");
    pl_transport_udp.server_close(&s.srv);

    /* a peer that drops the second piece of call 3's reply: call 3 times out, the others pass */
    int fd = pl_net_udp_bind(NULL, "127.0.0.1", 0);
    int port = pl_net_local_port(NULL, fd);
    if (fork() == 0) {
        static uint8_t buf[65536];
        struct sockaddr_storage peer;
        for (;;) {
            socklen_t plen = sizeof peer;
            ssize_t n = recvfrom(fd, buf, sizeof buf, 0, (struct sockaddr *)&peer, &plen);
            if (n <= 0)
                _exit(0);
            uint32_t rq, rs;
            int end;
            if (pl_hello_decode(buf, (size_t)n, &rq, &rs, &end) == 0) {
                if (end)
                    _exit(0);
                sendto(fd, "OKPP", 4, 0, (struct sockaddr *)&peer, plen);
                continue;
            }
            uint32_t call = pl_get_u32(buf); /* 64-byte request; reply 100000 = 2 x 50000 */
            for (uint32_t k = 0; k < 2; k++) {
                pl_put_u32(buf, call);
                pl_put_u32(buf + 4, k * 50000);
                if (!(call == 3 && k == 1))
                    sendto(fd, buf, 50000, 0, (struct sockaddr *)&peer, plen);
            }
        }
    }
    close(fd);
    struct pl_trace tr;
    struct pl_conn c;
    char err[256];
    struct pl_client_result res;
    CHECK(pl_trace_init(&tr, PL_SIDE_CLIENT, 8, 64, 100000) == PL_OK, "trace");
    CHECK(pl_transport_udp.client_open(&c, "127.0.0.1", port, 64, 100000, NULL, err) == PL_OK, "open: %s", err);
    pl_pingpong_client(&pl_transport_udp, &c, &tr, 0, NULL, &res);
    pl_transport_udp.client_close(&c, NULL);
    CHECK(res.done == 8 && res.errors == 1, "done %u errors %u", res.done, res.errors);
    for (uint32_t i = 0; i < res.done; i++)
        CHECK(!!(tr.recs[i].flags & PL_CALL_ERROR) == (i == 3), "call %u flags %u", i, tr.recs[i].flags);
    pl_trace_free(&tr);
    pl_trace_free(&a.tr);
    pl_trace_free(&b.tr);
    pl_trace_free(&s.tr);
    return check_result("t_udp_large");
}
