#include <stdio.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
int main(void) {
    errno = 0;
    printf("%d\n", errno);
    errno = 0;
    double r = sqrt(-1.0);
    printf("%d %d\n", isnan(r), errno == EDOM);
    errno = 0;
    strtoul("123", NULL, 10);
    printf("%d\n", errno);
    errno = 0;
    long v = strtol("-99999999999999999999999", NULL, 10);
    printf("%d %d\n", errno == ERANGE, v == -9223372036854775807L - 1);
    printf("%d %d\n", EDOM != ERANGE, EDOM > 0);
    return 0;
}
