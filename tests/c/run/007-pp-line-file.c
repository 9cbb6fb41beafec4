#include <stdio.h>
#include <string.h>
#define HERE __LINE__
int main(void) {
    printf("line %d\n", __LINE__);
    printf("line %d\n", HERE);
    const char *f = __FILE__;
    const char *slash = strrchr(f, '/');
    printf("file %s\n", slash ? slash + 1 : f);
    printf("line %d\n",
           __LINE__);
#line 1000
    printf("line %d\n", __LINE__);
    printf("func %s\n", __func__);
    return 0;
}
