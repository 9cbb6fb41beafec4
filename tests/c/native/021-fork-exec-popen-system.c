// fork on the JVM (docs/design/abi.md § fork): 200 children each print, allocate, call functions
// and compute, then exit with a status the parent checks through waitpid; a child that execs a
// shell; a child killed by a signal; vfork with _exit; popen both ways with pclose's status; system's
// status; buffered output is copied into the child as C copies it (flushed before each fork here).
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static long collatz(long n) { long steps = 0; while (n != 1) { n = n % 2 ? 3 * n + 1 : n / 2; steps++; } return steps; }

static int child_work(int i) {
    char *buf = malloc(64 + i);
    snprintf(buf, 64 + i, "child %d: collatz(%d) = %ld", i, i + 1, collatz(i + 1));
    int len = (int)strlen(buf);
    if (i % 50 == 0) printf("%s\n", buf);
    free(buf);
    return (len + i) % 251;
}

int main(void) {
    int bad = 0;
    for (int i = 0; i < 200; i++) {
        fflush(stdout);
        pid_t p = fork();
        if (p < 0) { perror("fork"); return 2; }
        if (p == 0) exit(child_work(i));
        int st;
        if (waitpid(p, &st, 0) != p || !WIFEXITED(st)) { bad++; continue; }
        /* the parent computes what the child should have said */
        char want[128];
        snprintf(want, sizeof want, "child %d: collatz(%d) = %ld", i, i + 1, collatz(i + 1));
        if (WEXITSTATUS(st) != ((int)strlen(want) + i) % 251) bad++;
    }
    printf("200 children, %d wrong\n", bad);

    /* fork and exec */
    fflush(stdout);
    pid_t p = fork();
    if (p == 0) {
        execlp("sh", "sh", "-c", "echo from the shell the child became; exit 7", (char *)NULL);
        _exit(127);
    }
    int st;
    waitpid(p, &st, 0);
    printf("exec'd child: exited %d, status %d\n", WIFEXITED(st), WEXITSTATUS(st));

    /* a child that dies of a signal */
    fflush(stdout);
    p = fork();
    if (p == 0) { raise(SIGUSR1); _exit(0); }
    waitpid(p, &st, 0);
    printf("signalled child: signalled %d, signal %d\n", WIFSIGNALED(st), WTERMSIG(st));

    /* vfork and _exit */
    fflush(stdout);
    p = vfork();
    if (p == 0) _exit(42);
    waitpid(p, &st, 0);
    printf("vfork child: status %d\n", WEXITSTATUS(st));

    /* popen: read a command's output, write to another's input */
    FILE *f = popen("printf 'alpha\\nbeta\\n'; exit 3", "r");
    char line[64];
    while (fgets(line, sizeof line, f)) printf("popen read: %s", line);
    st = pclose(f);
    printf("pclose: exited %d, status %d\n", WIFEXITED(st), WEXITSTATUS(st));
    fflush(stdout);
    f = popen("tr a-z A-Z", "w");
    fputs("written through popen\n", f);
    st = pclose(f);
    printf("pclose of the writer: %d\n", WEXITSTATUS(st));

    /* system */
    fflush(stdout);
    st = system("echo from system; exit 5");
    printf("system: status %d\n", WEXITSTATUS(st));
    return bad != 0;
}
