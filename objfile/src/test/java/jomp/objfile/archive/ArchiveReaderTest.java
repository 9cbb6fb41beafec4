package jomp.objfile.archive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import jomp.objfile.ExternalTool;
import jomp.objfile.FormatException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ArchiveReaderTest {
    @TempDir
    static Path dir;

    static final String LONG = "a_member_name_longer_than_sixteen_chars.o";

    /** Two gcc objects, one with a long name, archived by GNU ar and by llvm-ar in BSD format. */
    @BeforeAll
    static void build() throws Exception {
        Files.writeString(dir.resolve("long.c"), "int alpha(void) { return 1; }\nint beta;\n");
        Files.writeString(dir.resolve("b.c"), "extern int beta; int gamma_fn(void) { return beta; }\n");
        ExternalTool.check(dir, "gcc", "-c", "long.c", "-o", LONG);
        ExternalTool.check(dir, "gcc", "-c", "b.c", "-o", "b.o");
        ExternalTool.check(dir, "ar", "rcs", "gnu.a", LONG, "b.o");
        ExternalTool.check(dir, "llvm-ar-19", "--format=bsd", "rcs", "bsd.a", LONG, "b.o");
        ExternalTool.check(dir, "ar", "rcS", "noindex.a", "b.o");
        // 64-bit symbol indexes: llvm-ar writes them for any archive when SYM64_THRESHOLD=0
        for (String format : new String[] {"gnu", "darwin"}) {
            ProcessBuilder pb = jomp.env.ExternalTools.processBuilder(
                            "llvm-ar-19", "--format=" + format, "rcs", format + "64.a", LONG, "b.o")
                    .directory(dir.toFile());
            pb.environment().put("SYM64_THRESHOLD", "0");
            assertThat(pb.inheritIO().start().waitFor()).isZero();
        }
    }

    @Test
    void readsGnuAndBsdArchivesWithLongNamesAndSymbolIndexes() throws Exception {
        for (String name : new String[] {"gnu.a", "bsd.a", "gnu64.a", "darwin64.a"}) {
            Archive a = ArchiveReader.read(name, Files.readAllBytes(dir.resolve(name)));
            assertThat(a.members()).extracting(Archive.Member::name).as(name).containsExactly(LONG, "b.o");
            assertThat(a.members().get(0).bytes()).isEqualTo(Files.readAllBytes(dir.resolve(LONG)));
            assertThat(a.members().get(1).bytes()).isEqualTo(Files.readAllBytes(dir.resolve("b.o")));
            assertThat(a.symbolIndex())
                    .as(name)
                    .containsExactlyInAnyOrderEntriesOf(java.util.Map.of("alpha", 0, "beta", 0, "gamma_fn", 1));
        }
    }

    @Test
    void archiveWithoutIndexHasEmptyIndex() throws Exception {
        Archive a = ArchiveReader.read("noindex.a", Files.readAllBytes(dir.resolve("noindex.a")));
        assertThat(a.members()).extracting(Archive.Member::name).containsExactly("b.o");
        assertThat(a.symbolIndex()).isEmpty();
    }

    @Test
    void badArchivesNameTheFileAndProblem() throws Exception {
        byte[] gnu = Files.readAllBytes(dir.resolve("gnu.a"));
        assertThatThrownBy(() -> ArchiveReader.read("x.a", "!<thin>\nstuff".getBytes()))
                .isInstanceOf(FormatException.class)
                .hasMessage("x.a: not an ar archive (bad magic)");
        // symbol count far beyond the table
        byte[] absurd = gnu.clone();
        absurd[68] = (byte) 0x7f;
        assertThatThrownBy(() -> ArchiveReader.read("gnu.a", absurd))
                .isInstanceOf(FormatException.class)
                .hasMessageStartingWith("gnu.a: archive symbol table claims");
        // a symbol offset that is not a member header
        byte[] offset = gnu.clone();
        offset[75] ^= 0x01;
        assertThatThrownBy(() -> ArchiveReader.read("gnu.a", offset))
                .isInstanceOf(FormatException.class)
                .hasMessageContaining("which is not a member header");
        // member size field past the end
        byte[] truncated = java.util.Arrays.copyOf(gnu, gnu.length - 100);
        assertThatThrownBy(() -> ArchiveReader.read("gnu.a", truncated))
                .isInstanceOf(FormatException.class)
                .hasMessageStartingWith("gnu.a: ");
    }
}
