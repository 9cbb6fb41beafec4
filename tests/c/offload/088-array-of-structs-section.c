// KERNELS: 2
/* Array sections of an array of structs; a struct array inside a struct. */
#include <stdio.h>
struct item { int key; double w; };
struct table { int n; struct item items[20]; };
int main(void) {
  struct item it[30];
  for (int i = 0; i < 30; i++) { it[i].key = i; it[i].w = i * 0.5; }
#pragma omp target map(tofrom : it[10:10])
  for (int i = 10; i < 20; i++) { it[i].key *= -1; it[i].w += 100; }
  struct table t;
  t.n = 20;
  for (int i = 0; i < 20; i++) t.items[i] = it[i];
#pragma omp target map(tofrom : t)
  for (int i = 0; i < t.n; i++) t.items[i].w = t.items[i].key + t.items[i].w;
  printf("it[9]=(%d %g) it[10]=(%d %g) it[19]=(%d %g) it[20]=(%d %g)\n", it[9].key, it[9].w, it[10].key,
         it[10].w, it[19].key, it[19].w, it[20].key, it[20].w);
  printf("t.items[5].w=%g t.items[15].w=%g\n", t.items[5].w, t.items[15].w);
  return 0;
}
