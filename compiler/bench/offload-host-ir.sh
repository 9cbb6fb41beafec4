#!/usr/bin/env bash
# What an offloading build costs beyond a plain one on a large unit: the generated 10,000- and
# 100,000-line programs of compile-speed.sh (gen-program.py, no target regions, so the device
# half is empty and the difference is the host IR's trip between the jobs: written by the host
# IR job, read by the device compile and by the host back end) compiled with
# `jomp -O2 -fopenmp -fopenmp-targets=jvm -c` and with `jomp -O2 -fopenmp -c`, each in a JVM of
# its own (JOMP_SERVER=0), median of RUNS wall times, and their ratio.
# Usage: compiler/bench/offload-host-ir.sh [RUNS=3]; JOMP_ROOTS="<checkout> <checkout>..." measures
# other builds, interleaved (each program, each build, then the next program), for before/after.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
roots=${JOMP_ROOTS:-$(cd "$here/../.." && pwd)}
runs=${1:-3}
work=$(mktemp -d "${TMPDIR:-/tmp}/jomp-offload-host-ir.XXXXXX")
trap 'rm -rf "$work"' EXIT
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
wall() { local t0 t1; t0=$(date +%s%N); "$@" >/dev/null; t1=$(date +%s%N); echo "scale=3; ($t1 - $t0) / 1000000000" | bc; }
timed() { local ts=() r; for ((r = 0; r < runs; r++)); do ts+=("$(wall "$@")"); done; median "${ts[@]}"; }
echo "# $(date -u +%F) $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg), runs=$runs"
printf '%-7s %12s %12s %8s  %s\n' lines offload-jvm plain ratio build
for lines in 10000 100000; do
  src="$work/p$lines.c"
  python3 "$here/gen-program.py" "$lines" >"$src"
  for root in $roots; do
    o=$(JOMP_SERVER=0 timed "$root/bin/jomp" -O2 -fopenmp -fopenmp-targets=jvm -c "$src" -o "$work/o.o")
    p=$(JOMP_SERVER=0 timed "$root/bin/jomp" -O2 -fopenmp -c "$src" -o "$work/p.o")
    printf '%-7s %11.2fs %11.2fs %7.2fx  %s\n' "$(wc -l <"$src")" "$o" "$p" "$(echo "scale=3; $o / $p" | bc)" "$root"
  done
done
