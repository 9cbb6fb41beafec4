package jomp.linker.offload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jomp.wrapper.offload.OffloadBinary;

/**
 * One nvptx image: a relocatable cubin (ptxas -c, with device malloc left undefined) is linked by
 * the real nvlink into an executable cubin the driver can load; an executable cubin and PTX pass
 * through unchanged.
 */
class DeviceLinkNvptxTest {
    static final String PTX = """
            .version 7.8
            .target sm_90
            .address_size 64
            .extern .func (.param .b64 r) malloc(.param .b64 n);
            .visible .entry kern(.param .u64 p)
            {
              .reg .b64 %rd<3>;
              ld.param.u64 %rd1, [p];
              { .param .b64 n; st.param.b64 [n], 16; .param .b64 r; call.uni (r), malloc, (n); ld.param.b64 %rd2, [r]; }
              st.u64 [%rd1], %rd2;
              ret;
            }
            """;

    static OffloadBinary image(int kind, byte[] bytes) {
        return new OffloadBinary(kind, OffloadBinary.OFK_OPENMP, 0, Map.of("triple", "nvptx64-nvidia-cuda", "arch", "sm_90"), bytes);
    }

    static int elfType(byte[] e) { return (e[16] & 0xFF) | (e[17] & 0xFF) << 8; }

    @Test
    void aRelocatableCubinIsLinkedAndOthersPassThrough(@TempDir Path dir) throws Exception {
        assertTrue(OffloadLinkTest.onPath("nvlink") && OffloadLinkTest.onPath("ptxas"), "needs nvlink and ptxas (CUDA toolkit) on PATH");
        Files.writeString(dir.resolve("k.ptx"), PTX);
        OffloadLinkTest.run(dir, "ptxas", "-c", "-arch=sm_90", "k.ptx", "-o", "rel.cubin");
        OffloadLinkTest.run(dir, "ptxas", "-arch=sm_90", "k.ptx", "-o", "exe.cubin");
        byte[] rel = Files.readAllBytes(dir.resolve("rel.cubin")), exe = Files.readAllBytes(dir.resolve("exe.cubin"));
        assertThat(elfType(rel)).isEqualTo(1);
        assertThat(elfType(exe)).isEqualTo(2);

        DeviceImages.Group g = new DeviceImages.Group("nvptx64-nvidia-cuda", "sm_90", List.of(new DeviceImages.Image("a.o", image(OffloadBinary.IMG_CUBIN, rel))));
        assertThat(DeviceLink.relocatableCubin(g.images().get(0).binary())).isTrue();
        assertThat(DeviceLink.describe(g, DeviceLink.Options.DEFAULT)).contains("nvlink -arch=sm_90 -o linked.cubin image0.cubin   # a.o");
        DeviceLink.Linked linked = DeviceLink.link(g);
        assertThat(linked.kind()).isEqualTo("CUBIN");
        assertThat(elfType(linked.bytes())).as("nvlink's output is executable").isEqualTo(2);

        DeviceImages.Group whole = new DeviceImages.Group("nvptx64-nvidia-cuda", "sm_90", List.of(new DeviceImages.Image("b.o", image(OffloadBinary.IMG_CUBIN, exe))));
        assertThat(DeviceLink.link(whole).bytes()).isEqualTo(exe);
        assertThat(DeviceLink.describe(whole, DeviceLink.Options.DEFAULT)).contains("passes through: b.o");
        byte[] ptx = PTX.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        DeviceImages.Group text = new DeviceImages.Group("nvptx64-nvidia-cuda", "sm_90", List.of(new DeviceImages.Image("c.o", image(OffloadBinary.IMG_PTX, ptx))));
        assertThat(DeviceLink.link(text).bytes()).isEqualTo(ptx);
        assertThat(DeviceLink.link(text).kind()).isEqualTo("PTX");
    }
}
