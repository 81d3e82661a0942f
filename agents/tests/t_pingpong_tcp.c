#include "pp_common.h"
#include <string.h>

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

    pl_trace_free(&a.tr);
    pl_trace_free(&b.tr);
    pl_trace_free(&s.tr);
    return check_result("t_pingpong_tcp");
}
