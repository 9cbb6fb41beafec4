// NATIVE: -pthread
// pthread_atfork and at_quick_exit, the two functions glibc keeps in libc_nonshared.a (not in the
// shared library, so a link against libc.so alone lacks them): prepare handlers run before fork last
// registered first, parent and child handlers after it first registered first, in their own process
// each; vfork runs none; fork from a second thread runs them too. quick_exit runs the at_quick_exit
// handlers (last first) and not the atexit ones, and flushes no stream (what is printed is flushed
// by hand).
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static char trace[256];
static void add(const char *s) { strcat(trace, s); }
static void prep1(void) { add("P1 "); }
static void prep2(void) { add("P2 "); }
static void par1(void) { add("p1 "); }
static void par2(void) { add("p2 "); }
static void chi1(void) { add("c1 "); }
static void chi2(void) { add("c2 "); }

static void forked(const char *what) {
    trace[0] = 0;
    fflush(stdout);
    pid_t p = fork();
    if (p < 0) { perror("fork"); exit(2); }
    if (p == 0) {
        printf("%s child: %s\n", what, trace);
        fflush(stdout);
        _exit(7);
    }
    int st = 0;
    waitpid(p, &st, 0);
    printf("%s parent: %s(child status %d)\n", what, trace, WEXITSTATUS(st));
}

static void *from_thread(void *arg) {
    forked((const char *)arg);
    return NULL;
}

static void q1(void) { printf("quick 1\n"); fflush(stdout); }
static void q2(void) { printf("quick 2\n"); fflush(stdout); }
static void never(void) { printf("atexit handler (must not run)\n"); fflush(stdout); }

int main(void) {
    forked("none registered");
    if (pthread_atfork(prep1, par1, chi1) != 0) return 3;
    if (pthread_atfork(prep2, NULL, chi2) != 0) return 3;
    if (pthread_atfork(NULL, par2, NULL) != 0) return 3;
    forked("three registered");
    pthread_t t;
    pthread_create(&t, NULL, from_thread, "from a thread");
    pthread_join(t, NULL);
    trace[0] = 0;
    fflush(stdout);
    pid_t v = vfork();
    if (v == 0) _exit(5);
    int st = 0;
    waitpid(v, &st, 0);
    printf("vfork: [%s] status %d\n", trace, WEXITSTATUS(st));
    atexit(never);
    at_quick_exit(q1);
    at_quick_exit(q2);
    printf("quick_exit next\n");
    fflush(stdout);
    printf("left in the buffer, flushed by a handler\n");
    quick_exit(4);
}
