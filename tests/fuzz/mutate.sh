#!/usr/bin/env bash
# The long run of source mutation through `jomp -c` (MutationFuzzTest's fuzz-long test; CI runs a fixed
# slice of 240 mutants): corpus programs mutated, each compile must end in success or in clang-style
# diagnostics with status 1, never a Java stack trace, an internal error, a crash or a hang (30 s).
# Findings (the mutant, its command and stderr) go to tests/target/corpus/mutation/findings/.
# Usage: tests/fuzz/mutate.sh [COUNT [SEED]]     (default 5000 mutants, seed 1; about 0.3 s a mutant on 2 cores)
set -eu
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
exec nice -n 10 bin/mvn -B -q -pl tests -am test -Dtest=MutationFuzzTest -Dsurefire.failIfNoSpecifiedTests=false \
  -Djomp.test.excludedGroups=gpu -Dgroups=fuzz-long -Djomp.fuzz.count="${1:-5000}" -Djomp.fuzz.seed="${2:-1}"
