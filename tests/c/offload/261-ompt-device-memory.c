// KERNELS: 1
// ORACLE: clang-offload
// OMPT: clang-offload
// The data operations of the device memory routines (OmptTest, as 260): omp_target_alloc and
// omp_target_free are an allocation and a deletion, omp_target_memcpy between the host and the
// device a transfer each way, omp_target_associate_ptr and omp_target_disassociate_ptr an
// association and a disassociation; a kernel uses the memory through is_device_ptr. Without a tool
// the program prints what clang-19's offloading to the host prints (gcc 12 has no device, so its
// omp_target_associate_ptr fails with EINVAL).
#include <stdio.h>
#include <omp.h>

int main(void) {
    int dev = omp_get_default_device(), host = omp_get_initial_device();
    int h[16], r[16];
    for (int i = 0; i < 16; i++) h[i] = i * i;
    int *d = omp_target_alloc(sizeof h, dev);
    if (d == NULL) { printf("no memory\n"); return 1; }
    omp_target_memcpy(d, h, sizeof h, 0, 0, dev, host);
    #pragma omp target is_device_ptr(d)
    for (int i = 0; i < 16; i++) d[i] += 1;
    omp_target_memcpy(r, d, sizeof r, 0, 0, host, dev);
    int associated = omp_target_associate_ptr(h, d, sizeof h, 0, dev);
    int disassociated = omp_target_disassociate_ptr(h, dev);
    omp_target_free(d, dev);
    long sum = 0;
    for (int i = 0; i < 16; i++) sum += r[i];
    printf("sum %ld associate %d disassociate %d\n", sum, associated, disassociated);
    return 0;
}
