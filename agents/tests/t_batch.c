#include "batch.h"
#include "check.h"
#include "crc32.h"
#include <stdlib.h>
#include <string.h>

static uint16_t u16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }
static uint32_t u32(const uint8_t *p) { return u16(p) | (uint32_t)u16(p + 2) << 16; }
static uint64_t u64(const uint8_t *p) { return u32(p) | (uint64_t)u32(p + 4) << 32; }

static void fill(struct pl_trace *tr, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        struct pl_trace_rec *r = &tr->recs[i];
        r->call_no = 100 + i;
        r->flags = (uint16_t)(i == 0 ? PL_CALL_FIRST | PL_CALL_WARMUP : i == 2 ? PL_CALL_ERROR : 0);
        for (int k = 0; k < 4; k++)
            r->t[k] = 1000000000000LL + i * 1000 + k * 10; /* > 2^32: catches 32-bit truncation */
        r->send_lag_ns = i == 1 ? 5000000000LL : 0; /* an open-loop call 5 s late: an i64, not 32 bits */
    }
    pl_trace_publish(tr, n);
}

int main(void)
{
    struct pl_trace tr;
    CHECK(pl_trace_init(&tr, PL_SIDE_CLIENT, 3, 64, 128) == 0, "init");
    fill(&tr, 3);
    size_t want = 48 + 64 * 3 + 24 * 9;
    /* capacity: up to 7 steps a record (3 user + 4 kernel) */
    CHECK(pl_batch_size_for(PL_SIDE_CLIENT, 3) == 48 + 64 * 3 + 24 * 21, "size_for");
    uint8_t *b = malloc(pl_batch_size_for(PL_SIDE_CLIENT, 3));
    size_t len = pl_batch_encode(b, 0x0102030405060708ULL, 9, &tr, 0, 3, 5, 1);
    CHECK(len == want, "len %zu want %zu", len, want);
    CHECK(memcmp(b, "PLTB", 4) == 0, "magic");
    CHECK(u16(b + 4) == 3, "version");
    CHECK(u16(b + 6) == 48, "header_bytes");
    CHECK(u64(b + 8) == 0x0102030405060708ULL, "job_id");
    CHECK(u32(b + 16) == 9, "seq");
    CHECK(u32(b + 20) == 3, "n_calls %u", u32(b + 20));
    CHECK(u32(b + 24) == 9, "n_steps %u", u32(b + 24));
    CHECK(u32(b + 28) == 1, "clock_id");
    CHECK(u32(b + 32) == pl_crc32(0, b + 48, len - 48), "crc");
    CHECK(u32(b + 36) == 1, "flags last");
    CHECK(u64(b + 40) == 0, "reserved");
    for (uint32_t i = 0; i < 3; i++) {
        const uint8_t *c = b + 48 + 64 * i;
        const struct pl_trace_rec *r = &tr.recs[i];
        CHECK(u32(c) == 100 + i, "call_no");
        CHECK(u16(c + 4) == r->flags, "call flags");
        CHECK(u16(c + 6) == 5, "point_no");
        CHECK((int64_t)u64(c + 8) == r->t[0], "start_ns");
        CHECK((int64_t)u64(c + 16) == r->t[3], "end_ns");
        CHECK(u32(c + 24) == 64 && u32(c + 28) == 128, "sizes");
        CHECK(u16(c + 32) == 0 && u64(c + 40) == 0 && u64(c + 48) == 0, "v2: thread 0, no server times");
        CHECK((int64_t)u64(c + 56) == r->send_lag_ns, "v3: send lag at offset 56");
        const uint8_t *s = b + 48 + 64 * 3 + 24 * 3 * i;
        static const uint16_t codes[3] = {1, 2, 3};
        for (int k = 0; k < 3; k++, s += 24) {
            CHECK(u32(s) == 100 + i, "step call_no");
            CHECK(u16(s + 4) == codes[k], "step code %u", u16(s + 4));
            CHECK(u16(s + 6) == 0, "step reserved");
            CHECK((int64_t)u64(s + 8) == r->t[k] && (int64_t)u64(s + 16) == r->t[k + 1], "step times");
        }
    }
    uint64_t job;
    uint32_t seq;
    CHECK(pl_batch_check(b, len, &job, &seq) == 0 && job == 0x0102030405060708ULL && seq == 9, "check ok");
    CHECK(pl_batch_check(b, len - 1, NULL, NULL) != 0, "short batch accepted");
    b[100] ^= 1;
    CHECK(pl_batch_check(b, len, NULL, NULL) != 0, "bad crc accepted");

    /* a slice from the middle, not last */
    len = pl_batch_encode(b, 7, 1, &tr, 1, 2, 0, 0);
    CHECK(len == 48 + 64 * 2 + 24 * 6, "slice len");
    CHECK(u32(b + 36) == 0, "flags not last");
    CHECK(u32(b + 48) == 101, "slice starts at record 1");

    /* a version-1 batch (32-byte call records) left in an old spool still checks */
    uint8_t v1[48 + 32];
    memset(v1, 0, sizeof v1);
    memcpy(v1, "PLTB", 4);
    v1[4] = 1, v1[6] = 48, v1[20] = 1;
    uint32_t crc = pl_crc32(0, v1 + 48, 32);
    memcpy(v1 + 32, &crc, 4);
    CHECK(pl_batch_check(v1, sizeof v1, NULL, NULL) == 0, "v1 batch accepted");
    CHECK(pl_batch_check(v1, sizeof v1 - 8, NULL, NULL) != 0, "v1 size is checked");

    /* empty last batch: header only */
    len = pl_batch_encode(b, 7, 2, &tr, 3, 0, 0, 1);
    CHECK(len == 48 && u32(b + 20) == 0 && u32(b + 24) == 0 && u32(b + 36) == 1, "empty batch");
    CHECK(u32(b + 32) == 0, "crc of nothing is 0");
    pl_trace_free(&tr);

    /* server side: steps only, codes 101..103 */
    CHECK(pl_trace_init(&tr, PL_SIDE_SERVER, 2, 64, 64) == 0, "init server");
    fill(&tr, 2);
    len = pl_batch_encode(b, 8, 0, &tr, 0, 2, 0, 0);
    CHECK(len == 48 + 24 * 6, "server len %zu", len);
    CHECK(u32(b + 20) == 0 && u32(b + 24) == 6, "server counts");
    CHECK(u16(b + 48 + 4) == 101 && u16(b + 72 + 4) == 102 && u16(b + 96 + 4) == 103, "server codes");
    CHECK((int64_t)u64(b + 72 + 8) == tr.recs[0].t[1], "s.recv start = first bytes");
    pl_trace_free(&tr);

    /* kernel stamps become steps 201..204 / 211..213; a pair out of order is left out */
    CHECK(pl_trace_init(&tr, PL_SIDE_CLIENT, 1, 64, 64) == 0, "init kernel");
    fill(&tr, 1);
    struct pl_trace_rec *r = &tr.recs[0];
    r->t[0] = 1000, r->t[1] = 1100, r->t[2] = 5000, r->t[3] = 5100;
    r->k_sched = 1050, r->k_snd = 1080, r->k_rx = 4900;
    len = pl_batch_encode(b, 9, 0, &tr, 0, 1, 0, 1);
    CHECK(u32(b + 24) == 7, "client kernel steps: n_steps %u", u32(b + 24));
    const uint8_t *k = b + 48 + 64 + 24 * 3;
    static const int64_t want_k[4][3] = {{201, 1000, 1080}, {202, 1080, 4900}, {203, 4900, 5000},
                                         {204, 1000, 1050}};
    for (int i = 0; i < 4; i++, k += 24)
        CHECK(u16(k + 4) == want_k[i][0] && (int64_t)u64(k + 8) == want_k[i][1] &&
                  (int64_t)u64(k + 16) == want_k[i][2],
              "kernel step %d: code %u %lld..%lld", i, u16(k + 4), (long long)u64(k + 8),
              (long long)u64(k + 16));
    r->k_rx = 5001; /* RX stamp after recv returned: conversion error, 202 kept, 203 dropped */
    r->k_sched = 0;
    len = pl_batch_encode(b, 9, 0, &tr, 0, 1, 0, 1);
    CHECK(u32(b + 24) == 5 && len == 48 + 64 + 24 * 5, "dropped pairs: n_steps %u", u32(b + 24));
    CHECK(pl_batch_check(b, len, NULL, NULL) == 0, "kernel batch valid");
    tr.side = PL_SIDE_SERVER;
    r->k_rx = 1050, r->k_snd = 5050, r->k_sched = 5020; /* server: t1=1100 recv, t2=5000 send */
    len = pl_batch_encode(b, 9, 0, &tr, 0, 1, 0, 1);
    k = b + 48 + 24 * 3;
    CHECK(u32(b + 24) == 6 && u16(k + 4) == 211 && (int64_t)u64(k + 8) == 1050 &&
              u16(k + 28) == 212 && (int64_t)u64(k + 40) == 5050 && u16(k + 52) == 213,
          "server kernel steps");
    pl_trace_free(&tr);
    free(b);
    return check_result("t_batch");
}
