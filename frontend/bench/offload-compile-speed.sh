#!/usr/bin/env bash
# Compile time of an offloading compile: `jomp -fopenmp-targets=jvm -c zaxpy.src` against
# `clang-19 -fopenmp --offload-arch=sm_90 -c` on the same source, interleaved in one run, wall time
# per compile (median of N). clang-19 gets -nogpulib because Debian's LLVM 19 lacks the nvptx
# device library (libomptarget-nvptx-sm_90.bc); its device code still goes through ptxas.
# Usage: frontend/bench/offload-compile-speed.sh [N=15]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
n=${1:-15}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cp "$root/docs/examples/zaxpy.src" "$work/zaxpy.src"; cp "$work/zaxpy.src" "$work/zaxpy.c"
cd "$work"
t() { local s e; s=$(date +%s.%N); "$@" >/dev/null 2>&1; e=$(date +%s.%N); echo "$e - $s" | bc; }
j=(); c=()
for i in $(seq "$n"); do
  j+=("$(t "$root/bin/jomp" -fopenmp-targets=jvm zaxpy.src -c -o j.o)")
  c+=("$(t clang-19 -fopenmp --offload-arch=sm_90 -nogpulib -c zaxpy.c -o c.o)")
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
mj=$(median "${j[@]}"); mc=$(median "${c[@]}")
printf 'jomp -fopenmp-targets=jvm -c        %.3f s (median of %d)\n' "$mj" "$n"
printf 'clang-19 --offload-arch=sm_90 -c    %.3f s\n' "$mc"
printf 'ratio jomp/clang                    %.2f\n' "$(echo "$mj / $mc" | bc -l)"
