/* __builtin_cpu_is with every processor type and subtype name that gcc 12 and clang 19 both take
 * (and the aliases atom = bonnell, slm = silvermont) answers for the processor the program runs on
 * as gcc's libgcc does: both builds run on one machine, which is at most one type and one subtype
 * of one vendor. */
#include <stdio.h>
#define IS(x) printf("%-16s %d\n", x, !!__builtin_cpu_is(x));
int main(void) {
  __builtin_cpu_init();
  IS("intel") IS("amd")
  IS("atom") IS("bonnell") IS("core2") IS("corei7") IS("silvermont") IS("slm") IS("knl") IS("knm")
  IS("goldmont") IS("goldmont-plus") IS("tremont")
  IS("nehalem") IS("westmere") IS("sandybridge") IS("ivybridge") IS("haswell") IS("broadwell")
  IS("skylake") IS("skylake-avx512") IS("cannonlake") IS("icelake-client") IS("icelake-server")
  IS("cascadelake") IS("tigerlake") IS("cooperlake") IS("sapphirerapids") IS("alderlake") IS("rocketlake")
  IS("amdfam10h") IS("barcelona") IS("shanghai") IS("istanbul") IS("btver1") IS("btver2")
  IS("amdfam15h") IS("bdver1") IS("bdver2") IS("bdver3") IS("bdver4")
  IS("amdfam17h") IS("znver1") IS("znver2") IS("amdfam19h") IS("znver3")
  printf("vendors %d\n", !!__builtin_cpu_is("intel") + !!__builtin_cpu_is("amd"));
  return 0;
}
