// CHECK: 22:23: error: invalid cpu name for builtin
// CHECK: 23:23: error: invalid cpu name for builtin
// CHECK: 24:23: error: invalid cpu name for builtin
// CHECK: 25:23: error: invalid cpu name for builtin
// CHECK: 26:23: error: invalid cpu name for builtin
// CHECK: 27:23: error: invalid cpu name for builtin
// CHECK: 28:23: error: invalid cpu name for builtin
// CHECK: 29:23: error: invalid cpu name for builtin
// __builtin_cpu_is takes every processor type and subtype name clang 19 knows (also its aliases:
// atom, slm, raptorlake, meteorlake, gracemont, emeraldrapids, lunarlake, amdfam10, amdfam15,
// amdfam1a); a name it does not know is its error, also names close to known ones and gcc's
// -march names that are no processor type (k8, penryn, x86-64), and case matters.
int known(void) {
  return __builtin_cpu_is("haswell") + __builtin_cpu_is("skylake-avx512") + __builtin_cpu_is("znver3") +
         __builtin_cpu_is("corei7") + __builtin_cpu_is("amdfam19h") + __builtin_cpu_is("sapphirerapids") +
         __builtin_cpu_is("atom") + __builtin_cpu_is("slm") + __builtin_cpu_is("raptorlake") +
         __builtin_cpu_is("meteorlake") + __builtin_cpu_is("gracemont") + __builtin_cpu_is("emeraldrapids") +
         __builtin_cpu_is("lunarlake") + __builtin_cpu_is("amdfam10") + __builtin_cpu_is("amdfam15") +
         __builtin_cpu_is("amdfam1a") + __builtin_cpu_is("amdfam1ah") + __builtin_cpu_is("znver5") +
         __builtin_cpu_is("zhaoxin_fam7h") + __builtin_cpu_is("sierraforest") + __builtin_cpu_is("pantherlake");
}
int u1(void) { return __builtin_cpu_is("Haswell"); }
int u2(void) { return __builtin_cpu_is("amdfam17"); }
int u3(void) { return __builtin_cpu_is("k8"); }
int u4(void) { return __builtin_cpu_is("penryn"); }
int u5(void) { return __builtin_cpu_is("x86-64"); }
int u6(void) { return __builtin_cpu_is("lujiazui"); }
int u7(void) { return __builtin_cpu_is(""); }
int u8(void) { return __builtin_cpu_is("znver6"); }
