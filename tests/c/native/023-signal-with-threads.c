// A signal handler while every thread of an OpenMP team is busy: the threads spin until SIGALRM's
// handler sets a flag, then reduce what they counted; the handler's output and the team's result
// are gcc's. A SIGCHLD handler counts children exiting meanwhile.
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>
#include <omp.h>

static volatile sig_atomic_t stop, children;

static void on_alarm(int s) { (void)s; stop = 1; }
static void on_child(int s) { (void)s; while (waitpid(-1, NULL, WNOHANG) > 0) children++; }

int main(void) {
    signal(SIGALRM, on_alarm);
    signal(SIGCHLD, on_child);
    for (int i = 0; i < 3; i++) {
        fflush(stdout);
        if (fork() == 0) _exit(0);
    }
    alarm(1);
    int spinners = 0;
    #pragma omp parallel num_threads(4) reduction(+: spinners)
    {
        long spins = 0;
        while (!stop) spins++;
        spinners += spins > 0;
    }
    printf("stopped: %d threads spun until the handler ran\n", spinners);
    while (children < 3) pause();
    printf("children reaped by the handler: %d\n", children);
    return 0;
}
