/* clang's __builtin_isfpclass(x, mask) and its __FPCLASS_* bits on float and double: signalling
 * and quiet NaNs, infinities, normals, subnormals and zeros of both signs, each against every
 * single class, a few unions and the empty and full masks. gcc 12 has neither: its build
 * classifies the bits itself, so gcc checks the values and clang-19's build (CorpusOracleTest)
 * the builtin. */
#include <stdio.h>
#include <string.h>
#include <float.h>
#include <math.h>
#ifndef __FPCLASS_SNAN
#define __FPCLASS_SNAN 0x0001
#define __FPCLASS_QNAN 0x0002
#define __FPCLASS_NEGINF 0x0004
#define __FPCLASS_NEGNORMAL 0x0008
#define __FPCLASS_NEGSUBNORMAL 0x0010
#define __FPCLASS_NEGZERO 0x0020
#define __FPCLASS_POSZERO 0x0040
#define __FPCLASS_POSSUBNORMAL 0x0080
#define __FPCLASS_POSNORMAL 0x0100
#define __FPCLASS_POSINF 0x0200
#endif
#ifdef __clang__
#define CLASSD(x, m) __builtin_isfpclass(x, m)
#define CLASSF(x, m) __builtin_isfpclass(x, m)
#else
static int bitsClass(unsigned long long abs, int neg, unsigned long long inf, unsigned long long quiet,
                     unsigned long long minNormal) {
  if (abs > inf) return abs & quiet ? __FPCLASS_QNAN : __FPCLASS_SNAN;
  if (abs == inf) return neg ? __FPCLASS_NEGINF : __FPCLASS_POSINF;
  if (abs >= minNormal) return neg ? __FPCLASS_NEGNORMAL : __FPCLASS_POSNORMAL;
  if (abs != 0) return neg ? __FPCLASS_NEGSUBNORMAL : __FPCLASS_POSSUBNORMAL;
  return neg ? __FPCLASS_NEGZERO : __FPCLASS_POSZERO;
}
static int classd(double x) {
  unsigned long long b; memcpy(&b, &x, 8);
  return bitsClass(b & ~(1ull << 63), (int) (b >> 63), 0x7ffull << 52, 1ull << 51, 1ull << 52);
}
static int classf(float x) {
  unsigned b; memcpy(&b, &x, 4);
  return bitsClass(b & ~(1u << 31), (int) (b >> 31), 0xffu << 23, 1u << 22, 1u << 23);
}
#define CLASSD(x, m) ((classd(x) & (m)) != 0)
#define CLASSF(x, m) ((classf(x) & (m)) != 0)
#endif
/* read at run time: jomp's optimiser keeps float constants as doubles, which quiets a signalling NaN */
volatile unsigned quietless = 0x7fa00000u;
static const int masks[] = {0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 3, 0x3fc, 0x204, 0x90, 0x60, 0x108, 1023};
int main(void) {
  unsigned long long sd = 0x7ff4000000000000ull, nsd = 0xfff0000000000001ull;
  unsigned sf = quietless;
  double snan, nsnan; float snanf;
  memcpy(&snan, &sd, 8); memcpy(&nsnan, &nsd, 8); memcpy(&snanf, &sf, 4);
  double ds[] = {snan, nsnan, NAN, -NAN, INFINITY, -INFINITY, 1.0, -2.5, DBL_MAX, -DBL_MIN, DBL_MIN / 4, -DBL_TRUE_MIN,
                 0.0, -0.0};
  float fs[] = {snanf, NAN, -NAN, INFINITY, -INFINITY, 1.0f, -FLT_MAX, FLT_MIN, -FLT_MIN / 2, FLT_TRUE_MIN, 0.0f, -0.0f};
  for (unsigned i = 0; i < sizeof ds / sizeof ds[0]; i++) {
    volatile double x = ds[i];
    printf("d%u:", i);
    for (unsigned j = 0; j < sizeof masks / sizeof masks[0]; j++) {
      int r;
      switch (masks[j]) { /* the mask must be a constant */
        case 0: r = CLASSD(x, 0); break;
        case 1: r = CLASSD(x, __FPCLASS_SNAN); break;
        case 2: r = CLASSD(x, __FPCLASS_QNAN); break;
        case 4: r = CLASSD(x, __FPCLASS_NEGINF); break;
        case 8: r = CLASSD(x, __FPCLASS_NEGNORMAL); break;
        case 16: r = CLASSD(x, __FPCLASS_NEGSUBNORMAL); break;
        case 32: r = CLASSD(x, __FPCLASS_NEGZERO); break;
        case 64: r = CLASSD(x, __FPCLASS_POSZERO); break;
        case 128: r = CLASSD(x, __FPCLASS_POSSUBNORMAL); break;
        case 256: r = CLASSD(x, __FPCLASS_POSNORMAL); break;
        case 512: r = CLASSD(x, __FPCLASS_POSINF); break;
        case 3: r = CLASSD(x, __FPCLASS_SNAN | __FPCLASS_QNAN); break;
        case 0x3fc: r = CLASSD(x, 0x3fc); break;
        case 0x204: r = CLASSD(x, __FPCLASS_POSINF | __FPCLASS_NEGINF); break;
        case 0x90: r = CLASSD(x, __FPCLASS_POSSUBNORMAL | __FPCLASS_NEGSUBNORMAL); break;
        case 0x60: r = CLASSD(x, __FPCLASS_POSZERO | __FPCLASS_NEGZERO); break;
        case 0x108: r = CLASSD(x, __FPCLASS_POSNORMAL | __FPCLASS_NEGNORMAL); break;
        default: r = CLASSD(x, 1023); break;
      }
      printf(" %d", r);
    }
    printf("\n");
  }
  for (unsigned i = 0; i < sizeof fs / sizeof fs[0]; i++) {
    volatile float x = fs[i];
    printf("f%u: %d %d %d %d %d %d %d %d %d %d %d\n", i, CLASSF(x, __FPCLASS_SNAN), CLASSF(x, __FPCLASS_QNAN),
           CLASSF(x, __FPCLASS_NEGINF), CLASSF(x, __FPCLASS_NEGNORMAL), CLASSF(x, __FPCLASS_NEGSUBNORMAL),
           CLASSF(x, __FPCLASS_NEGZERO), CLASSF(x, __FPCLASS_POSZERO), CLASSF(x, __FPCLASS_POSSUBNORMAL),
           CLASSF(x, __FPCLASS_POSNORMAL), CLASSF(x, __FPCLASS_POSINF), CLASSF(x, 0x3ff));
  }
  printf("constant: %d %d %d\n", CLASSD(1.0 / 3, __FPCLASS_POSNORMAL), CLASSF(-0.0f, __FPCLASS_NEGZERO), CLASSD(1e-320, 0x80));
  return 0;
}
