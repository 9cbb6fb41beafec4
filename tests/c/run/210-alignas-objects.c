/* _Alignas and the aligned attribute on objects of static storage (C11 6.7.5), up to a page:
 * file-scope objects in .data, .bss and .rodata, block-scope statics, thread-locals, among
 * objects of small alignment that pack around them; and on automatic objects. */
#include <stdalign.h>
#include <stdint.h>
#include <stdio.h>

#define MIS(p, a) ((unsigned) ((uintptr_t) (p) % (a)))

char c1 = 1;
_Alignas(128) static char s128[3];
char c2 = 2;
_Alignas(256) char d256[5] = {1, 2};
short sh = 3;
_Alignas(4096) int page[4];
alignas(64) const double ro64[2] = {1.5, 2.5};
char c3;
int attr[2] __attribute__((aligned(512))) = {7, 8};
static _Thread_local _Alignas(32) long tl = 9;
struct wide { _Alignas(1024) char c; int x; };
struct wide sw = {'w', 4};

int main(void) {
    static _Alignas(2048) short st[2];
    static char near;
    _Alignas(128) int local[3] = {0};
    alignas(256) char lc = 'x';
    printf("%u %u %u %u %u %u\n", MIS(s128, 128), MIS(d256, 256), MIS(page, 4096), MIS(ro64, 64), MIS(attr, 512), MIS(&tl, 32));
    printf("%u %u %u %u\n", MIS(st, 2048), MIS(&sw, 1024), MIS(local, 128), MIS(&lc, 256));
    printf("%zu %zu %d %d %d %g\n", sizeof(struct wide), alignof(struct wide), c1 + c2 + sh + c3 + near, d256[1], attr[1], ro64[1]);
    return 0;
}
