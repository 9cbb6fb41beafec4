// FLAGS: -Iinclude
/* Run-time dispatch as real libraries do it (zlib-ng, libdeflate): built with no -m flags, the
 * AVX2, SSE4.1+PCLMUL and BMI2 versions of a function are compiled for their targets with
 * __attribute__((target(...))) and chosen by cpuid (leaves 1 and 7) and xgetbv (the OS's XCR0,
 * read both by the mnemonic and by its bytes, .byte 0x0f, 0x01, 0xd0); each version's result is
 * checked against the portable one. Needs AVX2, PCLMULQDQ and BMI2 (the test machine's processor
 * has them), so every version is chosen and run. */
#include <cpuid.h>
#include <immintrin.h>
#include <stdio.h>
#include <string.h>

static unsigned long long xgetbv_mnemonic(unsigned xcr) {
  unsigned lo, hi;
  __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(xcr));
  return ((unsigned long long)hi << 32) | lo;
}
static unsigned long long xgetbv_bytes(unsigned xcr) {
  unsigned lo, hi;
  __asm__ volatile(".byte 0x0f, 0x01, 0xd0" : "=d"(hi), "=a"(lo) : "c"(xcr));
  return ((unsigned long long)hi << 32) | lo;
}

static unsigned sum_portable(const unsigned char *p, int n) {
  unsigned s = 0;
  for (int i = 0; i < n; i++) s += p[i] * (unsigned)(i % 7 + 1);
  return s;
}
__attribute__((target("avx2"))) static unsigned sum_avx2(const unsigned char *p, int n) {
  __m256i acc = _mm256_setzero_si256();
  int i = 0;
  for (; i + 32 <= n; i += 32) {
    _Alignas(32) unsigned short w[32];
    for (int k = 0; k < 32; k++) w[k] = (unsigned short)((i + k) % 7 + 1);
    __m256i bytes = _mm256_loadu_si256((const __m256i *)(p + i));
    __m256i lo = _mm256_cvtepu8_epi16(_mm256_castsi256_si128(bytes));
    __m256i hi = _mm256_cvtepu8_epi16(_mm256_extracti128_si256(bytes, 1));
    acc = _mm256_add_epi32(acc, _mm256_madd_epi16(lo, _mm256_load_si256((const __m256i *)w)));
    acc = _mm256_add_epi32(acc, _mm256_madd_epi16(hi, _mm256_load_si256((const __m256i *)(w + 16))));
  }
  __m128i s = _mm_add_epi32(_mm256_castsi256_si128(acc), _mm256_extracti128_si256(acc, 1));
  s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4e));
  s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xb1));
  unsigned total = (unsigned)_mm_cvtsi128_si32(s);
  for (; i < n; i++) total += p[i] * (unsigned)(i % 7 + 1);
  return total;
}

static unsigned long long clmul_portable(unsigned a, unsigned b) {
  unsigned long long r = 0;
  for (int i = 0; i < 32; i++)
    if (b >> i & 1) r ^= (unsigned long long)a << i;
  return r;
}
__attribute__((target("pclmul,sse4.1"))) static unsigned long long clmul_pclmul(unsigned a, unsigned b) {
  __m128i r = _mm_clmulepi64_si128(_mm_cvtsi32_si128((int)a), _mm_cvtsi32_si128((int)b), 0);
  return (unsigned long long)_mm_extract_epi64(r, 0);
}

static unsigned long long pext_portable(unsigned long long x, unsigned long long m) {
  unsigned long long r = 0;
  for (int i = 0, k = 0; i < 64; i++)
    if (m >> i & 1) r |= (x >> i & 1) << k++;
  return r;
}
__attribute__((target("bmi2"))) static unsigned long long pext_bmi2(unsigned long long x, unsigned long long m) {
  return _pext_u64(x, m);
}

int main(void) {
  unsigned a, b, c, d;
  __cpuid(1, a, b, c, d);
  int osxsave = (c & bit_OSXSAVE) != 0, avx = (c & bit_AVX) != 0, pclmul = (c & bit_PCLMUL) != 0,
      sse41 = (c & bit_SSE4_1) != 0;
  __cpuid_count(7, 0, a, b, c, d);
  int avx2 = (b & bit_AVX2) != 0, bmi2 = (b & bit_BMI2) != 0;
  unsigned long long xcr0 = osxsave ? xgetbv_mnemonic(0) : 0;
  printf("osxsave %d xcr0 x87/sse/avx %llx (bytes %llx) avx512 state %llx\n", osxsave, xcr0 & 7,
         osxsave ? xgetbv_bytes(0) & 7 : 0, (xcr0 >> 5) & 7);
  int ymm = osxsave && (xcr0 & 6) == 6;
  printf("avx %d avx2 %d usable %d pclmul %d sse4.1 %d bmi2 %d\n", avx, avx2, avx && avx2 && ymm, pclmul, sse41, bmi2);

  unsigned char data[1000];
  for (int i = 0; i < 1000; i++) data[i] = (unsigned char)(i * 131 + 7);
  unsigned (*sum)(const unsigned char *, int) = avx && avx2 && ymm ? sum_avx2 : sum_portable;
  unsigned long long (*clmul)(unsigned, unsigned) = pclmul && sse41 ? clmul_pclmul : clmul_portable;
  unsigned long long (*pext)(unsigned long long, unsigned long long) = bmi2 ? pext_bmi2 : pext_portable;
  printf("sum: %s\n", sum == sum_avx2 ? "avx2" : "portable");
  printf("clmul: %s\n", clmul == clmul_pclmul ? "pclmul" : "portable");
  printf("pext: %s\n", pext == pext_bmi2 ? "bmi2" : "portable");
  for (int n = 0; n <= 1000; n += 111) printf("sum %4d: %u %s\n", n, sum(data, n), sum(data, n) == sum_portable(data, n) ? "same" : "DIFFERENT");
  for (unsigned i = 1; i < 6; i++) {
    unsigned x = 0x9e3779b9u * i, y = 0x85ebca6bu ^ (i << 20);
    printf("clmul %08x %08x: %016llx %s\n", x, y, clmul(x, y), clmul(x, y) == clmul_portable(x, y) ? "same" : "DIFFERENT");
    unsigned long long m = 0xff00f0f0cccc5555ull * i;
    printf("pext %016llx: %016llx %s\n", m, pext(~0ull / 3 * i, m), pext(~0ull / 3 * i, m) == pext_portable(~0ull / 3 * i, m) ? "same" : "DIFFERENT");
  }
  return 0;
}
