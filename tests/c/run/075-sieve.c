#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void) {
    enum { LIMIT = 200000 };
    char *composite = calloc(LIMIT + 1, 1);
    int count = 0, last = 0;
    long sum = 0;
    for (int i = 2; i <= LIMIT; i++) {
        if (composite[i]) continue;
        count++; last = i; sum += i;
        for (long j = (long)i * i; j <= LIMIT; j += i) composite[j] = 1;
    }
    printf("%d primes below %d, last %d, sum %ld\n", count, LIMIT, last, sum);
    for (int i = 2, shown = 0; shown < 15; i++) if (!composite[i]) { printf("%d ", i); shown++; }
    printf("\n");
    int twins = 0;
    for (int i = 3; i + 2 <= LIMIT; i += 2) if (!composite[i] && !composite[i + 2]) twins++;
    printf("twin pairs %d\n", twins);
    free(composite);
    return 0;
}
