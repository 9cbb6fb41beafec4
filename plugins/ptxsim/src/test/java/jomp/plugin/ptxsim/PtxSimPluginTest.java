package jomp.plugin.ptxsim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import jomp.offload.abi.DeviceImage;
import jomp.offload.abi.ImageKind;
import jomp.offload.abi.nvptx.Fatbinary;
import jomp.runtime.plugin.DevicePlugin;
import jomp.runtime.plugin.LaunchRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plugin as the runtime sees it: when it has devices, what it says it is, which images it
 * takes, how launch arguments meet a kernel's parameters, and a fat binary of two modules linked
 * at load as nvlink links them (externs resolved, the first weak definition kept, internal
 * functions of the same name apart).
 */
class PtxSimPluginTest {
    @TempDir
    Path dir;

    @Test
    void devicesOnlyWhenAskedFor() {
        assertThat(new PtxSimPlugin(Map.of()).numberOfDevices()).isZero();
        assertThat(new PtxSimPlugin(Map.of("JOMP_PTXSIM", "0")).numberOfDevices())
                .isZero();
        assertThat(new PtxSimPlugin(Map.of("JOMP_PTXSIM", "1")).numberOfDevices())
                .isEqualTo(1);
        assertThat(new PtxSimPlugin(Map.of("JOMP_PTXSIM", "yes")).numberOfDevices())
                .isEqualTo(1);
        assertThat(new PtxSimPlugin(Map.of("JOMP_PTXSIM", "3")).numberOfDevices())
                .isEqualTo(3);
        assertThat(new PtxSimPlugin(Map.of("JOMP_PLUGINS", "jvm,ptxsim")).numberOfDevices())
                .isEqualTo(1);
        assertThat(new PtxSimPlugin(Map.of("JOMP_PLUGINS", "jvm")).numberOfDevices())
                .isZero();
    }

    @Test
    void itSaysItIsASimulator() {
        PtxSimPlugin p = new PtxSimPlugin(Map.of(
                "JOMP_PTXSIM", "1", "JOMP_PTXSIM_SMS", "6", "JOMP_PTXSIM_MEMORY", "1G", "JOMP_PTXSIM_RACECHECK", "1"));
        assertThat(p.name()).isEqualTo("ptxsim");
        assertThat(p.triple()).isEqualTo("nvptx64-nvidia-cuda");
        assertThat(p.describe(0))
                .contains(
                        "a PTX simulator, not a GPU",
                        "6 multiprocessors",
                        "1 GiB of device memory",
                        "shared-memory races");
    }

    @Test
    void itTakesPtxAndFatBinariesWithPtx() {
        Sim sim = new Sim();
        byte[] ptx = ".version 7.8\n.target sm_90\n.address_size 64\n".getBytes(StandardCharsets.US_ASCII);
        byte[] cubinOnly = Fatbinary.write(List.of(new Fatbinary.Entry(Fatbinary.KIND_ELF, 90, new byte[64], false)));
        byte[] both = Fatbinary.write(List.of(
                new Fatbinary.Entry(Fatbinary.KIND_ELF, 90, new byte[64], false),
                new Fatbinary.Entry(Fatbinary.KIND_PTX, 90, ptx, false)));
        assertThat(sim.plugin.isCompatible(0, image(ImageKind.PTX, ptx))).isTrue();
        assertThat(sim.plugin.isCompatible(0, image(ImageKind.FATBINARY, both))).isTrue();
        assertThat(sim.plugin.isCompatible(0, image(ImageKind.FATBINARY, cubinOnly)))
                .as("a cubin alone cannot be simulated")
                .isFalse();
        assertThat(sim.plugin.isCompatible(0, image(ImageKind.CUBIN, new byte[64])))
                .isFalse();
        assertThat(sim.plugin.isCompatible(0, new DeviceImage("jvm64-jomp-linux", "", ImageKind.PTX, ptx, List.of())))
                .isFalse();
    }

    private static DeviceImage image(ImageKind kind, byte[] b) {
        return new DeviceImage("nvptx64-nvidia-cuda", "sm_90", kind, b, List.of());
    }

    static final String KERNELS = """
            .version 7.8
            .target sm_75
            .address_size 64
            .visible .global .align 4 .u32 table[4] = {7, 8, 9, 10};
            // the runtime's protocol: one 8-byte parameter per argument, as jomp's and clang's kernels declare them
            .visible .entry slots(.param .u64 out, .param .u64 v)
            {
            	.reg .b64 %rd<6>;
            	ld.param.u64 %rd1, [out];
            	ld.param.u64 %rd3, [v];
            	st.u64 [%rd1], %rd3;
            	ret;
            }
            // a kernel with parameters of several sizes (CUDA C's)
            .visible .entry direct(.param .u64 out, .param .u32 a, .param .u64 b)
            {
            	.reg .b32 %r<3>;
            	.reg .b64 %rd<6>;
            	ld.param.u64 %rd1, [out];
            	ld.param.u32 %r1, [a];
            	ld.param.u64 %rd2, [b];
            	cvt.u64.u32 %rd3, %r1;
            	add.s64 %rd4, %rd3, %rd2;
            	ld.global.u32 %r2, [table+8];
            	cvt.u64.u32 %rd5, %r2;
            	add.s64 %rd4, %rd4, %rd5;
            	st.u64 [%rd1], %rd4;
            	ret;
            }
            """;

    @Test
    void launchArgumentsMeetTheKernelsParameters() {
        Sim sim = new Sim();
        DevicePlugin.LoadedImage img = sim.load(KERNELS);
        long out = sim.alloc(8);
        sim.plugin.launch(0, img.kernel("slots"), new long[] {out, 12345}, 1, 1);
        assertThat(sim.longs(out, 1)[0]).isEqualTo(12345);
        // what the runtime passes must be what the entry declares: as many 8-byte parameters
        assertThatThrownBy(() -> sim.plugin.launch(0, img.kernel("slots"), new long[] {out}, 1, 1))
                .hasMessage("kernel slots declares 2 parameters, the launch passes 1 argument");
        assertThatThrownBy(() -> sim.plugin.launch(0, img.kernel("slots"), new long[] {out, 1, 2}, 1, 1))
                .hasMessage("kernel slots declares 2 parameters, the launch passes 3 arguments");
        assertThatThrownBy(() -> sim.plugin.launch(0, img.kernel("direct"), new long[] {out, 1, 2}, 1, 1))
                .hasMessage("kernel direct's parameter 1 (a) is 4 bytes; every launch argument is 8 (a 64-bit value)");
        assertThat(sim.plugin.launchGeometry(0, LaunchRequest.of(img.kernel("slots"), new long[2], 0, 0)))
                .containsExactly(4, 128);
        assertThat(sim.plugin.launchGeometry(0, LaunchRequest.of(img.kernel("slots"), new long[2], 7, 2048)))
                .containsExactly(7, 1024);
        // the simulator's own launches (tests, benchmarks) take CUDA C's parameters of any size
        sim.launch(img, "direct", 1, 1, out, 0xFFFFFFFF00000005L, 100);
        assertThat(sim.longs(out, 1)[0])
                .as("a .u32 parameter takes the low half")
                .isEqualTo(5 + 100 + 9);
        assertThatThrownBy(() -> sim.launch(img, "direct", 1, 1, out))
                .hasMessageContaining("declares 3 parameters, the launch passes 1");
        DevicePlugin.GlobalSymbol g = img.global("table");
        assertThat(g.size()).isEqualTo(16);
        assertThat(sim.ints(g.deviceAddress(), 4)).containsExactly(7, 8, 9, 10);
        assertThat(img.global("nothing")).isNull();
        assertThat(img.kernel("nothing")).isNull();
    }

    @Test
    void theCallOrderIsChecked() {
        PtxSimPlugin p = new PtxSimPlugin(Map.of("JOMP_PTXSIM", "2", "JOMP_PTXSIM_MEMORY", "1G"));
        DeviceImage image = image(ImageKind.PTX, KERNELS.getBytes(StandardCharsets.ISO_8859_1));
        assertThatThrownBy(() -> p.loadImage(0, image))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("ptxsim device 0 loads an image before initDevice");
        p.initDevice(0);
        p.initDevice(1);
        DevicePlugin.Kernel k = p.loadImage(0, image).kernel("slots");
        long out = p.dataAlloc(1, 8);
        assertThatThrownBy(() -> p.launch(1, k, new long[] {out, 1}, 1, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("kernel slots was not loaded on ptxsim device 1");
        p.deinitDevice(1);
        assertThatThrownBy(() -> p.dataDelete(1, out))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("ptxsim device 1 is used after deinitDevice");
        assertThatThrownBy(() -> p.initDevice(2))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("ptxsim device 2 does not exist (2 devices)");
    }

    @Test
    void aFatBinaryOfTwoModulesIsLinkedWhenLoaded() throws Exception {
        String a = Sim.clangPtx(Sim.resource("link_a.c", dir), dir),
                b = Sim.clangPtx(Sim.resource("link_b.c", dir), dir);
        byte[] fat = Fatbinary.write(List.of(
                new Fatbinary.Entry(Fatbinary.KIND_PTX, 75, a.getBytes(StandardCharsets.ISO_8859_1), false),
                new Fatbinary.Entry(Fatbinary.KIND_PTX, 75, b.getBytes(StandardCharsets.ISO_8859_1), false)));
        Sim sim = new Sim();
        DevicePlugin.LoadedImage img = sim.plugin.loadImage(0, image(ImageKind.FATBINARY, fat));
        long out = sim.alloc(4 * 32);
        sim.launch(img, "kernel_a", 1, 32, out);
        int[] r = sim.ints(out, 32);
        for (int t = 0; t < 32; t++) {
            // helper and its local() from b, which() from a (the first weak definition), a's own local()
            assertThat(r[t]).as("thread %d", t).isEqualTo((t * 20 + 2) * 1000 + 100 + t * 10 + 1);
        }
        sim.launch(img, "kernel_b", 1, 1, out);
        assertThat(sim.ints(out, 1)[0])
                .as("one counter, initialised by b, counted up by a's kernel")
                .isEqualTo(5 + 32);
    }

    /** As the CUDA driver (ptxas in whole-program mode): a module that calls a function no module defines is refused at load. */
    @Test
    void aModuleThatCallsAnUndefinedFunctionIsRefusedAtLoad() {
        Sim sim = new Sim();
        String calls = """
                .version 7.8
                .target sm_75
                .address_size 64
                .extern .func missing();
                .visible .entry k(.param .u32 n)
                {
                	.reg .b32 %r<2>;
                	.reg .pred %p<2>;
                	ld.param.u32 %r1, [n];
                	setp.eq.u32 %p1, %r1, 0;
                	@%p1 bra $done;
                	call.uni missing, ();
                $done:
                	ret;
                }
                """;
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> sim.load(calls))
                .hasMessageContaining("the module calls missing, declared but defined in no module of the image")
                .hasMessageContaining(
                        "CUDA_ERROR_INVALID_PTX, \"ptxas fatal   : Unresolved extern function 'missing'\"");
        // a declaration nothing calls is no error (ptxas accepts it)
        DevicePlugin.LoadedImage img = sim.load(calls.replace("\tcall.uni missing, ();\n", ""));
        sim.launch(img, "k", 1, 32, 1);
    }
}
