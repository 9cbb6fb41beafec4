package jomp.plugin.cuda;

import jomp.offload.abi.nvptx.CudaArch;
import jomp.runtime.plugin.GpuDevice;

/** One GPU as the plugin uses it: its facts and its primary context. */
final class CudaDevice extends GpuDevice {
    final String name;
    /** Compute capability as one number: 9.0 → 90, 12.0 → 120. */
    final int sm;

    final long totalMemory;
    final int multiprocessors;
    final int maxThreadsPerBlock;
    /** The device's primary context (shared with other users of the driver API in this process). */
    final long context;
    /** The driver's CUdevice handle. */
    final int handle;
    /** Kernels can use pageable host memory (HMM or ATS): what requires unified_shared_memory needs. */
    final boolean pageableMemoryAccess;

    private CudaDevice(
            int ordinal,
            String name,
            int sm,
            long totalMemory,
            int multiprocessors,
            int maxThreadsPerBlock,
            long context,
            int handle,
            boolean pageableMemoryAccess) {
        super(ordinal);
        this.handle = handle;
        this.pageableMemoryAccess = pageableMemoryAccess;
        this.name = name;
        this.sm = sm;
        this.totalMemory = totalMemory;
        this.multiprocessors = multiprocessors;
        this.maxThreadsPerBlock = maxThreadsPerBlock;
        this.context = context;
    }

    /** Reads the device's facts and retains its primary context. cuInit must have run. */
    static CudaDevice open(int ordinal) {
        int dev = Cuda.device(ordinal);
        int sm = computeCapability(dev);
        long context = Cuda.retainPrimaryContext(dev);
        return new CudaDevice(
                ordinal,
                Cuda.deviceName(dev),
                sm,
                Cuda.totalMemory(dev),
                Cuda.attribute(dev, Cuda.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT),
                Cuda.attribute(dev, Cuda.CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK),
                context,
                dev,
                pageable(dev));
    }

    private static boolean pageable(int dev) {
        try {
            return Cuda.attribute(dev, Cuda.CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS) == 1;
        } catch (CudaException e) {
            return false; // an older driver: no such attribute, no such access
        }
    }

    static int computeCapability(int dev) {
        return Cuda.attribute(dev, Cuda.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR) * 10
                + Cuda.attribute(dev, Cuda.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
    }

    @Override
    public int multiprocessors() {
        return multiprocessors;
    }

    @Override
    public int maxThreadsPerBlock() {
        return maxThreadsPerBlock;
    }

    /** Every use makes the device's context current on the calling thread first. */
    @Override
    protected void enter() {
        makeCurrent();
    }

    /** "sm_90" style name of the architecture. */
    String arch() {
        return CudaArch.of(sm).name();
    }

    /** Makes this device's context current on the calling thread. */
    void makeCurrent() {
        Cuda.makeCurrent(context);
    }

    @Override
    public String toString() {
        return String.format(
                "%s, %s, %.1f GiB, %d SMs", name, arch(), totalMemory / (double) (1L << 30), multiprocessors);
    }
}
