#!/usr/bin/env bash
# Start-up of a jomp executable: the ELF launcher (fault handler preloaded into the JVM, read-only
# data mapped, -XX:-UsePerfData) against the shell preamble it replaced, on the same jar, run
# alternately. Prints the median wall time and the median CPU time (user + system, which other
# jobs on the machine disturb less) of each, and their ratio.
# Usage: linker-wrapper/bench/startup.sh [runs]   (after bin/mvn -q -B -DskipTests package)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
runs=${1:-21}
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
printf '#include <stdio.h>\nint main(void) { printf("hello %%s\\n", "world"); return 0; }\n' > "$d/hello.c"
JOMP_SERVER=0 "$root/bin/jomp" "$d/hello.c" -o "$d/elf"
# the jar starts where the launcher's last segment ends
end=0
while read -r type off _ _ filesz _; do
  [ "$type" = LOAD ] || continue
  e=$(( off + filesz )); [ $e -gt $end ] && end=$e
done < <(readelf -lW "$d/elf" | awk '$1=="LOAD"{print $1, $2, $3, $4, $5, $6}')
# the shell preamble as linker-wrapper wrote it before the ELF launcher (commit 9a286bb)
cat > "$d/sh" <<'PRE'
#!/bin/sh
# jomp executable: a shell preamble, then a jar. Runs on Java 25 or newer.
j=""
p=$(command -v java 2>/dev/null) && p=$(readlink -f "$p" 2>/dev/null) && p=${p%/bin/java}
for c in "$JAVA_HOME" "$p" /usr/lib/jvm/* /usr/local/lib/jvm/* /opt/java/*; do
  [ -n "$c" ] && [ -x "$c/bin/java" ] && [ -r "$c/release" ] || continue
  v=""
  while IFS= read -r l; do case $l in JAVA_VERSION=\"*) v=${l#JAVA_VERSION=\"}; v=${v%%[!0-9]*}; break;; esac; done < "$c/release"
  [ -n "$v" ] && [ "$v" -ge 25 ] 2>/dev/null && { j=$c/bin/java; break; }
done
[ -n "$j" ] || { echo "$0: error: no Java 25 or newer found (set JAVA_HOME)" >&2; exit 127; }
t=0; [ -t 1 ] && t=1
exec "$j" -XX:+UseSerialGC --sun-misc-unsafe-memory-access=allow -Xshare:auto -Xss16m -Djomp.program="$0" -Djomp.stdout.tty=$t $JOMP_JAVA_OPTS -jar "$0" "$@"
exit 127
PRE
tail -c +$(( end + 1 )) "$d/elf" >> "$d/sh"
chmod +x "$d/sh"
[ "$("$d/elf")" = "hello world" ] && [ "$("$d/sh")" = "hello world" ] || { echo "the two executables disagree" >&2; exit 1; }
TIMEFORMAT='%R %U %S'
for i in $(seq "$runs"); do
  for k in elf sh; do
    { time "$d/$k" > /dev/null; } 2>> "$d/$k.times"
  done
done
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
for k in elf sh; do
  w=$(awk '{print $1}' "$d/$k.times" | median)
  c=$(awk '{print $2 + $3}' "$d/$k.times" | median)
  printf '%-4s wall %.3fs  cpu %.3fs\n' "$k" "$w" "$c"
  eval "w_$k=$w c_$k=$c"
done
awk -v we="$w_elf" -v ws="$w_sh" -v ce="$c_elf" -v cs="$c_sh" 'BEGIN {printf "elf/sh: wall %.2fx, cpu %.2fx (%d runs each)\n", we / ws, ce / cs, '"$runs"'}'
