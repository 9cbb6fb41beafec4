// FLAGS: -Iinclude -msse4.1
/* SSSE3 (<tmmintrin.h>) and SSE4.1 (<smmintrin.h>) intrinsics on pseudo-random vectors rich in
 * edge values: byte shuffles (indexes with bit 7 set give 0), alignr by 0..32, abs and sign at
 * the minimum values, horizontal adds with and without saturation, maddubs and mulhrs, blends,
 * 8- to 32-bit min/max signed and unsigned, mullo/mul_epi32, extract/insert, test, widening
 * conversions, packus_epi32, minpos, mpsadbw, rounding modes and dot products. Needs SSE4.1
 * (the test machine's processor has it, as every x86-64 one since 2008). */
#include "include/x86vec.h"

int main(void) {
  for (int round = 0; round < 6; round++) {
    __m128i a = rand128(), b = rand128();
    printf("round %d\n", round);
    P128("a", a);
    P128("b", b);
    P128("shuffle_epi8", _mm_shuffle_epi8(a, b));
    P128("alignr 0", _mm_alignr_epi8(a, b, 0));
    P128("alignr 5", _mm_alignr_epi8(a, b, 5));
    P128("alignr 16", _mm_alignr_epi8(a, b, 16));
    P128("alignr 27", _mm_alignr_epi8(a, b, 27));
    P128("alignr 32", _mm_alignr_epi8(a, b, 32));
    P128("abs_epi8", _mm_abs_epi8(a));
    P128("abs_epi16", _mm_abs_epi16(a));
    P128("abs_epi32", _mm_abs_epi32(_mm_unpacklo_epi32(a, _mm_set1_epi32((int)0x80000000))));
    P128("sign_epi8", _mm_sign_epi8(a, b));
    P128("sign_epi16", _mm_sign_epi16(a, b));
    P128("sign_epi32", _mm_sign_epi32(a, _mm_unpacklo_epi32(b, _mm_setzero_si128())));
    P128("hadd_epi16", _mm_hadd_epi16(a, b));
    P128("hadd_epi32", _mm_hadd_epi32(a, b));
    P128("hadds_epi16", _mm_hadds_epi16(a, b));
    P128("hsub_epi16", _mm_hsub_epi16(a, b));
    P128("hsub_epi32", _mm_hsub_epi32(a, b));
    P128("hsubs_epi16", _mm_hsubs_epi16(a, b));
    P128("maddubs_epi16", _mm_maddubs_epi16(a, b));
    P128("mulhrs_epi16", _mm_mulhrs_epi16(a, b));
    P128("blend_epi16 a5", _mm_blend_epi16(a, b, 0xa5));
    P128("blendv_epi8", _mm_blendv_epi8(a, b, _mm_xor_si128(a, b)));
    P128("blend_ps 6", _mm_blend_ps(_mm_castsi128_ps(a), _mm_castsi128_ps(b), 6));
    P128("blend_pd 2", _mm_blend_pd(_mm_castsi128_pd(a), _mm_castsi128_pd(b), 2));
    P128("blendv_ps", _mm_blendv_ps(_mm_castsi128_ps(a), _mm_castsi128_ps(b), _mm_castsi128_ps(b)));
    P128("blendv_pd", _mm_blendv_pd(_mm_castsi128_pd(a), _mm_castsi128_pd(b), _mm_castsi128_pd(a)));
    P128("min_epi8", _mm_min_epi8(a, b));
    P128("max_epi8", _mm_max_epi8(a, b));
    P128("min_epu16", _mm_min_epu16(a, b));
    P128("max_epu16", _mm_max_epu16(a, b));
    P128("min_epi32", _mm_min_epi32(a, b));
    P128("max_epi32", _mm_max_epi32(a, b));
    P128("min_epu32", _mm_min_epu32(a, b));
    P128("max_epu32", _mm_max_epu32(a, b));
    P128("mullo_epi32", _mm_mullo_epi32(a, b));
    P128("mul_epi32", _mm_mul_epi32(a, b));
    P128("cmpeq_epi64", _mm_cmpeq_epi64(a, _mm_unpacklo_epi64(a, b)));
    PINT("extract_epi8 0", _mm_extract_epi8(a, 0));
    PINT("extract_epi8 15", _mm_extract_epi8(a, 15));
    PINT("extract_epi32 2", _mm_extract_epi32(a, 2));
    PINT("extract_epi64 1", _mm_extract_epi64(a, 1));
    PHEX("extract_ps 3", (unsigned)_mm_extract_ps(_mm_castsi128_ps(a), 3));
    P128("insert_epi8 9", _mm_insert_epi8(a, 0x7f, 9));
    P128("insert_epi32 1", _mm_insert_epi32(a, -9, 1));
    P128("insert_epi64 0", _mm_insert_epi64(a, -9, 0));
    P128("insert_ps 9d", _mm_insert_ps(_mm_castsi128_ps(a), _mm_castsi128_ps(b), 0x9d));
    P128("insert_ps 30", _mm_insert_ps(_mm_castsi128_ps(a), _mm_castsi128_ps(b), 0x30));
    PINT("testz", _mm_testz_si128(a, b));
    PINT("testz and", _mm_testz_si128(_mm_and_si128(a, _mm_set1_epi8(0x0f)), _mm_set1_epi8(0x70)));
    PINT("testc", _mm_testc_si128(a, _mm_and_si128(a, b)));
    PINT("testnzc", _mm_testnzc_si128(a, b));
    PINT("test_all_ones", _mm_test_all_ones(_mm_cmpeq_epi8(a, a)));
    PINT("test_all_zeros", _mm_test_all_zeros(a, _mm_setzero_si128()));
    PINT("test_mix", _mm_test_mix_ones_zeros(a, b));
    P128("cvtepi8_epi16", _mm_cvtepi8_epi16(a));
    P128("cvtepi8_epi32", _mm_cvtepi8_epi32(a));
    P128("cvtepi8_epi64", _mm_cvtepi8_epi64(a));
    P128("cvtepi16_epi32", _mm_cvtepi16_epi32(a));
    P128("cvtepi16_epi64", _mm_cvtepi16_epi64(a));
    P128("cvtepi32_epi64", _mm_cvtepi32_epi64(a));
    P128("cvtepu8_epi16", _mm_cvtepu8_epi16(a));
    P128("cvtepu8_epi32", _mm_cvtepu8_epi32(a));
    P128("cvtepu8_epi64", _mm_cvtepu8_epi64(a));
    P128("cvtepu16_epi32", _mm_cvtepu16_epi32(a));
    P128("cvtepu16_epi64", _mm_cvtepu16_epi64(a));
    P128("cvtepu32_epi64", _mm_cvtepu32_epi64(a));
    P128("packus_epi32", _mm_packus_epi32(a, b));
    P128("minpos_epu16", _mm_minpos_epu16(a));
    P128("minpos ties", _mm_minpos_epu16(_mm_set_epi16(3, 1, 2, 1, 9, 9, 9, 9)));
    P128("mpsadbw 0", _mm_mpsadbw_epu8(a, b, 0));
    P128("mpsadbw 7", _mm_mpsadbw_epu8(a, b, 7));
    P128("mpsadbw 2", _mm_mpsadbw_epu8(a, b, 2));
  }
  for (int round = 0; round < 8; round++) {
    __m128 f = rand_ps(), g = rand_ps();
    __m128d d = rand_pd(), e = rand_pd();
    printf("float round %d\n", round);
    PPS("f", f);
    PPS("round nearest", _mm_round_ps(f, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
    PPS("round down", _mm_round_ps(f, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC));
    PPS("round up", _mm_round_ps(f, _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC));
    PPS("round zero", _mm_round_ps(f, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC));
    PPS("round cur", _mm_round_ps(f, _MM_FROUND_CUR_DIRECTION));
    PPS("floor_ps", _mm_floor_ps(f));
    PPS("ceil_ps", _mm_ceil_ps(f));
    PPS("round_ss", _mm_round_ss(f, g, _MM_FROUND_TRUNC));
    PPS("floor_ss", _mm_floor_ss(f, g));
    PPD("d", d);
    PPD("round_pd nearest", _mm_round_pd(d, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
    PPD("floor_pd", _mm_floor_pd(d));
    PPD("ceil_pd", _mm_ceil_pd(d));
    PPD("round_sd zero", _mm_round_sd(d, e, _MM_FROUND_TO_ZERO));
    PPD("ceil_sd", _mm_ceil_sd(d, e));
    __m128 s = _mm_setr_ps(1.5f, -2.25f, 3.0f, 0.125f), t = _mm_setr_ps(4.0f, 8.5f, -1.0f, 16.0f);
    PPS("dp_ps ff", _mm_dp_ps(s, t, 0xff));
    PPS("dp_ps 35", _mm_dp_ps(s, t, 0x35));
    PPS("dp_ps f0+f", _mm_dp_ps(f, g, 0xf1));
    PPD("dp_pd 31", _mm_dp_pd(d, e, 0x31));
    PPD("dp_pd 12", _mm_dp_pd(_mm_setr_pd(1.5, 2), _mm_setr_pd(4, -3), 0x12));
  }
  _Alignas(16) int words[4] = {1, -2, 3, -4};
  P128("stream_load", _mm_stream_load_si128((__m128i *)words));
  return 0;
}
