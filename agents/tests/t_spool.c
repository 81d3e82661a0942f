#include "batch.h"
#include "check.h"
#include "pl_error.h"
#include "spool.h"
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static size_t make_batch(uint8_t *buf, uint64_t job, uint32_t seq)
{
    struct pl_trace tr;
    pl_trace_init(&tr, PL_SIDE_CLIENT, 2, 64, 64);
    for (int i = 0; i < 2; i++) {
        tr.recs[i].call_no = (uint32_t)i;
        for (int k = 0; k < 4; k++)
            tr.recs[i].t[k] = 1000 * (int64_t)seq + 10 * i + k;
    }
    size_t len = pl_batch_encode(buf, job, seq, &tr, 0, 2, 0, 0);
    pl_trace_free(&tr);
    return len;
}

static void write_raw(const char *path, const void *buf, size_t len)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    CHECK(fd >= 0 && write(fd, buf, len) == (ssize_t)len, "write %s", path);
    close(fd);
}

int main(void)
{
    char dir[] = "/tmp/t_spool.XXXXXX", sub[600], err[600], path[600], tmp[700];
    CHECK(mkdtemp(dir) != NULL, "mkdtemp");
    snprintf(sub, sizeof sub, "%s/spool/agent-a", dir);
    CHECK(pl_spool_init(sub, err, sizeof err) == PL_OK, "init: %s", err);

    uint8_t b1[1024], b2[1024], b3[1024], *rd;
    size_t l1 = make_batch(b1, 7, 1), l2 = make_batch(b2, 7, 0), l3 = make_batch(b3, 3, 12), rl;
    CHECK(pl_spool_write(sub, 7, 1, b1, l1, path, sizeof path, err, sizeof err) == PL_OK, "write: %s", err);
    snprintf(tmp, sizeof tmp, "%s/job-7-1.plb", sub);
    CHECK(strcmp(path, tmp) == 0, "path %s", path);
    CHECK(pl_spool_write(sub, 7, 0, b2, l2, path, sizeof path, err, sizeof err) == PL_OK, "write 2");
    CHECK(pl_spool_write(sub, 3, 12, b3, l3, path, sizeof path, err, sizeof err) == PL_OK, "write 3");
    /* junk: a temp file of an interrupted write, a torn batch, an unrelated file */
    snprintf(tmp, sizeof tmp, "%s/.job-7-2.plb.tmp", sub);
    write_raw(tmp, b1, l1 / 2);
    snprintf(tmp, sizeof tmp, "%s/job-9-0.plb", sub);
    write_raw(tmp, b1, l1 - 5);
    snprintf(tmp, sizeof tmp, "%s/job-9-1.plb.part", sub);
    write_raw(tmp, b1, l1);
    snprintf(tmp, sizeof tmp, "%s/notes.txt", sub);
    write_raw(tmp, "x", 1);

    struct pl_spool_entry *e;
    size_t n;
    CHECK(pl_spool_list(sub, &e, &n) == PL_OK, "list");
    CHECK(n == 4, "listed %zu (want job-3-12, job-7-0, job-7-1, job-9-0)", n);
    if (n == 4) {
        CHECK(e[0].job_id == 3 && e[0].seq == 12, "order 0");
        CHECK(e[1].job_id == 7 && e[1].seq == 0, "order 1");
        CHECK(e[2].job_id == 7 && e[2].seq == 1, "order 2");
        CHECK(e[3].job_id == 9 && e[3].seq == 0, "order 3");
        CHECK(pl_spool_read(e[2].path, &rd, &rl) == PL_OK && rl == l1 && memcmp(rd, b1, l1) == 0,
              "re-read job-7-1");
        free(rd);
        CHECK(pl_spool_read(e[3].path, &rd, &rl) == PL_ERR_SPOOL && rd == NULL, "torn file accepted");
        CHECK(pl_spool_remove(e[2].path) == PL_OK && access(e[2].path, F_OK) != 0, "remove");
        CHECK(pl_spool_reject(sub, e[3].path) == PL_OK, "reject");
        snprintf(tmp, sizeof tmp, "%s/rejected/job-9-0.plb", sub);
        CHECK(access(tmp, F_OK) == 0, "rejected file in rejected/");
    }
    free(e);
    CHECK(pl_spool_list(sub, &e, &n) == PL_OK && n == 2, "after remove+reject: %zu", n);
    free(e);
    char cmd[700];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    CHECK(system(cmd) == 0, "cleanup");
    return check_result("t_spool");
}
