#!/usr/bin/env bash
# Round trip of an empty target region: jomp's jvm device vs clang 19's libomptarget with its
# host (x86_64) plugin, which also copies to separate device memory, and gcc's host fallback.
# Usage: plugins/jvm/bench/empty-target.sh [launches=200000]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd); root=$(cd "$here/../../.." && pwd)
n=${1:-200000}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
"$root/bin/jomp" -O2 -fopenmp-targets=jvm "$here/empty-target.c" -o "$work/jomp"
clang-19 -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu "$here/empty-target.c" -o "$work/clang"
gcc -O2 -fopenmp "$here/empty-target.c" -o "$work/gcc"
echo "# $n launches each"
echo "## jomp (jvm device)"; "$work/jomp" "$n"
echo "## clang-19 (libomptarget, x86_64 host plugin)"; LD_LIBRARY_PATH=/usr/lib/llvm-19/lib "$work/clang" "$n"
echo "## gcc (host fallback, no device)"; "$work/gcc" "$n"
