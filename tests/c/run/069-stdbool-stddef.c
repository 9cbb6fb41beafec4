#include <stdio.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
struct s { char a; long b; int c[3]; };
static bool is_prime(int n) { if (n < 2) return false; for (int d = 2; d * d <= n; d++) if (n % d == 0) return false; return true; }
int main(void) {
    bool t = true, f = false;
    printf("%d %d %d %zu\n", t, f, true + true, sizeof(bool));
    int primes = 0;
    for (int i = 0; i < 100; i++) primes += is_prime(i);
    printf("%d\n", primes);
    bool b = 5;
    printf("%d\n", b);
    printf("%zu %zu %zu\n", offsetof(struct s, a), offsetof(struct s, b), offsetof(struct s, c[2]));
    ptrdiff_t d = &((int *)0)[10] - (int *)0;
    size_t sz = sizeof(max_align_t) >= 8;
    printf("%td %zu\n", d, sz);
    wchar_t w = L'A';
    printf("%d %d\n", (int)w, NULL == (void *)0);
    int8_t i8 = -128; uint16_t u16 = 65535; int32_t i32 = -1; uint64_t u64 = 1;
    int_least16_t l16 = 1000; uint_fast8_t f8 = 200; intptr_t ip = -5; intmax_t im = 7;
    printf("%d %d %d %llu %d %d %ld %lld\n", i8, u16, i32, (unsigned long long)u64, l16, f8, (long)ip, (long long)im);
    return 0;
}
