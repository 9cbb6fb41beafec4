package jomp.runtime.plugin;

/**
 * One GPU as a {@link GpuPlugin} keeps it (LLVM's {@code GenericDeviceTy}): its plugin-local
 * number, the facts the launch rules read, and where it stands in {@link DevicePlugin}'s call order.
 */
public abstract class GpuDevice {
    private final int ordinal;
    volatile boolean initialised, deinitialised;

    protected GpuDevice(int ordinal) {
        this.ordinal = ordinal;
    }

    /** The device's number in its plugin. */
    public final int ordinal() {
        return ordinal;
    }

    /** Multiprocessors: a launch without num_teams and trip count gets one block each. */
    public abstract int multiprocessors();

    /** The most threads a block may have (a larger thread_limit is cut to it). */
    public abstract int maxThreadsPerBlock();

    /** Called on the calling thread before the device is used (the CUDA plugin makes its context current). */
    protected void enter() {}
}
