/* The emulated wire's random impairments: loss rates, Gilbert-Elliott bursts, jitter distributions and tables,
 * and the link's option values. Fixed seeds; each tolerance is the statistic's own 99.9% interval for n. */
#include "check.h"
#include "impair.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define Z999 3.29 /* two-sided 99.9% of a normal */

/* mean and variance of n draws of dist, and the fourth central moment (for the variance's own spread) */
static void moments(enum pl_jitter_dist dist, uint64_t j, int n, uint64_t seed, double *mean, double *var,
                    double *m4)
{
    struct pl_rng r;
    pl_rng_seed(&r, seed, 0);
    double *x = malloc(sizeof *x * (size_t)n), s = 0, s2 = 0, s4 = 0;
    for (int i = 0; i < n; i++)
        s += x[i] = (double)pl_jitter_draw(&r, dist, j, NULL);
    *mean = s / n;
    for (int i = 0; i < n; i++) {
        double d = x[i] - *mean;
        s2 += d * d;
        s4 += d * d * d * d;
    }
    *var = s2 / (n - 1);
    *m4 = s4 / n;
    free(x);
}

static void check_jitter(const char *name, enum pl_jitter_dist dist, double sd_want)
{
    const uint64_t j = 1000000; /* 1 ms */
    const int n = 400000;
    double mean, var, m4, sd = sd_want * (double)j;
    moments(dist, j, n, 7, &mean, &var, &m4);
    double mean_tol = Z999 * sd / sqrt(n), var_tol = Z999 * sqrt((m4 - var * var) / n);
    CHECK(fabs(mean) < mean_tol, "%s mean %.1f ns, tolerance %.1f", name, mean, mean_tol);
    CHECK(fabs(var - sd * sd) < var_tol, "%s sd %.1f ns, want %.1f (variance tolerance %.3g)", name, sqrt(var), sd,
          var_tol);
}

int main(void)
{
    struct pl_rng r, r2;
    /* the same seed and stream repeat; another stream (the other direction) differs */
    pl_rng_seed(&r, 1, 0);
    pl_rng_seed(&r2, 1, 0);
    CHECK(pl_rng_next(&r) == pl_rng_next(&r2), "repeatable");
    pl_rng_seed(&r2, 1, 1);
    CHECK(pl_rng_next(&r) != pl_rng_next(&r2), "streams differ");

    /* Bernoulli loss 0.5%: 10^6 draws within the binomial 99.9% interval */
    const int n = 1000000;
    pl_rng_seed(&r, 12345, 0);
    int lost = 0;
    for (int i = 0; i < n; i++)
        lost += pl_rng_chance(&r, 0.005);
    double want = 0.005 * n, tol = Z999 * sqrt(n * 0.005 * 0.995);
    CHECK(fabs(lost - want) < tol, "bernoulli %d, want %.0f +- %.0f", lost, want, tol);
    CHECK(!pl_rng_chance(&r, 0) && pl_rng_chance(&r, 1), "0 and 1 are certain");

    /* Gilbert-Elliott, every packet lost in bad and none in good: loss bursts are the bad runs, mean 1/r */
    struct pl_ge ge = {.p = 0.01, .r = 0.25, .loss_bad = 1, .loss_good = 0};
    pl_rng_seed(&r, 99, 0);
    long bursts = 0, in_bursts = 0;
    for (int i = 0, prev = 0; i < n; i++) {
        int l = pl_ge_lose(&ge, &r);
        bursts += l && !prev;
        in_bursts += l;
        prev = l;
    }
    double mean_burst = (double)in_bursts / (double)bursts, burst_tol = Z999 * sqrt((1 - ge.r) / (ge.r * ge.r) / bursts);
    CHECK(fabs(mean_burst - 1 / ge.r) < burst_tol, "mean burst %.3f, want 4 +- %.3f (%ld bursts)", mean_burst,
          burst_tol, bursts);

    /* stationary loss p/(p+r) lb + r/(p+r) lg; its interval widened for the states' correlation: the loss
     * indicators' covariance at lag k is (lb-lg)^2 pi_b pi_g (1-p-r)^k */
    ge = (struct pl_ge){.p = 0.01, .r = 0.1, .loss_bad = 0.5, .loss_good = 0.01};
    pl_rng_seed(&r, 2024, 0);
    lost = 0;
    for (int i = 0; i < n; i++)
        lost += pl_ge_lose(&ge, &r);
    double pb = ge.p / (ge.p + ge.r), pg = 1 - pb, mu = pb * ge.loss_bad + pg * ge.loss_good;
    double lam = 1 - ge.p - ge.r, dl = ge.loss_bad - ge.loss_good;
    double var1 = mu * (1 - mu) + 2 * dl * dl * pb * pg * lam / (1 - lam);
    double ge_tol = Z999 * sqrt(var1 / n);
    CHECK(fabs((double)lost / n - mu) < ge_tol, "GE loss %.5f, want %.5f +- %.5f", (double)lost / n, mu, ge_tol);

    /* jitter: uniform in [-j, j] (sd j/sqrt 3), normal (sd j), pareto-normal (sd j, mean 0, late tail) */
    check_jitter("uniform", PL_JITTER_UNIFORM, 1 / sqrt(3));
    check_jitter("normal", PL_JITTER_NORMAL, 1);
    check_jitter("pareto-normal", PL_JITTER_PARETO_NORMAL, 1);
    pl_rng_seed(&r, 3, 0);
    int64_t lo = 0, hi = 0;
    double skew = 0;
    for (int i = 0; i < 100000; i++) {
        int64_t u = pl_jitter_draw(&r, PL_JITTER_UNIFORM, 1000, NULL);
        double pn = pl_rng_pareto_normal(&r);
        lo = u < lo ? u : lo;
        hi = u > hi ? u : hi;
        skew += pn * pn * pn;
    }
    CHECK(lo >= -1000 && hi <= 1000 && lo < -990 && hi > 990, "uniform range %ld..%ld", (long)lo, (long)hi);
    CHECK(skew / 100000 > 0.5, "pareto-normal leans late: third moment %.2f", skew / 100000);

    /* a jitter table: numbers of microseconds, comments and blank lines skipped; drawn uniformly */
    struct pl_jtable t;
    char err[256];
    CHECK(pl_jtable_parse("# measured - min\n0\n\n  1000 \r\n2000.5\n#end", &t, err, sizeof err) == 0 && t.n == 3 &&
              t.ns[0] == 0 && t.ns[1] == 1000000 && t.ns[2] == 2000500,
          "table n=%zu", t.n);
    int hits[3] = {0};
    pl_rng_seed(&r, 5, 0);
    for (int i = 0; i < 30000; i++) {
        int64_t v = pl_jitter_draw(&r, PL_JITTER_TABLE, 0, &t);
        hits[v == 0 ? 0 : v == 1000000 ? 1 : 2]++;
    }
    double cell_tol = Z999 * sqrt(30000 * (1.0 / 3) * (2.0 / 3));
    for (int i = 0; i < 3; i++)
        CHECK(fabs((double)hits[i] - 10000) < cell_tol, "entry %d drawn %d times", i, hits[i]);
    pl_jtable_free(&t);
    CHECK(pl_jtable_parse("1\n2\nfast\n", &t, err, sizeof err) == -1 && strstr(err, "line 3") &&
              strstr(err, "fast"),
          "bad line: %s", err);
    CHECK(pl_jtable_parse("12us\n", &t, err, sizeof err) == -1 && strstr(err, "line 1"), "unit: %s", err);
    CHECK(pl_jtable_parse("# nothing\n\n", &t, err, sizeof err) == -1, "empty table");
    char path[] = "/tmp/t_impair_XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0 && write(fd, "5\n7\nx\n", 6) == 6, "temp file");
    close(fd);
    CHECK(pl_jtable_load(path, &t, err, sizeof err) == -1 && strstr(err, path) && strstr(err, "line 3"), "load: %s",
          err);
    unlink(path);
    CHECK(pl_jtable_load("/nonexistent/table", &t, err, sizeof err) == -1 && strstr(err, "/nonexistent"), "%s", err);

    /* option values: one for both directions, X/Y, and errors naming the option and the range */
    double p[2];
    uint64_t u[2];
    struct pl_ge g[2];
    CHECK(pl_opt_prob_pair("--loss", "0.005", p, err, sizeof err) == 0 && p[0] == 0.005 && p[1] == 0.005, "one");
    CHECK(pl_opt_prob_pair("--loss", "0/1e-05", p, err, sizeof err) == 0 && p[0] == 0 && p[1] == 1e-5, "two");
    CHECK(pl_opt_prob_pair("--loss", "2", p, err, sizeof err) == -1 &&
              !strcmp(err, "--loss: must be between 0 and 1 (got 2)"),
          "%s", err);
    CHECK(pl_opt_prob_pair("--dup", "0.1/nan", p, err, sizeof err) == -1 && strstr(err, "--dup") &&
              strstr(err, "(got nan)"),
          "%s", err);
    CHECK(pl_opt_prob_pair("--loss", "0.1/0.2/0.3", p, err, sizeof err) == -1, "three");
    CHECK(pl_opt_u64_pair("--rate-bps", "1000/20000000", 1000, UINT64_MAX / 16, u, err, sizeof err) == 0 &&
              u[0] == 1000 && u[1] == 20000000,
          "rates");
    CHECK(pl_opt_u64_pair("--rate-bps", "999", 1000, 1000000, u, err, sizeof err) == -1 &&
              !strcmp(err, "--rate-bps: must be an integer between 1000 and 1000000 (got 999)"),
          "%s", err);
    CHECK(pl_opt_u64_pair("--prop-ns", "-5", 0, 1000, u, err, sizeof err) == -1, "negative");
    CHECK(pl_opt_u64_pair("--prop-ns", "5/", 0, 1000, u, err, sizeof err) == -1, "empty half");
    CHECK(pl_opt_ge_pair("--ge", "0.01,0.25,1,0", g, err, sizeof err) == 0 && g[1].r == 0.25 && g[1].loss_bad == 1,
          "ge");
    CHECK(pl_opt_ge_pair("--ge", "0.01,0.25,1,0/0.1,0.5,0.5,0.001", g, err, sizeof err) == 0 && g[0].p == 0.01 &&
              g[1].p == 0.1 && g[1].loss_good == 0.001,
          "ge pair");
    CHECK(pl_opt_ge_pair("--ge", "0.01,0.25,1", g, err, sizeof err) == -1 && strstr(err, "--ge:"), "%s", err);
    CHECK(pl_opt_ge_pair("--ge", "0.01,0.25,1,0,0", g, err, sizeof err) == -1, "five");
    CHECK(pl_opt_ge_pair("--ge", "0.01,1.5,1,0", g, err, sizeof err) == -1, "range");
    return check_result("t_impair");
}
