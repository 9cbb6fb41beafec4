package jomp.objfile.elf;

import java.util.ArrayList;
import java.util.List;
import jomp.objfile.ByteReader;
import jomp.objfile.FormatException;

/**
 * Reads an ELF64 little-endian relocatable file into an {@link ElfObject}: the symbol table,
 * its string table, the section-name table and SHT_RELA sections are folded into symbols and
 * per-section relocations; every other section is kept, and symbol section indexes are renumbered
 * to match. Anything malformed is a {@link FormatException}.
 */
public final class ElfReader {
    private final ByteReader in;

    private record Shdr(
            int index,
            int name,
            int type,
            long flags,
            long offset,
            long size,
            int link,
            int info,
            long align,
            long entsize) {}

    private ElfReader(String file, byte[] data) {
        this.in = new ByteReader(file, data);
    }

    public static ElfObject read(String fileName, byte[] data) {
        return new ElfReader(fileName, data).read();
    }

    /** True when {@code data} starts with the ELF magic (whatever else it holds). */
    public static boolean isElf(byte[] data) {
        return data.length >= 4 && data[0] == 0x7f && data[1] == 'E' && data[2] == 'L' && data[3] == 'F';
    }

    private FormatException error(String problem) {
        return in.error(problem);
    }

    private ElfObject read() {
        if (!isElf(in.data())) {
            throw error("not an ELF file (bad magic)");
        }
        in.check(0, Elf.EHDR_SIZE, "ELF header");
        if (in.u8(4, "class") != 2 || in.u8(5, "data") != 1) {
            throw error("not a 64-bit little-endian ELF file");
        }
        int type = in.u16(16, "e_type");
        if (type != Elf.ET_REL) {
            throw error("not a relocatable object (e_type " + type + ")");
        }
        int machine = in.u16(18, "e_machine");
        long shoff = in.u64(40, "e_shoff");
        int shentsize = in.u16(58, "e_shentsize");
        int shnum = in.u16(60, "e_shnum");
        int shstrndx = in.u16(62, "e_shstrndx");
        if (shnum == 0) {
            throw error(shoff == 0 ? "no section headers" : "extended section numbering is not supported");
        }
        if (shentsize != Elf.SHDR_SIZE) {
            throw error("section header size is " + shentsize + ", expected 64");
        }
        Shdr[] shdrs = sectionHeaders(shoff, shnum);
        if (shstrndx == 0 || shstrndx >= shnum || shdrs[shstrndx].type() != Elf.SHT_STRTAB) {
            throw error("section-name string table index " + shstrndx + " is not a string table");
        }
        Shdr names = shdrs[shstrndx];
        String[] sectionNames = new String[shnum];
        for (int i = 1; i < shnum; i++) {
            sectionNames[i] = string(names, Integer.toUnsignedLong(shdrs[i].name()), "name of section " + i);
        }

        // Find the symbol table; the sections folded into it are dropped from the content list.
        int symtabIndex = symbolTableIndex(shdrs);
        boolean[] dropped = new boolean[shnum];
        dropped[shstrndx] = true;
        int strtabIndex = -1;
        if (symtabIndex >= 0) {
            dropped[symtabIndex] = true;
            strtabIndex = shdrs[symtabIndex].link();
            if (strtabIndex <= 0 || strtabIndex >= shnum || shdrs[strtabIndex].type() != Elf.SHT_STRTAB) {
                throw error("symbol table's string table index " + Integer.toUnsignedString(strtabIndex)
                        + " is not a string table");
            }
            dropped[strtabIndex] = true;
        }
        for (int i = 1; i < shnum; i++) {
            if (shdrs[i].type() == Elf.SHT_RELA) {
                dropped[i] = true;
            }
        }
        int[] newIndex = new int[shnum];
        int next = 1;
        for (int i = 1; i < shnum; i++) {
            newIndex[i] = dropped[i] ? -1 : next++;
        }

        List<ElfSymbol> symbols =
                symtabIndex < 0 ? List.of() : symbols(shdrs[symtabIndex], shdrs[strtabIndex], newIndex);
        for (int i = 1; i < shnum; i++) { // jomp's private symbols, after the symbol table's
            if (!dropped[i] && Elf.PRIVATE_SYMBOLS_SECTION.equals(sectionNames[i])) {
                symbols = new ArrayList<>(symbols);
                privateSymbols(shdrs[i], newIndex, symbols);
            }
        }
        List<List<ElfRelocation>> relocs = new ArrayList<>();
        for (int i = 0; i < shnum; i++) {
            relocs.add(new ArrayList<>());
        }
        for (int i = 1; i < shnum; i++) {
            if (shdrs[i].type() == Elf.SHT_RELA) {
                relocations(shdrs[i], symtabIndex, symbols.size(), newIndex, relocs);
            }
        }
        return new ElfObject(machine, sections(shdrs, sectionNames, dropped, relocs), symbols);
    }

    /** The section header table (shnum entries at shoff), each section's extent checked. */
    private Shdr[] sectionHeaders(long shoff, int shnum) {
        in.check(shoff, (long) shnum * Elf.SHDR_SIZE, "section header table");
        Shdr[] shdrs = new Shdr[shnum];
        for (int i = 0; i < shnum; i++) {
            long o = shoff + (long) i * Elf.SHDR_SIZE;
            Shdr h = new Shdr(
                    i,
                    (int) in.u32(o, "sh_name"),
                    (int) in.u32(o + 4, "sh_type"),
                    in.u64(o + 8, "sh_flags"),
                    in.u64(o + 24, "sh_offset"),
                    in.u64(o + 32, "sh_size"),
                    (int) in.u32(o + 40, "sh_link"),
                    (int) in.u32(o + 44, "sh_info"),
                    in.u64(o + 48, "sh_addralign"),
                    in.u64(o + 56, "sh_entsize"));
            if (i > 0 && h.type() != Elf.SHT_NOBITS) {
                in.check(h.offset(), h.size(), "section " + i);
            }
            shdrs[i] = h;
        }
        return shdrs;
    }

    /** The index of the one symbol table, or -1 if there is none. */
    private int symbolTableIndex(Shdr[] shdrs) {
        int symtabIndex = -1;
        for (int i = 1; i < shdrs.length; i++) {
            if (shdrs[i].type() == Elf.SHT_SYMTAB) {
                if (symtabIndex >= 0) {
                    throw error("more than one symbol table");
                }
                symtabIndex = i;
            }
            if (shdrs[i].type() == Elf.SHT_SYMTAB_SHNDX) {
                throw error("extended symbol section indexes are not supported");
            }
        }
        return symtabIndex;
    }

    /** The sections kept (not dropped, not jomp's private symbols), each with its relocations. */
    private List<ElfSection> sections(
            Shdr[] shdrs, String[] sectionNames, boolean[] dropped, List<List<ElfRelocation>> relocs) {
        List<ElfSection> sections = new ArrayList<>();
        for (int i = 1; i < shdrs.length; i++) {
            if (dropped[i] || Elf.PRIVATE_SYMBOLS_SECTION.equals(sectionNames[i])) {
                continue;
            }
            Shdr h = shdrs[i];
            byte[] data = h.type() == Elf.SHT_NOBITS ? null : in.bytes(h.offset(), h.size(), "section " + i);
            sections.add(new ElfSection(
                    sectionNames[i],
                    h.type(),
                    h.flags(),
                    h.align(),
                    data,
                    h.size(),
                    h.link(),
                    h.info(),
                    h.entsize(),
                    relocs.get(i)));
        }
        return sections;
    }

    private String string(Shdr table, long offset, String what) {
        if (offset < 0 || offset >= table.size()) {
            throw error(what + " (offset " + ByteReader.hex(offset) + ") is outside its string table (size "
                    + ByteReader.hex(table.size()) + ")");
        }
        return in.cstring(table.offset() + offset, table.offset() + table.size(), what);
    }

    private List<ElfSymbol> symbols(Shdr symtab, Shdr strtab, int[] newIndex) {
        if (symtab.entsize() != Elf.SYM_SIZE || symtab.size() % Elf.SYM_SIZE != 0) {
            throw error("symbol table entry size " + symtab.entsize() + " or size " + ByteReader.hex(symtab.size())
                    + " is not a multiple of 24");
        }
        int count = (int) (symtab.size() / Elf.SYM_SIZE);
        List<ElfSymbol> symbols = new ArrayList<>(Math.max(0, count - 1));
        for (int i = 1; i < count; i++) {
            long o = symtab.offset() + (long) i * Elf.SYM_SIZE;
            String name = string(strtab, in.u32(o, "st_name"), "name of symbol " + i);
            int info = in.u8(o + 4, "st_info");
            int shndx = in.u16(o + 6, "st_shndx");
            int section = shndx;
            if (shndx != Elf.SHN_UNDEF && shndx < Elf.SHN_LORESERVE) {
                if (shndx >= newIndex.length || newIndex[shndx] < 0) {
                    throw error("symbol " + i + " (" + name + ") refers to section " + shndx
                            + ", which is not a content section");
                }
                section = newIndex[shndx];
            } else if (shndx == Elf.SHN_XINDEX) {
                throw error("extended symbol section indexes are not supported");
            }
            symbols.add(new ElfSymbol(
                    name,
                    section,
                    in.u64(o + 8, "st_value"),
                    in.u64(o + 16, "st_size"),
                    info >>> 4,
                    // an ifunc links as the function it is in jomp's objects (its code calls the resolved one)
                    (info & 0xF) == Elf.STT_GNU_IFUNC ? Elf.STT_FUNC : info & 0xF,
                    false,
                    in.u8(o + 5, "st_other") & 3));
        }
        return symbols;
    }

    private void privateSymbols(Shdr h, int[] newIndex, List<ElfSymbol> out) {
        long o = h.offset(), end = h.offset() + h.size();
        while (o < end) {
            long n = in.u32(o, "private symbol name length");
            if (n > end - o - 4) {
                throw error("private symbol at " + ByteReader.hex(o) + " runs past its section");
            }
            String name =
                    new String(in.bytes(o + 4, n, "private symbol name"), java.nio.charset.StandardCharsets.UTF_8);
            o += 4 + n;
            long shndx = in.u32(o, "private symbol section");
            if (shndx <= 0 || shndx >= newIndex.length || newIndex[(int) shndx] < 0) {
                throw error(
                        "private symbol " + name + " refers to section " + shndx + ", which is not a content section");
            }
            out.add(new ElfSymbol(
                    name,
                    newIndex[(int) shndx],
                    in.u64(o + 4, "private symbol value"),
                    in.u64(o + 12, "private symbol size"),
                    Elf.STB_LOCAL,
                    in.u8(o + 20, "private symbol type"),
                    true));
            o += 21;
        }
    }

    private void relocations(
            Shdr rela, int symtabIndex, int symbolCount, int[] newIndex, List<List<ElfRelocation>> out) {
        if (rela.entsize() != Elf.RELA_SIZE || rela.size() % Elf.RELA_SIZE != 0) {
            throw error("relocation section " + rela.index() + " entry size " + rela.entsize() + " or size "
                    + ByteReader.hex(rela.size()) + " is not a multiple of 24");
        }
        if (rela.link() != symtabIndex) {
            throw error("relocation section " + rela.index() + " does not use the symbol table");
        }
        int target = rela.info();
        if (target <= 0 || target >= newIndex.length || newIndex[target] < 0) {
            throw error("relocation section " + rela.index() + " applies to section " + Integer.toUnsignedString(target)
                    + ", which is not a content section");
        }
        long count = rela.size() / Elf.RELA_SIZE;
        List<ElfRelocation> list = out.get(target);
        for (long i = 0; i < count; i++) {
            long o = rela.offset() + i * Elf.RELA_SIZE;
            long info = in.u64(o + 8, "r_info");
            long sym = info >>> 32;
            if (sym > symbolCount) {
                throw error("relocation " + i + " in section " + rela.index() + " refers to symbol " + sym + " of "
                        + symbolCount);
            }
            list.add(new ElfRelocation(in.u64(o, "r_offset"), (int) sym - 1, (int) info, in.u64(o + 16, "r_addend")));
        }
    }
}
