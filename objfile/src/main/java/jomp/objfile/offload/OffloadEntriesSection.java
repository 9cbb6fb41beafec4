package jomp.objfile.offload;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jomp.objfile.ByteReader;
import jomp.objfile.ByteWriter;
import jomp.objfile.FormatException;
import jomp.objfile.elf.Elf;
import jomp.objfile.elf.ElfObject;
import jomp.objfile.elf.ElfRelocation;
import jomp.objfile.elf.ElfSection;
import jomp.objfile.elf.ElfSymbol;
import jomp.offload.abi.OffloadEntries;
import jomp.offload.abi.SectionNames;

/**
 * The {@code omp_offloading_entries} section of an object (docs/design/offload-abi.md §3): 32-byte
 * records, libomptarget's {@code __tgt_offload_entry}: {@code u64 addr}, {@code u64 name} (both
 * R_JOMP_ADDR64 relocations; the name points at a NUL-terminated string), {@code u64 size},
 * {@code i32 flags}, {@code i32 reserved} (the layout and names: jomp.offload.abi.OffloadEntries).
 * The frontend writes it with {@link #append}, the
 * linker-wrapper reads it with {@link #read}.
 */
public final class OffloadEntriesSection {
    private OffloadEntriesSection() {}

    private static final String NAME = SectionNames.OFFLOAD_ENTRIES;
    private static final int ENTRY_SIZE = OffloadEntries.ENTRY_SIZE;

    /**
     * One entry as written or read. {@code symbol} is the index (in {@link ElfObject#symbols()}) of the
     * symbol the addr field is relocated against: the region id of a kernel, or the global;
     * {@code addend} is that relocation's addend.
     */
    public record Entry(int symbol, long addend, String name, long size, int flags) {
        public Entry(int symbol, String name, long size, int flags) {
            this(symbol, 0, name, size, flags);
        }
    }

    /** The entries of every {@code omp_offloading_entries} section of the object, in order; none if it has no such section. */
    public static List<Entry> read(String file, ElfObject o) {
        List<Entry> out = new ArrayList<>();
        for (ElfSection s : o.sections()) {
            if (s.name().equals(NAME)) out.addAll(read(file, o, s));
        }
        return out;
    }

    /** The entries of one section; a malformed section is a {@link FormatException} naming the file. */
    public static List<Entry> read(String file, ElfObject o, ElfSection s) {
        if (s.data() == null) throw new FormatException(file, NAME + " section has no contents (SHT_NOBITS)");
        byte[] d = s.data();
        if (d.length % ENTRY_SIZE != 0) {
            throw new FormatException(
                    file, NAME + " section has size " + d.length + ", not a multiple of " + ENTRY_SIZE);
        }
        ByteReader in = new ByteReader(file, d);
        Map<Long, ElfRelocation> relocs = new HashMap<>();
        for (ElfRelocation r : s.relocations()) {
            if (r.type() != Elf.R_JOMP_ADDR64) {
                throw new FormatException(
                        file,
                        NAME + " section has a relocation of type " + r.type() + " at offset "
                                + ByteReader.hex(r.offset()) + " (only R_JOMP_ADDR64 is allowed)");
            }
            if (r.symbol() < 0 || r.symbol() >= o.symbols().size()) {
                throw new FormatException(
                        file,
                        NAME + " section has a relocation at offset " + ByteReader.hex(r.offset())
                                + " without a symbol");
            }
            if (relocs.put(r.offset(), r) != null) {
                throw new FormatException(
                        file, NAME + " section has two relocations at offset " + ByteReader.hex(r.offset()));
            }
        }
        List<Entry> out = new ArrayList<>(d.length / ENTRY_SIZE);
        for (int at = 0; at < d.length; at += ENTRY_SIZE) {
            int index = at / ENTRY_SIZE;
            ElfRelocation addr = relocs.get((long) at), name = relocs.get((long) at + 8);
            if (addr == null || name == null) {
                throw new FormatException(
                        file,
                        NAME + " entry " + index + " lacks the relocation of its "
                                + (addr == null ? "address" : "name"));
            }
            String n = string(file, o, o.symbols().get(name.symbol()), name.addend(), index);
            long size = in.u64(at + 16, "size");
            int flags = (int) in.u32(at + 24, "flags");
            out.add(new Entry(addr.symbol(), addr.addend(), n, size, flags));
        }
        return out;
    }

    /** The NUL-terminated string at symbol + addend, which must lie in a section of the object. */
    private static String string(String file, ElfObject o, ElfSymbol s, long addend, int index) {
        String what = NAME + " entry " + index + ": name symbol `" + s.name() + "'";
        if (!s.isDefined()
                || s.section() >= Elf.SHN_LORESERVE
                || s.section() > o.sections().size()) {
            throw new FormatException(file, what + " is not defined in the object");
        }
        byte[] d = o.sections().get(s.section() - 1).data();
        if (d == null) throw new FormatException(file, what + " is in a section without contents");
        long start = s.value() + addend;
        if (start < 0 || start >= d.length) throw new FormatException(file, what + " points outside its section");
        int end = (int) start;
        while (end < d.length && d[end] != 0) end++;
        if (end == d.length) throw new FormatException(file, what + " is not NUL-terminated");
        return new String(d, (int) start, end - (int) start, StandardCharsets.UTF_8);
    }

    /**
     * The object with {@code entries} added: each name as a NUL-terminated string appended to
     * {@code .rodata} (made if absent) with a local symbol {@code .omp_offloading.entry_name.<name>},
     * and a new {@code omp_offloading_entries} section (SHT_PROGBITS, SHF_ALLOC, align 8) whose
     * addr and name fields are R_JOMP_ADDR64 relocations. Entry {@code symbol}s index {@code o.symbols()}.
     */
    public static ElfObject append(ElfObject o, List<Entry> entries) {
        if (entries.isEmpty()) return o;
        List<ElfSection> sections = new ArrayList<>(o.sections());
        List<ElfSymbol> symbols = new ArrayList<>(o.symbols());
        int rodata = o.sectionIndex(".rodata");
        ElfSection old = rodata < 0 ? null : sections.get(rodata - 1);
        if (old != null && old.data() == null) throw new IllegalArgumentException(".rodata has no contents");
        ByteWriter strings = new ByteWriter();
        if (old != null) strings.bytes(old.data());
        if (rodata < 0) {
            sections.add(null);
            rodata = sections.size();
        }
        ByteWriter table = new ByteWriter();
        List<ElfRelocation> relocs = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            Entry e = entries.get(i);
            if (e.symbol() < 0 || e.symbol() >= o.symbols().size()) {
                throw new IllegalArgumentException("offload entry " + e.name() + " refers to symbol " + e.symbol()
                        + " of " + o.symbols().size());
            }
            long at = strings.position();
            byte[] name = e.name().getBytes(StandardCharsets.UTF_8);
            strings.bytes(name).u8(0);
            symbols.add(new ElfSymbol(
                    OffloadEntries.NAME_SYMBOL_PREFIX + e.name(),
                    rodata,
                    at,
                    name.length + 1,
                    Elf.STB_LOCAL,
                    Elf.STT_OBJECT));
            relocs.add(new ElfRelocation((long) i * ENTRY_SIZE, e.symbol(), Elf.R_JOMP_ADDR64, e.addend()));
            relocs.add(new ElfRelocation((long) i * ENTRY_SIZE + 8, symbols.size() - 1, Elf.R_JOMP_ADDR64, 0));
            table.u64(0).u64(0).u64(e.size()).u32(e.flags()).u32(0);
        }
        byte[] data = strings.toByteArray();
        sections.set(
                rodata - 1,
                old == null
                        ? ElfSection.progbits(".rodata", Elf.SHF_ALLOC, 1, data)
                        : new ElfSection(
                                old.name(),
                                old.type(),
                                old.flags(),
                                old.addralign(),
                                data,
                                data.length,
                                old.link(),
                                old.info(),
                                old.entsize(),
                                old.relocations()));
        sections.add(new ElfSection(
                NAME,
                Elf.SHT_PROGBITS,
                Elf.SHF_ALLOC,
                8,
                table.toByteArray(),
                ENTRY_SIZE * (long) entries.size(),
                0,
                0,
                0,
                relocs));
        return new ElfObject(o.machine(), sections, symbols);
    }
}
