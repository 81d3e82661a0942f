#include "pp_common.h"
#include <string.h>

int main(void)
{
    struct server_ctx s;
    pthread_t th;
    start_server(&s, &pl_transport_tcp, 2, 1000, &th);

    /* small messages: one read per direction */
    struct pl_trace a, b;
    uint32_t n1 = run_client(&pl_transport_tcp, s.srv.port, 64, 64, 200, 10, &a);
    /* large messages: the reply takes several reads (c.recv > 0 somewhere) */
    uint32_t n2 = run_client(&pl_transport_tcp, s.srv.port, 300000, 300000, 20, 2, &b);
    pthread_join(th, NULL);
    CHECK(s.rc == PL_OK, "server rc %d", s.rc);
    CHECK(pl_trace_completed(&s.tr) == n1 + n2, "server recorded %u of %u", pl_trace_completed(&s.tr), n1 + n2);
    check_server(&s.tr, 0, n1, &a, 0);
    check_server(&s.tr, n1, n2, &b, 0);
    int multi = 0;
    for (uint32_t i = 0; i < n2; i++)
        multi += b.recs[i].t[3] > b.recs[i].t[2] || s.tr.recs[n1 + i].t[2] > s.tr.recs[n1 + i].t[1];
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

    pl_trace_free(&a);
    pl_trace_free(&b);
    pl_trace_free(&s.tr);
    return check_result("t_pingpong_tcp");
}
