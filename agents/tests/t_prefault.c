/* pl_zalloc_prefaulted: every page of a large block is resident (faulted in) and zero before use, so no
 * measured call pays a page fault; a plain calloc of the same size leaves its pages out (the control). */
#include "check.h"
#include "prefault.h"

#include <stdint.h>
#include <sys/mman.h>

/* pages of [p, p + bytes) resident now, by mincore */
static size_t resident_pages(void *p, size_t bytes)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    uintptr_t start = (uintptr_t)p & ~(uintptr_t)(page - 1);
    size_t n = ((uintptr_t)p + bytes - start + page - 1) / page;
    unsigned char *vec = malloc(n);
    size_t got = 0;
    if (vec && mincore((void *)start, n * page, vec) == 0)
        for (size_t i = 0; i < n; i++)
            got += vec[i] & 1;
    free(vec);
    return got;
}

int main(void)
{
    size_t bytes = 64u << 20, page = (size_t)sysconf(_SC_PAGESIZE), pages = bytes / page;
    unsigned char *control = calloc(bytes, 1); /* a fresh mapping: calloc need not touch it */
    CHECK(control && resident_pages(control, bytes) < pages / 2, "control: %zu of %zu pages resident",
          resident_pages(control, bytes), pages);
    free(control);

    unsigned char *p = pl_zalloc_prefaulted(bytes);
    CHECK(p != NULL, "out of memory");
    CHECK(resident_pages(p, bytes) >= pages, "%zu of %zu pages resident", resident_pages(p, bytes), pages);
    size_t nonzero = 0;
    for (size_t i = 0; i < bytes; i += 4093)
        nonzero += p[i] != 0;
    CHECK(nonzero == 0, "%zu bytes not zero", nonzero);
    free(p);
    return check_result("t_prefault");
}
