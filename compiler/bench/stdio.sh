#!/usr/bin/env bash
# The C library's stdio against glibc's under gcc: each program in stdio/ built with `gcc -O2` and
# `bin/jomp -O2`, outputs compared, then run RUNS times alternating. For each: the median of the
# loop times the program prints (its own clock; no JVM start in them) and of the whole process's
# wall time, gcc's and jomp's side by side with their ratio.
#   rw.c            fprintf("%.17g\n") of 200,000 doubles to a file, then fscanf("%lf") of them
#                   (glibc's engines, called natively); first-fopen is jomp's native start (FFM)
#   printf-stdout.c 200,000 printf lines of mixed conversions to stdout (jomp's Java engine)
#   scanf-stdin.c   scanf("%lf") of the 200,000 doubles from stdin (jomp's Java engine and stdin)
# With BASELINE=/path/to/other/checkout (built), that checkout's bin/jomp -O2 builds them too and
# runs in turn with the others: a third column and its ratio to jomp's (before/after in one run).
# Usage: [BASELINE=dir] compiler/bench/stdio.sh [RUNS]   (default 5; after bin/mvn -q -B -DskipTests package)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
runs=${1:-5}
work=$(mktemp -d "${TMPDIR:-/tmp}/jomp-stdio.XXXXXX")
trap 'rm -rf "$work"' EXIT
for p in rw printf-stdout scanf-stdin; do
  gcc -O2 -o "$work/$p.gcc" "$here/stdio/$p.c"
  JOMP_SERVER=0 "$root/bin/jomp" -O2 -o "$work/$p.jomp" "$here/stdio/$p.c"
  [ -n "${BASELINE:-}" ] && JOMP_SERVER=0 "$BASELINE/bin/jomp" -O2 -o "$work/$p.base" "$here/stdio/$p.c"
done
builds=(gcc jomp)
[ -n "${BASELINE:-}" ] && builds+=(base)
"$work/rw.gcc" 200000 "$work/input.txt" > /dev/null 2>&1
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
# one run: the program's stderr (its loop times) and its wall time appended to $work/<name>.<cc>
run() {
  local name=$1 cc=$2; shift 2
  local t0 t1 in=/dev/null
  [[ $name == scanf-stdin ]] && in=$work/input.txt
  t0=$(date +%s%N)
  "$@" < "$in" > "$work/$name.$cc.out" 2> "$work/$name.$cc.err"
  t1=$(date +%s%N)
  echo "$(cat "$work/$name.$cc.err") wall $(( (t1 - t0) / 1000 ))" >> "$work/$name.$cc.times"
}
echo "# $(date -u +%FT%TZ) $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(gcc --version | head -1), runs=$runs${BASELINE:+, baseline=$BASELINE}"
if [ -n "${BASELINE:-}" ]; then
  printf '%-28s %10s %10s %8s %10s %9s\n' measure gcc-O2 jomp-O2 ratio base-O2 base/jomp
else
  printf '%-28s %10s %10s %8s\n' measure gcc-O2 jomp-O2 ratio
fi
# a key's median over the runs of one build, in ms (the wall time is kept in microseconds)
med() { awk -v k="$2" '{for (i = 1; i < NF; i += 2) if ($i == k) print $(i + 1)}' "$work/$1.times" | median | awk -v k="$2" '{print k == "wall" ? $1 / 1000 : $1}'; }
ratio() { if [[ $(echo "$2 >= 0.5" | bc) == 1 ]]; then printf '%7.2fx' "$(echo "scale=3; $1 / $2" | bc)"; else printf '      -'; fi; }
for p in rw printf-stdout scanf-stdin; do
  args=()
  [[ $p == rw ]] && args=(200000 "$work/rw.txt")
  for ((r = 0; r < runs; r++)); do
    for b in "${builds[@]}"; do
      run "$p" "$b" "$work/$p.$b" "${args[@]}"
      cmp -s "$work/$p.gcc.out" "$work/$p.$b.out" || { echo "$p: outputs differ" >&2; diff "$work/$p.gcc.out" "$work/$p.$b.out" >&2; exit 1; }
    done
  done
  # the fields of a times line: name value pairs, the wall time in microseconds last
  for key in $(awk '{for (i = 1; i < NF; i += 2) print $i}' "$work/$p.gcc.times" | sort -u); do
    g=$(med "$p.gcc" "$key")
    j=$(med "$p.jomp" "$key")
    if [ -n "${BASELINE:-}" ]; then
      o=$(med "$p.base" "$key")
      printf '%-28s %8.1fms %8.1fms %s %8.1fms  %s\n' "$p $key" "$g" "$j" "$(ratio "$j" "$g")" "$o" "$(ratio "$o" "$j")"
    else
      printf '%-28s %8.1fms %8.1fms %s\n' "$p $key" "$g" "$j" "$(ratio "$j" "$g")"
    fi
  done
done
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
