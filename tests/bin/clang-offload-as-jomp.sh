#!/usr/bin/env bash
# Stands in for bin/jomp to test OffloadCorpusTest itself: -fopenmp-targets=jvm becomes clang-19's
# x86_64 host-plugin offloading (separate device memory, LIBOMPTARGET_INFO launch lines), with an
# rpath to LLVM's libomptarget so the binaries run without LD_LIBRARY_PATH; a .src input is C.
# Every OffloadCorpusTest case must pass with it:
#   bin/mvn -q -B -pl tests -am test -Dtest=OffloadCorpusTest -Dsurefire.failIfNoSpecifiedTests=false \
#     -Djomp.tests.jomp=$PWD/tests/bin/clang-offload-as-jomp.sh
lib=${LLVM_LIB:-/usr/lib/llvm-19/lib}
args=()
for a in "$@"; do
  case $a in
    -fopenmp-targets=jvm) args+=(-fopenmp-targets=x86_64-pc-linux-gnu) ;;
    *.src) args+=(-x c "$a" -x none) ;;
    *) args+=("$a") ;;
  esac
done
exec clang-19 "${args[@]}" -Wl,-rpath,"$lib" -Wno-unused-command-line-argument
