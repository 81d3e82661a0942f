/* Runner of kind "rpc": the server role serves the plan's calls until stopped, the client role runs the plan's
 * points one after another against it; both roles hand their records to a pl_uploader (rpc_batch.h). */
#include "job_kinds.h"
#include "agent.h"
#include "uploader.h"
#include "prefault.h"
#include "rpc_batch.h"
#include "job_common.h"
#include "netinfo.h"
#include "pl_clock.h"
#include "pl_error.h"
#include "pl_log.h"
#include "caps.h"
#include "rpc_load.h"
#include "rpc_noise.h"
#include "rpc_plan.h"
#include "rpc_rounds.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int64_t deadline_of(const struct pl_rpc_plan *p)
{
    return p->timeout_s > 0 ? pl_now_ns() + (int64_t)p->timeout_s * 1000000000LL : 0;
}

/* The server's records go up while it serves (a server that dies mid-run keeps what the uploader spooled), the
 * rest and the last batch once stopped; the job's status only after they were acknowledged or kept in the spool. */
static void run_server(struct pl_job *j, struct pl_rpc_plan *p)
{
    struct pl_agent *a = j->agent;
    char err[300], reason[400];
    struct pl_rpc_srec *recs = pl_zalloc_prefaulted((size_t)p->calls_total * sizeof *recs);
    struct pl_rpc_server_batches batches;
    if (!recs || pl_rpc_server_batches_init(&batches, recs, p->calls_total) != PL_OK) {
        free(recs);
        pl_agent_report_status(a, j->id, "failed", -1, "agent out of memory for the trace");
        return;
    }
    struct pl_rpc_server srv;
    struct pl_uploader up;
    struct pl_upload_source src = pl_rpc_server_source(&batches);
    struct pl_rpc_config cfg = p->cfg;
    int nomem;
    cfg.inject = pl_rpc_plan_server_inject(p, &nomem);
    if (nomem) {
        pl_rpc_server_batches_free(&batches);
        free(recs);
        pl_agent_report_status(a, j->id, "failed", -1, "agent out of memory for the injection");
        return;
    }
    if (pl_rpc_server_start(&srv, &cfg, p->allowed_prot, a->advertise, 0, (int)p->server_threads, recs,
                            p->calls_total, err, sizeof err) != PL_OK) {
        snprintf(reason, sizeof reason, "server bind failed: %s", err);
        pl_agent_report_status(a, j->id, "failed", -1, reason);
    } else if (pl_uploader_start_source(&up, a, j->id, &src, &j->cancel, p->timeout_s) != PL_OK) {
        pl_rpc_server_stop(&srv);
        pl_agent_report_status(a, j->id, "failed", -1, "agent could not start the trace uploader");
    } else {
        pl_uploader_measuring(&up);
        pl_log("job %llu: serving rpc over %s on %s:%d, %u executor threads", (unsigned long long)j->id,
               p->cfg.transport == PL_RPC_TCP ? "tcp" : "udp", a->advertise, srv.port, p->server_threads);
        cJSON *result = cJSON_CreateObject(); /* the machine's load as serving begins: the run's environment */
        pl_caps_add_load(cJSON_AddObjectToObject(result, "load_at_start"));
        pl_agent_report_status(a, j->id, "ready", srv.port, NULL);
        while (!pl_cancel_reason(&j->cancel)) /* the stop command, the agent's end or the uploader's timeout */
            usleep(50000);
        pl_rpc_server_stop(&srv);
        pl_log("job %llu: %u calls served, %u packets rejected", (unsigned long long)j->id,
               atomic_load(&srv.calls_served), atomic_load(&srv.rejected_packets));
        pl_uploader_finish(&up);
        const char *why = pl_cancel_reason(&j->cancel) != PL_STOP_COMMAND ? pl_job_stop_reason(j) : NULL;
        if (!why && up.kept)
            why = "agent stopping";
        pl_agent_report_result(a, j->id, why ? "failed" : "done", -1, why, result);
        cJSON_Delete(result);
    }
    pl_rpc_server_batches_free(&batches);
    free(recs);
    free(cfg.inject); /* the server has stopped (or never started) */
}

/* What one point's rounds came to, for the job's result. */
struct point_rounds {
    uint32_t rounds, calls; /* rounds run, calls made (warm-up and errors included) */
    struct pl_rpc_ci ci;
};

/* What a client job's points share. */
struct client_run {
    struct pl_job *j;
    const struct pl_rpc_plan *p;
    struct pl_rpc_crec *recs;   /* the whole trace, indexed by call number */
    int64_t *scratch;           /* the stopping rule's, as many values as the largest point's calls */
    struct pl_rpc_client_batches batches; /* what of recs the uploader takes, round by round */
    struct pl_uploader up;
    int64_t deadline;
    char binding[300];          /* "udp:HOST[PORT]" */
    uint32_t errors;
    char reason[600];
};

/* Runs point i in rounds until its interval meets the plan's target or max_rounds ran (rpc_rounds.h); returns
 * why the job must stop, or NULL. */
static const char *run_point_rounds(struct client_run *c, uint32_t i, struct pl_rpc_binding *b,
                                    struct point_rounds *out)
{
    const struct pl_rpc_plan *p = c->p;
    const struct pl_rpc_point *pt = &p->pts[i];
    struct pl_rpc_crec *mine = c->recs + pt->call_no_base;
    const char *why = NULL;
    memset(out, 0, sizeof *out);
    for (uint32_t r = 0; r < p->max_rounds; r++) {
        uint32_t at = pl_rpc_round_start(pt->threads, p->calls, p->warmup, r);
        struct pl_rpc_load l = {.binding = b, .recs = mine + at, .cancel = &c->j->cancel, .deadline_ns = c->deadline};
        pl_rpc_plan_load(p, i, r, &l);
        pl_rpc_client_round_start(&c->batches, &l); /* its calls go up while it runs */
        pl_rpc_load_run(&l);
        pl_rpc_client_round_end(&c->batches, &l);
        uint32_t d = atomic_load(&l.done), e = atomic_load(&l.errors);
        out->rounds++;
        out->calls += d;
        c->errors += e;
        why = pl_job_stop_reason(c->j);
        if (!why && d && d == e) {
            snprintf(c->reason, sizeof c->reason, "peer unreachable: no call of point %u answered by %s (%s)", i,
                     c->binding, pl_strerror(l.first_error));
            why = c->reason;
        } else if (!why && atomic_load(&l.unreachable)) {
            snprintf(c->reason, sizeof c->reason,
                     "peer unreachable: %s stopped answering during point %u: %d calls in a row unanswered, "
                     "each after %u tries %u ms apart", c->binding, i, PL_RPC_SILENT_CALLS,
                     p->cfg.max_retries + 1, p->cfg.rto_ms);
            why = c->reason;
        }
        pl_rpc_ci_of(mine, at + pl_rpc_load_calls(&l), c->scratch, &out->ci);
        if (why || !pl_rpc_another_round(&out->ci, p->ci_target_pct, out->rounds, p->max_rounds))
            break;
    }
    return why;
}

static cJSON *rounds_json(const struct pl_rpc_plan *p, const struct point_rounds *pr, uint32_t n)
{
    cJSON *o = cJSON_CreateObject(), *pts = cJSON_CreateArray();
    cJSON_AddNumberToObject(o, "ci_target_pct", p->ci_target_pct);
    cJSON_AddNumberToObject(o, "max_rounds", p->max_rounds);
    cJSON_AddStringToObject(o, "interval", "student-t"); /* t for n <= 31 measured calls, else 1.96 */
    for (uint32_t i = 0; i < n; i++) {
        cJSON *q = cJSON_CreateObject();
        double pct = pl_rpc_ci_pct(&pr[i].ci);
        cJSON_AddNumberToObject(q, "point_no", i);
        cJSON_AddNumberToObject(q, "rounds", pr[i].rounds);
        cJSON_AddNumberToObject(q, "calls", pr[i].calls);
        cJSON_AddNumberToObject(q, "measured", pr[i].ci.count);
        cJSON_AddNumberToObject(q, "mean_ns", pr[i].ci.mean_ns);
        cJSON_AddNumberToObject(q, "ci95_half_ns", pr[i].ci.half_ns);
        if (pct >= 0)
            cJSON_AddNumberToObject(q, "ci95_pct", pct);
        else
            cJSON_AddNullToObject(q, "ci95_pct");
        if (p->ci_target_pct > 0)
            cJSON_AddBoolToObject(q, "met", pct >= 0 && pct <= p->ci_target_pct);
        else
            cJSON_AddNullToObject(q, "met");
        cJSON_AddItemToArray(pts, q);
    }
    cJSON_AddItemToObject(o, "points", pts);
    return o;
}

static void free_client_run(struct client_run *c, struct point_rounds *pr)
{
    pl_rpc_client_batches_free(&c->batches);
    free(c->recs);
    free(c->scratch);
    free(c);
    free(pr);
}

/* The client's calls go up round by round while the points run (rpc_batch.h); its result and final status only
 * after the uploader has them acknowledged or kept in the spool, as the socket experiments' clients. */
static void run_client(struct pl_job *j, struct pl_rpc_plan *p)
{
    struct pl_agent *a = j->agent;
    char err[300];
    size_t bytes = (size_t)p->calls_total * sizeof(struct pl_rpc_crec);
    uint32_t most = 1; /* the largest point: the stopping rule's scratch */
    for (uint32_t i = 0; i < p->n_points; i++)
        if (pl_rpc_point_calls(p, &p->pts[i]) > most)
            most = pl_rpc_point_calls(p, &p->pts[i]);
    struct client_run *c = calloc(1, sizeof *c);
    struct point_rounds *pr = calloc(p->n_points, sizeof *pr);
    if (c) {
        c->j = j, c->p = p, c->deadline = deadline_of(p);
        c->recs = pl_zalloc_prefaulted(bytes);
        c->scratch = malloc((size_t)most * sizeof *c->scratch);
    }
    int ok = c && pr && c->recs && c->scratch;
    if (ok)
        ok = pl_rpc_client_batches_init(&c->batches, c->recs, p->calls_total) == PL_OK;
    if (!ok) {
        if (c) {
            free(c->recs);
            free(c->scratch);
        }
        free(c);
        free(pr);
        pl_agent_report_status(a, j->id, "failed", -1, "agent out of memory for the trace");
        return;
    }
    struct pl_upload_source src = pl_rpc_client_source(&c->batches);
    if (pl_uploader_start_source(&c->up, a, j->id, &src, &j->cancel, p->timeout_s) != PL_OK) {
        free_client_run(c, pr);
        pl_agent_report_status(a, j->id, "failed", -1, "agent could not start the trace uploader");
        return;
    }
    pl_uploader_measuring(&c->up); /* a client job ends with its last batch even if it made no call */
    snprintf(c->binding, sizeof c->binding, "%s:%s[%d]", p->cfg.transport == PL_RPC_TCP ? "tcp" : "udp", j->host,
             j->port);
    pl_agent_report_status(a, j->id, "running", -1, NULL);
    cJSON *result = cJSON_CreateObject();
    pl_caps_add_load(cJSON_AddObjectToObject(result, "load_at_start")); /* as measuring begins: the environment */
    if (p->noise_calls) { /* the noise floor first, reported at once so the run page shows it while the sweep runs */
        struct pl_rpc_noise nf;
        pl_rpc_noise_probe(&p->cfg, p->allowed_prot, c->binding, p->noise_calls, p->noise_warmup, p->seed,
                           &j->cancel, c->deadline, &nf);
        pl_log("job %llu: noise floor %s%.0f ns mean over %zu calls", (unsigned long long)j->id,
               nf.error[0] ? "not measured, " : "", nf.st.mean, nf.st.count);
        cJSON_AddItemToObject(result, "noise_floor", pl_rpc_noise_json(&nf));
        if (!pl_job_stop_reason(j))
            pl_agent_report_result(a, j->id, "running", -1, NULL, result);
    }
    const char *why = pl_job_stop_reason(j);
    uint32_t done_points = 0, calls = 0;
    for (uint32_t i = 0; i < p->n_points && !why; i++) {
        const struct pl_rpc_point *pt = &p->pts[i];
        struct pl_rpc_config cfg = p->cfg;
        cfg.prot = pt->prot;
        cfg.cache = pt->cache;
        struct pl_rpc_binding b;
        if (pl_rpc_binding_from_string(&b, &cfg, c->binding, err, sizeof err) != PL_OK) {
            snprintf(c->reason, sizeof c->reason, "peer unreachable: %s", err);
            why = c->reason;
            break;
        }
        why = run_point_rounds(c, i, &b, &pr[i]);
        pl_rpc_binding_free(&b);
        calls += pr[i].calls;
        done_points++;
    }
    pl_uploader_finish(&c->up); /* the rest and the last batch: acknowledged, or kept in the spool */
    if (!why && c->up.kept)
        why = "agent stopping";
    if (!why && c->up.rejected) {
        snprintf(c->reason, sizeof c->reason, "backend rejected %u of %u trace batches", c->up.rejected,
                 c->up.batches);
        why = c->reason;
    }
    pl_log("job %llu: %u points, %u calls, %u errors", (unsigned long long)j->id, done_points, calls, c->errors);
    cJSON_AddItemToObject(result, "path", pl_netinfo_path_json(j->host)); /* which interface the run really used */
    cJSON_AddNumberToObject(result, "calls_made", calls); /* what the backend expects once rounds ended early */
    cJSON_AddItemToObject(result, "rounds", rounds_json(p, pr, done_points));
    pl_agent_report_result(a, j->id, why ? "failed" : "done", -1, why, result);
    cJSON_Delete(result);
    free_client_run(c, pr);
}

/* The daemon's local limits (bytes per call, threads, duration, peers) hold for every point of the plan. */
static int plan_allowed(struct pl_job *j, const struct pl_rpc_plan *p)
{
    uint32_t bytes = 0, threads = j->is_client ? 0 : p->server_threads;
    for (uint32_t i = 0; i < p->n_points; i++) {
        if (p->pts[i].request_bytes > bytes)
            bytes = p->pts[i].request_bytes;
        if (j->is_client && p->pts[i].threads > threads)
            threads = p->pts[i].threads;
    }
    return pl_job_allowed(j, bytes, bytes, threads);
}

int pl_job_rpc_params(const struct pl_job *j, struct pl_rpc_plan *p, char *err, size_t errlen)
{
    return pl_rpc_plan_from_json(p, j->params, err, errlen);
}

void pl_job_run_rpc(struct pl_job *j)
{
    char err[300];
    struct pl_rpc_plan *p = malloc(sizeof *p);
    if (!p) {
        pl_agent_report_status(j->agent, j->id, "failed", -1, "agent out of memory");
        return;
    }
    if (pl_rpc_crypto_init() != 0) {
        pl_agent_report_status(j->agent, j->id, "failed", -1, "libsodium failed to initialise");
    } else if (pl_job_rpc_params(j, p, err, sizeof err) != PL_OK) {
        pl_agent_report_status(j->agent, j->id, "failed", -1, err);
    } else if (plan_allowed(j, p) != 0) {
        /* rejected with the reason by pl_job_allowed */
    } else if (j->is_client) {
        run_client(j, p);
    } else {
        run_server(j, p);
    }
    free(p);
}
