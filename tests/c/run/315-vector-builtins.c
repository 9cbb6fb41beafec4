/* The vector builtins gcc 12 and clang 19 share: __builtin_shufflevector (elements of two vectors
   picked by constant indices, into a vector of another length too; the operands evaluated once)
   and __builtin_convertvector (element by element, as C converts: float to int truncates). */
#include <stdio.h>
typedef int v4si __attribute__((vector_size(16)));
typedef float v4sf __attribute__((vector_size(16)));
typedef double v4df __attribute__((vector_size(32)));
typedef short v8hi __attribute__((vector_size(16)));
typedef int v2si __attribute__((vector_size(8)));
static int calls;
static v4si next(void) { calls++; return (v4si){calls, calls * 10, calls * 100, calls * 1000}; }
int main(void) {
  v4si a = {1, 2, 3, 4}, b = {5, 6, 7, 8};
  v4si r = __builtin_shufflevector(a, b, 7, 0, 5, 2);
  printf("%d %d %d %d\n", r[0], r[1], r[2], r[3]);
  v8hi w = __builtin_shufflevector((v8hi){1,2,3,4,5,6,7,8}, (v8hi){9,10,11,12,13,14,15,16}, 15, 14, 0, 1, 8, 9, 7, 6);
  for (int i = 0; i < 8; i++) printf("%d ", w[i]);
  printf("\n");
  v2si lo = __builtin_shufflevector(a, a, 0, 3);
  printf("%d %d\n", lo[0], lo[1]);
  v4si n = __builtin_shufflevector(next(), next(), 1, 4, 2, 7);
  printf("%d %d %d %d calls %d\n", n[0], n[1], n[2], n[3], calls);
  v4sf f = __builtin_convertvector(a * 3, v4sf) / 2;
  printf("%g %g %g %g\n", f[0], f[1], f[2], f[3]);
  v4si back = __builtin_convertvector((v4sf){-1.75f, 2.5f, 1e3f, -0.5f}, v4si);
  printf("%d %d %d %d\n", back[0], back[1], back[2], back[3]);
  v4df d = __builtin_convertvector(b, v4df);
  printf("%g %g\n", d[0] / 3, d[3]);
  return 0;
}
