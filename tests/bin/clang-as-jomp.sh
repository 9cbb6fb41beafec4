#!/usr/bin/env bash
# Stands in for bin/jomp to check the harness itself, not jomp: forwards to clang-19 (adding -lm
# when linking). With it every CorpusRunTest and CorpusInvalidTest case must pass:
#   bin/mvn -q -B -pl tests -am test -Djomp.tests.jomp=$PWD/tests/bin/clang-as-jomp.sh
link=1
for a in "$@"; do case $a in -c|-fsyntax-only|-E|-S) link=0;; esac; done
if [[ $link -eq 1 ]]; then exec clang-19 "$@" -lm; else exec clang-19 "$@"; fi
