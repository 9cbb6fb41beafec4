// A thread that blocks every signal blocks them for itself only (each thread has its own mask):
// SIGCHLD still reaches the program's handler when a child exits, and a SIGTERM sent to the
// program still ends it by the signal (status 143), as the kernel gives a process's signal to a
// thread that does not block it. libuv's threads block all signals around its locks.
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile sig_atomic_t got;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int ready;

static void *blocker(void *arg) {
    sigset_t s;
    sigfillset(&s);
    pthread_sigmask(SIG_SETMASK, &s, NULL);
    pthread_mutex_lock(&m);
    ready = 1;
    pthread_cond_signal(&c);
    pthread_mutex_unlock(&m);
    for (;;) pause();
    return arg;
}

static void onchld(int sig) {
    (void)sig;
    got = 1;
}

int main(void) {
    signal(SIGCHLD, onchld);
    pthread_t t;
    pthread_create(&t, NULL, blocker, NULL);
    pthread_mutex_lock(&m);
    while (!ready) pthread_cond_wait(&c, &m);
    pthread_mutex_unlock(&m);
    sigset_t none, mine;
    sigemptyset(&none);
    pthread_sigmask(SIG_BLOCK, &none, &mine);
    printf("main blocks SIGTERM: %d\n", sigismember(&mine, SIGTERM));
    fflush(stdout);
    pid_t p = fork();
    if (p == 0) _exit(3);
    for (int i = 0; i < 500 && !got; i++) usleep(10000);
    int st;
    waitpid(p, &st, 0);
    printf("SIGCHLD handled: %d, child status %d\n", (int)got, WEXITSTATUS(st));
    fflush(stdout);
    kill(getpid(), SIGTERM);
    sleep(5);
    printf("not reached\n");
    return 0;
}
