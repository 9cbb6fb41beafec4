package jomp.objfile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import jomp.objfile.elf.ElfReader;
import jomp.objfile.offload.OffloadBinaryReader;
import jomp.objfile.packager.PackagerMain;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Truncated, corrupted, misaligned and lying inputs: each reader stops with a FormatException naming file and problem. */
class BadInputTest {
    @TempDir
    Path dir;

    @Test
    void everyTruncationOfEverySeedIsAFormatErrorOrStillValid() throws Exception {
        for (Map.Entry<String, byte[]> seed : Corpus.all(dir).entrySet()) {
            byte[] full = seed.getValue();
            for (int len = 0; len < full.length; len++) {
                String problem = ReaderFuzzing.feed(Arrays.copyOf(full, len));
                assertThat(problem).as(seed.getKey() + " truncated to " + len).isNull();
            }
        }
    }

    @Test
    void truncatedElfAndOffloadBinaryNameTheProblem() {
        byte[] obj = Corpus.object("t");
        assertThatThrownBy(() -> ElfReader.read("zaxpy.o", Arrays.copyOf(obj, obj.length - 1)))
                .isInstanceOf(FormatException.class)
                .hasMessageMatching(
                        "zaxpy\\.o: section header table extends past the end of the file \\(offset 0x[0-9a-f]+ \\+ size 0x[0-9a-f]+ > file size 0x[0-9a-f]+\\)");
        assertThatThrownBy(() -> ElfReader.read("zaxpy.o", Arrays.copyOf(obj, 40)))
                .isInstanceOf(FormatException.class)
                .hasMessageStartingWith("zaxpy.o: ELF header extends past the end");
        byte[] bin = Corpus.offloadV1();
        assertThatThrownBy(() -> OffloadBinaryReader.readAll("x.out", Arrays.copyOf(bin, bin.length - 8)))
                .isInstanceOf(FormatException.class)
                .hasMessageMatching(
                        "x\\.out: OffloadBinary at offset 0x[0-9a-f]+ has size 0x[0-9a-f]+, but 0x[0-9a-f]+ bytes remain.*");
    }

    @Test
    void wrongMagicMisalignmentAndLyingFields() {
        byte[] bin = Corpus.offloadV1();
        byte[] magic = bin.clone();
        magic[3] = 0x00;
        assertThatThrownBy(() -> OffloadBinaryReader.readAll("m.out", magic))
                .hasMessage("m.out: bad OffloadBinary magic at offset 0x0 (expected 10 FF 10 AD)");
        // a size that is not a multiple of 8 makes the next binary start misaligned: at the aligned place there is no
        // magic
        byte[] misaligned = bin.clone();
        misaligned[8] -= 4;
        assertThatThrownBy(() -> OffloadBinaryReader.readAll("a.out", misaligned))
                .hasMessageMatching("a\\.out: OffloadBinary at offset 0x0 has size 0x[0-9a-f]+, not a multiple of 8");
        byte[] huge = bin.clone();
        Arrays.fill(huge, 8, 16, (byte) 0xFF);
        assertThatThrownBy(() -> OffloadBinaryReader.readAll("h.out", huge))
                .hasMessageContaining("has size 0xffffffffffffffff");
        byte[] image = bin.clone();
        Arrays.fill(image, 32 + 32, 32 + 40, (byte) 0xFF); // image size
        assertThatThrownBy(() -> OffloadBinaryReader.readAll("i.out", image))
                .hasMessageStartingWith("i.out: image of entry 0 of OffloadBinary at offset 0x0 extends past the end");
        byte[] count = bin.clone();
        count[32 + 16 + 6] = 0x10; // string count 2^48
        assertThatThrownBy(() -> OffloadBinaryReader.readAll("c.out", count))
                .hasMessageContaining("absurd string count");
        byte[] version = bin.clone();
        version[4] = 9;
        assertThatThrownBy(() -> OffloadBinaryReader.readAll("v.out", version))
                .hasMessage("v.out: unsupported OffloadBinary version 9 at offset 0x0");
        assertThatThrownBy(() -> ElfReader.read("n.o", "hello".getBytes(StandardCharsets.UTF_8)))
                .hasMessage("n.o: not an ELF file (bad magic)");
        byte[] obj = Corpus.object("t");
        byte[] shoff = obj.clone();
        Arrays.fill(shoff, 40, 48, (byte) 0xFF);
        assertThatThrownBy(() -> ElfReader.read("s.o", shoff))
                .hasMessageStartingWith(
                        "s.o: section header table extends past the end of the file (offset 0xffffffffffffffff");
    }

    @Test
    void compressedPayloadsWithLyingSizesOrBadData() {
        for (String name : new String[] {"v3-zlib.out", "v3-zstd.out"}) {
            byte[] good = jomp.objfile.offload.TestOffloadFiles.v2v3().get(name);
            String method = name.contains("zlib") ? "zlib" : "zstd";
            byte[] more = good.clone();
            more[32] += 1; // claims one byte more than the payload inflates to
            assertThatThrownBy(() -> OffloadBinaryReader.readAll(name, more))
                    .hasMessageMatching(name.replace(".", "\\.") + ": compressed OffloadBinary at offset 0x0: " + method
                            + " data inflates to \\d+ bytes, header says \\d+");
            byte[] less = good.clone();
            less[32] -= 1;
            assertThatThrownBy(() -> OffloadBinaryReader.readAll(name, less))
                    .hasMessageContaining(method + " data holds more than the inflated size");
            byte[] huge = good.clone();
            Arrays.fill(huge, 32, 40, (byte) 0x7F);
            assertThatThrownBy(() -> OffloadBinaryReader.readAll(name, huge))
                    .hasMessageContaining("claims an inflated size of 0x7f7f7f7f7f7f7f7f");
            byte[] garbage = good.clone();
            for (int i = 46; i < garbage.length - 4; i++) {
                garbage[i] = (byte) (i * 13);
            }
            assertThatThrownBy(() -> OffloadBinaryReader.readAll(name, garbage))
                    .isInstanceOf(FormatException.class)
                    .hasMessageStartingWith(name + ": ");
        }
    }

    @Test
    void packagerReportsOneCleanLineAndWritesNoOutput() throws Exception {
        Path bad = dir.resolve("bad.o");
        byte[] obj = Corpus.object("t");
        Files.write(bad, Arrays.copyOf(obj, obj.length / 2));
        Files.writeString(dir.resolve("text.txt"), "not an object");
        String[][] cases = {
            {"--list", bad.toString()},
            {"--list", dir.resolve("text.txt").toString()},
            {"--list", dir.resolve("missing.o").toString()},
            {bad.toString(), "--image=file=" + dir.resolve("x.bin") + ",triple=t"},
            {"-o", dir.resolve("out.bin").toString(), "--image=file=" + dir.resolve("missing.o") + ",triple=t"},
            {"-o", dir.resolve("out.bin").toString(), "--image=file=" + bad + ",arch=sm_90"},
            {"--bogus"},
            {},
        };
        String[] expected = {
            "jomp-offload-packager: error: " + bad + ": section header table extends past the end of the file",
            "jomp-offload-packager: error: " + dir.resolve("text.txt")
                    + ": not an ELF object, archive or offload binary",
            "jomp-offload-packager: error: " + dir.resolve("missing.o") + ": No such file or directory",
            "jomp-offload-packager: error: " + bad + ": section header table extends past the end of the file",
            "jomp-offload-packager: error: " + dir.resolve("missing.o") + ": No such file or directory",
            "jomp-offload-packager: error: --image=file=" + bad
                    + ",arch=sm_90: 'file' and 'triple' are required image arguments",
            "jomp-offload-packager: error: Unknown option: '--bogus'",
            "jomp-offload-packager: error: jomp-offload-packager: no input file",
        };
        for (int i = 0; i < cases.length; i++) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int status = PackagerMain.run(
                    cases[i],
                    new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8));
            String e = err.toString(StandardCharsets.UTF_8);
            assertThat(status).as(String.join(" ", cases[i])).isEqualTo(1);
            assertThat(e).as(String.join(" ", cases[i])).startsWith(expected[i]).endsWith("\n");
            assertThat(e.lines().count()).isEqualTo(1);
            assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
        }
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("bad.o", "text.txt");
        }
    }
}
