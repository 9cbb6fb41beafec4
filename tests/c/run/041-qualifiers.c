#include <stdio.h>
static const int table[4] = {2, 3, 5, 7};
extern int shared_counter;
int shared_counter = 10;
static inline int square(int x) { return x * x; }
static void add_arrays(int n, int *restrict dst, const int *restrict a, const int *restrict b) {
    for (int i = 0; i < n; i++) dst[i] = a[i] + b[i];
}
int main(void) {
    volatile int v = 5;
    v = v + 1;
    const int c = v * 2;
    int out[4];
    add_arrays(4, out, table, table);
    printf("%d %d %d %d\n", v, c, out[3], square(table[2]));
    extern int shared_counter;
    shared_counter++;
    printf("%d\n", shared_counter);
    const char *const msg = "const pointer to const";
    printf("%s\n", msg);
    volatile unsigned long spin = 0;
    for (int i = 0; i < 1000; i++) spin += i;
    printf("%lu\n", spin);
    register int r = 3;
    printf("%d\n", r * r);
    return 0;
}
