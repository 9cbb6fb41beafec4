// FLAGS: -Iinclude -mavx2 -mpclmul -mvpclmulqdq
/* AVX2's 256-bit integer intrinsics on pseudo-random vectors rich in edge values: arithmetic and
 * saturation, compares, per-128-bit-half operations (byte shuffles, alignr, unpacks, packs, byte
 * shifts, shuffle_epi32, hadd, blend_epi16, mpsadbw) next to those that cross halves (permute4x64,
 * permutevar8x32, permute2x128, broadcasts, widening conversions, movemask), shifts by immediate,
 * by a vector count and per lane (sllv/srlv/srav with counts past the width), blend_epi32,
 * masked loads and stores, gathers, and VPCLMULQDQ on 256 bits; first, the feature macros the
 * flags define. Needs AVX2 and VPCLMULQDQ (the test machine's processor has them). */
#include "include/x86vec.h"

static __m256i rand256(void) {
  __m256i v;
  vec_fill(&v, 32);
  return v;
}

#define DEFINED(m) printf("%-12s %d\n", #m, defined_##m)
#ifdef __AVX2__
#define defined___AVX2__ 1
#else
#define defined___AVX2__ 0
#endif
#ifdef __AVX__
#define defined___AVX__ 1
#else
#define defined___AVX__ 0
#endif
#ifdef __SSE4_2__
#define defined___SSE4_2__ 1
#else
#define defined___SSE4_2__ 0
#endif
#ifdef __SSSE3__
#define defined___SSSE3__ 1
#else
#define defined___SSSE3__ 0
#endif
#ifdef __SSE2__
#define defined___SSE2__ 1
#else
#define defined___SSE2__ 0
#endif
#ifdef __PCLMUL__
#define defined___PCLMUL__ 1
#else
#define defined___PCLMUL__ 0
#endif
#ifdef __VPCLMULQDQ__
#define defined___VPCLMULQDQ__ 1
#else
#define defined___VPCLMULQDQ__ 0
#endif
#ifdef __FMA__
#define defined___FMA__ 1
#else
#define defined___FMA__ 0
#endif
#ifdef __BMI2__
#define defined___BMI2__ 1
#else
#define defined___BMI2__ 0
#endif
#ifdef __AES__
#define defined___AES__ 1
#else
#define defined___AES__ 0
#endif

int main(void) {
  DEFINED(__AVX2__);
  DEFINED(__AVX__);
  DEFINED(__SSE4_2__);
  DEFINED(__SSSE3__);
  DEFINED(__SSE2__);
  DEFINED(__PCLMUL__);
  DEFINED(__VPCLMULQDQ__);
  DEFINED(__FMA__);
  DEFINED(__BMI2__);
  DEFINED(__AES__);
  for (int round = 0; round < 5; round++) {
    __m256i a = rand256(), b = rand256();
    printf("round %d\n", round);
    P256("a", a);
    P256("b", b);
    P256("add_epi8", _mm256_add_epi8(a, b));
    P256("add_epi16", _mm256_add_epi16(a, b));
    P256("add_epi32", _mm256_add_epi32(a, b));
    P256("add_epi64", _mm256_add_epi64(a, b));
    P256("sub_epi8", _mm256_sub_epi8(a, b));
    P256("sub_epi64", _mm256_sub_epi64(a, b));
    P256("adds_epi8", _mm256_adds_epi8(a, b));
    P256("adds_epu16", _mm256_adds_epu16(a, b));
    P256("subs_epi16", _mm256_subs_epi16(a, b));
    P256("subs_epu8", _mm256_subs_epu8(a, b));
    P256("avg_epu8", _mm256_avg_epu8(a, b));
    P256("abs_epi8", _mm256_abs_epi8(a));
    P256("abs_epi16", _mm256_abs_epi16(a));
    P256("abs_epi32", _mm256_abs_epi32(a));
    P256("sign_epi8", _mm256_sign_epi8(a, b));
    P256("mullo_epi16", _mm256_mullo_epi16(a, b));
    P256("mullo_epi32", _mm256_mullo_epi32(a, b));
    P256("mulhi_epi16", _mm256_mulhi_epi16(a, b));
    P256("mulhi_epu16", _mm256_mulhi_epu16(a, b));
    P256("mulhrs_epi16", _mm256_mulhrs_epi16(a, b));
    P256("mul_epi32", _mm256_mul_epi32(a, b));
    P256("mul_epu32", _mm256_mul_epu32(a, b));
    P256("madd_epi16", _mm256_madd_epi16(a, b));
    P256("maddubs_epi16", _mm256_maddubs_epi16(a, b));
    P256("sad_epu8", _mm256_sad_epu8(a, b));
    P256("max_epi8", _mm256_max_epi8(a, b));
    P256("max_epu16", _mm256_max_epu16(a, b));
    P256("max_epi32", _mm256_max_epi32(a, b));
    P256("min_epu8", _mm256_min_epu8(a, b));
    P256("min_epi16", _mm256_min_epi16(a, b));
    P256("min_epu32", _mm256_min_epu32(a, b));
    P256("and", _mm256_and_si256(a, b));
    P256("andnot", _mm256_andnot_si256(a, b));
    P256("or", _mm256_or_si256(a, b));
    P256("xor", _mm256_xor_si256(a, b));
    P256("cmpeq_epi8", _mm256_cmpeq_epi8(a, _mm256_or_si256(a, _mm256_and_si256(b, _mm256_set1_epi8(2)))));
    P256("cmpeq_epi64", _mm256_cmpeq_epi64(a, _mm256_permute4x64_epi64(a, 0x04)));
    P256("cmpgt_epi8", _mm256_cmpgt_epi8(a, b));
    P256("cmpgt_epi16", _mm256_cmpgt_epi16(a, b));
    P256("cmpgt_epi32", _mm256_cmpgt_epi32(a, b));
    P256("cmpgt_epi64", _mm256_cmpgt_epi64(a, b));
    P256("shuffle_epi8", _mm256_shuffle_epi8(a, b));
    P256("alignr 3", _mm256_alignr_epi8(a, b, 3));
    P256("alignr 20", _mm256_alignr_epi8(a, b, 20));
    P256("unpacklo_epi8", _mm256_unpacklo_epi8(a, b));
    P256("unpackhi_epi16", _mm256_unpackhi_epi16(a, b));
    P256("unpacklo_epi32", _mm256_unpacklo_epi32(a, b));
    P256("unpackhi_epi64", _mm256_unpackhi_epi64(a, b));
    P256("packs_epi16", _mm256_packs_epi16(a, b));
    P256("packs_epi32", _mm256_packs_epi32(a, b));
    P256("packus_epi16", _mm256_packus_epi16(a, b));
    P256("packus_epi32", _mm256_packus_epi32(a, b));
    P256("slli_si256 5", _mm256_slli_si256(a, 5));
    P256("srli_si256 11", _mm256_srli_si256(a, 11));
    P256("bsrli_epi128 16", _mm256_bsrli_epi128(a, 16));
    P256("shuffle_epi32", _mm256_shuffle_epi32(a, 0x8d));
    P256("shufflelo_epi16", _mm256_shufflelo_epi16(a, 0x1b));
    P256("shufflehi_epi16", _mm256_shufflehi_epi16(a, 0xe1));
    P256("hadd_epi16", _mm256_hadd_epi16(a, b));
    P256("hadds_epi16", _mm256_hadds_epi16(a, b));
    P256("hsub_epi32", _mm256_hsub_epi32(a, b));
    P256("blend_epi16 c3", _mm256_blend_epi16(a, b, 0xc3));
    P256("blend_epi32 96", _mm256_blend_epi32(a, b, 0x96));
    P128("mm_blend_epi32 5", _mm_blend_epi32(_mm256_castsi256_si128(a), _mm256_castsi256_si128(b), 5));
    P256("blendv_epi8", _mm256_blendv_epi8(a, b, _mm256_xor_si256(a, b)));
    P256("mpsadbw 2d", _mm256_mpsadbw_epu8(a, b, 0x2d));
    P256("permute4x64 1b", _mm256_permute4x64_epi64(a, 0x1b));
    P256("permute4x64_pd", _mm256_permute4x64_pd(_mm256_castsi256_pd(a), 0xd8));
    P256("permutevar8x32", _mm256_permutevar8x32_epi32(a, b));
    P256("permutevar8x32_ps", _mm256_permutevar8x32_ps(_mm256_castsi256_ps(a), _mm256_setr_epi32(7, 7, 0, 1, 9, -1, 3, 2)));
    P256("permute2x128 13", _mm256_permute2x128_si256(a, b, 0x13));
    P256("permute2x128 28", _mm256_permute2x128_si256(a, b, 0x28));
    P128("extracti128 1", _mm256_extracti128_si256(a, 1));
    P256("inserti128 0", _mm256_inserti128_si256(a, _mm256_castsi256_si128(b), 0));
    PHEX("movemask_epi8", (unsigned)_mm256_movemask_epi8(a));
    PINT("extract_epi8 31", _mm256_extract_epi8(a, 31));
    PINT("extract_epi16 9", _mm256_extract_epi16(a, 9));
    PINT("extract_epi32 6", _mm256_extract_epi32(a, 6));
    PINT("extract_epi64 3", _mm256_extract_epi64(a, 3));
    P256("insert_epi16 12", _mm256_insert_epi16(a, 0x7777, 12));
    P256("insert_epi64 2", _mm256_insert_epi64(a, -1, 2));
    __m128i lo = _mm256_castsi256_si128(a);
    P256("cvtepi8_epi16", _mm256_cvtepi8_epi16(lo));
    P256("cvtepi8_epi32", _mm256_cvtepi8_epi32(lo));
    P256("cvtepi8_epi64", _mm256_cvtepi8_epi64(lo));
    P256("cvtepi16_epi32", _mm256_cvtepi16_epi32(lo));
    P256("cvtepi16_epi64", _mm256_cvtepi16_epi64(lo));
    P256("cvtepi32_epi64", _mm256_cvtepi32_epi64(lo));
    P256("cvtepu8_epi16", _mm256_cvtepu8_epi16(lo));
    P256("cvtepu8_epi32", _mm256_cvtepu8_epi32(lo));
    P256("cvtepu8_epi64", _mm256_cvtepu8_epi64(lo));
    P256("cvtepu16_epi32", _mm256_cvtepu16_epi32(lo));
    P256("cvtepu16_epi64", _mm256_cvtepu16_epi64(lo));
    P256("cvtepu32_epi64", _mm256_cvtepu32_epi64(lo));
    P256("broadcastb", _mm256_broadcastb_epi8(lo));
    P256("broadcastw", _mm256_broadcastw_epi16(lo));
    P256("broadcastd", _mm256_broadcastd_epi32(lo));
    P256("broadcastq", _mm256_broadcastq_epi64(lo));
    P256("broadcastsi128", _mm256_broadcastsi128_si256(lo));
    P128("mm_broadcastb", _mm_broadcastb_epi8(lo));
    P128("mm_broadcastq", _mm_broadcastq_epi64(lo));
    P256("broadcastss_ps", _mm256_broadcastss_ps(_mm_castsi128_ps(lo)));
    P256("broadcastsd_pd", _mm256_broadcastsd_pd(_mm_castsi128_pd(lo)));
    P256("slli_epi16 9", _mm256_slli_epi16(a, 9));
    P256("slli_epi32 32", _mm256_slli_epi32(a, 32));
    P256("srli_epi64 33", _mm256_srli_epi64(a, 33));
    P256("srai_epi16 20", _mm256_srai_epi16(a, 20));
    P256("srai_epi32 5", _mm256_srai_epi32(a, 5));
    P256("sll_epi32 count", _mm256_sll_epi32(a, _mm_cvtsi32_si128(round * 9)));
    P256("srl_epi16 count", _mm256_srl_epi16(a, _mm_cvtsi32_si128(round * 5)));
    P256("sra_epi16 count", _mm256_sra_epi16(a, _mm_cvtsi32_si128(round * 5)));
    __m256i counts = _mm256_and_si256(b, _mm256_set1_epi32(0x3f)), qcounts = _mm256_and_si256(b, _mm256_set1_epi64x(0x7f));
    P256("sllv_epi32", _mm256_sllv_epi32(a, counts));
    P256("srlv_epi32", _mm256_srlv_epi32(a, counts));
    P256("srav_epi32", _mm256_srav_epi32(a, counts));
    P256("srav_epi32 neg", _mm256_srav_epi32(a, b));
    P256("sllv_epi64", _mm256_sllv_epi64(a, qcounts));
    P256("srlv_epi64", _mm256_srlv_epi64(a, qcounts));
    P128("mm_sllv_epi32", _mm_sllv_epi32(lo, _mm256_castsi256_si128(counts)));
    P128("mm_srav_epi32", _mm_srav_epi32(lo, _mm256_castsi256_si128(counts)));
    P128("mm_srlv_epi64", _mm_srlv_epi64(lo, _mm256_castsi256_si128(qcounts)));
    P256("clmul 01", _mm256_clmulepi64_epi128(a, b, 0x01));
    P256("clmul 10", _mm256_clmulepi64_epi128(a, b, 0x10));
  }
  P256("set_epi8", _mm256_set_epi8(31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10,
                                   9, 8, 7, 6, 5, 4, 3, 2, 1, -1));
  P256("setr_epi8", _mm256_setr_epi8(31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11,
                                     10, 9, 8, 7, 6, 5, 4, 3, 2, 1, -1));
  P256("set_epi16", _mm256_set_epi16(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, -1));
  P256("setr_epi16", _mm256_setr_epi16(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, -1));
  P256("set_epi32", _mm256_set_epi32(7, 6, 5, 4, 3, 2, 1, -1));
  P256("setr_epi32", _mm256_setr_epi32(7, 6, 5, 4, 3, 2, 1, -1));
  P256("set_epi64x", _mm256_set_epi64x(3, 2, 1, -1));
  P256("setr_epi64x", _mm256_setr_epi64x(3, 2, 1, -1));
  P256("set1_epi8", _mm256_set1_epi8(-3));
  P256("set1_epi16", _mm256_set1_epi16(-3));
  P256("set1_epi32", _mm256_set1_epi32(-3));
  P256("set1_epi64x", _mm256_set1_epi64x(-3));
  P256("set_m128i", _mm256_set_m128i(_mm_set1_epi8(1), _mm_set1_epi8(2)));
  P256("setzero", _mm256_setzero_si256());

  int table[64];
  long long qtable[32];
  for (int i = 0; i < 64; i++) table[i] = i * i - 100;
  for (int i = 0; i < 32; i++) qtable[i] = -(long long)i * (1ll << 40);
  __m256i idx = _mm256_setr_epi32(0, 63, 5, 17, 2, 40, 33, 8);
  P256("i32gather_epi32 s4", _mm256_i32gather_epi32(table, idx, 4));
  P256("i32gather_epi32 s2", _mm256_i32gather_epi32(table, idx, 2));
  P128("mm_i32gather_epi32", _mm_i32gather_epi32(table, _mm_setr_epi32(3, 1, 4, 1), 4));
  P256("i32gather_epi64", _mm256_i32gather_epi64(qtable, _mm_setr_epi32(31, 0, 7, 9), 8));
  P256("i64gather_epi64", _mm256_i64gather_epi64(qtable, _mm256_setr_epi64x(1, 2, 30, 4), 8));
  P128("i64gather_epi32", _mm256_i64gather_epi32(table, _mm256_setr_epi64x(10, 20, 30, 40), 4));
  P256("i32gather_ps", _mm256_i32gather_ps((const float *)table, idx, 4));
  P256("i64gather_pd", _mm256_i64gather_pd((const double *)qtable, _mm256_setr_epi64x(3, 2, 1, 0), 8));
  P256("maskload_epi32", _mm256_maskload_epi32(table + 8, _mm256_setr_epi32(-1, 0, 0, -1, 1, -1, 0, (int)0x80000000)));
  P256("maskload_epi64", _mm256_maskload_epi64(qtable + 3, _mm256_setr_epi64x(0, -1, 5, -5)));
  P128("mm_maskload_epi32", _mm_maskload_epi32(table, _mm_setr_epi32(0, -1, -1, 0)));
  _mm256_maskstore_epi32(table, _mm256_setr_epi32(-1, 0, -1, 0, -1, 0, -1, 0), _mm256_set1_epi32(77));
  _mm256_maskstore_epi64(qtable, _mm256_setr_epi64x(0, 0, -1, 0), _mm256_set1_epi64x(88));
  _mm_maskstore_epi64(qtable + 4, _mm_setr_epi32(0, -1, 0, 0), _mm_set1_epi64x(99));
  for (int i = 0; i < 10; i++) printf("%d %lld\n", table[i], qtable[i]);
  unsigned char bytes[80];
  for (int i = 0; i < 80; i++) bytes[i] = (unsigned char)(i * 7);
  __m256i u = _mm256_loadu_si256((const __m256i *)(bytes + 1));
  P256("loadu +1", u);
  _mm256_storeu_si256((__m256i *)(bytes + 40), _mm256_add_epi8(u, _mm256_set1_epi8(1)));
  print_bytes("bytes 32..63", bytes + 32, 32);
  _Alignas(32) long long q[4];
  _mm256_store_si256((__m256i *)q, u);
  P256("load_si256", _mm256_load_si256((const __m256i *)q));
  P256("stream_load", _mm256_stream_load_si256((const __m256i *)q));
  PINT("cvtsi256_si32", _mm256_cvtsi256_si32(u));
  return 0;
}
