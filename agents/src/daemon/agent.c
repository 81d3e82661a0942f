#include "agent.h"
#include "netinfo.h"
#include "caps.h"
#include "json_get.h"
#include "pl_clock.h"
#include "pl_error.h"
#include "pl_log.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BACKOFF_START_MS 250
#define BACKOFF_MAX_MS 5000
#define CALL_TIMEOUT_MS 10000

void pl_agent_init(struct pl_agent *a)
{
    memset(a, 0, sizeof *a);
    pthread_mutex_init(&a->mu, NULL);
    a->heartbeat_s = 2.0;
    atomic_init(&a->need_enroll, 1);
}

int pl_agent_answer_says_revoked(const char *body, char *detail, size_t detail_len)
{
    cJSON *j = cJSON_Parse(body ? body : "");
    const cJSON *d = cJSON_GetObjectItemCaseSensitive(j, "detail");
    snprintf(detail, detail_len, "%s", cJSON_IsString(d) ? d->valuestring : body ? body : "");
    cJSON_Delete(j);
    return strcasestr(detail, "revoked") != NULL;
}

/* 1, with the shutdown begun, when the backend's answer says this agent was revoked. */
static int note_revoked(struct pl_agent *a, long status, const char *body)
{
    char detail[sizeof a->revoked_detail - 16];
    if (!pl_agent_answer_says_revoked(body, detail, sizeof detail))
        return 0;
    pthread_mutex_lock(&a->mu);
    int first = !atomic_exchange(&a->revoked, 1);
    if (first)
        snprintf(a->revoked_detail, sizeof a->revoked_detail, "%ld: %s", status, detail);
    pthread_mutex_unlock(&a->mu);
    if (first) {
        pl_log("revoked by the backend (%ld: %s); stopping, the spool %s stays as it is", status, detail,
               a->spool);
        pl_http_begin_shutdown();
    }
    return 1;
}

int pl_agent_call(struct pl_agent *a, const char *method, const char *path, const char *content_type,
                  const void *body, size_t len, int timeout_ms, int interruptible,
                  struct pl_http_resp *resp, char *err, size_t errlen)
{
    char url[800], token[512];
    snprintf(url, sizeof url, "%s%s", a->backend, path);
    pthread_mutex_lock(&a->mu);
    snprintf(token, sizeof token, "%s", a->token);
    pthread_mutex_unlock(&a->mu);
    int rc = pl_http_request(url, token, method, content_type, body, len, timeout_ms, interruptible,
                             resp, err, errlen);
    if (rc == PL_OK && resp->status == 401 && !note_revoked(a, resp->status, resp->body))
        atomic_store(&a->need_enroll, 1); /* "unknown agent token": the backend forgot us, enrol again */
    return rc;
}

/* The agent's token is kept in its spool (owner-only): a restarted daemon presents it when it enrols again,
 * which tells the backend "the same agent", not a second process taking a live agent's name. */
static void token_path(const struct pl_agent *a, char *path, size_t len)
{
    snprintf(path, len, "%s/agent.token", a->spool);
}

static void read_kept_token(const struct pl_agent *a, char *token, size_t len)
{
    char path[600];
    token_path(a, path, sizeof path);
    token[0] = 0;
    FILE *f = fopen(path, "re");
    if (!f)
        return;
    if (!fgets(token, (int)len, f))
        token[0] = 0;
    fclose(f);
    token[strcspn(token, "\r\n")] = 0;
}

static void keep_token(const struct pl_agent *a, const char *token)
{
    char path[600], tmp[620];
    token_path(a, path, sizeof path);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    int ok = fd >= 0 && write(fd, token, strlen(token)) == (ssize_t)strlen(token);
    if (fd >= 0)
        ok = close(fd) == 0 && ok;
    if (!ok || rename(tmp, path) != 0) { /* only a restart within seconds is slowed: not worth failing for */
        pl_log("could not keep the agent token in %s: %s", path, strerror(errno));
        unlink(tmp);
    }
}

int pl_agent_enroll(struct pl_agent *a, char *err, size_t errlen)
{
    char previous[sizeof a->token];
    pthread_mutex_lock(&a->mu);
    snprintf(previous, sizeof previous, "%s", a->token);
    pthread_mutex_unlock(&a->mu);
    if (!previous[0])
        read_kept_token(a, previous, sizeof previous);
    char host[256] = "unknown";
    gethostname(host, sizeof host - 1);
    cJSON *req = cJSON_CreateObject();
    cJSON_AddStringToObject(req, "enrollment_token", a->enroll_token);
    if (previous[0])
        cJSON_AddStringToObject(req, "previous_token", previous);
    cJSON_AddStringToObject(req, "name", a->name);
    cJSON_AddStringToObject(req, "host", host);
    cJSON_AddStringToObject(req, "address", a->advertise);
    cJSON_AddStringToObject(req, "version", PL_VERSION);
    cJSON_AddNumberToObject(req, "clock_id", PL_CLOCK_ID);
    cJSON *caps = cJSON_AddObjectToObject(req, "capabilities");
    const char *transports[] = {"tcp", "udp"};
    cJSON_AddItemToObject(caps, "transports", cJSON_CreateStringArray(transports, 2));
    cJSON_AddItemToObject(caps, "kinds", cJSON_CreateStringArray(a->kinds, a->n_kinds));
    cJSON_AddStringToObject(caps, "clock", "CLOCK_MONOTONIC");
    cJSON_AddItemToObject(caps, "net", pl_netinfo_json(a->advertise)); /* interfaces, MTU, speed */
    pl_caps_fill(caps);
    char *body = cJSON_PrintUnformatted(req);
    cJSON_Delete(req);

    char url[800];
    snprintf(url, sizeof url, "%s/api/agents/enroll", a->backend);
    struct pl_http_resp resp;
    int rc = pl_http_request(url, NULL, "POST", "application/json", body, strlen(body),
                             CALL_TIMEOUT_MS, 1, &resp, err, errlen);
    free(body);
    if (rc != PL_OK)
        return rc;
    if (resp.status != 201 && resp.status != 200) {
        snprintf(err, errlen, "enroll: HTTP %ld %s", resp.status, resp.body ? resp.body : "");
        if (resp.status == 403) /* the name revoked: enrolling again cannot succeed until an admin reinstates it */
            note_revoked(a, resp.status, resp.body);
        pl_http_resp_free(&resp);
        return resp.status == 403 ? PL_ERR_REJECTED : PL_ERR_HTTP;
    }
    cJSON *j = cJSON_Parse(resp.body ? resp.body : "");
    pl_http_resp_free(&resp);
    const cJSON *tok = cJSON_GetObjectItemCaseSensitive(j, "token");
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(j, "agent_id");
    const cJSON *hb = cJSON_GetObjectItemCaseSensitive(j, "heartbeat_interval_s");
    if (!cJSON_IsString(tok)) {
        snprintf(err, errlen, "enroll: answer without token");
        cJSON_Delete(j);
        return PL_ERR_HTTP;
    }
    pthread_mutex_lock(&a->mu);
    snprintf(a->token, sizeof a->token, "%s", tok->valuestring);
    a->agent_id = (long)pl_json_job_id(id); /* -1 unless a number in 0..2^63: no out-of-range cast */
    if (cJSON_IsNumber(hb) && hb->valuedouble > 0.05)
        a->heartbeat_s = hb->valuedouble;
    pthread_mutex_unlock(&a->mu);
    keep_token(a, tok->valuestring);
    atomic_store(&a->need_enroll, 0);
    cJSON_Delete(j);
    return PL_OK;
}

int pl_agent_report_status(struct pl_agent *a, uint64_t job_id, const char *state, int port,
                           const char *reason)
{
    return pl_agent_report_result(a, job_id, state, port, reason, NULL);
}

int pl_agent_report_result(struct pl_agent *a, uint64_t job_id, const char *state, int port,
                           const char *reason, const cJSON *result)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "state", state);
    if (port >= 0)
        cJSON_AddNumberToObject(o, "port", port);
    if (reason)
        cJSON_AddStringToObject(o, "reason", reason);
    pl_caps_add_probe(o); /* analyses subtract the probe cost of the agent that measured */
    if (result)
        cJSON_AddItemToObject(o, "result", cJSON_Duplicate(result, 1));
    char *body = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    char path[128], err[512];
    snprintf(path, sizeof path, "/api/agents/jobs/%llu/status", (unsigned long long)job_id);
    int backoff = BACKOFF_START_MS, rc;
    for (;;) {
        struct pl_http_resp resp;
        rc = pl_agent_call(a, "POST", path, "application/json", body, strlen(body), CALL_TIMEOUT_MS,
                           0, &resp, err, sizeof err);
        if (rc == PL_OK && resp.status == 200) {
            pl_log("job %llu: status %s%s%s", (unsigned long long)job_id, state,
                   reason ? ": " : "", reason ? reason : "");
            pl_http_resp_free(&resp);
            break;
        }
        if (rc == PL_OK && resp.status >= 400 && resp.status < 500 && resp.status != 401) {
            pl_log("job %llu: status %s refused: HTTP %ld %s", (unsigned long long)job_id, state,
                   resp.status, resp.body ? resp.body : "");
            pl_http_resp_free(&resp);
            rc = PL_ERR_REJECTED;
            break;
        }
        if (rc == PL_OK) {
            snprintf(err, sizeof err, "HTTP %ld", resp.status);
            pl_http_resp_free(&resp);
            rc = PL_ERR_HTTP;
        }
        pl_log("job %llu: status %s not delivered (%s), retrying in %d ms",
               (unsigned long long)job_id, state, err, backoff);
        if (pl_http_stopping() || pl_http_sleep(backoff))
            break;
        backoff = backoff * 2 > BACKOFF_MAX_MS ? BACKOFF_MAX_MS : backoff * 2;
    }
    free(body);
    return rc;
}
