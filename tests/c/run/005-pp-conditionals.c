#include <stdio.h>
#define A 3
#define B 0
#if A > 2 && !B
#define R1 "yes"
#else
#define R1 "no"
#endif
#if defined(A) && defined B && !defined(C)
#define R2 1
#elif 1
#define R2 2
#endif
#ifdef C
#error "C must not be defined"
#endif
#ifndef D
#define D (1 << 4)
#endif
#if (A * 4 + 1) % 5 == 3 || 0
#define R3 "arith"
#else
#define R3 "noarith"
#endif
#if 0u - 1 > 0
#define R4 "unsigned wraps"
#else
#define R4 "no wrap"
#endif
#if UNDEFINED_NAME == 0
#define R5 "undefined is 0"
#endif
#if 0
this is skipped text with #odd tokens @ $
#endif
#if 0x10 == 16 && 010 == 8 && 'A' == 65 && (2 ? 5 : 6) == 5
#define R6 "literals"
#endif
int main(void) {
    printf("%s %d %d %s %s %s %s\n", R1, R2, D, R3, R4, R5, R6);
#if __STDC__ && __STDC_VERSION__ >= 201112L
    printf("c11 stdc=%d\n", __STDC__);
#endif
    return 0;
}
