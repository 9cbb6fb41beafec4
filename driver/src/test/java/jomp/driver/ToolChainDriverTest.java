package jomp.driver;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import jomp.env.ExternalTools;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The driver asks each target's ToolChain: the GPU's arch comes from the arch tool in jomp's bin
 * directory, run as a child process (clang's nvptx-arch), so the driver needs no plugin; the
 * PTX simulator's target (one ToolChain class) gets its device compile, no assembler job, and
 * its own triple in the package.
 */
class ToolChainDriverTest {
    private record Run(int status, String err) {}

    private static Run jomp(Path root, Path dir, String... args) throws Exception {
        Files.writeString(dir.resolve("a.c"), "int main(void) {\n#pragma omp target\n{ }\nreturn 0; }\n");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<String> argv = new ArrayList<>(List.of(args));
        argv.add(dir.resolve("a.c").toString());
        int rc = new Driver(new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true), root).run(argv);
        return new Run(rc, err.toString(StandardCharsets.UTF_8));
    }

    /** Words as -### prints them: each quoted. */
    private static String q(String... words) {
        return String.join(
                " ", java.util.Arrays.stream(words).map(w -> "\"" + w + "\"").toList());
    }

    /** A jomp root whose bin/jomp-nvptx-arch is a script with {@code body}. */
    private static Path rootWithArchTool(Path tmp, String body) throws Exception {
        Path root = tmp.resolve("root");
        Files.createDirectories(root.resolve("bin"));
        Path tool = root.resolve("bin/jomp-nvptx-arch");
        Files.writeString(tool, "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        return root;
    }

    @Test
    void theGpuPresentComesFromTheArchTool(@TempDir Path tmp) throws Exception {
        ExternalTools.require("ptxas");
        Path root = rootWithArchTool(tmp, "echo sm_86; echo sm_90");
        Run r = jomp(root, tmp, "-fopenmp-targets=nvptx64", "-c", "-###", "-v");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.err()).contains("jomp: note: no --offload-arch given; compiling for the GPU present, sm_86");
        assertThat(r.err())
                .contains(q("-target-cpu", "sm_86"))
                .contains(q("--gpu-name", "sm_86"))
                .contains("arch=sm_86");
    }

    @Test
    void noGpuMeansPortablePtx(@TempDir Path tmp) throws Exception {
        // nvptx-arch without libcuda: a message and status 1
        Path root = rootWithArchTool(tmp, "echo 'nvptx-arch: failed to load libcuda.so.1' >&2; exit 1");
        Run r = jomp(root, tmp, "-fopenmp-targets=nvptx64", "-c", "-###", "-v");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.err())
                .contains("no NVIDIA GPU found; compiling portable PTX for sm_75")
                .contains(q("-target-cpu", "sm_75"))
                .doesNotContain("--gpu-name")
                .doesNotContain("failed to load");
        // an arch given: the tool is not asked (a tool that would fail the test if it ran)
        Path loud = rootWithArchTool(tmp.resolve("loud"), "echo sm_80");
        Run given = jomp(loud, tmp, "--offload-arch=sm_90", "-c", "-###");
        assertThat(given.err()).contains(q("-target-cpu", "sm_90")).doesNotContain("sm_80");
    }

    @Test
    void thePtxSimulatorIsATargetOfItsOwn(@TempDir Path tmp) throws Exception {
        Path root = rootWithArchTool(tmp, "echo sm_86"); // never asked: the simulator's toolchain has no arch tool
        Run r = jomp(root, tmp, "-fopenmp-targets=ptxsim", "-c", "-###");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.err())
                .contains(q("-triple", "nvptx64-jomp-ptxsim"))
                .contains(q("-target-cpu", "sm_75"))
                .contains("triple=nvptx64-jomp-ptxsim,arch=sm_75,kind=openmp")
                .doesNotContain("ptxas\"")
                .doesNotContain("sm_86");
        Run bindings = jomp(root, tmp, "-fopenmp-targets=ptxsim", "-c", "-ccc-print-bindings");
        assertThat(bindings.err()).doesNotContain("NVPTX::Assembler").contains("\"nvptx64-jomp-ptxsim\" - \"jomp\"");
        Run bad = jomp(root, tmp, "-fopenmp-targets=ptxsim", "-Xopenmp-target=ptxsim", "-march=gfx90a", "-c", "-###");
        assertThat(bad.status()).isEqualTo(1);
        assertThat(bad.err()).contains("jomp: error: unsupported CUDA gpu architecture: gfx90a");
    }
}
