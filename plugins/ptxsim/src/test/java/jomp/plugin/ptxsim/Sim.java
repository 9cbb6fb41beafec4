package jomp.plugin.ptxsim;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import jomp.offload.abi.DeviceImage;
import jomp.offload.abi.ImageKind;
import jomp.runtime.plugin.DevicePlugin;

/** Test helper: one simulated device, PTX loaded into it, device buffers, launches, and the tools that make PTX. */
final class Sim {
    final PtxSimPlugin plugin;

    Sim() {
        this(Map.of());
    }

    Sim(Map<String, String> env) {
        Map<String, String> e = new HashMap<>(env);
        e.put("JOMP_PTXSIM", "1");
        e.putIfAbsent("JOMP_PTXSIM_MEMORY", "1G");
        plugin = new PtxSimPlugin(e);
        plugin.initDevice(0);
    }

    DevicePlugin.LoadedImage load(String ptx) {
        return plugin.loadImage(
                0,
                new DeviceImage(
                        "nvptx64-nvidia-cuda",
                        "sm_75",
                        ImageKind.PTX,
                        ptx.getBytes(StandardCharsets.ISO_8859_1),
                        List.of()));
    }

    long alloc(long bytes) {
        return plugin.dataAlloc(0, bytes);
    }

    long[] longs(long device, int n) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment s = a.allocate(8L * n, 8);
            plugin.dataRetrieve(0, s.address(), device, 8L * n);
            return s.toArray(ValueLayout.JAVA_LONG);
        }
    }

    int[] ints(long device, int n) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment s = a.allocate(4L * n, 8);
            plugin.dataRetrieve(0, s.address(), device, 4L * n);
            return s.toArray(ValueLayout.JAVA_INT);
        }
    }

    void put(long device, long[] values) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment s = a.allocateFrom(ValueLayout.JAVA_LONG, values);
            plugin.dataSubmit(0, device, s.address(), 8L * values.length);
        }
    }

    void launch(DevicePlugin.LoadedImage img, String kernel, int blocks, int threads, long... args) {
        DevicePlugin.Kernel k = img.kernel(kernel);
        assertTrue(k != null, "no kernel " + kernel);
        plugin.launchKernel(0, k, args, blocks, threads);
    }

    /** A launch that must fail: the exception's message, and the report the plugin printed. */
    record Failure(String message, String report) {}

    Failure fails(DevicePlugin.LoadedImage img, String kernel, int blocks, int threads, long... args) {
        PrintStream old = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            launch(img, kernel, blocks, threads, args);
        } catch (PtxSimPlugin.KernelError e) {
            return new Failure(e.getMessage(), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setErr(old);
        }
        throw new AssertionError("the launch of " + kernel + " did not fail");
    }

    /** clang-19's PTX for a C file (the NVPTX back end of LLVM, an outside code generator). */
    static String clangPtx(Path c, Path dir, String... flags) throws IOException, InterruptedException {
        Path out = dir.resolve(c.getFileName() + ".ptx");
        List<String> cmd = new ArrayList<>(
                List.of("clang-19", "--target=nvptx64-nvidia-cuda", "-march=sm_75", "-O2", "-ffp-contract=off", "-S"));
        cmd.addAll(List.of(flags));
        cmd.addAll(List.of(c.toString(), "-o", out.toString()));
        String log = run(cmd, dir);
        assertTrue(Files.exists(out), "clang-19 is needed (apt-get install clang-19): " + log);
        return Files.readString(out, StandardCharsets.ISO_8859_1);
    }

    /** Runs a command; its output, or an assertion failure naming it. */
    static String run(List<String> cmd, Path dir) throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder(cmd)
                    .directory(dir.toFile())
                    .redirectErrorStream(true)
                    .start();
        } catch (IOException e) {
            throw new AssertionError(cmd.get(0) + " is needed for this test: " + e.getMessage());
        }
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), cmd + " timed out");
        assertTrue(p.exitValue() == 0, String.join(" ", cmd) + " failed: " + out);
        return out;
    }

    /** A test resource (next to this class) copied into dir. */
    static Path resource(String name, Path dir) throws IOException {
        Path out = dir.resolve(name);
        try (var in = Sim.class.getResourceAsStream(name)) {
            assertTrue(in != null, "no test resource " + name);
            Files.write(out, in.readAllBytes());
        }
        return out;
    }
}
