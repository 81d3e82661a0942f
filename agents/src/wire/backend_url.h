/* Which backend URLs the agent talks to: https:// always (the server verified, never not), plain
 * http:// only to a loopback host (127.0.0.0/8, ::1, localhost) or when --allow-plain-http asks. */
#ifndef PL_BACKEND_URL_H
#define PL_BACKEND_URL_H
#include <stddef.h>

/* The host of an http:// or https:// URL (IPv6 without its brackets); -1 when there is none. */
int pl_url_host(const char *url, char *host, size_t hostlen);
/* 1 for localhost, an IPv4 address in 127.0.0.0/8, ::1 (or ::ffff:127.x.y.z); 0 otherwise. */
int pl_host_is_loopback(const char *host);
/* 0 when the daemon may use url; -1 with err naming the option that would allow it. *is_https says
 * whether the URL is TLS (the CA file then applies). */
int pl_backend_url_check(const char *url, int allow_plain_http, int *is_https, char *err, size_t errlen);

#endif
