#include <stdio.h>
#include <assert.h>
#include <string.h>
static int gcd(int a, int b) { while (b) { int t = a % b; a = b; b = t; } return a; }
int main(void) {
    assert(1 + 1 == 2);
    assert(gcd(48, 18) == 6);
    assert(strlen("abc") == 3 && "strlen works");
    int calls = 0;
    for (int i = 1; i < 50; i++) { assert(gcd(i, i * 3) == i); calls++; }
    printf("all %d assertions passed\n", calls + 3);
    _Static_assert(sizeof(int) == 4, "int is 32 bits");
    return 0;
}
