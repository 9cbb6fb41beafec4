// FLAGS: -std=gnu89
// LINK: support/128-gnu89-inline-lib.c
/* GNU89 inline (-std=gnu89, glibc's __extern_inline): an extern inline definition is for
   inlining only, the external function is another unit's; a plain inline definition is an
   external one that other units call; a definition after an extern inline one is the
   function's. Linking must see each symbol defined once. */
#include <stdio.h>

extern inline int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

inline int scaled(int v) { return v * 3; }

extern inline int bumped(int v) { return v + 100; }
int bumped(int v) { return v + 100; }

static inline int local(int v) { return -v; }

int from_lib(int v);

int main(void)
{
    int i;
#ifdef __GNUC_GNU_INLINE__
    printf("gnu inline\n");
#endif
#ifdef __GNUC_STDC_INLINE__
    printf("stdc inline\n");
#endif
    for (i = -2; i < 14; i += 5)
        printf("%d %d %d %d %d\n", clamp(i, 0, 10), scaled(i), bumped(i), local(i), from_lib(i));
    putchar('o'); putchar('k'); putchar('\n');
    return 0;
}
