#!/usr/bin/env bash
# OpenMP runtime costs: empty parallel regions, barriers, recursive tasks (fib(27) with
# if(n > 12)), and a taskloop of 2e7 iterations with a reduction, each timed inside the program
# (omp_get_wtime) for gcc -O2 -fopenmp (libgomp), clang-19 -O2 -fopenmp (libomp) and jomp -O2
# -fopenmp, RUNS times alternating. OMP_NUM_THREADS is not set: the programs ask for 4 threads.
# Usage: runtime/bench/omp-tasks.sh [RUNS]   (default 3)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
runs=${1:-3}
work=$(mktemp -d "${TMPDIR:-/tmp}/jomp-omp-tasks.XXXXXX")
trap 'rm -rf "$work"' EXIT
gcc -O2 -fopenmp "$here/omp-tasks.c" -o "$work/gcc"
clang-19 -O2 -fopenmp "$here/omp-tasks.c" -o "$work/clang"
"$root/bin/jomp" -O2 -fopenmp "$here/omp-tasks.c" -o "$work/jomp"
echo "# $(date -u +%F) $(nproc) cores, runs=$runs"
for ((r = 0; r < runs; r++)); do
  for c in gcc clang jomp; do
    printf '%-6s ' "$c"
    LD_LIBRARY_PATH=/usr/lib/llvm-19/lib "$work/$c" 2>&1 >/dev/null
  done
done
