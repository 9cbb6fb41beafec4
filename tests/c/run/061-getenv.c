/* The harness sets JOMP_TEST_ENV=hello in the environment of every program. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void) {
    const char *v = getenv("JOMP_TEST_ENV");
    printf("JOMP_TEST_ENV=%s\n", v ? v : "(unset)");
    printf("%d\n", v != NULL && strcmp(v, "hello") == 0);
    printf("%d\n", getenv("JOMP_TEST_SURELY_UNSET_VARIABLE") == NULL);
    return v ? (int)strlen(v) : 99;
}
