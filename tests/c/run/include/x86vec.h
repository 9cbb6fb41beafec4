/* Shared by the x86 intrinsics programs (373-380): a fixed pseudo-random source, inputs with
 * edge values mixed in, and printing of vectors as hexadecimal lanes. */
#ifndef X86VEC_H
#define X86VEC_H
#include <stdio.h>
#include <string.h>
#include <immintrin.h>

static unsigned long long vec_state = 0x9e3779b97f4a7c15ull;
static inline unsigned long long vec_next(void) {
  vec_state ^= vec_state << 13;
  vec_state ^= vec_state >> 7;
  vec_state ^= vec_state << 17;
  return vec_state;
}
/* bytes that are often extremes (0, 0x7f, 0x80, 0xff, 1) */
static inline void vec_fill(void *p, int n) {
  unsigned char *b = p;
  static const unsigned char edge[] = {0x00, 0x7f, 0x80, 0xff, 0x01, 0xfe, 0x81, 0x7e};
  for (int i = 0; i < n; i++) {
    unsigned long long r = vec_next();
    b[i] = (r & 7) < 3 ? edge[(r >> 8) & 7] : (unsigned char)(r >> 24);
  }
}
static inline __m128i rand128(void) {
  __m128i v;
  vec_fill(&v, 16);
  return v;
}
static inline void print_bytes(const char *name, const void *p, int n) {
  const unsigned char *b = p;
  printf("%-22s", name);
  for (int i = n - 1; i >= 0; i--) printf("%02x%s", b[i], i % 4 == 0 && i ? "_" : "");
  printf("\n");
}
#define P128(name, v) do { __m128i t_ = (__m128i)(v); print_bytes(name, &t_, 16); } while (0)
#define P256(name, v) do { __m256i t_ = (__m256i)(v); print_bytes(name, &t_, 32); } while (0)
#define PINT(name, x) printf("%-22s%lld\n", name, (long long)(x))
#define PHEX(name, x) printf("%-22s%llx\n", name, (unsigned long long)(x))
/* float lanes: their bits, or "nan" (processors and compilers differ in which NaN arithmetic makes) */
static inline void print_floats(const char *name, const void *p, int n) {
  printf("%-22s", name);
  for (int i = n - 1; i >= 0; i--) {
    float f;
    unsigned u;
    memcpy(&f, (const char *)p + 4 * i, 4);
    memcpy(&u, &f, 4);
    if (f != f) printf(" nan");
    else printf(" %08x", u);
  }
  printf("\n");
}
static inline void print_doubles(const char *name, const void *p, int n) {
  printf("%-22s", name);
  for (int i = n - 1; i >= 0; i--) {
    double d;
    unsigned long long u;
    memcpy(&d, (const char *)p + 8 * i, 8);
    memcpy(&u, &d, 8);
    if (d != d) printf(" nan");
    else printf(" %016llx", u);
  }
  printf("\n");
}
#define PPS(name, v) do { __m128 t_ = (v); print_floats(name, &t_, 4); } while (0)
#define PPD(name, v) do { __m128d t_ = (v); print_doubles(name, &t_, 2); } while (0)
#define PPS256(name, v) do { __m256 t_ = (v); print_floats(name, &t_, 8); } while (0)
#define PPD256(name, v) do { __m256d t_ = (v); print_doubles(name, &t_, 4); } while (0)
/* floats that are often special: zeros, infinities, NaN (the quiet one with sign and payload 0:
 * how 0.0 / 0.0 is folded is the compiler's choice), huge, tiny, halves (rounding) */
static inline float rand_float(void) {
  static const float special[] = {0.0f, -0.0f, __builtin_inff(), -__builtin_inff(), __builtin_nanf(""), 3e9f, -3e9f, 2147483520.0f,
                                  -2147483648.0f, 1e-40f, 2.5f, -2.5f, 3.5f, -0.5f, 1.5f, 65535.5f};
  unsigned long long r = vec_next();
  if ((r & 3) == 0) return special[(r >> 8) & 15];
  return (float)((long long)(r >> 20) % 2000001 - 1000000) / 64.0f;
}
static inline double rand_double(void) {
  static const double special[] = {0.0, -0.0, __builtin_inf(), -__builtin_inf(), __builtin_nan(""), 3e9, -3e9, 2147483647.4,
                                   -2147483648.6, 1e-310, 2.5, -2.5, 3.5, -0.5, 9.3e18, -9.3e18};
  unsigned long long r = vec_next();
  if ((r & 3) == 0) return special[(r >> 8) & 15];
  return (double)((long long)(r >> 20) % 2000001 - 1000000) / 64.0;
}
/* one call at a time: the order of a call's arguments is unspecified */
static inline __m128 rand_ps(void) {
  float f[4];
  for (int i = 0; i < 4; i++) f[i] = rand_float();
  return _mm_loadu_ps(f);
}
static inline __m128d rand_pd(void) {
  double d[2];
  for (int i = 0; i < 2; i++) d[i] = rand_double();
  return _mm_loadu_pd(d);
}
#endif
