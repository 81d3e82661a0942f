#include "transport.h"
#include "net.h"
#include <stdlib.h>
#include <string.h>
#include <strings.h>

const struct pl_transport *pl_transport_find(const char *name)
{
    if (name && strcasecmp(name, "tcp") == 0)
        return &pl_transport_tcp;
    if (name && strcasecmp(name, "udp") == 0)
        return &pl_transport_udp;
    return NULL;
}

void pl_hello_encode(uint8_t out[PL_HELLO_BYTES], uint32_t request_bytes, uint32_t response_bytes)
{
    memcpy(out, PL_HELLO_MAGIC, 4);
    pl_put_u32(out + 4, PL_PP_VERSION);
    pl_put_u32(out + 8, request_bytes);
    pl_put_u32(out + 12, response_bytes);
}

int pl_hello_decode(const uint8_t *in, size_t len, uint32_t *request_bytes, uint32_t *response_bytes,
                    int *end)
{
    if (len != PL_HELLO_BYTES || memcmp(in, PL_HELLO_MAGIC, 4) != 0 ||
        pl_get_u32(in + 4) != PL_PP_VERSION)
        return -1;
    *request_bytes = pl_get_u32(in + 8);
    *response_bytes = pl_get_u32(in + 12);
    *end = *request_bytes == 0xFFFFFFFFu && *response_bytes == 0xFFFFFFFFu;
    return 0;
}

uint8_t *pl_alloc_touched(size_t len)
{
    uint8_t *p = malloc(len ? len : 1);
    if (p)
        memset(p, 0, len);
    return p;
}
