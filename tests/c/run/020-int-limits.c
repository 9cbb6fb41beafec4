#include <stdio.h>
#include <limits.h>
#include <stdint.h>
#include <inttypes.h>
int main(void) {
    printf("%d %d %d\n", CHAR_BIT, SCHAR_MIN, SCHAR_MAX);
    printf("%d %d\n", UCHAR_MAX, USHRT_MAX);
    printf("%d %d\n", SHRT_MIN, SHRT_MAX);
    printf("%d %d %u\n", INT_MIN, INT_MAX, UINT_MAX);
    printf("%ld %ld %lu\n", LONG_MIN, LONG_MAX, ULONG_MAX);
    printf("%lld %lld %llu\n", LLONG_MIN, LLONG_MAX, ULLONG_MAX);
    printf("%" PRId8 " %" PRIu8 " %" PRId16 " %" PRIu16 "\n", INT8_MIN, UINT8_MAX, INT16_MIN, UINT16_MAX);
    printf("%" PRId32 " %" PRIu32 " %" PRId64 " %" PRIu64 "\n", INT32_MIN, UINT32_MAX, INT64_MIN, UINT64_MAX);
    printf("%" PRIxPTR " %zu\n", (uintptr_t)UINTPTR_MAX, SIZE_MAX);
    printf("%td %td\n", PTRDIFF_MIN, PTRDIFF_MAX);
    printf("%jd %ju\n", INTMAX_MIN, UINTMAX_MAX);
    int64_t c = INT64_C(1) << 40;
    printf("%" PRIi64 " %" PRIX64 " %" PRIo32 "\n", c, (uint64_t)c, (uint32_t)511);
    return 0;
}
