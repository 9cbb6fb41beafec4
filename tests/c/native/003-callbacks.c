// NATIVE: -ljnative
// Function pointers both ways: jomp functions called by library code (also from a stored pointer
// and through glibc's qsort and bsearch), library functions called through pointers from jomp
// code, and pointer equality across the boundary.
#include <stdio.h>
#include <stdlib.h>
#include "jnative.h"

static int twice(int x) { return 2 * x; }
static int add(int a, int b) { return a + b; }
static int max(int a, int b) { return a > b ? a : b; }
static struct pair scale(struct pair p, double k) { struct pair r = {(int)(p.a * k), (int)(p.b * k)}; return r; }
static double norm1(struct vec2 v) { return v.x + v.y; }
static int cmp(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }
static int events;
static void count(int i) { events += i + 1; }

int main(void) {
    int a[] = {5, 3, 9, 1, 7, 3};
    printf("apply %d fold %d %d\n", apply(twice, 21), fold(a, 6, add, 0), fold(a, 6, max, -1));
    struct pair p = pair_apply(scale, (struct pair){10, 20});
    printf("pair_apply %d %d vec_apply %g\n", p.a, p.b, vec_apply(norm1, 1.5));
    sort_ints(a, 6, cmp);
    for (int i = 0; i < 6; i++) printf("%d ", a[i]);
    int *hit = find_int(7, a, 6, cmp);
    printf("found %ld\n", hit ? (long)(hit - a) : -1L);
    binop m = get_op('*'), s = get_op('-');
    printf("native pointers %d %d is_mul %d %d\n", m(6, 7), s(6, 7), is_mul(m), is_mul(add));
    printf("equal %d %d\n", m == get_op('*'), m == lib_default_op);
    int (*fp)(int, int) = add;
    keep_op(fp);
    printf("kept %d same %d call_kept %d\n", kept_op()(2, 3), kept_op() == add, call_kept(40, 2));
    on_event(count);
    fire(4);
    printf("events %d\n", events);
    qsort(a, 6, sizeof a[0], cmp);          /* jomp's qsort with a jomp comparison */
    keep_op(m);
    printf("kept native %d\n", call_kept(3, 5));
    return 0;
}
