// NATIVE: -lm
// fork on the JVM (docs/design/abi.md § fork): a forked child shares its parent's open file
// descriptions, and so their offsets, as C's fork makes it (a file the program opened: the child's
// lseek moves the parent's offset); the files the JVM itself holds open to read classes (its jars,
// the executable) are the runtime's, not the program's: the child gets descriptions of its own, so
// parent and child reading classes at once cannot move each other's offsets. The program looks for
// such descriptors (links to a ".jar" or to the executable in /proc/self/fd; gcc's build has none),
// moves their offsets in the child and checks the parent's, then 20 children and the parent call
// functions they have not called before, at the same time.
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int runtime_fds(const char *self, int *fds, int max) {
    int n = 0;
    DIR *d = opendir("/proc/self/fd");
    if (!d) return 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < max) {
        char path[300], target[PATH_MAX];
        if (e->d_name[0] == '.') continue;
        snprintf(path, sizeof path, "/proc/self/fd/%s", e->d_name);
        ssize_t len = readlink(path, target, sizeof target - 1);
        if (len <= 0) continue;
        target[len] = 0;
        size_t tl = strlen(target);
        if ((tl > 4 && strcmp(target + tl - 4, ".jar") == 0) || strcmp(target, self) == 0)
            fds[n++] = atoi(e->d_name);
    }
    closedir(d);
    return n;
}

// Each native call the child makes, and the parent after the child's end, is made once before the
// fork from the same place (a first call may load a class, and so read a jar).
static int at(const int *fds, int n, long off) {
    int k = 0;
    for (int i = 0; i < n; i++) k += lseek(fds[i], 0, SEEK_CUR) == off;
    return k;
}
static void move_all(const int *fds, int n) {
    for (int i = 0; i < n; i++) lseek(fds[i], 7777777, SEEK_SET);
}
static void raise_in(int sig) { kill(getpid(), sig); }
static int wait_for(pid_t p, int *st, int opts) { return waitpid(p, st, opts); }

int main(int argc, char **argv) {
    char self[PATH_MAX];
    if (!realpath(argv[0], self)) return 2;
    int fds[64], n = runtime_fds(self, fds, 64), moved = 0;

    // a file of the program's own: the child's lseek moves the parent's offset, as in C
    FILE *f = tmpfile();
    fputs("0123456789", f);
    fflush(f);
    int own = fileno(f);
    lseek(own, 0, SEEK_SET);

    int st;
    wait_for(-1, &st, WNOHANG);
    raise_in(0);
    move_all(fds, n);
    at(fds, n, 0);
    fflush(stdout);
    pid_t p = fork();
    if (p < 0) { perror("fork"); return 2; }
    if (p == 0) {
        lseek(own, 7, SEEK_SET);
        move_all(fds, n);
        raise_in(SIGKILL);
    }
    wait_for(p, &st, 0);
    moved = at(fds, n, 7777777);
    printf("child killed by signal %d; own file's offset in the parent: %ld\n", WTERMSIG(st), (long)lseek(own, 0, SEEK_CUR));
    printf("runtime descriptors the child moved: %d\n", moved);

    // parent and children at once, each calling functions for the first time
    int ok = 0;
    for (int i = 0; i < 20; i++) {
        fflush(stdout);
        pid_t c = fork();
        if (c == 0) {
            char buf[128];
            double x = sqrt(2.0 + i) * exp(0.1 * i) + atan2(i, 3.0) + cbrt(i + 1.0) + log1p(i);
            struct timespec ts;
            clock_gettime(CLOCK_MONOTONIC, &ts);
            snprintf(buf, sizeof buf, "%.3f %s", x, strerror(i % 5));
            struct stat sb;
            int r = stat("/", &sb) == 0 && strlen(buf) > 5 && getpid() > 1;
            _exit(r ? 3 : 4);
        }
        double y = hypot(i, 4.0) + fmod(i, 3.0) + tgamma(1.0 + i % 4) + erf(0.1 * i);
        char tb[64];
        time_t t = 0;
        strftime(tb, sizeof tb, "%Y", gmtime(&t));
        if (y > 0 && strcmp(tb, "1970") == 0 && waitpid(c, &st, 0) == c && WIFEXITED(st) && WEXITSTATUS(st) == 3) ok++;
    }
    printf("children that worked: %d of 20\n", ok);
    return 0;
}
