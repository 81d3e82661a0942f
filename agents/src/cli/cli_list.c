/* Comma lists of the command line (rpc's sweep options). */
#include "cli_list.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int pl_cli_num(const char *opt, const char *s, long long lo, long long hi, uint32_t *out, char *err, size_t errlen)
{
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi) {
        snprintf(err, errlen, "--%s must be an integer between %lld and %lld (got '%s')", opt, lo, hi, s);
        return -1;
    }
    *out = (uint32_t)v;
    return 0;
}

/* The items of a comma list are read in place (no copy into a fixed buffer: a long list must not be cut
 * short, which would turn its last item into another number). Empty items are skipped. */
int pl_cli_num_list(const char *opt, const char *s, long long lo, long long hi, uint32_t *out, int *n, char *err,
                    size_t errlen)
{
    *n = 0;
    for (const char *t = s;; t++) {
        size_t len = strcspn(t, ",");
        if (len) {
            if (*n == PL_CLI_LIST_MAX_NUMS) {
                snprintf(err, errlen, "--%s takes at most %d values", opt, PL_CLI_LIST_MAX_NUMS);
                return -1;
            }
            char *end;
            errno = 0;
            long long v = strtoll(t, &end, 10); /* stops at the comma at the latest */
            if (errno || end == t || end != t + len || v < lo || v > hi) {
                snprintf(err, errlen, "--%s must be an integer between %lld and %lld (got '%.*s')", opt, lo, hi,
                         len > 64 ? 64 : (int)len, t);
                return -1;
            }
            out[(*n)++] = (uint32_t)v;
        }
        t += len;
        if (!*t)
            break;
    }
    return *n ? 0 : (snprintf(err, errlen, "--%s needs at least one value", opt), -1);
}

int pl_cli_name_list(const char *opt, const char *s, int (*lookup)(const char *), const char *allowed, int *out,
                     int *n, char *err, size_t errlen)
{
    *n = 0;
    for (const char *t = s;; t++) {
        size_t len = strcspn(t, ",");
        if (len) {
            char name[32]; /* longer than any name: not one of them */
            if (*n == PL_CLI_LIST_MAX_NAMES) {
                snprintf(err, errlen, "--%s takes at most %d values", opt, PL_CLI_LIST_MAX_NAMES);
                return -1;
            }
            snprintf(name, sizeof name, "%.*s", len < sizeof name ? (int)len : 0, t);
            if (len >= sizeof name || (out[*n] = lookup(name)) < 0) {
                snprintf(err, errlen, "--%s must be a list of %s (got '%.*s')", opt, allowed,
                         len > 64 ? 64 : (int)len, t);
                return -1;
            }
            (*n)++;
        }
        t += len;
        if (!*t)
            break;
    }
    return *n ? 0 : (snprintf(err, errlen, "--%s needs at least one value", opt), -1);
}
