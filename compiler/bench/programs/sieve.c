/* Sieve of Eratosthenes up to 10^7, twenty times; prints the prime count and a checksum. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LIMIT 10000000

int main(void) {
    char *composite = malloc(LIMIT + 1);
    long count = 0, sum = 0;
    for (int rep = 0; rep < 20; rep++) {
        memset(composite, 0, LIMIT + 1);
        count = 0; sum = 0;
        for (long i = 2; i <= LIMIT; i++) {
            if (composite[i]) continue;
            count++;
            sum += i;
            for (long j = i * i; j <= LIMIT; j += i) composite[j] = 1;
        }
    }
    printf("primes %ld sum %ld\n", count, sum);
    free(composite);
    return 0;
}
