#!/usr/bin/env bash
# Stands in for bin/jomp to test OffloadCorpusTest itself: -fopenmp-targets=jvm becomes clang-19's
# x86_64 host-plugin offloading (separate device memory, LIBOMPTARGET_INFO launch lines), with an
# rpath to LLVM's libomptarget so the binaries run without LD_LIBRARY_PATH; a .src input is C;
# libm is linked (device code calling sqrt needs it) and a source's "// CLANG-FLAGS:" line is applied
# (030 needs -fopenmp-version=52, which would reject the 'to' of other programs).
# Every OffloadCorpusTest case must pass with it:
#   bin/mvn -q -B -pl tests -am test -Dtest=OffloadCorpusTest -Dsurefire.failIfNoSpecifiedTests=false \
#     -Djomp.tests.jomp=$PWD/tests/bin/clang-offload-as-jomp.sh
# (067 launches kernels from four host threads at once; libomptarget may tear those report lines
# apart, which jomp's harness counts strictly, so 067 can fail now and then with this stand-in.)
lib=${LLVM_LIB:-/usr/lib/llvm-19/lib}
args=()
for a in "$@"; do
  case $a in
    -fopenmp-targets=jvm) args+=(-fopenmp-targets=x86_64-pc-linux-gnu) ;;
    *.src) args+=(-x c "$a" -x none) ;;
    *.c) read -r -a cf <<<"$(sed -n 's|^// CLANG-FLAGS: ||p' "$a" | head -1)"; args+=("${cf[@]}" "$a") ;;
    *) args+=("$a") ;;
  esac
done
exec clang-19 "${args[@]}" -Wl,-rpath,"$lib" -lm -Wno-unused-command-line-argument
