package jomp.objfile.elf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import jomp.objfile.ExternalTool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The reader on objects made by clang 19 (x86-64, with relocations, groups and an offloading section). */
class ElfReaderClangTest {
    @TempDir
    Path dir;

    @Test
    void readsClangFatObjectAndWritesItBackForNm() throws Exception {
        Files.writeString(dir.resolve("k.c"), """
                int counter;
                static int hidden(int x) { return x + counter; }
                extern int external(int);
                void scale(double *x, int n) {
                #pragma omp target teams distribute parallel for map(tofrom: x[0:n])
                  for (int i = 0; i < n; i++) x[i] *= 2;
                  counter = hidden(external(n));
                }
                """);
        ExternalTool.check(
                dir,
                "clang-19",
                "-fopenmp",
                "--offload-arch=sm_90",
                "--libomptarget-nvptx-bc-path=/usr/lib/llvm-19/lib/libomptarget-nvptx-sm_90.bc",
                "-c",
                "k.c",
                "-o",
                "k.o");
        ElfObject obj = ElfReader.read("k.o", Files.readAllBytes(dir.resolve("k.o")));
        assertThat(obj.machine()).isEqualTo(62);
        ElfSection off = obj.sectionOfType(Elf.SHT_LLVM_OFFLOADING);
        assertThat(off.name()).isEqualTo(".llvm.offloading");
        assertThat(off.flags()).isEqualTo(Elf.SHF_EXCLUDE);
        assertThat(obj.section(".text").relocations()).isNotEmpty();
        ElfSymbol scale = obj.symbols().stream()
                .filter(s -> s.name().equals("scale"))
                .findFirst()
                .orElseThrow();
        assertThat(obj.sections().get(scale.section() - 1).name()).isEqualTo(".text");
        assertThat(obj.symbols())
                .filteredOn(s -> s.name().equals("external"))
                .singleElement()
                .satisfies(s -> assertThat(s.isDefined()).isFalse());

        // written back by jomp, GNU nm sees the same symbols
        Files.write(dir.resolve("back.o"), ElfWriter.write(obj));
        String theirs = ExternalTool.check(dir, "nm", "k.o");
        String ours = ExternalTool.check(dir, "nm", "back.o");
        assertThat(ours)
                .isEqualTo(theirs)
                .contains(" T scale")
                .contains(" U external")
                .contains(" t hidden");
        assertThat(ExternalTool.check(dir, "readelf", "-W", "-r", "back.o"))
                .contains("Relocation section '.rela.text'")
                .contains("R_X86_64_PLT32");
    }

    @Test
    void writerRejectsObjectsNoElfFileCanHold() {
        ElfObject bad = new ElfObject(List.of(), List.of(new ElfSymbol("x", 3, 0, 0, Elf.STB_GLOBAL, Elf.STT_OBJECT)));
        assertThatThrownBy(() -> ElfWriter.write(bad))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("refers to section 3");
    }
}
