/* RPC packets on the wire (docs/protocol.md "RPC wire protocol"): a fixed 80-byte header, as DCE's
 * connectionless header, then at most `packet_data` bytes of call data. Little-endian. */
#ifndef PL_RPC_WIRE_H
#define PL_RPC_WIRE_H
#include <stddef.h>
#include <stdint.h>

#define PL_RPC_MAGIC 0x50524c50u /* "PLRP" */
#define PL_RPC_VERSION 1
#define PL_RPC_HEADER_BYTES 80
#define PL_RPC_TAG_OFFSET 64
/* where some header fields sit (rpc_wire.c writes and reads them there): the tcp listener looks at a few without
 * a whole parse, to cut the stream (len) and to tell a request it planned for (rpc_tcp.c) */
#define PL_RPC_HDR_PTYPE 5
#define PL_RPC_HDR_PROT 7
#define PL_RPC_HDR_ACTIVITY 12
#define PL_RPC_HDR_SEQ 16
#define PL_RPC_HDR_OFFSET 24
#define PL_RPC_HDR_LEN 28
#define PL_RPC_HDR_TOTAL 32
#define PL_RPC_HDR_BINDING 44
#define PL_RPC_TAG_BYTES 16
#define PL_RPC_KEY_BYTES 32
#define PL_RPC_MAX_MESSAGE (1u << 20) /* request and reply data: 0..1 MiB */
#define PL_RPC_MAX_DATAGRAM 65507u

/* DCE defaults (Khandker et al. 1995, section 3.3; dce_rpc_1995.json "packetisation") */
#define PL_RPC_DCE_PACKET_DATA 4016u
#define PL_RPC_DCE_SMALL_PACKET_DATA 944u /* a new call handle's 1 KB packet minus the header */
#define PL_RPC_DCE_MTU 1500u
#define PL_RPC_IP_HEADER 20u
#define PL_RPC_UDP_HEADER 8u

enum pl_rpc_ptype {
    PL_RPC_REQUEST = 0,
    PL_RPC_RESPONSE = 2,
    PL_RPC_ACK = 7,       /* receiver has every byte below `offset`; also answers an ack request */
    PL_RPC_CHALLENGE = 8, /* protection `connect`: client nonce → server proof + nonce */
    PL_RPC_PROOF = 9,     /* client's proof of the server nonce → server's OK (same type back) */
    PL_RPC_REJECT = 10,   /* server refused the call (bad procedure, level not allowed, not connected) */
};

#define PL_RPC_F_LAST 0x1    /* last packet of the message */
#define PL_RPC_F_ACKREQ 0x2  /* sender wants an ACK for everything up to this packet */

enum pl_rpc_prot { PL_PROT_NONE = 0, PL_PROT_CONNECT, PL_PROT_PKT, PL_PROT_INTEGRITY, PL_PROT_PRIVACY,
                   PL_PROT__COUNT };
enum pl_rpc_proc { PL_PROC_NULL = 0, PL_PROC_SINK, PL_PROC_ECHO, PL_PROC_WORK, PL_PROC__COUNT };

struct pl_rpc_hdr {
    uint8_t ptype, flags, prot, proc;
    uint32_t activity;  /* the call handle (random per handle) */
    uint32_t seq;       /* call sequence number within the handle */
    uint32_t call_no;   /* the trace's call number, so both sides' steps join */
    uint32_t offset;    /* first data byte of this packet in the message (ACK: bytes received) */
    uint32_t len;       /* data bytes in this packet */
    uint32_t total;     /* bytes of the whole message */
    uint32_t max_data;  /* sender's largest packet data size (how a handle learns it) */
    uint32_t arg;       /* procedure argument: work µs */
    uint16_t thread;    /* caller thread index */
    uint32_t binding;   /* random per binding handle: with activity and seq it makes AEAD nonces unique */
    int64_t t_recv_ns;  /* RESPONSE: server's receive of the request (server clock) */
    int64_t t_send_ns;  /* RESPONSE: server's send of the reply */
    uint8_t tag[PL_RPC_TAG_BYTES];
};

/* Encode the header into 80 bytes (tag copied as is). */
void pl_rpc_hdr_put(uint8_t *p, const struct pl_rpc_hdr *h);
/* Parse and sanity-check a datagram's header; 0 ok, -1 malformed (what fuzzing drives). */
int pl_rpc_hdr_parse(const uint8_t *p, size_t len, struct pl_rpc_hdr *h);
const char *pl_rpc_prot_name(int prot);
int pl_rpc_prot_from_name(const char *s);
const char *pl_rpc_proc_name(int proc);
int pl_rpc_proc_from_name(const char *s);

/* Protection of one packet in place (buf = header + data, tag field inside the header).
 * seal sets the tag (and encrypts the data for privacy); open verifies (and decrypts): 0 ok, -1 reject. */
int pl_rpc_crypto_init(void);
void pl_rpc_seal(const uint8_t key[PL_RPC_KEY_BYTES], int prot, uint8_t *buf, size_t len);
int pl_rpc_open(const uint8_t key[PL_RPC_KEY_BYTES], int prot, uint8_t *buf, size_t len);
/* keyed proof for the `connect` challenge: out = MAC(key, label || nonce) */
void pl_rpc_proof(const uint8_t key[PL_RPC_KEY_BYTES], char label, const uint8_t nonce[16], uint8_t out[16]);

/* Packetisation: the explicit model the backend also uses. */
struct pl_rpc_packetisation {
    uint32_t header_bytes; /* RPC header per packet */
    uint32_t packet_data;  /* call data per RPC packet */
    uint32_t mtu;          /* link MTU (IP fragments) */
};
/* RPC packets for `bytes` of call data (0 bytes still needs one packet). */
uint32_t pl_rpc_packets(uint32_t bytes, uint32_t packet_data);
/* IP packets (link frames) for `bytes` of call data: each RPC packet plus the UDP header is cut
 * into fragments of mtu − IP header bytes. */
uint32_t pl_rpc_frames(const struct pl_rpc_packetisation *p, uint32_t bytes);

#endif
