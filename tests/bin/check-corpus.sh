#!/usr/bin/env bash
# Validates the runnable corpus (tests/c/run/*.c) against two outside oracles:
# every program must compile warning-free with gcc and clang-19, and both binaries must give the
# same stdout and exit status (and the gcc binary the same on a second run) when run the way the JUnit harness runs them:
#   argv = prog one two three, environment JOMP_TEST_ENV=hello, stdin from /dev/null.
# A line "// FLAGS: ..." in a program adds those flags (e.g. -Iinclude -DX=1) to every compile;
# compilers run in the program's folder, so relative -I paths start there.
# A line "// LINK: support/x.c ..." names more translation units linked into the program.
# Programs mentioning the word omp (pragmas, _Pragma, omp.h) are compiled with -fopenmp.
# A third build with gcc -fsanitize=address,undefined must run without a sanitizer report, so that
# no test depends on undefined behaviour (where jomp could legitimately differ), and exit as the
# plain build does (a signal, a timeout or another status fails it too). NOSAN=1 skips it.
# A line "// ORACLE: clang-19" (C that gcc 12 lacks, such as _BitInt) swaps the roles: gcc must reject
# the program, clang-19's -O0 build stands where gcc's does, its -O2 build where clang's does, and
# clang-19 builds the sanitized binary.
# Usage: tests/bin/check-corpus.sh [program.c ...]   (default: the whole corpus)
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
gcc=${GCC:-gcc}; clang=${CLANG:-clang-19}
progs=(); for a in "$@"; do progs+=("$(cd "$(dirname "$a")" && pwd)/$(basename "$a")"); done
[[ ${#progs[@]} -gt 0 ]] || progs=("$here"/c/run/*.c)
fail=0 n=0
for p in "${progs[@]}"; do
  n=$((n+1)); name=$(basename "$p" .c)
  omp=(); grep -qwE 'omp|_OPENMP' "$p" && omp=(-fopenmp)
  read -r -a extra <<<"$(sed -n 's|^// FLAGS: ||p' "$p" | head -1)"
  omp+=("${extra[@]}")
  read -r -a more <<<"$(sed -n 's|^// LINK: ||p' "$p" | head -1)"
  cd "$(dirname "$p")"
  ref=$gcc second=(-O0); other=$clang
  if grep -q '^// ORACLE: clang-19' "$p"; then   # gcc must still reject it (tests/README.md)
    if "$gcc" -std=gnu11 -O0 "${omp[@]}" "$p" "${more[@]}" -o "$work/$name.gcc" -lm 2>/dev/null; then
      echo "FAIL $name: marked ORACLE: clang-19, but gcc compiles it"; fail=$((fail+1)); continue
    fi
    ref=$clang second=(-O2)
  fi
  if ! "$ref" -std=gnu11 -O0 -Wall -Werror "${omp[@]}" "$p" "${more[@]}" -o "$work/$name.gcc" -lm 2>"$work/$name.gerr"; then
    echo "FAIL $name: $ref: $(head -c 2000 "$work/$name.gerr")"; fail=$((fail+1)); continue; fi
  if grep -q '^// CLANG-CANNOT: ' "$p"; then   # clang rejects it (tests/README.md): it must still do so
    if "$clang" -std=gnu11 -O0 "${omp[@]}" "$p" "${more[@]}" -o "$work/$name.clang" -lm 2>/dev/null; then
      echo "FAIL $name: marked CLANG-CANNOT, but clang compiles it"; fail=$((fail+1))
    fi
    continue
  fi
  if ! "$other" -std=gnu11 -O0 "${second[@]}" -Wall -Werror "${omp[@]}" "$p" "${more[@]}" -o "$work/$name.clang" -lm 2>"$work/$name.cerr"; then
    echo "FAIL $name: clang: $(head -c 2000 "$work/$name.cerr")"; fail=$((fail+1)); continue; fi
  for c in gcc clang gcc2; do
    [[ $c == gcc2 ]] && cp "$work/$name.gcc" "$work/$name.gcc2"
    (cd "$work" && env JOMP_TEST_ENV=hello OMP_NUM_THREADS=4 timeout 30 "./$name.$c" one two three </dev/null >"$name.$c.out" 2>/dev/null)
    echo $? >"$work/$name.$c.rc"
  done
  if grep -q '^// CLANG-WRONG: ' "$p"; then   # clang's output is wrong (tests/README.md): it must still differ
    if cmp -s "$work/$name.gcc.out" "$work/$name.clang.out"; then
      echo "FAIL $name: marked CLANG-WRONG, but clang prints what gcc prints"; fail=$((fail+1)); continue
    fi
    cp "$work/$name.gcc.out" "$work/$name.clang.out"; cp "$work/$name.gcc.rc" "$work/$name.clang.rc"
  fi
  if ! cmp -s "$work/$name.gcc.out" "$work/$name.clang.out"; then
    echo "FAIL $name: stdout differs between gcc and clang"; diff "$work/$name.gcc.out" "$work/$name.clang.out" | head -10; fail=$((fail+1))
  elif ! cmp -s "$work/$name.gcc.rc" "$work/$name.clang.rc"; then
    echo "FAIL $name: exit status gcc $(cat "$work/$name.gcc.rc") clang $(cat "$work/$name.clang.rc")"; fail=$((fail+1))
  elif ! cmp -s "$work/$name.gcc.out" "$work/$name.gcc2.out"; then
    echo "FAIL $name: not deterministic (two gcc runs differ)"; fail=$((fail+1))
  elif [[ $(cat "$work/$name.gcc.rc") -ge 124 ]]; then
    echo "FAIL $name: timed out or crashed (status $(cat "$work/$name.gcc.rc"))"; fail=$((fail+1))
  elif [[ ! -s "$work/$name.gcc.out" ]]; then
    echo "FAIL $name: no output"; fail=$((fail+1))
  elif [[ -z ${NOSAN:-} ]]; then
    if ! "$ref" -std=gnu11 -O0 -g "${omp[@]}" -fsanitize=address,undefined -fno-sanitize-recover=all "$p" "${more[@]}" \
         -o "$work/$name.san" -lm 2>"$work/$name.serr"; then
      echo "FAIL $name: sanitizer build: $(head -c 2000 "$work/$name.serr")"; fail=$((fail+1))
    else
      (cd "$work" && env JOMP_TEST_ENV=hello OMP_NUM_THREADS=4 ASAN_OPTIONS=detect_leaks=0 timeout 60 \
          "./$name.san" one two three </dev/null >/dev/null 2>"$name.srun")
      src=$? want=$(cat "$work/$name.gcc.rc")
      if grep -qE 'runtime error|AddressSanitizer' "$work/$name.srun"; then
        echo "FAIL $name: undefined behaviour: $(grep -m2 -E 'runtime error|ERROR' "$work/$name.srun")"; fail=$((fail+1))
      elif [[ $src -eq 124 ]]; then
        echo "FAIL $name: the sanitized build timed out"; fail=$((fail+1))
      elif [[ $src -gt 128 ]]; then
        echo "FAIL $name: the sanitized build was ended by signal $((src-128)) (SIG$(kill -l $((src-128)))): $(head -c 500 "$work/$name.srun")"; fail=$((fail+1))
      elif [[ $src -ne $want ]]; then
        echo "FAIL $name: the sanitized build exited $src, the $ref build $want: $(head -c 500 "$work/$name.srun")"; fail=$((fail+1))
      fi
    fi
  fi
done
echo "check-corpus: $n programs, $fail failed"
[[ $fail -eq 0 ]]
