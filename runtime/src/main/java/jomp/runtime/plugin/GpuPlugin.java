package jomp.runtime.plugin;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.IntSupplier;
import jomp.offload.abi.DeviceImage;

/**
 * What every GPU plugin shares (LLVM's {@code GenericPluginTy} and {@code GenericDeviceTy}): the
 * device table, {@link DevicePlugin}'s call order checked where it is cheap, the kernels of loaded
 * images with their execution mode, the launch: the kernel's device and declared parameters
 * checked, the grid sized by {@link LaunchGeometry} (the one place of clang's rule). A GPU plugin
 * adds only what differs: how many devices there are and their facts, which images run, loading a
 * module and finding its symbols, memory and copies, the launch primitive, waiting.
 *
 * @param <D> the plugin's device
 * @param <K> the plugin's kernel handle
 */
public abstract class GpuPlugin<D extends GpuDevice, K extends GpuKernel> implements DevicePlugin {
    private final Class<K> kernelType;
    private final int defaultThreads;
    private volatile AtomicReferenceArray<D> devices;

    /**
     * @param kernelType the plugin's kernel handles (a kernel of another plugin is refused)
     * @param defaultThreads threads per block when the launch has no thread limit (clang's default for the target)
     */
    protected GpuPlugin(Class<K> kernelType, int defaultThreads) {
        this.kernelType = kernelType;
        this.defaultThreads = defaultThreads;
    }

    // ---- what a GPU plugin adds ---------------------------------------------------------------

    /** How many devices there are; asked once, on first use. 0 (not an error) without a driver or hardware. */
    protected abstract int countDevices();

    /** Opens device {@code device} (its facts, its context); once, on first use. */
    protected abstract D openDevice(int device);

    /** A loaded module: kernels and globals by name. */
    public interface Module<K extends GpuKernel> {
        /** The kernel with its execution mode (read only for a kernel the module has), or null when it has none. */
        K kernel(String name, IntSupplier execMode);

        /** Device address and size of a global, or null when the module does not define it. */
        GlobalSymbol global(String name);
    }

    /** Loads an image the device runs ({@link #isCompatible}) as a module. */
    protected abstract Module<K> load(D device, DeviceImage image);

    /** Device memory of {@code size} bytes; 0 when there is no room. */
    protected abstract long alloc(D device, long size);

    protected abstract void free(D device, long address);

    protected abstract void submit(D device, long deviceDst, long hostSrc, long size);

    protected abstract void retrieve(D device, long hostDst, long deviceSrc, long size);

    protected abstract void exchange(D device, long deviceDst, long deviceSrc, long size);

    /** Launches {@code blocks} blocks of {@code threads} threads of a checked kernel. */
    protected abstract void launch(D device, K kernel, long[] args, int blocks, int threads, int dynamicSharedMemory);

    protected abstract void synchronize(D device);

    /** Releases what the device holds (nothing unless the plugin says). */
    protected void deinit(D device) {}

    // ---- the device table and the call order -------------------------------------------------

    @Override
    public final int numberOfDevices() {
        return table().length();
    }

    private AtomicReferenceArray<D> table() {
        AtomicReferenceArray<D> t = devices;
        if (t != null) return t;
        synchronized (this) {
            if (devices == null) devices = new AtomicReferenceArray<>(countDevices());
            return devices;
        }
    }

    /** Device {@code device}, opened on first use and entered on the calling thread. */
    protected final D device(int device) {
        AtomicReferenceArray<D> t = table();
        D d = device >= 0 && device < t.length() ? t.get(device) : null;
        if (d == null) d = open(device);
        if (d.deinitialised)
            throw new IllegalStateException(name() + " device " + device + " is used after deinitDevice");
        d.enter();
        return d;
    }

    private synchronized D open(int device) {
        AtomicReferenceArray<D> t = table();
        if (device < 0 || device >= t.length())
            throw new IllegalArgumentException(
                    name() + " device " + device + " does not exist (" + t.length() + " devices)");
        D d = t.get(device);
        if (d == null) {
            d = openDevice(device);
            t.set(device, d);
        }
        return d;
    }

    @Override
    public final void initDevice(int device) {
        device(device).initialised = true;
    }

    @Override
    public final void deinitDevice(int device) {
        D d = device(device);
        deinit(d);
        d.deinitialised = true;
    }

    // ---- images and kernels ------------------------------------------------------------------

    @Override
    public final LoadedImage loadImage(int device, DeviceImage image) {
        D d = device(device);
        if (!d.initialised)
            throw new IllegalStateException(name() + " device " + device + " loads an image before initDevice");
        Module<K> m = load(d, image);
        Map<String, K> kernels = new ConcurrentHashMap<>();
        return new LoadedImage() {
            @Override
            public Kernel kernel(String name) {
                K k = kernels.get(name);
                if (k != null) return k;
                k = m.kernel(name, () -> execMode(device, m, name));
                if (k == null) return null; // a region of an object compiled without this target: it runs elsewhere
                K previous = kernels.putIfAbsent(name, k);
                return previous != null ? previous : k;
            }

            @Override
            public GlobalSymbol global(String name) {
                return m.global(name);
            }
        };
    }

    /** The byte of the kernel's {@code <name>_exec_mode} global (0 when there is none). */
    private int execMode(int device, Module<K> m, String kernel) {
        GlobalSymbol g = m.global(kernel + "_exec_mode");
        if (g == null || g.size() < 1) return 0;
        try (Arena a = Arena.ofConfined()) {
            MemorySegment b = a.allocate(1);
            dataRetrieve(device, b.address(), g.deviceAddress(), 1);
            return b.get(ValueLayout.JAVA_BYTE, 0);
        }
    }

    /** The kernel as this plugin's handle, if it was loaded on {@code device}. */
    protected final K kernel(Kernel kernel, int device) {
        if (!kernelType.isInstance(kernel) || ((GpuKernel) kernel).device() != device)
            throw new IllegalArgumentException(
                    "kernel " + kernel.name() + " was not loaded on " + name() + " device " + device);
        return kernelType.cast(kernel);
    }

    // ---- memory ------------------------------------------------------------------------------

    @Override
    public final long dataAlloc(int device, long size) {
        return alloc(device(device), size);
    }

    @Override
    public final void dataDelete(int device, long address) {
        free(device(device), address);
    }

    @Override
    public final void dataSubmit(int device, long deviceDst, long hostSrc, long size) {
        submit(device(device), deviceDst, hostSrc, size);
    }

    @Override
    public final void dataRetrieve(int device, long hostDst, long deviceSrc, long size) {
        retrieve(device(device), hostDst, deviceSrc, size);
    }

    @Override
    public final void dataExchange(int device, long deviceDst, long deviceSrc, long size) {
        exchange(device(device), deviceDst, deviceSrc, size);
    }

    // ---- launches ----------------------------------------------------------------------------

    /**
     * One GPU block per team, one GPU thread per OpenMP thread. The arguments are the kernel's
     * parameters, one 64-bit value each (offload-abi.md §2); where the plugin can tell what the
     * entry declares, a launch that does not match it fails here rather than run the kernel on
     * wrong values.
     */
    @Override
    public final void launch(int device, LaunchRequest request) {
        D d = device(device);
        K k = kernel(request.kernel(), device);
        checkArguments(k, request.args().length);
        int[] g = geometry(d, k.execMode(), request);
        launch(d, k, request.args(), g[0], g[1], request.dynamicSharedMemory());
    }

    /** The launch passes as many 8-byte values as the entry declares 8-byte parameters (sizes null: unknown). */
    static void checkArguments(GpuKernel k, int passed) {
        int[] sizes = k.parameterSizes();
        if (sizes == null) return;
        if (sizes.length != passed) {
            throw new IllegalArgumentException(
                    "kernel " + k.name() + " declares " + sizes.length + " parameter" + (sizes.length == 1 ? "" : "s")
                            + ", the launch passes " + passed + " argument" + (passed == 1 ? "" : "s"));
        }
        for (int i = 0; i < sizes.length; i++) {
            if (sizes[i] != 8) {
                String name = k.parameterName(i);
                throw new IllegalArgumentException(
                        "kernel " + k.name() + "'s parameter " + i + (name == null ? "" : " (" + name + ")") + " is "
                                + sizes[i] + " bytes; every launch argument is 8 (a 64-bit value)");
            }
        }
    }

    /**
     * Blocks and threads: thread_limit threads (else the plugin's default, at most the device's
     * limit); num_teams blocks, else with the host's trip count clang's grid for it
     * ({@link LaunchGeometry}), else one block per multiprocessor.
     */
    private int[] geometry(D d, int execMode, LaunchRequest r) {
        int threads = Math.min(r.threadLimit() > 0 ? r.threadLimit() : defaultThreads, d.maxThreadsPerBlock());
        if (r.numTeams() <= 0 && r.tripCount() > 0)
            return LaunchGeometry.of(
                    execMode, r.tripCount(), threads, Integer.MAX_VALUE); // CUDA's grid x limit is 2^31 - 1
        return new int[] {r.numTeams() > 0 ? r.numTeams() : d.multiprocessors(), threads};
    }

    private static int execMode(Kernel kernel) {
        return kernel instanceof GpuKernel k ? k.execMode() : 0;
    }

    @Override
    public final int[] launchGeometry(int device, LaunchRequest request) {
        return geometry(device(device), execMode(request.kernel()), request);
    }

    @Override
    public final String executionMode(int device, Kernel kernel) {
        return LaunchGeometry.modeName(execMode(kernel));
    }

    @Override
    public final void synchronize(int device) {
        synchronize(device(device));
    }
}
