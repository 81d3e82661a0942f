#include "net.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

static void set_err(char *err, const char *fmt, ...)
{
    if (!err)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, PL_NET_ERR_LEN, fmt, ap);
    va_end(ap);
}

/* Resolve and create+connect or create+bind the first address that works. */
static int resolve_and(char *err, const char *host, int port, int socktype, int passive,
                       int do_connect)
{
    struct addrinfo hints = {0}, *res, *ai;
    char portstr[16];
    snprintf(portstr, sizeof portstr, "%d", port);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = socktype;
    hints.ai_flags = passive ? AI_PASSIVE : 0;
    int rc = getaddrinfo(host, portstr, &hints, &res);
    if (rc != 0) {
        set_err(err, "%s %s:%d: %s", do_connect ? "connect" : "bind", host ? host : "*", port,
                gai_strerror(rc));
        return PL_NET_ERR;
    }
    int fd = -1, saved = 0;
    for (ai = res; ai; ai = ai->ai_next) {
        fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol);
        if (fd < 0) {
            saved = errno;
            continue;
        }
        if (!do_connect) {
            int one = 1;
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        }
        int r = do_connect ? connect(fd, ai->ai_addr, ai->ai_addrlen)
                           : bind(fd, ai->ai_addr, ai->ai_addrlen);
        if (r == 0)
            break;
        saved = errno;
        close(fd);
        fd = -1;
    }
    freeaddrinfo(res);
    if (fd < 0) {
        set_err(err, "%s %s:%d: %s", do_connect ? "connect" : "bind", host ? host : "*", port,
                strerror(saved));
        return PL_NET_ERR;
    }
    return fd;
}

int pl_net_tcp_nodelay(char *err, int fd)
{
    int one = 1;
    if (setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one) < 0) {
        set_err(err, "setsockopt TCP_NODELAY: %s", strerror(errno));
        return PL_NET_ERR;
    }
    return PL_NET_OK;
}

int pl_net_tcp_connect(char *err, const char *host, int port)
{
    int fd = resolve_and(err, host, port, SOCK_STREAM, 0, 1);
    if (fd < 0)
        return PL_NET_ERR;
    if (pl_net_tcp_nodelay(err, fd) != PL_NET_OK) {
        close(fd);
        return PL_NET_ERR;
    }
    return fd;
}

int pl_net_tcp_listen(char *err, const char *bind_addr, int port, int backlog)
{
    int fd = resolve_and(err, bind_addr, port, SOCK_STREAM, 1, 0);
    if (fd < 0)
        return PL_NET_ERR;
    if (listen(fd, backlog) < 0) {
        set_err(err, "listen: %s", strerror(errno));
        close(fd);
        return PL_NET_ERR;
    }
    return fd;
}

int pl_net_tcp_accept(char *err, int listen_fd, char *peer, size_t peer_len)
{
    struct sockaddr_storage ss;
    socklen_t sl = sizeof ss;
    int fd = accept4(listen_fd, (struct sockaddr *)&ss, &sl, SOCK_CLOEXEC);
    if (fd < 0) {
        set_err(err, "accept: %s", strerror(errno));
        return PL_NET_ERR;
    }
    if (peer && peer_len) {
        char host[INET6_ADDRSTRLEN] = "?";
        int port = 0;
        if (ss.ss_family == AF_INET) {
            struct sockaddr_in *s = (struct sockaddr_in *)&ss;
            inet_ntop(AF_INET, &s->sin_addr, host, sizeof host);
            port = ntohs(s->sin_port);
        } else if (ss.ss_family == AF_INET6) {
            struct sockaddr_in6 *s = (struct sockaddr_in6 *)&ss;
            inet_ntop(AF_INET6, &s->sin6_addr, host, sizeof host);
            port = ntohs(s->sin6_port);
        }
        snprintf(peer, peer_len, "%s:%d", host, port);
    }
    if (pl_net_tcp_nodelay(err, fd) != PL_NET_OK) {
        close(fd);
        return PL_NET_ERR;
    }
    return fd;
}

int pl_net_udp_bind(char *err, const char *bind_addr, int port)
{
    return resolve_and(err, bind_addr, port, SOCK_DGRAM, 1, 0);
}

int pl_net_udp_connect(char *err, const char *host, int port)
{
    return resolve_and(err, host, port, SOCK_DGRAM, 0, 1);
}

int pl_net_tcp_total_retrans(int fd, uint32_t *out)
{
    struct tcp_info ti;
    socklen_t len = sizeof ti;
    memset(&ti, 0, sizeof ti);
    if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, &ti, &len) < 0 ||
        len < offsetof(struct tcp_info, tcpi_total_retrans) + sizeof ti.tcpi_total_retrans)
        return PL_NET_ERR;
    *out = ti.tcpi_total_retrans;
    return PL_NET_OK;
}

int pl_net_set_rcvtimeo(char *err, int fd, int ms)
{
    struct timeval tv = {.tv_sec = ms / 1000, .tv_usec = (ms % 1000) * 1000};
    if (setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv) < 0) {
        set_err(err, "setsockopt SO_RCVTIMEO: %s", strerror(errno));
        return PL_NET_ERR;
    }
    return PL_NET_OK;
}

int pl_net_local_port(char *err, int fd)
{
    struct sockaddr_storage ss;
    socklen_t sl = sizeof ss;
    if (getsockname(fd, (struct sockaddr *)&ss, &sl) < 0) {
        set_err(err, "getsockname: %s", strerror(errno));
        return PL_NET_ERR;
    }
    if (ss.ss_family == AF_INET)
        return ntohs(((struct sockaddr_in *)&ss)->sin_port);
    return ntohs(((struct sockaddr_in6 *)&ss)->sin6_port);
}

int pl_net_write_all(int fd, const void *buf, size_t len)
{
    const char *p = buf;
    while (len > 0) {
        ssize_t n = send(fd, p, len, MSG_NOSIGNAL);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return PL_NET_ERR;
        }
        p += n;
        len -= (size_t)n;
    }
    return PL_NET_OK;
}

int pl_net_read_all(int fd, void *buf, size_t len)
{
    char *p = buf;
    while (len > 0) {
        ssize_t n = recv(fd, p, len, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            if (n == 0)
                errno = ECONNRESET;
            return PL_NET_ERR;
        }
        p += n;
        len -= (size_t)n;
    }
    return PL_NET_OK;
}

int pl_net_split_hostport(char *err, const char *s, char *host, size_t host_len, int *port)
{
    const char *colon = strrchr(s, ':');
    if (!colon || colon == s || !colon[1]) {
        set_err(err, "expected HOST:PORT (got '%s')", s);
        return PL_NET_ERR;
    }
    const char *h = s;
    size_t hl = (size_t)(colon - s);
    if (h[0] == '[' && hl >= 2 && h[hl - 1] == ']') {
        h++;
        hl -= 2;
    }
    char *end;
    long p = strtol(colon + 1, &end, 10);
    if (*end || p < 1 || p > 65535 || hl == 0 || hl >= host_len) {
        set_err(err, "expected HOST:PORT with PORT 1..65535 (got '%s')", s);
        return PL_NET_ERR;
    }
    memcpy(host, h, hl);
    host[hl] = 0;
    *port = (int)p;
    return PL_NET_OK;
}
