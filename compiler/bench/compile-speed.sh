#!/usr/bin/env bash
# Compile speed: generated 10,000- and 100,000-line programs (gen-program.py) compiled with
# `bin/jomp -c` in a fresh JVM each time (cold), with the compiler proper run repeatedly in one
# JVM (warm, WarmCompile.java), and with `clang-19 -O0 -c` and `gcc -O0 -c` side by side.
# Prints median wall times, the ratios to clang and gcc, and the 100k/10k growth (linear ≈ 10).
# Usage: compiler/bench/compile-speed.sh [RUNS]   (default 3 cold runs; warm runs 2*RUNS+4)
# JOMP_WARM_OPTS adds JVM options to the warm JVM (e.g. -Xmn2g, to show the GC effect).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
runs=${1:-3}
work=$(mktemp -d "${TMPDIR:-/tmp}/jomp-compile-speed.XXXXXX")
trap 'rm -rf "$work"' EXIT
source "$root/bin/jomp-java.sh"
jomp_find_java && jomp_require_build

median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
wall() { local t0 t1; t0=$(date +%s%N); "$@" >/dev/null; t1=$(date +%s%N); echo "scale=3; ($t1 - $t0) / 1000000000" | bc; }
timed() { local ts=() r; for ((r = 0; r < runs; r++)); do ts+=("$(wall "$@")"); done; median "${ts[@]}"; }

echo "# $(date -u +%F) $(nproc) cores, runs=$runs; $(clang-19 --version | head -1); $(gcc --version | head -1)"
printf '%-7s %8s %8s %8s %8s %10s %10s\n' lines jomp-cold jomp-warm clang-O0 gcc-O0 cold/clang cold/gcc
declare -A cold warm
for lines in 10000 100000; do
  src="$work/p$lines.c"
  python3 "$here/gen-program.py" "$lines" >"$src"
  n=$(wc -l <"$src")
  cold[$lines]=$(JOMP_SERVER=0 timed "$root/bin/jomp" -c "$src" -o "$work/j.o")   # no compile server: a JVM of its own
  warm[$lines]=$("$JOMP_JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED -XX:+UseSerialGC -Xss16m ${JOMP_WARM_OPTS:-} \
      -cp "$jomp_lib/*" "$here/WarmCompile.java" $((2 * runs + 4)) "$src" "$work/w.o")
  c=$(timed clang-19 -O0 -w -c "$src" -o "$work/c.o")
  g=$(timed gcc -O0 -w -c "$src" -o "$work/g.o")
  printf '%-7s %7.2fs %7.2fs %7.2fs %7.2fs %9.2fx %9.2fx\n' "$n" "${cold[$lines]}" "${warm[$lines]}" "$c" "$g" \
    "$(echo "scale=3; ${cold[$lines]} / $c" | bc)" "$(echo "scale=3; ${cold[$lines]} / $g" | bc)"
done
printf 'growth 100k/10k: cold %.1fx, warm %.1fx (linear = 10)\n' \
  "$(echo "scale=3; ${cold[100000]} / ${cold[10000]}" | bc)" "$(echo "scale=3; ${warm[100000]} / ${warm[10000]}" | bc)"
