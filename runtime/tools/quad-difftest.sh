#!/usr/bin/env bash
# Differential test of the runtime's binary128 soft-float (jomp.runtime.libc.Quad) against gcc 12's
# __float128: QuadDiff.java generates N random operand pairs (default 20000), gcc computes every
# operation, and Quad must agree bit for bit. Needs gcc and the runtime's classes
# (bin/mvn -q -B -DskipTests package). Usage: runtime/tools/quad-difftest.sh [N] [SEED]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
classes="$here/../target/classes"
[[ -d $classes/jomp/runtime/libc ]] || { echo "build the runtime first: bin/mvn -q -B -DskipTests package" >&2; exit 2; }
source "$here/../../bin/jomp-java.sh" # jomp_find_java: the JDK 25 the runtime's classes need
jomp_find_java || exit 1
exec "$JOMP_JAVA_HOME/bin/java" -Dseed="${2:-1}" -cp "$classes" "$here/QuadDiff.java" "${1:-20000}"
