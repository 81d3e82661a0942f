#include "daemon.h"
#include "agent.h"
#include "job_table.h"
#include "clockx.h"
#include "command.h"
#include "ktstamp.h"
#include "pl_error.h"
#include "pl_log.h"
#include "spool.h"
#include "uploader.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_JOBS 64
#define POLL_WAIT_S 20
#define EXIT_JOIN_MS 1500

static struct pl_agent agent;
static pthread_mutex_t jobs_mu = PTHREAD_MUTEX_INITIALIZER;
static struct pl_job *jobs[MAX_JOBS];

static void for_each_job_cancel(enum pl_stop_reason why)
{
    pthread_mutex_lock(&jobs_mu);
    for (int i = 0; i < MAX_JOBS; i++)
        if (jobs[i])
            pl_cancel_fire(&jobs[i]->cancel, why);
    pthread_mutex_unlock(&jobs_mu);
}

/* SIGINT/SIGTERM are blocked everywhere and taken here with sigwait, so the
 * reaction runs in a normal thread (locks and shutdown() are fine). */
static void *signal_main(void *arg)
{
    sigset_t *set = arg;
    int sig;
    sigwait(set, &sig);
    pl_log("got %s, stopping", sig == SIGINT ? "SIGINT" : "SIGTERM");
    pl_http_begin_shutdown();
    for_each_job_cancel(PL_STOP_AGENT);
    return NULL;
}

static void *heartbeat_main(void *arg)
{
    (void)arg;
    int failures = 0;
    while (!pl_http_stopping()) {
        cJSON *o = cJSON_CreateObject();
        cJSON *ids = cJSON_AddArrayToObject(o, "running_jobs");
        pthread_mutex_lock(&jobs_mu);
        for (int i = 0; i < MAX_JOBS; i++)
            if (jobs[i] && !atomic_load(&jobs[i]->done))
                cJSON_AddItemToArray(ids, cJSON_CreateNumber((double)jobs[i]->id));
        pthread_mutex_unlock(&jobs_mu);
        char *body = cJSON_PrintUnformatted(o);
        cJSON_Delete(o);
        struct pl_http_resp resp;
        char err[512];
        int rc = pl_agent_call(&agent, "POST", "/api/agents/heartbeat", "application/json", body,
                               strlen(body), 5000, 1, &resp, err, sizeof err);
        free(body);
        if (rc == PL_OK && resp.status != 200)
            snprintf(err, sizeof err, "HTTP %ld", resp.status);
        if (rc != PL_OK || resp.status != 200) {
            if (failures++ % 10 == 0 && !pl_http_stopping())
                pl_log("heartbeat failed: %s", err);
        } else {
            failures = 0;
        }
        pl_http_resp_free(&resp);
        pl_http_sleep((int)(agent.heartbeat_s * 1000));
    }
    return NULL;
}

static void *spool_main(void *arg)
{
    (void)arg;
    pl_upload_spool(&agent);
    return NULL;
}

/* Join jobs whose thread has ended; with deadline_ms >= 0 wait for all of them. */
static void reap_jobs(int all, int deadline_ms)
{
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += deadline_ms / 1000;
    until.tv_nsec += (deadline_ms % 1000) * 1000000L;
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000L;
    }
    for (int i = 0; i < MAX_JOBS; i++) {
        pthread_mutex_lock(&jobs_mu);
        struct pl_job *j = jobs[i];
        pthread_mutex_unlock(&jobs_mu);
        if (!j || (!all && !atomic_load(&j->done)))
            continue;
        if (all && pthread_timedjoin_np(j->thread, NULL, &until) != 0) {
            pl_log("job %llu did not end in time", (unsigned long long)j->id);
            continue; /* left running; the process exits anyway */
        }
        if (!all)
            pthread_join(j->thread, NULL);
        pthread_mutex_lock(&jobs_mu);
        jobs[i] = NULL;
        pthread_mutex_unlock(&jobs_mu);
        pl_job_free(j);
    }
}

static void handle_command(const cJSON *cmd)
{
    struct pl_command c;
    pl_command_parse(&agent, cmd, &c);
    if (c.type == PL_CMD_BAD_START) {
        pl_log("bad start command: %s", c.err);
    } else if (c.type == PL_CMD_START) {
        struct pl_job *j = c.job;
        pthread_mutex_lock(&jobs_mu);
        int slot = -1;
        for (int i = 0; i < MAX_JOBS; i++) {
            if (jobs[i] && jobs[i]->id == j->id)
                slot = -2; /* duplicate delivery of the same start */
            else if (!jobs[i] && slot == -1)
                slot = i;
        }
        if (slot >= 0)
            jobs[slot] = j;
        pthread_mutex_unlock(&jobs_mu);
        if (slot == -2) {
            pl_log("job %llu already running; start ignored", (unsigned long long)j->id);
            pl_job_free(j);
        } else if (slot == -1) {
            pl_agent_report_status(&agent, j->id, "failed", -1, "agent busy: too many jobs");
            pl_job_free(j);
        } else if (pl_job_start(j) != PL_OK) {
            pthread_mutex_lock(&jobs_mu);
            jobs[slot] = NULL;
            pthread_mutex_unlock(&jobs_mu);
            pl_agent_report_status(&agent, j->id, "failed", -1, "agent could not start a thread");
            pl_job_free(j);
        }
    } else if (c.type == PL_CMD_STOP) {
        int found = 0;
        pthread_mutex_lock(&jobs_mu);
        for (int i = 0; i < MAX_JOBS && c.has_job_id; i++)
            if (jobs[i] && jobs[i]->id == c.job_id) {
                pl_cancel_fire(&jobs[i]->cancel, PL_STOP_COMMAND);
                found = 1;
            }
        pthread_mutex_unlock(&jobs_mu);
        pl_log("stop job %lld (%s)%s", c.log_id, c.reason ? c.reason : "no reason", found ? "" : ": not running here");
    } else {
        pl_log("unknown command ignored");
    }
}

static void enroll_until_done(void)
{
    int backoff = 500;
    char err[600];
    while (!pl_http_stopping()) {
        int rc = pl_agent_enroll(&agent, err, sizeof err);
        if (rc == PL_OK) {
            pl_log("enrolled at %s as agent %ld (heartbeat every %.1f s)", agent.backend,
                   agent.agent_id, agent.heartbeat_s);
            return;
        }
        if (pl_http_stopping()) { /* a signal, or the backend said this agent was revoked: no retry */
            pl_log("enrolment failed: %s", err);
            return;
        }
        pl_log("enrolment failed: %s; retrying in %d ms", err, backoff);
        pl_http_sleep(backoff);
        backoff = backoff * 2 > 10000 ? 10000 : backoff * 2;
    }
}

int pl_daemon_run(const struct pl_daemon_opts *o)
{
    pl_agent_init(&agent);
    for (size_t i = 0; i < pl_job_kinds_n && agent.n_kinds < (int)(sizeof agent.kinds / sizeof *agent.kinds); i++)
        agent.kinds[agent.n_kinds++] = pl_job_kinds[i].kind;
    snprintf(agent.backend, sizeof agent.backend, "%s", o->backend);
    size_t bl = strlen(agent.backend);
    while (bl && agent.backend[bl - 1] == '/')
        agent.backend[--bl] = 0;
    snprintf(agent.enroll_token, sizeof agent.enroll_token, "%s", o->token);
    snprintf(agent.name, sizeof agent.name, "%s", o->name);
    pl_limits_set(&o->limits);
    pl_kts_set_wanted(1); /* before enrolment: its capabilities say what the kernel stamps */
    pl_clockx_set_wanted(1);
    snprintf(agent.advertise, sizeof agent.advertise, "%s", o->advertise);
    snprintf(agent.spool, sizeof agent.spool, "%s", o->spool);
    pl_log_set_name(agent.name);

    char err[600];
    if (pl_spool_init(agent.spool, err, sizeof err) != PL_OK) {
        pl_log("%s", err);
        return 1;
    }
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &set, NULL); /* inherited by every thread started below */
    signal(SIGPIPE, SIG_IGN);
    pl_http_global_init();
    pl_http_set_ca_file(o->ca_file);
    pthread_t sig_thread, hb_thread, spool_thread;
    pthread_create(&sig_thread, NULL, signal_main, &set);
    pthread_detach(sig_thread);
    pl_log("perflab-agent %s starting; backend %s%s%s, advertise %s, spool %s", PL_VERSION, agent.backend,
           o->ca_file ? " verified against " : "", o->ca_file ? o->ca_file : "", agent.advertise, agent.spool);

    enroll_until_done();
    int enrolled = !pl_http_stopping();
    if (enrolled) {
        pthread_create(&hb_thread, NULL, heartbeat_main, NULL);
        pthread_create(&spool_thread, NULL, spool_main, NULL);
    }

    int backoff = 500;
    while (!pl_http_stopping()) {
        reap_jobs(0, 0);
        if (atomic_load(&agent.need_enroll)) {
            pl_log("backend does not know our token; enrolling again");
            enroll_until_done();
            continue;
        }
        struct pl_http_resp resp;
        char path[64];
        snprintf(path, sizeof path, "/api/agents/commands?wait_s=%d", POLL_WAIT_S);
        int rc = pl_agent_call(&agent, "GET", path, NULL, NULL, 0, (POLL_WAIT_S + 10) * 1000, 1,
                               &resp, err, sizeof err);
        if (rc != PL_OK || resp.status != 200) {
            if (pl_http_stopping())
                break;
            if (rc == PL_OK)
                snprintf(err, sizeof err, "HTTP %ld", resp.status);
            pl_http_resp_free(&resp);
            pl_log("command poll failed: %s; retrying in %d ms", err, backoff);
            pl_http_sleep(backoff);
            backoff = backoff * 2 > 10000 ? 10000 : backoff * 2;
            continue;
        }
        backoff = 500;
        cJSON *j = cJSON_Parse(resp.body ? resp.body : "");
        pl_http_resp_free(&resp);
        const cJSON *cmds = cJSON_GetObjectItemCaseSensitive(j, "commands"), *cmd;
        cJSON_ArrayForEach(cmd, cmds) handle_command(cmd);
        cJSON_Delete(j);
    }
    /* stopping: jobs were cancelled by the signal thread; give them time to flush */
    for_each_job_cancel(PL_STOP_AGENT);
    reap_jobs(1, EXIT_JOIN_MS);
    if (enrolled) {
        pthread_join(hb_thread, NULL);
        pthread_join(spool_thread, NULL);
    }
    if (atomic_load(&agent.revoked)) {
        pthread_mutex_lock(&agent.mu);
        fprintf(stderr, "perflab-agent: this agent was revoked by the backend (%s); stopping - ask an admin "
                "(its spool %s is kept)\n", agent.revoked_detail, agent.spool);
        pthread_mutex_unlock(&agent.mu);
        return o->revoked_exit;
    }
    pl_log("stopped");
    return 0;
}
