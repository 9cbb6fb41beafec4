// FLAGS: -Iinclude -msse3
/* SSE, SSE2 and SSE3 floating-point intrinsics on pseudo-random lanes rich in special values
 * (signed zeros, infinities, NaN, values past int's range, halves): arithmetic, min/max (the
 * second operand when either is NaN), the twelve comparisons and comi/ucomi, conversions to and
 * from integers (out of range: 0x80000000), shuffles, unpacks, movemask, loads and stores, and
 * SSE3's addsub/hadd/hsub/dup. NaN lanes print as "nan" (which NaN arithmetic makes is the
 * processor's choice). Needs SSE3, which every x86-64 processor since 2005 has. */
#include "include/x86vec.h"
#include <pmmintrin.h>

int main(void) {
  for (int round = 0; round < 12; round++) {
    __m128 a = rand_ps(), b = rand_ps();
    __m128d c = rand_pd(), d = rand_pd();
    printf("round %d\n", round);
    PPS("a", a);
    PPS("b", b);
    PPS("add_ps", _mm_add_ps(a, b));
    PPS("sub_ps", _mm_sub_ps(a, b));
    PPS("mul_ps", _mm_mul_ps(a, b));
    PPS("div_ps", _mm_div_ps(a, b));
    PPS("add_ss", _mm_add_ss(a, b));
    PPS("div_ss", _mm_div_ss(a, b));
    PPS("sqrt_ps", _mm_sqrt_ps(a));
    PPS("sqrt_ss", _mm_sqrt_ss(a));
    PPS("min_ps", _mm_min_ps(a, b));
    PPS("max_ps", _mm_max_ps(a, b));
    PPS("min_ss", _mm_min_ss(a, b));
    PPS("max_ss", _mm_max_ss(a, b));
    P128("and_ps", _mm_and_ps(a, b));
    P128("andnot_ps", _mm_andnot_ps(a, b));
    P128("or_ps", _mm_or_ps(a, b));
    P128("xor_ps", _mm_xor_ps(a, b));
    P128("cmpeq_ps", _mm_cmpeq_ps(a, b));
    P128("cmplt_ps", _mm_cmplt_ps(a, b));
    P128("cmple_ps", _mm_cmple_ps(a, b));
    P128("cmpgt_ps", _mm_cmpgt_ps(a, b));
    P128("cmpge_ps", _mm_cmpge_ps(a, b));
    P128("cmpneq_ps", _mm_cmpneq_ps(a, b));
    P128("cmpnlt_ps", _mm_cmpnlt_ps(a, b));
    P128("cmpnle_ps", _mm_cmpnle_ps(a, b));
    P128("cmpngt_ps", _mm_cmpngt_ps(a, b));
    P128("cmpnge_ps", _mm_cmpnge_ps(a, b));
    P128("cmpord_ps", _mm_cmpord_ps(a, b));
    P128("cmpunord_ps", _mm_cmpunord_ps(a, b));
    P128("cmplt_ss", _mm_cmplt_ss(a, b));
    printf("comi eq lt le gt ge neq %d %d %d %d %d %d\n", _mm_comieq_ss(a, b), _mm_comilt_ss(a, b), _mm_comile_ss(a, b),
           _mm_comigt_ss(a, b), _mm_comige_ss(a, b), _mm_comineq_ss(a, b));
    printf("ucomi eq lt le gt ge neq %d %d %d %d %d %d\n", _mm_ucomieq_ss(a, b), _mm_ucomilt_ss(a, b),
           _mm_ucomile_ss(a, b), _mm_ucomigt_ss(a, b), _mm_ucomige_ss(a, b), _mm_ucomineq_ss(a, b));
    P128("cvtps_epi32", _mm_cvtps_epi32(a));
    P128("cvttps_epi32", _mm_cvttps_epi32(a));
    PINT("cvtss_si32", _mm_cvtss_si32(a));
    PINT("cvttss_si32", _mm_cvttss_si32(b));
    PINT("cvtss_si64", _mm_cvtss_si64(a));
    PINT("cvttss_si64", _mm_cvttss_si64(b));
    PPS("cvtepi32_ps", _mm_cvtepi32_ps(_mm_castps_si128(a)));
    PPS("cvtsi32_ss", _mm_cvtsi32_ss(a, -123456789));
    PPS("cvtsi64_ss", _mm_cvtsi64_ss(a, 0x7fffffffffffffffll));
    PPS("shuffle_ps", _mm_shuffle_ps(a, b, _MM_SHUFFLE(1, 3, 0, 2)));
    PPS("unpacklo_ps", _mm_unpacklo_ps(a, b));
    PPS("unpackhi_ps", _mm_unpackhi_ps(a, b));
    PPS("movehl_ps", _mm_movehl_ps(a, b));
    PPS("movelh_ps", _mm_movelh_ps(a, b));
    PPS("move_ss", _mm_move_ss(a, b));
    PINT("movemask_ps", _mm_movemask_ps(a));
    PPS("addsub_ps", _mm_addsub_ps(a, b));
    PPS("hadd_ps", _mm_hadd_ps(a, b));
    PPS("hsub_ps", _mm_hsub_ps(a, b));
    PPS("movehdup_ps", _mm_movehdup_ps(a));
    PPS("moveldup_ps", _mm_moveldup_ps(a));

    PPD("c", c);
    PPD("d", d);
    PPD("add_pd", _mm_add_pd(c, d));
    PPD("sub_pd", _mm_sub_pd(c, d));
    PPD("mul_pd", _mm_mul_pd(c, d));
    PPD("div_pd", _mm_div_pd(c, d));
    PPD("sqrt_pd", _mm_sqrt_pd(c));
    PPD("sqrt_sd", _mm_sqrt_sd(c, d));
    PPD("min_pd", _mm_min_pd(c, d));
    PPD("max_pd", _mm_max_pd(c, d));
    PPD("min_sd", _mm_min_sd(c, d));
    P128("and_pd", _mm_and_pd(c, d));
    P128("xor_pd", _mm_xor_pd(c, d));
    P128("cmpeq_pd", _mm_cmpeq_pd(c, d));
    P128("cmplt_pd", _mm_cmplt_pd(c, d));
    P128("cmpnle_pd", _mm_cmpnle_pd(c, d));
    P128("cmpunord_pd", _mm_cmpunord_pd(c, d));
    P128("cmpge_sd", _mm_cmpge_sd(c, d));
    printf("comisd eq lt le gt ge neq %d %d %d %d %d %d\n", _mm_comieq_sd(c, d), _mm_comilt_sd(c, d),
           _mm_comile_sd(c, d), _mm_comigt_sd(c, d), _mm_comige_sd(c, d), _mm_comineq_sd(c, d));
    P128("cvtpd_epi32", _mm_cvtpd_epi32(c));
    P128("cvttpd_epi32", _mm_cvttpd_epi32(d));
    PINT("cvtsd_si32", _mm_cvtsd_si32(c));
    PINT("cvttsd_si32", _mm_cvttsd_si32(d));
    PINT("cvtsd_si64", _mm_cvtsd_si64(c));
    PINT("cvttsd_si64", _mm_cvttsd_si64(d));
    PPS("cvtpd_ps", _mm_cvtpd_ps(c));
    PPD("cvtps_pd", _mm_cvtps_pd(a));
    PPD("cvtepi32_pd", _mm_cvtepi32_pd(_mm_castps_si128(a)));
    PPS("cvtsd_ss", _mm_cvtsd_ss(a, c));
    PPD("cvtss_sd", _mm_cvtss_sd(c, a));
    PPD("cvtsi32_sd", _mm_cvtsi32_sd(c, -7));
    PPD("cvtsi64_sd", _mm_cvtsi64_sd(c, -0x7ffffffffffffffll));
    PPD("shuffle_pd", _mm_shuffle_pd(c, d, 1));
    PPD("unpackhi_pd", _mm_unpackhi_pd(c, d));
    PPD("unpacklo_pd", _mm_unpacklo_pd(c, d));
    PPD("move_sd", _mm_move_sd(c, d));
    PINT("movemask_pd", _mm_movemask_pd(c));
    PPD("addsub_pd", _mm_addsub_pd(c, d));
    PPD("hadd_pd", _mm_hadd_pd(c, d));
    PPD("hsub_pd", _mm_hsub_pd(c, d));
    PPD("movedup_pd", _mm_movedup_pd(c));
  }
  float fs[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
  double ds[5] = {1.5, 2.5, 3.5, 4.5, 5.5};
  _Alignas(16) float fa[4];
  _Alignas(16) double da[2];
  PPS("loadu_ps +1", _mm_loadu_ps(fs + 1));
  PPS("load_ss", _mm_load_ss(fs + 2));
  PPS("load1_ps", _mm_load1_ps(fs + 3));
  PPS("set_ps", _mm_set_ps(1, 2, 3, 4));
  PPS("setr_ps", _mm_setr_ps(1, 2, 3, 4));
  PPS("set_ss", _mm_set_ss(-1));
  PPS("set1_ps", _mm_set1_ps(0.25f));
  PPS("setzero_ps", _mm_setzero_ps());
  _mm_store_ps(fa, _mm_set_ps(4, 3, 2, 1));
  PPS("load_ps", _mm_load_ps(fa));
  PPS("loadr_ps", _mm_loadr_ps(fa));
  _mm_storeu_ps(fs + 5, _mm_set1_ps(-1));
  _mm_store_ss(fs, _mm_set1_ps(42));
  _mm_storer_ps(fa, _mm_setr_ps(5, 6, 7, 8));
  PPS("storer_ps", _mm_load_ps(fa));
  PPD("loadu_pd +1", _mm_loadu_pd(ds + 1));
  PPD("load_sd", _mm_load_sd(ds + 2));
  PPD("load1_pd", _mm_load1_pd(ds + 3));
  PPD("loaddup_pd", _mm_loaddup_pd(ds + 4));
  PPD("loadh_pd", _mm_loadh_pd(_mm_set1_pd(9), ds));
  PPD("loadl_pd", _mm_loadl_pd(_mm_set1_pd(9), ds));
  PPD("set_pd", _mm_set_pd(1, 2));
  PPD("setr_pd", _mm_setr_pd(1, 2));
  PPD("set_sd", _mm_set_sd(3));
  _mm_store_pd(da, _mm_set_pd(2, 1));
  PPD("load_pd", _mm_load_pd(da));
  PPD("loadr_pd", _mm_loadr_pd(da));
  _mm_storeu_pd(ds + 3, _mm_set1_pd(-2));
  _mm_storeh_pd(ds, _mm_set_pd(7, 8));
  _mm_storel_pd(ds + 1, _mm_set_pd(7, 8));
  for (int i = 0; i < 9; i++) printf("%g ", fs[i]);
  for (int i = 0; i < 5; i++) printf("%g ", ds[i]);
  printf("\ncsr %x\n", _mm_getcsr() & ~0x3fu);
  return 0;
}
