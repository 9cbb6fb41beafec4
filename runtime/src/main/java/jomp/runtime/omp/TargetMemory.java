package jomp.runtime.omp;

/**
 * Memory of a device memory kind (omp.h's 100 host, 101 shared, 102 device) for the
 * llvm_omp_target_* allocators and the allocators of target memory spaces
 * (DeviceIcvs.targetMemory). Device numbers are the offload runtime's; DeviceIcvs.INITIAL is the host.
 */
public interface TargetMemory {
    long alloc(long size, int device, long kind);

    void free(long p, int device, long kind);

    /** Sets size bytes at p, memory of that kind on device, to 0 (omp_calloc). */
    void zero(long p, int device, long kind, long size);

    /** Copies size bytes from src on srcDevice to dst on dstDevice (omp_realloc). */
    void copy(long dst, int dstDevice, long src, int srcDevice, long size);
}
