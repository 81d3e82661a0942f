/* CRC-32 with the zlib polynomial (reflected 0xEDB88320), as in the batch header. */
#ifndef PL_CRC32_H
#define PL_CRC32_H
#include <stddef.h>
#include <stdint.h>

/* Continue a running crc (start with 0): crc = pl_crc32(crc, buf, len). */
uint32_t pl_crc32(uint32_t crc, const void *buf, size_t len);

#endif
