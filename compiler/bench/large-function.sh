#!/usr/bin/env bash
# A large function's speed: a bytecode interpreter (a loop around a switch of CASES cases of 12
# statements, about 800 bytes of bytecode a case at -O2) built with `gcc -O2` and with
# `bin/jomp -O2` three ways: as jomp builds it (split into methods of at most about 8,000 bytes,
# jvm/MethodSplitter), in one method (-Djomp.split.budget=30000: it fits when CASES is 30 or
# less; past 32 KiB ASM cannot write it), and that one method run with HotSpot's default
# -XX:+DontCompileHugeMethods (jomp's launcher turns it off). Outputs compared, then RUNS
# alternating runs of each; prints median wall times and the ratios to gcc.
# Usage: compiler/bench/large-function.sh [CASES] [STEPS] [RUNS]   (default 30 cases, 40,000,000 steps, 3 runs)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cases=${1:-30}
steps=${2:-40000000}
runs=${3:-3}
work=$(mktemp -d "${TMPDIR:-/tmp}/jomp-large-function.XXXXXX")
trap 'rm -rf "$work"' EXIT

python3 - "$cases" >"$work/interp.c" <<'EOF'
import random, sys
ops = int(sys.argv[1]); r = random.Random(1); v3 = ["acc", "x", "y"]
print("#include <stdio.h>\n#include <stdlib.h>\nstatic unsigned char code[4096];\nstatic long mem[256];")
print("static unsigned long run(long steps) {\n  long acc = 1, x = 2, y = 3, count = 0;\n  int pc = 0;")
print("  while (count++ < steps) {\n    int op = code[pc];\n    pc = (pc + 1) & 4095;\n    switch (op) {")
for o in range(ops):
    print(f"    case {o}:")
    for s in range(12):
        v, w, m = r.choice(v3), r.choice(v3), r.randrange(256)
        print(r.choice([f"      {v} = ({v} * {r.randrange(3, 17)} + {w} + {s}) % 1000003;",
                        f"      mem[{m}] = (mem[{m}] + {w}) % 65521;", f"      {v} ^= mem[{m}] + {o};"]))
    if o % 5 == 0: print("      if (acc & 1) break;")
    if o % 7 == 3: print("      pc = (pc + x) & 4095;")
    print("      break;")
print("    default: acc += op; break;\n    }\n  }")
print("  unsigned long h = (unsigned long) (acc * 31 + x * 7 + y);\n  for (int i = 0; i < 256; i++) h = h * 31 + (unsigned long) mem[i];\n  return h;\n}")
print(f"int main(int argc, char **argv) {{\n  for (int i = 0; i < 4096; i++) code[i] = (unsigned char) ((i * 37 + i / 7) % {ops + 3});")
print('  printf("%lu\\n", run(argc > 1 ? atol(argv[1]) : 1000));\n  return 0;\n}')
EOF

median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
wall() {   # wall time of one run in seconds; its output goes to $1.out
  local out=$1 t0 t1; shift
  t0=$(date +%s%N); "$@" >"$out.out"; t1=$(date +%s%N)
  echo "scale=3; ($t1 - $t0) / 1000000000" | bc
}

gcc -O2 -w -o "$work/gcc" "$work/interp.c"
"$root/bin/jomp" -O2 -o "$work/split" "$work/interp.c"
kinds=(gcc split)
if JOMP_JAVA_OPTS=-Djomp.split.budget=30000 "$root/bin/jomp" -O2 -o "$work/whole" "$work/interp.c" 2>/dev/null; then
  printf '#!/bin/sh\nJOMP_JAVA_OPTS=-XX:+DontCompileHugeMethods exec %s "$@"\n' "$work/whole" >"$work/whole-default"
  chmod +x "$work/whole-default"
  kinds+=(whole whole-default)
fi
echo "# $(date -u +%F) $(nproc) cores, $(gcc --version | head -1), $cases cases, $steps steps, runs=$runs"
declare -A times
for ((k = 0; k < runs; k++)); do
  for kind in "${kinds[@]}"; do
    times[$kind]+=" $(wall "$work/$kind" "$work/$kind" "$steps")"
    cmp -s "$work/gcc.out" "$work/$kind.out" || { echo "$kind: output differs from gcc's" >&2; exit 1; }
  done
done
g=$(median ${times[gcc]})
printf '%-14s %9s %7s\n' build median ratio
for kind in "${kinds[@]}"; do
  m=$(median ${times[$kind]})
  printf '%-14s %8.2fs %6.2fx\n' "$kind" "$m" "$(echo "scale=2; $m / $g" | bc)"
done
