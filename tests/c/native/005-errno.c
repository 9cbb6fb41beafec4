// NATIVE: -ljnative
// errno after native calls that fail (set by a library and by glibc itself), one per thread.
#include <stdio.h>
#include <errno.h>
#include <string.h>
#include "jnative.h"

#include <unistd.h>

int main(void) {
    errno = 0;
    int r = fail_with(EACCES);
    printf("fail_with %d errno %d (%s)\n", r, errno, strerror(errno));
    r = open_missing("/nonexistent/file");
    printf("open_missing %d errno %d (%s)\n", r, errno, strerror(errno));
    errno = 0;
    r = close(-1);
    printf("close %d errno %d\n", r, errno);
    errno = 0;
    printf("untouched %d\n", errno);
    return 0;
}
