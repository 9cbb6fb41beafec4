#!/usr/bin/env bash
# fork on the JVM against gcc's build (docs/PERFORMANCE.md § fork): N forks (default 1000) whose
# children print, allocate, compute and exit with a status the parent checks, built by gcc -O0 and
# by jomp -O0, each run once under /usr/bin/time: wall time, and the CPU time of the program with
# its waited-for children.
set -euo pipefail
n=${1:-1000}
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/forks.c" <<'C'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
static long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
int main(int argc, char **argv) {
    int n = atoi(argv[1]), bad = 0;
    for (int i = 0; i < n; i++) {
        fflush(stdout);
        pid_t p = fork();
        if (p == 0) {
            char *buf = malloc(100);
            snprintf(buf, 100, "child %d fib %ld", i, fib(15));
            int code = (int)strlen(buf) % 200;
            free(buf);
            exit(code);
        }
        int st;
        char want[100];
        snprintf(want, 100, "child %d fib %ld", i, fib(15));
        if (waitpid(p, &st, 0) != p || !WIFEXITED(st) || WEXITSTATUS(st) != (int)strlen(want) % 200) bad++;
    }
    printf("%d forks, %d wrong\n", n, bad);
    return bad != 0;
}
C
gcc -O0 "$work/forks.c" -o "$work/gcc"
JOMP_SERVER=0 "$root/bin/jomp" -O0 "$work/forks.c" -o "$work/jomp"
for b in gcc jomp; do
  printf '%-5s ' "$b"
  /usr/bin/time -f "%e s wall, %U s user, %S s sys" "$work/$b" "$n" 2>&1 | tr '\n' ' '
  echo
done
echo "load: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
