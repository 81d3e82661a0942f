#include "transport.h"
#include "ktstamp.h"
#include "net.h"
#include "pl_clock.h"
#include "pl_error.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void pl_hello_encode(uint8_t out[PL_HELLO_BYTES], uint32_t request_bytes, uint32_t response_bytes)
{
    pl_hello_encode_v(out, PL_PP_VERSION, request_bytes, response_bytes);
}

void pl_hello_encode_v(uint8_t out[PL_HELLO_BYTES], uint32_t version, uint32_t request_bytes,
                       uint32_t response_bytes)
{
    memcpy(out, PL_HELLO_MAGIC, 4);
    pl_put_u32(out + 4, version);
    pl_put_u32(out + 8, request_bytes);
    pl_put_u32(out + 12, response_bytes);
}

int pl_hello_decode(const uint8_t *in, size_t len, uint32_t *request_bytes, uint32_t *response_bytes,
                    int *end)
{
    if (len != PL_HELLO_BYTES || memcmp(in, PL_HELLO_MAGIC, 4) != 0 ||
        (pl_get_u32(in + 4) != PL_PP_VERSION && pl_get_u32(in + 4) != PL_PP_VERSION_CLOCKX))
        return -1;
    *request_bytes = pl_get_u32(in + 8);
    *response_bytes = pl_get_u32(in + 12);
    *end = *request_bytes == 0xFFFFFFFFu && *response_bytes == 0xFFFFFFFFu;
    return 0;
}

uint8_t *pl_alloc_touched(size_t len)
{
    uint8_t *p = malloc(len ? len : 1);
    if (p)
        memset(p, 0, len);
    return p;
}

int pl_conn_prepare(struct pl_conn *c, uint32_t request_bytes, uint32_t response_bytes,
                    size_t rbuf_len, char *err)
{
    memset(c, 0, sizeof *c);
    c->fd = -1;
    c->request_bytes = request_bytes;
    c->response_bytes = response_bytes;
    c->sbuf = pl_alloc_touched(request_bytes);
    c->rbuf = pl_alloc_touched(rbuf_len);
    if (!c->sbuf || !c->rbuf) {
        pl_conn_release(c, NULL); /* no socket yet: only frees */
        snprintf(err, PL_NET_ERR_LEN, "out of memory");
        return PL_ERR_NOMEM;
    }
    return PL_OK;
}

int pl_conn_attach(struct pl_conn *c, int fd, const char *nerr, struct pl_cancel *cancel,
                   char *err)
{
    c->fd = fd;
    if (fd < 0) {
        snprintf(err, PL_NET_ERR_LEN, "%s", nerr);
        return PL_ERR_UNREACHABLE;
    }
    if (pl_cancel_add_fd(cancel, fd)) {
        snprintf(err, PL_NET_ERR_LEN, "cancelled");
        return PL_ERR_CANCELLED;
    }
    /* before the hello: RX stamping may take a moment to switch on in the kernel */
    pl_transport_kts(fd, &c->kts, &c->rt_off);
    return PL_OK;
}

int pl_accept_session(int listen_fd, char *peer, size_t peerlen, struct pl_cancel *cancel, char *err, int *rc)
{
    int fd = pl_net_tcp_accept(err, listen_fd, peer, peerlen);
    if (fd < 0) {
        *rc = pl_cancel_reason(cancel) || errno == EINTR || errno == EINVAL ? PL_ERR_CANCELLED : PL_ERR_SOCKET;
        return -1;
    }
    if (pl_cancel_add_fd(cancel, fd)) {
        close(fd);
        *rc = PL_ERR_CANCELLED;
        return -1;
    }
    return fd;
}

int pl_udp_received(ssize_t n, struct pl_cancel *cancel, char *err, int *rc)
{
    if (pl_cancel_reason(cancel)) {
        *rc = PL_ERR_CANCELLED;
        return -1;
    }
    if (n >= 0)
        return 1;
    if (errno == EINTR || errno == ECONNREFUSED)
        return 0;
    snprintf(err, PL_NET_ERR_LEN, "recvfrom: %s", strerror(errno));
    *rc = PL_ERR_IO;
    return -1;
}

void pl_transport_kts(int fd, int *kts, int64_t *rt_off)
{
    *kts = pl_kts_active() && pl_kts_enable(fd) == 0;
    *rt_off = *kts ? pl_clock_realtime_offset_ns() : 0;
}

void pl_conn_release(struct pl_conn *c, struct pl_cancel *cancel)
{
    if (c->fd >= 0) {
        pl_cancel_remove_fd(cancel, c->fd);
        close(c->fd);
    }
    c->fd = -1;
    free(c->sbuf);
    free(c->rbuf);
    c->sbuf = c->rbuf = NULL;
}

int pl_server_prepare(struct pl_server *s, size_t len, char *err)
{
    memset(s, 0, sizeof *s);
    s->fd = -1;
    s->rbuf = pl_alloc_touched(len);
    s->sbuf = pl_alloc_touched(len);
    if (!s->rbuf || !s->sbuf) {
        pl_server_release(s);
        snprintf(err, PL_NET_ERR_LEN, "out of memory");
        return PL_ERR_NOMEM;
    }
    return PL_OK;
}

void pl_server_release(struct pl_server *s)
{
    if (s->fd >= 0)
        close(s->fd);
    s->fd = -1;
    free(s->rbuf);
    free(s->sbuf);
    s->rbuf = s->sbuf = NULL;
}
