#!/usr/bin/env bash
# BabelStream-style bandwidth: jomp's jvm device against gcc -O3 -fopenmp and clang-19 -O3
# -fopenmp on the host (libgomp's and libomp's threads), same machine, same run, side by side:
# the three executables run in turn ROUNDS times (each run times every kernel REPS times and
# keeps its best), and the table gives each kernel's median over the rounds and the ratios of
# jomp's median to gcc's and to clang's (and of jomp's best run to gcc's best).
#
# Usage: plugins/jvm/bench/babelstream.sh [-t THREADS] [-n ROUNDS] [LG=25] [REPS=20]
#   LG        arrays of 2^LG doubles (25: 256 MiB each, far beyond any cache)
#   REPS      repetitions of each kernel in one run (the first ones warm the JIT up)
#   -t T      T threads for all: OMP_NUM_THREADS=T for gcc and clang, and the jvm device sees
#             T cores (its default is a team per core); when T is below the machine's cores
#             the programs are also pinned to the first T of them with taskset
#   -n N      rounds (default 5)
# Environment:
#   JOMP_EXE  a jvm-device executable built earlier by `jomp -O2 -fopenmp-targets=jvm
#             babelstream.c` (on a machine without jomp, e.g. the GPU machine; it needs a Java
#             25 runtime: JAVA_HOME, see /work/shared/gpu/make-jre.sh)
#   GCC_EXE   a `gcc -O3 -fopenmp babelstream.c` executable built earlier (else gcc builds it)
#   CLANG_EXE a `clang-19 -O3 -fopenmp babelstream.c` executable built earlier (else clang-19
#             builds it; CLANG_EXE=none leaves clang out, e.g. where there is no libomp)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd); root=$(cd "$here/../../.." && pwd)
threads=""; rounds=5
while getopts t:n: o; do
  case $o in t) threads=$OPTARG;; n) rounds=$OPTARG;; *) echo "usage: $0 [-t THREADS] [-n ROUNDS] [LG] [REPS]" >&2; exit 2;; esac
done
shift $((OPTIND - 1))
lg=${1:-25}; reps=${2:-20}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

gcc_exe=${GCC_EXE:-$work/gcc}
[[ -n ${GCC_EXE:-} ]] || gcc -O3 -fopenmp "$here/babelstream.c" -o "$gcc_exe"
clang_exe=${CLANG_EXE:-$work/clang}
[[ -n ${CLANG_EXE:-} ]] || clang-19 -O3 -fopenmp "$here/babelstream.c" -o "$clang_exe"
jomp_exe=${JOMP_EXE:-$work/jomp}
[[ -n ${JOMP_EXE:-} ]] || "$root/bin/jomp" -O2 -fopenmp-targets=jvm "$here/babelstream.c" -o "$jomp_exe"

cores=$(nproc)
pin=()
if [[ -n $threads ]]; then
  export OMP_NUM_THREADS=$threads
  if (( threads < cores )) && command -v taskset >/dev/null; then pin=(taskset -c "0-$((threads - 1))"); fi
fi
load() { cut -d' ' -f1-3 /proc/loadavg; }
echo "# $(date -u +%FT%TZ) N=2^$lg doubles, best of $reps per run, $rounds rounds alternating; cores: $cores;" \
     "threads: ${threads:-all} ${pin[*]:+(${pin[*]})}; load average before: $(load)"

# each run: "kernel MB/s" lines and a check line; a failed check stops the benchmark
for r in $(seq "$rounds"); do
  order=(gcc clang jomp); (( r % 2 == 0 )) && order=(jomp clang gcc)   # alternate who goes first
  for who in "${order[@]}"; do
    case $who in gcc) exe=$gcc_exe;; clang) exe=$clang_exe;; jomp) exe=$jomp_exe;; esac
    [[ $exe == none ]] && continue
    "${pin[@]}" "$exe" "$lg" "$reps" > "$work/$who.$r.txt"
    grep -q '^check  ok' "$work/$who.$r.txt" || { echo "$who: check failed:" >&2; cat "$work/$who.$r.txt" >&2; exit 1; }
  done
done

printf '%-6s %11s %11s %11s %9s %11s %9s\n' kernel "gcc MB/s" "clang MB/s" "jomp MB/s" "jomp/gcc" "jomp/clang" "best/best"
for k in copy mul add triad dot; do
  col() { cat "$work"/$1.*.txt 2>/dev/null | awk -v k=$k '$1 == k { print $2 }' | sort -g | tr '\n' ' '; }
  awk -v k=$k -v g="$(col gcc)" -v c="$(col clang)" -v j="$(col jomp)" '
    function med(s,   a, n) { n = split(s, a, " "); return n == 0 ? 0 : n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
    function best(s,   a, n) { n = split(s, a, " "); return a[n] }
    function ratio(x, y) { return y == 0 ? "-" : sprintf("%.2f", x / y) }
    BEGIN { printf "%-6s %11.1f %11.1f %11.1f %9s %11s %9s\n", k, med(g), med(c), med(j), ratio(med(j), med(g)), ratio(med(j), med(c)), ratio(best(j), best(g)) }'
done
echo "# load average after: $(load)"
