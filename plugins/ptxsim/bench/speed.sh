#!/usr/bin/env bash
# The PTX simulator's speed: simulated thread-instructions per second on one core, per kernel
# of kernels.c (SPMD triad, SPMD reduction, generic mode), from JOMP_PTXSIM_STATS.
# Usage: plugins/ptxsim/bench/speed.sh [elements=262144]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd); root=$(cd "$here/../../.." && pwd)
n=${1:-262144}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
"$root/bin/jomp" -O2 -fopenmp -fopenmp-targets=nvptx64 "$here/kernels.c" -o "$work/kernels"
# one simulator thread: taskset keeps the JVM's JIT and GC threads off the core that simulates only where asked
JOMP_PLUGINS=ptxsim JOMP_PTXSIM=1 JOMP_PTXSIM_STATS=1 OMP_TARGET_OFFLOAD=MANDATORY "$work/kernels" "$n" 2> "$work/stats.txt" > "$work/out.txt"
cat "$work/out.txt"
echo "# N=$n; $(nproc) cores; $(grep -m1 "model name" /proc/cpuinfo | cut -d: -f2 | xargs)"
printf '%-10s %16s %10s %22s\n' kernel thread-instrs seconds thread-instrs/s
i=0
for k in triad reduction generic; do
  i=$((i + 1))
  sed -n "${i}p" "$work/stats.txt" | sed -E 's/.*threads, ([0-9]+) thread-instructions in ([0-9.]+) s \(([0-9.e+]+) per second\)/\1 \2 \3/' \
    | awk -v k=$k '{ printf "%-10s %16d %10.3f %22.3g\n", k, $1, $2, $3 }'
done
