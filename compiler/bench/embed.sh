#!/usr/bin/env bash
# #embed of a large file: compiles a program that embeds SIZE random bytes (default 1 MiB) and
# the same program with a 3-byte table, with `bin/jomp -std=c23 -c` and clang-19, RUNS times
# alternating; prints the median wall seconds of each (the difference is what the bytes cost).
# The jomp build's output is run once and checked against clang-19's.
# Usage: compiler/bench/embed.sh [RUNS] [SIZE]   (defaults 5 and 1048576)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
runs=${1:-5}
size=${2:-1048576}
work=$(mktemp -d "${TMPDIR:-/tmp}/jomp-embed.XXXXXX")
trap 'rm -rf "$work"' EXIT
head -c "$size" /dev/urandom >"$work/data.bin"
main='int main(void) { unsigned s = 0; for (unsigned i = 0; i < sizeof d; i++) s = s * 31 + d[i]; printf("%zu %u\n", sizeof d, s); return 0; }'
printf '#include <stdio.h>\nstatic const unsigned char d[] = {\n#embed "data.bin"\n};\n%s\n' "$main" >"$work/big.c"
printf '#include <stdio.h>\nstatic const unsigned char d[] = {1, 2, 3};\n%s\n' "$main" >"$work/small.c"
cd "$work"
"$root/bin/jomp" -std=c23 big.c -o big.jomp && clang-19 -std=c23 big.c -o big.clang
[ "$(./big.jomp)" = "$(./big.clang)" ] || { echo "jomp's and clang's builds differ" >&2; exit 1; }
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
t() { { /usr/bin/time -f '%e' "$@" >/dev/null; } 2>&1 | tail -1; }
declare -A times
for ((r = 0; r < runs; r++)); do
  for p in small big; do
    times[jomp-$p]+="$(t "$root/bin/jomp" -std=c23 -c $p.c -o $p.o) "
    times[clang-$p]+="$(t clang-19 -std=c23 -c $p.c -o $p.o) "
  done
done
echo "# $(date -u +%F) $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $size bytes, runs=$runs"
for k in jomp-small jomp-big clang-small clang-big; do
  # shellcheck disable=SC2086
  printf '%-12s %6.3f s\n' "$k" "$(median ${times[$k]})"
done
