#ifndef PL_PREFAULT_H
#define PL_PREFAULT_H

#include <stddef.h>
#include <stdlib.h>
#include <unistd.h>

/* Zeroed memory whose every page is already faulted in, so no page fault lands in a measured call.
 * Not malloc + memset(0): the compiler may turn that pair into calloc, which leaves a large block's
 * fresh pages untouched (it did in the rpc CLI: perf found clear_page_erms under pl_rpc_call).
 * The volatile store per page is one the compiler must keep. NULL when out of memory. */
static inline void *pl_zalloc_prefaulted(size_t bytes)
{
    unsigned char *p = calloc(bytes ? bytes : 1, 1);
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    for (size_t i = 0; p && i < bytes; i += page)
        ((volatile unsigned char *)p)[i] = 0;
    return p;
}

#endif
