// NATIVE:
// POSIX file I/O through glibc: open, write, lseek, read, fstat and stat, access, unlink, close.
#include <stdio.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>

int main(void) {
    char path[64];
    snprintf(path, sizeof path, "/tmp/jomp-native-io-%d", getpid());
    int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0640);
    printf("open ok %d\n", fd >= 0);
    const char *text = "hello, native world\n";
    printf("write %ld\n", (long)write(fd, text, strlen(text)));
    struct stat st;
    printf("fstat %d size %ld mode %o regular %d\n", fstat(fd, &st), (long)st.st_size, st.st_mode & 0777, S_ISREG(st.st_mode));
    printf("lseek %ld\n", (long)lseek(fd, 7, SEEK_SET));
    char buf[64] = {0};
    printf("read %ld '%s'\n", (long)read(fd, buf, sizeof buf - 1), buf);
    close(fd);
    printf("stat %d size %ld access %d\n", stat(path, &st), (long)st.st_size, access(path, F_OK));
    printf("unlink %d\n", unlink(path));
    errno = 0;
    printf("stat again %d errno %d access %d\n", stat(path, &st), errno, access(path, F_OK));
    printf("open missing %d errno %d\n", open(path, O_RDONLY), errno);
    return 0;
}
