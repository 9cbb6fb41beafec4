package jomp.plugin.jvm;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import jomp.offload.abi.ContextTraits;
import jomp.offload.abi.DeviceEntries;
import jomp.offload.abi.DeviceImage;
import jomp.offload.abi.ExecutableNames;
import jomp.offload.abi.ImageKind;
import jomp.offload.abi.jvm.JvmDeviceTraits;
import jomp.runtime.libc.Stdlib;
import jomp.runtime.mem.Mem;
import jomp.runtime.omp.Teams;
import jomp.runtime.plugin.DevicePlugin;
import jomp.runtime.plugin.LaunchRequest;

/**
 * The host CPU as an offload device (docs/design/offload-abi.md §6): device memory is native memory of its own
 * (anonymous mappings of each device's own, see {@link DeviceMemory}, never the C heap, so data
 * moves only as the map clauses say), images are JVM
 * programs loaded into class loaders of their own with their own copies of the globals, and a
 * kernel runs on the calling thread with its teams in parallel on the cores.
 * JOMP_JVM_DEVICES sets the number of devices (default 1; 0 disables the plugin).
 */
public final class JvmPlugin implements DevicePlugin {
    public static final String TRIPLE = "jvm64-jomp-linux";

    private final int devices;
    /** Each device's memory (a bad free is caught instead of corrupting memory). */
    private final DeviceMemory[] memory;

    public JvmPlugin() {
        this(count(System.getenv("JOMP_JVM_DEVICES")));
    }

    /** A plugin with {@code devices} devices (tests; the service reads JOMP_JVM_DEVICES). */
    JvmPlugin(int devices) {
        this.devices = devices;
        memory = new DeviceMemory[devices];
        for (int i = 0; i < devices; i++) memory[i] = new DeviceMemory(i);
    }

    /** JOMP_JVM_DEVICES: a number of devices (0 disables the plugin); unset or malformed means 1. */
    static int count(String v) {
        if (v == null || v.isBlank()) return 1;
        try {
            return Math.max(0, Integer.parseInt(v.trim()));
        } catch (NumberFormatException e) {
            System.err.println("omptarget message: ignoring JOMP_JVM_DEVICES=" + v + " (not a number)");
            return 1;
        }
    }

    @Override
    public String name() {
        return "jvm";
    }

    @Override
    public String triple() {
        return TRIPLE;
    }

    @Override
    public ContextTraits contextTraits() {
        return JvmDeviceTraits.CONTEXT;
    }

    /** The host's own device comes after the GPUs and the PTX simulator. */
    @Override
    public int priority() {
        return 10;
    }

    @Override
    public int numberOfDevices() {
        return devices;
    }

    @Override
    public void initDevice(int device) {}

    /**
     * An interop object of the jvm device: it has no foreign runtime, device or context handles
     * to give, so it names itself (foreign runtime id 8, after omp_ifr_last, name "jvm", vendor
     * "jomp"); its work is synchronous, so there is no stream to wait on either.
     */
    @Override
    public InteropInfo interop(int device, boolean targetsync) {
        return new InteropInfo(8, "jvm", 0, "jomp", 0, 0, 0, 0);
    }

    /** Its kernels run in the host's process: every host address is valid there too. */
    @Override
    public boolean unifiedMemory(int device) {
        return true;
    }

    /** A device thread can run a region as the host (device(ancestor: 1)): the host's memory and runtime are its own. */
    @Override
    public boolean reverseOffload(int device) {
        return true;
    }

    @Override
    public boolean isCompatible(int device, DeviceImage image) {
        return image.kind() == ImageKind.JVM_CLASSES && TRIPLE.equals(image.triple());
    }

    @Override
    public LoadedImage loadImage(int device, DeviceImage image) {
        DeviceClassLoader loader;
        try {
            loader = new DeviceClassLoader(image.bytes(), JvmPlugin.class.getClassLoader());
        } catch (IOException e) {
            throw new IllegalStateException("jomp: the jvm device image is not a valid jar: " + e.getMessage(), e);
        }
        byte[] index = loader.file(DeviceEntries.RESOURCE);
        if (index == null)
            throw new IllegalStateException("jomp: the jvm device image has no " + DeviceEntries.RESOURCE);
        DeviceEntries entries = DeviceEntries.read(index);
        long base;
        try {
            // initialising the device program lays its data image out in fresh native memory: the device's copy of the
            // globals
            Class<?> program = Class.forName(ExecutableNames.PROGRAM.replace('/', '.'), true, loader);
            base = program.getField("base").getLong(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("jomp: cannot initialise the jvm device image: " + e, e);
        }
        Map<String, Kernel> handles = new ConcurrentHashMap<>();
        return new LoadedImage() {
            @Override
            public Kernel kernel(String name) {
                DeviceEntries.Kernel k = entries.kernels().get(name);
                if (k == null) return null;
                return handles.computeIfAbsent(name, n -> {
                    try {
                        Class<?> c = Class.forName(k.owner().replace('/', '.'), true, loader);
                        // the image's classes need not be public: its package is open to us (an unnamed module)
                        MethodHandle h = MethodHandles.privateLookupIn(c, MethodHandles.lookup())
                                .findStatic(
                                        c,
                                        k.method(),
                                        MethodType.methodType(void.class, long.class, jomp.runtime.mem.Stack.class));
                        return new JvmKernel(n, h);
                    } catch (ReflectiveOperationException e) {
                        throw new IllegalStateException(
                                "jomp: kernel " + n + " is missing from the jvm device image: " + e, e);
                    }
                });
            }

            @Override
            public GlobalSymbol global(String name) {
                DeviceEntries.Global g = entries.globals().get(name);
                return g == null ? null : new GlobalSymbol(name, base + g.offset(), g.size());
            }
        };
    }

    record JvmKernel(String name, MethodHandle handle) implements Kernel {}

    @Override
    public long dataAlloc(int device, long size) {
        return memory[device].alloc(size);
    }

    @Override
    public void dataDelete(int device, long address) {
        memory[device].free(address);
    }

    /** Host and shared memory: the C heap, which the device's kernels reach (they run in the host's process). */
    @Override
    public long dataAlloc(int device, long size, int kind) {
        return kind == ALLOC_HOST || kind == ALLOC_SHARED ? Stdlib.malloc(Math.max(size, 1)) : dataAlloc(device, size);
    }

    @Override
    public void dataDelete(int device, long address, int kind) {
        if (kind == ALLOC_HOST || kind == ALLOC_SHARED) Stdlib.free(address);
        else dataDelete(device, address);
    }

    @Override
    public void dataSubmit(int device, long deviceDst, long hostSrc, long size) {
        Mem.copy(deviceDst, hostSrc, size);
    }

    @Override
    public void dataRetrieve(int device, long hostDst, long deviceSrc, long size) {
        Mem.copy(hostDst, deviceSrc, size);
    }

    @Override
    public void dataExchange(int device, long deviceDst, long deviceSrc, long size) {
        Mem.copy(deviceDst, deviceSrc, size);
    }

    /** Per thread: a native block for the argument slots of its launches (launches on one thread do not overlap). */
    private static final ThreadLocal<long[]> SLOTS = ThreadLocal.withInitial(() -> new long[2]);

    /**
     * Runs the kernel on this thread with the argument slots in native memory of the launch's own:
     * teams regions in it run in parallel (numTeams of them, or one per core).
     */
    @Override
    public void launch(int device, LaunchRequest request) {
        Kernel kernel = request.kernel();
        long[] args = request.args();
        long[] buf = SLOTS.get(); // {address, capacity in slots}
        if (buf[1] < args.length) {
            if (buf[0] != 0) Stdlib.free(buf[0]);
            buf[1] = Math.max(16, args.length);
            buf[0] = Stdlib.malloc(8 * buf[1]);
        }
        long slots = buf[0];
        for (int i = 0; i < args.length; i++) Mem.putLong(slots + 8L * i, args[i]);
        try {
            Teams.onDevice(
                    this, device, request.numTeams(), request.threadLimit(), ((JvmKernel) kernel).handle(), slots);
        } catch (Throwable e) {
            throw new KernelFailure("kernel " + kernel.name() + " failed on jvm device " + device + ": " + e, e);
        }
    }

    /** A kernel ended with an exception (the runtime reports it and stops the program). */
    public static final class KernelFailure extends RuntimeException {
        KernelFailure(String message, Throwable cause) {
            super(message, cause);
        }
    }

    @Override
    public void synchronize(int device) {}

    @Override
    public String describe(int device) {
        return "jvm device " + device + " (" + Runtime.getRuntime().availableProcessors() + " cores, native memory)";
    }
}
