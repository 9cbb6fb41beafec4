#include <stdio.h>
#include <stdlib.h>
int main(void) {
    printf("RAND_MAX %d\n", RAND_MAX);
    for (int i = 0; i < 5; i++) printf("%d\n", rand());
    srand(42);
    for (int i = 0; i < 5; i++) printf("%d\n", rand());
    srand(1);
    int a = rand();
    srand(1);
    printf("%d\n", a == rand());
    srand(12345);
    long hist[10] = {0};
    for (int i = 0; i < 10000; i++) hist[rand() % 10]++;
    for (int i = 0; i < 10; i++) printf("%ld ", hist[i]);
    printf("\n");
    return 0;
}
