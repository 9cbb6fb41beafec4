#include <stdio.h>
#include <stdbool.h>
#define CAP 8
struct ring { int buf[CAP]; unsigned head, tail; };
static bool ring_put(struct ring *r, int v) { if (r->head - r->tail == CAP) return false; r->buf[r->head++ % CAP] = v; return true; }
static bool ring_get(struct ring *r, int *v) { if (r->head == r->tail) return false; *v = r->buf[r->tail++ % CAP]; return true; }
int main(void) {
    struct ring r = {{0}, 0xFFFFFFFAu, 0xFFFFFFFAu};
    int dropped = 0, got = 0, v;
    long sum = 0;
    for (int i = 0; i < 50; i++) {
        if (!ring_put(&r, i)) dropped++;
        if (i % 3 == 0 && ring_get(&r, &v)) { got++; sum += v; }
    }
    while (ring_get(&r, &v)) { got++; sum += v; }
    printf("dropped %d got %d sum %ld head %u tail %u\n", dropped, got, sum, r.head, r.tail);
    return 0;
}
