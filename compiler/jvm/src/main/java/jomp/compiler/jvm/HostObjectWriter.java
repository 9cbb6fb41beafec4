package jomp.compiler.jvm;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Global;
import jomp.compiler.ir.Module;
import jomp.compiler.ir.OffloadEntry;
import jomp.objfile.elf.Elf;
import jomp.objfile.elf.ElfObject;
import jomp.objfile.elf.ElfRelocation;
import jomp.objfile.elf.ElfSection;
import jomp.objfile.elf.ElfSymbol;
import jomp.objfile.elf.ElfWriter;
import jomp.offload.abi.OffloadEntries;
import jomp.offload.abi.SectionNames;

/**
 * Writes a translation unit as a host object (docs/formats.md, "jomp's host objects"): an ELF relocatable file holding the
 * unit's class files (one section {@code .jomp.class.<name>} each), its globals in
 * {@code .rodata}/{@code .data.rel.ro}/{@code .data}/{@code .bss} with {@code .rela} relocations for addresses in data,
 * a symbol table with every defined and undefined symbol, and the packaged device images in
 * {@code .llvm.offloading} when there are any.
 */
public final class HostObjectWriter {
    /** Prefix of the sections that hold class files; the rest of the name is the class's internal name with '.'. */
    public static final String CLASS_SECTION_PREFIX = ".jomp.class.";
    /**
     * The C signatures of the unit's functions, one line {@code name TAB csig} each (abi.md § Native
     * calls): the link needs them for pointers to these functions that native code may call.
     */
    public static final String CSIG_SECTION = ".jomp.csig";
    /**
     * The unit's function aliases, one line {@code alias TAB function} each: the symbol of an alias
     * shares its function's place, and the link calls the function's method for it.
     */
    public static final String ALIAS_SECTION = ".jomp.alias";

    private final Module m;
    private final List<ElfSection> sections = new ArrayList<>();
    private final List<ElfSymbol> symbols = new ArrayList<>();
    private final Map<String, Integer> symbolIndex = new HashMap<>();
    /** Each global's data section (its layout) and its offset there. */
    private final Map<Global, Layout> where = new HashMap<>();

    private final Map<Global, Long> offset = new HashMap<>();
    /** .data.rel.ro's layout, and the section numbers of .data.rel.ro and .data (0: none). */
    private Layout relro;

    private int relroIdx, rwIdx;

    private HostObjectWriter(Module m) {
        this.m = m;
    }

    public static byte[] write(Module m, List<JvmBackend.ClassFile> classes, byte[] offloadBinaries) {
        HostObjectWriter w = new HostObjectWriter(m);
        w.code(classes);
        w.globals();
        String aliases = w.aliases();
        undefinedSymbols(m, w.symbols, w.symbolIndex);
        w.relocations();
        w.visibility();
        List<ElfSection> sections = w.sections;
        if (!aliases.isEmpty())
            sections.add(ElfSection.progbits(
                    ALIAS_SECTION, 0, 1, aliases.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        String csigs = csigs(m);
        if (!csigs.isEmpty())
            sections.add(
                    ElfSection.progbits(CSIG_SECTION, 0, 1, csigs.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        if (!m.offloadEntries.isEmpty()) sections.add(entries(m, w.symbolIndex));
        if (offloadBinaries != null && offloadBinaries.length > 0) sections.add(ElfSection.offloading(offloadBinaries));
        sections.add(jomp.objfile.jvm.ObjectCheck.section(
                sections, w.symbols)); // last: the link compares it before it reads the rest
        return ElfWriter.write(new ElfObject(sections, w.symbols));
    }

    /** The class sections, and the functions' symbols in the unit's class. */
    private void code(List<JvmBackend.ClassFile> classes) {
        // the class files are the unit's code: allocated and executable, as .text is, so nm and
        // friends see the functions as code ('T', 't')
        int firstClassSection = sections.size() + 1;
        for (JvmBackend.ClassFile c : classes) {
            sections.add(ElfSection.progbits(
                    CLASS_SECTION_PREFIX + c.name().replace('/', '.'),
                    Elf.SHF_ALLOC | Elf.SHF_EXECINSTR,
                    1,
                    c.bytes()));
        }
        // functions: FUNC symbols in the unit's class section, at their method's bytecode
        Map<String, MethodCode.Range> code =
                classes.isEmpty() ? Map.of() : MethodCode.of(classes.get(0).bytes());
        for (Function f : m.functions) {
            MethodCode.Range r =
                    code.getOrDefault(jomp.objfile.jvm.JvmNames.method(f.name), new MethodCode.Range(0, 0));
            symbolIndex.put(f.name, symbols.size());
            ElfSymbol s = new ElfSymbol(
                    f.name,
                    firstClassSection,
                    r.offset(),
                    r.length(),
                    f.isStatic ? Elf.STB_LOCAL : f.weak ? Elf.STB_WEAK : Elf.STB_GLOBAL,
                    f.ifunc ? Elf.STT_GNU_IFUNC : Elf.STT_FUNC);
            symbols.add(compilers(f.isStatic, f.name) ? s.asHidden() : s);
        }
    }

    /** The data sections and the globals' symbols in them. */
    private void globals() {
        // globals, laid out per section in declaration order; read-only data that holds addresses
        // goes to .data.rel.ro, as gcc and clang put it (written when the program is loaded)
        Layout ro = new Layout(false), rw = new Layout(false), bss = new Layout(true);
        relro = new Layout(false);
        for (Global g : m.globals) {
            Layout l = g.isZero() && !g.readOnly ? bss : g.readOnly ? (g.relocs.isEmpty() ? ro : relro) : rw;
            where.put(g, l);
            offset.put(g, l.place(g));
        }
        int roIdx = 0, bssIdx = 0;
        if (ro.size > 0) {
            sections.add(ElfSection.progbits(".rodata", Elf.SHF_ALLOC, ro.align, ro.bytes()));
            roIdx = sections.size();
        }
        if (relro.size > 0) {
            sections.add(
                    ElfSection.progbits(".data.rel.ro", Elf.SHF_ALLOC | Elf.SHF_WRITE, relro.align, relro.bytes()));
            relroIdx = sections.size();
        }
        if (rw.size > 0) {
            sections.add(ElfSection.progbits(".data", Elf.SHF_ALLOC | Elf.SHF_WRITE, rw.align, rw.bytes()));
            rwIdx = sections.size();
        }
        if (bss.size > 0) {
            sections.add(ElfSection.nobits(".bss", Elf.SHF_ALLOC | Elf.SHF_WRITE, bss.align, bss.size));
            bssIdx = sections.size();
        }
        for (Global g : m.globals) {
            Layout l = where.get(g);
            int sec = l == ro ? roIdx : l == relro ? relroIdx : l == rw ? rwIdx : bssIdx;
            symbolIndex.put(g.name, symbols.size());
            ElfSymbol s = new ElfSymbol(
                    g.name,
                    sec,
                    offset.get(g),
                    g.size,
                    g.isStatic ? Elf.STB_LOCAL : g.weak ? Elf.STB_WEAK : Elf.STB_GLOBAL,
                    Elf.STT_OBJECT);
            // string literals are the compiler's own: outside the symbol table, as gcc's .LC0 and clang's .L.str are
            symbols.add(compilers(g.isStatic, g.name) ? s.asHidden() : s);
        }
    }

    /**
     * A symbol of the compiler's own, kept outside the symbol table as gcc's .LC0 and clang's .L.str
     * are: string literals, an ifunc's resolved pointer and the function that fills it.
     */
    private static boolean compilers(boolean isStatic, String name) {
        return isStatic && (name.equals(".str") || name.startsWith(".str.") || name.startsWith(".ifunc"));
    }

    /**
     * The aliases' symbols: each where its target's is (as gcc's are), of its own binding; returns
     * the text of {@link #ALIAS_SECTION} for the function aliases, resolved to the function itself.
     */
    private String aliases() {
        StringBuilder text = new StringBuilder();
        for (Module.Alias a : m.aliases) {
            String target = a.target();
            for (int hops = 0;
                    hops < m.aliases.size() && m.function(target) == null && m.global(target) == null;
                    hops++) for (Module.Alias b : m.aliases) if (b.name().equals(target)) target = b.target();
            Integer t = symbolIndex.get(target);
            if (t == null) throw new IllegalStateException("alias '" + a.name() + "' of nothing defined here");
            ElfSymbol s = symbols.get(t);
            symbolIndex.put(a.name(), symbols.size());
            symbols.add(new ElfSymbol(
                    a.name(),
                    s.section(),
                    s.value(),
                    s.size(),
                    a.isStatic() ? Elf.STB_LOCAL : a.weak() ? Elf.STB_WEAK : Elf.STB_GLOBAL,
                    s.type()));
            if (s.type() == Elf.STT_FUNC)
                text.append(a.name()).append('\t').append(target).append('\n');
        }
        return text.toString();
    }

    /** Relocations: addresses of data, or handles of functions, stored in initialised data. */
    private void relocations() {
        List<ElfRelocation> relroRel = new ArrayList<>(), rwRel = new ArrayList<>();
        for (Global g : m.globals) {
            if (g.relocs.isEmpty()) continue;
            List<ElfRelocation> out = where.get(g) == relro ? relroRel : rwRel;
            for (Global.Reloc r : g.relocs) {
                Integer sym = symbolIndex.get(r.symbol());
                if (sym == null) { // referenced only from data: an extern object
                    sym = symbols.size();
                    symbolIndex.put(r.symbol(), sym);
                    symbols.add(new ElfSymbol(r.symbol(), Elf.SHN_UNDEF, 0, 0, binding(m, r.symbol()), Elf.STT_NOTYPE));
                }
                boolean isFunction = m.function(r.symbol()) != null || m.externFunctions.containsKey(r.symbol());
                out.add(new ElfRelocation(
                        offset.get(g) + r.offset(),
                        sym,
                        isFunction ? Elf.R_JOMP_FUNC64 : Elf.R_JOMP_ADDR64,
                        r.addend()));
            }
        }
        if (!relroRel.isEmpty())
            sections.set(relroIdx - 1, sections.get(relroIdx - 1).withRelocations(relroRel));
        if (!rwRel.isEmpty()) sections.set(rwIdx - 1, sections.get(rwIdx - 1).withRelocations(rwRel));
    }

    /** The ELF visibility of the unit's external symbols (st_other), where the module gives one. */
    private void visibility() {
        for (int i = 0; i < symbols.size(); i++) {
            ElfSymbol s = symbols.get(i);
            String v = m.visibility.get(s.name());
            if (v == null || s.isLocal()) continue;
            symbols.set(
                    i,
                    s.withVisibility(
                            switch (v) {
                                case "internal" -> Elf.STV_INTERNAL;
                                case "protected" -> Elf.STV_PROTECTED;
                                default -> Elf.STV_HIDDEN;
                            }));
        }
    }

    /** Undefined symbols: everything used but defined elsewhere. */
    private static void undefinedSymbols(Module m, List<ElfSymbol> symbols, Map<String, Integer> symbolIndex) {
        for (String name : m.externFunctions.keySet()) {
            if (symbolIndex.containsKey(name)) continue;
            symbolIndex.put(name, symbols.size());
            symbols.add(new ElfSymbol(name, Elf.SHN_UNDEF, 0, 0, binding(m, name), Elf.STT_FUNC));
        }
        for (String name : m.externData) {
            if (symbolIndex.containsKey(name)) continue;
            symbolIndex.put(name, symbols.size());
            symbols.add(new ElfSymbol(name, Elf.SHN_UNDEF, 0, 0, binding(m, name), Elf.STT_NOTYPE));
        }
    }

    /** An undefined symbol's binding: weak where the unit declares it weak (nm's 'w'), else global. */
    private static int binding(Module m, String name) {
        return m.weakExterns.contains(name) ? Elf.STB_WEAK : Elf.STB_GLOBAL;
    }

    /** The text of {@link #CSIG_SECTION}: the unit's functions' C signatures, then those of the extern functions it names. */
    private static String csigs(Module m) {
        StringBuilder csigs = new StringBuilder();
        for (Function f : m.functions)
            if (f.csig != null) csigs.append(f.name).append('\t').append(f.csig).append('\n');
        for (var e : m.externCsigs.entrySet())
            if (m.function(e.getKey()) == null)
                csigs.append(e.getKey()).append('\t').append(e.getValue()).append('\n');
        return csigs.toString();
    }

    /** Name of the section of offload entries (docs/design/offload-abi.md §3). */
    public static final String ENTRIES_SECTION = SectionNames.OFFLOAD_ENTRIES;

    /**
     * omp_offloading_entries: libomptarget's 32-byte __tgt_offload_entry per kernel and
     * declare-target global; the address and name fields are relocations (to the kernel's region
     * id or the global, and to the entry's name string).
     */
    private static ElfSection entries(Module m, Map<String, Integer> symbolIndex) {
        java.nio.ByteBuffer buf = java.nio.ByteBuffer.allocate(OffloadEntries.ENTRY_SIZE * m.offloadEntries.size())
                .order(java.nio.ByteOrder.LITTLE_ENDIAN);
        List<ElfRelocation> rel = new ArrayList<>();
        int k = 0;
        for (OffloadEntry e : m.offloadEntries) {
            String region = OffloadEntries.REGION_ID_PREFIX + e.name();
            String addr = symbolIndex.containsKey(region) ? region : e.name();
            Integer a = symbolIndex.get(addr), n = symbolIndex.get(OffloadEntries.NAME_SYMBOL_PREFIX + e.name());
            if (a == null || n == null)
                throw new IllegalStateException("offload entry '" + e.name() + "' has no symbol");
            buf.putLong(0).putLong(0).putLong(e.size()).putInt(e.flags()).putInt(0);
            rel.add(new ElfRelocation(32L * k, a, Elf.R_JOMP_ADDR64, 0));
            rel.add(new ElfRelocation(32L * k + 8, n, Elf.R_JOMP_ADDR64, 0));
            k++;
        }
        return ElfSection.progbits(ENTRIES_SECTION, Elf.SHF_ALLOC, 8, buf.array())
                .withRelocations(rel);
    }

    /** Places objects one after another, each at its alignment. */
    private static final class Layout {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final boolean nobits; // .bss: sizes only, no bytes (arrays there can be huge)
        long size;
        long align = 1;

        Layout(boolean nobits) {
            this.nobits = nobits;
        }

        long place(Global g) {
            long a = Math.max(1, g.align);
            long at = (size + a - 1) / a * a;
            align = Math.max(align, a);
            if (nobits) {
                size = at + g.size;
                return at;
            }
            pad(at);
            if (g.data != null) {
                out.write(g.data, 0, (int) Math.min(g.data.length, g.size));
                size = at + Math.min(g.data.length, g.size);
            }
            pad(at + g.size);
            return at;
        }

        private void pad(long to) {
            while (size < to) {
                out.write(0);
                size++;
            }
        }

        byte[] bytes() {
            return out.toByteArray();
        }
    }
}
