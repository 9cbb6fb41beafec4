package jomp.objfile.elf;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import jomp.objfile.ExternalTool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ElfWriterTest {
    @TempDir
    Path dir;

    /** A small object like the ones the frontend writes: class files, data, bss, offloading, relocations. */
    static ElfObject sample() {
        byte[] classes = "CAFEBABE...".getBytes(StandardCharsets.US_ASCII);
        byte[] data = new byte[16];
        List<ElfSection> sections = List.of(
                ElfSection.progbits(".jomp.classes", 0, 8, classes),
                ElfSection.progbits(".data", Elf.SHF_ALLOC | Elf.SHF_WRITE, 8, data)
                        .withRelocations(List.of(
                                new ElfRelocation(8, 4, Elf.R_JOMP_ADDR64, 4),
                                new ElfRelocation(0, 5, Elf.R_JOMP_FUNC64, 0))),
                ElfSection.nobits(".bss", Elf.SHF_ALLOC | Elf.SHF_WRITE, 16, 64),
                ElfSection.offloading(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}));
        List<ElfSymbol> symbols = List.of(
                new ElfSymbol("zaxpy.c", Elf.SHN_ABS, 0, 0, Elf.STB_LOCAL, Elf.STT_FILE),
                new ElfSymbol("table", 2, 0, 16, Elf.STB_GLOBAL, Elf.STT_OBJECT),
                new ElfSymbol("counter", 3, 0, 64, Elf.STB_LOCAL, Elf.STT_OBJECT),
                new ElfSymbol("main", 1, 0, 0, Elf.STB_GLOBAL, Elf.STT_FUNC),
                ElfSymbol.undefined("printf"),
                new ElfSymbol("helper", Elf.SHN_UNDEF, 0, 0, Elf.STB_WEAK, Elf.STT_FUNC),
                new ElfSymbol("common_buf", Elf.SHN_COMMON, 16, 256, Elf.STB_GLOBAL, Elf.STT_OBJECT));
        return new ElfObject(sections, symbols);
    }

    @Test
    void roundTripKeepsSectionsSymbolsAndRelocations() {
        byte[] bytes = ElfWriter.write(sample());
        ElfObject back = ElfReader.read("sample.o", bytes);
        assertThat(back.machine()).isEqualTo(Elf.EM_NONE);
        assertThat(back.sections())
                .extracting(ElfSection::name)
                .containsExactly(".jomp.classes", ".data", ".bss", ".llvm.offloading", ".comment");
        assertThat(back.section(".jomp.classes").data()).isEqualTo("CAFEBABE...".getBytes(StandardCharsets.US_ASCII));
        assertThat(back.section(".bss").size()).isEqualTo(64);
        assertThat(back.section(".bss").data()).isNull();
        ElfSection off = back.sectionOfType(Elf.SHT_LLVM_OFFLOADING);
        assertThat(off.flags()).isEqualTo(Elf.SHF_EXCLUDE);
        assertThat(off.addralign()).isEqualTo(8);
        assertThat(new String(back.section(".comment").data(), StandardCharsets.UTF_8))
                .isEqualTo(Elf.COMMENT + "\0");
        // locals first
        assertThat(back.symbols())
                .extracting(ElfSymbol::name)
                .containsExactly("zaxpy.c", "counter", "table", "main", "printf", "helper", "common_buf");
        ElfSymbol counter = back.symbols().get(1);
        assertThat(counter.section()).isEqualTo(3);
        assertThat(counter.size()).isEqualTo(64);
        // relocations were renumbered with the symbols: symbol 4 (printf) is now index 4, main is 3.
        List<ElfRelocation> relocs = back.section(".data").relocations();
        assertThat(relocs)
                .containsExactly(
                        new ElfRelocation(8, 4, Elf.R_JOMP_ADDR64, 4), new ElfRelocation(0, 5, Elf.R_JOMP_FUNC64, 0));
        assertThat(back.symbols().get(relocs.get(0).symbol()).name()).isEqualTo("printf");
        // writing what we read gives the same bytes
        assertThat(ElfWriter.write(back)).isEqualTo(bytes);
    }

    /**
     * A hidden symbol (a string literal) stays out of the symbol table, so nm does not list it; a
     * relocation against it is written against its section's symbol, its value in the addend (as
     * an assembler resolves a .L label); reading the object back gives the symbol again, by name.
     */
    @Test
    void hiddenSymbolsAreOutOfTheSymbolTableButReadBack() throws Exception {
        byte[] rodata = "..hello\0world\0".getBytes(StandardCharsets.US_ASCII);
        List<ElfSection> sections = List.of(
                ElfSection.progbits(".rodata", Elf.SHF_ALLOC, 1, rodata),
                ElfSection.progbits(".data", Elf.SHF_ALLOC | Elf.SHF_WRITE, 8, new byte[16])
                        .withRelocations(List.of(
                                new ElfRelocation(0, 0, Elf.R_JOMP_ADDR64, 0),
                                new ElfRelocation(8, 1, Elf.R_JOMP_ADDR64, 2))));
        List<ElfSymbol> symbols = List.of(
                new ElfSymbol(".str", 1, 2, 6, Elf.STB_LOCAL, Elf.STT_OBJECT).asHidden(),
                new ElfSymbol(".str.1", 1, 8, 6, Elf.STB_LOCAL, Elf.STT_OBJECT).asHidden(),
                new ElfSymbol("names", 2, 0, 16, Elf.STB_GLOBAL, Elf.STT_OBJECT));
        Path o = dir.resolve("hidden.o");
        byte[] bytes = ElfWriter.write(new ElfObject(sections, symbols));
        Files.write(o, bytes);
        assertThat(ExternalTool.check(dir, "nm", "hidden.o")).isEqualTo("0000000000000000 D names\n");
        String relocs = ExternalTool.check(dir, "readelf", "-W", "-r", "hidden.o");
        assertThat(relocs)
                .containsPattern("0000000000000000 .* \\.rodata \\+ 2\n")
                .containsPattern("0000000000000008 .* \\.rodata \\+ a\n");
        ElfObject back = ElfReader.read("hidden.o", bytes);
        assertThat(back.sections()).extracting(ElfSection::name).doesNotContain(Elf.PRIVATE_SYMBOLS_SECTION);
        assertThat(back.symbols()).contains(symbols.get(0), symbols.get(1));
        ElfRelocation r = back.section(".data").relocations().get(1);
        ElfSymbol target = back.symbols().get(r.symbol());
        assertThat(target.type()).isEqualTo(Elf.STT_SECTION);
        assertThat(target.section() == 1 && r.addend() == 10)
                .as("the .rodata section + 10")
                .isTrue();
        assertThat(ElfWriter.write(back)).isEqualTo(bytes);
    }

    @Test
    void gnuNmListsDefinedAndUndefinedSymbols() throws Exception {
        Path o = dir.resolve("sample.o");
        Files.write(o, ElfWriter.write(sample()));
        String nm = ExternalTool.check(dir, "nm", "sample.o");
        assertThat(nm.lines().toList())
                .containsExactlyInAnyOrder(
                        "0000000000000100 C common_buf", // nm shows a common symbol's size
                        "0000000000000000 b counter",
                        "                 w helper",
                        "0000000000000000 N main", // the class-file section is not SHF_ALLOC
                        "                 U printf",
                        "0000000000000000 D table");
    }

    @Test
    void gnuReadelfListsSymbolsAndRelocations() throws Exception {
        Path o = dir.resolve("sample.o");
        Files.write(o, ElfWriter.write(sample()));
        String syms = ExternalTool.check(dir, "readelf", "-W", "-s", "sample.o");
        assertThat(syms).contains("Symbol table '.symtab' contains 8 entries");
        assertThat(syms).containsPattern("FILE +LOCAL +DEFAULT +ABS zaxpy.c");
        assertThat(syms).containsPattern("16 OBJECT +GLOBAL +DEFAULT +2 table");
        assertThat(syms).containsPattern("NOTYPE +GLOBAL +DEFAULT +UND printf");
        assertThat(syms).containsPattern("FUNC +WEAK +DEFAULT +UND helper");
        String relocs = ExternalTool.check(dir, "readelf", "-W", "-r", "sample.o");
        assertThat(relocs).contains("Relocation section '.rela.data' at offset").contains("contains 2 entries");
        String header = ExternalTool.check(dir, "readelf", "-h", "sample.o");
        assertThat(header).containsPattern("Type: +REL \\(Relocatable file\\)").containsPattern("Machine: +None");
    }

    @Test
    void llvmReadelfShowsOffloadingSectionWithExcludeFlagAndAlignment8() throws Exception {
        Path o = dir.resolve("sample.o");
        Files.write(o, ElfWriter.write(sample()));
        String out = ExternalTool.check(dir, "llvm-readelf-19", "-WS", "sample.o");
        String line = out.lines()
                .filter(l -> l.contains(".llvm.offloading"))
                .findFirst()
                .orElseThrow();
        // [Nr] Name Type Address Off Size ES Flg Lk Inf Al
        assertThat(line)
                .containsPattern(
                        "\\.llvm\\.offloading +LLVM_OFFLOADING +0000000000000000 [0-9a-f]+ 000008 00 +E +0 +0 +8$");
        String bss = out.lines().filter(l -> l.contains(".bss")).findFirst().orElseThrow();
        assertThat(bss).containsPattern("NOBITS .* 000040 00 +WA +0 +0 +16$");
    }
}
