#!/usr/bin/env bash
# Checks that clang-19 still prints exactly the diagnostics recorded in the invalid corpus.
# Each tests/c/invalid/*.c starts with lines
#   // CHECK: <line>:<col>: <severity>: <message>      (severity: error, warning, fatal error)
# listing, in order, every error and warning (not notes) that
#   clang-19 -fsyntax-only -std=gnu11 [-Werror] FILE
# prints, run from the file's folder so the file name is bare. A line "// CHECK-WARN" in the
# program means it is compiled with -Werror (its warnings then print as errors).
# clang must also exit with status 1. A line "// FLAGS: -Wall ..." adds flags (after -Werror).
# A line "// CLANG-CANNOT: why" marks a program clang 19 cannot check (it lacks the OpenMP 6.0
# feature misused): its CHECK lines are jomp's, and clang must not print them.
#
# Usage: tests/bin/check-invalid.sh [FILE.c ...]
#        tests/bin/check-invalid.sh --update FILE.c ...   records clang's output as CHECK lines at
#        the end of each FILE (replacing old ones); review what it wrote before committing.
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
clang=${CLANG:-clang-19}
update=0
if [[ ${1:-} == --update ]]; then update=1; shift; fi
files=("$@"); [[ ${#files[@]} -gt 0 ]] || files=("$here"/c/invalid/*.c)

diags() {  # prints clang's errors and warnings for $1 as "<line>:<col>: <severity>: <message>"
  local f=$1 dir base flags=()
  dir=$(dirname "$f"); base=$(basename "$f")
  grep -q '^// CHECK-WARN' "$f" && flags=(-Werror)
  # shellcheck disable=SC2207
  flags+=($(sed -n 's|^// FLAGS: ||p' "$f"))
  grep -q 'pragma omp\|_Pragma\|omp[.]h\|_OPENMP' "$f" && flags+=(-fopenmp)
  (cd "$dir" && "$clang" -fsyntax-only -std=gnu11 "${flags[@]}" "$base" 2>&1; echo "status $?" >&2) \
    | sed -n "s/^$(printf '%s' "$base" | sed 's/[.]/[.]/g'):\([0-9]*:[0-9]*: \(error\|warning\|fatal error\): .*\)$/\1/p"
}

fail=0 n=0
for f in "${files[@]}"; do
  n=$((n+1)); name=$(basename "$f")
  if grep -q '^// CLANG-CANNOT: ' "$f"; then  # clang 19 lacks the feature: the CHECK lines are jomp's
    if [[ $update -eq 1 ]]; then echo "skip $name: CLANG-CANNOT (its CHECK lines are jomp's)"; continue; fi
    if [[ $(diags "$f" 2>/dev/null) == "$(sed -n 's|^// CHECK: ||p' "$f")" ]]; then
      echo "FAIL $name: clang prints its CHECK lines: remove the CLANG-CANNOT line"; fail=$((fail+1))
    fi
    continue
  fi
  if [[ $update -eq 1 ]]; then
    # CHECK lines go at the top, so that errors at the end of the file stay where clang puts them.
    # Two passes: count the diagnostics, reserve that many lines, then record their positions.
    sed -i '/^\/\/ CHECK: /d' "$f"
    count=$(diags "$f" 2>/dev/null | wc -l)
    body=$(cat "$f")
    { for ((i = 0; i < count; i++)); do echo "// CHECK: placeholder"; done; printf '%s\n' "$body"; } >"$f"
    lines=$(diags "$f" 2>/dev/null | sed 's|^|// CHECK: |')
    { printf '%s\n' "$lines"; printf '%s\n' "$body"; } >"$f"
    continue
  fi
  tmp=$(mktemp); got=$(diags "$f" 2>"$tmp"); status=$(sed -n 's/^status //p' "$tmp"); rm -f "$tmp"
  want=$(sed -n 's|^// CHECK: ||p' "$f")
  if [[ -z $want ]]; then echo "FAIL $name: no CHECK lines"; fail=$((fail+1)); continue; fi
  if [[ $got != "$want" ]]; then
    echo "FAIL $name: clang's diagnostics differ from the CHECK lines"; diff <(echo "$want") <(echo "$got") | head -10
    fail=$((fail+1)); continue
  fi
  if [[ $status != 1 ]]; then echo "FAIL $name: clang exited $status, expected 1"; fail=$((fail+1)); fi
done
[[ $update -eq 1 ]] && { echo "check-invalid: updated $n files"; exit 0; }
echo "check-invalid: $n programs, $fail failed"
[[ $fail -eq 0 ]]
