#!/usr/bin/env bash
# Computed goto against a switch: compiler/bench/dispatch/dispatch.c, an
# interpreter of 690M bytecode operations, built with THREADED=1 (goto *ops[op] after each
# handler) and THREADED=0 (a switch in a loop) by gcc -O2 and by jomp -O2, run RUNS times
# alternating; each run prints its own time (the interpreter only) and the result, which must
# be the same for all four builds.
# Usage: compiler/bench/dispatch.sh [RUNS]   (default 3)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
runs=${1:-3}
work=$(mktemp -d "${TMPDIR:-/tmp}/jomp-dispatch.XXXXXX")
trap 'rm -rf "$work"' EXIT
for t in 1 0; do
  gcc -O2 -DTHREADED=$t "$here/dispatch/dispatch.c" -o "$work/gcc-$t"
  "$root/bin/jomp" -O2 -DTHREADED=$t "$here/dispatch/dispatch.c" -o "$work/jomp-$t"
done
echo "# $(date -u +%F) $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg), runs=$runs"
for ((r = 0; r < runs; r++)); do
  for b in gcc-1 gcc-0 jomp-1 jomp-0; do
    printf '%-7s ' "$b"
    out=$("$work/$b" 2>"$work/time")
    printf '%s  (result %s)\n' "$(cat "$work/time")" "$out"
  done
done
