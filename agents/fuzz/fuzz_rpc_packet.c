/* libFuzzer target: the RPC packet parser and what the server does with a parsed packet's header and
 * protection (every datagram a server receives goes through these first). `make -C agents fuzz`. */
/* fuzz-flags: -max_len=65507 */
/* fuzz-cover: src/rpc/rpc_wire.c */
#include <stdint.h>
#include <string.h>
#include "rpc_wire.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint8_t key[PL_RPC_KEY_BYTES] = {1, 2, 3};
    static int ready;
    if (!ready) {
        pl_rpc_crypto_init();
        ready = 1;
    }
    struct pl_rpc_hdr h;
    if (size > PL_RPC_MAX_DATAGRAM || pl_rpc_hdr_parse(data, size, &h) != 0)
        return 0;
    /* a parsed header is consistent: its data fits the datagram and the message */
    if (h.len != size - PL_RPC_HEADER_BYTES || h.total > PL_RPC_MAX_MESSAGE)
        __builtin_trap();
    static uint8_t buf[PL_RPC_MAX_DATAGRAM];
    memcpy(buf, data, size);
    pl_rpc_open(key, h.prot, buf, size); /* must reject forgeries without reading out of bounds */
    uint8_t again[PL_RPC_HEADER_BYTES];
    pl_rpc_hdr_put(again, &h);
    if (memcmp(again + 5, data + 5, PL_RPC_HEADER_BYTES - 5) != 0) /* re-encoding gives the same bytes */
        __builtin_trap();
    return 0;
}
