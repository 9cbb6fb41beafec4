#include <stdio.h>
int main(void) {
    printf("[%d] [%i] [%u] [%ld] [%lld] [%zu]\n", -42, 42, 42u, -42L, -42LL, (size_t)42);
    printf("[%x] [%X] [%o] [%#x] [%#X] [%#o]\n", 255, 255, 8, 255, 255, 8);
    printf("[%5d] [%-5d] [%05d] [%+d] [% d] [%+5d]\n", 42, 42, 42, 42, 42, -42);
    printf("[%.3d] [%8.3d] [%-8.3d] [%.0d] [%.0d]\n", 7, 7, 7, 0, 1);
    printf("[%*d] [%-*d] [%.*d] [%*.*d]\n", 6, 1, 6, 2, 4, 3, 7, 3, 4);
    printf("[%hd] [%hhd] [%hu] [%hhu]\n", (short)-1, (signed char)-1, (unsigned short)65535, (unsigned char)255);
    printf("[%lx] [%llX] [%lo]\n", 0xdeadbeefL, 0xCAFEBABEDEADULL, 511L);
    printf("[%d] [%u] [%x]\n", -2147483647 - 1, 4294967295u, 0u);
    printf("[%#.5x] [%#08x] [%-#10o]\n", 255, 255, 8);
    printf("[%lld] [%llu]\n", -9223372036854775807LL - 1, 18446744073709551615ULL);
    printf("[%c] [%3c] [%-3c]\n", 'A', 'B', 'C');
    printf("[%%]\n");
    return 0;
}
