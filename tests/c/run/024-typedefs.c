#include <stdio.h>
typedef int myint;
typedef myint *intptr;
typedef int arr3[3];
typedef int (*binop)(int, int);
typedef struct node { int v; struct node *next; } node_t;
typedef unsigned long ulong;
static int add(int a, int b) { return a + b; }
int main(void) {
    myint x = 5;
    intptr p = &x;
    arr3 a = {1, 2, 3};
    binop f = add;
    node_t n2 = {2, NULL}, n1 = {1, &n2};
    ulong u = sizeof(arr3);
    *p += 1;
    printf("%d %d %d %lu\n", x, a[2], f(3, 4), u);
    printf("%d %d\n", n1.v, n1.next->v);
    {
        typedef double myint;
        myint shadow = 2.5;
        printf("%g\n", shadow);
    }
    myint after = 7;
    printf("%d\n", after);
    return 0;
}
