package jomp.plugin.cuda;

import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Executors;
import jomp.offload.abi.DeviceImage;
import jomp.offload.abi.ImageKind;
import jomp.runtime.plugin.DevicePlugin.Kernel;

/**
 * Drives the plugin in a child JVM whose libcuda.so.1 is fakecuda.c (see FakeDriverTest) and
 * prints what it sees, one fact per line.
 */
public final class FakeDriverRun {
    public static void main(String[] args) throws Exception {
        CudaPlugin p = new CudaPlugin();
        System.out.println("devices " + p.numberOfDevices());
        print(() -> p.loadImage(0, image("empty.ptx"))); // DevicePlugin's call order: initDevice first
        p.initDevice(0);
        p.initDevice(1);
        System.out.println(p.describe(0));
        System.out.println(p.describe(1));
        System.out.println("archs " + GpuArch.detect());
        DeviceImage sm90 = new DeviceImage(
                "nvptx64-nvidia-cuda", "sm_90", ImageKind.PTX, Resources.bytes("vadd_f32.ptx"), List.of());
        System.out.println(
                "sm_90 ptx on device 0: " + p.isCompatible(0, sm90) + ", on device 1: " + p.isCompatible(1, sm90));

        try (Arena arena = Arena.ofConfined()) {
            int n = 1000;
            MemorySegment a = arena.allocate(JAVA_FLOAT, n),
                    b = arena.allocate(JAVA_FLOAT, n),
                    c = arena.allocate(JAVA_FLOAT, n);
            for (int i = 0; i < n; i++) {
                a.setAtIndex(JAVA_FLOAT, i, i);
                b.setAtIndex(JAVA_FLOAT, i, 0.5f);
            }
            long da = p.dataAlloc(1, 4L * n), db = p.dataAlloc(1, 4L * n), dc = p.dataAlloc(1, 4L * n);
            p.dataSubmit(1, da, a.address(), 4L * n);
            p.dataSubmit(1, db, b.address(), 4L * n);
            Kernel vadd = p.loadImage(1, sm90).kernel("vadd_f32");
            p.launch(1, vadd, new long[] {dc, da, db, n}, 8, 128); // 1024 threads for 1000 elements
            p.synchronize(1);
            p.dataRetrieve(1, c.address(), dc, 4L * n);
            System.out.println("vadd c[0]=" + c.getAtIndex(JAVA_FLOAT, 0) + " c[999]=" + c.getAtIndex(JAVA_FLOAT, 999));

            MemorySegment x = arena.allocate(JAVA_DOUBLE, 4), y = arena.allocate(JAVA_DOUBLE, 4);
            for (int i = 0; i < 4; i++) {
                x.setAtIndex(JAVA_DOUBLE, i, i + 1);
                y.setAtIndex(JAVA_DOUBLE, i, 10 * i);
            }
            long dx = p.dataAlloc(0, 32), dy = p.dataAlloc(0, 32), dz = p.dataAlloc(0, 32), dw = p.dataAlloc(0, 32);
            p.dataSubmit(0, dx, x.address(), 32);
            p.dataSubmit(0, dy, y.address(), 32);
            Kernel triad = p.loadImage(0, image("triad_f64.ptx")).kernel("triad_f64");
            p.launch(0, triad, new long[] {dz, dx, dy, Double.doubleToRawLongBits(0.5), 4}, 1, 0);
            p.dataExchange(0, dw, dz, 32);
            p.dataRetrieve(0, x.address(), dw, 32);
            System.out.println("triad " + x.getAtIndex(JAVA_DOUBLE, 0) + " " + x.getAtIndex(JAVA_DOUBLE, 3));

            var image = p.loadImage(0, image("read_global.ptx"));
            var base = image.global("base");
            p.dataRetrieve(0, y.address(), base.deviceAddress(), 8);
            System.out.println("global base size " + base.size() + " value " + y.get(JAVA_LONG, 0));
            y.set(JAVA_LONG, 0, 7000);
            p.dataSubmit(0, base.deviceAddress(), y.address(), 8);
            p.launch(0, image.kernel("read_global"), new long[] {dz, 4}, 1, 32);
            p.dataRetrieve(0, y.address(), dz, 32);
            System.out.println("read_global " + y.getAtIndex(JAVA_LONG, 0) + " " + y.getAtIndex(JAVA_LONG, 3));
            for (long d : new long[] {da, db, dc}) p.dataDelete(1, d);
            for (long d : new long[] {dx, dy, dz, dw}) p.dataDelete(0, d);
        }
        // a launch must pass what the entry declares: the plugin refuses, and so does the driver
        Kernel vadd0 = p.loadImage(0, sm90).kernel("vadd_f32");
        print(() -> {
            p.launch(0, vadd0, new long[] {0, 0, 0}, 1, 32);
            return null;
        });
        print(() -> {
            Cuda.launch(((CudaKernel) vadd0).function(), 1, 32, new long[] {0, 0, 0, 0, 0});
            return null;
        });
        System.out.println(
                "vadd_f32 parameter sizes " + java.util.Arrays.toString(((CudaKernel) vadd0).parameterSizes()));
        print(() -> p.loadImage(
                0,
                new DeviceImage(
                        "nvptx64-nvidia-cuda",
                        "sm_75",
                        ImageKind.PTX,
                        Resources.BROKEN_PTX.getBytes(StandardCharsets.US_ASCII),
                        List.of())));
        // a symbol the module lacks is null (CUDA_ERROR_NOT_FOUND): the runtime runs such a region elsewhere
        System.out.println("kernel nope: " + p.loadImage(0, image("empty.ptx")).kernel("nope"));
        System.out.println("global nope: " + p.loadImage(0, image("empty.ptx")).global("nope"));
        System.out.println("dataAlloc 2^50: " + p.dataAlloc(0, 1L << 50));
        Kernel empty = p.loadImage(0, image("empty.ptx")).kernel("empty");
        print(() -> {
            p.launch(1, empty, new long[0], 1, 1);
            return null;
        });
        try (var pool = Executors.newSingleThreadExecutor()) {
            pool.submit(() -> {
                        p.launch(0, empty, new long[0], 1, 1);
                        p.synchronize(0);
                    })
                    .get();
        }
        System.out.println("other thread ok");
        // interop objects (targetsync: a stream of their own) and unified memory
        var io = p.interop(0, true);
        System.out.println("interop " + io.frName() + " fr_id " + io.frId() + " device " + io.device() + " context "
                + Long.toHexString(io.context()) + " stream " + (io.targetsync() != 0));
        p.interopSync(0, io);
        p.interopRelease(0, io);
        System.out.println(
                "interop without targetsync: stream " + p.interop(1, false).targetsync());
        System.out.println("unified memory: device 0 " + p.unifiedMemory(0) + ", device 1 " + p.unifiedMemory(1));
        p.deinitDevice(1); // the last call on a device
        print(() -> p.dataAlloc(1, 8));
    }

    interface Call {
        Object run();
    }

    static void print(Call call) {
        try {
            call.run();
            System.out.println("no exception");
        } catch (RuntimeException e) {
            System.out.println(e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }

    static DeviceImage image(String name) {
        return new DeviceImage("nvptx64-nvidia-cuda", "sm_75", ImageKind.PTX, Resources.bytes(name), List.of());
    }
}
