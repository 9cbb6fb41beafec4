// NATIVE:
// A C signal handler runs in a forked child, as in C: the child waits in poll() for its own handler to
// write to a pipe (an event loop's self-pipe, libuv's signal watchers), the parent sends SIGUSR1. The
// child's JVM lacks the parent's signal thread; the runtime starts one of its own in the child.
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
static int selfpipe[2];
static volatile sig_atomic_t got;
static void on_usr1(int sig) { got = sig; char c = 1; write(selfpipe[1], &c, 1); }
int main(void) {
    struct sigaction sa; memset(&sa, 0, sizeof sa); sa.sa_handler = on_usr1; sigaction(SIGUSR1, &sa, 0);
    int sync[2]; pipe(sync); fflush(stdout);
    pid_t p = fork();
    if (p == 0) {
        pipe(selfpipe);
        write(sync[1], "r", 1);
        struct pollfd fd = { selfpipe[0], POLLIN, 0 };
        int n; do n = poll(&fd, 1, 10000); while (n < 0);
        printf("child: poll %d, handler saw %d\n", n, (int)got); fflush(stdout);
        _exit(got == SIGUSR1 ? 0 : 1);
    }
    char c; read(sync[0], &c, 1);
    kill(p, SIGUSR1);
    int st; waitpid(p, &st, 0);
    printf("parent: child status %d, parent handler saw %d\n", WEXITSTATUS(st), (int)got);
    return 0;
}
