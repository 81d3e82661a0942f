#include "check.h"
#include "crc32.h"
#include <string.h>

int main(void)
{
    CHECK(pl_crc32(0, "123456789", 9) == 0xCBF43926u, "got %08x", pl_crc32(0, "123456789", 9));
    CHECK(pl_crc32(0, "", 0) == 0, "empty");
    CHECK(pl_crc32(0, "a", 1) == 0xE8B7BE43u, "got %08x", pl_crc32(0, "a", 1));
    const char *fox = "The quick brown fox jumps over the lazy dog";
    CHECK(pl_crc32(0, fox, strlen(fox)) == 0x414FA339u, "got %08x", pl_crc32(0, fox, strlen(fox)));
    /* running crc over pieces equals crc of the whole */
    uint32_t part = pl_crc32(pl_crc32(0, fox, 10), fox + 10, strlen(fox) - 10);
    CHECK(part == 0x414FA339u, "incremental got %08x", part);
    return check_result("t_crc32");
}
