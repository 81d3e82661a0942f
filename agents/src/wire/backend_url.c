#include "backend_url.h"

#include <arpa/inet.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

static const char *after_scheme(const char *url, int *is_https)
{
    if (strncasecmp(url, "https://", 8) == 0) {
        *is_https = 1;
        return url + 8;
    }
    if (strncasecmp(url, "http://", 7) == 0) {
        *is_https = 0;
        return url + 7;
    }
    return NULL;
}

int pl_url_host(const char *url, char *host, size_t hostlen)
{
    int tls;
    const char *p = after_scheme(url, &tls);
    if (!p)
        return -1;
    size_t auth_len = strcspn(p, "/?#"); /* user:password@host:port */
    const char *at = memchr(p, '@', auth_len);
    if (at) {
        auth_len -= (size_t)(at + 1 - p);
        p = at + 1;
    }
    size_t n;
    if (*p == '[') { /* [IPv6]:port */
        const char *close = memchr(p, ']', auth_len);
        if (!close)
            return -1;
        p++;
        n = (size_t)(close - p);
    } else {
        n = strcspn(p, ":/?#");
    }
    if (n == 0 || n >= hostlen)
        return -1;
    memcpy(host, p, n);
    host[n] = 0;
    return 0;
}

int pl_host_is_loopback(const char *host)
{
    size_t n = strlen(host);
    if (n && host[n - 1] == '.') /* "localhost." is the same name */
        n--;
    if (n == 9 && strncasecmp(host, "localhost", 9) == 0)
        return 1;
    struct in_addr v4;
    if (inet_pton(AF_INET, host, &v4) == 1)
        return (ntohl(v4.s_addr) >> 24) == 127;
    struct in6_addr v6;
    if (inet_pton(AF_INET6, host, &v6) == 1) {
        if (IN6_IS_ADDR_LOOPBACK(&v6))
            return 1;
        return IN6_IS_ADDR_V4MAPPED(&v6) && v6.s6_addr[12] == 127;
    }
    return 0;
}

int pl_backend_url_check(const char *url, int allow_plain_http, int *is_https, char *err, size_t errlen)
{
    char host[256];
    if (!after_scheme(url, is_https) || pl_url_host(url, host, sizeof host) != 0) {
        snprintf(err, errlen, "--backend must be an https:// or http:// URL with a host (got '%s')", url);
        return -1;
    }
    if (*is_https || allow_plain_http || pl_host_is_loopback(host))
        return 0;
    snprintf(err, errlen,
             "--backend %s is plain http:// to %s, which is not this machine: the agent token and the "
             "traces would cross the network unencrypted. Use https:// (with --ca-file PATH), or pass "
             "--allow-plain-http if this network is trusted",
             url, host);
    return -1;
}
