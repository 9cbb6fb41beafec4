// Signals from another process (docs/design/abi.md § Signals): a child sends the parent SIGUSR1,
// SIGUSR2, SIGHUP and SIGINT, each caught by the parent's handler while it waits in sigsuspend;
// SIGCHLD's handler reaps the children; the last child sends SIGTERM, whose action is the default:
// the parent ends by it (status 143) without running its atexit handler, as gcc's build does.
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile sig_atomic_t last, received, reaped, status_sum;

static void on_signal(int s) { last = s; received++; }
static void on_child(int s) {
    (void)s;
    int st;
    pid_t p;
    while ((p = waitpid(-1, &st, WNOHANG)) > 0) {
        reaped++;
        if (WIFEXITED(st)) status_sum += WEXITSTATUS(st);
    }
}
static void never(void) { printf("atexit handler (not reached)\n"); }

/* A child that sends sig to its parent, then exits with status code. */
static void send_from_child(int sig, int code) {
    fflush(stdout);
    pid_t p = fork();
    if (p == 0) {
        kill(getppid(), sig);
        _exit(code);
    }
}

int main(void) {
    setvbuf(stdout, NULL, _IONBF, 0);
    atexit(never);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    int sigs[] = {SIGUSR1, SIGUSR2, SIGHUP, SIGINT};
    for (int i = 0; i < 4; i++) sigaction(sigs[i], &sa, NULL);
    sa.sa_handler = on_child;
    sa.sa_flags = SA_RESTART | SA_NOCLDSTOP;
    sigaction(SIGCHLD, &sa, NULL);

    /* block them, so that none is lost between the fork and the wait */
    sigset_t block, open;
    sigemptyset(&block);
    for (int i = 0; i < 4; i++) sigaddset(&block, sigs[i]);
    sigaddset(&block, SIGCHLD);
    sigprocmask(SIG_BLOCK, &block, &open);
    for (int i = 0; i < 4; i++) {
        last = 0;
        send_from_child(sigs[i], i + 1);
        while (last == 0) sigsuspend(&open);
        printf("the parent caught %d from its child\n", last);
    }
    while (reaped < 4) sigsuspend(&open);
    printf("received %d, reaped %d children, their statuses add to %d\n", received, reaped, status_sum);
    sigprocmask(SIG_SETMASK, &open, NULL);

    /* the default action of SIGTERM, sent by a child while the parent waits */
    signal(SIGCHLD, SIG_DFL);
    printf("waiting for SIGTERM\n");
    send_from_child(SIGTERM, 0);
    for (;;) pause();
}
