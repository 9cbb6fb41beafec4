package jomp.objfile.elf;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import jomp.objfile.ByteReader;
import jomp.objfile.ByteWriter;

/**
 * The file {@code jomp -shared} writes: an ELF64 shared object (ET_DYN, {@code e_machine} EM_NONE as
 * jomp's objects have: the code is JVM class files) that the tools build systems run on a shared
 * library read as they read gcc's ({@code nm -D}, {@code readelf -d}, {@code objdump -T}; Meson's
 * symbol extractor runs the first two), and that carries jomp's link payload.
 *
 * <p>What it holds: a {@code .dynsym} of the library's exported symbols (the global and weak ones
 * its objects define, functions STT_FUNC in {@code .text}, data STT_OBJECT in {@code .rodata},
 * {@code .data.rel.ro}, {@code .data} or {@code .bss}, so nm gives them gcc's letters), its
 * {@code .dynstr}, a SysV {@code .hash}, a {@code .dynamic} (DT_SONAME when the link named one,
 * DT_HASH, DT_STRTAB, DT_SYMTAB, DT_STRSZ, DT_SYMENT) and program headers (three PT_LOAD, one
 * PT_DYNAMIC). The sections' bytes are the objects' own, concatenated (the functions' bytecode in
 * {@code .text}, the data unrelocated), and virtual addresses equal file offsets, each segment on a
 * page of its own. The payload, what a jomp link takes from the library, is the section
 * {@value #PAYLOAD} (not allocated): the GNU archive of its objects and its dependency list
 * (docs/formats.md).
 *
 * <p>Nothing here is machine code: ld.so refuses the file for its machine type (dlopen fails with
 * an error) and GNU ld refuses to link a native program against it.
 */
public final class JompSharedObject {
    /** The section holding the library's jomp link payload. */
    public static final String PAYLOAD = ".jomp.shared";

    private static final int ET_DYN = 3, PT_LOAD = 1, PT_DYNAMIC = 2, PF_X = 1, PF_W = 2, PF_R = 4;
    private static final int SHT_HASH = 5,
            SHT_DYNAMIC = 6,
            SHT_DYNSYM = 11,
            SHT_GNU_VERDEF = 0x6ffffffd,
            SHT_GNU_VERSYM = 0x6fffffff;
    private static final long DT_NULL = 0,
            DT_HASH = 4,
            DT_STRTAB = 5,
            DT_SYMTAB = 6,
            DT_STRSZ = 10,
            DT_SYMENT = 11,
            DT_SONAME = 14,
            DT_SYMBOLIC = 16,
            DT_FLAGS = 30,
            DF_SYMBOLIC = 2,
            DT_VERSYM = 0x6ffffff0,
            DT_VERDEF = 0x6ffffffc,
            DT_VERDEFNUM = 0x6ffffffd;
    /** The version index of a symbol of no named version ({@code *global*}), and versym's "not the default" bit. */
    private static final int VER_NDX_GLOBAL = 1, VERSYM_HIDDEN = 0x8000;

    private static final int PHDR_SIZE = 56, PAGE = 4096;

    /** One output section being filled from the objects' sections of its kind. */
    private static final class Out {
        final String name;
        final int type;
        final long flags;
        final ByteWriter bytes = new ByteWriter();
        long size, align = 1, addr, offset;
        int index;

        Out(String name, int type, long flags) {
            this.name = name;
            this.type = type;
            this.flags = flags;
        }

        /** Room for {@code n} bytes aligned to {@code a}; their offset in the section. */
        long place(long a, byte[] data, long n) {
            a = Math.max(1, a);
            align = Math.max(align, a);
            long at = (size + a - 1) / a * a;
            if (type != Elf.SHT_NOBITS) {
                bytes.align(a);
                bytes.bytes(data);
            }
            size = at + n;
            return at;
        }
    }

    /**
     * One exported symbol: {@code section} null for a version's own absolute symbol; {@code versym}
     * its .gnu.version entry (the version's index, with {@link #VERSYM_HIDDEN} for a non-default one).
     */
    private record Dyn(
            String name, Out section, long value, long size, int bind, int type, int visibility, int versym) {}

    /** A version the library defines ({@code .gnu.version_d}), and the versions it depends on. */
    public record VersionDef(String name, List<String> parents) {}

    /**
     * How the library is written: its DT_SONAME (null: none) and its file's name (the base version's
     * name when there is no soname, as ld names it); for each name its objects define and export,
     * the version ({@code ""}: none) or null when it is not exported ({@code version}; a name may
     * carry its version, {@code f@VERS_1} or {@code f@@VERS_2}, from {@code .symver}); the versions
     * it defines, in order; and whether it was linked {@code -Bsymbolic} (DT_SYMBOLIC, DF_SYMBOLIC).
     */
    public record Options(
            String soname,
            String fileName,
            java.util.function.Function<String, String> version,
            List<VersionDef> versions,
            boolean symbolic) {}

    // The output sections: the objects' allocated sections go to the first five by kind.
    private final Out rodata = new Out(".rodata", Elf.SHT_PROGBITS, Elf.SHF_ALLOC);
    private final Out text = new Out(".text", Elf.SHT_PROGBITS, Elf.SHF_ALLOC | Elf.SHF_EXECINSTR);
    private final Out relro = new Out(".data.rel.ro", Elf.SHT_PROGBITS, Elf.SHF_ALLOC | Elf.SHF_WRITE);
    private final Out data = new Out(".data", Elf.SHT_PROGBITS, Elf.SHF_ALLOC | Elf.SHF_WRITE);
    private final Out bss = new Out(".bss", Elf.SHT_NOBITS, Elf.SHF_ALLOC | Elf.SHF_WRITE);
    private final Out hashOut = new Out(".hash", SHT_HASH, Elf.SHF_ALLOC),
            dynsym = new Out(".dynsym", SHT_DYNSYM, Elf.SHF_ALLOC);
    private final Out dynstrOut = new Out(".dynstr", Elf.SHT_STRTAB, Elf.SHF_ALLOC),
            dynamic = new Out(".dynamic", SHT_DYNAMIC, Elf.SHF_ALLOC | Elf.SHF_WRITE);
    private final Out versym = new Out(".gnu.version", SHT_GNU_VERSYM, Elf.SHF_ALLOC),
            verdef = new Out(".gnu.version_d", SHT_GNU_VERDEF, Elf.SHF_ALLOC);
    // layout: headers, .hash, .dynsym, .dynstr, .gnu.version, .gnu.version_d, .rodata | .text
    // | .dynamic, .data.rel.ro, .data, .bss
    private final List<List<Out>> segments = List.of(
            List.of(hashOut, dynsym, dynstrOut, versym, verdef, rodata),
            List.of(text),
            List.of(dynamic, relro, data, bss));
    /** The exported symbols, in the order of the objects that define them (the first definition wins). */
    private final List<Dyn> dyns = new ArrayList<>();

    private final Set<String> seen = new HashSet<>();
    /**
     * Each external name's visibility over all the objects' definitions and references, the most
     * constraining (ld's rule); a hidden or internal one is not exported.
     */
    private final java.util.Map<String, Integer> visibility = new java.util.HashMap<>();

    private Options options = new Options(null, null, n -> "", List.of(), false);
    /** The sections laid out, in file order; a section's index is its place here plus one. */
    private final List<Out> all = new ArrayList<>();
    /** Each PT_LOAD segment's offset, file size and memory size. */
    private final long[][] segment = new long[segments.size()][];

    private JompSharedObject() {}

    /**
     * The file for a library named {@code soname} (null: no DT_SONAME) of {@code objects} (jomp
     * objects, in link order), carrying {@code payload}.
     */
    public static byte[] write(String soname, List<ElfObject> objects, byte[] payload) {
        return write(new Options(soname, soname, n -> "", List.of(), false), objects, payload);
    }

    /**
     * As {@link #write(String, List, byte[])}, as {@code options} say: exporting only the names
     * it gives a version (and, always, none whose visibility is hidden or internal), and with
     * {@code .gnu.version} and {@code .gnu.version_d} when it defines versions.
     */
    public static byte[] write(Options options, List<ElfObject> objects, byte[] payload) {
        JompSharedObject so = new JompSharedObject();
        so.options = options;
        String soname = options.soname();
        for (ElfObject o : objects)
            for (ElfSymbol s : o.symbols())
                if (!s.isLocal() && !s.name().isEmpty())
                    so.visibility.merge(s.name(), s.visibility(), ElfSymbol::moreConstraining);
        for (ElfObject o : objects) so.add(o);
        List<VersionDef> versions = options.versions();
        for (int v = 0; v < versions.size(); v++) // ld's absolute symbol of each version it defines
        so.dyns.add(new Dyn(
                versions.get(v).name(), null, 0, 0, Elf.STB_GLOBAL, Elf.STT_OBJECT, Elf.STV_DEFAULT, v + 2));

        ElfWriter.StringTable dynstr = new ElfWriter.StringTable();
        int sonameAt = soname == null ? 0 : dynstr.add(soname);
        int[] nameAt = new int[so.dyns.size()];
        for (int i = 0; i < so.dyns.size(); i++)
            nameAt[i] = dynstr.add(so.dyns.get(i).name());
        byte[] verdefBytes = versions.isEmpty() ? new byte[0] : so.verdefBytes(dynstr);
        byte[] dynstrBytes = dynstr.bytes();
        byte[] hash = sysvHash(so.dyns);

        long end = so.layOut(hash, dynstrBytes, verdefBytes, soname != null);
        byte[] symBytes = so.dynsymBytes(nameAt);
        byte[] dynBytes = so.dynamicBytes(soname, sonameAt, dynstrBytes.length);
        return so.file(end, symBytes, dynBytes, verdefBytes, payload);
    }

    /**
     * .gnu.version_d: the base version (the soname, else the file's name; VER_FLG_BASE, index 1),
     * then each defined version (index 2 on) with its parents' names after its own.
     */
    private byte[] verdefBytes(ElfWriter.StringTable dynstr) {
        List<VersionDef> versions = options.versions();
        String base = options.soname() != null ? options.soname() : options.fileName();
        ByteWriter w = new ByteWriter();
        for (int v = 0; v <= versions.size(); v++) {
            List<String> names = new ArrayList<>();
            names.add(v == 0 ? base : versions.get(v - 1).name());
            if (v > 0) names.addAll(versions.get(v - 1).parents());
            int size = 20 + 8 * names.size();
            w.u16(1) // vd_version
                    .u16(v == 0 ? 1 : 0) // VER_FLG_BASE
                    .u16(v + 1)
                    .u16(names.size())
                    .u32(elfHash(names.get(0)))
                    .u32(20)
                    .u32(v == versions.size() ? 0 : size);
            for (int a = 0; a < names.size(); a++)
                w.u32(dynstr.add(names.get(a))).u32(a == names.size() - 1 ? 0 : 8);
        }
        return w.toByteArray();
    }

    /** The index of version {@code name} in .gnu.version_d (2 on), or 0 when the library defines none such. */
    private int versionIndex(String name) {
        List<VersionDef> versions = options.versions();
        for (int v = 0; v < versions.size(); v++) if (versions.get(v).name().equals(name)) return v + 2;
        return 0;
    }

    /** One object's allocated sections appended to the output sections, and its exported symbols. */
    private void add(ElfObject o) {
        Out[] where = new Out[o.sections().size() + 1];
        long[] base = new long[where.length];
        for (int i = 0; i < o.sections().size(); i++) {
            ElfSection s = o.sections().get(i);
            if ((s.flags() & Elf.SHF_ALLOC) == 0) continue;
            Out out = (s.flags() & Elf.SHF_EXECINSTR) != 0
                    ? text
                    : s.type() == Elf.SHT_NOBITS
                            ? bss
                            : s.name().startsWith(".data.rel.ro")
                                    ? relro
                                    : (s.flags() & Elf.SHF_WRITE) != 0 ? data : rodata;
            where[i + 1] = out;
            base[i + 1] = out.place(s.addralign(), s.data() == null ? new byte[0] : s.data(), s.size());
        }
        for (ElfSymbol s : o.symbols()) {
            if (s.isLocal() || !s.isDefined() || s.hidden() || s.name().isEmpty()) continue;
            int vis = visibility.getOrDefault(s.name(), Elf.STV_DEFAULT);
            String version = options.version().apply(s.name());
            if (vis == Elf.STV_HIDDEN || vis == Elf.STV_INTERNAL || version == null) continue;
            // f@VERS_1 (a non-default version) and f@@VERS_2 (the default) are both f in .dynsym
            int at = s.name().indexOf('@');
            String name = at < 0 ? s.name() : s.name().substring(0, at);
            int versym = version.isEmpty() ? VER_NDX_GLOBAL : versionIndex(version);
            if (at >= 0 && !s.name().startsWith("@@", at)) versym |= VERSYM_HIDDEN;
            if (s.type() != Elf.STT_FUNC && s.type() != Elf.STT_OBJECT && s.type() != Elf.STT_NOTYPE) continue;
            Out out;
            long value;
            if (s.section() == Elf.SHN_COMMON) { // a tentative definition: its value is its alignment
                out = bss;
                value = bss.place(s.value(), null, s.size());
            } else if (s.section() > 0 && s.section() < where.length && where[s.section()] != null) {
                out = where[s.section()];
                value = base[s.section()] + s.value();
            } else {
                continue;
            }
            if (seen.add(name + "@" + versym))
                dyns.add(new Dyn(name, out, value, s.size(), s.bind(), s.type(), vis, versym));
        }
    }

    /**
     * Places the dynamic sections, then every section in its segment (each segment on a page of its
     * own, addresses equal to offsets) and numbers them; the end of the segments' file bytes.
     */
    private long layOut(byte[] hash, byte[] dynstrBytes, byte[] verdefBytes, boolean hasSoname) {
        hashOut.place(8, hash, hash.length);
        dynsym.place(8, new byte[0], (long) Elf.SYM_SIZE * (dyns.size() + 1));
        dynstrOut.place(1, dynstrBytes, dynstrBytes.length);
        if (verdefBytes.length > 0) {
            versym.place(2, new byte[0], 2L * (dyns.size() + 1));
            verdef.place(8, verdefBytes, verdefBytes.length);
        }
        int dynCount = (hasSoname ? 1 : 0) + 6 + (verdefBytes.length > 0 ? 3 : 0) + (options.symbolic() ? 2 : 0);
        dynamic.place(8, new byte[0], 16L * dynCount);
        long at = Elf.EHDR_SIZE + (long) PHDR_SIZE * (segments.size() + 1);
        for (int k = 0; k < segments.size(); k++) {
            if (k > 0) at = (at + PAGE - 1) / PAGE * PAGE;
            long start = k == 0 ? 0 : at, fileEnd = at;
            for (Out s : segments.get(k)) {
                if (s.size == 0 && s != text) continue;
                at = (at + s.align - 1) / s.align * s.align;
                s.addr = s.offset = at;
                at += s.size;
                if (s.type != Elf.SHT_NOBITS) fileEnd = at;
                all.add(s);
            }
            segment[k] = new long[] {start, fileEnd - start, at - start};
            at = fileEnd;
        }
        for (int i = 0; i < all.size(); i++) all.get(i).index = i + 1;
        return at;
    }

    /** .dynsym: the null symbol, then the exported symbols at their laid-out addresses. */
    private byte[] dynsymBytes(int[] nameAt) {
        ByteWriter symBytes = new ByteWriter();
        symBytes.u32(0).u8(0).u8(0).u16(0).u64(0).u64(0);
        for (int i = 0; i < dyns.size(); i++) {
            Dyn d = dyns.get(i);
            int type = d.type() == Elf.STT_NOTYPE ? (d.section() == text ? Elf.STT_FUNC : Elf.STT_OBJECT) : d.type();
            symBytes.u32(nameAt[i])
                    .u8(d.bind() << 4 | type)
                    .u8(d.visibility())
                    .u16(d.section() == null ? Elf.SHN_ABS : d.section().index)
                    .u64(d.section() == null ? 0 : d.section().addr + d.value())
                    .u64(d.size());
        }
        return symBytes.toByteArray();
    }

    /** .gnu.version: each .dynsym entry's version index (the null symbol's 0, *local*). */
    private byte[] versymBytes() {
        ByteWriter w = new ByteWriter();
        w.u16(0);
        for (Dyn d : dyns) w.u16(d.versym());
        return w.toByteArray();
    }

    private byte[] dynamicBytes(String soname, int sonameAt, int dynstrSize) {
        ByteWriter dynBytes = new ByteWriter();
        if (soname != null) dynBytes.u64(DT_SONAME).u64(sonameAt);
        if (options.symbolic()) dynBytes.u64(DT_SYMBOLIC).u64(0).u64(DT_FLAGS).u64(DF_SYMBOLIC);
        dynBytes.u64(DT_HASH)
                .u64(hashOut.addr)
                .u64(DT_STRTAB)
                .u64(dynstrOut.addr)
                .u64(DT_SYMTAB)
                .u64(dynsym.addr)
                .u64(DT_STRSZ)
                .u64(dynstrSize)
                .u64(DT_SYMENT)
                .u64(Elf.SYM_SIZE);
        if (verdef.size > 0)
            dynBytes.u64(DT_VERDEF)
                    .u64(verdef.addr)
                    .u64(DT_VERDEFNUM)
                    .u64(options.versions().size() + 1)
                    .u64(DT_VERSYM)
                    .u64(versym.addr);
        dynBytes.u64(DT_NULL).u64(0);
        return dynBytes.toByteArray();
    }

    /**
     * The file: ELF and program headers, the sections' bytes at their offsets, the payload and
     * .shstrtab after the segments, then the section headers.
     */
    private byte[] file(long end, byte[] symBytes, byte[] dynBytes, byte[] verdefBytes, byte[] payload) {
        ElfWriter.StringTable shstrtab = new ElfWriter.StringTable();
        for (Out s : all) shstrtab.add(s.name);
        shstrtab.add(PAYLOAD);
        shstrtab.add(".shstrtab");
        byte[] shstrBytes = shstrtab.bytes();

        ByteWriter w = new ByteWriter();
        long payloadAt = (end + 7) / 8 * 8,
                shstrAt = payloadAt + payload.length,
                shoff = (shstrAt + shstrBytes.length + 7) / 8 * 8;
        writeHeaders(w, shoff);
        for (Out s : all) {
            if (s.type == Elf.SHT_NOBITS) continue;
            pad(w, s.offset);
            w.bytes(
                    s == dynsym
                            ? symBytes
                            : s == dynamic
                                    ? dynBytes
                                    : s == versym ? versymBytes() : s == verdef ? verdefBytes : s.bytes.toByteArray());
        }
        pad(w, payloadAt);
        w.bytes(payload);
        w.bytes(shstrBytes);
        pad(w, shoff);
        w.bytes(new byte[Elf.SHDR_SIZE]);
        for (Out s : all) {
            int link = s == hashOut || s == versym
                    ? dynsym.index
                    : s == dynsym || s == dynamic || s == verdef ? dynstrOut.index : 0;
            long entsize = s == hashOut ? 4 : s == dynsym ? Elf.SYM_SIZE : s == dynamic ? 16 : s == versym ? 2 : 0;
            sectionHeader(
                    w,
                    shstrtab.add(s.name),
                    s.type,
                    s.flags,
                    s.addr,
                    s.offset,
                    s.size,
                    link,
                    s == dynsym ? 1 : s == verdef ? options.versions().size() + 1 : 0,
                    s.align,
                    entsize);
        }
        sectionHeader(w, shstrtab.add(PAYLOAD), Elf.SHT_PROGBITS, 0, 0, payloadAt, payload.length, 0, 0, 8, 0);
        sectionHeader(w, shstrtab.add(".shstrtab"), Elf.SHT_STRTAB, 0, 0, shstrAt, shstrBytes.length, 0, 0, 1, 0);
        return w.toByteArray();
    }

    /** The ELF header and the program headers: one PT_LOAD a segment, then PT_DYNAMIC. */
    private void writeHeaders(ByteWriter w, long shoff) {
        int shnum = all.size() + 3;
        w.bytes(new byte[] {0x7f, 'E', 'L', 'F', 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0});
        w.u16(ET_DYN)
                .u16(Elf.EM_NONE)
                .u32(1)
                .u64(0)
                .u64(Elf.EHDR_SIZE)
                .u64(shoff)
                .u32(0)
                .u16(Elf.EHDR_SIZE)
                .u16(PHDR_SIZE)
                .u16(segments.size() + 1)
                .u16(Elf.SHDR_SIZE)
                .u16(shnum)
                .u16(shnum - 1);
        int[] flags = {PF_R, PF_R | PF_X, PF_R | PF_W};
        for (int k = 0; k < segments.size(); k++) {
            long[] g = segment[k];
            w.u32(PT_LOAD)
                    .u32(flags[k])
                    .u64(g[0])
                    .u64(g[0])
                    .u64(g[0])
                    .u64(g[1])
                    .u64(g[2])
                    .u64(PAGE);
        }
        w.u32(PT_DYNAMIC)
                .u32(PF_R | PF_W)
                .u64(dynamic.offset)
                .u64(dynamic.addr)
                .u64(dynamic.addr)
                .u64(dynamic.size)
                .u64(dynamic.size)
                .u64(8);
    }

    private static void pad(ByteWriter w, long to) {
        if (w.position() > to) throw new IllegalStateException("layout overlap at " + to);
        w.bytes(new byte[(int) (to - w.position())]);
    }

    private static void sectionHeader(
            ByteWriter w,
            int name,
            int type,
            long flags,
            long addr,
            long offset,
            long size,
            int link,
            int info,
            long align,
            long entsize) {
        w.u32(name)
                .u32(type)
                .u64(flags)
                .u64(addr)
                .u64(offset)
                .u64(size)
                .u32(link)
                .u32(info)
                .u64(align)
                .u64(entsize);
    }

    /** The SysV hash table (DT_HASH) of the dynamic symbols, index 0 being the null symbol. */
    private static byte[] sysvHash(List<Dyn> dyns) {
        int nchain = dyns.size() + 1, nbucket = Math.max(1, nchain / 2 | 1);
        int[] bucket = new int[nbucket], chain = new int[nchain];
        for (int i = 1; i < nchain; i++) {
            int b = (int) (elfHash(dyns.get(i - 1).name()) % nbucket);
            chain[i] = bucket[b];
            bucket[b] = i;
        }
        ByteWriter w = new ByteWriter();
        w.u32(nbucket).u32(nchain);
        for (int b : bucket) w.u32(b);
        for (int c : chain) w.u32(c);
        return w.toByteArray();
    }

    private static long elfHash(String name) {
        long h = 0;
        for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
            h = (h << 4) + (b & 0xff);
            long g = h & 0xf0000000L;
            if (g != 0) h ^= g >>> 24;
            h &= ~g & 0xffffffffL;
        }
        return h;
    }

    /** The payload of a jomp shared library's file, or null when {@code data} is not one. */
    public static byte[] payload(String file, byte[] data) {
        if (!SharedObject.isSharedObject(data) || data.length < Elf.EHDR_SIZE || (data[18] | data[19]) != Elf.EM_NONE)
            return null;
        ByteReader in = new ByteReader(file, data);
        long shoff = in.u64(40, "e_shoff");
        int shnum = in.u16(60, "e_shnum"), shstrndx = in.u16(62, "e_shstrndx");
        if (shnum == 0 || shstrndx >= shnum) return null;
        long strs = shoff + (long) shstrndx * Elf.SHDR_SIZE;
        long strOff = in.u64(strs + 24, "sh_offset"), strEnd = strOff + in.u64(strs + 32, "sh_size");
        for (int i = 1; i < shnum; i++) {
            long h = shoff + (long) i * Elf.SHDR_SIZE;
            String name = in.cstring(strOff + in.u32(h, "sh_name"), strEnd, "section name");
            if (name.equals(PAYLOAD)) return in.bytes(in.u64(h + 24, "sh_offset"), in.u64(h + 32, "sh_size"), PAYLOAD);
        }
        return null;
    }
}
