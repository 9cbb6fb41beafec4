// FLAGS: -Iinclude -msse4.2 -mpopcnt -mlzcnt -mbmi -mbmi2
/* SSE4.2's crc32 (CRC-32C over 8, 16, 32 and 64 bits, chained over a buffer) and cmpgt_epi64,
 * POPCNT, LZCNT, BMI1 (tzcnt, andn, bextr, blsi, blsmsk, blsr) and BMI2 (bzhi, pdep, pext, mulx),
 * and <x86intrin.h>'s bit scans, byte swaps and rotations, on values with edge cases (0, all
 * ones, single bits, counts past the width). Needs SSE4.2, POPCNT, LZCNT, BMI1 and BMI2 (the
 * test machine's processor has them: Haswell and later, Zen). */
#include "include/x86vec.h"
#include <x86intrin.h>

static const unsigned long long edge64[] = {0, 1, ~0ull, 0x8000000000000000ull, 0x00000000ffffffffull,
                                            0xf0f0f0f00f0f0f0full, 0x0000000100000000ull, 0x7fffffffffffffffull};

int main(void) {
  unsigned char data[100];
  vec_fill(data, sizeof data);
  unsigned crc8 = ~0u, crc16 = ~0u, crc32 = ~0u;
  unsigned long long crc64 = ~0u;
  for (int i = 0; i < 96; i++) crc8 = _mm_crc32_u8(crc8, data[i]);
  for (int i = 0; i < 96; i += 2) {
    unsigned short s;
    memcpy(&s, data + i, 2);
    crc16 = _mm_crc32_u16(crc16, s);
  }
  for (int i = 0; i < 96; i += 4) {
    unsigned w;
    memcpy(&w, data + i, 4);
    crc32 = _mm_crc32_u32(crc32, w);
  }
  for (int i = 0; i < 96; i += 8) {
    unsigned long long q;
    memcpy(&q, data + i, 8);
    crc64 = _mm_crc32_u64(crc64, q);
  }
  printf("crc32c %08x %08x %08x %08llx\n", ~crc8, ~crc16, ~crc32, ~crc64 & 0xffffffffull);
  printf("crc32c of \"123456789\": ");
  unsigned c = ~0u;
  for (const char *p = "123456789"; *p; p++) c = _mm_crc32_u8(c, (unsigned char)*p);
  printf("%08x\n", ~c);
  PHEX("crc32_u64 hi", _mm_crc32_u64(0xffffffff00000000ull, 0x123456789abcdefull));
  PHEX("__crc32d", __crc32d(1, 2));

  for (int round = 0; round < 4; round++) {
    __m128i a = rand128(), b = rand128();
    P128("cmpgt_epi64", _mm_cmpgt_epi64(a, b));
    P128("cmpgt_epi64 swap", _mm_cmpgt_epi64(b, a));
  }

  for (int i = 0; i < 24; i++) {
    unsigned long long x = i < 8 ? edge64[i] : vec_next() >> (i % 5 * 13);
    unsigned long long m = i < 8 ? edge64[(i + 3) % 8] : vec_next();
    unsigned x32 = (unsigned)x, m32 = (unsigned)m;
    printf("x %016llx m %016llx\n", x, m);
    printf("  popcnt %d %lld %d %lld\n", _mm_popcnt_u32(x32), _mm_popcnt_u64(x), _popcnt32((int)x32), (long long)_popcnt64((long long)x));
    printf("  lzcnt %u %llu %u %u\n", _lzcnt_u32(x32), _lzcnt_u64(x), __lzcnt32(x32), (unsigned)__lzcnt16((unsigned short)x));
    printf("  tzcnt %u %llu %u\n", _tzcnt_u32(x32), _tzcnt_u64(x), (unsigned)__tzcnt_u16((unsigned short)x));
    printf("  andn %08x %016llx\n", _andn_u32(x32, m32), _andn_u64(x, m));
    printf("  bextr %08x %08x %016llx %016llx %016llx\n", _bextr_u32(x32, 4, 12), _bextr_u32(x32, (unsigned)i * 3, 40),
           _bextr_u64(x, 60, 8), _bextr_u64(x, (unsigned)i * 5, (unsigned)i * 7), __bextr_u64(x, m));
    printf("  blsi %08x %016llx blsmsk %08x %016llx blsr %08x %016llx\n", _blsi_u32(x32), _blsi_u64(x), _blsmsk_u32(x32),
           _blsmsk_u64(x), _blsr_u32(x32), _blsr_u64(x));
    printf("  bzhi %08x %08x %016llx %016llx\n", _bzhi_u32(x32, (unsigned)i * 2), _bzhi_u32(x32, m32),
           _bzhi_u64(x, (unsigned)i * 4), _bzhi_u64(x, 300));
    printf("  pdep %08x %016llx pext %08x %016llx\n", _pdep_u32(x32, m32), _pdep_u64(x, m), _pext_u32(x32, m32), _pext_u64(x, m));
    unsigned long long hi64;
    unsigned long long lo64 = _mulx_u64(x, m, &hi64);
    printf("  mulx %016llx:%016llx\n", hi64, lo64);
    if (x32) printf("  bsf %d bsr %d\n", __bsfd((int)x32), __bsrd((int)x32));
    if (x) printf("  bsfq %d bsrq %d\n", __bsfq((long long)x), __bsrq((long long)x));
    printf("  bswap %08x %016llx\n", (unsigned)_bswap((int)x32), (unsigned long long)_bswap64((long long)x));
    printf("  rot %02x %02x %04x %04x %08x %08x %016llx %016llx\n", __rolb((unsigned char)x, i), __rorb((unsigned char)x, i),
           __rolw((unsigned short)x, i), __rorw((unsigned short)x, i), _rotl(x32, i), _rotr(x32, i * 3),
           (unsigned long long)__rolq(x, i * 5), (unsigned long long)__rorq(x, i * 5));
  }
  return 0;
}
