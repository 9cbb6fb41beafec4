/*
 * jomp's <immintrin.h>: the x86 intrinsics jomp has, SSE through AVX2, FMA, AES, PCLMULQDQ
 * (and VPCLMULQDQ on 256 bits), BMI1/2, LZCNT, POPCNT, CRC-32C and _xgetbv, written in C over
 * GNU vector types and run lane by lane (docs/user-guide.md, "x86 intrinsics"). As with clang,
 * every header is included whatever the -m flags: functions built for another target
 * (__attribute__((target("avx2")))) use them where the processor has them. Of AVX-512 only the
 * few intrinsics of <avx512fintrin.h> and VNNI's dot products are provided; MMX arithmetic is not.
 */
#ifndef __IMMINTRIN_H
#define __IMMINTRIN_H

#if !defined(__x86_64__) && !defined(__i386__)
#error "This header is only meant to be used on x86 and x64 architecture"
#endif

#include <x86gprintrin.h>
#include <mmintrin.h>
#include <xmmintrin.h>
#include <emmintrin.h>
#include <pmmintrin.h>
#include <tmmintrin.h>
#include <smmintrin.h>
#include <wmmintrin.h>
#include <avxintrin.h>
#include <avx2intrin.h>
#include <bmiintrin.h>
#include <bmi2intrin.h>
#include <lzcntintrin.h>
#include <popcntintrin.h>
#include <fmaintrin.h>
#include <vpclmulqdqintrin.h>
#include <avx512fintrin.h>
#include <avx512vnniintrin.h>
#include <xsaveintrin.h>

#endif
