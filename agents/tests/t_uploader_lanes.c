/* The uploader's two lanes (uploader.c, upload_spooled) against a backend of the test's own on loopback that
 * holds every batch HOLD_MS before its acknowledgement: each batch is POSTed once and acknowledged, the job's
 * first batch goes up alone, and the later ones two at a time (two in flight at once, never more). */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include "agent.h"
#include "batch.h"
#include "check.h"
#include "http.h"
#include "pl_error.h"
#include "spool.h"
#include "uploader.h"
#include "uploader_trace.h"

enum { HOLD_MS = 30, MAX_SEQ = 64 };

static struct {
    pthread_mutex_t mu;
    int in_flight, most_in_flight, first_in_flight, first_not_alone, running;
    uint32_t posts[MAX_SEQ];
} seen = {.mu = PTHREAD_MUTEX_INITIALIZER};

static uint32_t u32(const uint8_t *p) { return (uint32_t)(p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24); }

/* Reads one request (headers, then Content-Length bytes of body) into a malloc'd buffer; its body's offset. */
static uint8_t *read_request(int fd, size_t *body_at, size_t *total)
{
    size_t cap = 1 << 16, n = 0, want = 0;
    uint8_t *buf = malloc(cap);
    *body_at = 0;
    for (;;) {
        if (n == cap && !(buf = realloc(buf, cap *= 2)))
            return NULL;
        ssize_t r = recv(fd, buf + n, cap - n, 0);
        if (r <= 0)
            break;
        n += (size_t)r;
        if (!*body_at) {
            uint8_t *end = memmem(buf, n, "\r\n\r\n", 4);
            if (!end)
                continue;
            *body_at = (size_t)(end - buf) + 4;
            buf[*body_at - 1] = 0;
            char *cl = strcasestr((char *)buf, "content-length:");
            want = *body_at + (cl ? strtoul(cl + 15, NULL, 10) : 0);
        }
        if (n >= want)
            break;
    }
    *total = n;
    return buf;
}

static void *serve_one(void *arg)
{
    int fd = (int)(intptr_t)arg;
    size_t at, n;
    uint8_t *req = read_request(fd, &at, &n);
    uint32_t seq = req && at && n >= at + 20 ? u32(req + at + 16) : UINT32_MAX;
    pthread_mutex_lock(&seen.mu);
    if (seen.first_in_flight || (seq == 0 && seen.in_flight))
        seen.first_not_alone = 1;
    seen.first_in_flight |= seq == 0;
    if (++seen.in_flight > seen.most_in_flight)
        seen.most_in_flight = seen.in_flight;
    if (seq < MAX_SEQ)
        seen.posts[seq]++;
    pthread_mutex_unlock(&seen.mu);

    usleep(HOLD_MS * 1000); /* the backend storing it: the other lane's batch arrives meanwhile */
    char body[96], reply[256];
    snprintf(body, sizeof body, "{\"stored\": true, \"duplicate\": false, \"seq\": %u}", seq);
    int len = snprintf(reply, sizeof reply,
                       "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %zu\r\n"
                       "Connection: close\r\n\r\n%s", strlen(body), body);
    pthread_mutex_lock(&seen.mu);
    seen.in_flight--;
    seen.first_in_flight &= seq != 0;
    pthread_mutex_unlock(&seen.mu);
    CHECK(send(fd, reply, (size_t)len, MSG_NOSIGNAL) == len, "ack of batch %u sent", seq);
    close(fd);
    free(req);
    pthread_mutex_lock(&seen.mu);
    seen.running--;
    pthread_mutex_unlock(&seen.mu);
    return NULL;
}

static void *accept_loop(void *arg)
{
    int lfd = (int)(intptr_t)arg, fd;
    while ((fd = accept(lfd, NULL, NULL)) >= 0) {
        pthread_t t;
        pthread_mutex_lock(&seen.mu);
        seen.running++;
        pthread_mutex_unlock(&seen.mu);
        if (pthread_create(&t, NULL, serve_one, (void *)(intptr_t)fd) == 0)
            pthread_detach(t);
    }
    return NULL;
}

int main(void)
{
    enum { N = 5 * PL_BATCH_CALLS_PER_BATCH + 123 }; /* six batches: the first, then three pairs' worth */
    char dir[] = "/tmp/t_uploader_lanes-XXXXXX", backend[64];
    int lfd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in sa = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    socklen_t sl = sizeof sa;
    CHECK(bind(lfd, (struct sockaddr *)&sa, sizeof sa) == 0 && listen(lfd, 16) == 0 &&
              getsockname(lfd, (struct sockaddr *)&sa, &sl) == 0, "backend listens");
    pthread_t acceptor;
    CHECK(pthread_create(&acceptor, NULL, accept_loop, (void *)(intptr_t)lfd) == 0, "acceptor");

    struct pl_agent a;
    snprintf(backend, sizeof backend, "http://127.0.0.1:%u", ntohs(sa.sin_port));
    agent_on_temp_spool(&a, dir, backend);

    struct pl_trace tr;
    struct pl_cancel cancel;
    struct pl_uploader up;
    start_on_trace(&up, &a, 21, &tr, N, &cancel);
    pl_trace_publish(&tr, N); /* all at once: every batch is spooled before the first POST */
    pl_uploader_finish(&up);

    /* six of calls, and an empty one flagged last when the six were spooled before the job finished */
    CHECK(up.batches >= 6 && up.kept == 0 && up.rejected == 0 && up.failures == 0,
          "every batch acknowledged (%u batches, %u kept, %u rejected, %u failed POSTs)", up.batches, up.kept,
          up.rejected, up.failures);
    for (uint32_t s = 0; s < up.batches && s < MAX_SEQ; s++)
        CHECK(seen.posts[s] == 1, "batch %u POSTed once (%u)", s, seen.posts[s]);
    CHECK(!seen.first_not_alone, "the job's first batch went up alone");
    CHECK(seen.most_in_flight == 2, "two batches in flight at most and at some time (%d)", seen.most_in_flight);
    struct pl_spool_entry *e;
    size_t left;
    CHECK(pl_spool_list(dir, &e, &left) == PL_OK && left == 0, "the spool is empty (%zu left)", left);
    free(e);

    shutdown(lfd, SHUT_RDWR); /* wakes accept() */
    pthread_join(acceptor, NULL);
    close(lfd);
    for (int i = 0, running = 1; i < 100 && running; i++) { /* the last ack's thread closing its socket */
        pthread_mutex_lock(&seen.mu);
        running = seen.running;
        pthread_mutex_unlock(&seen.mu);
        usleep(10000);
    }
    pl_trace_free(&tr);
    pl_cancel_destroy(&cancel);
    remove_temp_spool(dir);
    return check_result("t_uploader_lanes");
}
