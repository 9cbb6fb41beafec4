package jomp.plugin.cuda;

import java.nio.charset.StandardCharsets;
import jomp.offload.abi.ContextTraits;
import jomp.offload.abi.DeviceImage;
import jomp.offload.abi.ImageKind;
import jomp.offload.abi.nvptx.CudaArch;
import jomp.offload.abi.nvptx.NvptxTraits;
import jomp.runtime.plugin.GpuPlugin;

/**
 * NVIDIA GPUs through the CUDA driver API (libcuda) bound with the Foreign Function & Memory
 * API. Without libcuda, or when cuInit finds no GPU, there are 0 devices and no error. Every
 * call makes the device's primary context current on the calling thread first (cached per
 * thread), so any thread may call. Copies and launches use the default stream; copies are
 * synchronous with respect to the host, launches are not until {@link #synchronize}. What every GPU
 * plugin does (the device table, the launch's checks and grid) is {@link GpuPlugin}'s.
 */
public final class CudaPlugin extends GpuPlugin<CudaDevice, CudaKernel> {
    /** Threads per team when the caller gives no thread limit (clang's default for nvptx). */
    static final int DEFAULT_THREADS = 128;

    private final boolean driverPresent;

    public CudaPlugin() {
        this(CudaLibrary.LIBCUDA);
    }

    /**
     * For tests: a plugin that looks for the driver under another library name. Only libcuda.so.1
     * is bound (the handles are static finals), so any other name stands for an absent driver.
     */
    CudaPlugin(String libraryName) {
        super(CudaKernel.class, DEFAULT_THREADS);
        if (libraryName.equals(CudaLibrary.LIBCUDA)) {
            driverPresent = CudaSymbols.AVAILABLE;
        } else {
            CudaLibrary.open(libraryName); // prints the debug line when it is missing
            driverPresent = false;
        }
    }

    @Override
    public String name() {
        return "cuda";
    }

    @Override
    public String triple() {
        return "nvptx64-nvidia-cuda";
    }

    @Override
    public ContextTraits contextTraits() {
        return NvptxTraits.CONTEXT;
    }

    @Override
    public String vendor() {
        return "nvidia";
    }

    /** A GPU comes before the PTX simulator and the host's jvm device. */
    @Override
    public int priority() {
        return 30;
    }

    @Override
    protected int countDevices() {
        if (!driverPresent) return 0;
        try {
            Cuda.init();
            return Cuda.deviceCount();
        } catch (CudaException e) {
            CudaLibrary.debug("no usable CUDA device: " + e.getMessage());
            return 0;
        }
    }

    @Override
    protected CudaDevice openDevice(int device) {
        return CudaDevice.open(device);
    }

    @Override
    public boolean isCompatible(int device, DeviceImage image) {
        if (image.triple() != null && !image.triple().startsWith("nvptx64")) return false;
        if (image.kind() == ImageKind.FATBINARY) return fatbinaryRunsOn(image.bytes(), device(device).sm);
        if (image.kind() != ImageKind.PTX && image.kind() != ImageKind.CUBIN) return false;
        String arch = image.arch();
        if ((arch == null || arch.isEmpty()) && image.kind() == ImageKind.PTX) arch = ptxTarget(image.bytes());
        return runsOn(image.kind(), arch, device(device).sm);
    }

    /**
     * PTX of sm_XX is JIT-compiled for any device of compute capability XX or later; a cubin runs
     * only on its own sm. Arch-specific targets (sm_90a) need exactly that device.
     */
    static boolean runsOn(ImageKind kind, String arch, int deviceSm) {
        CudaArch a = CudaArch.parse(arch);
        if (a == null || kind != ImageKind.PTX && kind != ImageKind.CUBIN) return false;
        return a.runsOn(kind == ImageKind.PTX, deviceSm);
    }

    /** A fat binary runs where one of its entries does: a cubin of the device's sm, or PTX of it or an older one (the driver picks). */
    static boolean fatbinaryRunsOn(byte[] image, int deviceSm) {
        try {
            for (jomp.offload.abi.nvptx.Fatbinary.Entry e : jomp.offload.abi.nvptx.Fatbinary.read(image)) {
                if (e.kind() == jomp.offload.abi.nvptx.Fatbinary.KIND_ELF && e.sm() == deviceSm) return true;
                if (e.kind() == jomp.offload.abi.nvptx.Fatbinary.KIND_PTX && e.sm() <= deviceSm) return true;
            }
        } catch (IllegalArgumentException e) {
            return false;
        }
        return false;
    }

    /** The {@code .target sm_XX} of a PTX text, or null. */
    static String ptxTarget(byte[] ptx) {
        CudaArch a = CudaArch.ofPtx(new String(ptx, 0, Math.min(ptx.length, 8192), StandardCharsets.ISO_8859_1));
        return a == null ? null : a.name();
    }

    @Override
    protected Module<CudaKernel> load(CudaDevice device, DeviceImage image) {
        return new CudaModule(device, Cuda.loadModule(image.bytes()));
    }

    /**
     * Device memory; under {@code requires unified_address} or {@code unified_shared_memory},
     * managed memory, so that device addresses are host addresses too.
     */
    @Override
    protected long alloc(CudaDevice device, long size) {
        long n = Math.max(size, 1); // cuMemAlloc refuses 0 bytes; a mapped empty array still needs an address
        return jomp.runtime.offload.Requires.unifiedAddress() ? Cuda.allocManaged(n) : Cuda.alloc(n);
    }

    /** Host memory works in kernels where the driver lets the GPU use pageable memory (HMM, or ATS on Grace Hopper). */
    @Override
    public boolean unifiedMemory(int device) {
        return device(device).pageableMemoryAccess;
    }

    /** An interop object of the CUDA driver: the CUdevice, the primary context and, for targetsync, a stream of its own. */
    @Override
    public InteropInfo interop(int device, boolean targetsync) {
        CudaDevice d = device(device);
        return new InteropInfo(1, "cuda", 0, "nvidia", 0, d.handle, d.context, targetsync ? Cuda.streamCreate() : 0);
    }

    @Override
    public void interopSync(int device, InteropInfo info) {
        device(device);
        if (info.targetsync() != 0) Cuda.streamSynchronize(info.targetsync());
        else Cuda.synchronize();
    }

    @Override
    public void interopRelease(int device, InteropInfo info) {
        device(device);
        if (info.targetsync() != 0) Cuda.streamDestroy(info.targetsync());
    }

    /** Host and shared memory: managed memory (one address on the host and the GPU), as the driver gives it. */
    @Override
    public long dataAlloc(int device, long size, int kind) {
        if (kind != ALLOC_HOST && kind != ALLOC_SHARED) return dataAlloc(device, size);
        device(device);
        return Cuda.allocManaged(Math.max(size, 1));
    }

    @Override
    protected void free(CudaDevice device, long deviceAddress) {
        if (deviceAddress != 0) Cuda.free(deviceAddress);
    }

    @Override
    protected void submit(CudaDevice device, long deviceDst, long hostSrc, long size) {
        if (size > 0) Cuda.copyHostToDevice(deviceDst, hostSrc, size);
    }

    @Override
    protected void retrieve(CudaDevice device, long hostDst, long deviceSrc, long size) {
        if (size > 0) Cuda.copyDeviceToHost(hostDst, deviceSrc, size);
    }

    @Override
    protected void exchange(CudaDevice device, long deviceDst, long deviceSrc, long size) {
        if (size > 0) Cuda.copyDeviceToDevice(deviceDst, deviceSrc, size);
    }

    /** cuLaunchKernel on the default stream (jomp's kernels take no dynamic shared memory). */
    @Override
    protected void launch(
            CudaDevice device, CudaKernel kernel, long[] args, int blocks, int threads, int dynamicSharedMemory) {
        Cuda.launch(kernel.function(), blocks, threads, args);
    }

    @Override
    protected void synchronize(CudaDevice device) {
        Cuda.synchronize();
    }

    @Override
    public String describe(int device) {
        return "cuda device " + device + ": " + device(device);
    }
}
