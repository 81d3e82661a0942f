#include "spool.h"
#include "batch.h"
#include "pl_error.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int mkdir_p(const char *path)
{
    char tmp[512];
    snprintf(tmp, sizeof tmp, "%s", path);
    for (char *p = tmp + 1; *p; p++)
        if (*p == '/') {
            *p = 0;
            if (mkdir(tmp, 0755) < 0 && errno != EEXIST)
                return -1;
            *p = '/';
        }
    if (mkdir(tmp, 0755) < 0 && errno != EEXIST)
        return -1;
    return 0;
}

int pl_spool_init(const char *dir, char *err, size_t errlen)
{
    char rej[512];
    snprintf(rej, sizeof rej, "%s/rejected", dir);
    if (mkdir_p(dir) < 0 || mkdir_p(rej) < 0) {
        snprintf(err, errlen, "spool %s: %s", dir, strerror(errno));
        return PL_ERR_SPOOL;
    }
    return PL_OK;
}

static void fsync_dir(const char *dir)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
}

int pl_spool_write(const char *dir, uint64_t job_id, uint32_t seq, const void *buf, size_t len,
                   char *path, size_t path_len, char *err, size_t errlen)
{
    char tmp[512];
    snprintf(tmp, sizeof tmp, "%s/.job-%llu-%u.plb.tmp", dir, (unsigned long long)job_id, seq);
    snprintf(path, path_len, "%s/job-%llu-%u.plb", dir, (unsigned long long)job_id, seq);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
        goto fail;
    const char *p = buf;
    size_t left = len;
    while (left > 0) {
        ssize_t n = write(fd, p, left);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            int why = errno; /* ENOSPC, EIO: what the message must name, whatever close() leaves */
            close(fd);
            errno = why;
            goto fail;
        }
        p += n;
        left -= (size_t)n;
    }
    if (fsync(fd) < 0 || close(fd) < 0 || rename(tmp, path) < 0)
        goto fail;
    fsync_dir(dir);
    return PL_OK;
fail:
    snprintf(err, errlen, "spool write %s: %s", path, strerror(errno));
    unlink(tmp);
    return PL_ERR_SPOOL;
}

static int cmp_entry(const void *a, const void *b)
{
    const struct pl_spool_entry *x = a, *y = b;
    if (x->job_id != y->job_id)
        return x->job_id < y->job_id ? -1 : 1;
    return (x->seq > y->seq) - (x->seq < y->seq);
}

int pl_spool_list(const char *dir, struct pl_spool_entry **out, size_t *n)
{
    *out = NULL;
    *n = 0;
    DIR *d = opendir(dir);
    if (!d)
        return PL_ERR_SPOOL;
    size_t cap = 0;
    struct dirent *de;
    while ((de = readdir(d))) {
        unsigned long long job;
        unsigned seq;
        int used = 0;
        /* exact name only: the "%n" check rejects ".tmp" suffixes and other junk */
        if (sscanf(de->d_name, "job-%llu-%u.plb%n", &job, &seq, &used) != 2 ||
            (size_t)used != strlen(de->d_name) || strncmp(de->d_name, "job-", 4) != 0)
            continue;
        if (*n == cap) {
            cap = cap ? 2 * cap : 16;
            struct pl_spool_entry *bigger = realloc(*out, cap * sizeof **out);
            if (!bigger) {
                closedir(d);
                return PL_ERR_NOMEM;
            }
            *out = bigger;
        }
        struct pl_spool_entry *e = &(*out)[(*n)++];
        e->job_id = job;
        e->seq = seq;
        snprintf(e->path, sizeof e->path, "%s/%s", dir, de->d_name);
    }
    closedir(d);
    if (*n)
        qsort(*out, *n, sizeof **out, cmp_entry);
    return PL_OK;
}

int pl_spool_read(const char *path, uint8_t **buf, size_t *len)
{
    *buf = NULL;
    *len = 0;
    FILE *f = fopen(path, "rb");
    if (!f)
        return PL_ERR_SPOOL;
    struct stat st;
    if (fstat(fileno(f), &st) < 0 || st.st_size < PL_BATCH_HEADER_BYTES) {
        fclose(f);
        return PL_ERR_SPOOL;
    }
    uint8_t *b = malloc((size_t)st.st_size);
    if (!b || fread(b, 1, (size_t)st.st_size, f) != (size_t)st.st_size ||
        pl_batch_check(b, (size_t)st.st_size, NULL, NULL) != 0) {
        free(b);
        fclose(f);
        return PL_ERR_SPOOL;
    }
    fclose(f);
    *buf = b;
    *len = (size_t)st.st_size;
    return PL_OK;
}

int pl_spool_remove(const char *path)
{
    return unlink(path) == 0 ? PL_OK : PL_ERR_SPOOL;
}

int pl_spool_reject(const char *dir, const char *path)
{
    char copy[512], dst[600];
    snprintf(copy, sizeof copy, "%s", path);
    snprintf(dst, sizeof dst, "%s/rejected/%s", dir, basename(copy));
    return rename(path, dst) == 0 ? PL_OK : PL_ERR_SPOOL;
}
