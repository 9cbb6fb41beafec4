// SIGPIPE (docs/design/abi.md § Signals): with SIGPIPE ignored, a write to a pipe nobody reads
// fails with EPIPE; with the default action, it ends the program by SIGPIPE (status 141), as in C.
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(void) {
    setvbuf(stdout, NULL, _IONBF, 0);
    int fd[2];
    if (pipe(fd) != 0) return 1;
    close(fd[0]);
    signal(SIGPIPE, SIG_IGN);
    ssize_t n = write(fd[1], "x", 1);
    printf("ignored: write %d, EPIPE %d\n", (int)n, errno == EPIPE);
    signal(SIGPIPE, SIG_DFL);
    printf("default: the next write ends the program\n");
    n = write(fd[1], "x", 1);
    printf("not reached: %d\n", (int)n);
    return 0;
}
