/* Comma-separated option values of the command line (--request-bytes 0,64,1024, --protection none,pkt):
 * parsed and range-checked without side effects, so fuzz/fuzz_cli_lists.c can feed them anything. */
#ifndef PL_CLI_LIST_H
#define PL_CLI_LIST_H
#include <stddef.h>
#include <stdint.h>

#define PL_CLI_LIST_MAX_NUMS 64
#define PL_CLI_LIST_MAX_NAMES 8

/* One integer in [lo, hi]; -1 with err naming --opt and the range. */
int pl_cli_num(const char *opt, const char *s, long long lo, long long hi, uint32_t *out, char *err, size_t errlen);
/* Integers in [lo, hi], at most PL_CLI_LIST_MAX_NUMS, into out[*n]; empty items are skipped, at least one
 * value is needed. 0, or -1 with err naming --opt. */
int pl_cli_num_list(const char *opt, const char *s, long long lo, long long hi, uint32_t *out, int *n, char *err,
                    size_t errlen);
/* Names that lookup turns into a value >= 0, at most PL_CLI_LIST_MAX_NAMES, into out[*n]; allowed lists the
 * names for the message. 0, or -1 with err naming --opt. */
int pl_cli_name_list(const char *opt, const char *s, int (*lookup)(const char *), const char *allowed, int *out,
                     int *n, char *err, size_t errlen);

#endif
