package jomp.toolchain;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jomp.env.Invocation;
import jomp.offload.abi.ImageKind;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The targets' knowledge, and tools found and run in the caller's environment (Invocation), not the JVM's. */
class ToolChainsTest {
    @AfterEach
    void reset() {
        Invocation.reset();
    }

    private static Path script(Path dir, String name, String body) throws Exception {
        Files.createDirectories(dir);
        Path p = dir.resolve(name);
        Files.writeString(p, "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }

    private static void install(Path cwd, Map<String, String> vars) {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.putAll(vars);
        Invocation.install(new Invocation(cwd, env));
    }

    @Test
    void namesNormaliseAsTheDriverAcceptsThem() {
        assertThat(Triple.normalize("nvptx64")).isEqualTo("nvptx64-nvidia-cuda");
        assertThat(Triple.normalize("nvptx64-nvidia-cuda")).isEqualTo("nvptx64-nvidia-cuda");
        assertThat(Triple.normalize("jvm")).isEqualTo(Triple.HOST);
        assertThat(Triple.normalize("jvm64")).isEqualTo(Triple.HOST);
        assertThat(Triple.normalize(Triple.HOST)).isEqualTo(Triple.HOST);
        assertThat(Triple.normalize("ptxsim")).isEqualTo("nvptx64-jomp-ptxsim");
        assertThat(Triple.normalize("amdgcn")).isNull();
        assertThat(Triple.normalize("nvptx")).isNull(); // clang's 32-bit nvptx: no toolchain in jomp
        assertThat(ToolChains.device(Triple.HOST)).isInstanceOf(JvmDevice.class);
        // clang's spellings of the host CPU as an offload target select the jvm device (jomp's host-CPU device)
        for (String host : List.of(
                "x86_64",
                "x86_64-pc-linux-gnu",
                "x86_64-unknown-linux-gnu",
                "x86_64-linux-gnu",
                "x86_64-pc-linux",
                "x86_64-unknown-linux",
                "x86_64-linux",
                "amd64",
                "amd64-unknown-linux-gnu"))
            assertThat(Triple.normalize(host)).as(host).isEqualTo(Triple.HOST);
        for (String other : List.of(
                "x86_64-apple-darwin",
                "x86_64-pc-windows-msvc",
                "x86_64-pc",
                "i686-pc-linux-gnu",
                "aarch64-unknown-linux-gnu",
                "x86_64-pc-linux-musl",
                "x86")) assertThat(Triple.normalize(other)).as(other).isNull();
    }

    @Test
    void eachTargetSaysHowItsCodeIsMadeAndLinked() {
        ToolChain nvptx = ToolChains.device("nvptx64"),
                jvm = ToolChains.device("jvm"),
                sim = ToolChains.device("ptxsim");
        assertThat(nvptx.backEnd()).isEqualTo("nvptx");
        assertThat(nvptx.defaultArch()).isEqualTo("sm_75");
        assertThat(nvptx.assembler().program()).isEqualTo("ptxas");
        assertThat(nvptx.assembler().toolName()).isEqualTo("NVPTX::Assembler");
        assertThat(nvptx.assembler().imageKind()).isEqualTo(ImageKind.OBJECT);
        assertThat(nvptx.assembler().keepsInput()).isTrue();
        assertThat(nvptx.assembler().args("sm_90", "2", "a.s", "a.o"))
                .containsExactly("-m64", "-O2", "--gpu-name", "sm_90", "--output-file", "a.o", "a.s", "-c");
        // ptxas's -O as clang 19 maps the compile's: none is -O0, -Os/-Oz -O2, -O4/-Ofast -O3
        assertThat(nvptx.assembler().args("sm_90", null, "a.s", "a.o")).contains("-O0");
        assertThat(nvptx.assembler().args("sm_90", "s", "a.s", "a.o")).contains("-O2");
        assertThat(nvptx.assembler().args("sm_90", "fast", "a.s", "a.o")).contains("-O3");
        assertThat(nvptx.deviceCompileArgs("sm_90")).containsExactly("-target-cpu", "sm_90");
        assertThat(nvptx.compileEmitsObject()).isFalse();
        assertThat(nvptx.impliedByOffloadArch()).isTrue();
        assertThat(ToolChains.offloadArchTarget()).isSameAs(nvptx);
        assertThat(NvptxDeviceLink.command("nvlink", "sm_90", "l.cubin", List.of("x.cubin", "y.ptx")))
                .containsExactly("nvlink", "-arch=sm_90", "-o", "l.cubin", "x.cubin", "y.ptx");
        assertThat(nvptx.contextTraits().matches("kind=gpu,nohost")).isTrue();
        assertThat(nvptx.describeLto("sm_90", null)).isEqualTo("PTX for sm_90 (no ptxas: the PTX is the image)");
        assertThat(nvptx.archs(List.of("sm_90", "sm_80", "sm_90"))).containsExactly("sm_90", "sm_80");
        assertThat(nvptx.checkArch("sm_90a")).isNull();
        assertThat(nvptx.checkArch("gfx90a")).isEqualTo("unsupported CUDA gpu architecture: gfx90a");
        assertThat(nvptx.archTool()).isEqualTo("jomp-nvptx-arch");

        assertThat(jvm.backEnd()).isEqualTo("jvm");
        assertThat(jvm.defaultArch()).isNull();
        assertThat(jvm.assembler()).isNull();
        assertThat(jvm.compileEmitsObject()).isTrue();
        assertThat(jvm.deviceCompileArgs(null)).isEmpty();
        assertThat(jvm.contextTraits().matches("arch=jvm64")).isTrue();
        assertThat(jvm.describeLto("", null)).isEqualTo("jvm classes");
        assertThat(jvm.archs(List.of("sm_90"))).isEmpty();
        assertThat(jvm.archTool()).isNull();

        // the PTX simulator: nvptx64's PTX, never assembled or nvlinked, no GPU asked
        assertThat(sim.backEnd()).isEqualTo("nvptx");
        assertThat(sim.defaultArch()).isEqualTo("sm_75");
        assertThat(sim.assembler()).isNull();
        assertThat(sim.compileEmitsObject()).isFalse();
        assertThat(sim.deviceCompileArgs("sm_80")).containsExactly("-target-cpu", "sm_80");
        assertThat(sim.archTool()).isNull();
        assertThat(sim.impliedByOffloadArch()).isFalse();
        assertThat(sim.contextTraits()).isEqualTo(nvptx.contextTraits());
        assertThat(sim.triple()).startsWith("nvptx64-"); // the plugins take any nvptx64 triple's PTX
    }

    @Test
    void cudaProgramsAreFoundInTheCallersEnvironment(@TempDir Path tmp) throws Exception {
        Path home = tmp.resolve("cuda");
        Path ptxas = script(home.resolve("bin"), "ptxas", "exit 0");
        Path onPath = script(tmp.resolve("path"), "nvlink", "exit 0");
        Files.createDirectories(home.resolve("nvvm/libdevice"));
        Files.writeString(home.resolve("nvvm/libdevice/libdevice.10.bc"), "");
        install(
                tmp,
                Map.of("CUDA_HOME", home.toString(), "PATH", tmp.resolve("path").toString()));
        assertThat(CudaInstallation.find("ptxas", null)).isEqualTo(ptxas); // $CUDA_HOME/bin
        assertThat(CudaInstallation.find("nvlink", null)).isEqualTo(onPath); // PATH first
        assertThat(CudaInstallation.libdevice()).isEqualTo(home.resolve("nvvm/libdevice/libdevice.10.bc"));
        assertThat(CudaInstallation.find("ptxas", "cuda"))
                .isEqualTo(ptxas); // --cuda-path, against the caller's directory
        assertThat(CudaInstallation.find("ptxas", "elsewhere")).isNull();
        assertThat(ToolChains.device("nvptx64").findProgram("ptxas", null)).isEqualTo(ptxas);
    }

    @Test
    void programsRunInTheCallersDirectoryAndEnvironment(@TempDir Path tmp) throws Exception {
        Path tool = script(tmp.resolve("bin"), "show", "echo \"$JOMP_TEST_VALUE $(pwd)\"; echo oops >&2; exit 3");
        install(tmp, Map.of("JOMP_TEST_VALUE", "from-the-caller"));
        Programs.Result r = Programs.run(List.of(tool.toString()));
        assertThat(r.status()).isEqualTo(3);
        assertThat(r.output()).isEqualTo("from-the-caller " + tmp.toRealPath() + "\noops\n");
        assertThat(Programs.runForOutput(List.of(tool.toString())).output())
                .isEqualTo("from-the-caller " + tmp.toRealPath() + "\n");
    }

    @Test
    void theArchToolIsAChildProcessWithNvptxArchsOutput(@TempDir Path tmp) throws Exception {
        ToolChain nvptx = ToolChains.device("nvptx64");
        // nvptx-arch's format: one arch per line in device order (duplicates for several GPUs of one kind)
        Path two = script(tmp, "two", "echo sm_86; echo sm_90; echo sm_86");
        assertThat(ToolChains.detectArchs(nvptx, two)).containsExactly("sm_86", "sm_90");
        // no libcuda: a message on stderr and status 1, as nvptx-arch: nothing found
        Path noDriver = script(tmp, "nodriver", "echo 'nvptx-arch: failed to load libcuda.so.1' >&2; exit 1");
        assertThat(ToolChains.detectArchs(nvptx, noDriver)).isEmpty();
        Path noGpu = script(tmp, "nogpu", "exit 0");
        assertThat(ToolChains.detectArchs(nvptx, noGpu)).isEmpty();
        assertThat(ToolChains.detectArchs(nvptx, tmp.resolve("missing"))).isEmpty();
    }
}
