/* perflab-link's command line: every per-direction value is "X" for both directions or "X/Y" (a->b, b->a);
 * a bad value names its option and range (main prints it and exits 2: the backend reads the message from the
 * link's log). No exit here: fuzz/fuzz_link_profile.c feeds it any command line. */
#include "link_opts.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define HOUR_NS 3600000000000ull

void link_opts_usage(void)
{
    fprintf(stderr,
            "usage: perflab-link --a NS_PATH:DEV --b NS_PATH:DEV --rate-bps N [--prop-ns N] [--overhead B]\n"
            "         [--min-frame B] [--limit-bytes N] [--limit-packets N] [--aqm drop-tail|codel]\n"
            "         [--codel-target-ns N] [--codel-interval-ns N] [--jitter-ns N]\n"
            "         [--jitter-dist uniform|normal|pareto-normal|table:PATH] [--reorder] [--loss P]\n"
            "         [--ge P,R,LOSS_BAD,LOSS_GOOD] [--dup P] [--corrupt P] [--seed N] [--stats PATH]\n"
            "         [--mtu N] [--spin-us N] [--no-rt] [--lab ID]\n"
            "  per-direction values (rate, prop, limits, jitter, loss, ge, dup, corrupt): X, or X/Y for a->b/b->a\n");
}

static int split(char *arg, const char **ns, const char **dev)
{
    char *colon = strrchr(arg, ':');
    if (!colon)
        return -1;
    *colon = 0;
    *ns = arg;
    *dev = colon + 1;
    return 0;
}

/* a value the two directions share: no X/Y */
static int u64_one(const char *opt, const char *s, uint64_t min, uint64_t max, uint64_t *out, char *err,
                   size_t errlen)
{
    uint64_t v[2];
    if (strchr(s, '/')) {
        snprintf(err, errlen, "%s: one value for both directions (got %s)", opt, s);
        return -1;
    }
    if (pl_opt_u64_pair(opt, s, min, max, v, err, errlen))
        return -1;
    *out = v[0];
    return 0;
}

static int jitter_dist(const char *s, struct link_opts *o, char *err, size_t errlen)
{
    if (!strcmp(s, "uniform"))
        o->dist = PL_JITTER_UNIFORM;
    else if (!strcmp(s, "normal"))
        o->dist = PL_JITTER_NORMAL;
    else if (!strcmp(s, "pareto-normal"))
        o->dist = PL_JITTER_PARETO_NORMAL;
    else if (!strncmp(s, "table:", 6) && s[6]) {
        char why[400];
        pl_jtable_free(&o->table);
        if (pl_jtable_load(s + 6, &o->table, why, sizeof why)) {
            snprintf(err, errlen, "--jitter-dist: %s", why);
            return -1;
        }
        o->dist = PL_JITTER_TABLE;
    } else {
        snprintf(err, errlen, "--jitter-dist: must be uniform, normal, pareto-normal or table:PATH (got %s)", s);
        return -1;
    }
    return 0;
}

int link_opts_parse(int argc, char **argv, struct link_opts *o, char *err, size_t errlen)
{
    err[0] = 0;
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    *o = (struct link_opts){.mtu = 1500, .spin_us = 30, .rt = 1, .dist = PL_JITTER_UNIFORM,
                            .seed = ((uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec) ^
                                    ((uint64_t)getpid() << 40)};
    for (int i = 0; i < 2; i++)
        o->cfg[i] = (struct pl_wire_cfg){.overhead_bytes = 38, .min_wire_bytes = 84, .limit_bytes = 256 * 1024,
                                         .codel_target_ns = 5000000, .codel_interval_ns = 100000000};
    uint64_t v[2];
    static const struct option opts[] = {
        {"a", 1, 0, 'a'},           {"b", 1, 0, 'b'},
        {"rate-bps", 1, 0, 'r'},    {"prop-ns", 1, 0, 'p'},
        {"overhead", 1, 0, 'o'},    {"min-frame", 1, 0, 'm'},
        {"limit-bytes", 1, 0, 'l'}, {"limit-packets", 1, 0, 'P'},
        {"aqm", 1, 0, 'A'},         {"codel-target-ns", 1, 0, 'T'},
        {"codel-interval-ns", 1, 0, 'I'}, {"jitter-ns", 1, 0, 'j'},
        {"jitter-dist", 1, 0, 'J'}, {"reorder", 0, 0, 'R'},
        {"loss", 1, 0, 'x'},        {"ge", 1, 0, 'g'},
        {"dup", 1, 0, 'd'},         {"corrupt", 1, 0, 'c'},
        {"seed", 1, 0, 'S'},        {"stats", 1, 0, 'F'},
        {"mtu", 1, 0, 'M'},         {"spin-us", 1, 0, 's'},
        {"no-rt", 0, 0, 'n'},       {"lab", 1, 0, 'L'},
        {0, 0, 0, 0}};
    int have_rate = 0;
    uint64_t n;
    optind = 0; /* getopt from the start (and afresh: glibc) on every call */
    for (int c; (c = getopt_long(argc, argv, "", opts, NULL)) != -1;) {
        int bad = 0;
        switch (c) {
        case 'a': bad = split(optarg, &o->ns[0], &o->dev[0]); break;
        case 'b': bad = split(optarg, &o->ns[1], &o->dev[1]); break;
        case 'r':
            bad = pl_opt_u64_pair("--rate-bps", optarg, 1000, 1000000000000ull, v, err, errlen); /* 1 kbit/s .. 1 Tbit/s */
            o->cfg[0].rate_bps = v[0], o->cfg[1].rate_bps = v[1], have_rate = 1;
            break;
        case 'p':
            bad = pl_opt_u64_pair("--prop-ns", optarg, 0, HOUR_NS, v, err, errlen);
            o->cfg[0].prop_ns = v[0], o->cfg[1].prop_ns = v[1];
            break;
        case 'o':
            bad = u64_one("--overhead", optarg, 0, 65535, &n, err, errlen);
            o->cfg[0].overhead_bytes = o->cfg[1].overhead_bytes = (uint32_t)n;
            break;
        case 'm':
            bad = u64_one("--min-frame", optarg, 0, 65535, &n, err, errlen);
            o->cfg[0].min_wire_bytes = o->cfg[1].min_wire_bytes = (uint32_t)n;
            break;
        case 'l':
            bad = pl_opt_u64_pair("--limit-bytes", optarg, 1, 1ull << 50, v, err, errlen);
            o->cfg[0].limit_bytes = v[0], o->cfg[1].limit_bytes = v[1];
            break;
        case 'P':
            bad = pl_opt_u64_pair("--limit-packets", optarg, 0, 1ull << 32, v, err, errlen);
            o->cfg[0].limit_packets = v[0], o->cfg[1].limit_packets = v[1];
            break;
        case 'A':
            if (strcmp(optarg, "drop-tail") && strcmp(optarg, "codel")) {
                snprintf(err, errlen, "--aqm: must be drop-tail or codel (got %s)", optarg);
                return -1;
            }
            o->cfg[0].aqm = o->cfg[1].aqm = strcmp(optarg, "codel") ? PL_AQM_DROP_TAIL : PL_AQM_CODEL;
            break;
        case 'T':
            bad = u64_one("--codel-target-ns", optarg, 1, HOUR_NS, &n, err, errlen);
            o->cfg[0].codel_target_ns = o->cfg[1].codel_target_ns = n;
            break;
        case 'I':
            bad = u64_one("--codel-interval-ns", optarg, 1, HOUR_NS, &n, err, errlen);
            o->cfg[0].codel_interval_ns = o->cfg[1].codel_interval_ns = n;
            break;
        case 'j': bad = pl_opt_u64_pair("--jitter-ns", optarg, 0, HOUR_NS, o->jitter_ns, err, errlen); break;
        case 'J': bad = jitter_dist(optarg, o, err, errlen); break;
        case 'R': o->cfg[0].reorder = o->cfg[1].reorder = 1; break;
        case 'x': bad = pl_opt_prob_pair("--loss", optarg, o->loss, err, errlen); break;
        case 'g':
            bad = pl_opt_ge_pair("--ge", optarg, o->ge, err, errlen);
            for (int i = 0; i < 2; i++)
                o->ge_on[i] = o->ge[i].p > 0 || o->ge[i].loss_good > 0;
            break;
        case 'd': bad = pl_opt_prob_pair("--dup", optarg, o->dup, err, errlen); break;
        case 'c': bad = pl_opt_prob_pair("--corrupt", optarg, o->corrupt, err, errlen); break;
        case 'S': bad = u64_one("--seed", optarg, 0, UINT64_MAX, &o->seed, err, errlen); break;
        case 'F': o->stats_path = optarg; break;
                case 'M':
            bad = u64_one("--mtu", optarg, 68, 65535, &n, err, errlen);
            o->mtu = (uint32_t)n;
            break;
        case 's': bad = u64_one("--spin-us", optarg, 0, 1000000, &o->spin_us, err, errlen); break;
        case 'n': o->rt = 0; break;
        case 'L': break; /* names the lab in `ps` so its cleanup finds a link a crash left */
        default: return -1;
        }
        if (bad)
            return -1; /* err says why, or "" when only the usage can */
    }
    return optind != argc || !o->ns[0] || !o->ns[1] || !have_rate ? -1 : 0;
}
