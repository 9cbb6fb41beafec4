#!/usr/bin/env bash
# Validates the offload corpus (tests/c/offload/*.c) against two outside oracles, no Java and no jomp:
#   gcc -fopenmp                     runs target regions on the host, in shared memory;
#   clang-19 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu
#                                    runs them on libomptarget's host plugin, with separate device memory.
# Every program must compile warning-free (-Wall -Werror) with both and declare
#   // KERNELS: n          the number of kernel launches: clang's stderr under LIBOMPTARGET_INFO=16
#                          must report "Launching kernel" exactly n times;
#   // ORACLE: gcc         (the default) stdout and exit status must be the same under both oracles,
#                          i.e. they do not depend on whether device memory is separate;
#   // ORACLE: clang-offload  the output depends on separate device memory: clang's is expected, and
#                          gcc's must differ (else the program should say ORACLE: gcc), or gcc 12
#                          cannot compile it (OpenMP 5.1 syntax: present, begin declare target, ...).
#   // ORACLE: expected    neither implements what the program shows (its // WHY: line says how they
#                          fail): NNN-x.expected holds the output, and neither oracle may print it.
# "// STATUS: n": the program ends with status n on purpose. ORACLE: clang-offload: clang's status
# must be n (134: libomptarget's abort after a fatal error), gcc's is not compared; ORACLE: gcc: gcc's
# must be n, clang's is not compared (libomp aborts on a fatal error directive where libgomp exits 1).
# "// CLANG-FLAGS: ..." goes to clang-19 only (-fopenmp-version=52 for declare target enter).
# "// FLAGS: ..." and "// LINK: support/x.c ..." work as in tests/c/run; "// ENV: NAME=value ..." adds
# to the environment of every run (OMP_CANCELLATION=true). Runs happen with
# OMP_NUM_THREADS=4 LIBOMPTARGET_INFO=16, twice each, and must be deterministic. ORACLE: gcc programs
# are also built with gcc -fsanitize=address,undefined, which must report nothing (NOSAN=1 skips it).
# Usage: tests/bin/check-offload.sh [program.c ...]   (default: the whole offload corpus)
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
gcc=${GCC:-gcc}; clang=${CLANG:-clang-19}
llvmlib=${LLVM_LIB:-/usr/lib/llvm-19/lib}
progs=(); for a in "$@"; do progs+=("$(cd "$(dirname "$a")" && pwd)/$(basename "$a")"); done
[[ ${#progs[@]} -gt 0 ]] || progs=("$here"/c/offload/*.c)
fail=0 n=0
bad() { echo "FAIL $name: $*"; fail=$((fail+1)); }
runit() { # runit exe tag [env...]: stdout to $name.tag.out, stderr to .err, status to .rc
  local exe=$1 tag=$2; shift 2
  (cd "$work" && env OMP_NUM_THREADS=4 LIBOMPTARGET_INFO=16 "${penv[@]}" "$@" timeout 30 "./$exe" </dev/null >"$name.$tag.out" 2>"$name.$tag.err")
  echo $? >"$work/$name.$tag.rc"
}
for p in "${progs[@]}"; do
  n=$((n+1)); name=$(basename "$p" .c)
  oracle=$(sed -n 's|^// ORACLE: *||p' "$p" | head -1); oracle=${oracle:-gcc}
  kernels=$(sed -n 's|^// KERNELS: *||p' "$p" | head -1)
  status=$(sed -n 's|^// STATUS: *||p' "$p" | head -1)
  read -r -a extra <<<"$(sed -n 's|^// FLAGS: ||p' "$p" | head -1)"
  read -r -a more <<<"$(sed -n 's|^// LINK: ||p' "$p" | head -1)"
  read -r -a cflags <<<"$(sed -n 's|^// CLANG-FLAGS: ||p' "$p" | head -1)"
  read -r -a penv <<<"$(sed -n 's|^// ENV: ||p' "$p" | head -1)"
  [[ $oracle == gcc || $oracle == clang-offload || $oracle == expected ]] || { bad "ORACLE must be gcc, clang-offload or expected, not '$oracle'"; continue; }
  if [[ $oracle == expected ]]; then
    # hand-written output: only where neither oracle implements the feature (the program says why)
    exp="${p%.c}.expected"
    [[ -f $exp ]] || { bad "ORACLE: expected needs $(basename "$exp")"; continue; }
    grep -q '^// WHY: ' "$p" || { bad "ORACLE: expected needs a '// WHY: ' line"; continue; }
    cd "$(dirname "$p")"
    gok=; cok=
    if "$gcc" -std=gnu11 -O0 -fopenmp "${extra[@]}" "$p" "${more[@]}" -o "$work/$name.gcc" -lm 2>/dev/null; then
      runit "$name.gcc" g1; cmp -s "$work/$name.g1.out" "$exp" && gok=1; fi
    if "$clang" -std=gnu11 -O0 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu "${extra[@]}" "${cflags[@]}" "$p" "${more[@]}" \
         -o "$work/$name.clang" -lm 2>/dev/null; then
      runit "$name.clang" c1 LD_LIBRARY_PATH="$llvmlib"; cmp -s "$work/$name.c1.out" "$exp" && cok=1; fi
    if [[ -n $gok || -n $cok ]]; then bad "ORACLE: expected but $([[ -n $gok ]] && echo gcc || echo clang-offload) prints the expected output: use it"; fi
    continue
  fi
  [[ $kernels =~ ^[0-9]+$ ]] || { bad "no '// KERNELS: n' line"; continue; }
  [[ $(wc -l <"$p") -lt 80 ]] || { bad "longer than 80 lines"; continue; }
  cd "$(dirname "$p")"
  nogcc=
  if ! "$gcc" -std=gnu11 -O0 -Wall -Werror -fopenmp "${extra[@]}" "$p" "${more[@]}" -o "$work/$name.gcc" -lm 2>"$work/$name.gcerr"; then
    if [[ $oracle == gcc ]]; then bad "gcc: $(head -c 2000 "$work/$name.gcerr")"; continue; fi
    nogcc=1; echo "note $name: gcc 12 cannot compile it: $(grep -m1 error: "$work/$name.gcerr")"
    printf '#!/bin/sh\necho gcc cannot compile it\n' >"$work/$name.gcc"; chmod +x "$work/$name.gcc"
  fi
  if ! "$clang" -std=gnu11 -O0 -Wall -Werror -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu "${extra[@]}" "${cflags[@]}" "$p" "${more[@]}" \
       -o "$work/$name.clang" -lm 2>"$work/$name.ccerr"; then
    bad "clang: $(head -c 2000 "$work/$name.ccerr")"; continue; fi
  runit "$name.gcc" g1; runit "$name.gcc" g2
  runit "$name.clang" c1 LD_LIBRARY_PATH="$llvmlib"; runit "$name.clang" c2 LD_LIBRARY_PATH="$llvmlib"
  # occurrences of "Launching kernel": libomptarget prints its "... info: " prefix and the message in
  # two writes, so reports of launches from several host threads can be torn apart and interleaved
  got=$(grep -o 'Launching kernel' "$work/$name.c1.err" | wc -l)
  if [[ -n $status && $oracle == clang-offload ]] && [[ $(cat "$work/$name.c1.rc") -ne $status ]]; then
    bad "STATUS: $status but clang exits $(cat "$work/$name.c1.rc")"
  elif [[ -n $status && $oracle == gcc ]] && [[ $(cat "$work/$name.g1.rc") -ne $status ]]; then
    bad "STATUS: $status but gcc exits $(cat "$work/$name.g1.rc")"
  elif [[ -z $status && $(cat "$work/$name.c1.rc") -ge 124 ]] || [[ $(cat "$work/$name.g1.rc") -ge 124 && $oracle != gcc ]]; then
    bad "timed out or crashed (gcc status $(cat "$work/$name.g1.rc"), clang $(cat "$work/$name.c1.rc")): $(grep -v 'info:' "$work/$name.c1.err" | head -c 1000)"
  elif [[ ! -s "$work/$name.c1.out" ]]; then bad "no output"
  elif ! cmp -s "$work/$name.g1.out" "$work/$name.g2.out" || ! cmp -s "$work/$name.c1.out" "$work/$name.c2.out"; then
    bad "not deterministic (two runs differ)"
  elif [[ $got -ne $kernels ]]; then bad "KERNELS: $kernels but clang launched $got kernels"
  elif [[ $oracle == gcc ]] && ! cmp -s "$work/$name.g1.out" "$work/$name.c1.out"; then
    bad "stdout differs between gcc and clang-offload (ORACLE: clang-offload?)"; diff "$work/$name.g1.out" "$work/$name.c1.out" | head -10
  elif [[ $oracle == gcc && -z $status ]] && ! cmp -s "$work/$name.g1.rc" "$work/$name.c1.rc"; then
    bad "exit status gcc $(cat "$work/$name.g1.rc") clang $(cat "$work/$name.c1.rc")"
  elif [[ $oracle == clang-offload ]] && cmp -s "$work/$name.g1.out" "$work/$name.c1.out"; then
    bad "ORACLE: clang-offload but gcc prints the same: make it ORACLE: gcc"
  elif [[ $oracle == gcc && -z ${NOSAN:-} ]]; then
    if ! "$gcc" -std=gnu11 -O0 -g -fopenmp "${extra[@]}" -fsanitize=address,undefined -fno-sanitize-recover=all "$p" "${more[@]}" \
         -o "$work/$name.san" -lm 2>"$work/$name.serr"; then
      bad "sanitizer build: $(head -c 2000 "$work/$name.serr")"
    else
      runit "$name.san" san ASAN_OPTIONS=detect_leaks=0
      if grep -qE 'runtime error|AddressSanitizer' "$work/$name.san.err"; then
        bad "undefined behaviour: $(grep -m2 -E 'runtime error|ERROR' "$work/$name.san.err")"; fi
    fi
  fi
done
echo "check-offload: $n programs, $fail failed"
[[ $fail -eq 0 ]]
