package jomp.runtime.plugin;

import jomp.offload.abi.ContextTraits;
import jomp.offload.abi.DeviceImage;

/**
 * One kind of offload device (docs/design/offload-abi.md, overview.md steps 13-14), the counterpart of libomptarget's {@code __tgt_rtl_*}
 * interface. Found with {@link java.util.ServiceLoader}. Device numbers here are local to the
 * plugin; the runtime numbers devices across plugins, in {@link #priority()} order. Addresses are native addresses as
 * {@code long}: host addresses are the C program's pointers, device addresses are whatever the
 * device gives (a CUdeviceptr for CUDA, native memory for the jvm device).
 *
 * <p><b>Call order</b> (libomptarget's): {@link #numberOfDevices()} and {@link #isCompatible} may be
 * asked at any time; then, per device,
 * <ol>
 * <li>{@link #initDevice} (the runtime calls it once, before anything else on the device);</li>
 * <li>{@link #loadImage} for each registered image the device runs, and the handles' kernels and globals;</li>
 * <li>{@link #dataAlloc} and the copies ({@link #dataSubmit}, {@link #dataRetrieve}, {@link #dataExchange}),
 *     {@link #dataDelete};</li>
 * <li>{@link #launch} with a kernel of a loaded image (a {@link LaunchRequest}), which may return before the kernel ends;</li>
 * <li>{@link #synchronize}: everything queued has ended;</li>
 * <li>{@link #deinitDevice}: nothing may follow on the device.</li>
 * </ol>
 * Steps 2-5 repeat in any order a program needs. {@link GpuPlugin} checks the order where it is
 * cheap (an image loaded before {@code initDevice}, a device used after {@code deinitDevice}, a
 * kernel launched on a device that did not load it).
 */
public interface DevicePlugin {
    /** Short name used in messages and LIBOMPTARGET_INFO, e.g. "cuda", "jvm". */
    String name();

    /** Target triple this plugin runs images for, e.g. "nvptx64-nvidia-cuda". */
    String triple();

    /**
     * The OpenMP context's device traits of its devices (kind, arch, isa), which host code's
     * {@code target_device} selectors and code running on a host-thread device ask: the record
     * the target's ToolChain names too.
     */
    ContextTraits contextTraits();

    /** The device's vendor, as OMP_AVAILABLE_DEVICES' vendor trait names it (OpenMP's additional definitions: "nvidia", ...). */
    default String vendor() {
        return "unknown";
    }

    /**
     * Where the plugin's devices come in the device table when JOMP_PLUGINS does not say: higher
     * first (GPUs 30, the PTX simulator 20, so that it is device 0 where a GPU would be, the host's
     * jvm device 10); plugins of equal priority keep the order ServiceLoader finds them in.
     */
    default int priority() {
        return 0;
    }

    /** Number of usable devices; 0 (not an error) when the driver or hardware is absent. */
    int numberOfDevices();

    /** Prepares a device for use (context, streams). Idempotent. */
    void initDevice(int device);

    /** Releases a device (libomptarget's deinit_device): the last call on it. */
    default void deinitDevice(int device) {}

    /** True if the image (its kind, triple and arch) can run on this device. */
    boolean isCompatible(int device, DeviceImage image);

    /** Loads an image; returns a handle through which its kernels and globals are found. */
    LoadedImage loadImage(int device, DeviceImage image);

    /** Device memory of {@code size} bytes; 0 when the device has no room for it (libomptarget's plugins answer nullptr). */
    long dataAlloc(int device, long size);

    void dataDelete(int device, long deviceAddress);

    /** libomptarget's TargetAllocTy: device memory, host memory the device reaches, memory both share, the plugin's default. */
    int ALLOC_DEVICE = 0, ALLOC_HOST = 1, ALLOC_SHARED = 2, ALLOC_DEFAULT = 3;

    /**
     * Memory of a kind (llvm_omp_target_alloc_host/shared/device): HOST and SHARED blocks are
     * addresses both the host and the device's kernels use. The default is device memory, which
     * suits plugins whose device memory the host reaches (the simulator's).
     */
    default long dataAlloc(int device, long size, int kind) {
        return dataAlloc(device, size);
    }

    /** Frees a block of {@link #dataAlloc(int, long, int)} of that kind. */
    default void dataDelete(int device, long address, int kind) {
        dataDelete(device, address);
    }

    /**
     * llvm_omp_target_lock_mem: the device-accessible address of {@code size} bytes of host memory
     * at {@code host} (LLVM 19's CUDA and host plugins lock nothing and answer the host address).
     */
    default long dataLock(int device, long host, long size) {
        return host;
    }

    default void dataUnlock(int device, long host) {}

    void dataSubmit(int device, long deviceDst, long hostSrc, long size);

    void dataRetrieve(int device, long hostDst, long deviceSrc, long size);

    void dataExchange(int device, long deviceDst, long deviceSrc, long size);

    /**
     * Launches a kernel of a loaded image: its arguments, its clauses and the trip count the host
     * passed (offload-abi.md §2). GPU plugins size the grid from them as libomptarget does
     * ({@link LaunchGeometry}); the launch may return before the kernel ends ({@link #synchronize}).
     */
    void launch(int device, LaunchRequest request);

    /** {@link #launch(int, LaunchRequest)} without a trip count or dynamic shared memory (tests and tools). */
    default void launch(int device, Kernel kernel, long[] args, int numTeams, int threadLimit) {
        launch(device, LaunchRequest.of(kernel, args, numTeams, threadLimit));
    }

    /**
     * The geometry {@link #launch} gives a request: {blocks or teams, threads per team}, for
     * LIBOMPTARGET_INFO's launch report (and the device's ICVs: a request without a kernel). 0 or
     * less means the clause is absent. The default is what the runtime's host-thread devices do:
     * num_teams teams (else one per processor) of thread_limit threads (else the processors
     * shared among the teams).
     */
    default int[] launchGeometry(int device, LaunchRequest request) {
        int procs = Runtime.getRuntime().availableProcessors();
        int teams = request.numTeams() > 0 ? request.numTeams() : procs;
        return new int[] {teams, request.threadLimit() > 0 ? request.threadLimit() : Math.max(1, procs / teams)};
    }

    /**
     * The kernel's execution mode as LIBOMPTARGET_INFO's launch line names it: "SPMD", "Generic"
     * or "Generic-SPMD" (a GPU kernel's {@code <name>_exec_mode}); a host plugin's kernels are
     * "Generic", as libomptarget's host plugin says of every kernel.
     */
    default String executionMode(int device, Kernel kernel) {
        return "Generic";
    }

    /** Waits for everything queued on the device. */
    void synchronize(int device);

    /**
     * Can the device use host addresses directly (the host's memory is its memory, or the system
     * shares pages with it), so that {@code requires unified_shared_memory} programs run on it?
     */
    default boolean unifiedMemory(int device) {
        return false;
    }

    /**
     * Can regions on this device hand a nested region back to the host ({@code target
     * device(ancestor: 1)}), so that {@code requires reverse_offload} programs run on it? A device
     * whose kernels cannot call the host answers no, and such programs do not use it (they fall
     * back to the host, or stop under OMP_TARGET_OFFLOAD=MANDATORY), as libomptarget does with a
     * requirement a plugin cannot meet.
     */
    default boolean reverseOffload(int device) {
        return false;
    }

    /**
     * What an interop object for this device holds (OpenMP 5.2 §14.1, the foreign runtime's handles);
     * 0 and null mean "not available". {@code targetsync} asks for a synchronisation object (a
     * stream), which {@link #interopRelease} gives back.
     */
    record InteropInfo(
            int frId,
            String frName,
            int vendor,
            String vendorName,
            long platform,
            long device,
            long context,
            long targetsync) {}

    default InteropInfo interop(int device, boolean targetsync) {
        return new InteropInfo(0, name(), 0, null, 0, 0, 0, 0);
    }

    /** Waits until the interop object's synchronisation object has done its work (interop use). */
    default void interopSync(int device, InteropInfo info) {
        synchronize(device);
    }

    default void interopRelease(int device, InteropInfo info) {}

    /** Human-readable facts about a device (name, arch, memory) for LIBOMPTARGET_INFO. */
    default String describe(int device) {
        return name() + " device " + device;
    }

    /** What loading an image gives: kernels and globals by name. */
    interface LoadedImage {
        /** The kernel, or null when the image has no such kernel (its region runs elsewhere). */
        Kernel kernel(String name);
        /** Device address and size of a global variable, or null when the image does not define it. */
        GlobalSymbol global(String name);
    }

    interface Kernel {
        String name();
    }

    record GlobalSymbol(String name, long deviceAddress, long size) {}
}
