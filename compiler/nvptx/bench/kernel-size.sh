#!/usr/bin/env bash
# What ptxas makes of jomp's kernels, this tree's beside another build's (BEFORE_ROOT, a checkout
# built with `bin/mvn -q -B -o -DskipTests package`): per kernel of BabelStream
# (plugins/jvm/bench/babelstream.c) and zaxpy (docs/examples/zaxpy.src), the SASS bytes of the
# kernel's .text section in the sm_90 cubin (16 bytes per instruction, the kernel's own code;
# called .func bodies have sections of their own and are listed as such), its registers and
# stack (ptxas -v). Static sizes, not time: without a GPU they show what the back end's changes
# do to the code the GPU would run.
# Usage: compiler/nvptx/bench/kernel-size.sh BEFORE_ROOT [sm_90]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd); root=$(cd "$here/../../.." && pwd)
before=${1:?usage: kernel-size.sh BEFORE_ROOT [sm_XX]}; arch=${2:-sm_90}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cp "$root/plugins/jvm/bench/babelstream.c" "$work/babelstream.c"
cp "$root/docs/examples/zaxpy.src" "$work/zaxpy.c"
cd "$work"
sizes() {   # $1: cubin -> "section bytes" lines for .text.* sections
  readelf -S -W "$1" 2>/dev/null | sed -E "s/^ *\\[ *[0-9]+\\] *//" | awk '$1 ~ /^\.text\./ {print $1, $5}' | while read -r s h; do echo "$s $((16#$h))"; done
}
for which in before after; do
  jomp=$([[ $which == before ]] && echo "$before/bin/jomp" || echo "$root/bin/jomp")
  for src in babelstream zaxpy; do
    JOMP_SERVER=0 "$jomp" -O2 -fopenmp -fopenmp-targets=nvptx64 --offload-arch="$arch" -S --offload-device-only "$src.c" -o "$src-$which.ptx"
    ptxas -arch="$arch" -v "$src-$which.ptx" -o "$src-$which.cubin" 2> "$src-$which.v"
    sizes "$src-$which.cubin" > "$src-$which.sizes"
  done
done
printf '# %s, ptxas %s\n' "$arch" "$(ptxas --version | sed -n 's/.*release \([0-9.]*\).*/\1/p')"
printf '%-48s %10s %10s %7s   %s\n' "section (.text.*)" "before B" "after B" "ratio" "registers / stack after (before)"
for src in babelstream zaxpy; do
  join -a1 -a2 -e0 -o 0,1.2,2.2 <(sort "$src-before.sizes") <(sort "$src-after.sizes") | while read -r sec b a; do
    name=${sec#.text.}
    regs() { awk -v k="$name" '/Compiling entry function|Function properties for/ {cur = ($0 ~ "\x27" k "\x27" || $0 ~ " " k "$")} cur && /Used [0-9]+ registers/ {match($0, /Used [0-9]+ registers/); r = substr($0, RSTART + 5, RLENGTH - 15)} cur && /bytes stack frame/ {match($0, /[0-9]+ bytes stack frame/); s = substr($0, RSTART, RLENGTH - 17)} END {printf "%s/%s", r, s}' "$1"; }
    label=$(echo "$name" | sed -E 's/__omp_offloading_[0-9a-f]+_[0-9a-f]+_//')
    ratio=$(awk -v a="$a" -v b="$b" 'BEGIN {if (b > 0) printf "%.2f", a / b; else print "-"}')
    printf '%-48s %10d %10d %7s   %s (%s)\n' "$src ${label:0:40}" "$b" "$a" "$ratio" "$(regs "$src-after.v")" "$(regs "$src-before.v")"
  done
done
