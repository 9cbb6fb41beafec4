/* __builtin_cpu_init, __builtin_cpu_supports and __builtin_cpu_is answer for the processor the
 * program runs on, as gcc's libgcc does: each feature name gcc 12 and clang 19 both take, the
 * x86-64 levels, the vendors and AMD's families. (Both builds run on one machine.) */
#include <stdio.h>
#define F(x) printf("%-20s %d\n", x, !!__builtin_cpu_supports(x));
int main(void) {
  __builtin_cpu_init();
  F("cmov") F("mmx") F("popcnt") F("sse") F("sse2") F("sse3") F("ssse3") F("sse4.1") F("sse4.2") F("avx") F("avx2")
  F("sse4a") F("fma4") F("xop") F("fma") F("avx512f") F("bmi") F("bmi2") F("aes") F("pclmul") F("avx512vl")
  F("avx512bw") F("avx512dq") F("avx512cd") F("avx512vbmi") F("avx512ifma")
  F("avx5124vnniw") F("avx5124fmaps") F("avx512vpopcntdq") F("avx512vbmi2") F("gfni") F("vpclmulqdq")
  F("avx512vnni") F("avx512bitalg") F("avx512bf16") F("avx512vp2intersect")
  F("x86-64") F("x86-64-v2") F("x86-64-v3") F("x86-64-v4")
  printf("intel %d amd %d fam10h %d fam15h %d fam17h %d fam19h %d\n", !!__builtin_cpu_is("intel"), !!__builtin_cpu_is("amd"),
         !!__builtin_cpu_is("amdfam10h"), !!__builtin_cpu_is("amdfam15h"), !!__builtin_cpu_is("amdfam17h"), !!__builtin_cpu_is("amdfam19h"));
  return 0;
}
