/* The emulated wire's random impairments (agents/link/perflab-link.c): a PRNG, jitter distributions, a jitter
 * table read from a file, Gilbert-Elliott burst loss, and the parsing of the link's per-direction option
 * values ("X" for both directions or "X/Y": a->b, b->a). Pure functions, so tests can check them without
 * sockets or clocks. */
#ifndef PL_IMPAIR_H
#define PL_IMPAIR_H
#include <stddef.h>
#include <stdint.h>

/* xoshiro256** (Blackman and Vigna), seeded through splitmix64 */
struct pl_rng {
    uint64_t s[4];
};

/* A generator for (seed, stream): the link gives each direction its own stream, so they are independent. */
void pl_rng_seed(struct pl_rng *r, uint64_t seed, uint64_t stream);
uint64_t pl_rng_next(struct pl_rng *r);
double pl_rng_unit(struct pl_rng *r);                /* uniform in [0, 1), 53 bits */
int pl_rng_chance(struct pl_rng *r, double p);       /* 1 with probability p (one draw) */
uint64_t pl_rng_below(struct pl_rng *r, uint64_t n); /* uniform in [0, n), n > 0 */
double pl_rng_normal(struct pl_rng *r);              /* standard normal (Marsaglia's polar method) */

enum pl_jitter_dist { PL_JITTER_UNIFORM, PL_JITTER_NORMAL, PL_JITTER_PARETO_NORMAL, PL_JITTER_TABLE };

/* delay offsets read from a file (--jitter-dist table:PATH), in ns */
struct pl_jtable {
    int64_t *ns;
    size_t n;
};

/* The pareto-normal mix: (Z/4 + 3P/4) / sqrt(5/8), Z standard normal, P a Pareto (shape 5) standardised to
 * mean 0 and sd 1: mean 0, sd 1, skewed to late packets. */
#define PL_PARETO_SHAPE 5.0
double pl_rng_pareto_normal(struct pl_rng *r);

/* One packet's jitter in ns: uniform in [-j, j], normal with sd j, pareto-normal with sd j, or (table) an entry
 * of t drawn uniformly at random (j is not used). */
int64_t pl_jitter_draw(struct pl_rng *r, enum pl_jitter_dist dist, uint64_t j_ns, const struct pl_jtable *t);

/* Parse a jitter table: one number per line, a delay offset in microseconds (a fraction allowed); blank lines
 * and lines starting with # are skipped. Returns 0, or -1 with err saying which line is bad (or that there is
 * none). pl_jtable_load reads the file at path first. */
int pl_jtable_parse(const char *text, struct pl_jtable *t, char *err, size_t errlen);
int pl_jtable_load(const char *path, struct pl_jtable *t, char *err, size_t errlen);
void pl_jtable_free(struct pl_jtable *t);

/* Gilbert-Elliott loss: per packet first the state moves (good->bad with p, bad->good with r), then the packet
 * is lost with loss_bad or loss_good by its state. */
struct pl_ge {
    double p, r, loss_bad, loss_good;
    int bad;
};
int pl_ge_lose(struct pl_ge *g, struct pl_rng *r);

/* Option values, "X" for both directions or "X/Y". Each returns 0, or -1 with err like
 * "--loss: must be between 0 and 1 (got 2)" (opt names the option in it). */
int pl_opt_u64_pair(const char *opt, const char *s, uint64_t min, uint64_t max, uint64_t out[2], char *err,
                    size_t errlen);
int pl_opt_prob_pair(const char *opt, const char *s, double out[2], char *err, size_t errlen);
int pl_opt_ge_pair(const char *opt, const char *s, struct pl_ge out[2], char *err, size_t errlen);

#endif
