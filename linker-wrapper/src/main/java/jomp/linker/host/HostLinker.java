package jomp.linker.host;

import static org.objectweb.asm.Opcodes.*;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jomp.objfile.FormatException;
import jomp.objfile.elf.Elf;
import jomp.objfile.elf.ElfObject;
import jomp.objfile.elf.ElfRelocation;
import jomp.objfile.elf.ElfSection;
import jomp.objfile.elf.ElfSymbol;
import jomp.objfile.jvm.JvmNames;
import jomp.objfile.offload.OffloadEntriesSection;
import jomp.offload.abi.ExecutableNames;
import jomp.offload.abi.SectionNames;
import jomp.runtime.program.CFunctions;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Type;

/**
 * The host link (docs/design/abi.md, "The executable and its start"): resolves symbols across objects and the C library as a linker
 * resolves relocations, lays out the merged data image, rewrites the placeholder owners in the
 * classes ({@code jomp/link/Extern}, {@code jomp/link/Data}, {@code jomp/link/Fn}) and generates
 * ({@link StartupClasses}) the program class that loads the data, registers function handles and
 * calls {@code main}.
 * The result is a list of classes and resources that {@link ExecutableWriter} writes out.
 */
public final class HostLinker {
    static final String EXTERN = JvmNames.EXTERN;
    static final String DATA = JvmNames.DATA;
    static final String FN = JvmNames.FN;
    static final String PROGRAM = ExecutableNames.PROGRAM;
    static final String MAIN = "jomp/link/Main";
    static final String DATA_RESOURCE = "/jomp/data.bin";
    /** The read-only part of the data image ends on a page boundary (its own pages, mapped read-only). */
    static final long READ_ONLY_ALIGN = 4096;

    /**
     * The read-only part of a linked program's data image (the first bytes of the image, to a
     * page boundary; empty when there is none), which the executable carries as a read-only
     * segment. The resource starts: u64 total size, u32 initialised bytes, u64 alignment,
     * u64 read-only part's length, then the initialised bytes (big-endian, DataOutputStream's).
     */
    static byte[] readOnlyData(Linked linked) {
        byte[] r = linked.resources().get(DATA_RESOURCE.substring(1));
        if (r == null) return new byte[0];
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(r);
        long readOnly = b.getLong(20);
        return java.util.Arrays.copyOfRange(r, 28, 28 + (int) readOnly);
    }

    static final String CLASS_PREFIX = ".jomp.class.";
    static final String CSIG_SECTION = ".jomp.csig";
    /** The section of an object's function aliases (alias TAB function a line): compiler/jvm's HostObjectWriter.ALIAS_SECTION. */
    static final String ALIAS_SECTION = ".jomp.alias";

    /** A link error (undefined or multiply defined symbols, bad input); message as ld prints it. */
    public static final class LinkError extends RuntimeException {
        public LinkError(String message) {
            super(message, null, false, false);
        }
    }

    /** A damaged object (its contents do not match the check the compiler wrote) is an error naming it, before anything reads it. */
    static void check(Input in) {
        String bad = jomp.objfile.jvm.ObjectCheck.verify(in.object());
        if (bad != null) throw new LinkError(in.name() + ": " + bad);
    }

    /**
     * One input object, already read; {@code shared} when it comes from a jomp shared library,
     * whose global definitions the program's own interpose (as ld.so binds every reference, the
     * library's own among them, to the executable's definition first).
     */
    public record Input(String name, ElfObject object, boolean shared, Library library) {
        public Input(String name, ElfObject object) {
            this(name, object, false, null);
        }

        public Input(String name, ElfObject object, boolean shared) {
            this(name, object, shared, null);
        }
    }

    /**
     * The jomp shared library an input comes from: its file, and the names its {@code .dynsym}
     * exports (null: every global definition, a library written before jomp kept visibility). A
     * definition it does not export (hidden, internal, or local by a version script) binds only
     * the library's own references, as one inside a native .so does; so does a protected one, and
     * under {@code binding} {@code "symbolic"} ({@code -Bsymbolic}) every one, under
     * {@code "symbolic-functions"} every function.
     */
    public record Library(String file, java.util.Set<String> exports, String binding) {
        public Library(String file, java.util.Set<String> exports) {
            this(file, exports, "");
        }

        /** Whether .dynsym lists the name ({@code f@VERS_1}: its entry f of version VERS_1). */
        boolean exports(String name) {
            int at = name.indexOf('@');
            return exports == null || exports.contains(at < 0 ? name : name.substring(0, at));
        }

        /** Whether the library's own references to its definition s bind to it whatever the program defines. */
        boolean symbolic(ElfSymbol s) {
            return binding.equals("symbolic") || binding.equals("symbolic-functions") && s.type() == Elf.STT_FUNC;
        }
    }

    /** Section of offload entries in objects (docs/design/offload-abi.md §3). */
    public static final String ENTRIES_SECTION = SectionNames.OFFLOAD_ENTRIES;
    /** The class the offload wrapping generates; Main calls its {@code register()} first when the program offloads. */
    public static final String REGISTRATION = ExecutableNames.CLASS;

    /**
     * An offload entry of the linked program: the data image offset of its address (a kernel's
     * region id or a declare-target global), its name, size and flags; for a kernel defined in
     * the link, the class and method holding its code.
     */
    public record Entry(long offset, String name, long size, int flags, String owner, String method) {}

    /** What the link made: class files by internal name, resources by path, and the offload entries. */
    public record Linked(Map<String, byte[]> classes, Map<String, byte[]> resources, List<Entry> entries) {
        public Linked(Map<String, byte[]> classes, Map<String, byte[]> resources) {
            this(classes, resources, List.of());
        }
    }

    private record Def(int object, ElfSymbol symbol, String unitClass) {}

    private final List<Input> inputs;
    /** The inputs as read, which {@link #check} checks (inputs adds the symbols of their versioned names). */
    private final List<Input> checked;

    private final java.util.Set<String> errors = new java.util.LinkedHashSet<>();
    private final List<String> unitClass = new ArrayList<>();
    private final Map<String, Def> globals = new LinkedHashMap<>();
    /**
     * Per scope (the program's objects, each shared library's), the definitions that bind only
     * within it: hidden and internal ones, a library's unexported and protected ones.
     */
    private final Map<Object, Map<String, Def>> scoped = new HashMap<>();
    /** Per object: section index → offset of that section in the data image. */
    private final List<Map<Integer, Long>> sectionBase = new ArrayList<>();
    /**
     * The read-only part of the data image: [0, readOnlyEnd) holds the .rodata sections without
     * relocations (string literals, const data), which the executable maps read-only
     * (Launcher), so that a write to them faults as in C; page-aligned, 0 when there is none.
     */
    private long readOnlyEnd;

    private final List<String[]> handleTargets = new ArrayList<>(); // owner, name, descriptor, C signature per handle
    private final Map<String, Integer> handleIndex = new HashMap<>(); // "owner.name" -> index
    /** Per object: the C signatures of its section .jomp.csig (its functions' and its extern prototypes). */
    private final List<Map<String, String>> csigs = new ArrayList<>();
    /** Per object: its function aliases ({@link #ALIAS_SECTION}), each to the function whose method it calls. */
    private final List<Map<String, String>> aliases = new ArrayList<>();
    /** The shared libraries the link resolves against, after the objects and jomp's runtime. */
    private final NativeLibraries natives;

    private final NativeStubs stubs = new NativeStubs();
    /** Data relocations to native symbols: image offset, library, symbol, addend. */
    private final List<Object[]> nativeRelocs = new ArrayList<>();

    /** A device link: no main, and the program's classes are loaded by a device plugin. */
    private final boolean device;

    /** The link wraps device images (see {@link #link(List, boolean)}). */
    private boolean images;

    private HostLinker(List<Input> inputs, boolean device, NativeLibraries natives) {
        this.checked = inputs;
        this.inputs = SymbolVersions.expand(inputs);
        this.device = device;
        this.natives = natives != null ? natives : new NativeLibraries();
    }

    public static Linked link(List<Input> inputs) {
        return link(inputs, false);
    }

    public static Linked link(List<Input> inputs, boolean images) {
        return link(inputs, images, null);
    }

    /**
     * The host link. {@code images}: the link wraps device images, so Main calls the registration
     * class; without images it does so only when the objects have offload entries (a program
     * without either starts as a plain C program does).
     */
    public static Linked link(List<Input> inputs, boolean images, NativeLibraries natives) {
        HostLinker l = new HostLinker(inputs, false, natives);
        l.images = images;
        return l.run();
    }

    /** True when a host link's Main calls {@link #REGISTRATION}: device images, or offload entries. */
    public static boolean registers(Linked linked, boolean images) {
        return images || !linked.entries().isEmpty();
    }

    /** Links the jvm device objects of a program into the device program (offload-abi.md §6). */
    public static Linked linkDevice(List<Input> inputs) {
        return linkDevice(inputs, null);
    }

    /** As {@link #linkDevice(List)}, resolving native calls against the program's libraries (the jvm device runs on the host). */
    public static Linked linkDevice(List<Input> inputs, NativeLibraries natives) {
        return new HostLinker(inputs, true, natives).run();
    }

    /** The data image being laid out: its initialised bytes, its whole size and its alignment. */
    private static final class Image {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        long size, align = 16;
    }

    /** The data image's relocations: {image offset, address} and {image offset, handle, addend}. */
    private record DataRelocations(List<long[]> addresses, List<long[]> functions) {}

    private Linked run() {
        readUnits();
        resolveGlobals();
        needStrongReferences();
        Image image = layOutData();
        DataRelocations relocations = relocateData();
        ProgramClasses.DataFields dataFields = new ProgramClasses.DataFields();
        Map<String, byte[]> classes = rewriteClasses(dataFields);
        // 5. offload entries, then main
        List<Entry> entries = entries();
        Def main = lookup(-1, "main");
        if (!device && (main == null || main.symbol().type() != Elf.STT_FUNC)) {
            errors.add("undefined reference to 'main'");
        }
        if (!errors.isEmpty()) throw new LinkError(String.join("\n", errors));
        classes.putAll(programClasses(dataFields));
        classes.putAll(stubs.classes());
        if (!device) {
            String mainDesc = methodDescriptor(classes.get(main.unitClass()), "main");
            classes.put(
                    MAIN,
                    StartupClasses.main(new StartupClasses.Start(
                            main.unitClass(),
                            mainDesc,
                            images || !entries.isEmpty(),
                            natives.needed(),
                            natives.runPath(),
                            initFunctions(),
                            linkedTool(classes))));
        }
        Map<String, byte[]> resources = new LinkedHashMap<>();
        resources.put(DATA_RESOURCE.substring(1), dataResource(image, relocations));
        return new Linked(classes, resources, entries);
    }

    /** 1. Each object's unit class name (two units named alike: both kept) and its C signatures. */
    private void readUnits() {
        Map<String, Integer> classCount = new HashMap<>();
        for (int k = 0; k < inputs.size(); k++) {
            ElfObject o = inputs.get(k).object();
            check(checked.get(k));
            String cls = null;
            for (ElfSection s : o.sections())
                if (s.name().startsWith(CLASS_PREFIX)) {
                    cls = s.name().substring(CLASS_PREFIX.length()).replace('.', '/');
                    break;
                }
            if (cls == null) throw new LinkError(inputs.get(k).name() + ": not a jomp host object (no class section)");
            csigs.add(pairs(o, CSIG_SECTION));
            aliases.add(SymbolVersions.expandAliases(pairs(o, ALIAS_SECTION)));
            int n = classCount.merge(cls, 1, Integer::sum);
            unitClass.add(n == 1 ? cls : cls + "$" + n); // two units named alike: keep both
        }
    }

    /** 1. The global symbols: each name's definition, by ld's rules and ld.so's interposition. */
    private void resolveGlobals() {
        // the program's objects first, then the shared libraries': a library's definition of a name
        // the program (or an earlier library) defines is interposed, as ld.so's search order has it
        List<Integer> order = new ArrayList<>();
        for (int k = 0; k < inputs.size(); k++) if (!inputs.get(k).shared()) order.add(k);
        for (int k = 0; k < inputs.size(); k++) if (inputs.get(k).shared()) order.add(k);
        for (int k : order) {
            for (ElfSymbol s : inputs.get(k).object().symbols()) {
                if (!s.isDefined()
                        || s.isLocal()
                        || s.name().isEmpty()
                        || s.type() == Elf.STT_SECTION
                        || s.type() == Elf.STT_FILE) continue;
                if (scopedDefinition(k, s)) continue;
                Def old = globals.get(s.name());
                if (old != null) {
                    // interposed by the program's, or by an earlier library's (a weak one, as ld gave
                    // the library its strong one, only by another library's)
                    if (inputs.get(k).shared()
                            && (!inputs.get(old.object()).shared()
                                    || !old.symbol().isWeak())) continue;
                    // ld's rules for weak definitions: the first stays unless a strong one comes
                    if (s.isWeak()) continue;
                    if (old.symbol().isWeak()) {
                        globals.put(s.name(), new Def(k, s, unitClass.get(k)));
                        continue;
                    }
                    if (!inputs.get(k).shared())
                        errors.add(inputs.get(k).name() + ": multiple definition of '" + s.name() + "'; "
                                + inputs.get(old.object()).name() + ": first defined here");
                    continue;
                }
                globals.put(s.name(), new Def(k, s, unitClass.get(k)));
            }
        }
    }

    /**
     * 1b. The shared libraries the objects' strong undefined references need, before any weak
     * reference binds: as GNU ld's --as-needed, a weak reference alone needs no library.
     */
    private void needStrongReferences() {
        for (int k = 0; k < inputs.size(); k++)
            for (ElfSymbol s : inputs.get(k).object().symbols())
                if (!s.isDefined() && !s.isWeak() && !s.name().isEmpty() && lookup(k, s.name()) == null)
                    natives.needStrong(s.name());
    }

    /** The scope of input k (-1: the program's): its library, or the program. */
    private Object scope(int k) {
        Input in = k < 0 ? null : inputs.get(k);
        return in == null || !in.shared() ? "" : in.library() != null ? in.library() : "(shared)";
    }

    /** Whether symbol s of input k binds within its scope: hidden, internal, or a library's unexported or protected one. */
    private boolean bindsInScope(int k, ElfSymbol s) {
        Input in = inputs.get(k);
        if (s.isModuleLocal()) return true;
        if (!in.shared() || in.library() == null) return false;
        return s.visibility() == Elf.STV_PROTECTED
                || in.library().symbolic(s)
                || !in.library().exports(s.name());
    }

    /**
     * Records a definition that binds within its scope (ld's weak and strong rules, a second
     * strong one in the program an error); true when it is not also a global one (protected is both).
     */
    private boolean scopedDefinition(int k, ElfSymbol s) {
        if (!bindsInScope(k, s)) return false;
        Map<String, Def> in = scoped.computeIfAbsent(scope(k), x -> new HashMap<>());
        Def old = in.get(s.name());
        if (old == null || old.symbol().isWeak() && !s.isWeak()) in.put(s.name(), new Def(k, s, unitClass.get(k)));
        else if (!s.isWeak() && !old.symbol().isWeak() && !inputs.get(k).shared())
            errors.add(inputs.get(k).name() + ": multiple definition of '" + s.name() + "'; "
                    + inputs.get(old.object()).name() + ": first defined here");
        boolean exported = !s.isModuleLocal()
                && (inputs.get(k).library() == null || inputs.get(k).library().exports(s.name()));
        return !exported;
    }

    /** The definition a reference from input k (-1: the program) to {@code name} binds to: its scope's, else the global one. */
    private Def lookup(int k, String name) {
        Map<String, Def> in = scoped.get(scope(k));
        Def d = in == null ? null : in.get(name);
        return d != null ? d : globals.get(name);
    }

    /** 2. The data image: each data section's place in it (sectionBase) and the read-only part's end. */
    private Image layOutData() {
        // .rodata without relocations (the read-only part, to a page boundary),
        // .rodata with relocations (written when the image is loaded, as .data.rel.ro is), .data,
        // then .bss (initialised bytes first)
        Image image = new Image();
        for (int k = 0; k < inputs.size(); k++) sectionBase.add(new HashMap<>());
        for (String kind : List.of(".rodata", ".data.rel.ro", ".data", ".bss")) {
            if (kind.equals(".data.rel.ro") && image.size > 0) {
                readOnlyEnd = (image.size + READ_ONLY_ALIGN - 1) & -READ_ONLY_ALIGN;
                while (image.bytes.size() < readOnlyEnd) image.bytes.write(0);
                image.size = readOnlyEnd;
            }
            for (int k = 0; k < inputs.size(); k++) {
                List<ElfSection> secs = inputs.get(k).object().sections();
                for (int i = 0; i < secs.size(); i++) {
                    ElfSection s = secs.get(i);
                    if (!kind.equals(dataKind(s))) continue;
                    long a = Math.max(1, s.addralign());
                    image.align = Math.max(image.align, a);
                    long at = (image.size + a - 1) / a * a;
                    if (s.type() != Elf.SHT_NOBITS) {
                        while (image.bytes.size() < at) image.bytes.write(0);
                        image.bytes.writeBytes(s.data());
                    }
                    sectionBase.get(k).put(i + 1, at);
                    image.size = at + s.size();
                }
            }
        }
        return image;
    }

    /** 3. The relocations in data, resolved: to data addresses, function handles or native symbols. */
    private DataRelocations relocateData() {
        DataRelocations relocations = new DataRelocations(new ArrayList<>(), new ArrayList<>());
        for (int k = 0; k < inputs.size(); k++) {
            ElfObject o = inputs.get(k).object();
            for (int i = 0; i < o.sections().size(); i++) {
                ElfSection s = o.sections().get(i);
                Long base = sectionBase.get(k).get(i + 1);
                if (base == null && s.name().equals(ENTRIES_SECTION)) continue; // read below, not loaded
                for (ElfRelocation r : s.relocations()) {
                    if (base == null) {
                        errors.add(inputs.get(k).name() + ": relocation in section " + s.name() + " that is not data");
                        continue;
                    }
                    relocate(k, base + r.offset(), r, o.symbols().get(r.symbol()), relocations);
                }
            }
        }
        return relocations;
    }

    /** One relocation of object k at image offset {@code at} against {@code target}. */
    private void relocate(int k, long at, ElfRelocation r, ElfSymbol target, DataRelocations relocations) {
        if (undefinedWeak(k, target)) return; // null: the slot's bytes stay 0 (ld adds the addend to 0)
        if (r.type() == Elf.R_JOMP_FUNC64) {
            Target fn = resolveFunction(k, target);
            if (fn == null) return;
            if (fn.isNative()) nativeRelocs.add(new Object[] {at, fn.library().needed(), target.name(), r.addend()});
            else relocations.functions().add(new long[] {at, handle(fn), r.addend()});
        } else {
            NativeLibraries.Found n = nativeData(k, target);
            if (n != null) {
                nativeRelocs.add(new Object[] {at, n.library().needed(), target.name(), r.addend()});
                return;
            }
            Long addr = dataAddress(k, target);
            if (addr != null) relocations.addresses().add(new long[] {at, addr + r.addend()});
        }
    }

    /** 4. Every unit class rewritten, by its (link-unique) name; the data addresses they use go to dataFields. */
    private Map<String, byte[]> rewriteClasses(ProgramClasses.DataFields dataFields) {
        Map<String, byte[]> classes = new LinkedHashMap<>();
        for (int k = 0; k < inputs.size(); k++) {
            ElfObject o = inputs.get(k).object();
            for (ElfSection s : o.sections()) {
                if (!s.name().startsWith(CLASS_PREFIX)) continue;
                try {
                    classes.put(unitClass.get(k), rewrite(k, s.data(), dataFields));
                } catch (RuntimeException e) { // a class file ASM cannot read (an object without a check)
                    errors.add(inputs.get(k).name() + ": invalid class file in section " + s.name() + " (" + e + ")");
                }
            }
        }
        return classes;
    }

    /**
     * The data image resource: sizes, the initialised bytes, then the relocations to addresses,
     * to function handles and to native symbols (the format {@link #readOnlyData} and the
     * runtime's DataImage read).
     */
    private byte[] dataResource(Image image, DataRelocations relocations) {
        try {
            ByteArrayOutputStream bos = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(bos);
            out.writeLong(image.size);
            out.writeInt(image.bytes.size());
            out.writeLong(image.align);
            out.writeLong(readOnlyEnd);
            out.write(image.bytes.toByteArray());
            out.writeInt(relocations.addresses().size());
            for (long[] r : relocations.addresses()) {
                out.writeLong(r[0]);
                out.writeLong(r[1]);
            }
            out.writeInt(relocations.functions().size());
            for (long[] r : relocations.functions()) {
                out.writeLong(r[0]);
                out.writeInt((int) r[1]);
                out.writeLong(r[2]);
            }
            out.writeInt(nativeRelocs.size());
            for (Object[] r : nativeRelocs) {
                out.writeLong((Long) r[0]);
                out.writeUTF((String) r[1]);
                out.writeUTF((String) r[2]);
                out.writeLong((Long) r[3]);
            }
            out.flush();
            return bos.toByteArray();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * The records of every object's omp_offloading_entries section, resolved against the data layout.
     * A kernel entry (size 0) gets the class and method of the function named like it, found in
     * its own object first; a device link requires that function.
     */
    private List<Entry> entries() {
        List<Entry> out = new ArrayList<>();
        String[] firstRequires = null; // {file, flags} of the first unit that records its requires clauses
        for (int k = 0; k < inputs.size(); k++) {
            ElfObject o = inputs.get(k).object();
            String file = inputs.get(k).name();
            List<OffloadEntriesSection.Entry> read;
            try {
                read = OffloadEntriesSection.read(file, o);
            } catch (FormatException e) {
                errors.add(e.getMessage());
                continue;
            }
            for (OffloadEntriesSection.Entry e : read) {
                if ((e.flags() & REQUIRES_ENTRY)
                        != 0) { // a unit's requires clauses: all units with device code must agree
                    if (firstRequires == null) firstRequires = new String[] {file, Long.toString(e.size())};
                    else requiresMismatch(firstRequires[0], Long.parseLong(firstRequires[1]), file, e.size());
                }
                Long addr = dataAddress(k, o.symbols().get(e.symbol()));
                if (addr == null) continue;
                String owner = null, method = null;
                if (e.size() == 0) {
                    owner = functionOwner(k, e.name());
                    if (owner != null) method = JvmNames.method(e.name());
                    else if (device)
                        errors.add(file + ": offload entry '" + e.name() + "' has no kernel function of that name");
                }
                out.add(new Entry(addr + e.addend(), e.name(), e.size(), e.flags(), owner, method));
            }
        }
        return out;
    }

    /** Offload entry flag of a translation unit's requires record (its size word holds the clauses). */
    static final int REQUIRES_ENTRY = 0x10;

    /**
     * OpenMP: every unit with device code must name the same requires clauses (libomptarget stops
     * such a program at start-up with "'#pragma omp requires ...' not used consistently!"; the link
     * refuses it).
     */
    private void requiresMismatch(String fileA, long a, String fileB, long b) {
        String[][] clauses = {
            {"2", "reverse_offload"},
            {"4", "unified_address"},
            {"8", "unified_shared_memory"},
            {"16", "dynamic_allocators"}
        };
        for (String[] c : clauses) {
            long bit = Long.parseLong(c[0]);
            if ((a & bit) == (b & bit)) continue;
            String has = (a & bit) != 0 ? fileA : fileB, lacks = (a & bit) != 0 ? fileB : fileA;
            errors.add("'#pragma omp requires " + c[1] + "' not used consistently: " + has + " has it, " + lacks
                    + " does not");
        }
    }

    /** The class defining function {@code name} as object k sees it (its own symbols, then the globals), or null. */
    private String functionOwner(int k, String name) {
        for (ElfSymbol s : inputs.get(k).object().symbols()) {
            if (s.isDefined() && s.type() == Elf.STT_FUNC && s.name().equals(name)) return unitClass.get(k);
        }
        Def fn = lookup(k, name);
        return fn != null && fn.symbol().type() == Elf.STT_FUNC ? fn.unitClass() : null;
    }

    /** Where a section goes in the data image: .rodata, .data.rel.ro (read-only data with relocations), .data, .bss, or null (not data). */
    private static String dataKind(ElfSection s) {
        String n = s.name();
        if (n.equals(".rodata") || n.startsWith(".rodata."))
            return s.relocations().isEmpty() ? ".rodata" : ".data.rel.ro";
        for (String kind : List.of(".data.rel.ro", ".data", ".bss"))
            if (n.equals(kind) || n.startsWith(kind + ".")) return kind;
        return null;
    }

    /**
     * Object k's own definition of s, unless it is a weak one another object's definition replaced,
     * or a shared library's that the program's interposes.
     */
    private boolean ownDefinition(int k, ElfSymbol s) {
        if (!s.isDefined()) return false;
        if (s.isLocal()) return true;
        if (bindsInScope(k, s)) {
            Def d = scoped.get(scope(k)).get(s.name());
            return d == null || d.object() == k;
        }
        if (!s.isWeak() && !inputs.get(k).shared()) return true;
        Def d = globals.get(s.name());
        return d == null || d.object() == k;
    }

    private Long dataAddress(int k, ElfSymbol s) {
        if (ownDefinition(k, s)) {
            Long base = sectionBase.get(k).get(s.section());
            if (base == null) {
                errors.add(inputs.get(k).name() + ": `" + s.name() + "' is not in a data section");
                return null;
            }
            return base + s.value();
        }
        Def d = lookup(k, s.name());
        if (d == null || d.symbol().type() == Elf.STT_FUNC) {
            errors.add(inputs.get(k).name() + ": undefined reference to '" + s.name() + "'");
            return null;
        }
        return sectionBase.get(d.object()).get(d.symbol().section())
                + d.symbol().value();
    }

    /**
     * A data symbol seen from object k that no object defines but a shared library does (a
     * native global: optarg, environ, stdout, a library's variables), or null.
     */
    private NativeLibraries.Found nativeData(int k, ElfSymbol s) {
        if (s.isDefined() || lookup(k, s.name()) != null) return null; // (a weak definition stays in globals)
        NativeLibraries.Found f = natives.find(s.name(), true, s.isWeak());
        if (f == null) return null;
        if (f.kind() == jomp.objfile.elf.SharedObject.Kind.TLS) {
            errors.add(inputs.get(k).name() + ": cannot use thread-local variable '" + s.name() + "' of "
                    + f.library().needed() + " (jomp code cannot reach native thread-local storage)");
            return null;
        }
        return f;
    }

    /**
     * What a function symbol seen from object k is: code of a unit (owner, method), a C library
     * method of jomp's runtime (with its descriptor), or a native function of a shared library;
     * the C signature is the one the defining object, else the referring one, recorded.
     */
    private record Target(String owner, String name, String desc, String csig, NativeLibraries.Library library) {
        boolean isNative() {
            return library != null;
        }
    }

    /**
     * A weak reference of object k that nothing in the link defines (no object, jomp shared
     * library, needed native library or the C library): GNU ld links it, its address 0. An
     * {@code --as-needed} library that no strong reference needs does not count, also where jomp's
     * C library has the function: glibc's library that ld would take it from (libm for sin, which
     * jomp adds --as-needed) must be needed; libc always is. Only what glibc lacks (jomp's own and
     * libgcc's helpers) binds to jomp's C library whatever the flags.
     */
    private boolean undefinedWeak(int k, ElfSymbol s) {
        return s.isWeak()
                && !s.isDefined()
                && lookup(k, s.name()) == null
                && natives.find(s.name(), true, true) == null
                && (CFunctions.find(s.name()) == null || natives.glibcDefines(s.name()));
    }

    /** The target of a function symbol seen from object k, or null (error recorded). */
    private Target resolveFunction(int k, ElfSymbol s) {
        String name = JvmNames.method(s.name());
        String referrer = csigs.get(k).get(s.name());
        if (ownDefinition(k, s)) return new Target(unitClass.get(k), method(k, s.name()), null, referrer, null);
        Def d = lookup(k, s.name());
        if (d != null && d.symbol().type() == Elf.STT_FUNC) {
            String own = csigs.get(d.object()).get(s.name());
            return new Target(d.unitClass(), method(d.object(), s.name()), null, own != null ? own : referrer, null);
        }
        // ld's order: the command line's libraries, then the C library (jomp's Java part of it, then glibc)
        NativeLibraries.Found f = natives.find(s.name(), false, s.isWeak());
        if (f != null && f.kind() == jomp.objfile.elf.SharedObject.Kind.FUNCTION)
            return new Target(null, s.name(), null, referrer, f.library());
        Method m = natives.prefersNative(s.name()) ? null : CFunctions.find(s.name());
        if (m != null)
            return new Target(
                    Type.getInternalName(m.getDeclaringClass()), name, Type.getMethodDescriptor(m), referrer, null);
        f = natives.find(s.name(), true, s.isWeak());
        if (f != null && f.kind() == jomp.objfile.elf.SharedObject.Kind.FUNCTION)
            return new Target(null, s.name(), null, referrer, f.library());
        errors.add(inputs.get(k).name() + ": undefined reference to '" + s.name() + "'");
        return null;
    }

    /** The method of function symbol name that object k defines: its own, or its alias target's. */
    private String method(int k, String name) {
        return JvmNames.method(aliases.get(k).getOrDefault(name, name));
    }

    /** The lines {@code key TAB value} of object o's sections of this name. */
    private static Map<String, String> pairs(ElfObject o, String section) {
        Map<String, String> out = new HashMap<>();
        for (ElfSection s : o.sections()) {
            if (!s.name().equals(section)) continue;
            for (String line : new String(s.data(), java.nio.charset.StandardCharsets.UTF_8).split("\n")) {
                int tab = line.indexOf('\t');
                if (tab > 0) out.put(line.substring(0, tab), line.substring(tab + 1));
            }
        }
        return out;
    }

    private int handle(Target fn) {
        String key = fn.owner() + "." + fn.name();
        Integer i = handleIndex.get(key);
        if (i != null) {
            if (handleTargets.get(i)[3] == null && fn.csig() != null)
                handleTargets.get(i)[3] = fn.csig();
            return i;
        }
        i = handleTargets.size();
        handleIndex.put(key, i);
        handleTargets.add(new String[] {fn.owner(), fn.name(), fn.desc(), fn.csig()});
        return i;
    }

    /** Rewrites one unit class: placeholder owners resolved against this object's symbols. */
    private byte[] rewrite(int k, byte[] bytes, ProgramClasses.DataFields dataFields) {
        ElfObject o = inputs.get(k).object();
        Map<String, ElfSymbol> bySymbolField = new HashMap<>();
        for (ElfSymbol s : o.symbols()) if (!s.name().isEmpty()) bySymbolField.putIfAbsent(JvmNames.field(s.name()), s);
        Map<String, String> interposed = interposedCalls(k);
        ClassReader cr = new ClassReader(bytes);
        ClassWriter cw = new ClassWriter(0);
        // a method whose jumps pass 32 KiB once rewritten is read again and its frames computed: over
        // ASM's default budget for a large C function, as the compiler's (JvmBackend) is
        cw.setComputeLimits(512 << 20, 20_000_000_000L);
        cr.accept(new UnitRewriter(cw, k, cr.getClassName(), bySymbolField, interposed, dataFields), 0);
        return cw.toByteArray();
    }

    /**
     * A shared library's calls to its own functions that the program interposes go to the
     * program's: the method names of object k whose calls change owner, and their new owners.
     */
    private Map<String, String> interposedCalls(int k) {
        ElfObject o = inputs.get(k).object();
        Map<String, String> interposed = new HashMap<>();
        if (inputs.get(k).shared()) {
            for (ElfSymbol s : o.symbols()) {
                // its own definitions only: what it calls and does not define is the link's to resolve
                if (s.type() != Elf.STT_FUNC || s.isLocal() || !s.isDefined() || ownDefinition(k, s)) continue;
                Def d = lookup(k, s.name());
                if (d.symbol().type() != Elf.STT_FUNC) {
                    errors.add(inputs.get(d.object()).name() + ": '" + s.name() + "' is not a function, but "
                            + inputs.get(k).name() + " defines it as one");
                    continue;
                }
                interposed.put(JvmNames.method(s.name()), d.unitClass());
            }
        }
        return interposed;
    }

    /**
     * Object k's unit class as linked: named link-uniquely, its calls and symbol fields through the
     * placeholder owners ({@code EXTERN}, {@code DATA}, {@code FN}) resolved.
     */
    private final class UnitRewriter extends ClassVisitor {
        private final int k;
        private final String self, original;
        private final Map<String, ElfSymbol> bySymbolField;
        private final Map<String, String> interposed;
        private final ProgramClasses.DataFields dataFields;

        UnitRewriter(
                ClassVisitor cv,
                int k,
                String original,
                Map<String, ElfSymbol> bySymbolField,
                Map<String, String> interposed,
                ProgramClasses.DataFields dataFields) {
            super(ASM9, cv);
            this.k = k;
            this.self = unitClass.get(k);
            this.original = original;
            this.bySymbolField = bySymbolField;
            this.interposed = interposed;
            this.dataFields = dataFields;
        }

        @Override
        public void visit(int version, int access, String name, String sig, String sup, String[] itf) {
            super.visit(version, access, self, sig, sup, itf);
        }

        @Override
        public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] ex) {
            return new CodeRewriter(super.visitMethod(access, name, desc, sig, ex));
        }

        private final class CodeRewriter extends MethodVisitor {
            CodeRewriter(MethodVisitor mv) {
                super(ASM9, mv);
            }

            @Override
            public void visitMethodInsn(int op, String owner, String name, String desc, boolean itf) {
                if (owner.equals(original)) owner = interposed.getOrDefault(name, self);
                else if (owner.equals(EXTERN)) {
                    externCall(op, name, desc, itf);
                    return;
                }
                super.visitMethodInsn(op, owner, name, desc, itf);
            }

            /** A call of an extern function: to the unit defining it, jomp's C library, or a native stub. */
            private void externCall(int op, String name, String desc, boolean itf) {
                String owner = EXTERN;
                String csig = JvmNames.externCsig(name);
                name = JvmNames.externSymbol(name);
                ElfSymbol s = bySymbolField.get(name);
                if (s == null) errors.add(inputs.get(k).name() + ": call to `" + name + "' without a symbol");
                else if (undefinedWeak(k, s)) {
                    nullCall(desc);
                    return;
                }
                Target fn = s == null ? null : resolveFunction(k, s);
                // the C library and native code take no Stack: the one the call pushed last is dropped
                if (fn != null && (fn.isNative() || fn.desc() != null) && JvmNames.takesStack(desc)) {
                    super.visitInsn(POP);
                    desc = JvmNames.withoutStack(desc);
                }
                if (fn != null && fn.isNative()) {
                    owner = nativeCall(k, fn, s.name(), csig, desc);
                    name = "call";
                } else if (fn != null && fn.desc() != null && !fn.desc().equals(desc)) {
                    // declared otherwise than jomp's C library defines it (autoconf's link checks:
                    // "char fabs (); ... return fabs ();"): as a gcc-built program does, the call
                    // goes to glibc's own function with the caller's type
                    NativeLibraries.Found lib = natives.find(s.name(), true, s.isWeak());
                    if (lib != null && lib.kind() == jomp.objfile.elf.SharedObject.Kind.FUNCTION) {
                        owner = nativeCall(
                                k, new Target(null, s.name(), null, fn.csig(), lib.library()), s.name(), csig, desc);
                        name = "call";
                    } else {
                        owner = fn.owner();
                        errors.add(inputs.get(k).name() + ": call to `" + s.name() + "' with type " + desc
                                + " but the C library defines it as " + fn.desc());
                    }
                } else if (fn != null) {
                    owner = fn.owner();
                    name = fn.name(); // an alias's call goes to its function's method
                }
                super.visitMethodInsn(op, owner, name, desc, itf);
            }

            /**
             * A call of a weak function nothing defines is a call through NULL: the arguments are
             * dropped and the runtime's fault ends the program by SIGSEGV; the value pushed after
             * it keeps the stack's shape (the frames stay true) and is never reached.
             */
            private void nullCall(String desc) {
                Type[] args = Type.getArgumentTypes(desc);
                for (int i = args.length - 1; i >= 0; i--) super.visitInsn(args[i].getSize() == 2 ? POP2 : POP);
                super.visitMethodInsn(
                        INVOKESTATIC, Type.getInternalName(jomp.runtime.mem.Functions.class), "callNull", "()V", false);
                switch (Type.getReturnType(desc).getSort()) {
                    case Type.VOID -> {}
                    case Type.LONG -> super.visitInsn(LCONST_0);
                    case Type.FLOAT -> super.visitInsn(FCONST_0);
                    case Type.DOUBLE -> super.visitInsn(DCONST_0);
                    case Type.OBJECT, Type.ARRAY -> super.visitInsn(ACONST_NULL);
                    default -> super.visitInsn(ICONST_0);
                }
            }

            @Override
            public void visitFieldInsn(int op, String owner, String name, String desc) {
                if (owner.equals(DATA) || owner.equals(FN)) {
                    ElfSymbol s = bySymbolField.get(name);
                    if (s != null) {
                        if (owner.equals(DATA)) dataAddressField(s);
                        else functionAddressField(s);
                        return;
                    }
                    errors.add(inputs.get(k).name() + ": reference to unknown symbol field " + name);
                }
                super.visitFieldInsn(op, owner, name, desc);
            }

            /** The address of data symbol s: a native global's holder, else Program's field of its image offset. */
            private void dataAddressField(ElfSymbol s) {
                if (undefinedWeak(k, s)) {
                    super.visitInsn(LCONST_0);
                    return;
                }
                NativeLibraries.Found n = nativeData(k, s);
                if (n != null) {
                    super.visitFieldInsn(GETSTATIC, stubs.address(n.library().needed(), s.name()), "A", "J");
                    return;
                }
                Long addr = dataAddress(k, s);
                String field = dataFields.field(addr == null ? 0 : addr);
                super.visitFieldInsn(GETSTATIC, dataFields.owner(field), field, "J");
            }

            /** The address of function s: a native function's own, else Program's field of its handle. */
            private void functionAddressField(ElfSymbol s) {
                if (undefinedWeak(k, s)) {
                    super.visitInsn(LCONST_0);
                    return;
                }
                Target fn = resolveFunction(k, s);
                if (fn != null && fn.isNative()) { // a native function's own address
                    super.visitFieldInsn(GETSTATIC, stubs.address(fn.library().needed(), s.name()), "A", "J");
                    return;
                }
                int h = fn == null ? 0 : handle(fn);
                super.visitFieldInsn(GETSTATIC, ProgramClasses.handleOwner(h), ProgramClasses.handleField(h), "J");
            }
        }
    }

    /**
     * The stub class for a call from object k to native function {@code symbol}: the call's own
     * C signature (which lists a variadic call's arguments), else the prototype the object
     * recorded, else one read off jomp's descriptor (calls the compiler itself makes).
     */
    private String nativeCall(int k, Target fn, String symbol, String csig, String desc) {
        String refused = jomp.runtime.ffi.Downcalls.uncallable(fn.library().needed(), symbol);
        if (refused != null) {
            errors.add(inputs.get(k).name() + ": cannot call native function '" + symbol + "': " + refused);
            return EXTERN;
        }
        if (csig == null) csig = csigs.get(k).get(symbol);
        if (csig == null) csig = jomp.runtime.ffi.CSig.fromDescriptor(desc);
        jomp.runtime.ffi.CSig parsed;
        try {
            parsed = jomp.runtime.ffi.CSig.parse(csig);
        } catch (IllegalArgumentException e) {
            errors.add(inputs.get(k).name() + ": call to `" + symbol + "': " + e.getMessage());
            return EXTERN;
        }
        String why = parsed.unsupported();
        if (why != null) {
            errors.add(inputs.get(k).name() + ": cannot call native function '" + symbol + "' of "
                    + fn.library().needed() + ": " + why);
            return EXTERN;
        }
        String expect = NativeStubs.jompDescriptor(parsed);
        if (!expect.equals(desc)) {
            errors.add(inputs.get(k).name() + ": call to native function '" + symbol + "' with type " + desc
                    + " but its C signature " + csig + " means " + expect);
            return EXTERN;
        }
        return stubs.call(fn.library().needed(), symbol, csig, desc);
    }

    /** The descriptor of a method of a class, e.g. main's. */
    private static String methodDescriptor(byte[] cls, String method) {
        String[] found = new String[1];
        new ClassReader(cls)
                .accept(
                        new ClassVisitor(ASM9) {
                            @Override
                            public MethodVisitor visitMethod(
                                    int access, String name, String desc, String sig, String[] ex) {
                                if (name.equals(method)) found[0] = desc;
                                return null;
                            }
                        },
                        ClassReader.SKIP_CODE);
        return found[0];
    }

    /**
     * jomp/link/Program and its overflow classes (see {@link ProgramClasses}), its function handles'
     * descriptors read from the classes that define them where the handle does not carry one.
     */
    private Map<String, byte[]> programClasses(ProgramClasses.DataFields dataFields) {
        List<ProgramClasses.FunctionHandle> handles = new ArrayList<>();
        for (int i = 0; i < handleTargets.size(); i++) {
            String[] t = handleTargets.get(i);
            String desc = t[2] != null ? t[2] : descriptorIn(t[0], t[1]);
            handles.add(new ProgramClasses.FunctionHandle(i, t[0], t[1], desc, t[3]));
        }
        return ProgramClasses.classes(handles, dataFields, readOnlyEnd);
    }

    /** Descriptor of a function defined in a unit class (read from the symbol's object). */
    private String descriptorIn(String owner, String name) {
        for (int k = 0; k < inputs.size(); k++) {
            if (!unitClass.get(k).equals(owner)) continue;
            for (ElfSection s : inputs.get(k).object().sections()) {
                if (s.name().startsWith(CLASS_PREFIX)) {
                    String d = methodDescriptor(s.data(), name);
                    if (d != null) return d;
                }
            }
        }
        throw new LinkError("cannot find the code of function `" + name + "'");
    }

    /** The units' constructor functions ({@link ExecutableNames#INIT_PREFIX}): {unit class, method}, by priority, then in link order. */
    private List<String[]> initFunctions() {
        List<Map.Entry<String, Def>> inits = new ArrayList<>();
        List<Map<String, Def>> all = new ArrayList<>(List.of(globals));
        all.addAll(scoped.values()); // a library's constructors run though its version script hides them
        for (Map<String, Def> defs : all)
            for (Map.Entry<String, Def> e : defs.entrySet())
                if (e.getKey().startsWith(ExecutableNames.INIT_PREFIX)
                        && e.getValue().symbol().type() == Elf.STT_FUNC
                        && !inits.contains(e)) inits.add(e);
        inits.sort(java.util.Comparator.comparingInt(
                        (Map.Entry<String, Def> e) -> ExecutableNames.initPriority(e.getKey()))
                .thenComparingInt(e -> e.getValue().object()));
        List<String[]> out = new ArrayList<>();
        for (Map.Entry<String, Def> e : inits)
            out.add(new String[] {e.getValue().unitClass(), JvmNames.method(e.getKey())});
        return out;
    }

    /**
     * The program's own OMPT tool: its {@code ompt_start_tool} as {unit class, method, descriptor},
     * or null. The runtime cannot look a C function up by name, so Main hands it over first
     * (libomp finds the program's definition through the dynamic linker).
     */
    private String[] linkedTool(Map<String, byte[]> classes) {
        Def tool = lookup(-1, "ompt_start_tool");
        if (tool == null || tool.symbol().type() != Elf.STT_FUNC) return null;
        String method = JvmNames.method("ompt_start_tool");
        return new String[] {tool.unitClass(), method, methodDescriptor(classes.get(tool.unitClass()), method)};
    }
}
