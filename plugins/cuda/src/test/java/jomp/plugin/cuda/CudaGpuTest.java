package jomp.plugin.cuda;

import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import jomp.offload.abi.DeviceImage;
import jomp.offload.abi.ImageKind;
import jomp.runtime.plugin.DevicePlugin.Kernel;
import jomp.runtime.plugin.DevicePlugin.LoadedImage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Runs the test PTX on a real GPU: load, allocate, copy, launch, copy back, check. Skipped where
 * libcuda is absent; with libcuda present, a GPU must be found.
 */
@Tag("gpu")
class CudaGpuTest {
    static final int DEV = 0;
    CudaPlugin plugin;
    Arena arena;

    @BeforeEach
    void setUp() {
        Assumptions.assumeTrue(CudaLibrary.open(CudaLibrary.LIBCUDA).isPresent(), "no libcuda here");
        plugin = new CudaPlugin();
        assertThat(plugin.numberOfDevices()).isPositive();
        plugin.initDevice(DEV);
        arena = Arena.ofConfined();
    }

    @AfterEach
    void tearDown() {
        if (arena != null) arena.close();
    }

    static DeviceImage ptx(String name) {
        return new DeviceImage("nvptx64-nvidia-cuda", "sm_75", ImageKind.PTX, Resources.bytes(name), List.of());
    }

    static int blocks(long n, int threads) {
        return (int) ((n + threads - 1) / threads);
    }

    @Test
    void describesTheDeviceAndAcceptsPtxForItsArch() {
        String arch = GpuArch.detect().get(DEV);
        assertThat(plugin.describe(DEV)).contains(arch).contains("GiB");
        assertThat(plugin.isCompatible(DEV, ptx("empty.ptx"))).isTrue();
        byte[] none = new byte[0];
        assertThat(plugin.isCompatible(
                        DEV, new DeviceImage("nvptx64-nvidia-cuda", arch, ImageKind.CUBIN, none, List.of())))
                .isTrue();
        assertThat(plugin.isCompatible(
                        DEV, new DeviceImage("nvptx64-nvidia-cuda", "sm_999", ImageKind.PTX, none, List.of())))
                .isFalse();
    }

    @Test
    void vectorAddF32() {
        vectorAdd(ptx("vadd_f32.ptx"));
    }

    /** The same kernel as a cubin for exactly this GPU, made by ptxas on the GPU machine. */
    @Test
    void vectorAddF32FromCubin() throws Exception {
        String arch = GpuArch.detect().get(DEV);
        Path dir = Files.createTempDirectory("jomp-cubin");
        Path ptx = Files.write(dir.resolve("vadd_f32.ptx"), Resources.bytes("vadd_f32.ptx"));
        Path cubin = dir.resolve("vadd_f32.cubin");
        Process p;
        try {
            p = new ProcessBuilder("ptxas", "-arch=" + arch, ptx.toString(), "-o", cubin.toString())
                    .inheritIO()
                    .start();
        } catch (IOException e) {
            Assumptions.abort("no ptxas on PATH");
            return;
        }
        assertThat(p.waitFor()).isZero();
        var image = new DeviceImage("nvptx64-nvidia-cuda", arch, ImageKind.CUBIN, Files.readAllBytes(cubin), List.of());
        assertThat(plugin.isCompatible(DEV, image)).isTrue();
        vectorAdd(image);
    }

    private void vectorAdd(DeviceImage image) {
        int n = 1000; // not a multiple of the block size: the bounds check matters
        MemorySegment a = arena.allocate(JAVA_FLOAT, n),
                b = arena.allocate(JAVA_FLOAT, n),
                c = arena.allocate(JAVA_FLOAT, n);
        for (int i = 0; i < n; i++) {
            a.setAtIndex(JAVA_FLOAT, i, i * 0.25f);
            b.setAtIndex(JAVA_FLOAT, i, 1000.5f - i);
        }
        long bytes = 4L * n;
        long da = plugin.dataAlloc(DEV, bytes), db = plugin.dataAlloc(DEV, bytes), dc = plugin.dataAlloc(DEV, bytes);
        plugin.dataSubmit(DEV, da, a.address(), bytes);
        plugin.dataSubmit(DEV, db, b.address(), bytes);
        Kernel k = plugin.loadImage(DEV, image).kernel("vadd_f32");
        plugin.launch(DEV, k, new long[] {dc, da, db, n}, blocks(n, 128), 128);
        plugin.synchronize(DEV);
        plugin.dataRetrieve(DEV, c.address(), dc, bytes);
        for (int i = 0; i < n; i++)
            assertThat(c.getAtIndex(JAVA_FLOAT, i)).as("c[%d]", i).isEqualTo(i * 0.25f + (1000.5f - i));
        for (long d : new long[] {da, db, dc}) plugin.dataDelete(DEV, d);
    }

    @Test
    void triadF64() {
        int n = (1 << 20) + 3;
        double s = 3.0;
        MemorySegment a = arena.allocate(JAVA_DOUBLE, n),
                b = arena.allocate(JAVA_DOUBLE, n),
                c = arena.allocate(JAVA_DOUBLE, n);
        for (int i = 0; i < n; i++) {
            b.setAtIndex(JAVA_DOUBLE, i, 1.0 / (i + 1));
            c.setAtIndex(JAVA_DOUBLE, i, Math.sqrt(i));
        }
        long bytes = 8L * n;
        long da = plugin.dataAlloc(DEV, bytes), db = plugin.dataAlloc(DEV, bytes), dc = plugin.dataAlloc(DEV, bytes);
        plugin.dataSubmit(DEV, db, b.address(), bytes);
        plugin.dataSubmit(DEV, dc, c.address(), bytes);
        Kernel k = plugin.loadImage(DEV, ptx("triad_f64.ptx")).kernel("triad_f64");
        plugin.launch(DEV, k, new long[] {da, db, dc, Double.doubleToRawLongBits(s), n}, blocks(n, 256), 256);
        plugin.synchronize(DEV);
        plugin.dataRetrieve(DEV, a.address(), da, bytes);
        for (int i = 0; i < n; i++) { // the kernel uses fma.rn.f64, which is Math.fma exactly
            double want = Math.fma(s, c.getAtIndex(JAVA_DOUBLE, i), b.getAtIndex(JAVA_DOUBLE, i));
            if (a.getAtIndex(JAVA_DOUBLE, i) != want)
                assertThat(a.getAtIndex(JAVA_DOUBLE, i)).as("a[%d]", i).isEqualTo(want);
        }
        // device-to-device copy of the result, then back
        long dd = plugin.dataAlloc(DEV, bytes);
        plugin.dataExchange(DEV, dd, da, bytes);
        MemorySegment d = arena.allocate(JAVA_DOUBLE, n);
        plugin.dataRetrieve(DEV, d.address(), dd, bytes);
        assertThat(d.mismatch(a)).isEqualTo(-1L);
        for (long p : new long[] {da, db, dc, dd}) plugin.dataDelete(DEV, p);
    }

    @Test
    void globalVariableByName() {
        LoadedImage image = plugin.loadImage(DEV, ptx("read_global.ptx"));
        var base = image.global("base");
        assertThat(base.size()).isEqualTo(8);
        MemorySegment host = arena.allocate(JAVA_LONG, 300);
        plugin.dataRetrieve(DEV, host.address(), base.deviceAddress(), 8);
        assertThat(host.get(JAVA_LONG, 0)).isEqualTo(42L);

        int n = 300;
        long out = plugin.dataAlloc(DEV, 8L * n);
        Kernel k = image.kernel("read_global");
        plugin.launch(DEV, k, new long[] {out, n}, blocks(n, 128), 128);
        plugin.dataRetrieve(DEV, host.address(), out, 8L * n); // synchronous copy on the default stream
        for (int i = 0; i < n; i++) assertThat(host.getAtIndex(JAVA_LONG, i)).isEqualTo(42L + i);

        host.set(JAVA_LONG, 0, 1_000_000L);
        plugin.dataSubmit(DEV, base.deviceAddress(), host.address(), 8);
        plugin.launch(DEV, k, new long[] {out, n}, blocks(n, 128), 128);
        plugin.synchronize(DEV);
        plugin.dataRetrieve(DEV, host.address(), out, 8L * n);
        for (int i = 0; i < n; i++) assertThat(host.getAtIndex(JAVA_LONG, i)).isEqualTo(1_000_000L + i);
        plugin.dataDelete(DEV, out);

        // symbols the module lacks (CUDA_ERROR_NOT_FOUND) are null: the runtime runs such regions elsewhere
        assertThat(image.global("no_such_global")).isNull();
        assertThat(image.kernel("no_such_kernel")).isNull();
    }

    @Test
    void brokenPtxShowsTheJitLog() {
        var broken = new DeviceImage(
                "nvptx64-nvidia-cuda",
                "sm_75",
                ImageKind.PTX,
                Resources.BROKEN_PTX.getBytes(StandardCharsets.US_ASCII),
                List.of());
        assertThatThrownBy(() -> plugin.loadImage(DEV, broken))
                .isInstanceOf(CudaException.class)
                .hasMessageStartingWith("cuModuleLoadDataEx: CUDA_ERROR_INVALID_PTX (")
                .hasMessageContaining("%r99");
    }

    @Test
    void emptyKernelLaunchAndSynchronizeRoundTrips() {
        Kernel k = plugin.loadImage(DEV, ptx("empty.ptx")).kernel("empty");
        for (int i = 0; i < 100; i++) {
            plugin.launch(DEV, k, new long[0], 1, 1);
            plugin.synchronize(DEV);
        }
        plugin.launch(DEV, k, new long[0], 0, 0); // defaults: one team per SM, 128 threads
        plugin.synchronize(DEV);
    }

    @Test
    void anotherThreadMayUseTheDevice() throws Exception {
        Kernel k = plugin.loadImage(DEV, ptx("empty.ptx")).kernel("empty");
        try (var pool = Executors.newSingleThreadExecutor()) {
            pool.submit(() -> {
                        long p = plugin.dataAlloc(DEV, 64);
                        plugin.launch(DEV, k, new long[0], 1, 32);
                        plugin.synchronize(DEV);
                        plugin.dataDelete(DEV, p);
                        return null;
                    })
                    .get(60, TimeUnit.SECONDS);
        }
    }

    @Test
    void driverErrorsCarryCudaNames() {
        assertThat(Cuda.failure("cuMemAlloc_v2", 2, null))
                .hasMessage("cuMemAlloc_v2: CUDA_ERROR_OUT_OF_MEMORY (out of memory)");
        assertThat(plugin.dataAlloc(DEV, 1L << 60)).isZero(); // out of memory: NULL, as libomptarget's plugin answers
    }
}
