package jomp.objfile.offload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import jomp.objfile.ExternalTool;
import jomp.objfile.FormatException;
import jomp.objfile.elf.Elf;
import jomp.objfile.elf.ElfObject;
import jomp.objfile.elf.ElfReader;
import jomp.objfile.elf.ElfRelocation;
import jomp.objfile.elf.ElfSection;
import jomp.objfile.elf.ElfSymbol;
import jomp.objfile.elf.ElfWriter;
import jomp.offload.abi.OffloadEntries;
import jomp.offload.abi.SectionNames;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The omp_offloading_entries section: written, read back through the ELF file, checked by llvm-readelf, bad sections rejected. */
class OffloadEntriesSectionTest {
    static final String KERNEL = "__omp_offloading_803_1c2b3_main_l12";

    /** An object with a region id in .rodata (which already holds a string) and a global x in .data. */
    static ElfObject base() {
        List<ElfSection> sections = List.of(
                ElfSection.progbits(".rodata", Elf.SHF_ALLOC, 1, new byte[] {'h', 'i', 0, 0}),
                ElfSection.progbits(".data", Elf.SHF_ALLOC | Elf.SHF_WRITE, 8, new byte[16]));
        List<ElfSymbol> symbols = List.of(
                new ElfSymbol(OffloadEntries.REGION_ID_PREFIX + KERNEL, 1, 3, 1, Elf.STB_GLOBAL, Elf.STT_OBJECT),
                new ElfSymbol("x", 2, 0, 16, Elf.STB_GLOBAL, Elf.STT_OBJECT));
        return new ElfObject(sections, symbols);
    }

    static ElfObject withEntries() {
        return OffloadEntriesSection.append(
                base(),
                List.of(
                        new OffloadEntriesSection.Entry(0, KERNEL, 0, 0),
                        new OffloadEntriesSection.Entry(1, "x", 16, OffloadEntries.FLAG_LINK)));
    }

    @Test
    void entriesSurviveTheElfFile() {
        byte[] file = ElfWriter.write(withEntries());
        ElfObject o = ElfReader.read("a.o", file);
        List<OffloadEntriesSection.Entry> read = OffloadEntriesSection.read("a.o", o);
        assertThat(read).extracting(OffloadEntriesSection.Entry::name).containsExactly(KERNEL, "x");
        assertThat(read).extracting(OffloadEntriesSection.Entry::size).containsExactly(0L, 16L);
        assertThat(read).extracting(OffloadEntriesSection.Entry::flags).containsExactly(0, 1);
        assertThat(o.symbols().get(read.get(0).symbol()).name()).isEqualTo(OffloadEntries.REGION_ID_PREFIX + KERNEL);
        assertThat(o.symbols().get(read.get(1).symbol()).name()).isEqualTo("x");
        // the existing .rodata bytes stay where they were; the names follow them
        assertThat(new String(o.section(".rodata").data(), 0, 3)).isEqualTo("hi\0");
        ElfSection s = o.section(SectionNames.OFFLOAD_ENTRIES);
        assertThat(s.flags()).isEqualTo(Elf.SHF_ALLOC);
        assertThat(s.addralign()).isEqualTo(8);
        assertThat(s.data()).hasSize(64);
    }

    @Test
    void llvmReadelfSeesTheSectionAndItsRelocations(@TempDir Path dir) throws Exception {
        Files.write(dir.resolve("a.o"), ElfWriter.write(withEntries()));
        String sections = ExternalTool.check(dir, "llvm-readelf-19", "-S", "a.o");
        assertThat(sections)
                .containsPattern(
                        "omp_offloading_entries\\s+PROGBITS\\s+0+\\s+[0-9a-f]+\\s+000040\\s+00\\s+A\\s+0\\s+0\\s+8");
        String relocs = ExternalTool.check(dir, "llvm-readelf-19", "-r", "a.o");
        assertThat(relocs)
                .contains("Relocation section '.relaomp_offloading_entries'")
                .contains("contains 4 entries");
        assertThat(relocs)
                .contains(".omp_offloading.entry_name." + KERNEL)
                .contains(".omp_offloading.entry_name.x")
                .contains(OffloadEntries.REGION_ID_PREFIX + KERNEL);
        String strings = ExternalTool.check(dir, "llvm-readelf-19", "-p", ".rodata", "a.o");
        assertThat(strings).contains(KERNEL).contains("] x");
    }

    @Test
    void noSectionNoEntries() {
        assertThat(OffloadEntriesSection.read("a.o", base())).isEmpty();
    }

    private static ElfObject replaceEntries(ElfObject o, byte[] data, List<ElfRelocation> relocs) {
        List<ElfSection> sections = new ArrayList<>(o.sections());
        int i = o.sectionIndex(SectionNames.OFFLOAD_ENTRIES) - 1;
        ElfSection s = sections.get(i);
        sections.set(
                i, new ElfSection(s.name(), s.type(), s.flags(), s.addralign(), data, data.length, 0, 0, 0, relocs));
        return new ElfObject(sections, o.symbols());
    }

    @Test
    void malformedSectionsAreErrorsNamingTheFile() {
        ElfObject o = withEntries();
        ElfSection s = o.section(SectionNames.OFFLOAD_ENTRIES);
        assertThatThrownBy(() -> OffloadEntriesSection.read("a.o", replaceEntries(o, new byte[40], s.relocations())))
                .isInstanceOf(FormatException.class)
                .hasMessage("a.o: omp_offloading_entries section has size 40, not a multiple of 32");
        assertThatThrownBy(() -> OffloadEntriesSection.read(
                        "a.o", replaceEntries(o, s.data(), s.relocations().subList(0, 3))))
                .isInstanceOf(FormatException.class)
                .hasMessage("a.o: omp_offloading_entries entry 1 lacks the relocation of its name");
        List<ElfRelocation> wrongType = new ArrayList<>(s.relocations());
        wrongType.set(0, new ElfRelocation(0, 0, Elf.R_JOMP_FUNC64, 0));
        assertThatThrownBy(() -> OffloadEntriesSection.read("a.o", replaceEntries(o, s.data(), wrongType)))
                .isInstanceOf(FormatException.class)
                .hasMessageContaining("a.o: omp_offloading_entries section has a relocation of type 2");
        // the name points at the region id byte, which is 0 ... then at the last byte of .rodata without a NUL
        List<ElfRelocation> badName = new ArrayList<>(s.relocations());
        int rodataEnd = o.section(".rodata").data().length;
        badName.set(1, new ElfRelocation(8, 0, Elf.R_JOMP_ADDR64, rodataEnd));
        assertThatThrownBy(() -> OffloadEntriesSection.read("a.o", replaceEntries(o, s.data(), badName)))
                .isInstanceOf(FormatException.class)
                .hasMessageContaining("a.o: omp_offloading_entries entry 0: name symbol")
                .hasMessageEndingWith("points outside its section");
        List<ElfRelocation> undefinedName = new ArrayList<>(s.relocations());
        List<ElfSymbol> syms = new ArrayList<>(o.symbols());
        syms.add(ElfSymbol.undefined("elsewhere"));
        undefinedName.set(1, new ElfRelocation(8, syms.size() - 1, Elf.R_JOMP_ADDR64, 0));
        ElfObject u = replaceEntries(o, s.data(), undefinedName);
        ElfObject u2 = new ElfObject(u.sections(), syms);
        assertThatThrownBy(() -> OffloadEntriesSection.read("b.o", u2))
                .isInstanceOf(FormatException.class)
                .hasMessage(
                        "b.o: omp_offloading_entries entry 0: name symbol `elsewhere' is not defined in the object");
    }
}
