#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void) {
    int *a = malloc(100 * sizeof *a);
    if (!a) return 1;
    for (int i = 0; i < 100; i++) a[i] = i;
    a = realloc(a, 1000 * sizeof *a);
    for (int i = 100; i < 1000; i++) a[i] = i;
    long s = 0;
    for (int i = 0; i < 1000; i++) s += a[i];
    printf("%ld\n", s);
    free(a);
    double *z = calloc(50, sizeof *z);
    double zs = 0;
    for (int i = 0; i < 50; i++) zs += z[i];
    printf("%g\n", zs);
    free(z);
    char *str = malloc(6);
    strcpy(str, "hello");
    str = realloc(str, 12);
    strcat(str, " world");
    printf("%s\n", str);
    free(str);
    free(NULL);
    void *many[64];
    for (int i = 0; i < 64; i++) { many[i] = malloc((size_t)i * 17 + 1); memset(many[i], i, (size_t)i * 17 + 1); }
    int ok = 1;
    for (int i = 0; i < 64; i++) if (((unsigned char *)many[i])[i * 17] != i) ok = 0;
    for (int i = 0; i < 64; i += 2) free(many[i]);
    for (int i = 1; i < 64; i += 2) free(many[i]);
    printf("%d\n", ok);
    char *r = realloc(NULL, 4);
    r[0] = 'k'; r[1] = 0;
    printf("%s\n", r);
    free(r);
    return 0;
}
