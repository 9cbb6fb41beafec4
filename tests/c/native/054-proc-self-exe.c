// NATIVE:
// /proc/self/exe names the program's own file (a jomp program's process is the JVM's, whose link
// names java): readlink, readlinkat and realpath of it, and of /proc/<pid>/exe, agree with
// realpath(argv[0]); the program re-runs itself through the path readlink gave (as libuv's test
// runner starts its helper processes) and the child sees its own arguments; other links stay glibc's.
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc == 3 && strcmp(argv[1], "child") == 0) {
        printf("child ran with %s\n", argv[2]);
        return 3;
    }
    char *self = realpath(argv[0], NULL);
    char link[PATH_MAX], at[PATH_MAX], pid[64], bypid[PATH_MAX], small[4];
    ssize_t n = readlink("/proc/self/exe", link, sizeof link - 1);
    if (n < 0) { perror("readlink"); return 1; }
    link[n] = 0;
    ssize_t m = readlinkat(AT_FDCWD, "/proc/self/exe", at, sizeof at - 1);
    at[m < 0 ? 0 : m] = 0;
    snprintf(pid, sizeof pid, "/proc/%d/exe", (int)getpid());
    ssize_t k = readlink(pid, bypid, sizeof bypid - 1);
    bypid[k < 0 ? 0 : k] = 0;
    char *real = realpath("/proc/self/exe", NULL);
    char fixed[PATH_MAX];
    char *real2 = realpath("/proc/self/exe", fixed);
    printf("readlink is the program: %d\n", strcmp(link, self) == 0);
    printf("readlinkat: %d, /proc/<pid>/exe: %d\n", strcmp(at, self) == 0, strcmp(bypid, self) == 0);
    printf("realpath: %d %d %d\n", real && strcmp(real, self) == 0, real2 == fixed, strcmp(fixed, self) == 0);
    ssize_t s = readlink("/proc/self/exe", small, sizeof small);
    printf("cut to 4 bytes: %zd, same start: %d\n", s, memcmp(small, self, 4) == 0);
    char cwd[PATH_MAX], cwdlink[PATH_MAX];
    ssize_t c = readlink("/proc/self/cwd", cwdlink, sizeof cwdlink - 1);
    cwdlink[c < 0 ? 0 : c] = 0;
    printf("other links are the kernel's: %d\n", getcwd(cwd, sizeof cwd) && strcmp(cwd, cwdlink) == 0);
    printf("missing link: %zd\n", readlink("/nonexistent/link", link, sizeof link));
    fflush(stdout);
    pid_t p = fork();
    if (p == 0) {
        execl(link, "again", "child", "through readlink", (char *)NULL);
        perror("execl");
        _exit(1);
    }
    int st = 0;
    waitpid(p, &st, 0);
    printf("child status %d\n", WEXITSTATUS(st));
    free(self);
    free(real);
    return 0;
}
