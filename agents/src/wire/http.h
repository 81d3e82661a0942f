/* Small libcurl wrapper. Transfers run on a multi handle polled every 100 ms so a
 * shutdown can abort them: interruptible ones (the long-poll) at once, the others
 * (batch flushes, status reports) once the shutdown is older than a grace period. */
#ifndef PL_HTTP_H
#define PL_HTTP_H
#include <stddef.h>

#define PL_HTTP_SHUTDOWN_GRACE_MS 1200

struct pl_http_resp {
    long status; /* HTTP status, 0 when no answer */
    char *body;  /* NUL-terminated, malloc'ed; free with pl_http_resp_free */
    size_t len;
};

void pl_http_global_init(void);
/* The CA certificates (PEM file) https:// servers are verified against, instead of the system's; NULL: the
 * system's. Verification itself (the chain and the host name) is never switched off. Call before requests. */
void pl_http_set_ca_file(const char *path);
/* Start the shutdown clock (any thread, not from a signal handler). */
void pl_http_begin_shutdown(void);
int pl_http_stopping(void);
/* Sleep up to ms, return early (nonzero) when the shutdown started. */
int pl_http_sleep(int ms);

/* PL_OK when an HTTP answer came (look at resp->status), PL_ERR_HTTP otherwise (when the server's
 * certificate could not be verified, err says why and names the CA file). */
int pl_http_request(const char *url, const char *bearer, const char *method, const char *content_type,
                    const void *body, size_t len, int timeout_ms, int interruptible,
                    struct pl_http_resp *resp, char *err, size_t errlen);
void pl_http_resp_free(struct pl_http_resp *resp);

#endif
