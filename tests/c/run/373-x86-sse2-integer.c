// FLAGS: -Iinclude -msse2
/* SSE2's integer intrinsics (<emmintrin.h>) on pseudo-random vectors rich in edge values (0, 0x7f,
 * 0x80, 0xff): wrapping and saturating arithmetic, multiplies, compares, logic, shifts by
 * immediates and by vector counts up to and past the lane width, byte shifts, packs with
 * saturation, unpacks, shuffles, movemask, extract/insert, sad, sets and loads/stores. Run
 * natively, so it needs only what every x86-64 processor has. */
#include "include/x86vec.h"

int main(void) {
  for (int round = 0; round < 6; round++) {
    __m128i a = rand128(), b = rand128();
    printf("round %d\n", round);
    P128("a", a);
    P128("b", b);
    P128("add_epi8", _mm_add_epi8(a, b));
    P128("add_epi16", _mm_add_epi16(a, b));
    P128("add_epi32", _mm_add_epi32(a, b));
    P128("add_epi64", _mm_add_epi64(a, b));
    P128("sub_epi8", _mm_sub_epi8(a, b));
    P128("sub_epi16", _mm_sub_epi16(a, b));
    P128("sub_epi32", _mm_sub_epi32(a, b));
    P128("sub_epi64", _mm_sub_epi64(a, b));
    P128("adds_epi8", _mm_adds_epi8(a, b));
    P128("adds_epi16", _mm_adds_epi16(a, b));
    P128("adds_epu8", _mm_adds_epu8(a, b));
    P128("adds_epu16", _mm_adds_epu16(a, b));
    P128("subs_epi8", _mm_subs_epi8(a, b));
    P128("subs_epi16", _mm_subs_epi16(a, b));
    P128("subs_epu8", _mm_subs_epu8(a, b));
    P128("subs_epu16", _mm_subs_epu16(a, b));
    P128("avg_epu8", _mm_avg_epu8(a, b));
    P128("avg_epu16", _mm_avg_epu16(a, b));
    P128("mullo_epi16", _mm_mullo_epi16(a, b));
    P128("mulhi_epi16", _mm_mulhi_epi16(a, b));
    P128("mulhi_epu16", _mm_mulhi_epu16(a, b));
    P128("mul_epu32", _mm_mul_epu32(a, b));
    P128("madd_epi16", _mm_madd_epi16(a, b));
    P128("sad_epu8", _mm_sad_epu8(a, b));
    P128("max_epi16", _mm_max_epi16(a, b));
    P128("min_epi16", _mm_min_epi16(a, b));
    P128("max_epu8", _mm_max_epu8(a, b));
    P128("min_epu8", _mm_min_epu8(a, b));
    P128("and", _mm_and_si128(a, b));
    P128("andnot", _mm_andnot_si128(a, b));
    P128("or", _mm_or_si128(a, b));
    P128("xor", _mm_xor_si128(a, b));
    P128("cmpeq_epi8", _mm_cmpeq_epi8(a, _mm_or_si128(a, _mm_and_si128(b, _mm_set1_epi8(1)))));
    P128("cmpeq_epi16", _mm_cmpeq_epi16(a, _mm_and_si128(a, _mm_set1_epi32(0xffff))));
    P128("cmpeq_epi32", _mm_cmpeq_epi32(a, _mm_shuffle_epi32(a, 0x0c)));
    P128("cmpgt_epi8", _mm_cmpgt_epi8(a, b));
    P128("cmpgt_epi16", _mm_cmpgt_epi16(a, b));
    P128("cmpgt_epi32", _mm_cmpgt_epi32(a, b));
    P128("cmplt_epi8", _mm_cmplt_epi8(a, b));
    P128("cmplt_epi16", _mm_cmplt_epi16(a, b));
    P128("cmplt_epi32", _mm_cmplt_epi32(a, b));
    P128("slli_epi16 1", _mm_slli_epi16(a, 1));
    P128("slli_epi16 15", _mm_slli_epi16(a, 15));
    P128("slli_epi16 16", _mm_slli_epi16(a, 16));
    P128("slli_epi32 7", _mm_slli_epi32(a, 7));
    P128("slli_epi32 32", _mm_slli_epi32(a, 32));
    P128("slli_epi64 63", _mm_slli_epi64(a, 63));
    P128("slli_epi64 64", _mm_slli_epi64(a, 64));
    P128("srli_epi16 3", _mm_srli_epi16(a, 3));
    P128("srli_epi16 200", _mm_srli_epi16(a, 200));
    P128("srli_epi32 31", _mm_srli_epi32(a, 31));
    P128("srli_epi64 1", _mm_srli_epi64(a, 1));
    P128("srai_epi16 4", _mm_srai_epi16(a, 4));
    P128("srai_epi16 16", _mm_srai_epi16(a, 16));
    P128("srai_epi32 31", _mm_srai_epi32(a, 31));
    P128("srai_epi32 99", _mm_srai_epi32(a, 99));
    for (int c = 0; c < 70; c += 13) {
      __m128i cnt = _mm_cvtsi32_si128(c);
      printf("count %d\n", c);
      P128("sll_epi16", _mm_sll_epi16(a, cnt));
      P128("sll_epi32", _mm_sll_epi32(a, cnt));
      P128("sll_epi64", _mm_sll_epi64(a, cnt));
      P128("srl_epi16", _mm_srl_epi16(a, cnt));
      P128("srl_epi32", _mm_srl_epi32(a, cnt));
      P128("srl_epi64", _mm_srl_epi64(a, cnt));
      P128("sra_epi16", _mm_sra_epi16(a, cnt));
      P128("sra_epi32", _mm_sra_epi32(a, cnt));
    }
    P128("sll_epi32 hi count", _mm_sll_epi32(a, _mm_set_epi64x(0, 1ll << 40)));
    P128("slli_si128 0", _mm_slli_si128(a, 0));
    P128("slli_si128 3", _mm_slli_si128(a, 3));
    P128("slli_si128 15", _mm_slli_si128(a, 15));
    P128("slli_si128 16", _mm_slli_si128(a, 16));
    P128("srli_si128 5", _mm_srli_si128(a, 5));
    P128("srli_si128 17", _mm_srli_si128(a, 17));
    P128("bslli_si128 8", _mm_bslli_si128(a, 8));
    P128("bsrli_si128 8", _mm_bsrli_si128(a, 8));
    P128("packs_epi16", _mm_packs_epi16(a, b));
    P128("packs_epi32", _mm_packs_epi32(a, b));
    P128("packus_epi16", _mm_packus_epi16(a, b));
    P128("unpacklo_epi8", _mm_unpacklo_epi8(a, b));
    P128("unpackhi_epi8", _mm_unpackhi_epi8(a, b));
    P128("unpacklo_epi16", _mm_unpacklo_epi16(a, b));
    P128("unpackhi_epi16", _mm_unpackhi_epi16(a, b));
    P128("unpacklo_epi32", _mm_unpacklo_epi32(a, b));
    P128("unpackhi_epi32", _mm_unpackhi_epi32(a, b));
    P128("unpacklo_epi64", _mm_unpacklo_epi64(a, b));
    P128("unpackhi_epi64", _mm_unpackhi_epi64(a, b));
    P128("shuffle_epi32 1b", _mm_shuffle_epi32(a, 0x1b));
    P128("shuffle_epi32 e4", _mm_shuffle_epi32(a, _MM_SHUFFLE(3, 2, 1, 0)));
    P128("shufflelo_epi16", _mm_shufflelo_epi16(a, 0x72));
    P128("shufflehi_epi16", _mm_shufflehi_epi16(a, 0xd8));
    PHEX("movemask_epi8", _mm_movemask_epi8(a));
    PINT("extract_epi16 0", _mm_extract_epi16(a, 0));
    PINT("extract_epi16 7", _mm_extract_epi16(a, 7));
    P128("insert_epi16 3", _mm_insert_epi16(a, -2, 3));
    PINT("cvtsi128_si32", _mm_cvtsi128_si32(a));
    PINT("cvtsi128_si64", _mm_cvtsi128_si64(a));
    P128("cvtsi32_si128", _mm_cvtsi32_si128(-5));
    P128("cvtsi64_si128", _mm_cvtsi64_si128(-5));
    P128("move_epi64", _mm_move_epi64(a));
  }
  P128("set_epi8", _mm_set_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, -1));
  P128("setr_epi8", _mm_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, -1));
  P128("set_epi16", _mm_set_epi16(7, 6, 5, 4, 3, 2, 1, -32768));
  P128("setr_epi16", _mm_setr_epi16(7, 6, 5, 4, 3, 2, 1, -32768));
  P128("set_epi32", _mm_set_epi32(3, 2, 1, -1));
  P128("setr_epi32", _mm_setr_epi32(3, 2, 1, -1));
  P128("set_epi64x", _mm_set_epi64x(1, -2));
  P128("set1_epi8", _mm_set1_epi8(-128));
  P128("set1_epi16", _mm_set1_epi16(0x1234));
  P128("set1_epi32", _mm_set1_epi32(0x12345678));
  P128("set1_epi64x", _mm_set1_epi64x(0x0123456789abcdefll));
  P128("setzero", _mm_setzero_si128());

  unsigned char buf[64];
  for (int i = 0; i < 64; i++) buf[i] = (unsigned char)(i * 37 + 11);
  __m128i u = _mm_loadu_si128((const __m128i *)(buf + 3));
  P128("loadu +3", u);
  _mm_storeu_si128((__m128i *)(buf + 33), _mm_add_epi8(u, _mm_set1_epi8(1)));
  P128("loadl_epi64 +5", _mm_loadl_epi64((const __m128i *)(buf + 5)));
  _mm_storel_epi64((__m128i *)(buf + 1), _mm_set1_epi8(0x55));
  _Alignas(16) unsigned char al[32];
  _mm_store_si128((__m128i *)al, u);
  _mm_stream_si128((__m128i *)(al + 16), _mm_load_si128((const __m128i *)al));
  _mm_maskmoveu_si128(_mm_set1_epi8(0x66), _mm_set_epi32(0, -1, 0x80000000, 0x80), (char *)buf + 40);
  _mm_lfence();
  _mm_mfence();
  _mm_pause();
  print_bytes("buf 0..31", buf, 32);
  print_bytes("buf 32..63", buf + 32, 32);
  print_bytes("al", al, 32);
  return 0;
}
