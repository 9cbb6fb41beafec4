#!/usr/bin/env bash
# Host code speed: each program in programs/ built with `gcc -O2` and `bin/jomp -O2`, outputs
# compared, then run RUNS times alternating (gcc, jomp, gcc, jomp, ...). Prints the median wall
# time of each, the ratio jomp/gcc, and the geometric mean of the ratios. With
# BASELINE=/path/to/other/checkout, that checkout's bin/jomp -O2 builds run in the same rotation
# (gcc, jomp, baseline, ...) and get columns of their own.
# Usage: compiler/bench/host-speed.sh [RUNS]   (default 3; JOMP_JAVA_OPTS is passed through)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
runs=${1:-3}
work=$(mktemp -d "${TMPDIR:-/tmp}/jomp-host-speed.XXXXXX")
trap 'rm -rf "$work"' EXIT

# Wall time of one run in seconds; the output goes to $2.
wall() {
  local t0 t1
  t0=$(date +%s%N); "$1" >"$2"; t1=$(date +%s%N)
  echo "scale=3; ($t1 - $t0) / 1000000000" | bc
}
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

echo "# $(date -u +%F) $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(gcc --version | head -1), runs=$runs, JOMP_JAVA_OPTS='${JOMP_JAVA_OPTS:-}'${BASELINE:+, baseline=$BASELINE}"
if [ -n "${BASELINE:-}" ]; then
  printf '%-10s %10s %10s %8s %10s %8s\n' program gcc-O2 jomp-O2 ratio base-O2 ratio
else
  printf '%-10s %10s %10s %8s\n' program gcc-O2 jomp-O2 ratio
fi
logsum=0; blogsum=0; n=0
for src in "$here"/programs/*.c; do
  p=$(basename "$src" .c)
  gcc -O2 -w -o "$work/$p.gcc" "$src" -lm
  "$root/bin/jomp" -O2 -o "$work/$p.jomp" "$src"
  [ -n "${BASELINE:-}" ] && "$BASELINE/bin/jomp" -O2 -o "$work/$p.base" "$src"
  g=(); j=(); b=()
  for ((r = 0; r < runs; r++)); do
    g+=("$(wall "$work/$p.gcc" "$work/$p.gcc.out")")
    j+=("$(wall "$work/$p.jomp" "$work/$p.jomp.out")")
    cmp -s "$work/$p.gcc.out" "$work/$p.jomp.out" || { echo "$p: outputs differ" >&2; diff "$work/$p.gcc.out" "$work/$p.jomp.out" >&2; exit 1; }
    if [ -n "${BASELINE:-}" ]; then
      b+=("$(wall "$work/$p.base" "$work/$p.base.out")")
      cmp -s "$work/$p.gcc.out" "$work/$p.base.out" || { echo "$p: baseline's output differs" >&2; exit 1; }
    fi
  done
  gm=$(median "${g[@]}"); jm=$(median "${j[@]}")
  ratio=$(echo "scale=2; $jm / $gm" | bc)
  logsum=$(echo "scale=6; $logsum + l($jm / $gm)" | bc -l); n=$((n + 1))
  if [ -n "${BASELINE:-}" ]; then
    bm=$(median "${b[@]}")
    printf '%-10s %9.2fs %9.2fs %7.2fx %9.2fs %7.2fx\n' "$p" "$gm" "$jm" "$ratio" "$bm" "$(echo "scale=2; $bm / $gm" | bc)"
    blogsum=$(echo "scale=6; $blogsum + l($bm / $gm)" | bc -l)
  else
    printf '%-10s %9.2fs %9.2fs %7.2fx\n' "$p" "$gm" "$jm" "$ratio"
  fi
done
if [ -n "${BASELINE:-}" ]; then
  printf '%-10s %32.2fx %18.2fx\n' geomean "$(echo "scale=6; e($logsum / $n)" | bc -l)" "$(echo "scale=6; e($blogsum / $n)" | bc -l)"
else
  printf '%-10s %32.2fx\n' geomean "$(echo "scale=6; e($logsum / $n)" | bc -l)"
fi
