// NATIVE: -ljnative
// Native calls with seven and eight integer arguments, where SysV passes the last ones on the
// stack: fixed parameters of several widths, doubles and a float among them, a variadic function
// reading eight, and syscall(2) with its number and six more.
#define _GNU_SOURCE
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "jnative.h"

int main(void) {
    printf("ints7 %ld\n", ints7(1, -2, 3, -4, 250, 6, 7));
    printf("ints7 %ld\n", ints7(-1000000000000L, 2147483647, -32768, 9, 0, -7, -2147483647 - 1));
    char g[] = "x";
    printf("ints8_mixed %ld\n", ints8_mixed(1, 2.5, 2, 3, 4.0, 4, 5, 6, 0.5f, g, 7));
    printf("ints8_mixed %ld\n", ints8_mixed(-1, -1.5, 9, 8, 2.0, 7, 6, 5, 3.0f, NULL, -4));
    printf("vsum_longs %ld %ld\n", vsum_longs(7, 1L, 2L, 3L, 4L, 5L, 6L, 7L), vsum_longs(8, 8L, 7L, 6L, 5L, 4L, 3L, 2L, 1L));
    printf("vsum_longs %ld\n", vsum_longs(10, 1L, 1L, 1L, 1L, 1L, 1L, 1L, 1L, 1L, -1L));
    /* getpid through syscall, given six extra (ignored) arguments: the seventh integer on the stack */
    long pid = syscall(SYS_getpid, 1L, 2L, 3L, 4L, 5L, 6L);
    printf("syscall getpid %s\n", pid == getpid() ? "same" : "different");
    /* a write of 3 bytes through syscall with six arguments after the number */
    fflush(stdout);
    long n = syscall(SYS_write, 1L, "ok\n", 3L, 0L, 0L, 0L);
    printf("syscall write %ld\n", n);
    return 0;
}
