// CLANG-CANNOT: clang 19 has no __builtin_shuffle (its __builtin_shufflevector takes constant indices)
/* gcc's __builtin_shuffle: one vector and a mask, two vectors and a mask; masks constant and computed
 * at run time, indices taken modulo the number of elements (negative and too large ones included);
 * integer, float and double vectors of 2 to 16 elements; each operand evaluated once. */
#include <stdio.h>
typedef int v4si __attribute__((vector_size(16)));
typedef unsigned v4su __attribute__((vector_size(16)));
typedef float v4sf __attribute__((vector_size(16)));
typedef double v2df __attribute__((vector_size(16)));
typedef long v2di __attribute__((vector_size(16)));
typedef unsigned char v16qu __attribute__((vector_size(16)));
typedef short v8hi __attribute__((vector_size(16)));
static int calls;
static v4si next(v4si v) { calls++; return v + 1; }
int main(void) {
  v4si a = {10, 20, 30, 40}, b = {50, 60, 70, 80};
  v4si m1 = {3, 2, 1, 0}, m2 = {0, 4, 7, 3}, m3 = {-1, 5, 9, -6};
  v4si r1 = __builtin_shuffle(a, m1), r2 = __builtin_shuffle(a, b, m2), r3 = __builtin_shuffle(a, m3),
       r4 = __builtin_shuffle(a, b, m3);
  for (int i = 0; i < 4; i++) printf("%d %d %d %d%c", r1[i], r2[i], r3[i], r4[i], i == 3 ? '\n' : ' ');
  v4sf f = {1.5f, -2.0f, 3.25f, 0.0f};
  v4su mu = {2, 2, 0, 3};
  v4sf rf = __builtin_shuffle(f, mu);
  v2df d = {1e10, -1e-10}, e = {3.0, 4.0};
  v2di md = {3, 0};
  v2df rd = __builtin_shuffle(d, e, md);
  printf("%g %g %g %g | %g %g\n", rf[0], rf[1], rf[2], rf[3], rd[0], rd[1]);
  v16qu bytes, rev;
  for (int i = 0; i < 16; i++) bytes[i] = (unsigned char) (i * 7 + 1);
  for (int i = 0; i < 16; i++) rev[i] = (unsigned char) (15 - i);
  v16qu rb = __builtin_shuffle(bytes, rev), rb2 = __builtin_shuffle(rev, bytes, bytes);
  for (int i = 0; i < 16; i++) printf("%d,%d ", rb[i], rb2[i]);
  printf("\n");
  v8hi h = {1, -2, 3, -4, 5, -6, 7, -8}, mh;
  unsigned sum = 0;
  for (int round = 0; round < 5; round++) { /* masks computed at run time */
    for (int i = 0; i < 8; i++) mh[i] = (short) ((i * (round + 3) + round) % 19 - 4);
    v8hi rh = __builtin_shuffle(h, mh), rh2 = __builtin_shuffle(h, -h, mh);
    for (int i = 0; i < 8; i++) sum = sum * 3u + (unsigned) rh[i] - (unsigned) rh2[i] * 5u;
  }
  printf("%u\n", sum);
  v4si once = __builtin_shuffle(next(a), next(b), m2);
  printf("%d %d %d %d calls %d\n", once[0], once[1], once[2], once[3], calls);
  return 0;
}
