/* Programs include the system's headers beside jomp's own: glibc's stdint, inttypes, limits,
   endian, byteswap, sys/types, unistd, fcntl, sys/stat, wchar and uchar, with their types and
   layouts as gcc sees them, and stdio.h's FILE the same struct _IO_FILE as wchar.h's. */
#include <stdio.h>
#include <stdint.h>
#include <inttypes.h>
#include <limits.h>
#include <endian.h>
#include <byteswap.h>
#include <sys/types.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>
#include <fcntl.h>
#include <errno.h>
#include <wchar.h>
#include <uchar.h>
#include <stddef.h>
#include <signal.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
    uint64_t big = UINT64_C(18446744073709551615);
    int64_t neg = INT64_MIN;
    printf("%" PRIu64 " %" PRId64 " %" PRIx32 " %" PRIdMAX "\n", big, neg, (uint32_t)0xdeadbeef, (intmax_t)INTMAX_MAX);
    printf("limits %d %ld %d %d\n", INT_MAX, LONG_MIN, CHAR_BIT, PATH_MAX);
    printf("sizes %zu %zu %zu %zu %zu %zu\n", sizeof(off_t), sizeof(ssize_t), sizeof(pid_t), sizeof(mode_t),
           sizeof(wchar_t), sizeof(wint_t));
    printf("stat %zu %zu %zu\n", sizeof(struct stat), offsetof(struct stat, st_size), offsetof(struct stat, st_mtim));
    printf("timespec %zu timeval %zu sigset %zu mbstate %zu\n", sizeof(struct timespec), sizeof(struct timeval),
           sizeof(sigset_t), sizeof(mbstate_t));
    printf("flags %d %d %d %d\n", O_RDONLY, O_CREAT | O_TRUNC | O_WRONLY, S_IRUSR | S_IWUSR, SEEK_END);
    printf("errno %d %d %d\n", EAGAIN, ENOENT, ERANGE);
    uint32_t host = 0x11223344u;
    printf("endian %08x %08x %016llx\n", htobe32(host), be32toh(htobe32(host)), (unsigned long long)htole64(0x0102030405060708ULL));
    printf("byteswap %04x %08x %016llx\n", bswap_16(0xabcd), bswap_32(host), (unsigned long long)bswap_64(0x0102030405060708ULL));
    wchar_t w[] = L"wide";
    char16_t u16[] = u"utf16";
    char32_t u32[] = U"utf32";
    printf("wide %zu %zu %zu %d %d %d\n", sizeof w / sizeof w[0], sizeof u16, sizeof u32, (int)w[0], (int)u16[4], (int)u32[3]);
    printf("WCHAR_MAX %d WEOF %u\n", (int)WCHAR_MAX, (unsigned)WEOF);
    FILE *out = stdout;
    fprintf(out, "FILE is %s\n", sizeof(FILE *) == 8 ? "a pointer" : "?");
    struct timeval tv;
    printf("gettimeofday %d\n", gettimeofday(&tv, NULL) == 0 && tv.tv_sec > 0);
    printf("EXIT %d %d RAND_MAX %d\n", EXIT_SUCCESS, EXIT_FAILURE, RAND_MAX);
    char s[16];
    strcpy(s, "headers");
    printf("%s %zu\n", s, strlen(s));
    return 0;
}
