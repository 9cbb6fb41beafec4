/* Local header for the corpus: included with #include "include/corpus.h". */
#ifndef CORPUS_H
#define CORPUS_H
#define CORPUS_VERSION 3
#define SQUARE(x) ((x) * (x))
static inline int corpus_add(int a, int b) { return a + b; }
typedef struct corpus_point { int x, y; } corpus_point;
#endif
