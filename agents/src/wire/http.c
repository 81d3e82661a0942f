#include "http.h"
#include "pl_clock.h"
#include "pl_error.h"

#include <curl/curl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static _Atomic int64_t shutdown_at_ns; /* 0: running */
static char ca_file[1024];               /* set once before the threads start; "": the system's CAs */

void pl_http_global_init(void)
{
    curl_global_init(CURL_GLOBAL_DEFAULT);
}

void pl_http_set_ca_file(const char *path)
{
    snprintf(ca_file, sizeof ca_file, "%s", path ? path : "");
}

/* Verification stays on whatever the URL: the peer's chain against the CA file and its name against the URL. */
static void set_tls(CURL *e)
{
    curl_easy_setopt(e, CURLOPT_SSL_VERIFYPEER, 1L);
    curl_easy_setopt(e, CURLOPT_SSL_VERIFYHOST, 2L);
    if (ca_file[0]) {
        curl_easy_setopt(e, CURLOPT_CAINFO, ca_file);
        curl_easy_setopt(e, CURLOPT_CAPATH, NULL); /* that file only, not the system's folder too */
    }
}

static void describe_failure(char *err, size_t errlen, const char *method, const char *url, CURLcode res,
                             const char *detail)
{
    const char *what = detail[0] ? detail : curl_easy_strerror(res);
    if (res == CURLE_PEER_FAILED_VERIFICATION || res == CURLE_SSL_CACERT_BADFILE ||
        res == CURLE_SSL_CERTPROBLEM || res == CURLE_SSL_CONNECT_ERROR)
        snprintf(err, errlen, "%s %s: TLS: %s (the backend's certificate is checked against %s%s)", method,
                 url, what, ca_file[0] ? "--ca-file " : "the system's CA certificates",
                 ca_file[0] ? ca_file : "; give the lab's CA with --ca-file PATH");
    else
        snprintf(err, errlen, "%s %s: %s", method, url, what);
}

void pl_http_begin_shutdown(void)
{
    int64_t zero = 0;
    atomic_compare_exchange_strong(&shutdown_at_ns, &zero, pl_now_ns());
}

int pl_http_stopping(void)
{
    return atomic_load(&shutdown_at_ns) != 0;
}

int pl_http_sleep(int ms)
{
    int64_t end = pl_now_ns() + (int64_t)ms * 1000000;
    while (!pl_http_stopping()) {
        int64_t left = end - pl_now_ns();
        if (left <= 0)
            return 0;
        struct timespec ts = {0, left > 50000000 ? 50000000 : left};
        nanosleep(&ts, NULL);
    }
    return 1;
}

static int should_abort(int interruptible)
{
    int64_t at = atomic_load(&shutdown_at_ns);
    if (!at)
        return 0;
    return interruptible || pl_now_ns() - at > PL_HTTP_SHUTDOWN_GRACE_MS * 1000000LL;
}

/* the backend's answers are small JSON (a job, an ack): a larger one is refused, not buffered without end */
#define PL_HTTP_MAX_ANSWER (8u << 20)

static size_t on_body(char *data, size_t size, size_t nmemb, void *userp)
{
    struct pl_http_resp *r = userp;
    size_t n = size * nmemb;
    if (n > PL_HTTP_MAX_ANSWER || r->len > PL_HTTP_MAX_ANSWER - n)
        return 0; /* curl then fails the request with a write error */
    char *bigger = realloc(r->body, r->len + n + 1);
    if (!bigger)
        return 0;
    memcpy(bigger + r->len, data, n);
    r->len += n;
    bigger[r->len] = 0;
    r->body = bigger;
    return n;
}

int pl_http_request(const char *url, const char *bearer, const char *method, const char *content_type,
                    const void *body, size_t len, int timeout_ms, int interruptible,
                    struct pl_http_resp *resp, char *err, size_t errlen)
{
    memset(resp, 0, sizeof *resp);
    if (should_abort(interruptible)) {
        snprintf(err, errlen, "%s %s: agent stopping", method, url);
        return PL_ERR_HTTP;
    }
    CURL *e = curl_easy_init();
    CURLM *m = curl_multi_init();
    struct curl_slist *hdrs = NULL;
    char line[600];
    if (bearer && *bearer) {
        snprintf(line, sizeof line, "Authorization: Bearer %s", bearer);
        hdrs = curl_slist_append(hdrs, line);
    }
    if (content_type) {
        snprintf(line, sizeof line, "Content-Type: %s", content_type);
        hdrs = curl_slist_append(hdrs, line);
    }
    hdrs = curl_slist_append(hdrs, "Expect:"); /* no 100-continue round trip for batches */
    char detail[CURL_ERROR_SIZE] = "";
    curl_easy_setopt(e, CURLOPT_URL, url);
    curl_easy_setopt(e, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(e, CURLOPT_ERRORBUFFER, detail);
    set_tls(e);
    curl_easy_setopt(e, CURLOPT_HTTPHEADER, hdrs);
    curl_easy_setopt(e, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(e, CURLOPT_CONNECTTIMEOUT_MS, 3000L);
    curl_easy_setopt(e, CURLOPT_TIMEOUT_MS, (long)timeout_ms);
    curl_easy_setopt(e, CURLOPT_WRITEFUNCTION, on_body);
    curl_easy_setopt(e, CURLOPT_WRITEDATA, resp);
    if (strcmp(method, "POST") == 0) {
        curl_easy_setopt(e, CURLOPT_POST, 1L);
        curl_easy_setopt(e, CURLOPT_POSTFIELDS, body ? body : "");
        curl_easy_setopt(e, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)(body ? len : 0));
    } else {
        curl_easy_setopt(e, CURLOPT_HTTPGET, 1L);
    }
    curl_multi_add_handle(m, e);

    int running = 1, aborted = 0;
    while (running) {
        if (curl_multi_perform(m, &running) != CURLM_OK)
            break;
        if (!running)
            break;
        if (should_abort(interruptible)) {
            aborted = 1;
            break;
        }
        curl_multi_poll(m, NULL, 0, 100, NULL);
    }
    CURLcode res = CURLE_OK;
    int msgs;
    CURLMsg *msg;
    while ((msg = curl_multi_info_read(m, &msgs)))
        if (msg->msg == CURLMSG_DONE)
            res = msg->data.result;
    int rc = PL_OK;
    if (aborted) {
        snprintf(err, errlen, "%s %s: agent stopping", method, url);
        rc = PL_ERR_HTTP;
    } else if (res != CURLE_OK) {
        describe_failure(err, errlen, method, url, res, detail);
        rc = PL_ERR_HTTP;
    } else {
        curl_easy_getinfo(e, CURLINFO_RESPONSE_CODE, &resp->status);
    }
    curl_multi_remove_handle(m, e);
    curl_multi_cleanup(m);
    curl_easy_cleanup(e);
    curl_slist_free_all(hdrs);
    if (rc != PL_OK)
        pl_http_resp_free(resp);
    return rc;
}

void pl_http_resp_free(struct pl_http_resp *resp)
{
    free(resp->body);
    resp->body = NULL;
    resp->len = 0;
}
