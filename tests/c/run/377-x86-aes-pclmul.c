// FLAGS: -Iinclude -msse4.1 -maes -mpclmul
/* AES-NI and PCLMULQDQ (<wmmintrin.h>): an AES-128 key schedule by aeskeygenassist, FIPS-197's
 * example block encrypted with aesenc/aesenclast and decrypted with aesimc'd keys and
 * aesdec/aesdeclast, the round instructions on pseudo-random states, and carry-less products of
 * each pair of halves (also checked against a bitwise product) and a CRC-32 (gzip's). Needs
 * AES and PCLMULQDQ (the test machine's processor has them: Westmere and later, every Zen). */
#include "include/x86vec.h"

static __m128i expand_step(__m128i key, __m128i assist) {
  assist = _mm_shuffle_epi32(assist, 0xff);
  key = _mm_xor_si128(key, _mm_slli_si128(key, 4));
  key = _mm_xor_si128(key, _mm_slli_si128(key, 4));
  key = _mm_xor_si128(key, _mm_slli_si128(key, 4));
  return _mm_xor_si128(key, assist);
}
#define STEP(i, rcon) k[i] = expand_step(k[i - 1], _mm_aeskeygenassist_si128(k[i - 1], rcon))

static unsigned crc32_bytes(const unsigned char *p, int n) {
  unsigned c = ~0u;
  for (int i = 0; i < n; i++) {
    c ^= p[i];
    for (int k = 0; k < 8; k++) c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1)));
  }
  return ~c;
}

/* the carry-less product bit by bit, against which clmul is checked */
static void clmul_ref(unsigned long long x, unsigned long long y, unsigned long long *lo, unsigned long long *hi) {
  *lo = *hi = 0;
  for (int i = 0; i < 64; i++)
    if (y >> i & 1) {
      *lo ^= x << i;
      if (i) *hi ^= x >> (64 - i);
    }
}

int main(void) {
  static const unsigned char key[16] = {0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
                                        0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f};
  static const unsigned char plain[16] = {0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                                          0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff};
  __m128i k[11], dk[11];
  k[0] = _mm_loadu_si128((const __m128i *)key);
  STEP(1, 0x01); STEP(2, 0x02); STEP(3, 0x04); STEP(4, 0x08); STEP(5, 0x10);
  STEP(6, 0x20); STEP(7, 0x40); STEP(8, 0x80); STEP(9, 0x1b); STEP(10, 0x36);
  for (int i = 0; i < 11; i++) P128("round key", k[i]);
  __m128i s = _mm_xor_si128(_mm_loadu_si128((const __m128i *)plain), k[0]);
  for (int i = 1; i < 10; i++) s = _mm_aesenc_si128(s, k[i]);
  s = _mm_aesenclast_si128(s, k[10]);
  P128("ciphertext", s);
  dk[0] = k[10];
  for (int i = 1; i < 10; i++) dk[i] = _mm_aesimc_si128(k[10 - i]);
  dk[10] = k[0];
  s = _mm_xor_si128(s, dk[0]);
  for (int i = 1; i < 10; i++) s = _mm_aesdec_si128(s, dk[i]);
  s = _mm_aesdeclast_si128(s, dk[10]);
  P128("decrypted", s);

  for (int round = 0; round < 6; round++) {
    __m128i a = rand128(), b = rand128();
    P128("a", a);
    P128("b", b);
    P128("aesenc", _mm_aesenc_si128(a, b));
    P128("aesenclast", _mm_aesenclast_si128(a, b));
    P128("aesdec", _mm_aesdec_si128(a, b));
    P128("aesdeclast", _mm_aesdeclast_si128(a, b));
    P128("aesimc", _mm_aesimc_si128(a));
    P128("keygenassist 0", _mm_aeskeygenassist_si128(a, 0));
    P128("keygenassist 9b", _mm_aeskeygenassist_si128(a, 0x9b));
    P128("clmul 00", _mm_clmulepi64_si128(a, b, 0x00));
    P128("clmul 01", _mm_clmulepi64_si128(a, b, 0x01));
    P128("clmul 10", _mm_clmulepi64_si128(a, b, 0x10));
    P128("clmul 11", _mm_clmulepi64_si128(a, b, 0x11));
  }
  P128("clmul ones", _mm_clmulepi64_si128(_mm_set1_epi8(-1), _mm_set1_epi8(-1), 0x00));

  int same = 0;
  for (int i = 0; i < 200; i++) {
    __m128i a = rand128(), b = rand128(), p = _mm_clmulepi64_si128(a, b, 0x01);
    unsigned long long lo, hi;
    clmul_ref((unsigned long long)_mm_extract_epi64(a, 1), (unsigned long long)_mm_extract_epi64(b, 0), &lo, &hi);
    same += (unsigned long long)_mm_extract_epi64(p, 0) == lo && (unsigned long long)_mm_extract_epi64(p, 1) == hi;
  }
  printf("clmul = bitwise product: %d of 200\n", same);
  unsigned char buf[256];
  vec_fill(buf, sizeof buf);
  for (int n = 32; n <= 256; n += 48) printf("crc32 %3d bytes: %08x\n", n, crc32_bytes(buf, n));
  return 0;
}
