#include "pl_log.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static char log_name[64] = "perflab-agent";

void pl_log_set_name(const char *name)
{
    snprintf(log_name, sizeof log_name, "%s", name);
}

void pl_log(const char *fmt, ...)
{
    /* format into one buffer and write it with one call so lines of threads do not interleave */
    char line[1024];
    int n = snprintf(line, sizeof line, "[%s] ", log_name);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line + n, sizeof line - (size_t)n - 1, fmt, ap);
    va_end(ap);
    size_t len = strlen(line);
    line[len++] = '\n';
    fwrite(line, 1, len, stderr);
}
