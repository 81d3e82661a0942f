/* Tiny test helpers: CHECK counts failures, each test's main returns check_result(). */
#ifndef PL_CHECK_H
#define PL_CHECK_H
#include <stdio.h>

static int check_failures, check_count;

#define CHECK(cond, ...)                                                                  \
    do {                                                                                  \
        check_count++;                                                                    \
        if (!(cond)) {                                                                    \
            check_failures++;                                                             \
            fprintf(stderr, "%s:%d: CHECK(%s) failed: ", __FILE__, __LINE__, #cond);      \
            fprintf(stderr, __VA_ARGS__);                                                 \
            fputc('\n', stderr);                                                          \
        }                                                                                 \
    } while (0)

static inline int check_result(const char *name)
{
    fprintf(stderr, "%s: %d checks, %d failed\n", name, check_count, check_failures);
    return check_failures || check_count == 0 ? 1 : 0;
}

#endif
