#include <stdio.h>
#include <stdint.h>
struct hdr { uint16_t a; uint16_t b; };
int main(void) {
    double d = -7.8;
    printf("%d %u %d\n", (int)d, (unsigned char)(int)d, (short)70000);
    int i = 65;
    printf("%c %f\n", (char)i, (double)i / 2);
    uint32_t word = 0x00020001;
    struct hdr h;
    unsigned char *bytes = (unsigned char *)&word;
    h = *(struct hdr *)(void *)bytes;
    printf("%d %d %d\n", h.a, h.b, bytes[2]);
    long l = (long)(unsigned)-1;
    printf("%ld\n", l);
    void *vp = &i;
    printf("%d\n", *(int *)vp);
    uintptr_t ip = (uintptr_t)vp;
    printf("%d\n", *(int *)ip);
    float f = (float)1 / 3;
    printf("%.7f\n", f);
    printf("%d\n", (int)(unsigned char)300);
    printf("%lld\n", (long long)(int)0x80000000u);
    (void)d;
    return 0;
}
