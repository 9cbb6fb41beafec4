// FLAGS: -Iinclude -DCORPUS_EXTRA=7 -DCORPUS_NAME="flagged"
/* <corpus.h> is found through -Iinclude; CORPUS_EXTRA and CORPUS_NAME come from -D. */
#include <stdio.h>
#include <corpus.h>
#define STR(x) #x
#define XSTR(x) STR(x)
int main(void) {
    corpus_point p = {CORPUS_EXTRA, CORPUS_VERSION};
    printf("%d %d %s\n", SQUARE(p.x), corpus_add(p.x, p.y), XSTR(CORPUS_NAME));
#if defined(CORPUS_EXTRA) && CORPUS_EXTRA > 5
    printf("extra is large\n");
#endif
    return 0;
}
