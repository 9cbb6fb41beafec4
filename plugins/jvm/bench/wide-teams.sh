#!/usr/bin/env bash
# Wide teams on the jvm device (bench/wide-teams.c): TEAMS teams of LIMIT threads whose parallel
# regions meet at barriers, built by two jomp builds (before and after a change, e.g. a `git
# archive` of the older commit built with `bin/mvn -q -B -o -DskipTests package`) and run side by
# side; prints each build's best launch time over ROUNDS launches, the OS threads the process has
# at the end, and the ratio. The results line must be the same for both.
# Usage: plugins/jvm/bench/wide-teams.sh BEFORE_ROOT [AFTER_ROOT] [TEAMS] [LIMIT] [ROUNDS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
before=${1:?usage: wide-teams.sh BEFORE_ROOT [AFTER_ROOT] [TEAMS] [LIMIT] [ROUNDS]}
after=${2:-$(cd "$here/../../.." && pwd)}
teams=${3:-256} limit=${4:-512} rounds=${5:-5}
work=$(mktemp -d "${TMPDIR:-/tmp}/jomp-wide-teams.XXXXXX")
trap 'rm -rf "$work"' EXIT
src="$here/wide-teams.c"
for v in before after; do
  root=$before; [[ $v == after ]] && root=$after
  JOMP_SERVER=0 "$root/bin/jomp" -O2 -fopenmp -fopenmp-targets=jvm "$src" -o "$work/$v"
  /usr/bin/time -f "%e %M" -o "$work/$v.time" "$work/$v" "$teams" "$limit" "$rounds" >"$work/$v.out"
done
if ! diff <(grep '^result' "$work/before.out") <(grep '^result' "$work/after.out") >/dev/null; then
  echo "results differ:"; grep '^result' "$work/before.out" "$work/after.out"; exit 1
fi
echo "# $(date -u +%F) $(nproc) cores; $teams teams x $limit threads, best of $rounds launches"
grep '^result' "$work/after.out"
printf '%-7s %10s %11s %10s %10s\n' build launch os-threads wall-s max-RSS-MB
for v in before after; do
  printf '%-7s %9.3fs %11d %10s %10d\n' "$v" "$(awk '$1 == "time" {print $2}' "$work/$v.out")" \
    "$(awk '$1 == "os-threads" {print $2}' "$work/$v.out")" "$(cut -d' ' -f1 "$work/$v.time")" "$(( $(cut -d' ' -f2 "$work/$v.time") / 1024 ))"
done
b=$(awk '$1 == "time" {print $2}' "$work/before.out"); a=$(awk '$1 == "time" {print $2}' "$work/after.out")
echo "before/after launch time: $(echo "scale=2; $b / $a" | bc)x"
