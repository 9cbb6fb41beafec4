/* Scheduling priority of the process and its threads: setpriority(PRIO_PROCESS, 0) sets the
   calling thread's nice value, and the process's id names the thread running main (Linux keeps a
   nice value per thread): read back by 0 and by getpid() from main, by getpid() from a thread
   started before, which keeps its own; a thread that sets main's through getpid(). */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <sys/resource.h>
#include <unistd.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int stage;

static void wait_for(int s) {
    pthread_mutex_lock(&m);
    while (stage < s) pthread_cond_wait(&c, &m);
    pthread_mutex_unlock(&m);
}

static void go(int s) {
    pthread_mutex_lock(&m);
    stage = s;
    pthread_cond_broadcast(&c);
    pthread_mutex_unlock(&m);
}

static void *other(void *arg) {
    (void)arg;
    wait_for(1);
    int own = getpriority(PRIO_PROCESS, 0);
    printf("thread: own %d, main's %d\n", own, getpriority(PRIO_PROCESS, getpid()));
    printf("thread sets main's to 7: %d\n", setpriority(PRIO_PROCESS, getpid(), 7));
    printf("thread: own %d\n", getpriority(PRIO_PROCESS, 0));
    go(2);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, other, NULL);
    int start = getpriority(PRIO_PROCESS, 0);
    printf("start: %d %d\n", start, getpriority(PRIO_PROCESS, getpid()));
    for (int n = 1; n <= 4; n++) {
        int r = setpriority(PRIO_PROCESS, 0, n);
        int by0 = getpriority(PRIO_PROCESS, 0);
        printf("set %d: %d, by 0 %d, by pid %d\n", n, r, by0, getpriority(PRIO_PROCESS, getpid()));
    }
    int set5 = setpriority(PRIO_PROCESS, getpid(), 5);
    printf("by pid 5: %d, by 0 %d\n", set5, getpriority(PRIO_PROCESS, 0));
    go(1);
    wait_for(2);
    pthread_join(t, NULL);
    int after = getpriority(PRIO_PROCESS, 0);
    printf("main after: %d %d\n", after, getpriority(PRIO_PROCESS, getpid()));
    errno = 0;
    int r = getpriority(PRIO_PROCESS, 0x3fffffff);
    printf("no such process: %d %s\n", r, errno == ESRCH ? "ESRCH" : "other");
    return 0;
}
