#include <stdio.h>
int main(void) {
    printf("returning 3\n");
    return 3;
}
