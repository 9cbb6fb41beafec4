#!/bin/sh
# The cost of native calls from jomp code against a C-to-C call under gcc -O2
# (docs/PERFORMANCE.md §7): the same program (native/bench.c) built by gcc -O2 and by jomp -O2,
# both calling the same gcc-built shared library (native/benchlib.c), run side by side.
# Usage: linker-wrapper/bench/native-calls.sh [runs]   (from the repository root, after
# bin/mvn -q -B -DskipTests package); each run prints both builds' best ns per call and the ratio.
set -e
runs=${1:-1}
root=$(cd "$(dirname "$0")/../.." && pwd)
work=${TMPDIR:-/tmp}/jomp-native-bench
mkdir -p "$work"
src="$root/linker-wrapper/bench/native"
gcc -O2 -shared -fPIC "$src/benchlib.c" -o "$work/libbench.so"
gcc -O2 "$src/bench.c" -L"$work" -lbench -Wl,-rpath,"$work" -o "$work/bench-gcc"
"$root/bin/jomp" -O2 "$src/bench.c" -L"$work" -lbench -Wl,-rpath,"$work" -o "$work/bench-jomp"
i=0
while [ "$i" -lt "$runs" ]; do
  i=$((i + 1))
  "$work/bench-gcc" > "$work/gcc.txt"
  "$work/bench-jomp" > "$work/jomp.txt"
  if ! cmp -s "$work/gcc.txt" "$work/jomp.txt" && [ "$(tail -1 "$work/gcc.txt")" != "$(tail -1 "$work/jomp.txt")" ]; then
    echo "the two builds computed different results" >&2; exit 1
  fi
  echo "run $i (load $(cut -d' ' -f1 /proc/loadavg)):"
  printf '%-30s %12s %12s %8s\n' call gcc-O2 jomp-O2 ratio
  paste "$work/gcc.txt" "$work/jomp.txt" | grep 'ns/call' | awk -F'\t' '{
    split($1, g, "  +"); n = split($1, gw, " "); m = split($2, jw, " ");
    name = $1; sub(/ +[0-9]+ calls.*/, "", name);
    gt = gw[n-1]; jt = jw[m-1];
    printf "%-30s %9.2f ns %9.2f ns %7.2fx\n", name, gt, jt, jt / gt }'
done

# What the first native call adds to start-up: a program that only prints, and the same program
# calling one glibc function jomp's runtime does not have (FFM's initialisation, then the call).
cat > "$work/start-java.c" <<'C'
#include <stdio.h>
int main(void) { printf("hello %d\n", 42); return 0; }
C
cat > "$work/start-native.c" <<'C'
#include <stdio.h>
int strverscmp(const char *, const char *);
int main(void) { printf("hello %d\n", strverscmp("a1", "a2") < 0 ? 42 : 0); return 0; }
C
for p in start-java start-native; do "$root/bin/jomp" -O2 "$work/$p.c" -o "$work/$p"; done
median() { sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
for p in start-java start-native; do
  t=$(for k in 1 2 3 4 5 6 7 8 9; do
        s=$(date +%s%N); "$work/$p" > /dev/null; e=$(date +%s%N); echo $(( (e - s) / 1000000 ))
      done | median)
  printf '%-14s median of 9 runs: %4d ms\n' "$p" "$t"
done
