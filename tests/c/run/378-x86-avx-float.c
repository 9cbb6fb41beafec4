// FLAGS: -Iinclude -mavx -mfma
/* AVX's 256-bit floating-point intrinsics (<immintrin.h>): arithmetic per lane, the 32 compare
 * predicates of _mm256_cmp_ps/pd and _mm_cmp_ps (NaN and ordered/unordered), blends, shuffles and
 * permutes (within and across the 128-bit halves: permute2f128 with zeroing), unpacks, horizontal
 * adds, dp_ps per half, conversions (out of range: 0x80000000), extract/insert of halves and
 * lanes, test/movemask, broadcasts, masked loads and stores, sets, casts, and FMA's fused
 * multiply-adds. NaN lanes print as "nan". Needs AVX and FMA (the test machine's processor has
 * them: Haswell and later, Zen). */
#include "include/x86vec.h"

static __m256 rand_ps256(void) {
  __m128 lo = rand_ps();
  return _mm256_set_m128(rand_ps(), lo);
}
static __m256d rand_pd256(void) {
  __m128d lo = rand_pd();
  return _mm256_set_m128d(rand_pd(), lo);
}

#define CMPS(p) do { P256("cmp_ps " #p, _mm256_cmp_ps(a, b, p)); P256("cmp_pd " #p, _mm256_cmp_pd(c, d, p)); \
                     P128("mm_cmp_ps " #p, _mm_cmp_ps(_mm256_castps256_ps128(a), _mm256_castps256_ps128(b), p)); } while (0)

int main(void) {
  for (int round = 0; round < 8; round++) {
    __m256 a = rand_ps256(), b = rand_ps256();
    __m256d c = rand_pd256(), d = rand_pd256();
    printf("round %d\n", round);
    PPS256("a", a);
    PPS256("b", b);
    PPD256("c", c);
    PPD256("d", d);
    PPS256("add_ps", _mm256_add_ps(a, b));
    PPS256("sub_ps", _mm256_sub_ps(a, b));
    PPS256("mul_ps", _mm256_mul_ps(a, b));
    PPS256("div_ps", _mm256_div_ps(a, b));
    PPS256("min_ps", _mm256_min_ps(a, b));
    PPS256("max_ps", _mm256_max_ps(a, b));
    PPS256("sqrt_ps", _mm256_sqrt_ps(a));
    PPS256("addsub_ps", _mm256_addsub_ps(a, b));
    PPS256("hadd_ps", _mm256_hadd_ps(a, b));
    PPS256("hsub_ps", _mm256_hsub_ps(a, b));
    PPD256("add_pd", _mm256_add_pd(c, d));
    PPD256("mul_pd", _mm256_mul_pd(c, d));
    PPD256("div_pd", _mm256_div_pd(c, d));
    PPD256("min_pd", _mm256_min_pd(c, d));
    PPD256("max_pd", _mm256_max_pd(c, d));
    PPD256("sqrt_pd", _mm256_sqrt_pd(c));
    PPD256("hadd_pd", _mm256_hadd_pd(c, d));
    PPD256("addsub_pd", _mm256_addsub_pd(c, d));
    P256("and_ps", _mm256_and_ps(a, b));
    P256("andnot_pd", _mm256_andnot_pd(c, d));
    P256("or_ps", _mm256_or_ps(a, b));
    P256("xor_pd", _mm256_xor_pd(c, d));
    CMPS(_CMP_EQ_OQ); CMPS(_CMP_LT_OS); CMPS(_CMP_LE_OS); CMPS(_CMP_UNORD_Q);
    CMPS(_CMP_NEQ_UQ); CMPS(_CMP_NLT_US); CMPS(_CMP_NLE_US); CMPS(_CMP_ORD_Q);
    CMPS(_CMP_EQ_UQ); CMPS(_CMP_NGE_US); CMPS(_CMP_NGT_US); CMPS(_CMP_FALSE_OQ);
    CMPS(_CMP_NEQ_OQ); CMPS(_CMP_GE_OS); CMPS(_CMP_GT_OS); CMPS(_CMP_TRUE_UQ);
    CMPS(_CMP_EQ_OS); CMPS(_CMP_LT_OQ); CMPS(_CMP_NGT_UQ); CMPS(_CMP_GE_OQ);
    P128("cmp_ss nle", _mm_cmp_ss(_mm256_castps256_ps128(a), _mm256_castps256_ps128(b), _CMP_NLE_UQ));
    P128("cmp_sd ge", _mm_cmp_sd(_mm256_castpd256_pd128(c), _mm256_castpd256_pd128(d), _CMP_GE_OS));
    PPS256("blend_ps 5a", _mm256_blend_ps(a, b, 0x5a));
    PPD256("blend_pd 6", _mm256_blend_pd(c, d, 6));
    PPS256("blendv_ps", _mm256_blendv_ps(a, b, b));
    PPD256("blendv_pd", _mm256_blendv_pd(c, d, c));
    PPS256("shuffle_ps", _mm256_shuffle_ps(a, b, 0x4e));
    PPD256("shuffle_pd 5", _mm256_shuffle_pd(c, d, 5));
    PPS256("permute_ps", _mm256_permute_ps(a, 0x1b));
    PPD256("permute_pd 9", _mm256_permute_pd(c, 9));
    PPS("mm_permute_ps", _mm_permute_ps(_mm256_castps256_ps128(a), 0x93));
    PPD("mm_permute_pd", _mm_permute_pd(_mm256_castpd256_pd128(c), 1));
    PPS256("permutevar_ps", _mm256_permutevar_ps(a, _mm256_setr_epi32(3, 2, 1, 0, 7, 6, 5, 4)));
    PPD256("permutevar_pd", _mm256_permutevar_pd(c, _mm256_setr_epi64x(2, 0, 0, 3)));
    PPS256("permute2f128 21", _mm256_permute2f128_ps(a, b, 0x21));
    PPD256("permute2f128 83", _mm256_permute2f128_pd(c, d, 0x83));
    P256("permute2f128 si 30", _mm256_permute2f128_si256(_mm256_castps_si256(a), _mm256_castps_si256(b), 0x30));
    PPS256("unpacklo_ps", _mm256_unpacklo_ps(a, b));
    PPS256("unpackhi_ps", _mm256_unpackhi_ps(a, b));
    PPD256("unpacklo_pd", _mm256_unpacklo_pd(c, d));
    PPD256("unpackhi_pd", _mm256_unpackhi_pd(c, d));
    PPS256("movehdup", _mm256_movehdup_ps(a));
    PPS256("moveldup", _mm256_moveldup_ps(a));
    PPD256("movedup", _mm256_movedup_pd(c));
    PPS256("round_ps floor", _mm256_round_ps(a, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC));
    PPS256("ceil_ps", _mm256_ceil_ps(a));
    PPD256("floor_pd", _mm256_floor_pd(c));
    PPD256("round_pd nearest", _mm256_round_pd(c, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
    P256("cvtps_epi32", _mm256_cvtps_epi32(a));
    P256("cvttps_epi32", _mm256_cvttps_epi32(a));
    PPS256("cvtepi32_ps", _mm256_cvtepi32_ps(_mm256_castps_si256(a)));
    PPS("cvtpd_ps", _mm256_cvtpd_ps(c));
    PPD256("cvtps_pd", _mm256_cvtps_pd(_mm256_castps256_ps128(a)));
    P128("cvtpd_epi32", _mm256_cvtpd_epi32(c));
    P128("cvttpd_epi32", _mm256_cvttpd_epi32(d));
    PPD256("cvtepi32_pd", _mm256_cvtepi32_pd(_mm256_castsi256_si128(_mm256_castps_si256(b))));
    PPS("extractf128 1", _mm256_extractf128_ps(a, 1));
    PPD("extractf128 0", _mm256_extractf128_pd(c, 0));
    PPS256("insertf128 0", _mm256_insertf128_ps(a, _mm256_castps256_ps128(b), 0));
    PPD256("insertf128 1", _mm256_insertf128_pd(c, _mm256_castpd256_pd128(d), 1));
    PINT("movemask_ps", _mm256_movemask_ps(a));
    PINT("movemask_pd", _mm256_movemask_pd(c));
    printf("testz/c/nzc ps %d %d %d pd %d %d %d si %d %d %d\n", _mm256_testz_ps(a, b), _mm256_testc_ps(a, b),
           _mm256_testnzc_ps(a, b), _mm256_testz_pd(c, d), _mm256_testc_pd(c, d), _mm256_testnzc_pd(c, d),
           _mm256_testz_si256(_mm256_castps_si256(a), _mm256_castps_si256(b)),
           _mm256_testc_si256(_mm256_castps_si256(a), _mm256_castps_si256(a)),
           _mm256_testnzc_si256(_mm256_castps_si256(a), _mm256_castps_si256(b)));
    printf("mm_testz ps %d pd %d\n", _mm_testz_ps(_mm256_castps256_ps128(a), _mm256_castps256_ps128(b)),
           _mm_testc_pd(_mm256_castpd256_pd128(c), _mm256_castpd256_pd128(d)));
    PPS256("dp_ps f1", _mm256_dp_ps(a, b, 0xf1));
    PPS256("dp_ps 3c", _mm256_dp_ps(_mm256_set1_ps(1.5f), _mm256_setr_ps(1, 2, 3, 4, 5, 6, 7, 8), 0x3c));
    PPS256("fmadd_ps", _mm256_fmadd_ps(a, b, a));
    PPS256("fmsub_ps", _mm256_fmsub_ps(a, b, b));
    PPS256("fnmadd_ps", _mm256_fnmadd_ps(a, b, a));
    PPS256("fnmsub_ps", _mm256_fnmsub_ps(b, a, a));
    PPS256("fmaddsub_ps", _mm256_fmaddsub_ps(a, b, a));
    PPS256("fmsubadd_ps", _mm256_fmsubadd_ps(a, b, a));
    PPD256("fmadd_pd", _mm256_fmadd_pd(c, d, c));
    PPD256("fmaddsub_pd", _mm256_fmaddsub_pd(c, d, d));
    PPS("mm_fmadd_ps", _mm_fmadd_ps(_mm256_castps256_ps128(a), _mm256_castps256_ps128(b), _mm256_castps256_ps128(b)));
    PPD("mm_fnmsub_sd", _mm_fnmsub_sd(_mm256_castpd256_pd128(c), _mm256_castpd256_pd128(d), _mm256_castpd256_pd128(d)));
    PPS("mm_fmsub_ss", _mm_fmsub_ss(_mm256_castps256_ps128(a), _mm256_castps256_ps128(b), _mm256_castps256_ps128(a)));
  }
  PPS256("fma exact", _mm256_fmadd_ps(_mm256_set1_ps(1.0f + 0x1p-23f), _mm256_set1_ps(1.0f - 0x1p-23f), _mm256_set1_ps(-1.0f)));
  PPD256("fma exact d", _mm256_fmadd_pd(_mm256_set1_pd(1.0 + 0x1p-52), _mm256_set1_pd(1.0 - 0x1p-52), _mm256_set1_pd(-1.0)));

  float fs[20];
  double ds[10];
  for (int i = 0; i < 20; i++) fs[i] = (float)i * 1.25f;
  for (int i = 0; i < 10; i++) ds[i] = -(double)i * 2.5;
  PPS256("loadu_ps +3", _mm256_loadu_ps(fs + 3));
  PPD256("loadu_pd +1", _mm256_loadu_pd(ds + 1));
  PPS256("broadcast_ss", _mm256_broadcast_ss(fs + 7));
  PPD256("broadcast_sd", _mm256_broadcast_sd(ds + 3));
  PPS("mm_broadcast_ss", _mm_broadcast_ss(fs + 2));
  PPS256("broadcast_ps", _mm256_broadcast_ps((const __m128 *)(fs + 4)));
  PPD256("broadcast_pd", _mm256_broadcast_pd((const __m128d *)(ds + 2)));
  PPS256("loadu2_m128", _mm256_loadu2_m128(fs + 12, fs + 1));
  PPS256("maskload_ps", _mm256_maskload_ps(fs + 8, _mm256_setr_epi32(-1, 0, -1, 1, (int)0x80000000, 0, 0, -5)));
  PPD256("maskload_pd", _mm256_maskload_pd(ds + 4, _mm256_setr_epi64x(0, -1, -1, 0)));
  _mm256_maskstore_ps(fs, _mm256_setr_epi32(0, -1, 0, -1, 0, -1, 0, -1), _mm256_set1_ps(-7));
  _mm256_maskstore_pd(ds, _mm256_setr_epi64x(-1, 0, 0, -1), _mm256_set1_pd(99));
  _mm_maskstore_ps(fs + 10, _mm_setr_epi32(-1, -1, 0, 0), _mm_set1_ps(5));
  _mm256_storeu_ps(fs + 12, _mm256_set_ps(8, 7, 6, 5, 4, 3, 2, 1));
  _mm256_storeu2_m128d(ds + 8, ds + 5, _mm256_setr_pd(1, 2, 3, 4));
  for (int i = 0; i < 20; i++) printf("%g ", fs[i]);
  printf("\n");
  for (int i = 0; i < 10; i++) printf("%g ", ds[i]);
  printf("\n");
  _Alignas(32) float fa[8];
  _Alignas(32) double da[4];
  _mm256_store_ps(fa, _mm256_setr_ps(1, 2, 3, 4, 5, 6, 7, 8));
  _mm256_store_pd(da, _mm256_set_pd(1, 2, 3, 4));
  PPS256("load_ps", _mm256_load_ps(fa));
  PPD256("load_pd", _mm256_load_pd(da));
  PPS256("set1_ps", _mm256_set1_ps(-0.0f));
  PPD256("set1_pd", _mm256_set1_pd(3));
  PPD256("setr_pd", _mm256_setr_pd(1, 2, 3, 4));
  PPS256("setzero_ps", _mm256_setzero_ps());
  PPD256("setzero_pd", _mm256_setzero_pd());
  printf("cvtss_f32 %g cvtsd_f64 %g\n", _mm256_cvtss_f32(_mm256_load_ps(fa)), _mm256_cvtsd_f64(_mm256_load_pd(da)));
  PPS256("zextps128", _mm256_zextps128_ps256(_mm_set1_ps(2)));
  PPD256("zextpd128", _mm256_zextpd128_pd256(_mm_set1_pd(2)));
  _mm256_zeroupper();
  _mm256_zeroall();
  return 0;
}
