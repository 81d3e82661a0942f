/* The emulated wire's random impairments (impair.h): PRNG, jitter, jitter tables, Gilbert-Elliott loss, and the
 * link's per-direction option values. */
#include "impair.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

void pl_rng_seed(struct pl_rng *r, uint64_t seed, uint64_t stream)
{
    /* streams start far apart in splitmix64's sequence: seed's own mix, then a multiple of an odd constant */
    uint64_t x = seed, m = splitmix64(&x);
    x = m ^ (stream * 0xd1b54a32d192ed03ull);
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&x);
}

uint64_t pl_rng_next(struct pl_rng *r)
{
    uint64_t *s = r->s, out = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return out;
}

double pl_rng_unit(struct pl_rng *r)
{
    return (double)(pl_rng_next(r) >> 11) * 0x1.0p-53;
}

int pl_rng_chance(struct pl_rng *r, double p)
{
    return pl_rng_unit(r) < p;
}

uint64_t pl_rng_below(struct pl_rng *r, uint64_t n)
{
    /* the high half of a 128-bit product: no modulo bias worth a test at n in the thousands */
    return (uint64_t)(((unsigned __int128)pl_rng_next(r) * n) >> 64);
}

double pl_rng_normal(struct pl_rng *r)
{
    double u, v, s;
    do {
        u = 2 * pl_rng_unit(r) - 1;
        v = 2 * pl_rng_unit(r) - 1;
        s = u * u + v * v;
    } while (s >= 1 || s == 0);
    return u * sqrt(-2 * log(s) / s);
}

double pl_rng_pareto_normal(struct pl_rng *r)
{
    const double a = PL_PARETO_SHAPE, mean = a / (a - 1), sd = sqrt(a / ((a - 1) * (a - 1) * (a - 2)));
    double z = pl_rng_normal(r);
    double pareto = pow(1 - pl_rng_unit(r), -1 / a); /* inverse CDF, x_m = 1; 1 - u is in (0, 1] */
    return (0.25 * z + 0.75 * (pareto - mean) / sd) / sqrt(0.625);
}

int64_t pl_jitter_draw(struct pl_rng *r, enum pl_jitter_dist dist, uint64_t j_ns, const struct pl_jtable *t)
{
    double j = (double)j_ns;
    switch (dist) {
    case PL_JITTER_UNIFORM: return llround(j * (2 * pl_rng_unit(r) - 1));
    case PL_JITTER_NORMAL: return llround(j * pl_rng_normal(r));
    case PL_JITTER_PARETO_NORMAL: return llround(j * pl_rng_pareto_normal(r));
    case PL_JITTER_TABLE: return t->ns[pl_rng_below(r, t->n)];
    }
    return 0;
}

int pl_jtable_parse(const char *text, struct pl_jtable *t, char *err, size_t errlen)
{
    size_t cap = 0;
    t->ns = NULL;
    t->n = 0;
    for (int line = 1; *text; line++) {
        const char *end = strchr(text, '\n');
        size_t len = end ? (size_t)(end - text) : strlen(text);
        char buf[128];
        while (len && (*text == ' ' || *text == '\t'))
            text++, len--;
        while (len && strchr(" \t\r", text[len - 1]))
            len--;
        if (len && *text != '#') {
            char *stop = buf;
            double us = 0;
            if (len < sizeof buf) {
                memcpy(buf, text, len);
                buf[len] = 0;
                us = strtod(buf, &stop);
            }
            if (len >= sizeof buf || stop == buf || *stop || !(fabs(us) <= 3.6e9)) {
                snprintf(err, errlen, "line %d: not a delay in microseconds (got \"%.*s\")", line,
                         (int)(len < 40 ? len : 40), text);
                pl_jtable_free(t);
                return -1;
            }
            if (t->n == cap) {
                cap = cap ? 2 * cap : 256;
                int64_t *grown = realloc(t->ns, cap * sizeof *grown);
                if (!grown) {
                    snprintf(err, errlen, "out of memory");
                    pl_jtable_free(t);
                    return -1;
                }
                t->ns = grown;
            }
            t->ns[t->n++] = llround(us * 1000);
        }
        if (!end)
            break;
        text = end + 1;
    }
    if (t->n == 0) {
        snprintf(err, errlen, "no delays in it");
        return -1;
    }
    return 0;
}

int pl_jtable_load(const char *path, struct pl_jtable *t, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    size_t len = 0, cap = 1 << 16;
    char *text = malloc(cap);
    for (size_t got; text && (got = fread(text + len, 1, cap - len - 1, f)) > 0;) {
        len += got;
        if (cap - len - 1 == 0) {
            char *grown = realloc(text, cap *= 2);
            if (!grown)
                free(text);
            text = grown;
        }
    }
    int bad = ferror(f);
    fclose(f);
    if (!text || bad) {
        snprintf(err, errlen, "%s: %s", path, text ? "read error" : "out of memory");
        free(text);
        return -1;
    }
    text[len] = 0;
    char why[200];
    int rc = pl_jtable_parse(text, t, why, sizeof why);
    if (rc != 0)
        snprintf(err, errlen, "%s %s", path, why);
    free(text);
    return rc;
}

void pl_jtable_free(struct pl_jtable *t)
{
    free(t->ns);
    t->ns = NULL;
    t->n = 0;
}

int pl_ge_lose(struct pl_ge *g, struct pl_rng *r)
{
    if (pl_rng_chance(r, g->bad ? g->r : g->p))
        g->bad = !g->bad;
    return pl_rng_chance(r, g->bad ? g->loss_bad : g->loss_good);
}

/* Splits "X/Y" (or "X") into its two values; 0, or -1 if it has more than one slash or an empty part. */
static int split_pair(const char *s, char part[2][128])
{
    const char *slash = strchr(s, '/');
    size_t la = slash ? (size_t)(slash - s) : strlen(s);
    if (la >= 128 || (slash && (strchr(slash + 1, '/') || strlen(slash + 1) >= 128)))
        return -1;
    memcpy(part[0], s, la);
    part[0][la] = 0;
    strcpy(part[1], slash ? slash + 1 : part[0]);
    return part[0][0] && part[1][0] ? 0 : -1;
}

static int parse_u64(const char *s, uint64_t min, uint64_t max, uint64_t *out)
{
    char *stop;
    if (*s < '0' || *s > '9') /* strtoull would take a sign or blanks */
        return -1;
    errno = 0;
    unsigned long long v = strtoull(s, &stop, 10);
    if (errno || *stop || v < min || v > max)
        return -1;
    *out = v;
    return 0;
}

static int parse_prob(const char *s, double *out)
{
    char *stop;
    double v = strtod(s, &stop);
    if (stop == s || *stop || !(v >= 0 && v <= 1)) /* also refuses nan */
        return -1;
    *out = v;
    return 0;
}

/* The message for a bad value: the part that is bad, or the whole when it is not one value or two as X/Y. */
static int opt_error(const char *opt, const char *s, int split_bad, const char *part, const char *rule, char *err,
                     size_t errlen)
{
    if (split_bad)
        snprintf(err, errlen, "%s: must be one value or two as X/Y (got %s)", opt, s);
    else
        snprintf(err, errlen, "%s: must be %s (got %s)", opt, rule, part);
    return -1;
}

int pl_opt_u64_pair(const char *opt, const char *s, uint64_t min, uint64_t max, uint64_t out[2], char *err,
                    size_t errlen)
{
    char part[2][128], rule[96];
    if (split_pair(s, part))
        return opt_error(opt, s, 1, NULL, NULL, err, errlen);
    snprintf(rule, sizeof rule, "an integer between %llu and %llu", (unsigned long long)min,
             (unsigned long long)max);
    for (int i = 0; i < 2; i++)
        if (parse_u64(part[i], min, max, &out[i]))
            return opt_error(opt, s, 0, part[i], rule, err, errlen);
    return 0;
}

int pl_opt_prob_pair(const char *opt, const char *s, double out[2], char *err, size_t errlen)
{
    char part[2][128];
    if (split_pair(s, part))
        return opt_error(opt, s, 1, NULL, NULL, err, errlen);
    for (int i = 0; i < 2; i++)
        if (parse_prob(part[i], &out[i]))
            return opt_error(opt, s, 0, part[i], "between 0 and 1", err, errlen);
    return 0;
}

int pl_opt_ge_pair(const char *opt, const char *s, struct pl_ge out[2], char *err, size_t errlen)
{
    char part[2][128];
    if (split_pair(s, part))
        return opt_error(opt, s, 1, NULL, NULL, err, errlen);
    for (int i = 0; i < 2; i++) {
        char whole[128], *p = part[i];
        double v[4];
        strcpy(whole, part[i]);
        for (int k = 0; k < 4; k++) {
            char *comma = strchr(p, ',');
            if ((k < 3) != (comma != NULL))
                return opt_error(opt, s, 0, whole, "P,R,LOSS_BAD,LOSS_GOOD, each between 0 and 1", err, errlen);
            if (comma)
                *comma = 0;
            if (parse_prob(p, &v[k]))
                return opt_error(opt, s, 0, whole, "P,R,LOSS_BAD,LOSS_GOOD, each between 0 and 1", err, errlen);
            if (comma)
                p = comma + 1;
        }
        out[i] = (struct pl_ge){.p = v[0], .r = v[1], .loss_bad = v[2], .loss_good = v[3]};
    }
    return 0;
}
