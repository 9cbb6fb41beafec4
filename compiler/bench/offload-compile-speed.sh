#!/usr/bin/env bash
# Compile time of an offloading compile: `jomp -fopenmp-targets=jvm -c zaxpy.src` (on the warm
# compile server, which is bin/jomp's default, and in a JVM of its own with JOMP_SERVER=0) against
# `clang-19 -fopenmp --offload-arch=sm_90 -c` on the same source, interleaved in one run, wall time
# per compile (median of N). The server is private to the run (JOMP_SERVER_DIR) and warmed by
# five compiles first; it is stopped at the end. clang-19 gets -nogpulib because Debian's LLVM 19 lacks the nvptx
# device library (libomptarget-nvptx-sm_90.bc); its device code still goes through ptxas.
# Usage: compiler/bench/offload-compile-speed.sh [N=15]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
n=${1:-15}
work=$(mktemp -d); trap 'rm -f "$work"/server/server-*; sleep 1; rm -rf "$work"' EXIT
export JOMP_SERVER_DIR=$work/server
cp "$root/docs/examples/zaxpy.src" "$work/zaxpy.src"; cp "$work/zaxpy.src" "$work/zaxpy.c"
cd "$work"
t() { local s e; s=$(date +%s.%N); "$@" >/dev/null 2>&1; e=$(date +%s.%N); echo "$e - $s" | bc; }
"$root/bin/jomp" -fopenmp-targets=jvm zaxpy.src -c -o j.o   # starts the server
for i in $(seq 50); do compgen -G "$JOMP_SERVER_DIR/server-*[^gk]" >/dev/null && break; sleep 0.1; done
for i in 1 2 3 4 5; do "$root/bin/jomp" -fopenmp-targets=jvm zaxpy.src -c -o j.o; done
j=(); s=(); c=(); g=()
for i in $(seq "$n"); do
  j+=("$(t "$root/bin/jomp" -fopenmp-targets=jvm zaxpy.src -c -o j.o)")
  g+=("$(t "$root/bin/jomp" -fopenmp-targets=nvptx64 --offload-arch=sm_90 zaxpy.src -c -o g.o)")
  s+=("$(JOMP_SERVER=0 t "$root/bin/jomp" -fopenmp-targets=jvm zaxpy.src -c -o s.o)")
  c+=("$(t clang-19 -fopenmp --offload-arch=sm_90 -nogpulib -c zaxpy.c -o c.o)")
done
cmp -s j.o s.o || { echo "the server's object differs from the one of a JVM of its own" >&2; exit 1; }
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
mj=$(median "${j[@]}"); ms=$(median "${s[@]}"); mc=$(median "${c[@]}"); mg=$(median "${g[@]}")
printf 'jomp -fopenmp-targets=jvm -c (compile server)   %.3f s (median of %d)\n' "$mj" "$n"
printf 'same, JOMP_SERVER=0 (a JVM of its own)          %.3f s\n' "$ms"
printf 'jomp -fopenmp-targets=nvptx64 --offload-arch=sm_90 -c (server, runs ptxas as clang does)  %.3f s\n' "$mg"
printf 'clang-19 --offload-arch=sm_90 -c                %.3f s\n' "$mc"
printf 'ratio jomp/clang: server %.2f, own JVM %.2f, nvptx on the server %.2f\n' "$(echo "$mj / $mc" | bc -l)" "$(echo "$ms / $mc" | bc -l)" "$(echo "$mg / $mc" | bc -l)"
