#!/usr/bin/env bash
# The bit builtins (ctz, clz, popcount, bswap) in hot loops: each program in bits/ built with
# `gcc -O2` and `bin/jomp -O2` (and, with BASELINE=/path/to/other/checkout, that checkout's
# bin/jomp -O2 too), outputs compared, then run RUNS times alternating (gcc, jomp[, baseline],
# gcc, ...). Prints the median wall and CPU (user + sys) seconds of each and the ratios to gcc.
# Usage: compiler/bench/bits.sh [RUNS]   (default 5; JOMP_JAVA_OPTS is passed through)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
runs=${1:-5}
work=$(mktemp -d "${TMPDIR:-/tmp}/jomp-bits.XXXXXX")
trap 'rm -rf "$work"' EXIT

builds=(gcc jomp)
[ -n "${BASELINE:-}" ] && builds+=(base)
# One run: "wall cpu" in seconds; the output goes to $2.
run() {
  local t
  t=$( { /usr/bin/time -f '%e %U %S' "$1" >"$2"; } 2>&1 | tail -1)
  echo "$t" | awk '{printf "%.3f %.3f\n", $1, $2 + $3}'
}
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

echo "# $(date -u +%F) $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(gcc --version | head -1), runs=$runs${BASELINE:+, baseline=$BASELINE}"
printf '%-10s %-6s %9s %9s %9s %9s\n' program build wall cpu wall/gcc cpu/gcc
for src in "$here"/bits/*.c; do
  p=$(basename "$src" .c)
  gcc -O2 -w -o "$work/$p.gcc" "$src" -lm
  "$root/bin/jomp" -O2 -o "$work/$p.jomp" "$src"
  [ -n "${BASELINE:-}" ] && "$BASELINE/bin/jomp" -O2 -o "$work/$p.base" "$src"
  declare -A wall=() cpu=()
  for ((r = 0; r < runs; r++)); do
    for b in "${builds[@]}"; do
      read -r w c < <(run "$work/$p.$b" "$work/$p.$b.out")
      wall[$b]+="$w "; cpu[$b]+="$c "
      cmp -s "$work/$p.gcc.out" "$work/$p.$b.out" || { echo "$p: $b's output differs from gcc's" >&2; exit 1; }
    done
  done
  gw=$(median ${wall[gcc]}); gc=$(median ${cpu[gcc]})
  for b in "${builds[@]}"; do
    w=$(median ${wall[$b]}); c=$(median ${cpu[$b]})
    printf '%-10s %-6s %8.2fs %8.2fs %8.2fx %8.2fx\n' "$p" "$b" "$w" "$c" "$(echo "scale=3; $w / $gw" | bc)" "$(echo "scale=3; $c / $gc" | bc)"
  done
  unset wall cpu
done
