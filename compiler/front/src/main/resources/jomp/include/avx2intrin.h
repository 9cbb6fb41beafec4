/*
 * jomp's <avx2intrin.h>: AVX2's integer intrinsics over __m256i, in C (docs/user-guide.md,
 * "x86 intrinsics"). As Intel defines them, most work on each 128-bit half alike (unpacks,
 * packs, byte shuffles and shifts, alignr, horizontal adds) and are the SSE intrinsic applied to
 * each half; the permutes, broadcasts, widening conversions and gathers cross halves.
 */
#ifndef __IMMINTRIN_H
#error "Never use <avx2intrin.h> directly; include <immintrin.h> instead."
#endif

#ifndef __AVX2INTRIN_H
#define __AVX2INTRIN_H

#define __JOMP_HALVESC(n256, n128)                                                                \
  __JOMP_INTRIN __m256i n256(__m256i __a, __m128i __c) { return __jomp_join_i(n128(__jomp_lo_i(__a), __c), n128(__jomp_hi_i(__a), __c)); }

__JOMP_HALVES1(i, _mm256_abs_epi8, _mm_abs_epi8)
__JOMP_HALVES1(i, _mm256_abs_epi16, _mm_abs_epi16)
__JOMP_HALVES1(i, _mm256_abs_epi32, _mm_abs_epi32)
__JOMP_HALVES2(i, _mm256_packs_epi16, _mm_packs_epi16)
__JOMP_HALVES2(i, _mm256_packs_epi32, _mm_packs_epi32)
__JOMP_HALVES2(i, _mm256_packus_epi16, _mm_packus_epi16)
__JOMP_HALVES2(i, _mm256_packus_epi32, _mm_packus_epi32)
__JOMP_HALVES2(i, _mm256_add_epi8, _mm_add_epi8)
__JOMP_HALVES2(i, _mm256_add_epi16, _mm_add_epi16)
__JOMP_HALVES2(i, _mm256_add_epi32, _mm_add_epi32)
__JOMP_HALVES2(i, _mm256_add_epi64, _mm_add_epi64)
__JOMP_HALVES2(i, _mm256_adds_epi8, _mm_adds_epi8)
__JOMP_HALVES2(i, _mm256_adds_epi16, _mm_adds_epi16)
__JOMP_HALVES2(i, _mm256_adds_epu8, _mm_adds_epu8)
__JOMP_HALVES2(i, _mm256_adds_epu16, _mm_adds_epu16)
__JOMP_HALVES2N(i, _mm256_alignr_epi8, _mm_alignr_epi8)
__JOMP_HALVES2(i, _mm256_and_si256, _mm_and_si128)
__JOMP_HALVES2(i, _mm256_andnot_si256, _mm_andnot_si128)
__JOMP_HALVES2(i, _mm256_avg_epu8, _mm_avg_epu8)
__JOMP_HALVES2(i, _mm256_avg_epu16, _mm_avg_epu16)
__JOMP_HALVES3(i, _mm256_blendv_epi8, _mm_blendv_epi8)
__JOMP_HALVES2N(i, _mm256_blend_epi16, _mm_blend_epi16)
__JOMP_HALVES2(i, _mm256_cmpeq_epi8, _mm_cmpeq_epi8)
__JOMP_HALVES2(i, _mm256_cmpeq_epi16, _mm_cmpeq_epi16)
__JOMP_HALVES2(i, _mm256_cmpeq_epi32, _mm_cmpeq_epi32)
__JOMP_HALVES2(i, _mm256_cmpeq_epi64, _mm_cmpeq_epi64)
__JOMP_HALVES2(i, _mm256_cmpgt_epi8, _mm_cmpgt_epi8)
__JOMP_HALVES2(i, _mm256_cmpgt_epi16, _mm_cmpgt_epi16)
__JOMP_HALVES2(i, _mm256_cmpgt_epi32, _mm_cmpgt_epi32)
__JOMP_HALVES2(i, _mm256_cmpgt_epi64, _mm_cmpgt_epi64)
__JOMP_HALVES2(i, _mm256_hadd_epi16, _mm_hadd_epi16)
__JOMP_HALVES2(i, _mm256_hadd_epi32, _mm_hadd_epi32)
__JOMP_HALVES2(i, _mm256_hadds_epi16, _mm_hadds_epi16)
__JOMP_HALVES2(i, _mm256_hsub_epi16, _mm_hsub_epi16)
__JOMP_HALVES2(i, _mm256_hsub_epi32, _mm_hsub_epi32)
__JOMP_HALVES2(i, _mm256_hsubs_epi16, _mm_hsubs_epi16)
__JOMP_HALVES2(i, _mm256_maddubs_epi16, _mm_maddubs_epi16)
__JOMP_HALVES2(i, _mm256_madd_epi16, _mm_madd_epi16)
__JOMP_HALVES2(i, _mm256_max_epi8, _mm_max_epi8)
__JOMP_HALVES2(i, _mm256_max_epi16, _mm_max_epi16)
__JOMP_HALVES2(i, _mm256_max_epi32, _mm_max_epi32)
__JOMP_HALVES2(i, _mm256_max_epu8, _mm_max_epu8)
__JOMP_HALVES2(i, _mm256_max_epu16, _mm_max_epu16)
__JOMP_HALVES2(i, _mm256_max_epu32, _mm_max_epu32)
__JOMP_HALVES2(i, _mm256_min_epi8, _mm_min_epi8)
__JOMP_HALVES2(i, _mm256_min_epi16, _mm_min_epi16)
__JOMP_HALVES2(i, _mm256_min_epi32, _mm_min_epi32)
__JOMP_HALVES2(i, _mm256_min_epu8, _mm_min_epu8)
__JOMP_HALVES2(i, _mm256_min_epu16, _mm_min_epu16)
__JOMP_HALVES2(i, _mm256_min_epu32, _mm_min_epu32)
__JOMP_HALVES2(i, _mm256_mul_epi32, _mm_mul_epi32)
__JOMP_HALVES2(i, _mm256_mulhrs_epi16, _mm_mulhrs_epi16)
__JOMP_HALVES2(i, _mm256_mulhi_epu16, _mm_mulhi_epu16)
__JOMP_HALVES2(i, _mm256_mulhi_epi16, _mm_mulhi_epi16)
__JOMP_HALVES2(i, _mm256_mullo_epi16, _mm_mullo_epi16)
__JOMP_HALVES2(i, _mm256_mullo_epi32, _mm_mullo_epi32)
__JOMP_HALVES2(i, _mm256_mul_epu32, _mm_mul_epu32)
__JOMP_HALVES2(i, _mm256_or_si256, _mm_or_si128)
__JOMP_HALVES2(i, _mm256_sad_epu8, _mm_sad_epu8)
__JOMP_HALVES2(i, _mm256_shuffle_epi8, _mm_shuffle_epi8)
__JOMP_HALVES1N(i, _mm256_shuffle_epi32, _mm_shuffle_epi32)
__JOMP_HALVES1N(i, _mm256_shufflehi_epi16, _mm_shufflehi_epi16)
__JOMP_HALVES1N(i, _mm256_shufflelo_epi16, _mm_shufflelo_epi16)
__JOMP_HALVES2(i, _mm256_sign_epi8, _mm_sign_epi8)
__JOMP_HALVES2(i, _mm256_sign_epi16, _mm_sign_epi16)
__JOMP_HALVES2(i, _mm256_sign_epi32, _mm_sign_epi32)
__JOMP_HALVES1N(i, _mm256_slli_si256, _mm_slli_si128)
__JOMP_HALVES1N(i, _mm256_srli_si256, _mm_srli_si128)
#define _mm256_bslli_epi128(a, n) _mm256_slli_si256((a), (n))
#define _mm256_bsrli_epi128(a, n) _mm256_srli_si256((a), (n))
__JOMP_HALVES1N(i, _mm256_slli_epi16, _mm_slli_epi16)
__JOMP_HALVES1N(i, _mm256_slli_epi32, _mm_slli_epi32)
__JOMP_HALVES1N(i, _mm256_slli_epi64, _mm_slli_epi64)
__JOMP_HALVES1N(i, _mm256_srli_epi16, _mm_srli_epi16)
__JOMP_HALVES1N(i, _mm256_srli_epi32, _mm_srli_epi32)
__JOMP_HALVES1N(i, _mm256_srli_epi64, _mm_srli_epi64)
__JOMP_HALVES1N(i, _mm256_srai_epi16, _mm_srai_epi16)
__JOMP_HALVES1N(i, _mm256_srai_epi32, _mm_srai_epi32)
__JOMP_HALVESC(_mm256_sll_epi16, _mm_sll_epi16)
__JOMP_HALVESC(_mm256_sll_epi32, _mm_sll_epi32)
__JOMP_HALVESC(_mm256_sll_epi64, _mm_sll_epi64)
__JOMP_HALVESC(_mm256_srl_epi16, _mm_srl_epi16)
__JOMP_HALVESC(_mm256_srl_epi32, _mm_srl_epi32)
__JOMP_HALVESC(_mm256_srl_epi64, _mm_srl_epi64)
__JOMP_HALVESC(_mm256_sra_epi16, _mm_sra_epi16)
__JOMP_HALVESC(_mm256_sra_epi32, _mm_sra_epi32)
__JOMP_HALVES2(i, _mm256_sub_epi8, _mm_sub_epi8)
__JOMP_HALVES2(i, _mm256_sub_epi16, _mm_sub_epi16)
__JOMP_HALVES2(i, _mm256_sub_epi32, _mm_sub_epi32)
__JOMP_HALVES2(i, _mm256_sub_epi64, _mm_sub_epi64)
__JOMP_HALVES2(i, _mm256_subs_epi8, _mm_subs_epi8)
__JOMP_HALVES2(i, _mm256_subs_epi16, _mm_subs_epi16)
__JOMP_HALVES2(i, _mm256_subs_epu8, _mm_subs_epu8)
__JOMP_HALVES2(i, _mm256_subs_epu16, _mm_subs_epu16)
__JOMP_HALVES2(i, _mm256_unpackhi_epi8, _mm_unpackhi_epi8)
__JOMP_HALVES2(i, _mm256_unpackhi_epi16, _mm_unpackhi_epi16)
__JOMP_HALVES2(i, _mm256_unpackhi_epi32, _mm_unpackhi_epi32)
__JOMP_HALVES2(i, _mm256_unpackhi_epi64, _mm_unpackhi_epi64)
__JOMP_HALVES2(i, _mm256_unpacklo_epi8, _mm_unpacklo_epi8)
__JOMP_HALVES2(i, _mm256_unpacklo_epi16, _mm_unpacklo_epi16)
__JOMP_HALVES2(i, _mm256_unpacklo_epi32, _mm_unpacklo_epi32)
__JOMP_HALVES2(i, _mm256_unpacklo_epi64, _mm_unpacklo_epi64)
__JOMP_HALVES2(i, _mm256_xor_si256, _mm_xor_si128)

__JOMP_INTRIN __m256i _mm256_mpsadbw_epu8(__m256i __a, __m256i __b, int __m) {
  return __jomp_join_i(_mm_mpsadbw_epu8(__jomp_lo_i(__a), __jomp_lo_i(__b), __m), _mm_mpsadbw_epu8(__jomp_hi_i(__a), __jomp_hi_i(__b), __m >> 3));
}
__JOMP_INTRIN int _mm256_movemask_epi8(__m256i __a) {
  return (int)((unsigned)_mm_movemask_epi8(__jomp_lo_i(__a)) | (unsigned)_mm_movemask_epi8(__jomp_hi_i(__a)) << 16);
}
__JOMP_INTRIN __m256i _mm256_stream_load_si256(const void *__p) { return *(const __m256i *)__p; }

/* blends of 32-bit lanes by an immediate's bits */
__JOMP_INTRIN __m128i _mm_blend_epi32(__m128i __a, __m128i __b, int __m) { return (__m128i)_mm_blend_ps((__m128)__a, (__m128)__b, __m); }
__JOMP_INTRIN __m256i _mm256_blend_epi32(__m256i __a, __m256i __b, int __m) { return (__m256i)_mm256_blend_ps((__m256)__a, (__m256)__b, __m); }

/* widening conversions: the low lanes of a 128-bit vector into a 256-bit one */
#define __JOMP_WIDEN(n256, n128, bytes)                                                           \
  __JOMP_INTRIN __m256i n256(__m128i __a) { return __jomp_join_i(n128(__a), n128(_mm_srli_si128(__a, bytes))); }
__JOMP_WIDEN(_mm256_cvtepi8_epi16, _mm_cvtepi8_epi16, 8)
__JOMP_WIDEN(_mm256_cvtepi8_epi32, _mm_cvtepi8_epi32, 4)
__JOMP_WIDEN(_mm256_cvtepi8_epi64, _mm_cvtepi8_epi64, 2)
__JOMP_WIDEN(_mm256_cvtepi16_epi32, _mm_cvtepi16_epi32, 8)
__JOMP_WIDEN(_mm256_cvtepi16_epi64, _mm_cvtepi16_epi64, 4)
__JOMP_WIDEN(_mm256_cvtepi32_epi64, _mm_cvtepi32_epi64, 8)
__JOMP_WIDEN(_mm256_cvtepu8_epi16, _mm_cvtepu8_epi16, 8)
__JOMP_WIDEN(_mm256_cvtepu8_epi32, _mm_cvtepu8_epi32, 4)
__JOMP_WIDEN(_mm256_cvtepu8_epi64, _mm_cvtepu8_epi64, 2)
__JOMP_WIDEN(_mm256_cvtepu16_epi32, _mm_cvtepu16_epi32, 8)
__JOMP_WIDEN(_mm256_cvtepu16_epi64, _mm_cvtepu16_epi64, 4)
__JOMP_WIDEN(_mm256_cvtepu32_epi64, _mm_cvtepu32_epi64, 8)
#undef __JOMP_WIDEN

/* broadcasts of the lowest lane */
__JOMP_INTRIN __m128i _mm_broadcastb_epi8(__m128i __a) { return _mm_set1_epi8(((__v16qi)__a)[0]); }
__JOMP_INTRIN __m128i _mm_broadcastw_epi16(__m128i __a) { return _mm_set1_epi16(((__v8hi)__a)[0]); }
__JOMP_INTRIN __m128i _mm_broadcastd_epi32(__m128i __a) { return _mm_set1_epi32(((__v4si)__a)[0]); }
__JOMP_INTRIN __m128i _mm_broadcastq_epi64(__m128i __a) { return _mm_set1_epi64x(__a[0]); }
__JOMP_INTRIN __m256i _mm256_broadcastb_epi8(__m128i __a) { return _mm256_set1_epi8(((__v16qi)__a)[0]); }
__JOMP_INTRIN __m256i _mm256_broadcastw_epi16(__m128i __a) { return _mm256_set1_epi16(((__v8hi)__a)[0]); }
__JOMP_INTRIN __m256i _mm256_broadcastd_epi32(__m128i __a) { return _mm256_set1_epi32(((__v4si)__a)[0]); }
__JOMP_INTRIN __m256i _mm256_broadcastq_epi64(__m128i __a) { return _mm256_set1_epi64x(__a[0]); }
__JOMP_INTRIN __m256i _mm256_broadcastsi128_si256(__m128i __a) { return __jomp_join_i(__a, __a); }
#define _mm_broadcastsi128_si256(a) _mm256_broadcastsi128_si256((a))
__JOMP_INTRIN __m128 _mm_broadcastss_ps(__m128 __a) { return _mm_set1_ps(__a[0]); }
__JOMP_INTRIN __m128d _mm_broadcastsd_pd(__m128d __a) { return _mm_set1_pd(__a[0]); }
__JOMP_INTRIN __m256 _mm256_broadcastss_ps(__m128 __a) { return _mm256_set1_ps(__a[0]); }
__JOMP_INTRIN __m256d _mm256_broadcastsd_pd(__m128d __a) { return _mm256_set1_pd(__a[0]); }

/* permutes across the halves */
__JOMP_INTRIN __m256i _mm256_permute4x64_epi64(__m256i __a, int __m) {
  return (__m256i){__a[__m & 3], __a[(__m >> 2) & 3], __a[(__m >> 4) & 3], __a[(__m >> 6) & 3]};
}
__JOMP_INTRIN __m256d _mm256_permute4x64_pd(__m256d __a, int __m) {
  return (__m256d){__a[__m & 3], __a[(__m >> 2) & 3], __a[(__m >> 4) & 3], __a[(__m >> 6) & 3]};
}
__JOMP_INTRIN __m256i _mm256_permutevar8x32_epi32(__m256i __a, __m256i __i) {
  __v8si __x = (__v8si)__a, __k = (__v8si)__i, __r;
  for (int __j = 0; __j < 8; __j++) __r[__j] = __x[__k[__j] & 7];
  return (__m256i)__r;
}
__JOMP_INTRIN __m256 _mm256_permutevar8x32_ps(__m256 __a, __m256i __i) {
  __v8si __k = (__v8si)__i;
  __m256 __r;
  for (int __j = 0; __j < 8; __j++) __r[__j] = __a[__k[__j] & 7];
  return __r;
}
__JOMP_INTRIN __m256i _mm256_permute2x128_si256(__m256i __a, __m256i __b, int __m) { return __jomp_perm2x128(__a, __b, __m); }
__JOMP_INTRIN __m128i _mm256_extracti128_si256(__m256i __a, int __i) { return (__i & 1) ? __jomp_hi_i(__a) : __jomp_lo_i(__a); }
__JOMP_INTRIN __m256i _mm256_inserti128_si256(__m256i __a, __m128i __b, int __i) {
  return (__i & 1) ? __jomp_join_i(__jomp_lo_i(__a), __b) : __jomp_join_i(__b, __jomp_hi_i(__a));
}

/* masked loads and stores of integers: lanes whose mask's sign bit is clear are not touched */
__JOMP_MASKMOVE(__jomp_maskload_epi32, __jomp_maskstore_epi32, __v4si, __v4si, int, 4)
__JOMP_MASKMOVE(__jomp_maskload_epi64, __jomp_maskstore_epi64, __v2di, __v2di, long long, 2)
__JOMP_MASKMOVE(__jomp_mm256_maskload_epi32, __jomp_mm256_maskstore_epi32, __v8si, __v8si, int, 8)
__JOMP_MASKMOVE(__jomp_mm256_maskload_epi64, __jomp_mm256_maskstore_epi64, __v4di, __v4di, long long, 4)
#define _mm_maskload_epi32(p, m) ((__m128i)__jomp_maskload_epi32((p), (__v4si)(m)))
#define _mm_maskload_epi64(p, m) ((__m128i)__jomp_maskload_epi64((const long long *)(p), (__v2di)(m)))
#define _mm256_maskload_epi32(p, m) ((__m256i)__jomp_mm256_maskload_epi32((p), (__v8si)(m)))
#define _mm256_maskload_epi64(p, m) ((__m256i)__jomp_mm256_maskload_epi64((const long long *)(p), (__v4di)(m)))
#define _mm_maskstore_epi32(p, m, a) __jomp_maskstore_epi32((p), (__v4si)(m), (__v4si)(a))
#define _mm_maskstore_epi64(p, m, a) __jomp_maskstore_epi64((long long *)(p), (__v2di)(m), (__v2di)(a))
#define _mm256_maskstore_epi32(p, m, a) __jomp_mm256_maskstore_epi32((p), (__v8si)(m), (__v8si)(a))
#define _mm256_maskstore_epi64(p, m, a) __jomp_mm256_maskstore_epi64((long long *)(p), (__v4di)(m), (__v4di)(a))

/* shifts of each lane by its own count: counts above the width give 0 (arithmetic: the sign) */
#define __JOMP_SHIFTV(name, vt, n, bits, op, over)                                                \
  __JOMP_INTRIN vt name(vt __x, vt __c) {                                                         \
    for (int __i = 0; __i < n; __i++)                                                             \
      __x[__i] = (unsigned long long)__c[__i] >= bits ? (over) : __x[__i] op __c[__i];            \
    return __x;                                                                                   \
  }
__JOMP_SHIFTV(__jomp_sllv4, __v4su, 4, 32, <<, 0)
__JOMP_SHIFTV(__jomp_sllv8, __v8su, 8, 32, <<, 0)
__JOMP_SHIFTV(__jomp_sllvq2, __v2du, 2, 64, <<, 0)
__JOMP_SHIFTV(__jomp_sllvq4, __v4du, 4, 64, <<, 0)
__JOMP_SHIFTV(__jomp_srlv4, __v4su, 4, 32, >>, 0)
__JOMP_SHIFTV(__jomp_srlv8, __v8su, 8, 32, >>, 0)
__JOMP_SHIFTV(__jomp_srlvq2, __v2du, 2, 64, >>, 0)
__JOMP_SHIFTV(__jomp_srlvq4, __v4du, 4, 64, >>, 0)
__JOMP_SHIFTV(__jomp_srav4, __v4si, 4, 32, >>, __x[__i] >> 31)
__JOMP_SHIFTV(__jomp_srav8, __v8si, 8, 32, >>, __x[__i] >> 31)
#undef __JOMP_SHIFTV
__JOMP_INTRIN __m128i _mm_sllv_epi32(__m128i __a, __m128i __c) { return (__m128i)__jomp_sllv4((__v4su)__a, (__v4su)__c); }
__JOMP_INTRIN __m256i _mm256_sllv_epi32(__m256i __a, __m256i __c) { return (__m256i)__jomp_sllv8((__v8su)__a, (__v8su)__c); }
__JOMP_INTRIN __m128i _mm_sllv_epi64(__m128i __a, __m128i __c) { return (__m128i)__jomp_sllvq2((__v2du)__a, (__v2du)__c); }
__JOMP_INTRIN __m256i _mm256_sllv_epi64(__m256i __a, __m256i __c) { return (__m256i)__jomp_sllvq4((__v4du)__a, (__v4du)__c); }
__JOMP_INTRIN __m128i _mm_srlv_epi32(__m128i __a, __m128i __c) { return (__m128i)__jomp_srlv4((__v4su)__a, (__v4su)__c); }
__JOMP_INTRIN __m256i _mm256_srlv_epi32(__m256i __a, __m256i __c) { return (__m256i)__jomp_srlv8((__v8su)__a, (__v8su)__c); }
__JOMP_INTRIN __m128i _mm_srlv_epi64(__m128i __a, __m128i __c) { return (__m128i)__jomp_srlvq2((__v2du)__a, (__v2du)__c); }
__JOMP_INTRIN __m256i _mm256_srlv_epi64(__m256i __a, __m256i __c) { return (__m256i)__jomp_srlvq4((__v4du)__a, (__v4du)__c); }
__JOMP_INTRIN __m128i _mm_srav_epi32(__m128i __a, __m128i __c) { return (__m128i)__jomp_srav4((__v4si)__a, (__v4si)((__v4su)__c)); }
__JOMP_INTRIN __m256i _mm256_srav_epi32(__m256i __a, __m256i __c) { return (__m256i)__jomp_srav8((__v8si)__a, (__v8si)__c); }

/* gathers: lane i from base + index[i] * scale bytes */
#define __JOMP_GATHER(name, rt, rvt, et, it, n)                                                   \
  __JOMP_INTRIN rt name(const void *__b, it __i, int __s) {                                       \
    rvt __r;                                                                                      \
    for (int __k = 0; __k < n; __k++) {                                                           \
      et __e;                                                                                     \
      __builtin_memcpy(&__e, (const char *)__b + (long long)__i[__k] * __s, sizeof(et));          \
      __r[__k] = __e;                                                                             \
    }                                                                                             \
    return (rt)__r;                                                                               \
  }
__JOMP_GATHER(__jomp_i32gather_epi32, __m128i, __v4si, int, __v4si, 4)
__JOMP_GATHER(__jomp_mm256_i32gather_epi32, __m256i, __v8si, int, __v8si, 8)
__JOMP_GATHER(__jomp_i64gather_epi32, __m128i, __v4si, int, __v2di, 2)
__JOMP_GATHER(__jomp_mm256_i64gather_epi32, __m128i, __v4si, int, __v4di, 4)
__JOMP_GATHER(__jomp_i32gather_epi64, __m128i, __v2di, long long, __v4si, 2)
__JOMP_GATHER(__jomp_mm256_i32gather_epi64, __m256i, __v4di, long long, __v4si, 4)
__JOMP_GATHER(__jomp_i64gather_epi64, __m128i, __v2di, long long, __v2di, 2)
__JOMP_GATHER(__jomp_mm256_i64gather_epi64, __m256i, __v4di, long long, __v4di, 4)
__JOMP_GATHER(__jomp_i32gather_ps, __m128, __v4sf, float, __v4si, 4)
__JOMP_GATHER(__jomp_mm256_i32gather_ps, __m256, __v8sf, float, __v8si, 8)
__JOMP_GATHER(__jomp_i32gather_pd, __m128d, __v2df, double, __v4si, 2)
__JOMP_GATHER(__jomp_mm256_i32gather_pd, __m256d, __v4df, double, __v4si, 4)
__JOMP_GATHER(__jomp_i64gather_pd, __m128d, __v2df, double, __v2di, 2)
__JOMP_GATHER(__jomp_mm256_i64gather_pd, __m256d, __v4df, double, __v4di, 4)
#undef __JOMP_GATHER
#define _mm_i32gather_epi32(b, i, s) __jomp_i32gather_epi32((b), (__v4si)(i), (s))
#define _mm256_i32gather_epi32(b, i, s) __jomp_mm256_i32gather_epi32((b), (__v8si)(i), (s))
#define _mm_i64gather_epi32(b, i, s) __jomp_i64gather_epi32((b), (__v2di)(i), (s))
#define _mm256_i64gather_epi32(b, i, s) __jomp_mm256_i64gather_epi32((b), (__v4di)(i), (s))
#define _mm_i32gather_epi64(b, i, s) __jomp_i32gather_epi64((b), (__v4si)(i), (s))
#define _mm256_i32gather_epi64(b, i, s) __jomp_mm256_i32gather_epi64((b), (__v4si)(i), (s))
#define _mm_i64gather_epi64(b, i, s) __jomp_i64gather_epi64((b), (__v2di)(i), (s))
#define _mm256_i64gather_epi64(b, i, s) __jomp_mm256_i64gather_epi64((b), (__v4di)(i), (s))
#define _mm_i32gather_ps(b, i, s) __jomp_i32gather_ps((b), (__v4si)(i), (s))
#define _mm256_i32gather_ps(b, i, s) __jomp_mm256_i32gather_ps((b), (__v8si)(i), (s))
#define _mm_i32gather_pd(b, i, s) __jomp_i32gather_pd((b), (__v4si)(i), (s))
#define _mm256_i32gather_pd(b, i, s) __jomp_mm256_i32gather_pd((b), (__v4si)(i), (s))
#define _mm_i64gather_pd(b, i, s) __jomp_i64gather_pd((b), (__v2di)(i), (s))
#define _mm256_i64gather_pd(b, i, s) __jomp_mm256_i64gather_pd((b), (__v4di)(i), (s))

#endif
