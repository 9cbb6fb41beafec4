package jomp.plugin.cuda;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import jomp.runtime.plugin.DevicePlugin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Java side of the binding against a stand-in libcuda.so.1 built by gcc from fakecuda.c (same
 * C ABI, host memory), in a child JVM that finds it through LD_LIBRARY_PATH. This checks the
 * signatures, out-parameters, JIT option arrays, kernelParams and per-thread contexts without a
 * GPU; CudaGpuTest checks the real driver. The fake reads each kernel's parameters from the PTX
 * .entry and refuses a launch whose parameter buffer is not exactly that size, and the plugin
 * refuses a launch whose arguments do not match what cuFuncGetParamInfo reports.
 */
class FakeDriverTest {
    @TempDir
    Path tmp;

    @Test
    void pluginDrivesTheFakeDriver() throws Exception {
        Path lib = buildFake();
        String out = runChild(lib, FakeDriverRun.class.getName(), false).checkedOut();
        assertThat(out.lines().toList())
                .containsExactly(
                        "devices 2",
                        "IllegalStateException: cuda device 0 loads an image before initDevice",
                        "cuda device 0: Fake GPU 0, sm_90, 80.0 GiB, 132 SMs",
                        "cuda device 1: Fake GPU 1, sm_86, 80.0 GiB, 132 SMs",
                        "archs [sm_90, sm_86]",
                        "sm_90 ptx on device 0: true, on device 1: false",
                        "vadd c[0]=0.5 c[999]=999.5",
                        "triad 1.0 19.0", // x[i] + 0.5 * y[i] with x = 1..4, y = 0, 10, 20, 30
                        "global base size 8 value 42",
                        "read_global 7000 7003",
                        "IllegalArgumentException: kernel vadd_f32 declares 4 parameters, the launch passes 3 arguments",
                        "CudaException: cuLaunchKernel: CUDA_ERROR_INVALID_VALUE",
                        "vadd_f32 parameter sizes [8, 8, 8, 8]",
                        "CudaException: cuModuleLoadDataEx: CUDA_ERROR_INVALID_PTX (a PTX JIT compilation failed): "
                                + "ptxas application ptx input, line 7; error   : Unknown symbol '%r99'",
                        "kernel nope: null",
                        "global nope: null",
                        "dataAlloc 2^50: 0", // out of memory: NULL, as libomptarget's plugin answers
                        "IllegalArgumentException: kernel empty was not loaded on cuda device 1",
                        "other thread ok",
                        "interop cuda fr_id 1 device 100 context 1064 stream true",
                        "interop without targetsync: stream 0",
                        "unified memory: device 0 true, device 1 false",
                        "IllegalStateException: cuda device 1 is used after deinitDevice");
    }

    @Test
    void nvptxArchListsTheFakeGpus() throws Exception {
        assertThat(runChild(buildFake(), NvptxArch.class.getName(), false).checkedOut())
                .isEqualTo("sm_90\nsm_86\n");
    }

    @Test
    void withoutLibcudaTheDebugOutputSaysSoOnce() throws Exception {
        Path empty = Files.createDirectories(tmp.resolve("nothing"));
        Child c = runChild(empty, NvptxArch.class.getName(), true);
        assertThat(c.rc()).isEqualTo(1); // as clang's nvptx-arch without libcuda
        assertThat(c.out()).isEmpty();
        assertThat(c.err().lines().filter(l -> l.contains("was not found")).toList())
                .containsExactly("omptarget --> cuda: libcuda.so.1 was not found; the cuda plugin has no devices");
        assertThat(c.err()).contains("nvptx-arch: failed to load libcuda.so.1");
    }

    @Test
    void driverWithoutGpuMeansNoDevicesAndNvptxArchPrintsNothing() throws Exception {
        Child c = runChild(buildFake(), NvptxArch.class.getName(), true, "FAKECUDA_NO_DEVICE");
        assertThat(c.checkedOut()).isEmpty(); // as clang's nvptx-arch: status 0, no lines
        assertThat(c.err())
                .contains("omptarget --> cuda: no usable CUDA device: "
                        + "cuInit: CUDA_ERROR_NO_DEVICE (no CUDA-capable device is detected)");
    }

    record Child(int rc, String out, String err) {
        String checkedOut() {
            assertThat(rc).as("child failed: %s%s", out, err).isZero();
            return out;
        }
    }

    /** Where the classes come from (java.class.path is only the launcher's under the JUnit console). */
    private static String classPath(Class<?>... classes) {
        List<String> entries = new ArrayList<>();
        for (Class<?> c : classes) {
            try {
                entries.add(Path.of(c.getProtectionDomain()
                                .getCodeSource()
                                .getLocation()
                                .toURI())
                        .toString());
            } catch (java.net.URISyntaxException e) {
                throw new IllegalStateException(e);
            }
        }
        return String.join(java.io.File.pathSeparator, entries);
    }

    private Path buildFake() throws IOException, InterruptedException {
        Path src = tmp.resolve("fakecuda.c");
        Files.write(src, Resources.bytes("fakecuda.c"));
        Path dir = Files.createDirectories(tmp.resolve("lib"));
        Process gcc = jomp.env.ExternalTools.processBuilder(
                        "gcc",
                        "-shared",
                        "-fPIC",
                        "-o",
                        dir.resolve("libcuda.so.1").toString(),
                        src.toString())
                .redirectErrorStream(true)
                .start();
        String log = new String(gcc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(gcc.waitFor()).as("gcc: %s", log).isZero();
        return dir;
    }

    private static Child runChild(Path libDir, String mainClass, boolean debug, String... setEnv)
            throws IOException, InterruptedException {
        String java = ProcessHandle.current().info().command().orElseThrow();
        List<String> cmd = new ArrayList<>(List.of(
                java,
                "--enable-native-access=ALL-UNNAMED",
                "-cp",
                classPath(
                        FakeDriverRun.class, CudaPlugin.class, DevicePlugin.class, jomp.offload.abi.DeviceImage.class),
                mainClass));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("LD_LIBRARY_PATH", libDir.toString());
        for (String name : setEnv) pb.environment().put(name, "1");
        if (debug) pb.environment().put("LIBOMPTARGET_DEBUG", "1");
        else pb.environment().remove("LIBOMPTARGET_DEBUG");
        Process p = pb.start();
        p.getOutputStream().close();
        byte[] err;
        String out;
        try (InputStream o = p.getInputStream();
                InputStream e = p.getErrorStream()) {
            out = new String(o.readAllBytes(), StandardCharsets.UTF_8);
            err = e.readAllBytes();
        }
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Child(p.exitValue(), out, new String(err, StandardCharsets.UTF_8));
    }
}
