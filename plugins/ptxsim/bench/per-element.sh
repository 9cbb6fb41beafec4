#!/usr/bin/env bash
# Simulated thread-instructions per loop element of BabelStream's five kernels and zaxpy, jomp's
# PTX beside clang 19's for the same source, both executed by the PTX simulator with the same
# launch geometry, for two geometries: 4 x 128 (the simulator's default launch: few blocks, so each
# thread takes many elements, as with a grid of one block per multiprocessor on a GPU) and
# n/128 x 128 (one element per thread; for this trip count clang's runtime, and jomp's since session 7,
# launch 2,048 blocks of 32 threads: runtime/.../plugin/LaunchGeometry).
#   jomp:  bin/jomp -O2 -fopenmp -fopenmp-targets=nvptx64 --offload-arch=sm_90, run with
#          JOMP_PTXSIM=1 JOMP_PTXSIM_STATS=1 (each launch's thread-instructions).
#   clang: clang-19 -O3 -fopenmp --offload-arch=sm_90 -save-temps (the device bitcode with
#          LLVM's OpenMP device runtime linked in), then the device link's optimisation as
#          clang-nvlink-wrapper runs it (opt-19 -passes='lto<O3>', llc-19 -mcpu=sm_90), run by
#          ClangKernelCount (plugins/ptxsim's test classes) on the simulator.
# Usage: plugins/ptxsim/bench/per-element.sh [log2(n)=16]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd); root=$(cd "$here/../.." && cd .. && pwd)
lg=${1:-16}; n=$((1 << lg))
threads=128
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
rtl=/usr/lib/llvm-19/lib/libomptarget-nvptx-sm_90.bc
cp "$root/docs/examples/zaxpy.src" "$work/zaxpy.c"
cp "$root/plugins/jvm/bench/babelstream.c" "$work/babelstream.c"
cd "$work"
cp=$root/plugins/ptxsim/target/test-classes:$root/plugins/ptxsim/target/classes:$root/runtime/target/classes:$root/offload-abi/target/classes
[[ -d $root/plugins/ptxsim/target/test-classes ]] || { echo "build plugins/ptxsim's test classes first (bin/mvn -pl plugins/ptxsim -am test-compile)"; exit 1; }
java=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java

# zaxpy's size is fixed in its source (const size_t N = 1024)
zn=$(sed -n 's/.*const size_t N = \([0-9]*\).*/\1/p' zaxpy.c)
"$root/bin/jomp" -O2 -fopenmp -fopenmp-targets=nvptx64 --offload-arch=sm_90 babelstream.c -o bs-jomp
"$root/bin/jomp" -O2 -fopenmp -fopenmp-targets=nvptx64 --offload-arch=sm_90 zaxpy.c -o z-jomp
# clang 19: the device code after its device link
for src in babelstream zaxpy; do
  clang-19 -O3 -fopenmp --offload-arch=sm_90 --libomptarget-nvptx-bc-path="$rtl" -save-temps "$src.c" -o "$src-clang" 2> /dev/null
  opt-19 -passes='lto<O3>' "$src-openmp-nvptx64-nvidia-cuda-sm_90.bc" -o "$src-lto.bc"
  llc-19 -O3 -mcpu=sm_90 "$src-lto.bc" -o "$src-clang.ptx"
  ptxas -arch=sm_90 "$src-clang.ptx" -o /dev/null
done
count() { sed -E 's/.* ([0-9]+) thread-instructions.*/\1/'; }
for blocks in 4 $((n / threads)); do
  declare -A jomp clang
  # jomp: babelstream's launches are copy, mul, add, triad, dot (JOMP_PTXSIM_STATS: one line each)
  JOMP_PTXSIM=1 JOMP_PTXSIM_STATS=1 OMP_TARGET_OFFLOAD=MANDATORY OMP_NUM_TEAMS=$blocks OMP_TEAMS_THREAD_LIMIT=$threads \
    ./bs-jomp "$lg" 1 > bs-jomp.out 2> bs-jomp.err
  grep -q "check  ok" bs-jomp.out || { echo "jomp's babelstream failed its check"; cat bs-jomp.out; exit 1; }
  i=0
  for k in copy mul add triad dot; do
    i=$((i + 1)); jomp[$k]=$(grep 'ptxsim: kernel' bs-jomp.err | sed -n "${i}p" | count)
  done
  zb=$(( blocks * threads > zn ? (zn + threads - 1) / threads : blocks ))   # no more threads than zaxpy's elements
  JOMP_PTXSIM=1 JOMP_PTXSIM_STATS=1 OMP_TARGET_OFFLOAD=MANDATORY OMP_NUM_TEAMS=$zb OMP_TEAMS_THREAD_LIMIT=$threads \
    ./z-jomp > z-jomp.out 2> z-jomp.err
  jomp[zaxpy]=$(grep 'ptxsim: kernel' z-jomp.err | tail -1 | count)
  "$java" --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow -cp "$cp" jomp.plugin.ptxsim.ClangKernelCount babelstream-clang.ptx "$n" "$blocks" "$threads" > bs-clang.txt
  "$java" --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow -cp "$cp" jomp.plugin.ptxsim.ClangKernelCount zaxpy-clang.ptx "$zn" "$zb" "$threads" > z-clang.txt
  i=0
  for k in copy mul add triad dot; do
    i=$((i + 1)); clang[$k]=$(sed -n "${i}p" bs-clang.txt | awk '{print $2}')
  done
  clang[zaxpy]=$(tail -1 z-clang.txt | awk '{print $2}')
  echo "# thread-instructions per element on the PTX simulator, $blocks blocks x $threads threads (zaxpy: $zb); n = $n (zaxpy: $zn)"
  printf '%-7s %10s %10s %7s\n' kernel jomp clang-19 ratio
  for k in copy mul add triad dot zaxpy; do
    e=$n; [[ $k == zaxpy ]] && e=$zn
    awk -v k=$k -v j=${jomp[$k]} -v c=${clang[$k]} -v e=$e 'BEGIN { printf "%-7s %10.2f %10.2f %7.2f\n", k, j / e, c / e, j / c }'
  done
  unset jomp clang
done
