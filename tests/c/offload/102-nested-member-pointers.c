// ORACLE: clang-offload
// KERNELS: 4
/* Nested members and chains of pointers: a.b.c[:n] (a struct in a struct), t.inner->p[:n] and
   t->next->p[:n] (each pointee attached to its pointer on the device). 'to' data stays on the
   device; only 'from'/'tofrom' data comes back. */
#include <stdio.h>
#include <stdlib.h>
typedef struct { int n; int *c; } B;
typedef struct { double w; B b; } A;
typedef struct Node { int *p; struct Node *next; int id; } Node;
int main(void) {
  A a;
  a.w = 0.5;
  a.b.n = 5;
  a.b.c = malloc(5 * sizeof(int));
  for (int i = 0; i < 5; i++) a.b.c[i] = i;
#pragma omp target map(tofrom: a.b.c[:a.b.n]) map(to: a.b.n, a.w)
  for (int i = 0; i < a.b.n; i++) a.b.c[i] = a.b.c[i] * 10 + (int) (a.w * 2);
  printf("a.b.c = %d %d %d %d %d\n", a.b.c[0], a.b.c[1], a.b.c[2], a.b.c[3], a.b.c[4]);

  Node last = {malloc(3 * sizeof(int)), NULL, 2}, mid = {malloc(3 * sizeof(int)), &last, 1};
  for (int i = 0; i < 3; i++) { last.p[i] = 100 + i; mid.p[i] = 10 + i; }
  Node head = {NULL, &mid, 0};
  /* head.next->p: the pointee of a pointer member of a pointee */
#pragma omp target map(tofrom: head.next->p[0:3])
  for (int i = 0; i < 3; i++) head.next->p[i] += 1000;
  printf("mid.p = %d %d %d\n", mid.p[0], mid.p[1], mid.p[2]);

  Node *t = &head;
  /* t->next->next->p: three pointers deep, through a pointer variable */
#pragma omp target map(to: t->next->next->p[0:3])
  for (int i = 0; i < 3; i++) t->next->next->p[i] = -1;
  printf("last.p = %d %d %d (a 'to' map: the device's writes stay there)\n", last.p[0], last.p[1], last.p[2]);
#pragma omp target map(from: t->next->next->p[1:1])
  t->next->next->p[1] = 77;
  printf("last.p[1] = %d\n", last.p[1]);
  free(a.b.c);
  free(mid.p);
  free(last.p);
  return 0;
}
