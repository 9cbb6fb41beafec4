#!/usr/bin/env bash
# Atomics on the host (bench/atomics/atomics.c, 2 threads by default: one per core here): the same program built by two jomp
# builds (before and after a change, e.g. a `git archive` of the older commit built with
# `bin/mvn -q -B -o -DskipTests package`) and by gcc -O2 -fopenmp, run side by side in one go;
# prints each kernel's best-of-3 seconds and the ratios. The results line must agree with gcc's.
# Usage: compiler/bench/atomics.sh BEFORE_ROOT [AFTER_ROOT] [THREADS]  (AFTER_ROOT: this checkout)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
before=${1:?usage: atomics.sh BEFORE_ROOT [AFTER_ROOT] [THREADS]}
after=${2:-$(cd "$here/../.." && pwd)}
threads=${3:-2}
work=$(mktemp -d "${TMPDIR:-/tmp}/jomp-atomics.XXXXXX")
trap 'rm -rf "$work"' EXIT
src="$here/atomics/atomics.c"
JOMP_SERVER=0 "$before/bin/jomp" -O2 -fopenmp "$src" -o "$work/before"
JOMP_SERVER=0 "$after/bin/jomp" -O2 -fopenmp "$src" -o "$work/after"
gcc -O2 -fopenmp "$src" -o "$work/gcc"
for v in gcc before after; do "$work/$v" "$threads" >"$work/$v.out"; done
for v in before after; do
  if ! diff <(grep '^result' "$work/gcc.out") <(grep '^result' "$work/$v.out") >/dev/null; then
    echo "results differ from gcc ($v):"; grep '^result' "$work/gcc.out" "$work/$v.out"; exit 1
  fi
done
echo "# $(date -u +%F) $(nproc) cores, $threads threads; $(gcc --version | head -1)"
printf '%-10s %9s %9s %9s %13s %11s\n' kernel before after gcc before/after after/gcc
for k in histogram dsum capture mul-cas reduction; do
  b=$(awk -v k="$k" '$1 == "time" && $2 == k {print $3}' "$work/before.out")
  a=$(awk -v k="$k" '$1 == "time" && $2 == k {print $3}' "$work/after.out")
  g=$(awk -v k="$k" '$1 == "time" && $2 == k {print $3}' "$work/gcc.out")
  printf '%-10s %8.4fs %8.4fs %8.4fs %12.2fx %10.2fx\n' "$k" "$b" "$a" "$g" "$(echo "scale=4; $b / $a" | bc)" "$(echo "scale=4; $a / $g" | bc)"
done
