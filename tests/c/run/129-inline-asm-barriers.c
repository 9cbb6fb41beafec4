// FLAGS: -pthread
/* Inline assembly with a meaning on the JVM: compiler barriers ("memory" clobbers), value
   barriers ("+r", "=r" tied to "0"), a spin-wait with pause, fences (mfence, lfence, sfence,
   lock add), rdtsc/rdtscp as a counter that only grows, cpuid through <cpuid.h>, and asm
   labels that rename a declaration's symbol. */
#include <stdio.h>
#include <string.h>
#include <pthread.h>
#include <cpuid.h>

static volatile int ready;
static int payload[4];

#define barrier() __asm__ __volatile__("" ::: "memory")
#define cpu_relax() __asm__ __volatile__("pause" ::: "memory")

static void *producer(void *arg) {
    int i;
    for (i = 0; i < 4; i++) payload[i] = (i + 1) * 11;
    __asm__ __volatile__("sfence" ::: "memory");
    ready = 1;
    return arg;
}

static unsigned long long ticks(void) {
    unsigned lo, hi;
    __asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
    return (unsigned long long)hi << 32 | lo;
}

/* keeps a value alive and opaque, as benchmark harnesses do */
static inline void do_not_optimize(int *p) { __asm__ __volatile__("" : : "r"(p) : "memory"); }

int renamed_impl(int x) { return x * 5; }
int renamed(int x) __asm__("renamed_impl");

int main(void) {
    pthread_t t;
    unsigned long long t0 = ticks(), t1;
    unsigned a, b, c, d, aux, lo, hi, vendor[4];
    int x = 9, y = 0, spins = 0, i, sum = 0;
    long z = 0;
    double dv = 1.5, dw = 0;

    pthread_create(&t, 0, producer, 0);
    while (!ready) { cpu_relax(); spins++; }
    __asm__ __volatile__("lfence" ::: "memory");
    for (i = 0; i < 4; i++) sum += payload[i];
    pthread_join(t, 0);
    printf("payload %d\n", sum);

    __asm__ __volatile__("" : "+r"(x));
    __asm__("" : "=r"(y) : "0"(x * 4));
    __asm__("" : "=r"(z) : "0"(1L << 40));
    __asm__("" : "=x"(dw) : "0"(dv * 2));
    do_not_optimize(&x);
    barrier();
    __asm__ __volatile__("mfence" ::: "memory");
    __asm__ __volatile__("lock; addl $0,0(%%rsp)" ::: "memory", "cc");
    __asm__ __volatile__("nop\n\tnop");
    __asm__ __volatile__("rep; nop");
    printf("values %d %d %ld %g\n", x, y, z, dw);

    __asm__ __volatile__("rdtscp" : "=a"(lo), "=d"(hi), "=c"(aux));
    t1 = (unsigned long long)hi << 32 | lo;
    printf("counter grows %d\n", t1 > t0 && ticks() >= t1);

    __cpuid(0, a, b, c, d);
    vendor[0] = b; vendor[1] = d; vendor[2] = c; vendor[3] = 0;
    printf("vendor %s, leaf 1 %s\n", (char *)vendor, a >= 1 ? "present" : "absent");
    if (__get_cpuid(1, &a, &b, &c, &d)) {
        unsigned family = (a >> 8) & 0xf, model = (a >> 4) & 0xf;
        if (family == 6 || family == 15) model += ((a >> 16) & 0xf) << 4;
        if (family == 15) family += (a >> 20) & 0xff;
        printf("family %u model %u sse2 %d\n", family, model, (d & bit_SSE2) != 0);
    }
    printf("renamed %d\n", renamed(3));
    (void)spins;
    return 0;
}
