/* RPC packet header encode/decode, parser rejections, packetisation arithmetic against the DCE paper,
 * and per-packet protection (tampered packets rejected). */
#include <sodium.h>
#include <string.h>
#include "check.h"
#include "rpc_wire.h"

static void test_roundtrip(void)
{
    uint8_t buf[PL_RPC_HEADER_BYTES + 10];
    struct pl_rpc_hdr h = {.ptype = PL_RPC_RESPONSE, .flags = PL_RPC_F_LAST, .prot = PL_PROT_PKT,
                           .proc = PL_PROC_ECHO, .activity = 0xdeadbeef, .seq = 7, .call_no = 123456,
                           .offset = 90, .len = 10, .total = 100, .max_data = 4016, .arg = 55,
                           .thread = 63, .binding = 0x01020304, .t_recv_ns = -5, .t_send_ns = 1LL << 40};
    memset(h.tag, 0xab, sizeof h.tag);
    pl_rpc_hdr_put(buf, &h);
    CHECK(memcmp(buf, "PLRP", 4) == 0, "magic is PLRP little-endian");
    struct pl_rpc_hdr g;
    CHECK(pl_rpc_hdr_parse(buf, sizeof buf, &g) == 0, "a valid header parses");
    CHECK(g.ptype == h.ptype && g.flags == h.flags && g.prot == h.prot && g.proc == h.proc &&
              g.activity == h.activity && g.seq == h.seq && g.call_no == h.call_no && g.offset == h.offset &&
              g.len == h.len && g.total == h.total && g.max_data == h.max_data && g.arg == h.arg &&
              g.thread == h.thread && g.binding == h.binding && g.t_recv_ns == h.t_recv_ns &&
              g.t_send_ns == h.t_send_ns && memcmp(g.tag, h.tag, 16) == 0,
          "every field survives encode/decode");
    /* byte positions are the contract (docs/protocol.md) */
    CHECK(buf[5] == PL_RPC_RESPONSE && buf[10] == 63 && buf[20] == (123456 & 0xff) && buf[24] == 90,
          "fields at their documented offsets");

    /* rejections */
    CHECK(pl_rpc_hdr_parse(buf, PL_RPC_HEADER_BYTES - 1, &g) != 0, "short datagram");
    CHECK(pl_rpc_hdr_parse(buf, sizeof buf - 1, &g) != 0, "len field must match the datagram");
    uint8_t bad[sizeof buf];
    memcpy(bad, buf, sizeof buf); bad[0] ^= 1;
    CHECK(pl_rpc_hdr_parse(bad, sizeof bad, &g) != 0, "bad magic");
    memcpy(bad, buf, sizeof buf); bad[4] = 9;
    CHECK(pl_rpc_hdr_parse(bad, sizeof bad, &g) != 0, "bad version");
    memcpy(bad, buf, sizeof buf); bad[9] = 1;
    CHECK(pl_rpc_hdr_parse(bad, sizeof bad, &g) != 0, "reserved byte set (found by the fuzzer)");
    memcpy(bad, buf, sizeof buf); bad[5] = 3;
    CHECK(pl_rpc_hdr_parse(bad, sizeof bad, &g) != 0, "unknown packet type");
    memcpy(bad, buf, sizeof buf); bad[7] = PL_PROT__COUNT;
    CHECK(pl_rpc_hdr_parse(bad, sizeof bad, &g) != 0, "unknown protection level");
    memcpy(bad, buf, sizeof buf); bad[8] = PL_PROC__COUNT;
    CHECK(pl_rpc_hdr_parse(bad, sizeof bad, &g) != 0, "unknown procedure");
    h.offset = 95; /* 95 + 10 > total 100 */
    pl_rpc_hdr_put(bad, &h);
    CHECK(pl_rpc_hdr_parse(bad, sizeof bad, &g) != 0, "data past the message end");
    h.offset = 80, h.flags = PL_RPC_F_LAST; /* last packet not ending the message */
    pl_rpc_hdr_put(bad, &h);
    CHECK(pl_rpc_hdr_parse(bad, sizeof bad, &g) != 0, "LAST before the end");
    h.offset = 0, h.total = PL_RPC_MAX_MESSAGE + 1;
    pl_rpc_hdr_put(bad, &h);
    CHECK(pl_rpc_hdr_parse(bad, sizeof bad, &g) != 0, "message over 1 MiB");
}

/* Packet counts from ../shared/reference/dce_rpc_1995.json "packetisation.request_packets_by_size"
 * (Khandker, Honeyman, Teorey 1995, section 3.3): 80-byte header, 4016 data bytes per RPC packet,
 * 1500-byte Ethernet MTU. */
static void test_packetisation(void)
{
    struct pl_rpc_packetisation dce = {.header_bytes = 80, .packet_data = 4016, .mtu = 1500};
    static const struct { uint32_t bytes, frames; } table[] = {
        {0, 1}, {1392, 1}, {1393, 2}, {4016, 3}, {4017, 4}, {6000, 5}, {8032, 6}, {16064, 12}, {24096, 18}};
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        CHECK(pl_rpc_frames(&dce, table[i].bytes) == table[i].frames, "%u bytes: %u IP packets, expected %u",
              table[i].bytes, pl_rpc_frames(&dce, table[i].bytes), table[i].frames);
    /* "ethernet_packets_for_64256_bytes": 48 (section 4.1) */
    CHECK(pl_rpc_frames(&dce, 64256) == 48, "64256 bytes: %u frames, expected 48", pl_rpc_frames(&dce, 64256));
    CHECK(pl_rpc_packets(0, 4016) == 1 && pl_rpc_packets(4016, 4016) == 1 && pl_rpc_packets(4017, 4016) == 2 &&
              pl_rpc_packets(1 << 20, 4016) == 262, "RPC packet counts");
    /* independent check: each RPC packet's IP payload split in 1480-byte fragments */
    for (uint32_t b = 0; b < 70000; b += 997) {
        uint32_t want = 0, left = b;
        do {
            uint32_t d = left > 4016 ? 4016 : left;
            want += (8 + 80 + d + 1479) / 1480;
            left -= d;
        } while (left);
        CHECK(pl_rpc_frames(&dce, b) == want, "%u bytes", b);
    }
    /* every RTT jump size of Figure 3 is one byte past a frame boundary */
    static const uint32_t jumps[] = {1393, 4017, 8033, 12049, 16065, 20081, 24097, 32129, 48193, 64257};
    for (size_t i = 0; i < sizeof jumps / sizeof jumps[0]; i++)
        CHECK(pl_rpc_frames(&dce, jumps[i]) == pl_rpc_frames(&dce, jumps[i] - 1) + 1, "jump at %u", jumps[i]);
}

static void test_protection(void)
{
    uint8_t key[PL_RPC_KEY_BYTES], other[PL_RPC_KEY_BYTES];
    randombytes_buf(key, sizeof key);
    randombytes_buf(other, sizeof other);
    for (int prot = PL_PROT_NONE; prot < PL_PROT__COUNT; prot++) {
        uint8_t pkt[PL_RPC_HEADER_BYTES + 64], orig[sizeof pkt];
        struct pl_rpc_hdr h = {.ptype = PL_RPC_REQUEST, .flags = PL_RPC_F_LAST, .prot = (uint8_t)prot,
                               .activity = 9, .seq = 3, .len = 64, .total = 64, .binding = 77};
        pl_rpc_hdr_put(pkt, &h);
        for (int i = 0; i < 64; i++)
            pkt[PL_RPC_HEADER_BYTES + i] = (uint8_t)i;
        memcpy(orig, pkt, sizeof pkt);
        pl_rpc_seal(key, prot, pkt, sizeof pkt);
        if (prot == PL_PROT_PRIVACY)
            CHECK(memcmp(pkt + PL_RPC_HEADER_BYTES, orig + PL_RPC_HEADER_BYTES, 64) != 0, "privacy encrypts");
        else
            CHECK(memcmp(pkt + PL_RPC_HEADER_BYTES, orig + PL_RPC_HEADER_BYTES, 64) == 0, "%d: data in clear", prot);
        uint8_t c[sizeof pkt];
        memcpy(c, pkt, sizeof pkt);
        CHECK(pl_rpc_open(key, prot, c, sizeof c) == 0, "%s: intact packet accepted", pl_rpc_prot_name(prot));
        CHECK(memcmp(c + PL_RPC_HEADER_BYTES, orig + PL_RPC_HEADER_BYTES, 64) == 0, "%d: data restored", prot);
        /* tampered header (sequence number) */
        memcpy(c, pkt, sizeof pkt);
        c[16] ^= 1;
        int hdr_rejected = pl_rpc_open(key, prot, c, sizeof c) != 0;
        /* tampered data */
        memcpy(c, pkt, sizeof pkt);
        c[PL_RPC_HEADER_BYTES + 5] ^= 0x40;
        int data_rejected = pl_rpc_open(key, prot, c, sizeof c) != 0;
        memcpy(c, pkt, sizeof pkt);
        int wrong_key = pl_rpc_open(other, prot, c, sizeof c) != 0;
        if (prot >= PL_PROT_PKT) {
            CHECK(hdr_rejected, "%s: tampered header rejected", pl_rpc_prot_name(prot));
            CHECK(wrong_key, "%s: other key rejected", pl_rpc_prot_name(prot));
        }
        if (prot >= PL_PROT_INTEGRITY)
            CHECK(data_rejected, "%s: tampered data rejected", pl_rpc_prot_name(prot));
        else
            CHECK(!data_rejected, "%s: data is not covered", pl_rpc_prot_name(prot));
    }
    uint8_t n[16] = {1}, a[16], b[16];
    pl_rpc_proof(key, 's', n, a);
    pl_rpc_proof(other, 's', n, b);
    CHECK(memcmp(a, b, 16) != 0, "connect proof depends on the key");
    pl_rpc_proof(key, 'c', n, b);
    CHECK(memcmp(a, b, 16) != 0, "client and server proofs differ");
}

int main(void)
{
    if (pl_rpc_crypto_init() != 0)
        return 1;
    test_roundtrip();
    test_packetisation();
    test_protection();
    CHECK(pl_rpc_prot_from_name("integrity") == PL_PROT_INTEGRITY && pl_rpc_prot_from_name("x") < 0, "names");
    CHECK(pl_rpc_proc_from_name("work") == PL_PROC_WORK && pl_rpc_proc_from_name("") < 0, "proc names");
    return check_result("t_rpc_wire");
}
