/* On-disk spool of trace batches: every batch is written here (fsync'ed, renamed into
 * place) before it is POSTed and removed once the backend acknowledged it, so a run's
 * data survives a backend outage or an agent restart. */
#ifndef PL_SPOOL_H
#define PL_SPOOL_H
#include <stddef.h>
#include <stdint.h>

struct pl_spool_entry {
    uint64_t job_id;
    uint32_t seq;
    char path[512];
};

/* mkdir -p dir and dir/rejected */
int pl_spool_init(const char *dir, char *err, size_t errlen);
/* Write job-<id>-<seq>.plb atomically (temp file, fsync, rename, fsync dir). */
int pl_spool_write(const char *dir, uint64_t job_id, uint32_t seq, const void *buf, size_t len,
                   char *path, size_t path_len, char *err, size_t errlen);
/* Spooled batches sorted by (job, seq); temp files and other names are skipped.
 * *out is malloc'ed (free it). */
int pl_spool_list(const char *dir, struct pl_spool_entry **out, size_t *n);
/* Read a spooled batch and check it (magic, size, crc); a torn file gives PL_ERR_SPOOL. */
int pl_spool_read(const char *path, uint8_t **buf, size_t *len);
int pl_spool_remove(const char *path);
/* Move into dir/rejected/ (the backend answered 400: keep it for a human). */
int pl_spool_reject(const char *dir, const char *path);

#endif
