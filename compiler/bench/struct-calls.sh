#!/usr/bin/env bash
# Struct arguments and results by value: compiler/bench/struct/*.c (complex multiplication through
# `C mul(C a, C b)` in a loop) built with `gcc -O2` and `bin/jomp -O2`, outputs compared, run RUNS
# times alternating (gcc, jomp, gcc, ...); prints the median wall times and their ratio, and the
# median CPU times (user + system: on a loaded machine the steadier figure; jomp's includes the
# JIT compiler's threads) and theirs.
# Usage: compiler/bench/struct-calls.sh [N] [RUNS]   (default 100,000,000 calls, 5 runs; JOMP_JAVA_OPTS is passed through)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
n=${1:-100000000}
runs=${2:-5}
work=$(mktemp -d "${TMPDIR:-/tmp}/jomp-struct-calls.XXXXXX")
trap 'rm -rf "$work"' EXIT

run() {   # one run: "wall cpu" in seconds; its output goes to $1
  local out=$1; shift
  /usr/bin/time -f '%e %U %S' -o "$out.time" "$@" >"$out"
  awk '{printf "%.3f %.3f\n", $1, $2 + $3}' "$out.time"
}
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

echo "# $(date -u +%F) $(nproc) cores, $(gcc --version | head -1), n=$n, runs=$runs, JOMP_JAVA_OPTS='${JOMP_JAVA_OPTS:-}'"
printf '%-10s %10s %10s %8s %10s %10s %8s\n' program gcc-wall jomp-wall ratio gcc-cpu jomp-cpu ratio
for src in "$here"/struct/*.c; do
  p=$(basename "$src" .c)
  gcc -O2 -w -o "$work/$p.gcc" "$src"
  "$root/bin/jomp" -O2 -o "$work/$p.jomp" "$src"
  gw=(); jw=(); gc=(); jc=()
  for ((r = 0; r < runs; r++)); do
    read -r w c < <(run "$work/$p.gcc.out" "$work/$p.gcc" "$n"); gw+=("$w"); gc+=("$c")
    read -r w c < <(run "$work/$p.jomp.out" "$work/$p.jomp" "$n"); jw+=("$w"); jc+=("$c")
    cmp -s "$work/$p.gcc.out" "$work/$p.jomp.out" || { echo "$p: outputs differ" >&2; diff "$work/$p.gcc.out" "$work/$p.jomp.out" >&2; exit 1; }
  done
  a=$(median "${gw[@]}"); b=$(median "${jw[@]}"); c=$(median "${gc[@]}"); d=$(median "${jc[@]}")
  printf '%-10s %9.2fs %9.2fs %7.2fx %9.2fs %9.2fs %7.2fx\n' "$p" "$a" "$b" "$(echo "scale=2; $b / $a" | bc)" "$c" "$d" "$(echo "scale=2; $d / $c" | bc)"
done
