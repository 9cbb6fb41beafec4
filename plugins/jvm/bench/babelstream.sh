#!/usr/bin/env bash
# BabelStream-style bandwidth: jomp's jvm device vs gcc -O3 -fopenmp on the host, same machine,
# same run, side by side. Usage: plugins/jvm/bench/babelstream.sh [log2(N)=25] [repetitions=20]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd); root=$(cd "$here/../../.." && pwd)
lg=${1:-25}; reps=${2:-20}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
gcc -O3 -fopenmp "$here/babelstream.c" -o "$work/gcc"
"$root/bin/jomp" -O2 -fopenmp-targets=jvm "$here/babelstream.c" -o "$work/jomp"
echo "# N=2^$lg doubles, best of $reps; cores: $(nproc); OMP_NUM_THREADS=${OMP_NUM_THREADS:-unset}"
"$work/gcc" "$lg" "$reps" > "$work/gcc.txt"
"$work/jomp" "$lg" "$reps" > "$work/jomp.txt"
printf '%-6s %14s %14s %7s\n' kernel "gcc MB/s" "jomp MB/s" ratio
paste "$work/gcc.txt" "$work/jomp.txt" | awk '$1 != "check" { printf "%-6s %14.1f %14.1f %7.2f\n", $1, $2, $5, $5 / $2 }'
grep check "$work/gcc.txt" | sed 's/^/gcc:  /'; grep check "$work/jomp.txt" | sed 's/^/jomp: /'
