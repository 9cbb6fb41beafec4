package jomp.plugin.cuda;

import java.nio.charset.StandardCharsets;
import jomp.offload.abi.DeviceImage;
import jomp.offload.abi.ImageKind;
import jomp.offload.abi.nvptx.CudaArch;
import jomp.runtime.plugin.DevicePlugin;
import jomp.runtime.plugin.LaunchGeometry;

/**
 * NVIDIA GPUs through the CUDA driver API (libcuda) bound with the Foreign Function & Memory
 * API. Without libcuda, or when cuInit finds no GPU, there are 0 devices and no error. Every
 * call makes the device's primary context current on the calling thread first (cached per
 * thread), so any thread may call. Copies and launches use the default stream; copies are
 * synchronous with respect to the host, launches are not until {@link #synchronize}.
 */
public final class CudaPlugin implements DevicePlugin {
    /** Threads per team when the caller gives no thread limit (clang's default for nvptx). */
    static final int DEFAULT_THREADS = 128;

    private final boolean driverPresent;
    private int count = -1;
    private CudaDevice[] devices;

    public CudaPlugin() { this(CudaLibrary.LIBCUDA); }

    /**
     * For tests: a plugin that looks for the driver under another library name. Only libcuda.so.1
     * is bound (the handles are static finals), so any other name stands for an absent driver.
     */
    CudaPlugin(String libraryName) {
        if (libraryName.equals(CudaLibrary.LIBCUDA)) {
            driverPresent = CudaSymbols.AVAILABLE;
        } else {
            CudaLibrary.open(libraryName);   // prints the debug line when it is missing
            driverPresent = false;
        }
    }

    @Override public String name() { return "cuda"; }

    @Override public String triple() { return "nvptx64-nvidia-cuda"; }

    @Override
    public synchronized int numberOfDevices() {
        if (count >= 0) return count;
        count = 0;
        if (driverPresent) {
            try {
                Cuda.init();
                count = Cuda.deviceCount();
            } catch (CudaException e) {
                CudaLibrary.debug("no usable CUDA device: " + e.getMessage());
            }
        }
        devices = new CudaDevice[count];
        return count;
    }

    @Override
    public void initDevice(int device) { device(device); }

    private CudaDevice device(int device) {
        CudaDevice[] all = devices;
        CudaDevice d = all != null && device >= 0 && device < all.length ? all[device] : null;
        if (d == null) d = open(device);
        d.makeCurrent();
        return d;
    }

    private synchronized CudaDevice open(int device) {
        if (device < 0 || device >= numberOfDevices())
            throw new IllegalArgumentException("cuda device " + device + " does not exist (" + count + " devices)");
        if (devices[device] == null) devices[device] = CudaDevice.open(device);
        return devices[device];
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
    public LoadedImage loadImage(int device, DeviceImage image) {
        CudaDevice d = device(device);
        return new CudaModule(d, Cuda.loadModule(image.bytes()));
    }

    /**
     * Device memory; under {@code requires unified_address} or {@code unified_shared_memory},
     * managed memory, so that device addresses are host addresses too.
     */
    @Override
    public long dataAlloc(int device, long size) {
        device(device);
        long n = Math.max(size, 1);   // cuMemAlloc refuses 0 bytes; a mapped empty array still needs an address
        return jomp.runtime.offload.Requires.unifiedAddress() ? Cuda.allocManaged(n) : Cuda.alloc(n);
    }

    /** Host memory works in kernels where the driver lets the GPU use pageable memory (HMM, or ATS on Grace Hopper). */
    @Override
    public boolean unifiedMemory(int device) { return device(device).pageableMemoryAccess; }

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
    public void dataDelete(int device, long deviceAddress) {
        device(device);
        if (deviceAddress != 0) Cuda.free(deviceAddress);
    }

    @Override
    public void dataSubmit(int device, long deviceDst, long hostSrc, long size) {
        device(device);
        if (size > 0) Cuda.copyHostToDevice(deviceDst, hostSrc, size);
    }

    @Override
    public void dataRetrieve(int device, long hostDst, long deviceSrc, long size) {
        device(device);
        if (size > 0) Cuda.copyDeviceToHost(hostDst, deviceSrc, size);
    }

    @Override
    public void dataExchange(int device, long deviceDst, long deviceSrc, long size) {
        device(device);
        if (size > 0) Cuda.copyDeviceToDevice(deviceDst, deviceSrc, size);
    }

    /**
     * One CUDA block per team, one CUDA thread per OpenMP thread. A thread limit of 0 or less
     * means {@link #DEFAULT_THREADS}; 0 or fewer teams means one team per multiprocessor. The
     * arguments are the kernel's parameters, one 64-bit value each (offload-abi.md §2); where the
     * driver can tell what the entry declares, a launch that does not match it fails here rather
     * than run the kernel on wrong values.
     */
    @Override
    public void launch(int device, Kernel kernel, long[] args, int numTeams, int threadLimit) {
        launch(device, kernel, args, numTeams, threadLimit, 0);
    }

    /** With the host's trip count of an SPMD kernel's loop: clang's grid for it when num_teams is absent ({@link LaunchGeometry}). */
    @Override
    public void launch(int device, Kernel kernel, long[] args, int numTeams, int threadLimit, long tripCount) {
        CudaDevice d = device(device);
        if (!(kernel instanceof CudaKernel k) || k.device() != device)
            throw new IllegalArgumentException("kernel " + kernel.name() + " was not loaded on cuda device " + device);
        checkArguments(k.name(), k.parameterSizes(), args.length);
        int[] g = geometry(d, k.execMode(), numTeams, threadLimit, tripCount);
        Cuda.launch(k.function(), g[0], g[1], args);
    }

    /** The launch passes as many 8-byte values as the entry declares 8-byte parameters (sizes null: unknown). */
    static void checkArguments(String kernel, int[] sizes, int passed) {
        if (sizes == null) return;
        if (sizes.length != passed) {
            throw new IllegalArgumentException("kernel " + kernel + " declares " + sizes.length + " parameter" + (sizes.length == 1 ? "" : "s")
                    + ", the launch passes " + passed + " argument" + (passed == 1 ? "" : "s"));
        }
        for (int i = 0; i < sizes.length; i++) {
            if (sizes[i] != 8) {
                throw new IllegalArgumentException("kernel " + kernel + "'s parameter " + i + " is " + sizes[i]
                        + " bytes; every launch argument is 8 (a 64-bit value)");
            }
        }
    }

    private static int[] geometry(CudaDevice d, int execMode, int numTeams, int threadLimit, long tripCount) {
        int threads = Math.min(threadLimit > 0 ? threadLimit : DEFAULT_THREADS, d.maxThreadsPerBlock);
        if (numTeams <= 0 && tripCount > 0) return LaunchGeometry.of(execMode, tripCount, threads, Integer.MAX_VALUE);   // CUDA's grid x limit is 2^31 - 1
        return new int[] {numTeams > 0 ? numTeams : d.multiprocessors, threads};
    }

    private static int execMode(Kernel kernel) { return kernel instanceof CudaKernel k ? k.execMode() : 0; }

    @Override
    public String executionMode(int device, Kernel kernel) { return LaunchGeometry.modeName(execMode(kernel)); }

    @Override
    public int[] launchGeometry(int device, Kernel kernel, int numTeams, int threadLimit) {
        return geometry(device(device), execMode(kernel), numTeams, threadLimit, 0);
    }

    @Override
    public int[] launchGeometry(int device, Kernel kernel, int numTeams, int threadLimit, long tripCount) {
        return geometry(device(device), execMode(kernel), numTeams, threadLimit, tripCount);
    }

    @Override
    public void synchronize(int device) {
        device(device);
        Cuda.synchronize();
    }

    @Override
    public String describe(int device) { return "cuda device " + device + ": " + device(device); }
}
