/* libFuzzer target: the command line's list and address values: --request-bytes/--threads/--think-us
 * (comma lists of integers), --protection/--cache (comma lists of names), --allow-peers, --connect
 * HOST:PORT and the rpc command's udp:HOST[PORT]. The first byte picks the parser, the rest is the
 * argument (NUL-terminated, as argv is). Every value accepted must be what the text says. */
/* fuzz-flags: -max_len=2048 */
/* fuzz-cover: src/cli/cli_list.c src/daemon/agent_limits.c */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "agent_limits.h"
#include "cli_list.h"
#include "net.h"
#include "rpc.h"

#define CHECK(cond) do { if (!(cond)) __builtin_trap(); } while (0)

static int cache_of(const char *s)
{
    return strcmp(s, "per-thread") == 0 ? PL_CACHE_PER_THREAD : strcmp(s, "single") == 0 ? PL_CACHE_SINGLE : -1;
}

/* Independent reading of a comma list: the i-th non-empty item (malloc'ed), NULL after the last. */
static char *item(const char *s, int i)
{
    for (;;) {
        size_t n = strcspn(s, ",");
        if (n && i-- == 0) {
            char *t = malloc(n + 1);
            if (t) {
                memcpy(t, s, n);
                t[n] = 0;
            }
            return t;
        }
        if (!s[n])
            return NULL;
        s += n + 1;
    }
}

static void num_list(const char *arg, long long lo, long long hi)
{
    uint32_t out[PL_CLI_LIST_MAX_NUMS];
    int n = -1;
    char err[300];
    if (pl_cli_num_list("request-bytes", arg, lo, hi, out, &n, err, sizeof err) != 0) {
        CHECK(memchr(err, 0, sizeof err) && strstr(err, "--request-bytes"));
        return;
    }
    CHECK(n >= 1 && n <= PL_CLI_LIST_MAX_NUMS);
    for (int i = 0; i <= n; i++) { /* every item of the text was taken, as written, and nothing else */
        char *t = item(arg, i);
        CHECK((t == NULL) == (i == n));
        if (!t)
            break;
        errno = 0;
        long long v = strtoll(t, NULL, 10);
        CHECK(errno == 0 && v >= lo && v <= hi && (uint32_t)v == out[i]);
        free(t);
    }
}

static void name_list(const char *arg, int (*lookup)(const char *))
{
    int out[PL_CLI_LIST_MAX_NAMES], n = -1;
    char err[300];
    if (pl_cli_name_list("protection", arg, lookup, "some names", out, &n, err, sizeof err) != 0) {
        CHECK(memchr(err, 0, sizeof err) && strstr(err, "--protection"));
        return;
    }
    CHECK(n >= 1 && n <= PL_CLI_LIST_MAX_NAMES);
    for (int i = 0; i <= n; i++) {
        char *t = item(arg, i);
        CHECK((t == NULL) == (i == n));
        if (!t)
            break;
        CHECK(lookup(t) == out[i] && out[i] >= 0);
        free(t);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    char *arg = malloc(size); /* argv-like: the bytes after the selector, NUL-terminated */
    if (!arg)
        return 0;
    memcpy(arg, data + 1, size - 1);
    arg[size - 1] = 0;
    char err[300];
    switch (data[0] % 8) {
    case 0: num_list(arg, 0, PL_RPC_MAX_MESSAGE); break;          /* --request-bytes */
    case 1: num_list(arg, 1, PL_RPC_MAX_THREADS); break;          /* --threads */
    case 2: num_list(arg, 0, 10000000); break;                    /* --think-us */
    case 3: name_list(arg, pl_rpc_prot_from_name); break;         /* --protection */
    case 4: name_list(arg, cache_of); break;                      /* --cache */
    case 5: {                                                     /* --allow-peers */
        static struct pl_limits l;
        if (pl_limits_parse_peers(&l, arg, err, sizeof err) == 0) {
            CHECK(l.n_peers >= 0 && l.n_peers <= PL_LIMIT_MAX_PEERS);
            for (int i = 0; i < l.n_peers; i++)
                CHECK(l.peers[i][0] && memchr(l.peers[i], 0, sizeof l.peers[i]) && strstr(arg, l.peers[i]));
        }
        break;
    }
    case 6: {                                                     /* --connect HOST:PORT */
        char e[PL_NET_ERR_LEN], host[256];
        int port = -1;
        if (pl_net_split_hostport(e, arg, host, sizeof host, &port) == PL_NET_OK)
            CHECK(port >= 1 && port <= 65535 && host[0] && strlen(host) < sizeof host && strstr(arg, host));
        break;
    }
    default: {                                                    /* rpc --connect udp:HOST[PORT] */
        char host[PL_RPC_HOST_LEN], port[PL_RPC_PORT_LEN];
        int tcp = -1;
        if (pl_rpc_binding_split(arg, &tcp, host, port, err, sizeof err) == 0)
            CHECK((tcp == 0 || tcp == 1) && memchr(host, 0, sizeof host) && memchr(port, 0, sizeof port) &&
                  strstr(arg, host) && strstr(arg, port));
        break;
    }
    }
    free(arg);
    return 0;
}
