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
    // each call before the arguments that read what it wrote: their order in one call is unspecified
    int r = fstat(fd, &st);
    printf("fstat %d size %ld mode %o regular %d\n", r, (long)st.st_size, st.st_mode & 0777, S_ISREG(st.st_mode));
    printf("lseek %ld\n", (long)lseek(fd, 7, SEEK_SET));
    char buf[64] = {0};
    long n = (long)read(fd, buf, sizeof buf - 1);
    printf("read %ld '%s'\n", n, buf);
    close(fd);
    r = stat(path, &st);
    printf("stat %d size %ld access %d\n", r, (long)st.st_size, access(path, F_OK));
    printf("unlink %d\n", unlink(path));
    errno = 0;
    r = stat(path, &st);
    int e = errno;
    printf("stat again %d errno %d access %d\n", r, e, access(path, F_OK));
    r = open(path, O_RDONLY);
    printf("open missing %d errno %d\n", r, errno);
    return 0;
}
