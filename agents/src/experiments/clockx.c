#include "clockx.h"
#include "net.h"
#include "pl_clock.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <string.h>
#include <sys/socket.h>

#define MAGIC "PLCX"
#define UDP_WAIT_MS 200

static int wanted;

void pl_clockx_set_wanted(int on) { wanted = on; }
int pl_clockx_wanted(void) { return wanted; }

static void put_i64(uint8_t *p, int64_t v)
{
    pl_put_u32(p, (uint32_t)(uint64_t)v);
    pl_put_u32(p + 4, (uint32_t)((uint64_t)v >> 32));
}
static int64_t get_i64(const uint8_t *p)
{
    return (int64_t)((uint64_t)pl_get_u32(p) | (uint64_t)pl_get_u32(p + 4) << 32);
}

int pl_clockx_is_request(const uint8_t *buf, size_t len)
{
    return len == PL_CLOCKX_REQ_BYTES && memcmp(buf, MAGIC, 4) == 0;
}

void pl_clockx_answer(int fd, const uint8_t *req, int64_t t2, const void *to, unsigned tolen)
{
    uint8_t rep[PL_CLOCKX_REP_BYTES] = {0};
    memcpy(rep, req, 8); /* magic and round */
    put_i64(rep + 8, t2);
    put_i64(rep + 16, pl_now_ns()); /* t3: as late as possible before the send */
    if (to)
        sendto(fd, rep, sizeof rep, 0, to, tolen);
    else
        pl_net_write_all(fd, rep, sizeof rep);
}

int pl_clockx_serve_tcp(int fd)
{
    uint8_t req[PL_CLOCKX_REQ_BYTES];
    for (int i = 0; i < PL_CLOCKX_ROUNDS; i++) {
        if (pl_net_read_all(fd, req, sizeof req) != PL_NET_OK || !pl_clockx_is_request(req, sizeof req))
            return -1;
        pl_clockx_answer(fd, req, pl_now_ns(), NULL, 0);
    }
    return 0;
}

int pl_clockx_client(struct pl_conn *c, int udp, int phase)
{
    if (!c->clockx || c->fd < 0)
        return 0;
    if (phase == 1 && !udp) {
        if (c->request_bytes < 8)
            return 0; /* no room for the end mark: documented */
        memset(c->sbuf, 0, c->request_bytes);
        memcpy(c->sbuf, PL_CLOCKX_END_MARK, 8);
        int bad = pl_net_write_all(c->fd, c->sbuf, c->request_bytes) != PL_NET_OK;
        memset(c->sbuf, 0, 8);
        if (bad)
            return 0;
    }
    if (udp)
        pl_net_set_rcvtimeo(NULL, c->fd, UDP_WAIT_MS);
    int answered = 0;
    uint8_t req[PL_CLOCKX_REQ_BYTES] = {0}, rep[PL_CLOCKX_REP_BYTES];
    for (uint32_t i = 0; i < PL_CLOCKX_ROUNDS; i++) {
        int64_t *x = c->xchg[phase][i];
        x[0] = x[1] = x[2] = x[3] = 0;
        memcpy(req, MAGIC, 4);
        pl_put_u32(req + 4, i);
        int64_t t1 = pl_now_ns();
        if (udp) {
            if (send(c->fd, req, sizeof req, 0) != sizeof req)
                continue;
            ssize_t n;
            int64_t deadline = t1 + UDP_WAIT_MS * 1000000LL;
            do /* a late answer of an earlier round, or a stray reply: wait on */
                n = recv(c->fd, rep, sizeof rep, 0);
            while ((n >= 0 || errno == EINTR) && pl_now_ns() < deadline &&
                   !(n == sizeof rep && memcmp(rep, MAGIC, 4) == 0 && pl_get_u32(rep + 4) == i));
            if (!(n == sizeof rep && memcmp(rep, MAGIC, 4) == 0 && pl_get_u32(rep + 4) == i))
                continue;
        } else if (pl_net_write_all(c->fd, req, sizeof req) != PL_NET_OK ||
                   pl_net_read_all(c->fd, rep, sizeof rep) != PL_NET_OK ||
                   memcmp(rep, MAGIC, 4) != 0 || pl_get_u32(rep + 4) != i) {
            break; /* TCP: the stream is out of step; give up this phase */
        }
        x[3] = pl_now_ns();
        x[0] = t1;
        x[1] = get_i64(rep + 8);
        x[2] = get_i64(rep + 16);
        answered++;
    }
    if (udp)
        pl_net_set_rcvtimeo(NULL, c->fd, 1000); /* back to the call timeout */
    return answered;
}

cJSON *pl_clockx_json(const struct pl_conn *c)
{
    if (!c->clockx)
        return NULL;
    cJSON *o = cJSON_CreateObject();
    static const char *const names[2] = {"start", "end"};
    for (int ph = 0; ph < 2; ph++) {
        cJSON *arr = cJSON_AddArrayToObject(o, names[ph]);
        for (int i = 0; i < PL_CLOCKX_ROUNDS; i++) {
            const int64_t *x = c->xchg[ph][i];
            if (!x[0] || !x[3])
                continue;
            cJSON *r = cJSON_CreateArray();
            for (int k = 0; k < 4; k++)
                cJSON_AddItemToArray(r, cJSON_CreateNumber((double)x[k]));
            cJSON_AddItemToArray(arr, r);
        }
    }
    return o;
}
