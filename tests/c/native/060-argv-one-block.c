// NATIVE:
// The argument strings lie one after the other in order, as the kernel lays them out: libuv's
// uv_setup_args and setproctitle take argv[0] to the end of the last argument as the room for a
// process title and overwrite it (with a memset to its end). The program re-runs itself with
// arguments of several lengths (an empty one among them) and the child checks and overwrites them.
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "child") == 0) {
        int contiguous = 1;
        for (int i = 1; i < argc; i++)
            if (argv[i] != argv[i - 1] + strlen(argv[i - 1]) + 1) contiguous = 0;
        size_t room = argv[argc - 1] + strlen(argv[argc - 1]) + 1 - argv[0];
        size_t total = 0;
        for (int i = 0; i < argc; i++) total += strlen(argv[i]) + 1;
        printf("child: %d arguments, contiguous %d, room is their length %d\n", argc, contiguous, room == total);
        const char *title = "renamed";
        memcpy(argv[0], title, strlen(title));
        memset(argv[0] + strlen(title), 0, room - strlen(title));
        printf("title now %s\n", argv[0]);
        return 0;
    }
    char self[4096];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n < 0) return 1;
    self[n] = 0;
    fflush(stdout);
    pid_t p = fork();
    if (p == 0) {
        execl(self, self, "child", "a", "", "a somewhat longer argument with spaces", "x", (char *)0);
        _exit(127);
    }
    int st;
    waitpid(p, &st, 0);
    printf("parent: child status %d\n", WEXITSTATUS(st));
    return 0;
}
