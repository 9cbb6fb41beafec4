#!/bin/sh
# jomp's Java C library functions against glibc's, called from the same jomp-built program
# (docs/libc.md § Java or glibc): runtime/bench/libc-bench.c built by jomp -O2 with its Java
# functions, by jomp -O2 with glibc's (-Wl,--jomp-prefer-native=...), and by gcc -O2.
# Usage, from the repository root after bin/mvn -q -B -DskipTests package: runtime/bench/libc-java-vs-glibc.sh
set -e
root=$(cd "$(dirname "$0")/../.." && pwd)
work=${TMPDIR:-/tmp}/jomp-libc-bench
mkdir -p "$work"
src="$root/runtime/bench/libc-bench.c"
names=strlen:strcmp:memcpy:strtol:strtod:snprintf:sqrt:floor:rand:srand:qsort
gcc -O2 "$src" -o "$work/gcc" -lm
"$root/bin/jomp" -O2 "$src" -o "$work/java"
"$root/bin/jomp" -O2 "$src" -Wl,--jomp-prefer-native=$names -o "$work/glibc"
for b in gcc java glibc; do "$work/$b" > "$work/$b.txt"; done
for b in java glibc; do
  [ "$(tail -1 "$work/$b.txt")" = "$(tail -1 "$work/gcc.txt")" ] || { echo "the $b build computed something else" >&2; exit 1; }
done
echo "load $(cut -d' ' -f1 /proc/loadavg)"
printf '%-28s %14s %14s %14s %8s\n' function "jomp (Java)" "jomp (glibc)" "gcc -O2" "Java/glibc"
paste "$work/java.txt" "$work/glibc.txt" "$work/gcc.txt" | grep 'ns/call' | awk -F'\t' '{
  name = $1; sub(/ +[0-9.]+ ns\/call/, "", name);
  n = split($1, a, " "); m = split($2, b, " "); k = split($3, c, " ");
  printf "%-28s %11.2f ns %11.2f ns %11.2f ns %7.2fx\n", name, a[n-1], b[m-1], c[k-1], a[n-1] / b[m-1] }'
