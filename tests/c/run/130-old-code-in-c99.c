// FLAGS: -Wno-implicit-int -Wno-implicit-function-declaration -Wno-return-type -Wno-deprecated-non-prototype -Wno-c23-extensions
/* Old code built as C99 and later with clang's errors (and gcc's warnings) about it turned off:
   implicit int, calls of functions declared later, K&R definitions; and what C23 allows and
   clang accepts before it: labels at the end of a block or before a declaration, parameters
   without names in a definition. */
#include <stdio.h>

static total = 10;

accumulate(n) { return total += n; }

int weigh(value, factor)
    short value;
    float factor;
{
    return (int)(value * factor);
}

int ignore_second(int kept, int) { return kept * 2; }

int classify(int n) {
    switch (n % 3) {
    case 0:
        int zero = 100;
        return zero + n;
    case 1:
        n += 7;
    default:
    }
    if (n > 50) {
        goto big;
    big:
    }
    return n;
}

int main(void) {
    int i, acc = 0;
    for (i = 0; i < 5; i++) acc += accumulate(i);
    printf("%d %d\n", acc, total);
    printf("%d %d\n", weigh(7, 2.5f), ignore_second(21, 0));
    printf("%d %d %d %d\n", classify(3), classify(4), classify(5), classify(55));
    printf("%d %d\n", defined_later(6), defined_later(-3));
    return 0;
}

int defined_later(int v) { return v * v; }
