#!/usr/bin/env bash
# make -j of many files through jomp's compile server, without it (JOMP_SERVER=0) and with clang,
# interleaved in one run: the compile server must run independent commands at once, so that a
# parallel make through it is at least as fast as separate JVMs and as clang.
#
# Usage: driver/bench/make-j.sh [FILES=20] [JOBS=2] [RUNS=5]
# Prints a Markdown table of median wall times (seconds) for `make -jJOBS` of FILES objects, and
# the same for -j1 (what a server that ran one command at a time would give at best).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
files=${1:-20} jobs=${2:-2} runs=${3:-5}
jomp="$root/bin/jomp"
work=$(mktemp -d)
trap 'rm -rf "$work"; [[ -n ${JOMP_SERVER_DIR:-} ]] && rm -f "$JOMP_SERVER_DIR"/server-*' EXIT
# a server of this benchmark's own, so nothing else's commands share it
export JOMP_SERVER_DIR="$work/server" JOMP_SERVER_IDLE=120
mkdir -m 700 "$JOMP_SERVER_DIR"

# FILES units of about 60 lines each: loops, a struct, a static helper, and a target region
for ((i = 0; i < files; i++)); do
  {
    echo "#include <stdio.h>"
    echo "#include \"common.h\""
    echo "struct acc$i { double sum; long n; };"
    echo "static double helper$i(double x) { return x * $i + 1.0; }"
    for ((f = 0; f < 8; f++)); do
      echo "double f${i}_$f(const double *a, int n) {"
      echo "  struct acc$i s = {0, 0};"
      echo "  for (int k = 0; k < n; k++) { if (a[k] > $f) s.sum += helper$i(a[k]); else s.sum -= a[k] * SCALE; s.n++; }"
      echo "  return s.n ? s.sum / s.n : 0;"
      echo "}"
    done
    echo "void kernel$i(double *y, const double *x, int n) {"
    echo "#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[0:n])"
    echo "  for (int k = 0; k < n; k++) y[k] += SCALE * x[k] + $i;"
    echo "}"
  } > "$work/u$i.c"
done
echo "#define SCALE 2.0" > "$work/common.h"
objs=$(for ((i = 0; i < files; i++)); do printf 'u%d.o ' "$i"; done)
cat > "$work/Makefile" <<MK
OBJS = $objs
all: \$(OBJS)
%.o: %.c common.h
	\$(CC) \$(CFLAGS) -c \$< -o \$@
MK

# one measurement: wall seconds of `make -jN` from clean
measure() {  # $1 = label (ignored), $2 = -j, then env assignments and CC/CFLAGS
  local j=$2; shift 2
  rm -f "$work"/*.o
  local t0 t1
  t0=$(date +%s.%N)
  env "$@" make -s -C "$work" -j"$j" all >/dev/null
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f\n", b - a }'
}

median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

# warm the server (its JIT) with one build first, as a developer's second build finds it
measure warm "$jobs" CC="$jomp" CFLAGS="-O1 -fopenmp-targets=jvm" >/dev/null
measure warm "$jobs" CC="$jomp" CFLAGS="-O1 -fopenmp-targets=jvm" >/dev/null

declare -A times
configs=("server:$jobs" "server:1" "alone:$jobs" "clang:$jobs")
for ((r = 0; r < runs; r++)); do
  for c in "${configs[@]}"; do
    kind=${c%%:*} j=${c##*:}
    case $kind in
      server) t=$(measure x "$j" CC="$jomp" CFLAGS="-O1 -fopenmp-targets=jvm") ;;
      alone)  t=$(measure x "$j" JOMP_SERVER=0 CC="$jomp" CFLAGS="-O1 -fopenmp-targets=jvm") ;;
      clang)  t=$(measure x "$j" CC=clang-19 CFLAGS="-O1 -fopenmp -fopenmp-targets=x86_64") ;;
    esac
    times[$c]+="$t "
  done
done

echo "# $(date -u +%Y-%m-%d) $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg), $files files, runs=$runs (median wall seconds)"
echo "| build | seconds | ratio to the server at -j$jobs |"
echo "| --- | --- | --- |"
base=$(tr ' ' '\n' <<<"${times[server:$jobs]}" | grep . | median)
for c in "${configs[@]}"; do
  kind=${c%%:*} j=${c##*:}
  m=$(tr ' ' '\n' <<<"${times[$c]}" | grep . | median)
  case $kind in
    server) label="jomp, compile server, make -j$j" ;;
    alone)  label="jomp, JOMP_SERVER=0 (a JVM per command), make -j$j" ;;
    clang)  label="clang-19 -fopenmp -fopenmp-targets=x86_64, make -j$j" ;;
  esac
  printf '| %s | %.2f | %.2f |\n' "$label" "$m" "$(awk -v a="$m" -v b="$base" 'BEGIN { print a / b }')"
done
