package jomp.plugin.cuda;

import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import jomp.offload.abi.DeviceImage;
import jomp.offload.abi.ImageKind;
import jomp.runtime.plugin.DevicePlugin.Kernel;

/**
 * The plugin's overheads on a real GPU (not a test; run by bench/run-on-gpu.sh): an empty
 * kernel's launch + synchronize round trip, launches alone, and the triad_f64 test kernel at
 * 2^25 doubles timed around launch + synchronize (wall clock, so it includes the launch).
 * Compare with bench/launch-latency.cu and bench/babelstream.cu.
 */
public final class LaunchLatencyBench {
    public static void main(String[] args) {
        CudaPlugin plugin = new CudaPlugin();
        if (plugin.numberOfDevices() == 0) {
            System.err.println("LaunchLatencyBench: no CUDA device");
            System.exit(1);
        }
        plugin.initDevice(0);
        System.out.println(plugin.describe(0));
        if (args.length > 0 && args[0].equals("triad-only")) { // for ncu: no thousands of empty launches
            triad(plugin, 1 << 25);
            return;
        }
        Kernel empty = plugin.loadImage(0, image("empty.ptx")).kernel("empty");
        long[] none = new long[0];
        int n = 20000;
        for (int i = 0; i < 2000; i++) {
            plugin.launch(0, empty, none, 1, 1);
            plugin.synchronize(0);
        }
        double bestRound = Double.MAX_VALUE, bestLaunch = Double.MAX_VALUE;
        for (int rep = 0; rep < 5; rep++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < n; i++) {
                plugin.launch(0, empty, none, 1, 1);
                plugin.synchronize(0);
            }
            long t1 = System.nanoTime();
            for (int i = 0; i < n; i++) plugin.launch(0, empty, none, 1, 1);
            plugin.synchronize(0);
            long t2 = System.nanoTime();
            bestRound = Math.min(bestRound, (t1 - t0) / 1e3 / n);
            bestLaunch = Math.min(bestLaunch, (t2 - t1) / 1e3 / n);
        }
        System.out.printf(
                "jomp cuda plugin: launch+sync round trip %.2f us, launch alone %.2f us (best of 5 x %d)%n",
                bestRound, bestLaunch, n);
        triad(plugin, 1 << 25);
    }

    static void triad(CudaPlugin plugin, int n) {
        long bytes = 8L * n;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment host = arena.allocate(JAVA_DOUBLE, n);
            for (int i = 0; i < n; i++) host.setAtIndex(JAVA_DOUBLE, i, 0.5);
            long a = plugin.dataAlloc(0, bytes), b = plugin.dataAlloc(0, bytes), c = plugin.dataAlloc(0, bytes);
            plugin.dataSubmit(0, b, host.address(), bytes);
            plugin.dataSubmit(0, c, host.address(), bytes);
            Kernel k = plugin.loadImage(0, image("triad_f64.ptx")).kernel("triad_f64");
            long[] args = {a, b, c, Double.doubleToRawLongBits(0.4), n};
            double best = Double.MAX_VALUE;
            for (int rep = 0; rep < 11; rep++) {
                long t0 = System.nanoTime();
                plugin.launch(0, k, args, (n + 1023) / 1024, 1024);
                plugin.synchronize(0);
                long t1 = System.nanoTime();
                if (rep > 0) best = Math.min(best, (t1 - t0) / 1e6); // rep 0 warms up
            }
            plugin.dataRetrieve(0, host.address(), a, bytes);
            boolean ok = host.getAtIndex(JAVA_DOUBLE, n - 1) == 0.5 + 0.4 * 0.5;
            System.out.printf(
                    "jomp cuda plugin: triad_f64.ptx n=2^25 launch+sync %.4f ms, %.1f GB/s (wall clock, best of 10), check %s%n",
                    best, 3.0 * bytes / (best * 1e-3) / 1e9, ok ? "ok" : "WRONG");
            for (long p : new long[] {a, b, c}) plugin.dataDelete(0, p);
        }
    }

    static DeviceImage image(String name) {
        return new DeviceImage("nvptx64-nvidia-cuda", "sm_75", ImageKind.PTX, Resources.bytes(name), List.of());
    }
}
