#include <stdio.h>
#include "include/corpus.h"
#include "include/corpus.h"
int main(void) {
    corpus_point p = {3, 4};
    printf("version %d\n", CORPUS_VERSION);
    printf("%d %d\n", SQUARE(p.x) + SQUARE(p.y), corpus_add(p.x, p.y));
    return 0;
}
