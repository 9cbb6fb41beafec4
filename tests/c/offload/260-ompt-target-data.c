// KERNELS: 3
// ORACLE: gcc
// OMPT: clang-offload
// The target callbacks of data constructs and target regions (OmptTest loads the OMPT tool of
// tests/c/run/support/225-ompt-trace.c through OMP_TOOL_LIBRARIES and compares what it writes with
// the same tool under clang-19's offloading to the host): target, enter data, exit data and update
// constructs (a target data region's begin and end are an enter and an exit, as libomptarget has
// them), each allocation, transfer and deletion as a data operation, a kernel's submission, and
// the device's initialization, image load and finalization, with the older callbacks and the EMI
// ones. Without a tool the program prints what gcc's build prints.
#include <stdio.h>

int main(void) {
    double a[64], b[64];
    int s = 0, t = 0;
    for (int i = 0; i < 64; i++) a[i] = i * 0.5;
    #pragma omp target data map(to: a) map(from: b)
    {
        #pragma omp target
        for (int i = 0; i < 64; i++) b[i] = 2 * a[i];
        #pragma omp target map(tofrom: s)
        for (int i = 0; i < 64; i++) s += (int) b[i];
    }
    #pragma omp target enter data map(to: a[0:32]) map(alloc: t)
    #pragma omp target update to(a[0:16])
    #pragma omp target map(always, tofrom: t)
    for (int i = 0; i < 32; i++) t += (int) a[i];
    #pragma omp target update from(t)
    #pragma omp target exit data map(release: a[0:32]) map(delete: t)
    printf("s %d t %d b[63] %.1f\n", s, t, b[63]);
    return 0;
}
