#include "rpc_wire.h"
#include "le_bytes.h"
#include <sodium.h>
#include <string.h>
#include <strings.h>


void pl_rpc_hdr_put(uint8_t *p, const struct pl_rpc_hdr *h)
{
    put32(p, PL_RPC_MAGIC);
    p[4] = PL_RPC_VERSION;
    p[PL_RPC_HDR_PTYPE] = h->ptype;
    p[6] = h->flags;
    p[PL_RPC_HDR_PROT] = h->prot;
    p[8] = h->proc;
    p[9] = 0;
    put16(p + 10, h->thread);
    put32(p + PL_RPC_HDR_ACTIVITY, h->activity);
    put32(p + PL_RPC_HDR_SEQ, h->seq);
    put32(p + 20, h->call_no);
    put32(p + PL_RPC_HDR_OFFSET, h->offset);
    put32(p + PL_RPC_HDR_LEN, h->len);
    put32(p + PL_RPC_HDR_TOTAL, h->total);
    put32(p + 36, h->max_data);
    put32(p + 40, h->arg);
    put32(p + PL_RPC_HDR_BINDING, h->binding);
    put64(p + 48, (uint64_t)h->t_recv_ns);
    put64(p + 56, (uint64_t)h->t_send_ns);
    memcpy(p + PL_RPC_TAG_OFFSET, h->tag, PL_RPC_TAG_BYTES);
}

int pl_rpc_hdr_parse(const uint8_t *p, size_t len, struct pl_rpc_hdr *h)
{
    if (len < PL_RPC_HEADER_BYTES || len > PL_RPC_MAX_DATAGRAM || get32(p) != PL_RPC_MAGIC ||
        p[4] != PL_RPC_VERSION || p[9] != 0) /* reserved byte must be zero */
        return -1;
    h->ptype = p[PL_RPC_HDR_PTYPE];
    h->flags = p[6];
    h->prot = p[PL_RPC_HDR_PROT];
    h->proc = p[8];
    h->thread = get16(p + 10);
    h->activity = get32(p + PL_RPC_HDR_ACTIVITY);
    h->seq = get32(p + PL_RPC_HDR_SEQ);
    h->call_no = get32(p + 20);
    h->offset = get32(p + PL_RPC_HDR_OFFSET);
    h->len = get32(p + PL_RPC_HDR_LEN);
    h->total = get32(p + PL_RPC_HDR_TOTAL);
    h->max_data = get32(p + 36);
    h->arg = get32(p + 40);
    h->binding = get32(p + PL_RPC_HDR_BINDING);
    h->t_recv_ns = (int64_t)get64(p + 48);
    h->t_send_ns = (int64_t)get64(p + 56);
    memcpy(h->tag, p + PL_RPC_TAG_OFFSET, PL_RPC_TAG_BYTES);
    switch (h->ptype) {
    case PL_RPC_REQUEST: case PL_RPC_RESPONSE: case PL_RPC_ACK: case PL_RPC_CHALLENGE:
    case PL_RPC_PROOF: case PL_RPC_REJECT: break;
    default: return -1;
    }
    if (h->prot >= PL_PROT__COUNT || h->proc >= PL_PROC__COUNT || (h->flags & ~3u))
        return -1;
    /* the data length is the datagram's; a message never exceeds 1 MiB */
    if (h->len != len - PL_RPC_HEADER_BYTES || h->total > PL_RPC_MAX_MESSAGE)
        return -1;
    if (h->ptype == PL_RPC_REQUEST || h->ptype == PL_RPC_RESPONSE) {
        if ((uint64_t)h->offset + h->len > h->total)
            return -1;
        if ((h->flags & PL_RPC_F_LAST) && h->offset + h->len != h->total)
            return -1;
    } else if (h->ptype == PL_RPC_ACK && h->offset > h->total) {
        return -1;
    }
    return 0;
}

static const char *const prot_names[PL_PROT__COUNT] = {"none", "connect", "pkt", "integrity", "privacy"};
static const char *const proc_names[PL_PROC__COUNT] = {"null", "sink", "echo", "work"};

static int find(const char *const *names, int n, const char *s)
{
    for (int i = 0; s && i < n; i++)
        if (strcasecmp(names[i], s) == 0)
            return i;
    return -1;
}
const char *pl_rpc_prot_name(int prot) { return prot >= 0 && prot < PL_PROT__COUNT ? prot_names[prot] : "?"; }
int pl_rpc_prot_from_name(const char *s) { return find(prot_names, PL_PROT__COUNT, s); }
const char *pl_rpc_proc_name(int proc) { return proc >= 0 && proc < PL_PROC__COUNT ? proc_names[proc] : "?"; }
int pl_rpc_proc_from_name(const char *s) { return find(proc_names, PL_PROC__COUNT, s); }

/* ---- protection: libsodium keyed BLAKE2b as the MAC, XChaCha20-Poly1305 as the AEAD ---- */

int pl_rpc_crypto_init(void) { return sodium_init() < 0 ? -1 : 0; }

/* unique per key: binding (random) + activity + seq + offset + packet type */
static void nonce_of(const uint8_t *buf, uint8_t n[crypto_aead_xchacha20poly1305_ietf_NPUBBYTES])
{
    memset(n, 0, crypto_aead_xchacha20poly1305_ietf_NPUBBYTES);
    memcpy(n, buf + 44, 4);      /* binding */
    memcpy(n + 4, buf + 12, 4);  /* activity */
    memcpy(n + 8, buf + 16, 4);  /* seq */
    memcpy(n + 12, buf + 24, 4); /* offset */
    n[16] = buf[5];              /* ptype */
}

static void mac(const uint8_t *key, const uint8_t *buf, size_t len, uint8_t out[PL_RPC_TAG_BYTES])
{
    crypto_generichash(out, PL_RPC_TAG_BYTES, buf, len, key, PL_RPC_KEY_BYTES);
}

void pl_rpc_seal(const uint8_t key[PL_RPC_KEY_BYTES], int prot, uint8_t *buf, size_t len)
{
    uint8_t *tag = buf + PL_RPC_TAG_OFFSET, t[PL_RPC_TAG_BYTES];
    memset(tag, 0, PL_RPC_TAG_BYTES);
    if (prot == PL_PROT_PKT || prot == PL_PROT_INTEGRITY) {
        /* pkt authenticates the header (origin, sequence); integrity the data too */
        mac(key, buf, prot == PL_PROT_PKT ? PL_RPC_HEADER_BYTES : len, t);
        memcpy(tag, t, sizeof t);
    } else if (prot == PL_PROT_PRIVACY) {
        uint8_t n[crypto_aead_xchacha20poly1305_ietf_NPUBBYTES];
        nonce_of(buf, n);
        crypto_aead_xchacha20poly1305_ietf_encrypt_detached(
            buf + PL_RPC_HEADER_BYTES, t, NULL, buf + PL_RPC_HEADER_BYTES, len - PL_RPC_HEADER_BYTES,
            buf, PL_RPC_HEADER_BYTES, NULL, n, key);
        memcpy(tag, t, sizeof t);
    }
}

int pl_rpc_open(const uint8_t key[PL_RPC_KEY_BYTES], int prot, uint8_t *buf, size_t len)
{
    if (prot < PL_PROT_PKT)
        return 0;
    uint8_t *tag = buf + PL_RPC_TAG_OFFSET, got[PL_RPC_TAG_BYTES], t[PL_RPC_TAG_BYTES];
    memcpy(got, tag, sizeof got);
    memset(tag, 0, PL_RPC_TAG_BYTES);
    int rc;
    if (prot == PL_PROT_PRIVACY) {
        uint8_t n[crypto_aead_xchacha20poly1305_ietf_NPUBBYTES];
        nonce_of(buf, n);
        rc = crypto_aead_xchacha20poly1305_ietf_decrypt_detached(
            buf + PL_RPC_HEADER_BYTES, NULL, buf + PL_RPC_HEADER_BYTES, len - PL_RPC_HEADER_BYTES, got,
            buf, PL_RPC_HEADER_BYTES, n, key);
    } else {
        mac(key, buf, prot == PL_PROT_PKT ? PL_RPC_HEADER_BYTES : len, t);
        rc = sodium_memcmp(t, got, sizeof t);
    }
    memcpy(tag, got, sizeof got);
    return rc == 0 ? 0 : -1;
}

void pl_rpc_proof(const uint8_t key[PL_RPC_KEY_BYTES], char label, const uint8_t nonce[16], uint8_t out[16])
{
    uint8_t msg[17];
    msg[0] = (uint8_t)label;
    memcpy(msg + 1, nonce, 16);
    mac(key, msg, sizeof msg, out);
}

/* ---- packetisation ---- */

uint32_t pl_rpc_packets(uint32_t bytes, uint32_t packet_data)
{
    return bytes == 0 ? 1 : (bytes + packet_data - 1) / packet_data;
}

uint32_t pl_rpc_frames(const struct pl_rpc_packetisation *p, uint32_t bytes)
{
    uint32_t per_frag = p->mtu - PL_RPC_IP_HEADER; /* IP payload per fragment (1480 on Ethernet) */
    uint32_t n = pl_rpc_packets(bytes, p->packet_data), frames = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t data = bytes - i * p->packet_data;
        if (data > p->packet_data)
            data = p->packet_data;
        uint32_t ip_payload = PL_RPC_UDP_HEADER + p->header_bytes + data;
        frames += (ip_payload + per_frag - 1) / per_frag;
    }
    return frames;
}
