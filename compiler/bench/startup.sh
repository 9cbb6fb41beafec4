#!/usr/bin/env bash
# Start-up of jomp executables against gcc's: a one-line program (startup/hello.c) and a short tool
# (startup/tool.c: run-length encodes a 20 KB input read from stdin with getchar, or from a file with
# fopen and fread), built with `gcc -O2` and `bin/jomp -O2`, each run N times by startup/runmed.c
# (no shell around a run): median wall time, median CPU time (user + system, children included;
# other jobs on the machine disturb it less), fastest wall time, in milliseconds. jomp's programs
# run from the start cache jomp's build made (docs/PERFORMANCE.md § Start-up) and without it
# (JOMP_START_CACHE=0). Each row runs its N runs in one go, so load that comes and goes can favour one
# row: on a loaded machine compare builds over several runs of the script.
# With BASELINE=/path/to/other/checkout (built), that checkout's bin/jomp -O2 builds them too, and its
# rows (base) run in turn with the others: before and after in one run.
# Usage: [BASELINE=dir] compiler/bench/startup.sh [N]   (default 21; after bin/mvn -q -B -DskipTests package)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
runs=${1:-21}
work=$(mktemp -d "${TMPDIR:-/tmp}/jomp-startup.XXXXXX")
trap 'rm -rf "$work"' EXIT

gcc -O2 -o "$work/runmed" "$here/startup/runmed.c"
for p in hello tool; do
  gcc -O2 -o "$work/$p.gcc" "$here/startup/$p.c"
  JOMP_SERVER=0 "$root/bin/jomp" -O2 -o "$work/$p.jomp" "$here/startup/$p.c"
  [ -n "${BASELINE:-}" ] && JOMP_SERVER=0 "$BASELINE/bin/jomp" -O2 -o "$work/$p.base" "$here/startup/$p.c"
done
# the tool's input: 20 KB with runs of every length
awk 'BEGIN { srand(1); while (n < 20000) { c = sprintf("%c", 97 + int(rand() * 4)); k = 1 + int(rand() * 40); for (i = 0; i < k; i++) printf "%s", c; n += k } }' > "$work/input"
# outputs agree
for p in hello tool; do
  [[ $p == tool ]] && in=$work/input || in=/dev/null
  for b in jomp ${BASELINE:+base}; do
    cmp -s <("$work/$p.gcc" < "$in" 2>/dev/null) <("$work/$p.$b" < "$in" 2>/dev/null) || { echo "$p: outputs differ ($b)" >&2; exit 1; }
  done
done

echo "# $(date -u +%FT%TZ) $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(gcc --version | head -1), runs=$runs${BASELINE:+, baseline=$BASELINE}"
printf '%-16s %-22s %10s %10s %10s\n' program build wall-ms cpu-ms min-wall
row() {   # name, build, then the command
  local name=$1 build=$2; shift 2
  read -r w c m < <("$work/runmed" "$runs" "$@")
  printf '%-16s %-22s %10.1f %10.1f %10.1f\n' "$name" "$build" "$w" "$c" "$m"
}
for p in hello tool-stdin tool-file; do
  exe=${p%%-*}; args=(); export RUNMED_STDIN=/dev/null
  [[ $p == tool-stdin ]] && export RUNMED_STDIN=$work/input
  [[ $p == tool-file ]] && args=("$work/input")
  row "$p" gcc-O2 "$work/$exe.gcc" "${args[@]}"
  row "$p" "jomp-O2 start cache" "$work/$exe.jomp" "${args[@]}"
  row "$p" "jomp-O2 no cache" env JOMP_START_CACHE=0 "$work/$exe.jomp" "${args[@]}"
  if [ -n "${BASELINE:-}" ]; then
    row "$p" "base-O2 start cache" "$work/$exe.base" "${args[@]}"
    row "$p" "base-O2 no cache" env JOMP_START_CACHE=0 "$work/$exe.base" "${args[@]}"
  fi
done
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
