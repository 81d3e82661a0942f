/* perflab-link's command line (link_opts.c): the two TUN devices, each direction's wire and impairments. */
#ifndef PL_LINK_OPTS_H
#define PL_LINK_OPTS_H
#include "impair.h"
#include "wire.h"

struct link_opts {
    const char *ns[2], *dev[2]; /* --a, --b: the namespace path and TUN device of each end */
    struct pl_wire_cfg cfg[2];  /* [0] a->b, [1] b->a */
    double loss[2], dup[2], corrupt[2];
    int ge_on[2];
    struct pl_ge ge[2];
    uint64_t jitter_ns[2];
    enum pl_jitter_dist dist;
    struct pl_jtable table; /* --jitter-dist table:PATH */
    uint64_t seed;
    const char *stats_path;
    uint32_t mtu;
    uint64_t spin_us;
    int rt;
};

/* Fills o from the command line: 0, or -1 with err naming the bad option and its range ("" when the command line
 * is wrong as a whole: print the usage). No I/O but reading a --jitter-dist table file; nothing to free on error
 * but o->table (pl_jtable_free). */
int link_opts_parse(int argc, char **argv, struct link_opts *o, char *err, size_t errlen);
/* The usage text, on stderr. */
void link_opts_usage(void);

#endif
