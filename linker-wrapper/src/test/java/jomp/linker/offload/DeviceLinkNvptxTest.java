package jomp.linker.offload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import jomp.objfile.offload.OffloadBinary;
import jomp.offload.abi.ImageKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

    static OffloadBinary image(ImageKind kind, byte[] bytes) {
        return new OffloadBinary(
                kind, OffloadBinary.OFK_OPENMP, 0, Map.of("triple", "nvptx64-nvidia-cuda", "arch", "sm_90"), bytes);
    }

    static int elfType(byte[] e) {
        return (e[16] & 0xFF) | (e[17] & 0xFF) << 8;
    }

    @Test
    void aRelocatableCubinIsLinkedAndOthersPassThrough(@TempDir Path dir) throws Exception {
        assertTrue(
                OffloadLinkTest.onPath("nvlink") && OffloadLinkTest.onPath("ptxas"),
                "needs nvlink and ptxas (CUDA toolkit) on PATH");
        Files.writeString(dir.resolve("k.ptx"), PTX);
        OffloadLinkTest.run(dir, "ptxas", "-c", "-arch=sm_90", "k.ptx", "-o", "rel.cubin");
        OffloadLinkTest.run(dir, "ptxas", "-arch=sm_90", "k.ptx", "-o", "exe.cubin");
        byte[] rel = Files.readAllBytes(dir.resolve("rel.cubin")), exe = Files.readAllBytes(dir.resolve("exe.cubin"));
        assertThat(elfType(rel)).isEqualTo(1);
        assertThat(elfType(exe)).isEqualTo(2);

        DeviceImages.Group g = new DeviceImages.Group(
                "nvptx64-nvidia-cuda", "sm_90", List.of(new DeviceImages.Image("a.o", image(ImageKind.CUBIN, rel))));
        assertThat(DeviceLink.describe(g, DeviceLink.Options.DEFAULT))
                .contains("nvlink -arch=sm_90 -o linked.cubin image0.cubin   # a.o");
        DeviceLink.Linked linked = DeviceLink.link(g);
        assertThat(linked.kind()).isEqualTo(ImageKind.CUBIN);
        assertThat(elfType(linked.bytes())).as("nvlink's output is executable").isEqualTo(2);

        DeviceImages.Group whole = new DeviceImages.Group(
                "nvptx64-nvidia-cuda", "sm_90", List.of(new DeviceImages.Image("b.o", image(ImageKind.CUBIN, exe))));
        assertThat(DeviceLink.link(whole).bytes()).isEqualTo(exe);
        assertThat(DeviceLink.describe(whole, DeviceLink.Options.DEFAULT)).contains("passes through: b.o");
        byte[] ptx = PTX.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        DeviceImages.Group text = new DeviceImages.Group(
                "nvptx64-nvidia-cuda", "sm_90", List.of(new DeviceImages.Image("c.o", image(ImageKind.PTX, ptx))));
        assertThat(DeviceLink.link(text).bytes()).isEqualTo(ptx);
        assertThat(DeviceLink.link(text).kind()).isEqualTo(ImageKind.PTX);
    }

    /** Entry headers of a fat binary with the payload sizes zeroed (NVIDIA's tool minifies PTX, so sizes differ). */
    static List<String> headers(byte[] fatbin) {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(fatbin).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        List<String> out = new java.util.ArrayList<>();
        out.add(Integer.toHexString(b.getInt(0)) + " " + b.getShort(4) + " " + b.getShort(6));
        int p = 16;
        while (p < fatbin.length) {
            int hs = b.getInt(p + 4);
            long size = b.getLong(p + 8);
            byte[] h = java.util.Arrays.copyOfRange(fatbin, p, p + hs);
            java.util.Arrays.fill(h, 8, 16, (byte) 0);
            out.add(java.util.HexFormat.of().formatHex(h));
            p += hs + (int) size;
        }
        return out;
    }

    @Test
    void aCubinWithItsPtxBecomesOneFatBinaryAsNvccMakesThem(@TempDir Path dir) throws Exception {
        assertTrue(
                OffloadLinkTest.onPath("nvlink")
                        && OffloadLinkTest.onPath("ptxas")
                        && OffloadLinkTest.onPath("fatbinary"),
                "needs nvlink, ptxas and fatbinary (CUDA toolkit) on PATH");
        Files.writeString(dir.resolve("k.ptx"), PTX);
        OffloadLinkTest.run(dir, "ptxas", "-c", "-arch=sm_90", "k.ptx", "-o", "rel.cubin");
        byte[] rel = Files.readAllBytes(dir.resolve("rel.cubin"));
        byte[] ptx = PTX.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        // what the driver packages: the cubin and the PTX it came from, two images of one object
        DeviceImages.Group g = new DeviceImages.Group(
                "nvptx64-nvidia-cuda",
                "sm_90",
                List.of(
                        new DeviceImages.Image("a.o", image(ImageKind.CUBIN, rel)),
                        new DeviceImages.Image("a.o", image(ImageKind.PTX, ptx))));
        assertThat(DeviceLink.describe(g, DeviceLink.Options.DEFAULT))
                .contains(
                        "nvlink -arch=sm_90 -o linked.cubin image0.cubin   # a.o; then a fat binary of linked.cubin and the PTX");
        DeviceLink.Linked linked = DeviceLink.link(g);
        assertThat(linked.kind()).isEqualTo(ImageKind.FATBINARY);
        List<jomp.offload.abi.nvptx.Fatbinary.Entry> entries = jomp.offload.abi.nvptx.Fatbinary.read(linked.bytes());
        assertThat(entries).hasSize(2);
        assertThat(entries.get(0).kind()).isEqualTo(jomp.offload.abi.nvptx.Fatbinary.KIND_ELF);
        assertThat(elfType(entries.get(0).payload()))
                .as("nvlink's executable cubin")
                .isEqualTo(2);
        assertThat(entries.get(1).text()).isEqualTo(PTX);
        assertThat(entries.get(0).sm()).isEqualTo(90);
        assertThat(entries.get(1).sm()).isEqualTo(90);

        // the headers are the ones NVIDIA's fatbinary writes for the same entries
        Files.write(dir.resolve("exe.cubin"), entries.get(0).payload());
        OffloadLinkTest.run(
                dir,
                "fatbinary",
                "-64",
                "--compress=false",
                "--create=tool.fatbin",
                "--image3=kind=elf,sm=90,file=exe.cubin",
                "--image3=kind=ptx,sm=90,file=k.ptx");
        byte[] tool = Files.readAllBytes(dir.resolve("tool.fatbin"));
        assertThat(headers(linked.bytes())).isEqualTo(headers(tool));
        assertThat(jomp.offload.abi.nvptx.Fatbinary.read(tool).get(0).payload())
                .isEqualTo(entries.get(0).payload());

        // and NVIDIA's nvlink reads ours: a fat binary of the relocatable cubin and its PTX links
        Files.write(
                dir.resolve("ours.fatbin"),
                jomp.offload.abi.nvptx.Fatbinary.write(List.of(
                        new jomp.offload.abi.nvptx.Fatbinary.Entry(
                                jomp.offload.abi.nvptx.Fatbinary.KIND_ELF, 90, rel, false),
                        new jomp.offload.abi.nvptx.Fatbinary.Entry(
                                jomp.offload.abi.nvptx.Fatbinary.KIND_PTX, 90, ptx, false))));
        OffloadLinkTest.run(dir, "nvlink", "-arch=sm_90", "-o", "from-ours.cubin", "ours.fatbin");
        assertThat(elfType(Files.readAllBytes(dir.resolve("from-ours.cubin")))).isEqualTo(2);
    }

    @Test
    void withoutNvlinkSeveralPtxObjectsGoTogetherUnlinked(@TempDir Path dir) throws Exception {
        byte[] a = PTX.getBytes(java.nio.charset.StandardCharsets.US_ASCII),
                b = PTX.replace("kern", "other").getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        DeviceImages.Group g = new DeviceImages.Group(
                "nvptx64-nvidia-cuda",
                "sm_90",
                List.of(
                        new DeviceImages.Image("a.o", image(ImageKind.PTX, a)),
                        new DeviceImages.Image("b.o", image(ImageKind.PTX, b))));
        Map<String, String> env = new java.util.HashMap<>(System.getenv());
        env.put("PATH", dir.toString()); // no nvlink (no CUDA installed)
        jomp.env.Invocation.install(new jomp.env.Invocation(dir, env));
        try {
            DeviceLink.Options noCuda =
                    new DeviceLink.Options(null, null, dir.resolve("no-cuda").toString()); // --cuda-path of none
            assertThat(DeviceLink.describe(g, noCuda))
                    .contains("a fat binary of the PTX of a.o b.o (no nvlink: linked when loaded)");
            DeviceLink.Linked linked = DeviceLink.link(g, noCuda);
            assertThat(linked.kind()).isEqualTo(ImageKind.FATBINARY);
            assertThat(jomp.offload.abi.nvptx.Fatbinary.ptx(linked.bytes()))
                    .containsExactly(PTX, PTX.replace("kern", "other"));
        } finally {
            jomp.env.Invocation.reset();
        }
    }
}
