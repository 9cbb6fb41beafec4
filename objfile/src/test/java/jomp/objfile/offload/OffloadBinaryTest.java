package jomp.objfile.offload;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jomp.objfile.ByteWriter;
import jomp.objfile.ExternalTool;
import jomp.objfile.elf.ElfObject;
import jomp.objfile.elf.ElfSection;
import jomp.objfile.elf.ElfWriter;
import jomp.offload.abi.ImageKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OffloadBinaryTest {
    @TempDir
    Path dir;

    static OffloadBinary image(String triple, String arch, String text) {
        Map<String, String> strings = new LinkedHashMap<>();
        strings.put("triple", triple);
        strings.put("arch", arch);
        return new OffloadBinary(
                ImageKind.OBJECT, OffloadBinary.OFK_OPENMP, 0, strings, text.getBytes(StandardCharsets.UTF_8));
    }

    static void assertSame(OffloadBinary actual, OffloadBinary expected) {
        assertThat(actual.imageKind()).isEqualTo(expected.imageKind());
        assertThat(actual.offloadKind()).isEqualTo(expected.offloadKind());
        assertThat(actual.flags()).isEqualTo(expected.flags());
        assertThat(actual.strings()).containsExactlyEntriesOf(expected.strings());
        assertThat(actual.image()).isEqualTo(expected.image());
    }

    @Test
    void version1RoundTripKeepsEverythingAndPadsTo8() {
        OffloadBinary b = new OffloadBinary(
                ImageKind.PTX,
                OffloadBinary.OFK_CUDA,
                5,
                Map.of("triple", "nvptx64-nvidia-cuda"),
                "abc".getBytes(StandardCharsets.UTF_8));
        byte[] bytes = OffloadBinaryWriter.write(b);
        assertThat(bytes.length % 8).isZero();
        assertThat(bytes).startsWith(0x10, 0xFF, 0x10, 0xAD, 1, 0, 0, 0);
        assertSame(OffloadBinaryReader.read("x.out", bytes), b);
    }

    @Test
    void emptyStringsAndEmptyImageRoundTrip() {
        Map<String, String> strings = new LinkedHashMap<>();
        strings.put("triple", "");
        strings.put("", "v");
        OffloadBinary b = new OffloadBinary(ImageKind.NONE, 0, 0, strings, new byte[0]);
        assertSame(OffloadBinaryReader.read("e.out", OffloadBinaryWriter.write(b)), b);
    }

    @Test
    void severalBinariesBackToBack() {
        List<OffloadBinary> list = List.of(
                image("nvptx64-nvidia-cuda", "sm_90", "one"),
                image("x86_64-unknown-linux-gnu", "jvm", "second image!"));
        List<OffloadBinary> back = OffloadBinaryReader.readAll("s", OffloadBinaryWriter.writeAll(list));
        assertThat(back).hasSize(2);
        assertSame(back.get(0), list.get(0));
        assertSame(back.get(1), list.get(1));
    }

    /** clang-offload-packager-19 writes a binary; reading and rewriting it must give the same bytes. */
    @Test
    void writerMatchesClangOffloadPackagerByteForByte() throws Exception {
        Files.writeString(dir.resolve("dev.o"), "device image bytes, 29 long");
        Files.writeString(dir.resolve("k.s"), "// ptx");
        ExternalTool.check(
                dir,
                "clang-offload-packager-19",
                "-o",
                "x.out",
                "--image=file=dev.o,triple=nvptx64-nvidia-cuda,arch=sm_90,kind=openmp",
                "--image=file=k.s,triple=nvptx64-nvidia-cuda,arch=sm_70,kind=cuda,feature=+ptx80,feature=+sm_70");
        byte[] theirs = Files.readAllBytes(dir.resolve("x.out"));
        List<OffloadBinary> images = OffloadBinaryReader.readAll("x.out", theirs);
        assertThat(images).hasSize(2);
        assertThat(images.get(0).arch()).isEqualTo("sm_90");
        assertThat(images.get(0).imageKind()).isEqualTo(ImageKind.OBJECT);
        assertThat(images.get(1).imageKind()).isEqualTo(ImageKind.PTX);
        assertThat(images.get(1).offloadKind()).isEqualTo(OffloadBinary.OFK_CUDA);
        assertThat(images.get(1).strings()).containsEntry("feature", "+ptx80,+sm_70");
        assertThat(OffloadBinaryWriter.writeAll(images)).isEqualTo(theirs);
    }

    @Test
    void llvmObjdumpListsImagesInRawBinaryAndObject() throws Exception {
        List<OffloadBinary> list =
                List.of(image("nvptx64-nvidia-cuda", "sm_90", "one"), image("x86_64-unknown-linux-gnu", "jvm", "two"));
        byte[] raw = OffloadBinaryWriter.writeAll(list);
        Files.write(dir.resolve("raw.out"), raw);
        Files.write(
                dir.resolve("fat.o"), ElfWriter.write(new ElfObject(List.of(ElfSection.offloading(raw)), List.of())));
        for (String f : List.of("raw.out", "fat.o")) {
            String out = ExternalTool.check(dir, "llvm-objdump-19", "--offloading", f);
            assertThat(out)
                    .contains(
                            "OFFLOADING IMAGE [0]:\nkind            elf\narch            sm_90\ntriple          nvptx64-nvidia-cuda\nproducer        openmp\n");
            assertThat(out)
                    .contains(
                            "OFFLOADING IMAGE [1]:\nkind            elf\narch            jvm\ntriple          x86_64-unknown-linux-gnu\nproducer        openmp\n");
            assertThat(out).doesNotContain("OFFLOADING IMAGE [2]");
        }
    }

    @Test
    void clangOffloadPackagerExtractsOurImagesByteForByte() throws Exception {
        byte[] image = new byte[1000];
        for (int i = 0; i < image.length; i++) {
            image[i] = (byte) (i * 31 + 7);
        }
        Map<String, String> strings = new LinkedHashMap<>();
        strings.put("triple", "nvptx64-nvidia-cuda");
        strings.put("arch", "sm_90");
        Files.write(
                dir.resolve("ours.out"),
                OffloadBinaryWriter.writeAll(List.of(
                        image("x86_64-unknown-linux-gnu", "jvm", "other"),
                        new OffloadBinary(ImageKind.OBJECT, OffloadBinary.OFK_OPENMP, 0, strings, image))));
        ExternalTool.check(
                dir,
                "clang-offload-packager-19",
                "ours.out",
                "--image=file=got.o,triple=nvptx64-nvidia-cuda,arch=sm_90");
        assertThat(Files.readAllBytes(dir.resolve("got.o"))).isEqualTo(image);
    }

    @Test
    void version2SeveralEntriesWithSizedValues() {
        List<OffloadBinary> list = List.of(image("t1", "a1", "first"), image("t2", "a2", "second one"));
        byte[] v2 = TestOffloadWriterV2V3.writeV2(list);
        List<OffloadBinary> back = OffloadBinaryReader.readAll("v2.out", v2);
        assertThat(back).hasSize(2);
        assertSame(back.get(0), list.get(0));
        assertSame(back.get(1), list.get(1));
    }

    @Test
    void version3PlainZlibAndZstdBackToBackWithVersion1() {
        byte[] big = "0123456789abcdef".repeat(300).getBytes(StandardCharsets.UTF_8);
        OffloadBinary large = new OffloadBinary(
                ImageKind.CUBIN,
                OffloadBinary.OFK_OPENMP,
                0,
                Map.of("triple", "nvptx64-nvidia-cuda", "arch", "sm_90"),
                big);
        List<OffloadBinary> entries = List.of(large, image("t", "a", "small"));
        ByteWriter all = new ByteWriter();
        all.bytes(OffloadBinaryWriter.write(image("v1", "x", "first")));
        for (TestOffloadWriterV2V3.Compression c : TestOffloadWriterV2V3.Compression.values()) {
            byte[] v3 = TestOffloadWriterV2V3.writeV3(entries, c);
            if (c != TestOffloadWriterV2V3.Compression.NONE) {
                assertThat(v3.length).isLessThan(big.length / 4);
            }
            all.bytes(v3).align(8);
        }
        List<OffloadBinary> back = OffloadBinaryReader.readAll("v3.out", all.toByteArray());
        assertThat(back).hasSize(7);
        assertThat(back.get(0).triple()).isEqualTo("v1");
        List<OffloadBinary> expected = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            expected.addAll(entries);
        }
        for (int i = 0; i < 6; i++) {
            assertSame(back.get(i + 1), expected.get(i));
        }
    }
}
