package jomp.runtime.omp;

/** Memory of a device memory kind (omp.h's 100 host, 101 shared, 102 device) for the llvm_omp_target_* allocators (DeviceIcvs.targetMemory). */
public interface TargetMemory {
    long alloc(long size, int device, long kind);

    void free(long p, int device, long kind);
}
