// NATIVE:
// POSIX file I/O through glibc: open, write, lseek, read, fstat and stat, access, unlink, close.
#include <stdio.h>
#include <string.h>
#include <errno.h>
struct timespec_ { long tv_sec, tv_nsec; };
struct stat { unsigned long st_dev, st_ino, st_nlink; unsigned st_mode, st_uid, st_gid; int pad0; unsigned long st_rdev;
              long st_size, st_blksize, st_blocks; struct timespec_ st_atim, st_mtim, st_ctim; long reserved[3]; };
int open(const char *, int, ...);
long write(int, const void *, unsigned long);
long read(int, void *, unsigned long);
long lseek(int, long, int);
int close(int);
int unlink(const char *);
int stat(const char *, struct stat *);
int fstat(int, struct stat *);
int access(const char *, int);
int getpid(void);
enum { O_RDONLY = 0, O_RDWR = 2, O_CREAT = 0100, O_TRUNC = 01000 };

int main(void) {
    char path[64];
    snprintf(path, sizeof path, "/tmp/jomp-native-io-%d", getpid());
    int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0640);
    printf("open ok %d\n", fd >= 0);
    const char *text = "hello, native world\n";
    printf("write %ld\n", write(fd, text, strlen(text)));
    struct stat st;
    printf("fstat %d size %ld mode %o regular %d\n", fstat(fd, &st), st.st_size, st.st_mode & 0777, (st.st_mode & 0170000) == 0100000);
    printf("lseek %ld\n", lseek(fd, 7, 0));
    char buf[64] = {0};
    printf("read %ld '%s'\n", read(fd, buf, sizeof buf - 1), buf);
    close(fd);
    printf("stat %d size %ld access %d\n", stat(path, &st), st.st_size, access(path, 0));
    printf("unlink %d\n", unlink(path));
    errno = 0;
    printf("stat again %d errno %d access %d\n", stat(path, &st), errno, access(path, 0));
    printf("open missing %d errno %d\n", open(path, O_RDONLY), errno);
    return 0;
}
