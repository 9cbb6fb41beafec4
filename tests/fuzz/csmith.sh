#!/usr/bin/env bash
# Differential random testing with Csmith (or tests/fuzz/gen.py): each seed's program is built by gcc (the
# reference) and by bin/jomp at each -O level, run, and its output (the checksum line) and exit status compared.
#
# Usage: tests/fuzz/csmith.sh [-n COUNT] [-s FIRST_SEED] [-j JOBS] [-o OUTDIR] [-O "-O0 -O2"]
#                             [--gcc-limit S] [--factor F] [--min-limit S] [--seeds FILE] [--summary]
#   -n 100          how many seeds (FIRST_SEED, FIRST_SEED+1, ...)
#   -s 1            the first seed
#   --seeds FILE    the seeds to run, one a line, instead of -n/-s
#   --gen csmith    the generator: csmith, or jgen (tests/fuzz/gen.py: floating point, structs by value, switch,
#                   bit-fields, OpenMP loops; built with -fopenmp by gcc and jomp alike)
#   -j 2            programs at once (each is a gcc build and run, then jomp's builds and runs)
#   -o DIR          results: DIR/results.tsv (a line per seed, appended; seeds already there are not run
#                   again, so a stopped run resumes), DIR/keep/SEED/ (every seed that was not 'same':
#                   the program, both outputs, jomp's stderr, the commands), DIR/summary.txt
#   -O "-O0 -O2"    jomp's optimisation levels
#   --gcc-limit 2   CPU seconds gcc's -O0 binary may use; slower programs are skipped (counted as skip-slow)
#   --factor 50, --min-limit 10: jomp's binary may use min-limit + factor x gcc's CPU seconds (the JVM starts and
#                   compiles the program's methods as it runs), and ten times that plus 300 s of wall time (CPU
#                   time is the measure: at nice 19 on a loaded machine a program may wait long for a core)
#   --summary       only print the summary of DIR/results.tsv
# Outcomes, per -O level (the seed's line lists each; the summary counts them):
#   same           stdout and exit status equal gcc's
#   differ         stdout or exit status differs (a miscompile, or a jomp runtime bug)
#   run-crash      jomp's binary died of a signal or printed a Java exception / hs_err banner
#   timeout        jomp's binary ran past its limit (a hang, or too slow)
#   too-large      jomp said a function is too large for a JVM method (methods are not split yet)
#   compile-error  jomp rejected the program with other diagnostics (exit 1, no stack trace)
#   compile-crash  jomp's compile ended otherwise: a stack trace, an internal error, a signal, a time-out
# and per seed, before jomp runs: skip-slow (gcc's binary ran past --gcc-limit), skip-gcc (gcc failed to build it).
# A seed that differs or crashes is built by gcc -O2 too: when that disagrees with gcc -O0, the program has
# undefined behaviour csmith missed and its line ends with 'unstable(...)' (the summary counts it apart).
# Profiles (by seed, so a seed always makes the same program): seed % 4 == 3 adds --float.
# Environment: CSMITH (csmith), CSMITH_INC (/usr/include/csmith), JOMP (bin/jomp; words split on blanks), GCC (gcc),
# KEEP_ALL=1 (keep every seed's folder).
# Jobs run under `nice -n 19`; bin/jomp's compile server makes each compile cheap.
set -u
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
csmith=${CSMITH:-csmith}; inc=${CSMITH_INC:-/usr/include/csmith}
jomp=${JOMP:-$root/bin/jomp}; gcc=${GCC:-gcc}
count=100 first=1 jobs=2 out=$root/tests/target/csmith levels="-O0 -O2" gcc_limit=2 factor=50 min_limit=10
seeds_file= summary_only=0 one= generator=csmith
while [[ $# -gt 0 ]]; do
  case $1 in
    -n) count=$2; shift 2 ;;
    -s) first=$2; shift 2 ;;
    -j) jobs=$2; shift 2 ;;
    -o) out=$2; shift 2 ;;
    -O) levels=$2; shift 2 ;;
    --gcc-limit) gcc_limit=$2; shift 2 ;;
    --factor) factor=$2; shift 2 ;;
    --min-limit) min_limit=$2; shift 2 ;;
    --seeds) seeds_file=$2; shift 2 ;;
    --gen) generator=$2; shift 2 ;;
    --summary) summary_only=1; shift ;;
    --one) one=$2; shift 2 ;;          # internal: run one seed (the parallel workers)
    -h|--help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "csmith.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
mkdir -p "$out/keep"
out=$(cd "$out" && pwd)
results=$out/results.tsv

# A compile or a run whose stderr shows the JVM or the compiler failing inside, not a C diagnostic.
internal_failure() {
  grep -qE 'Exception|Error: |^\s+at [a-zA-Z_$.]+\(|internal error|hs_err_pid|A fatal error has been detected|PLEASE submit' "$1"
}

one_seed() {
  local jomp_cmd; read -r -a jomp_cmd <<<"$jomp"    # JOMP may be a command with arguments (a JVM and its class path)
  local seed=$1 w profile=() gtime limit line level o st r keep_it=0 cpu= try
  w=$(mktemp -d "${TMPDIR:-/tmp}/csmith-$seed.XXXXXX")
  local cflags=(-w -I"$inc")
  if [[ $generator == jgen ]]; then profile=(jgen); cflags=(-w -fopenmp)
  elif (( seed % 4 == 3 )); then profile=(--float); fi
  line="$seed"$'\t'"${profile[*]:-default}"
  cd "$w" || return      # csmith writes platform.info where it runs
  if ! generate "$seed" >p.c 2>/dev/null; then
    printf '%s\tskip-gcc\t%s failed\n' "$line" "$generator" >>"$results"; rm -rf "$w"; return; fi
  # wall-clock limits on builds are generous: at nice 19 on a loaded machine a build may wait long for a core
  timeout 1800 "$gcc" -O0 "${cflags[@]}" p.c -o g0 -lm 2>gcc.err; st=$?
  if [[ $st != 0 ]]; then
    printf '%s\tskip-gcc\tgcc failed (status %s)\n' "$line" "$st" >>"$results"; keep "$seed" "$w"; return; fi
  # gcc's run: its CPU time is the measure (the machine may be loaded); past --gcc-limit the program is skipped
  run_limited "$gcc_limit" $((gcc_limit * 20 + 10)) ./g0 gcc.out gcc.time; st=$?
  if [[ $st == 124 || $st == 137 || $st == 152 ]]; then
    printf '%s\tskip-slow\tgcc -O0 ran past %s s\n' "$line" "$gcc_limit" >>"$results"; rm -rf "$w"; return; fi
  echo "$st" >>gcc.out
  gtime=$(cat gcc.time)
  limit=$(awk -v g="$gtime" -v f="$factor" -v m="$min_limit" 'BEGIN { printf "%d", m + f * g + 0.999 }')
  line+=$'\t'"gcc=${gtime}s"
  for level in $levels; do
    o=${level#-}
    for try in 1 2; do    # a compile server that stopped under the command (jomp was rebuilt): once more
      timeout -k 5 1800 nice -n 19 "${jomp_cmd[@]}" "$level" "${cflags[@]}" p.c -o "j$o" >"jomp-$o.cout" 2>"jomp-$o.err"; st=$?
      grep -q 'compile server (pid [0-9]*) stopped before the command finished' "jomp-$o.err" || break
    done
    if [[ $st == 0 ]]; then
      run_limited "$limit" $((limit * 10 + 300)) "./j$o" "jomp-$o.out" "jomp-$o.time"; st=$?
      mv "jomp-$o.out.err" "jomp-$o.rerr"
      [[ $st == 152 ]] && st=124    # out of CPU time: a time-out too
      echo "$st" >>"jomp-$o.out"
      cpu+="${cpu:+/}$o=$(cat "jomp-$o.time")"
      if [[ $st == 124 || $st == 137 ]]; then r=timeout
      elif (( st > 128 )) || internal_failure "jomp-$o.rerr"; then r=run-crash
      elif cmp -s gcc.out "jomp-$o.out"; then r=same
      else r=differ; fi
    elif [[ $st == 1 ]] && grep -q 'too large for a JVM method' "jomp-$o.err"; then r=too-large
    elif [[ $st == 1 ]] && ! internal_failure "jomp-$o.err"; then r=compile-error
    else r=compile-crash; fi
    line+=$'\t'"$o=$r"
    [[ $r == same || $r == too-large ]] || keep_it=1
  done
  # a difference: does gcc -O2 agree with gcc -O0? If not, the program has undefined behaviour csmith missed
  if [[ $line == *=differ* || $line == *=run-crash* ]]; then
    timeout 1800 "$gcc" -O2 "${cflags[@]}" p.c -o g2 -lm 2>>gcc.err
    run_limited "$gcc_limit" $((gcc_limit * 20 + 10)) ./g2 gcc2.out gcc2.time; echo "$?" >>gcc2.out
    cmp -s gcc.out gcc2.out || line+=$'\t'"unstable(gcc -O2 differs from gcc -O0)"
  fi
  [[ -n $cpu ]] && line+=$'\t'"cpu:$cpu"     # CPU seconds of jomp's binaries (the JVM's threads together)
  printf '%s\n' "$line" >>"$results"
  if [[ $keep_it == 1 || ${KEEP_ALL:-0} == 1 ]]; then keep "$seed" "$w"; else rm -rf "$w"; fi
}

# Runs $3 with at most $1 s of CPU time and $2 s of wall time, stdout to $4; its user+system seconds to $5.
run_limited() {
  ( ulimit -t "$1"; timeout -k 1 "$2" "$3" >"$4" 2>"$4.err"; st=$?; times >"$5.raw"; exit $st )
  local st=$?
  # times: the shell's own user and system time, then its children's ("0m0.179s 0m0.044s")
  awk 'NR == 2 { gsub(/[ms]/, " "); printf "%.2f", $1 * 60 + $2 + $3 * 60 + $4 }' "$5.raw" >"$5"; rm -f "$5.raw"
  return $st
}

# The program of seed $1 on stdout: csmith's (with --float for every fourth seed), or tests/fuzz/gen.py's.
generate() {
  if [[ $generator == jgen ]]; then python3 "$root/tests/fuzz/gen.py" "$1"
  elif (( $1 % 4 == 3 )); then "$csmith" --seed "$1" --float
  else "$csmith" --seed "$1"; fi
}

# Keeps a seed's folder (program, outputs, stderr) under keep/, with the commands that rebuild it.
keep() {
  local seed=$1 w=$2
  rm -f "$w"/g0 "$w"/g2; for level in $levels; do rm -f "$w/j${level#-}"; done
  { if [[ $generator == jgen ]]; then echo "python3 $root/tests/fuzz/gen.py $seed >p.c"
    else echo "csmith --seed $seed $( (( seed % 4 == 3 )) && echo --float) >p.c"; fi
    if [[ $generator == jgen ]]; then echo "gcc -O0 -w -fopenmp p.c -o g0 -lm && ./g0"
    else echo "gcc -O0 -w -I$inc p.c -o g0 && ./g0"; fi
    for level in $levels; do echo "$jomp $level $( [[ $generator == jgen ]] && echo "-w -fopenmp" || echo "-w -I$inc") p.c -o j && ./j"; done
  } >"$w/commands.txt"
  rm -rf "$out/keep/$seed"; mv "$w" "$out/keep/$seed"
}

summary() {
  [[ -f $results ]] || { echo "no results in $results"; return; }
  # a seed run twice (a resumed run) counts once, with its last line
  awk -F'\t' '{ last[$1] = $0 } END { for (k in last) print last[k] }' "$results" | awk -F'\t' '
    { n++
      if ($3 ~ /^skip/) { skip[$3]++; next }
      compared++; worst = "same"; unstable = 0
      for (i = 4; i <= NF; i++) {
        if ($i ~ /^unstable/) { unstable = 1; continue }
        if ($i !~ /^O[^=]*=/) continue
        split($i, kv, "="); per[kv[1] " " kv[2]]++
        if (rank[kv[2]] > rank[worst]) worst = kv[2]
      }
      if (unstable) { seed["unstable (gcc -O2 differs)"]++; bad = bad " " $1 "(unstable)"; next }
      seed[worst]++; if (worst != "same" && worst != "too-large") bad = bad " " $1 }
    BEGIN { rank["same"] = 0; rank["too-large"] = 1; rank["compile-error"] = 2; rank["timeout"] = 3
            rank["compile-crash"] = 4; rank["run-crash"] = 5; rank["differ"] = 6 }
    END {
      printf "seeds run: %d; compared (gcc built and ran them): %d\n", n, compared
      for (k in skip) printf "  %-14s %d\n", k, skip[k]
      printf "per seed (worst over the -O levels):\n"
      for (k in seed) printf "  %-14s %d\n", k, seed[k]
      printf "per -O level:\n"
      for (k in per) printf "  %-20s %d\n", k, per[k]
      if (bad != "") printf "seeds to look at (not same, not too-large):%s\n", bad
    }'
}

export -f one_seed keep run_limited internal_failure generate
export csmith inc jomp gcc out results levels gcc_limit factor min_limit generator root

if [[ -n $one ]]; then one_seed "$one"; exit 0; fi
if [[ $summary_only == 1 ]]; then summary | tee "$out/summary.txt"; exit 0; fi

case $generator in
  csmith) command -v "$csmith" >/dev/null || { echo "csmith not found: apt-get install csmith libcsmith-dev" >&2; exit 2; }
          [[ -f $inc/csmith.h ]] || { echo "$inc/csmith.h not found: apt-get install libcsmith-dev" >&2; exit 2; } ;;
  jgen) ;;
  *) echo "csmith.sh: --gen takes csmith or jgen, not '$generator'" >&2; exit 2 ;;
esac
touch "$results"
done_seeds=$(mktemp); cut -f1 "$results" | sort -u >"$done_seeds"
if [[ -n $seeds_file ]]; then grep -v '^#' "$seeds_file"; else seq "$first" $((first + count - 1)); fi |
  sort -u | comm -23 - "$done_seeds" | sort -n |
  xargs -r -P "$jobs" -I{} nice -n 19 "$0" -o "$out" -O "$levels" --gcc-limit "$gcc_limit" --factor "$factor" --min-limit "$min_limit" \
    --gen "$generator" --one {}
rm -f "$done_seeds"
summary | tee "$out/summary.txt"
