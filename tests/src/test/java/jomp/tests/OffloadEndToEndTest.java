package jomp.tests;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The offloading promises through the real tools: the user's three commands verbatim
 * with the jvm device; OMP_TARGET_OFFLOAD (MANDATORY without a device stops with a message and
 * SIGABRT as libomptarget's, DISABLED runs on the host); targets chosen at link time (objects compiled for
 * different target lists link together, targets can be dropped); the runtime's reports
 * (LIBOMPTARGET_INFO, LIBOMPTARGET_DEBUG, LIBOMPTARGET_PROFILE as Chrome-trace JSON).
 */
class OffloadEndToEndTest {
    @TempDir
    Path dir;

    /** A target region that reports where it ran, and a mapped array that comes back. */
    private static final String WHERE = """
            #include <stdio.h>
            #include <omp.h>
            int where_a(void) {
              int on_host = -1, v[4] = {1, 2, 3, 4};
            #pragma omp target map(from: on_host) map(tofrom: v)
              { on_host = omp_is_initial_device(); for (int i = 0; i < 4; i++) v[i] *= 10; }
              printf("a: v=%d,%d,%d,%d\\n", v[0], v[1], v[2], v[3]);
              return on_host;
            }
            """;

    private static final String WHERE_B = """
            #include <stdio.h>
            #include <omp.h>
            int where_a(void);
            int main(void) {
              int on_host = -1, s = 0;
            #pragma omp target map(from: on_host) map(tofrom: s)
              { on_host = omp_is_initial_device(); for (int i = 1; i <= 10; i++) s += i; }
              int a = where_a();
              printf("b: s=%d\\n", s);
              printf("a ran on the %s, b ran on the %s\\n", a ? "host" : "device", on_host ? "host" : "device");
              return 0;
            }
            """;

    private Exec.Result jomp(String... args) {
        List<String> cmd = new ArrayList<>(Corpus.jompCommand());
        cmd.addAll(List.of(args));
        Exec.Result r = Exec.run(cmd, dir, Map.of(), dir.resolve("scratch"));
        assertThat(r.status()).as(r.describe(String.join(" ", cmd))).isZero();
        return r;
    }

    private Exec.Result run(String exe, Map<String, String> env) {
        return Exec.run(List.of(dir.resolve(exe).toString()), dir, env, dir.resolve("scratch"));
    }

    private static long launches(Exec.Result r) {
        return r.stderr()
                .lines()
                .filter(l -> l.contains("info: Launching kernel"))
                .count();
    }

    @Test
    void theUsersCommandsVerbatim() throws Exception {
        Files.copy(Corpus.root().resolve("docs/examples/zaxpy.src"), dir.resolve("zaxpy.src"));
        jomp("-fopenmp-targets=jvm", "zaxpy.src", "-c");
        jomp("zaxpy.o", "-o", "zaxpy");
        Exec.Result got = run("zaxpy", Map.of("LIBOMPTARGET_INFO", "16"));
        assertThat(got.status()).as(got.describe("./zaxpy")).isZero();
        assertThat(launches(got)).isEqualTo(1);
        // the oracle: gcc -fopenmp on the same source
        Files.copy(dir.resolve("zaxpy.src"), dir.resolve("zaxpy.c"));
        Exec.Result gcc = Exec.run(
                List.of("gcc", "-fopenmp", "zaxpy.c", "-o", "zaxpy-gcc"), dir, Map.of(), dir.resolve("scratch"));
        assertThat(gcc.status()).as(gcc.describe("gcc")).isZero();
        assertThat(got.stdoutText()).isEqualTo(run("zaxpy-gcc", Map.of()).stdoutText());
        // the fat object as LLVM 19 sees it
        Exec.Result objdump =
                Exec.run(List.of("llvm-objdump-19", "--offloading", "zaxpy.o"), dir, Map.of(), dir.resolve("scratch"));
        assertThat(objdump.stdoutText())
                .contains("triple          jvm64-jomp-linux")
                .contains("producer        openmp");
    }

    @Test
    void mandatoryWithoutADeviceStopsAndDisabledRunsOnTheHost() throws Exception {
        Files.writeString(dir.resolve("a.c"), WHERE);
        Files.writeString(dir.resolve("b.c"), WHERE_B);
        jomp("-fopenmp-targets=jvm", "a.c", "b.c", "-o", "prog");
        Exec.Result dflt = run("prog", Map.of("LIBOMPTARGET_INFO", "16"));
        assertThat(dflt.stdoutText()).endsWith("a ran on the device, b ran on the device\n");
        assertThat(launches(dflt)).isEqualTo(2);

        Exec.Result mandatory = run("prog", Map.of("OMP_TARGET_OFFLOAD", "MANDATORY", "JOMP_JVM_DEVICES", "0"));
        assertThat(mandatory.status()).as("abort(), as libomptarget").isEqualTo(134);
        assertThat(mandatory.stderr())
                .contains("No images found compatible with the installed hardware. Found 0 image(s): ()")
                .contains("omptarget fatal error 1: failure of target construct while offloading is mandatory")
                .doesNotContain("Exception")
                .doesNotContain("\tat ");
        assertThat(mandatory.stdoutText()).isEmpty();

        Exec.Result disabled = run("prog", Map.of("OMP_TARGET_OFFLOAD", "DISABLED", "LIBOMPTARGET_INFO", "16"));
        assertThat(disabled.status()).isZero();
        assertThat(launches(disabled)).isZero();
        assertThat(disabled.stdoutText())
                .contains("s=55")
                .contains("v=10,20,30,40")
                .endsWith("a ran on the host, b ran on the host\n");

        Exec.Result noDevice = run("prog", Map.of("JOMP_JVM_DEVICES", "0")); // DEFAULT: falls back to the host
        assertThat(noDevice.status()).isZero();
        assertThat(noDevice.stdoutText()).endsWith("a ran on the host, b ran on the host\n");
    }

    /**
     * clang's users offload to the host CPU with its triple (-fopenmp-targets=x86_64-pc-linux-gnu,
     * or x86_64): jomp's host-CPU device is the jvm device, which those names select; the action
     * graph is the jvm device's, and the regions run on it.
     */
    @Test
    void clangsHostTriplesSelectTheJvmDevice() throws Exception {
        Files.writeString(dir.resolve("a.c"), WHERE);
        Files.writeString(dir.resolve("b.c"), WHERE_B);
        String jvmPhases = jomp("-fopenmp", "-fopenmp-targets=jvm", "-ccc-print-phases", "-c", "b.c")
                .stderr();
        for (String host : List.of("x86_64-pc-linux-gnu", "x86_64", "x86_64-unknown-linux-gnu")) {
            assertThat(jomp("-fopenmp", "-fopenmp-targets=" + host, "-ccc-print-phases", "-c", "b.c")
                            .stderr())
                    .as(host)
                    .isEqualTo(jvmPhases)
                    .contains("\"device-openmp (jvm64-jomp-linux)\"");
            jomp("-fopenmp", "-fopenmp-targets=" + host, "a.c", "b.c", "-o", "prog");
            Exec.Result r = run("prog", Map.of("LIBOMPTARGET_INFO", "16", "OMP_TARGET_OFFLOAD", "MANDATORY"));
            assertThat(r.stdoutText()).as(r.stderr()).endsWith("a ran on the device, b ran on the device\n");
            assertThat(launches(r)).isEqualTo(2);
        }
        List<String> cmd = new ArrayList<>(Corpus.jompCommand());
        cmd.addAll(List.of("-fopenmp", "-fopenmp-targets=x86_64-apple-darwin", "-c", "b.c"));
        Exec.Result bad = Exec.run(cmd, dir, Map.of(), dir.resolve("scratch"));
        assertThat(bad.status()).isEqualTo(1);
        assertThat(bad.stderr()).contains("OpenMP target is invalid: 'x86_64-apple-darwin'");
    }

    @Test
    void targetsAreChosenAtLinkTime() throws Exception {
        Files.writeString(dir.resolve("a.c"), WHERE);
        Files.writeString(dir.resolve("b.c"), WHERE_B);
        jomp("-fopenmp-targets=jvm", "-c", "a.c"); // a.o carries jvm device code
        jomp("-fopenmp", "-c", "b.c"); // b.o none: its region runs on the host
        jomp("a.o", "b.o", "-o", "mixed");
        Exec.Result mixed = run("mixed", Map.of("LIBOMPTARGET_INFO", "16"));
        assertThat(mixed.stdoutText()).endsWith("a ran on the device, b ran on the host\n");
        assertThat(launches(mixed)).isEqualTo(1);

        jomp("--offload-host-only", "a.o", "b.o", "-o", "hostonly"); // the jvm images dropped at the link
        Exec.Result host = run("hostonly", Map.of("LIBOMPTARGET_INFO", "16"));
        assertThat(host.stdoutText()).contains("v=10,20,30,40").endsWith("a ran on the host, b ran on the host\n");
        assertThat(launches(host)).isZero();

        jomp("-fopenmp-targets=nvptx64", "a.o", "b.o", "-o", "other"); // a target list without jvm drops it too
        assertThat(launches(run("other", Map.of("LIBOMPTARGET_INFO", "16")))).isZero();
    }

    @Test
    void runtimeReports() throws Exception {
        Files.writeString(dir.resolve("a.c"), WHERE);
        Files.writeString(dir.resolve("b.c"), WHERE_B);
        jomp("-fopenmp-targets=jvm", "a.c", "b.c", "-o", "prog");
        Exec.Result info = run("prog", Map.of("LIBOMPTARGET_INFO", "0x2f"));
        assertThat(info.stderr())
                .contains("info: Copying data from host to device")
                .contains("info: Copying data from device to host")
                .contains("info: Creating new map entry")
                .contains("info: Removing map entry")
                .contains("info: Entering OpenMP kernel");
        // plain target regions are one team, as clang launches them (1 block)
        assertThat(run("prog", Map.of("LIBOMPTARGET_INFO", "16"))
                        .stderr()
                        .lines()
                        .filter(l -> l.contains("info: Launching kernel")))
                .hasSize(2)
                .allMatch(l -> l.startsWith("\"PluginInterface\" device 0 info: Launching kernel ")
                        && l.contains(" with 1 blocks and ")
                        && l.endsWith(" threads in Generic mode"));
        Exec.Result debug = run("prog", Map.of("LIBOMPTARGET_DEBUG", "1"));
        assertThat(debug.stderr()).contains("omptarget --> plugin jvm");
        Path profile = dir.resolve("profile.json");
        Exec.Result prof = run("prog", Map.of("LIBOMPTARGET_PROFILE", profile.toString()));
        assertThat(prof.status()).isZero();
        // Chrome trace JSON, read back by python's json module: complete events with times
        Exec.Result check =
                Exec.run(List.of("python3", "-c", """
                import json, sys
                d = json.load(open(sys.argv[1]))
                ev = d["traceEvents"]
                assert all(e["ph"] == "X" and e["dur"] >= 0 and "ts" in e for e in ev), ev
                names = [e["name"] for e in ev]
                assert sum(n.startswith("kernel __omp_offloading_") for n in names) == 2, names
                assert "submit" in names and "retrieve" in names, names
                print(len(ev))
                """, profile.toString()), dir, Map.of(), dir.resolve("scratch"));
        assertThat(check.status()).as(check.describe("python3 json check")).isZero();
    }

    private static int indexOf(byte[] hay, byte[] needle, int from) {
        outer:
        for (int i = from; i + needle.length <= hay.length; i++) {
            for (int j = 0; j < needle.length; j++) if (hay[i + j] != needle[j]) continue outer;
            return i;
        }
        return -1;
    }

    @Test
    void corruptDeviceCodeIsRejectedNamingTheObject() throws Exception {
        Files.writeString(dir.resolve("a.c"), WHERE);
        Files.writeString(dir.resolve("b.c"), WHERE_B);
        jomp("-fopenmp-targets=jvm", "-c", "a.c", "b.c");
        byte[] good = Files.readAllBytes(dir.resolve("a.o"));
        int binary = indexOf(good, new byte[] {0x10, (byte) 0xFF, 0x10, (byte) 0xAD}, 0);
        assertThat(binary).isPositive();

        byte[] badVersion = good.clone();
        badVersion[binary + 4] = 99; // an OffloadBinary version no tool writes
        Files.write(dir.resolve("bad1.o"), badVersion);
        byte[] badImage = good.clone();
        int inner = indexOf(good, new byte[] {0x7F, 'E', 'L', 'F'}, binary); // the jvm image: a jomp object
        assertThat(inner).isPositive();
        badImage[inner + 4] = 9; // not ELF64 any more
        Files.write(dir.resolve("bad2.o"), badImage);

        for (String bad : List.of("bad1.o", "bad2.o")) {
            List<String> cmd = new ArrayList<>(Corpus.jompCommand());
            cmd.addAll(List.of(bad, "b.o", "-o", "prog-" + bad));
            Exec.Result r = Exec.run(cmd, dir, Map.of(), dir.resolve("scratch"));
            assertThat(r.status()).as(r.describe("link with " + bad)).isEqualTo(1);
            assertThat(r.stderr())
                    .contains(bad)
                    .contains("error")
                    .doesNotContain("\tat ")
                    .doesNotContain("Exception");
            assertThat(dir.resolve("prog-" + bad)).doesNotExist();
        }
    }

    @Test
    void hashHashHashCommandsOfAnOffloadBuildRunByThemselves() throws Exception {
        Files.writeString(dir.resolve("a.c"), WHERE);
        Files.writeString(dir.resolve("b.c"), WHERE_B);
        Exec.Result printed = jomp("-###", "-fopenmp-targets=jvm", "a.c", "b.c", "-o", "prog");
        List<String> commands =
                printed.stderr().lines().filter(l -> l.startsWith(" \"")).toList();
        // per source: host IR, device compile, packager, host backend; then the linker-wrapper
        assertThat(commands).hasSize(9);
        assertThat(commands.get(8)).contains("jomp-linker-wrapper").contains("--offload-targets=jvm64-jomp-linux");
        Files.writeString(dir.resolve("build.sh"), "set -e\n" + String.join("\n", commands) + "\n");
        Exec.Result ran = Exec.run(List.of("sh", "build.sh"), dir, Map.of(), dir.resolve("scratch"));
        assertThat(ran.status()).as(ran.describe("the -### commands")).isZero();
        Exec.Result prog = run("prog", Map.of("LIBOMPTARGET_INFO", "16"));
        assertThat(prog.stdoutText()).endsWith("a ran on the device, b ran on the device\n");
        assertThat(launches(prog)).isEqualTo(2);
    }

    @Test
    void aRegionWithoutDeviceCodeRunsOnTheHostOnTheDevicesData() throws Exception {
        // c.o has no device code; its data region maps v to the jvm device (the default device), its
        // target region falls back to the host, and the data region's end copies v back from the device
        Files.writeString(dir.resolve("a.c"), WHERE);
        Files.writeString(dir.resolve("c.c"), """
                #include <stdio.h>
                int where_a(void);
                int main(void) {
                  int v[4] = {1, 2, 3, 4};
                #pragma omp target data map(tofrom: v)
                  {
                #pragma omp target
                    for (int i = 0; i < 4; i++) v[i] += 100;
                  }
                  printf("v=%d,%d,%d,%d a on the %s\\n", v[0], v[1], v[2], v[3], where_a() ? "host" : "device");
                  return 0;
                }
                """);
        jomp("-fopenmp-targets=jvm", "-c", "a.c");
        jomp("-fopenmp", "-c", "c.c");
        jomp("a.o", "c.o", "-o", "prog");
        Exec.Result r = run("prog", Map.of("LIBOMPTARGET_INFO", "16"));
        assertThat(r.stdoutText()).isEqualTo("a: v=10,20,30,40\nv=101,102,103,104 a on the device\n");
        assertThat(launches(r)).isEqualTo(1);
    }

    @Test
    void nvptxCodeWithoutAGpuFallsBackToTheHost() throws Exception {
        // PTX from the NVPTX backend, assembled by ptxas into the fat object; no GPU here: the host runs it
        Files.copy(Corpus.root().resolve("docs/examples/zaxpy.src"), dir.resolve("zaxpy.src"));
        jomp("-fopenmp-targets=nvptx64", "--offload-arch=sm_90", "zaxpy.src", "-c");
        Exec.Result objdump =
                Exec.run(List.of("llvm-objdump-19", "--offloading", "zaxpy.o"), dir, Map.of(), dir.resolve("scratch"));
        assertThat(objdump.stdoutText())
                .contains("triple          nvptx64-nvidia-cuda")
                .contains("arch            sm_90");
        jomp("zaxpy.o", "-o", "zaxpy");
        Exec.Result got = run("zaxpy", Map.of());
        assertThat(got.status()).as(got.describe("./zaxpy")).isZero();
        assertThat(got.stdoutText()).isEqualTo("zaxpy: N=1024 sum=(1048064.0, 1024.0) Y[7]=(14.50, 1.00)\n");
    }

    @Test
    void withoutPtxasOrWithoutAnArchThePtxIsEmbedded() throws Exception {
        Files.copy(Corpus.root().resolve("docs/examples/zaxpy.src"), dir.resolve("zaxpy.src"));
        // no ptxas in the named CUDA installation: the PTX is the image, for the arch asked for
        Exec.Result v = jomp(
                "-v",
                "-fopenmp-targets=nvptx64",
                "--offload-arch=sm_90",
                "--cuda-path=" + dir.resolve("no-cuda"),
                "zaxpy.src",
                "-c");
        assertThat(v.stderr()).contains("jomp: note: ptxas not found (--cuda-path); embedding PTX");
        assertThat(v.stderr().lines().filter(l -> l.startsWith(" \"") && l.contains("ptxas")))
                .as("no ptxas job")
                .isEmpty();
        Exec.Result objdump =
                Exec.run(List.of("llvm-objdump-19", "--offloading", "zaxpy.o"), dir, Map.of(), dir.resolve("scratch"));
        assertThat(objdump.stdoutText()).contains("kind            ptx").contains("arch            sm_90");
        Path images = Files.createDirectories(dir.resolve("images"));
        Exec.Result unpack = Exec.run(
                List.of(
                        "clang-offload-packager-19",
                        dir.resolve("zaxpy.o").toString(),
                        "--image=file=images/z.ptx,triple=nvptx64-nvidia-cuda,arch=sm_90"),
                dir,
                Map.of(),
                dir.resolve("scratch"));
        assertThat(unpack.status())
                .as(unpack.describe("clang-offload-packager-19"))
                .isZero();
        String ptx = Files.readString(images.resolve("z.ptx"));
        assertThat(ptx).contains(".target sm_90").contains(".entry __omp_offloading_");
        Exec.Result ptxas = Exec.run(
                List.of("/usr/local/bin/ptxas", "-arch=sm_90", "-c", "images/z.ptx", "-o", "images/z.cubin"),
                dir,
                Map.of(),
                dir.resolve("scratch"));
        assertThat(ptxas.status())
                .as(ptxas.describe("ptxas on the embedded PTX"))
                .isZero();

        // no arch at all: the GPU's, or portable PTX for sm_75 when there is none (CI)
        boolean gpu = !jomp.plugin.cuda.GpuArch.detect().isEmpty();
        Exec.Result any = jomp("-v", "-fopenmp-targets=nvptx64", "zaxpy.src", "-c", "-o", "any.o");
        Exec.Result dump =
                Exec.run(List.of("llvm-objdump-19", "--offloading", "any.o"), dir, Map.of(), dir.resolve("scratch"));
        if (gpu) {
            assertThat(any.stderr())
                    .contains("jomp: note: no --offload-arch given; compiling for the GPU present, sm_");
            assertThat(dump.stdoutText()).contains("kind            elf");
        } else {
            assertThat(any.stderr())
                    .contains(
                            "jomp: note: no --offload-arch given and no NVIDIA GPU found; compiling portable PTX for sm_75");
            assertThat(dump.stdoutText()).contains("kind            ptx").contains("arch            sm_75");
        }
        // either way the program links and runs (here: on the host, the device having no GPU)
        jomp("any.o", "-o", "any");
        Exec.Result got = run("any", Map.of());
        assertThat(got.stdoutText()).isEqualTo("zaxpy: N=1024 sum=(1048064.0, 1024.0) Y[7]=(14.50, 1.00)\n");
    }

    @Test
    void twoDevicesChosenAtLinkTime() throws Exception {
        // a.c for nvptx64 and jvm, b.c for jvm only; linked with both targets and with jvm alone
        Files.writeString(dir.resolve("a.c"), WHERE);
        Files.writeString(dir.resolve("b.c"), WHERE_B);
        jomp("-fopenmp-targets=nvptx64,jvm", "--offload-arch=sm_90", "-c", "a.c");
        jomp("-fopenmp-targets=jvm", "-c", "b.c");
        Exec.Result objdump =
                Exec.run(List.of("llvm-objdump-19", "--offloading", "a.o"), dir, Map.of(), dir.resolve("scratch"));
        assertThat(objdump.stdoutText())
                .contains("triple          nvptx64-nvidia-cuda")
                .contains("triple          jvm64-jomp-linux");

        Exec.Result both = jomp("-v", "a.o", "b.o", "-o", "both");
        assertThat(both.stderr()).contains("wrapping 2 device image(s)");
        Exec.Result jvmOnly = jomp("-v", "-fopenmp-targets=jvm", "a.o", "b.o", "-o", "jvmonly");
        assertThat(jvmOnly.stderr()).contains("wrapping 1 device image(s)");

        boolean gpu = !jomp.plugin.cuda.GpuArch.detect().isEmpty();
        for (String exe : List.of("both", "jvmonly")) {
            Exec.Result r = run(exe, Map.of("LIBOMPTARGET_INFO", "16"));
            assertThat(r.status()).as(r.describe(exe)).isZero();
            assertThat(r.stdoutText()).as(exe).startsWith("a: v=10,20,30,40\nb: s=55\n");
            // no GPU: the jvm device is device 0 and has both regions; with a GPU, b's region (no
            // nvptx image) must still give the right answer wherever it runs
            if (!gpu || exe.equals("jvmonly")) {
                assertThat(r.stdoutText()).as(exe).endsWith("a ran on the device, b ran on the device\n");
                assertThat(launches(r)).as(exe).isEqualTo(2);
            }
        }
    }

    @Test
    void offloadLtoLinksDeviceIrAtTheLink() throws Exception {
        // a.c's region calls b.c's declare target function; each file has a static helper of the same name
        Files.writeString(dir.resolve("a.c"), """
                #include <stdio.h>
                #pragma omp declare target
                int twice(int x);
                static int helper(int x) { return x + 1; }
                #pragma omp end declare target
                int main(void) {
                  int r = 0, s = 0;
                #pragma omp target map(from: r, s)
                  { r = twice(20); s = helper(1); }
                  printf("r=%d s=%d\\n", r, s);
                  return 0;
                }
                """);
        Files.writeString(dir.resolve("b.c"), """
                #pragma omp declare target
                static int helper(int x) { return x * 100; }
                int twice(int x) { return 2 * x + helper(0) + 1; }
                #pragma omp end declare target
                """);
        for (String f : List.of("a.c", "b.c"))
            jomp("-fopenmp-targets=nvptx64,jvm", "--offload-arch=sm_90", "-foffload-lto", "-c", f);
        Exec.Result objdump =
                Exec.run(List.of("llvm-objdump-19", "--offloading", "a.o"), dir, Map.of(), dir.resolve("scratch"));
        assertThat(objdump.stdoutText())
                .as("device IR, a kind LLVM does not know")
                .contains("kind            <none>")
                .contains("triple          nvptx64-nvidia-cuda")
                .contains("triple          jvm64-jomp-linux");
        Exec.Result link = jomp("-v", "a.o", "b.o", "-o", "prog", "-save-temps");
        assertThat(link.stderr())
                .contains("LTO for nvptx64-nvidia-cuda (sm_90): IR link of a.o b.o, then PTX for sm_90")
                .contains("LTO for jvm64-jomp-linux: IR link of a.o b.o, then jvm classes");
        // the nvptx image the LTO link made is a fat binary: the cubin ptxas produced from the linked PTX, and that PTX
        Path image = dir.resolve("prog.nvptx64.sm_90.img");
        assertThat(image).exists();
        List<jomp.offload.abi.nvptx.Fatbinary.Entry> entries =
                jomp.offload.abi.nvptx.Fatbinary.read(Files.readAllBytes(image));
        assertThat(entries)
                .extracting(jomp.offload.abi.nvptx.Fatbinary.Entry::kind)
                .containsExactly(jomp.offload.abi.nvptx.Fatbinary.KIND_ELF, jomp.offload.abi.nvptx.Fatbinary.KIND_PTX);
        Path cubin = dir.resolve("prog.cubin");
        Files.write(cubin, entries.get(0).payload());
        Exec.Result readelf =
                Exec.run(List.of("readelf", "-h", cubin.toString()), dir, Map.of(), dir.resolve("scratch"));
        assertThat(readelf.stdoutText()).contains("NVIDIA CUDA architecture");
        assertThat(entries.get(1).text()).contains(".target sm_90", "twice");
        Exec.Result r = run("prog", Map.of("LIBOMPTARGET_INFO", "16"));
        assertThat(r.stdoutText()).isEqualTo("r=41 s=2\n");
        assertThat(launches(r)).isEqualTo(1); // on the jvm device (no GPU here) or the GPU
        // and on the PTX simulator, from the fat binary's PTX
        Exec.Result sim = run(
                "prog", Map.of("LIBOMPTARGET_INFO", "16", "JOMP_PLUGINS", "ptxsim", "OMP_TARGET_OFFLOAD", "MANDATORY"));
        assertThat(sim.stdoutText()).as(sim.stderr()).isEqualTo("r=41 s=2\n");
        assertThat(launches(sim)).isEqualTo(1);

        // the same symbol defined in both files is a link error that names both
        Files.writeString(
                dir.resolve("c.c"),
                "#pragma omp declare target\nint twice(int x) { return x; }\n#pragma omp end declare target\n");
        jomp("-fopenmp-targets=jvm", "-foffload-lto", "-c", "c.c");
        jomp("-fopenmp-targets=jvm", "-foffload-lto", "-c", "b.c");
        List<String> cmd = new ArrayList<>(Corpus.jompCommand());
        cmd.addAll(List.of("b.o", "c.o", "a.o", "-o", "clash"));
        Exec.Result clash = Exec.run(cmd, dir, Map.of(), dir.resolve("scratch"));
        assertThat(clash.status()).isEqualTo(1);
        assertThat(clash.stderr()).contains("multiple definition of 'twice' (in b.o and c.o)");
        assertThat(dir.resolve("clash")).doesNotExist();
    }
}
