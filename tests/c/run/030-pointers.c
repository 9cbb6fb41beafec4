#include <stdio.h>
#include <stddef.h>
static void swap(int *a, int *b) { int t = *a; *a = *b; *b = t; }
int main(void) {
    int a[10];
    for (int i = 0; i < 10; i++) a[i] = i * 10;
    int *p = a, *q = &a[9];
    printf("%td %d %d\n", q - p, *(p + 3), p[4]);
    p += 2; q--;
    printf("%d %d %d\n", *p, *q, q > p);
    printf("%d\n", 3[a]);
    int x = 1, y = 2;
    swap(&x, &y);
    printf("%d %d\n", x, y);
    int *pp[3] = {&x, &y, &a[5]};
    int **ppp = pp;
    printf("%d %d\n", **ppp, *ppp[2]);
    **(ppp + 1) = 77;
    printf("%d\n", y);
    char buf[] = "pointer";
    char *c = buf;
    while (*c) c++;
    printf("%td\n", c - buf);
    void *v = a;
    int *back = v;
    printf("%d\n", back[7]);
    int *null = NULL;
    printf("%d %p\n", null == NULL, (void *)null);
    const int *cp = &a[1];
    printf("%d\n", cp[1]);
    double darr[4] = {1.5, 2.5, 3.5, 4.5};
    double *dp = darr + 4;
    printf("%g %td\n", dp[-1], (char *)dp - (char *)darr);
    return 0;
}
