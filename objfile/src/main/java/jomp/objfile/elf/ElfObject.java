package jomp.objfile.elf;

import java.util.List;

/**
 * An ELF64 little-endian relocatable object as plain data: its content sections (ELF index
 * i + 1 for {@code sections.get(i)}), and its symbols without the null symbol. The symbol,
 * string and relocation tables are made by {@link ElfWriter} and folded back in by {@link ElfReader}.
 */
public record ElfObject(int machine, List<ElfSection> sections, List<ElfSymbol> symbols) {

    public ElfObject {
        sections = List.copyOf(sections);
        symbols = List.copyOf(symbols);
    }

    public ElfObject(List<ElfSection> sections, List<ElfSymbol> symbols) {
        this(Elf.EM_NONE, sections, symbols);
    }

    /** The first section of the given type, or null. */
    public ElfSection sectionOfType(int type) {
        for (ElfSection s : sections) {
            if (s.type() == type) {
                return s;
            }
        }
        return null;
    }

    /** The first section with the given name, or null. */
    public ElfSection section(String name) {
        for (ElfSection s : sections) {
            if (s.name().equals(name)) {
                return s;
            }
        }
        return null;
    }

    /** The ELF section index of the named section, or -1. */
    public int sectionIndex(String name) {
        for (int i = 0; i < sections.size(); i++) {
            if (sections.get(i).name().equals(name)) {
                return i + 1;
            }
        }
        return -1;
    }
}
