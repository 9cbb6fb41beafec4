package jomp.plugin.ptxsim;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import jomp.offload.abi.ContextTraits;
import jomp.offload.abi.DeviceImage;
import jomp.offload.abi.ImageKind;
import jomp.offload.abi.nvptx.Fatbinary;
import jomp.offload.abi.nvptx.NvptxTraits;
import jomp.plugin.ptxsim.PtxAst.Param;
import jomp.runtime.mem.Mem;
import jomp.runtime.plugin.GpuKernel;
import jomp.runtime.plugin.GpuPlugin;

/**
 * A simulated NVIDIA GPU that runs the PTX jomp embeds for nvptx64 (docs/design/ptxsim.md): the
 * device for checking GPU code on a machine without a GPU. It has devices only when asked for:
 * {@code JOMP_PTXSIM=1} (or a number of devices), or {@code ptxsim} named in JOMP_PLUGINS. It
 * takes PTX images and fat binaries that hold PTX, and checks what the hardware punishes; an
 * error ends the launch with a report naming the kernel, block, thread, PTX line and address.
 *
 * <p>Settings: JOMP_PTXSIM_SMS (multiprocessors, default 4: the blocks a launch without
 * num_teams gets), JOMP_PTXSIM_STACK (local memory per thread, default 512 KiB, the most a CUDA thread can have),
 * JOMP_PTXSIM_RACECHECK=1 (shared-memory race detection), JOMP_PTXSIM_MEMORY (device memory,
 * default 16 GiB of address space).
 */
public final class PtxSimPlugin extends GpuPlugin<SimDevice, PtxSimPlugin.SimKernel> {
    static final int DEFAULT_THREADS = 128, MAX_THREADS = 1024;

    private final int count;
    private final int sms;
    private final long stack, memoryBytes;
    private final boolean racecheck, stats, pageableMemory;
    private final long spinLimit;

    public PtxSimPlugin() {
        this(System.getenv());
    }

    PtxSimPlugin(java.util.Map<String, String> env) {
        super(SimKernel.class, DEFAULT_THREADS);
        count = devices(env.get("JOMP_PTXSIM"), env.get("JOMP_PLUGINS"));
        sms = (int) number(env, "JOMP_PTXSIM_SMS", 4, 1, 1 << 16);
        stack = number(env, "JOMP_PTXSIM_STACK", 512 * 1024, 1024, 16L << 20);
        memoryBytes = number(env, "JOMP_PTXSIM_MEMORY", 16L << 30, 64L << 20, 1L << 40);
        racecheck = "1".equals(env.get("JOMP_PTXSIM_RACECHECK"));
        stats = "1".equals(env.get("JOMP_PTXSIM_STATS"));
        pageableMemory = !"0".equals(env.get("JOMP_PTXSIM_UNIFIED_MEMORY"));
        spinLimit = number(env, "JOMP_PTXSIM_SPIN_LIMIT", 1L << 31, 1L << 16, Long.MAX_VALUE);
    }

    /** JOMP_PTXSIM: unset or 0 none, 1 (or yes/true/on) one device, N devices; naming ptxsim in JOMP_PLUGINS gives one. */
    static int devices(String v, String plugins) {
        int n = 0;
        if (v != null && !v.isBlank()) {
            String s = v.trim().toLowerCase(Locale.ROOT);
            if (s.equals("yes") || s.equals("true") || s.equals("on")) n = 1;
            else {
                try {
                    n = Math.max(0, Math.min(64, Integer.parseInt(s)));
                } catch (NumberFormatException e) {
                    System.err.println(
                            "omptarget message: ignoring JOMP_PTXSIM=" + v + " (expected 0, 1 or a number of devices)");
                }
            }
        }
        if (n == 0 && plugins != null)
            for (String p : plugins.split(",")) if (p.trim().equalsIgnoreCase("ptxsim")) n = 1;
        return n;
    }

    private static long number(java.util.Map<String, String> env, String name, long dflt, long min, long max) {
        String v = env.get(name);
        if (v == null || v.isBlank()) return dflt;
        try {
            String s = v.trim().toUpperCase(Locale.ROOT);
            long mult = 1;
            if (s.endsWith("K")) {
                mult = 1024;
                s = s.substring(0, s.length() - 1);
            } else if (s.endsWith("M")) {
                mult = 1 << 20;
                s = s.substring(0, s.length() - 1);
            } else if (s.endsWith("G")) {
                mult = 1 << 30;
                s = s.substring(0, s.length() - 1);
            }
            return Math.max(min, Math.min(max, Long.parseLong(s) * mult));
        } catch (NumberFormatException e) {
            System.err.println("omptarget message: ignoring " + name + "=" + v + " (not a number)");
            return dflt;
        }
    }

    @Override
    public String name() {
        return "ptxsim";
    }

    @Override
    public String triple() {
        return "nvptx64-nvidia-cuda";
    }

    /** A simulated NVIDIA GPU: kind gpu, arch nvptx64, as the GPU's. */
    @Override
    public ContextTraits contextTraits() {
        return NvptxTraits.CONTEXT;
    }

    @Override
    public String vendor() {
        return "nvidia";
    }

    /** After a GPU, before the host's jvm device: where a GPU would be on a machine without one. */
    @Override
    public int priority() {
        return 20;
    }

    @Override
    protected int countDevices() {
        return count;
    }

    /**
     * The simulated GPU reaches pageable host memory (HMM), as an H100 does on Linux 6.1+ with
     * the open kernel modules, so programs that require unified_shared_memory run on it;
     * JOMP_PTXSIM_UNIFIED_MEMORY=0 models a GPU without (such programs then fall back or fail as
     * OMP_TARGET_OFFLOAD says).
     */
    @Override
    public boolean unifiedMemory(int device) {
        return pageableMemory;
    }

    @Override
    protected SimDevice openDevice(int device) {
        SimDevice d = new SimDevice(device, memoryBytes, sms, stack, racecheck);
        d.spinLimit = spinLimit;
        d.stats = stats;
        return d;
    }

    @Override
    public boolean isCompatible(int device, DeviceImage image) {
        if (image.triple() != null && !image.triple().startsWith("nvptx64")) return false;
        if (image.kind() == ImageKind.PTX) return true;
        if (image.kind() == ImageKind.FATBINARY && Fatbinary.isFatbinary(image.bytes())) {
            try {
                return !Fatbinary.ptx(image.bytes()).isEmpty();
            } catch (IllegalArgumentException e) {
                return false;
            }
        }
        return false;
    }

    @Override
    protected synchronized Module<SimKernel> load(SimDevice d, DeviceImage image) {
        List<String> texts = image.kind() == ImageKind.PTX
                ? List.of(new String(image.bytes(), StandardCharsets.ISO_8859_1))
                : Fatbinary.ptx(image.bytes());
        List<PtxAst.PtxModule> modules = new ArrayList<>();
        for (int i = 0; i < texts.size(); i++) {
            String name = texts.size() == 1 ? "the PTX image" : "PTX module " + (i + 1) + " of the image";
            try {
                modules.add(PtxParser.parse(name, texts.get(i)));
            } catch (PtxLexer.PtxSyntaxError e) {
                throw new IllegalStateException("ptxsim: cannot read " + name + ": " + e.getMessage());
            }
        }
        Program program;
        try {
            program = new Program(modules, d.memory);
        } catch (PtxLexer.PtxSyntaxError e) {
            throw new IllegalStateException("ptxsim: cannot load the image: " + e.getMessage());
        }
        return new Module<>() {
            @Override
            public SimKernel kernel(String name, java.util.function.IntSupplier execMode) {
                Decoder.Function f = program.kernels.get(name);
                return f == null ? null : new SimKernel(name, d.ordinal(), program, f, execMode.getAsInt());
            }

            @Override
            public GlobalSymbol global(String name) {
                long[] g = program.globals.get(name); // {address, size}
                return g == null ? null : new GlobalSymbol(name, g[0], g[1]);
            }
        };
    }

    /** A kernel of a loaded image, with its {@code <name>_exec_mode} (LaunchGeometry's EXEC_MODE_*, 0 when the image has none). */
    record SimKernel(String name, int device, Program program, Decoder.Function function, int execMode)
            implements GpuKernel {
        @Override
        public int[] parameterSizes() {
            return function.ast.params().stream().mapToInt(Param::size).toArray();
        }

        @Override
        public String parameterName(int i) {
            return function.ast.params().get(i).name();
        }
    }

    @Override
    protected synchronized long alloc(SimDevice d, long size) {
        long a = d.memory.alloc(Math.max(size, 1));
        if (a == 0)
            throw new OutOfMemoryError(
                    "ptxsim device " + d.ordinal() + ": out of device memory (JOMP_PTXSIM_MEMORY sets its size)");
        return a;
    }

    @Override
    protected synchronized void free(SimDevice d, long address) {
        if (address != 0 && !d.memory.free(address))
            throw new IllegalStateException("ptxsim device " + d.ordinal() + ": free of 0x" + Long.toHexString(address)
                    + ", which is not a device allocation");
    }

    @Override
    protected synchronized void submit(SimDevice d, long deviceDst, long hostSrc, long size) {
        if (size <= 0) return;
        checkRange(d, deviceDst, size, "host-to-device copy");
        Mem.copy(deviceDst, hostSrc, size);
    }

    @Override
    protected synchronized void retrieve(SimDevice d, long hostDst, long deviceSrc, long size) {
        if (size <= 0) return;
        checkRange(d, deviceSrc, size, "device-to-host copy");
        Mem.copy(hostDst, deviceSrc, size);
    }

    @Override
    protected synchronized void exchange(SimDevice d, long deviceDst, long deviceSrc, long size) {
        if (size <= 0) return;
        checkRange(d, deviceSrc, size, "device-to-device copy (source)");
        checkRange(d, deviceDst, size, "device-to-device copy (destination)");
        Mem.copy(deviceDst, deviceSrc, size);
    }

    private static void checkRange(SimDevice d, long a, long size, String what) {
        if (!d.memory.addressableRange(a, size))
            throw new IllegalStateException("ptxsim device " + d.ordinal() + ": " + what + " of " + size
                    + " bytes at 0x" + Long.toHexString(a) + " is outside the device's allocations");
    }

    /**
     * A launch of {@code blocks} blocks of {@code threads} threads, each parameter taking the low
     * bytes of its argument (CUDA's kernelParams with 8-byte values behind them): how the
     * simulator's own tests and benchmarks run kernels of any C signature, such as clang's.
     */
    void launchKernel(int device, Kernel kernel, long[] args, int blocks, int threads) {
        SimDevice d = device(device);
        launch(d, kernel(kernel, device), args, blocks, threads, 0);
    }

    /**
     * Runs a kernel to its end, the grid one block after another (GpuPlugin has checked that the
     * launch arguments meet the {@code .entry}'s parameters, one 64-bit value each; offload-abi.md
     * §2). The simulator has no dynamic shared memory (jomp launches with none).
     */
    @Override
    protected void launch(SimDevice d, SimKernel k, long[] args, int blocks, int threads, int dynamicSharedMemory) {
        synchronized (d) {
            d.hostMemory = pageableMemory && jomp.runtime.offload.Requires.hostAddressesInKernels();
            Decoder.Function f = k.function();
            if (f.paramSize.length != args.length) {
                throw new IllegalArgumentException("kernel " + k.name() + " declares " + f.paramSize.length
                        + " parameters, the launch passes " + args.length);
            }
            byte[] frame = new byte[f.localSize];
            for (int i = 0; i < args.length; i++) {
                for (int b = 0; b < f.paramSize[i] && b < 8; b++)
                    frame[f.paramOff[i] + b] = (byte) (args[i] >>> (8 * b));
            }
            Launch launch = new Launch(d, k.program(), f, blocks, threads, frame, ++d.launches);
            long t0 = System.nanoTime();
            try {
                launch.run();
                d.threadInstructions += launch.threadInstructions;
                if (d.stats) {
                    double s = (System.nanoTime() - t0) / 1e9;
                    jomp.runtime.libc.Stdio.fflush(0);
                    System.err.printf(
                            "ptxsim: kernel %s: %d blocks of %d threads, %d thread-instructions in %.3f s (%.3g per second)%n",
                            k.name(),
                            blocks,
                            threads,
                            launch.threadInstructions,
                            s,
                            launch.threadInstructions / Math.max(s, 1e-9));
                }
            } catch (SimError e) {
                d.threadInstructions += launch.threadInstructions;
                jomp.runtime.libc.Stdio.fflush(0);
                System.err.print(e.report());
                System.err.flush();
                throw new KernelError(e.getMessage());
            }
        }
    }

    /** Thread-instructions all launches on a device have executed so far. */
    long threadInstructions(int device) {
        SimDevice d = device(device);
        synchronized (d) {
            return d.threadInstructions;
        }
    }

    /** A launch the simulator stopped: the runtime reports it as a failed kernel (status 1, no stack trace). */
    public static final class KernelError extends RuntimeException {
        KernelError(String message) {
            super(message);
        }
    }

    /** Launches run to their end: there is nothing to wait for. */
    @Override
    protected void synchronize(SimDevice d) {}

    @Override
    public String describe(int device) {
        SimDevice d = device(device);
        return "ptxsim device " + device + ": a PTX simulator, not a GPU (" + SimDevice.ARCH + "-like, "
                + d.multiprocessors + " multiprocessors, "
                + (d.memory.size >> 30) + " GiB of device memory, " + (d.stackBytes >> 10)
                + " KiB of local memory per thread; checks bounds, "
                + "alignment, barriers and uninitialised registers" + (d.racecheck ? ", and shared-memory races" : "")
                + ")";
    }
}
