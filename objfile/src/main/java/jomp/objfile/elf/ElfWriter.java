package jomp.objfile.elf;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jomp.objfile.ByteWriter;

/**
 * Writes an {@link ElfObject} as an ELF64 little-endian ET_REL file. Section headers:
 * null, the content sections in order, {@code .comment} (unless the object has one),
 * {@link Elf#PRIVATE_SYMBOLS_SECTION} (when there are private symbols), one {@code .rela<name>}
 * per section with relocations, {@code .symtab} (locals first), {@code .strtab},
 * {@code .shstrtab}. Section data follows the ELF header, each aligned. A relocation against a
 * private symbol is written, as an assembler writes one against a temporary label, against its
 * section's STT_SECTION symbol with the symbol's value added to the addend.
 */
public final class ElfWriter {
    private record Header(
            int name, int type, long flags, long offset, long size, int link, int info, long align, long entsize) {}

    /** The symbol table as written: map[i] is the output index of symbols.get(i). */
    private record SymbolTable(int[] map, int firstGlobal, byte[] symtab, byte[] strtab) {}

    private final ElfObject obj;
    /** The sections written: the object's, then .comment and the private symbols' section where added. */
    private final List<ElfSection> sections;
    /** The object's symbols, then the section symbols that relocations against private symbols need. */
    private final List<ElfSymbol> symbols;
    /** The index in symbols of each section's STT_SECTION symbol; -1 for none. */
    private final int[] sectionSymbol;

    private final StringTable shstrtab = new StringTable();
    /** The section headers in order (offsets still 0) and each one's bytes (null for the null section). */
    private final List<Header> headers = new ArrayList<>();

    private final List<byte[]> datas = new ArrayList<>();

    private ElfWriter(ElfObject obj) {
        this.obj = obj;
        this.sections = new ArrayList<>(obj.sections());
        this.symbols = new ArrayList<>(obj.symbols());
        this.sectionSymbol = new int[obj.sections().size() + 1];
        java.util.Arrays.fill(sectionSymbol, -1);
    }

    /** The file's bytes; an object that no ELF file can hold (a symbol naming a missing section, ...) is an IllegalArgumentException. */
    public static byte[] write(ElfObject obj) {
        ElfWriter w = new ElfWriter(obj);
        w.addComment();
        w.addPrivateSymbols();
        int symtabIndex = w.checkIndexes();
        SymbolTable symtab = w.symbolTable();
        w.addContentHeaders();
        w.addRelocationSections(symtabIndex, symtab.map());
        w.addStringAndSymbolTables(symtabIndex, symtab);
        return w.file(symtabIndex + 2);
    }

    private void addComment() {
        if (obj.section(".comment") == null) {
            byte[] text = (Elf.COMMENT + "\0").getBytes(StandardCharsets.UTF_8);
            sections.add(new ElfSection(
                    ".comment",
                    Elf.SHT_PROGBITS,
                    Elf.SHF_MERGE | Elf.SHF_STRINGS,
                    1,
                    text,
                    text.length,
                    0,
                    0,
                    1,
                    List.of()));
        }
    }

    private void addPrivateSymbols() {
        // private symbols go to a section of their own; relocations against them use section symbols
        for (int i = 0; i < symbols.size(); i++) {
            ElfSymbol s = symbols.get(i);
            if (s.type() == Elf.STT_SECTION
                    && s.isLocal()
                    && s.value() == 0
                    && s.section() > 0
                    && s.section() < sectionSymbol.length
                    && sectionSymbol[s.section()] < 0) sectionSymbol[s.section()] = i;
        }
        ByteWriter privates = new ByteWriter();
        for (ElfSymbol s : obj.symbols()) {
            if (!s.isPrivate()) continue;
            byte[] name = s.name().getBytes(StandardCharsets.UTF_8);
            privates.u32(name.length)
                    .bytes(name)
                    .u32(s.section())
                    .u64(s.value())
                    .u64(s.size())
                    .u8(s.type());
        }
        for (ElfSection s : obj.sections()) {
            for (ElfRelocation r : s.relocations()) {
                if (r.symbol() < 0 || r.symbol() >= obj.symbols().size()) continue;
                ElfSymbol t = obj.symbols().get(r.symbol());
                if (t.isPrivate() && t.section() < sectionSymbol.length && sectionSymbol[t.section()] < 0) {
                    sectionSymbol[t.section()] = symbols.size();
                    symbols.add(new ElfSymbol("", t.section(), 0, 0, Elf.STB_LOCAL, Elf.STT_SECTION));
                }
            }
        }
        if (privates.position() > 0) {
            byte[] bytes = privates.toByteArray();
            sections.add(new ElfSection(
                    Elf.PRIVATE_SYMBOLS_SECTION, Elf.SHT_PROGBITS, 0, 1, bytes, bytes.length, 0, 0, 0, List.of()));
        }
    }

    /** The index of .symtab, after the content and relocation sections; checks that every index fits. */
    private int checkIndexes() {
        int contentCount = sections.size();
        int relaCount = 0;
        for (ElfSection s : sections) {
            if (!s.relocations().isEmpty()) {
                relaCount++;
            }
        }
        int symtabIndex = 1 + contentCount + relaCount;
        if (symtabIndex + 3 > Elf.SHN_LORESERVE) {
            throw new IllegalArgumentException("too many sections for ELF section indexes: " + (symtabIndex + 3));
        }
        for (ElfSymbol s : obj.symbols()) {
            if (s.section() > obj.sections().size() && s.section() < Elf.SHN_LORESERVE) {
                throw new IllegalArgumentException("symbol " + s.name() + " refers to section " + s.section() + " of "
                        + obj.sections().size());
            }
        }
        return symtabIndex;
    }

    private SymbolTable symbolTable() {
        // Symbols: null first, then locals, then the rest; map[i] is the output index of symbols.get(i).
        int[] map = new int[symbols.size()];
        List<ElfSymbol> ordered = new ArrayList<>(symbols.size());
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < symbols.size(); i++) {
                if (symbols.get(i).isPrivate()) {
                    continue;
                }
                if (symbols.get(i).isLocal() == (pass == 0)) {
                    map[i] = ordered.size() + 1;
                    ordered.add(symbols.get(i));
                }
            }
        }
        int firstGlobal = 1;
        for (ElfSymbol s : ordered) {
            if (s.isLocal()) {
                firstGlobal++;
            }
        }
        StringTable strtab = new StringTable();
        ByteWriter symtab = new ByteWriter();
        symtab.bytes(new byte[Elf.SYM_SIZE]);
        for (ElfSymbol s : ordered) {
            symtab.u32(strtab.add(s.name()))
                    .u8(s.bind() << 4 | s.type() & 0xF)
                    .u8(s.visibility() & 3)
                    .u16(s.section())
                    .u64(s.value())
                    .u64(s.size());
        }
        return new SymbolTable(map, firstGlobal, symtab.toByteArray(), strtab.bytes());
    }

    /** The null section's header and the content sections'. */
    private void addContentHeaders() {
        headers.add(new Header(0, Elf.SHT_NULL, 0, 0, 0, 0, 0, 0, 0));
        datas.add(null);
        for (ElfSection s : sections) {
            headers.add(new Header(
                    shstrtab.add(s.name()),
                    s.type(),
                    s.flags(),
                    0,
                    s.size(),
                    s.link(),
                    s.info(),
                    s.addralign(),
                    s.entsize()));
            datas.add(s.data());
        }
    }

    /** One .rela section per section with relocations, against the symbols' output indexes. */
    private void addRelocationSections(int symtabIndex, int[] map) {
        for (int i = 0; i < sections.size(); i++) {
            ElfSection s = sections.get(i);
            if (s.relocations().isEmpty()) {
                continue;
            }
            ByteWriter rela = new ByteWriter();
            for (ElfRelocation r : s.relocations()) {
                if (r.symbol() >= obj.symbols().size()) {
                    throw new IllegalArgumentException("relocation in " + s.name() + " refers to symbol " + r.symbol()
                            + " of " + obj.symbols().size());
                }
                long addend = r.addend();
                int target = r.symbol();
                if (target >= 0 && symbols.get(target).isPrivate()) {
                    addend += symbols.get(target).value();
                    target = sectionSymbol[symbols.get(target).section()];
                }
                long sym = target < 0 ? 0 : map[target];
                rela.u64(r.offset()).u64(sym << 32 | (r.type() & 0xFFFFFFFFL)).u64(addend);
            }
            byte[] bytes = rela.toByteArray();
            headers.add(new Header(
                    shstrtab.add(".rela" + s.name()),
                    Elf.SHT_RELA,
                    Elf.SHF_INFO_LINK,
                    0,
                    bytes.length,
                    symtabIndex,
                    i + 1,
                    8,
                    Elf.RELA_SIZE));
            datas.add(bytes);
        }
    }

    /** .symtab, .strtab and .shstrtab, the last sections. */
    private void addStringAndSymbolTables(int symtabIndex, SymbolTable symtab) {
        int strtabIndex = symtabIndex + 1;
        byte[] symBytes = symtab.symtab();
        headers.add(new Header(
                shstrtab.add(".symtab"),
                Elf.SHT_SYMTAB,
                0,
                0,
                symBytes.length,
                strtabIndex,
                symtab.firstGlobal(),
                8,
                Elf.SYM_SIZE));
        datas.add(symBytes);
        byte[] strBytes = symtab.strtab();
        headers.add(new Header(shstrtab.add(".strtab"), Elf.SHT_STRTAB, 0, 0, strBytes.length, 0, 0, 1, 0));
        datas.add(strBytes);
        int shstrName = shstrtab.add(".shstrtab");
        byte[] shstrBytes = shstrtab.bytes();
        headers.add(new Header(shstrName, Elf.SHT_STRTAB, 0, 0, shstrBytes.length, 0, 0, 1, 0));
        datas.add(shstrBytes);
    }

    /** The ELF header, the sections' data (each aligned) and the section header table. */
    private byte[] file(int shstrtabIndex) {
        ByteWriter out = new ByteWriter();
        out.bytes(new byte[Elf.EHDR_SIZE]);
        long[] offsets = new long[headers.size()];
        for (int i = 1; i < headers.size(); i++) {
            Header h = headers.get(i);
            out.align(h.align());
            offsets[i] = out.position();
            if (datas.get(i) != null) {
                out.bytes(datas.get(i));
            }
        }
        out.align(8);
        long shoff = out.position();
        for (int i = 0; i < headers.size(); i++) {
            Header h = headers.get(i);
            out.u32(h.name())
                    .u32(h.type())
                    .u64(h.flags())
                    .u64(0)
                    .u64(offsets[i])
                    .u64(h.size())
                    .u32(h.link())
                    .u32(h.info())
                    .u64(h.align())
                    .u64(h.entsize());
        }
        byte[] file = out.toByteArray();
        System.arraycopy(elfHeader(shoff, shstrtabIndex), 0, file, 0, Elf.EHDR_SIZE);
        return file;
    }

    /** EI_OSABI: ELFOSABI_GNU (3) where a symbol is an ifunc, as GNU as marks the object (readelf then names IFUNC), else 0. */
    private int osabi() {
        for (ElfSymbol s : symbols) if (s.type() == Elf.STT_GNU_IFUNC) return 3;
        return 0;
    }

    private byte[] elfHeader(long shoff, int shstrtabIndex) {
        ByteWriter ehdr = new ByteWriter();
        ehdr.u8(0x7f)
                .u8('E')
                .u8('L')
                .u8('F')
                .u8(2)
                .u8(1)
                .u8(1)
                .u8(osabi())
                .u64(0)
                .u16(Elf.ET_REL)
                .u16(obj.machine())
                .u32(1)
                .u64(0)
                .u64(0)
                .u64(shoff)
                .u32(0)
                .u16(Elf.EHDR_SIZE)
                .u16(0)
                .u16(0)
                .u16(Elf.SHDR_SIZE)
                .u16(headers.size())
                .u16(shstrtabIndex);
        return ehdr.toByteArray();
    }

    /** A string table starting with the empty string; equal strings share one entry. */
    static final class StringTable {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final Map<String, Integer> offsets = new HashMap<>();

        StringTable() {
            bytes.write(0);
            offsets.put("", 0);
        }

        int add(String s) {
            Integer at = offsets.get(s);
            if (at != null) {
                return at;
            }
            int offset = bytes.size();
            bytes.writeBytes(s.getBytes(StandardCharsets.UTF_8));
            bytes.write(0);
            offsets.put(s, offset);
            return offset;
        }

        byte[] bytes() {
            return bytes.toByteArray();
        }
    }
}
