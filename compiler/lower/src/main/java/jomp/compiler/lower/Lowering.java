package jomp.compiler.lower;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.Initializer;
import jomp.compiler.ast.TranslationUnit;
import jomp.compiler.ast.Var;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceLocation;
import jomp.compiler.ir.FloatConst;
import jomp.compiler.ir.FuncType;
import jomp.compiler.ir.Global;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Module;
import jomp.compiler.ir.Value;
import jomp.compiler.sema.OmpDeclarations;
import jomp.compiler.type.Float16;
import jomp.compiler.type.Type;
import jomp.offload.abi.OffloadEntries;

/**
 * AST → IR for one translation unit: functions (through {@link FunctionLowering}), globals with
 * their initial bytes and relocations, string literals, block-scope statics as globals with a
 * unique name, and the externs the unit uses. OpenMP directives are lowered by each function's
 * {@link OmpLowering} (outlined regions and runtime calls, docs/design/openmp-lowering.md).
 */
public final class Lowering {
    final Module module;
    final Diagnostics diags;
    /** The symbol of every object or function with static storage that has one. */
    private final Map<Var, String> symbols = new IdentityHashMap<>();

    private final Set<String> taken = new HashSet<>();
    private final Set<Var> defined = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    private final Map<String, FuncType> usedFunctions = new LinkedHashMap<>();
    private final Set<String> usedData = new java.util.LinkedHashSet<>();
    private final Map<String, String> strings = new HashMap<>();
    private int stringCount;

    /** -g: map names and construct locations for the offload runtime's reports, as clang passes them with debug info. */
    boolean debugInfo;
    /** The function of each declare mapper used in this unit (MapperLowering). */
    final Map<jomp.compiler.ast.OmpClause.UserMapper, String> mapperFunctions = new java.util.IdentityHashMap<>();

    private Lowering(Module m, Diagnostics diags) {
        this.module = m;
        this.diags = diags;
    }

    /** The cells of combined constructs' conditional lastprivate variables (DataSharing.withConditionalCell), by identity. */
    final java.util.Set<jomp.compiler.ast.Var> conditionalCells =
            java.util.Collections.newSetFromMap(new IdentityHashMap<>());

    private boolean haveInt128Division;

    /** The unit's 128-bit division helper (Int128Runtime), written into the module on first use. */
    String int128DivisionHelper() {
        if (!haveInt128Division) {
            haveInt128Division = true;
            module.functions.add(Int128Runtime.divmod());
            taken.add(Int128Runtime.DIVMOD);
        }
        return Int128Runtime.DIVMOD;
    }

    /** Symbols referred to by what has been compiled so far. */
    private final Set<String> referencedGlobally = new HashSet<>();

    /** Each compiled definition's functions (itself and its outlined regions), by source position, to restore source order. */
    private final java.util.TreeMap<Integer, java.util.List<jomp.compiler.ir.Function>> bySource =
            new java.util.TreeMap<>();

    private final Map<TranslationUnit.Function, Integer> sourceIndex = new IdentityHashMap<>();

    private void lowerFunction(TranslationUnit.Function f) {
        int start = module.functions.size();
        try {
            lowerOne(f);
        } finally {
            java.util.List<jomp.compiler.ir.Function> made =
                    new java.util.ArrayList<>(module.functions.subList(start, module.functions.size()));
            bySource.put(sourceIndex.get(f), made);
        }
    }

    private void lowerOne(TranslationUnit.Function f) {
        try {
            jomp.compiler.ir.Function fn = new FunctionLowering(this, f).lower();
            fn.declareTarget = decls.isDeclareTarget(f.var());
            module.functions.add(fn);
        } catch (Unsupported e) {
            diags.error(e.loc, e.getMessage());
        } catch (RuntimeException e) {
            // A construct the lowering does not handle: report it like a compiler, not with a stack trace.
            diags.error(f.loc(), "cannot generate code for function '" + f.var().name + "': " + e);
            if (jomp.env.Invocation.getenv("JOMP_DEBUG_LOWERING") != null) e.printStackTrace();
        }
    }

    /** A construct jomp parses but cannot compile (inline assembly): a clean error at its place. */
    static final class Unsupported extends RuntimeException {
        final SourceLocation loc;

        Unsupported(SourceLocation loc, String message) {
            super(message, null, false, false);
            this.loc = loc;
        }
    }

    public static Module lower(TranslationUnit tu, Diagnostics diags) {
        String name = tu.items().isEmpty()
                ? "<input>"
                : tu.items().get(0).loc().file().name();
        return lower(tu, diags, name);
    }

    /**
     * As {@link #lower(TranslationUnit, Diagnostics)}, naming the module after the main source
     * file; the unit's OpenMP declarations are gathered here (the pass list runs omp-declarations
     * before lower instead).
     */
    public static Module lower(TranslationUnit tu, Diagnostics diags, String sourceName) {
        OmpDeclarations decls = OmpDeclarations.scan(tu, diags);
        return lower(tu, decls, diags, sourceName, false);
    }

    /**
     * With {@code debug} (-g), instructions carry the source lines of the main file
     * ({@link Module#debugFile}), and offload constructs pass map names and source locations to
     * the runtime. {@code decls}: the unit's OpenMP declarations (OmpDeclarations.scan).
     */
    public static Module lower(
            TranslationUnit tu, OmpDeclarations decls, Diagnostics diags, String sourceName, boolean debug) {
        Lowering l = new Lowering(new Module(sourceName), diags);
        l.decls = decls;
        if (debug) l.module.debugFile = debugFile(tu, sourceName);
        l.debugInfo = debug;
        l.run(tu);
        WeakExterns.record(tu, l.module, l.directReferences());
        return l.module;
    }

    /** The symbols the lowered code refers to by their own names (a weakref's use is not one: WeakExterns). */
    private java.util.Set<String> directReferences() {
        java.util.Set<String> out = new java.util.HashSet<>();
        for (Map.Entry<Var, String> e : symbols.entrySet()) if (!e.getKey().weakref) out.add(e.getValue());
        return out;
    }

    /**
     * The file whose lines -g records: the main source file, as line markers name it (a .i file's
     * functions come from the .c file its markers name): the presumed file of the last function
     * defined in the main file.
     */
    private static String debugFile(TranslationUnit tu, String sourceName) {
        String file = sourceName;
        for (TranslationUnit.TopLevel t : tu.items())
            if (t instanceof TranslationUnit.Function f
                    && f.loc() != null
                    && f.loc().file().name().equals(sourceName)) file = f.loc().presumedFile();
        return file;
    }

    /** The line -g records for a location: its line in the main file; 0 without -g, or elsewhere (a header). */
    int lineOf(jomp.compiler.diag.SourceLocation loc) {
        if (module.debugFile == null || loc == null || !module.debugFile.equals(loc.presumedFile())) return 0;
        return loc.presumedLine();
    }

    /** The line of the statement being lowered (-g), for the functions its OpenMP regions are outlined into. */
    int line;

    private void run(TranslationUnit tu) {
        // File-scope names first, so that block-scope statics get fresh names around them.
        for (TranslationUnit.TopLevel t : tu.items()) {
            switch (t) {
                case TranslationUnit.Function f -> {
                    if (f.var().definitionDropped()) continue; // gnu_inline: calls go to the external function
                    defined.add(f.var());
                    symbolOf(f.var());
                }
                case TranslationUnit.Global g -> {
                    defined.add(g.var());
                    symbolOf(g.var());
                }
                case TranslationUnit.OmpDecl o -> {}
                case TranslationUnit.Symver s -> {}
            }
        }
        Aliases.renameVersionedReferences(tu, defined);
        // Functions local to the unit (static, inline definitions) are compiled only when something
        // compiled refers to them, as clang does: a static inline function of a header that nothing
        // calls costs nothing (and may hold what jomp cannot compile, such as inline assembly).
        java.util.List<TranslationUnit.Function> deferred = new java.util.ArrayList<>();
        for (TranslationUnit.TopLevel t : tu.items())
            if (t instanceof TranslationUnit.Function f) sourceIndex.put(f, sourceIndex.size());
        for (TranslationUnit.TopLevel t : tu.items()) {
            switch (t) {
                case TranslationUnit.Function f -> {
                    Var v = f.var();
                    if (v.definitionDropped()) continue;
                    if ((v.storage == Var.Storage.STATIC || v.inlineOnly) && !v.attrUsed && !decls.isDeclareTarget(v))
                        deferred.add(f);
                    else lowerFunction(f);
                }
                case TranslationUnit.Global g -> defineGlobal(g.var(), g.init(), g.loc());
                case TranslationUnit.OmpDecl o -> {}
                case TranslationUnit.Symver s -> {}
            }
        }
        referencedGlobally.addAll(Aliases.lower(this, tu, defined));
        referencedGlobally.addAll(Ifuncs.lower(this, tu, defined));
        lowerReferenced(deferred);
        // the functions in source order, whatever order they were compiled in; helpers last
        java.util.Set<jomp.compiler.ir.Function> placed = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        java.util.List<jomp.compiler.ir.Function> ordered = new java.util.ArrayList<>();
        for (var group : bySource.values()) for (var fn : group) if (placed.add(fn)) ordered.add(fn);
        for (var fn : module.functions) if (placed.add(fn)) ordered.add(fn);
        module.functions.clear();
        module.functions.addAll(ordered);
        offloadEntries();
        initFunctions(tu);
        externs();
    }

    /**
     * The deferred functions that what is compiled refers to, until none is left or no more is
     * referred to (each compiled one may refer to more).
     */
    private void lowerReferenced(java.util.List<TranslationUnit.Function> deferred) {
        int scanned = 0;
        while (!deferred.isEmpty()) {
            Set<String> refs = new HashSet<>();
            for (; scanned < module.functions.size(); scanned++) References.of(module.functions.get(scanned), refs);
            for (Global g : module.globals) for (Global.Reloc r : g.relocs) refs.add(r.symbol());
            boolean progress = false;
            for (java.util.Iterator<TranslationUnit.Function> it = deferred.iterator(); it.hasNext(); ) {
                TranslationUnit.Function f = it.next();
                if (!refs.contains(symbolOf(f.var())) && !referencedGlobally.contains(symbolOf(f.var()))) continue;
                it.remove();
                lowerFunction(f);
                progress = true;
            }
            referencedGlobally.addAll(refs);
            if (!progress) break;
        }
    }

    /**
     * The unit's offload entries besides its kernels': declare-target globals, declare target
     * indirect functions, and the requires marker.
     */
    private void offloadEntries() {
        for (var e : decls.declareTarget.entrySet()) {
            Var v = e.getKey();
            if (v.isFunction() || !defined.contains(v)) continue;
            String sym = symbolOf(v);
            Global g = module.global(sym);
            if (g != null) addEntry(sym, g.size, e.getValue());
        }
        // declare target indirect: a host global holding the function's address, whose entry (flag
        // 0x8, libomptarget's OMP_DECLARE_TARGET_INDIRECT) pairs it with the device's slot of the
        // same name (IndirectCallTable); a static function's slot name carries the unit's file ids,
        // so that the slots of the program's units never clash
        for (Var v : decls.indirect) {
            if (!defined.contains(v)) continue;
            String sym = symbolOf(v);
            if (fileIds == null) fileIds = fileIds(module.sourceName);
            String slot = jomp.compiler.offload.IndirectCallTable.SLOT_PREFIX
                    + (v.storage == Var.Storage.STATIC ? fileIds + "_" : "")
                    + sym;
            if (module.global(slot) != null) continue;
            taken.add(slot);
            Global g = new Global(slot, 8, 8, true, true, new byte[8]);
            g.relocs.add(new Global.Reloc(0, sym, 0));
            module.globals.add(g);
            addEntry(slot, 8, jomp.compiler.offload.IndirectCallTable.ENTRY_FLAG);
        }
        // the unit's requires clauses, recorded where it has device code (as clang 19 records them):
        // an entry with flag 0x10 whose size field holds libomptarget's OMP_REQ_* bits (NONE: 1)
        if (!module.offloadEntries.isEmpty()) {
            String marker = OffloadEntries.REQUIRES_MARKER;
            while (taken.contains(marker)) marker = marker + "_";
            taken.add(marker);
            module.globals.add(new Global(marker, 1, 1, true, true, null));
            long requires = requiresFlags(decls.requires);
            addEntry(marker, requires == 0 ? OffloadEntries.REQ_NONE : requires, OffloadEntries.FLAG_REQUIRES);
        }
    }

    /** What the unit uses and does not define: extern functions (with their C signatures) and data. */
    private void externs() {
        Set<String> definedNames = new HashSet<>();
        for (var f : module.functions) definedNames.add(f.name);
        for (var g : module.globals) definedNames.add(g.name);
        for (var e : usedFunctions.entrySet())
            if (!definedNames.contains(e.getKey())) {
                module.externFunctions.put(e.getKey(), e.getValue());
                String c = usedCsigs.get(e.getKey());
                if (c != null) module.externCsigs.put(e.getKey(), c);
            }
        for (String d : usedData) if (!definedNames.contains(d)) module.externData.add(d);
    }

    /**
     * Constructors and destructors (GNU attributes): for each priority the unit uses, a function
     * {@code __jomp_init_<priority, 5 digits>_<file ids>} that registers the destructors of that
     * priority with atexit, then calls the constructors, in source order. The host link calls these
     * functions before main, by priority, then in link order (as the C runtime runs .init_array);
     * destructors so registered run after the handlers the program registers itself, those of
     * lower priority last (as .fini_array runs after them, in reverse).
     */
    private void initFunctions(TranslationUnit tu) {
        java.util.TreeMap<Integer, java.util.List<Var>> ctors = new java.util.TreeMap<>(),
                dtors = new java.util.TreeMap<>();
        for (TranslationUnit.TopLevel t : tu.items()) {
            if (!(t instanceof TranslationUnit.Function f) || f.var().definitionDropped()) continue;
            Var v = f.var();
            if (v.constructorPriority >= 0)
                ctors.computeIfAbsent(v.constructorPriority, k -> new java.util.ArrayList<>())
                        .add(v);
            if (v.destructorPriority >= 0)
                dtors.computeIfAbsent(v.destructorPriority, k -> new java.util.ArrayList<>())
                        .add(v);
        }
        java.util.TreeSet<Integer> priorities = new java.util.TreeSet<>(ctors.keySet());
        priorities.addAll(dtors.keySet());
        if (priorities.isEmpty()) return;
        if (fileIds == null) fileIds = fileIds(module.sourceName);
        FuncType atexit = new FuncType(IrType.I32, java.util.List.of(IrType.PTR), false);
        for (int prio : priorities) {
            String name = initName(prio);
            jomp.compiler.ir.Function fn =
                    new jomp.compiler.ir.Function(name, new FuncType(IrType.VOID, java.util.List.of(), false), false);
            fn.csig = "v()";
            jomp.compiler.ir.IrBuilder b = new jomp.compiler.ir.IrBuilder(fn);
            for (Var d : dtors.getOrDefault(prio, java.util.List.of())) {
                b.call("atexit", atexit, java.util.List.of(b.funcAddr(symbolOf(d))), "i(p)");
                useFunction("atexit", atexit);
                usedCsigs.putIfAbsent("atexit", "i(p)");
            }
            for (Var c : ctors.getOrDefault(prio, java.util.List.of())) {
                jomp.compiler.ir.Function target = module.function(symbolOf(c));
                if (target == null) continue;
                java.util.List<jomp.compiler.ir.Value> args = new java.util.ArrayList<>();
                for (jomp.compiler.ir.Reg p : target.params)
                    args.add(
                            Emit.zero(p.type())); // a constructor taking parameters gets zeros (gcc passes whatever the
                // registers hold)
                b.call(target.name, target.type, args, target.csig);
            }
            b.ret(null);
            module.functions.add(fn);
        }
    }

    // ---- OpenMP offloading ----

    /** The unit's declare target, requires and declare mapper directives (the omp-declarations pass). */
    private OmpDeclarations decls = OmpDeclarations.none();

    private final Set<String> kernels = new HashSet<>();
    private int outlined;
    private String fileIds;

    /** libomptarget's OMP_REQ_* flags of requires clauses. */
    static long requiresFlags(Set<String> clauses) {
        long f = 0;
        if (clauses.contains("reverse_offload")) f |= OffloadEntries.REQ_REVERSE_OFFLOAD;
        if (clauses.contains("unified_address")) f |= OffloadEntries.REQ_UNIFIED_ADDRESS;
        if (clauses.contains("unified_shared_memory")) f |= OffloadEntries.REQ_UNIFIED_SHARED_MEMORY;
        if (clauses.contains("dynamic_allocators")) f |= OffloadEntries.REQ_DYNAMIC_ALLOCATORS;
        return f;
    }

    boolean isDeclareTarget(Var v) {
        return decls.isDeclareTarget(v);
    }

    /** The OpenMP constructs enclosing the code being lowered, outermost first, across outlined functions (context selectors read it). */
    final java.util.List<jomp.compiler.ast.OmpDirective.Leaf> ompConstructs = new java.util.ArrayList<>();
    /** Lowering the call of a dispatch whose novariants clause is true: calls go to the base function. */
    boolean ompNoVariants;
    /** The dispatch construct whose call is being lowered (its is_device_ptr and interop clauses: VariantCalls), or null. */
    jomp.compiler.ast.Stmt.Omp ompDispatch;

    /** The default mapper (declare mapper without a name) of struct type t, or null. */
    jomp.compiler.ast.OmpClause.UserMapper defaultMapper(Type t) {
        if (!t.isStructOrUnion()) return null;
        for (int k = decls.mappers.size() - 1; k >= 0; k--) {
            var m = decls.mappers.get(k);
            if (m.name().equals("default") && jomp.compiler.type.Types.compatibleUnqualified(m.type(), t)) return m;
        }
        return null;
    }

    /** A fresh name for an outlined region of function fn (clang: fn.omp_outlined). */
    String outlinedName(String fn) {
        String s;
        do s = fn + ".omp_outlined." + outlined++;
        while (taken.contains(s));
        taken.add(s);
        return s;
    }

    /**
     * The kernel of a target region (docs/design/offload-abi.md §3): {@code __omp_offloading_<content>_<name>_<fn>_l<line>}.
     * clang puts the source file's device and inode numbers there; jomp puts two hashes that do
     * not depend on where the checkout or the build directory is (so that ccache, sccache and
     * remote caches can share objects): of the file's bytes and of its base name. The device
     * compiles read the kernel names from the host IR, so host and device agree; distinct
     * files get distinct names (only two copies of one file under one name would clash);
     * {@code _<n>} for another region on the line.
     */
    String kernelName(String fn, int line) {
        if (fileIds == null) fileIds = fileIds(module.sourceName);
        String base = "__omp_offloading_" + fileIds + "_" + fn + "_l" + line, s = base;
        for (int n = 1; kernels.contains(s) || taken.contains(s); n++) s = base + "_" + n;
        kernels.add(s);
        taken.add(s);
        return s;
    }

    private static String fileIds(String path) {
        String name = path.substring(path.lastIndexOf('/') + 1);
        byte[] content;
        try {
            content = java.nio.file.Files.readAllBytes(jomp.env.Invocation.path(path));
        } catch (Exception | Error e) {
            content = new byte[0]; // no such file (IR read back, stdin): the name alone
        }
        return hash32(content) + "_" + hash32(name.getBytes(StandardCharsets.UTF_8));
    }

    private static String hash32(byte[] bytes) {
        try {
            byte[] d = java.security.MessageDigest.getInstance("SHA-256").digest(bytes);
            return Integer.toHexString(
                    ((d[0] & 0xff) << 24) | ((d[1] & 0xff) << 16) | ((d[2] & 0xff) << 8) | (d[3] & 0xff));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e); // every JDK has SHA-256
        }
    }

    /** The region id of a kernel: a 1-byte read-only global whose address identifies the region to the runtime. */
    String regionId(String kernel) {
        String id = OffloadEntries.REGION_ID_PREFIX + kernel;
        if (module.global(id) == null) {
            module.globals.add(new Global(id, 1, 1, true, true, null));
            addEntry(kernel, 0, 0);
        }
        return id;
    }

    private final Map<String, String> idents = new HashMap<>();

    /**
     * The ident_t of a construct (libomp's {i32 0, i32 flags 2, i32 0, i32 strlen, ptr psource}),
     * psource {@code ";file;function;line;col;;"} with -g and {@code ";unknown;unknown;0;0;;"}
     * without, as clang passes them; the runtime's reports and fatal errors name the place.
     */
    String ident(SourceLocation loc, String function) {
        String psource = debugInfo && loc != null
                ? ";" + loc.presumedFile() + ";" + function + ";" + loc.presumedLine() + ";" + loc.column() + ";;"
                : ";unknown;unknown;0;0;;";
        String done = idents.get(psource);
        if (done != null) return done;
        byte[] text = (psource + "\0").getBytes(StandardCharsets.UTF_8);
        String str = stringLiteral(text, 1);
        String name = ".omp.ident." + idents.size();
        while (taken.contains(name)) name = name + "_";
        taken.add(name);
        DataWriter w = new DataWriter(24);
        w.putInt(4, 4, 2);
        w.putInt(12, 4, text.length - 1);
        w.reloc(16, str, 0);
        Global g = new Global(name, 24, 8, true, true, w.bytes);
        g.relocs.addAll(w.relocs);
        module.globals.add(g);
        idents.put(psource, name);
        return name;
    }

    /** A map name string {@code ";x[0:N];file.c;12;3;;"} (list item, where its variable is declared), or null without -g. */
    String mapName(String text, SourceLocation loc) {
        if (!debugInfo) return null;
        String s = text == null || loc == null
                ? ";unknown;unknown;0;0;;"
                : ";" + text + ";" + loc.presumedFile() + ";" + loc.presumedLine() + ";" + loc.column() + ";;";
        return stringLiteral((s + "\0").getBytes(StandardCharsets.UTF_8), 1);
    }

    private void addEntry(String name, long size, int flags) {
        module.offloadEntries.add(new jomp.compiler.ir.OffloadEntry(name, size, flags));
        byte[] b = (name + "\0").getBytes(StandardCharsets.UTF_8);
        module.globals.add(new Global(OffloadEntries.NAME_SYMBOL_PREFIX + name, b.length, 1, true, true, b));
    }

    /** The name of a start-up function of the unit (the link calls them before main, by priority). */
    String initName(int priority) {
        if (fileIds == null) fileIds = fileIds(module.sourceName);
        return fresh(String.format("%s%05d_%s", jomp.offload.abi.ExecutableNames.INIT_PREFIX, priority, fileIds));
    }

    /** A symbol name of the unit's own that no other of its symbols has: base, else base followed by underscores. */
    String fresh(String base) {
        String name = base;
        while (taken.contains(name)) name = name + "_";
        taken.add(name);
        return name;
    }

    /** The symbol of a file-scope entity or block-scope static: its link name, made unique for locals. */
    String symbolOf(Var v) {
        String s = symbols.get(v);
        if (s != null) return s;
        s = v.linkName != null ? v.linkName : v.name;
        if (v.isLocal && v.storage == Var.Storage.STATIC) {
            String base = s;
            for (int n = 1; taken.contains(s); n++) s = base + "." + n;
        }
        taken.add(s);
        symbols.put(v, s);
        return s;
    }

    boolean isDefinedHere(Var v) {
        return defined.contains(v);
    }

    /** Notes a call or address of function v, for the extern list. */
    void useFunction(String name, FuncType t) {
        usedFunctions.putIfAbsent(name, t);
    }

    /** As above, with the declaration's C type (its prototype goes into the object for the link). */
    void useFunction(String name, FuncType t, jomp.compiler.type.Type c) {
        usedFunctions.putIfAbsent(name, t);
        if (c != null && c.isFunction()) usedCsigs.putIfAbsent(name, CSignature.of(c));
    }

    private final Map<String, String> usedCsigs = new java.util.HashMap<>();

    void useData(String name) {
        usedData.add(name);
    }

    /** The symbol of a (read-only, file-local) global holding these string literal bytes. */
    String stringLiteral(byte[] bytes, int align) {
        String key = new String(bytes, StandardCharsets.ISO_8859_1) + "\0" + align;
        String s = strings.get(key);
        if (s != null) return s;
        s = stringCount == 0 ? ".str" : ".str." + stringCount;
        stringCount++;
        while (taken.contains(s)) s = s + "_";
        taken.add(s);
        module.globals.add(new Global(s, bytes.length, align, true, true, bytes.clone()));
        strings.put(key, s);
        return s;
    }

    /** Emits a global (file-scope object, block-scope static, file-scope compound literal). */
    void defineGlobal(Var v, Initializer init, SourceLocation loc) {
        defined.add(v);
        String sym = symbolOf(v);
        Type t = v.type;
        long size = Math.max(t.size(), 0);
        if (init != null && init.type() != null && init.type().size() > size)
            size = init.type().size();
        boolean isStatic = v.storage == Var.Storage.STATIC || v.isLocal;
        Type elem = t;
        while (elem.isArray()) elem = elem.base;
        boolean readOnly = elem.isConst(); // const objects (and arrays of them) can go to .rodata
        byte[] data = null;
        Global g;
        int align = Math.max(Math.max(t.align(), v.align), 1); // _Alignas and aligned attributes on the declaration
        if (init != null && !init.items().isEmpty()) {
            DataWriter w = new DataWriter(size);
            for (Initializer.Item it : init.items()) staticItem(w, it, loc);
            if (w.nonZero) data = w.bytes;
            g = new Global(sym, size, align, isStatic, readOnly, data);
            g.relocs.addAll(w.relocs);
        } else {
            g = new Global(sym, size, align, isStatic, readOnly, null);
        }
        g.weak = v.weak && !isStatic;
        module.globals.add(g);
        if (v.threadLocal) { // the initial value every thread's copy starts from (FunctionLowering.varAddress)
            Global init0 = new Global(
                    sym + THREAD_INIT_SUFFIX, size, g.align, isStatic, true, g.data == null ? null : g.data.clone());
            init0.relocs.addAll(g.relocs);
            module.globals.add(init0);
        }
    }

    /** The suffix of the read-only twin that holds a thread-local variable's initial value. */
    static final String THREAD_INIT_SUFFIX = ".tpinit";

    // ---- constant initializers ----

    /** An address constant: a symbol plus a byte offset. */
    record Addr(String symbol, long offset) {}

    private final Emit fold = new Emit(null, null);

    private void staticItem(DataWriter w, Initializer.Item it, SourceLocation loc) {
        Type t = it.type();
        Expr e = it.value();
        try {
            if (e instanceof Expr.StrLit s && t.isArray()) {
                long n = t.size() < 0 ? s.bytes().length : Math.min(s.bytes().length, t.size());
                w.putBytes(it.offset(), s.bytes(), (int) n);
                return;
            }
            if (t.isComplex && t.kind == Type.Kind.FLOAT128) { // each part folded exactly in binary128
                jomp.compiler.type.Binary128[] q = jomp.compiler.sema.Float128Const.complex(e);
                if (q == null) throw new Emit.NotConstant();
                for (int k = 0; k < 2; k++) {
                    w.putInt(it.offset() + 16L * k, 8, q[k].lo());
                    w.putInt(it.offset() + 16L * k + 8, 8, q[k].hi());
                }
                return;
            }
            if (t.isComplex) {
                double[] c = complexConst(e);
                if (t.base.kind == Type.Kind.FLOAT16) { // each part rounded once from its exact value
                    w.putInt(it.offset(), 2, Float16.fromDouble(c[0]));
                    w.putInt(it.offset() + 2, 2, Float16.fromDouble(c[1]));
                } else if (t.base.kind == Type.Kind.FLOAT) {
                    w.putFloat(it.offset(), (float) c[0]);
                    w.putFloat(it.offset() + 4, (float) c[1]);
                } else {
                    w.putDouble(it.offset(), c[0]);
                    w.putDouble(it.offset() + 8, c[1]);
                }
                return;
            }
            if (t.isStructOrUnion() || t.isArray()) {
                // An aggregate copied from a constant object: only compound literals qualify.
                if (e instanceof Expr.CompoundLiteral cl && cl.init() != null) {
                    for (Initializer.Item sub : cl.init().items())
                        staticItem(
                                w,
                                new Initializer.Item(
                                        it.offset() + sub.offset(), sub.type(), sub.value(), sub.bitField()),
                                loc);
                    return;
                }
                throw new Emit.NotConstant();
            }
            if (t.kind == Type.Kind.FLOAT128) { // folded exactly in binary128
                jomp.compiler.type.Binary128 q = jomp.compiler.sema.Float128Const.eval(e);
                if (q == null) throw new Emit.NotConstant();
                w.putInt(it.offset(), 8, q.lo());
                w.putInt(it.offset() + 8, 8, q.hi());
                return;
            }
            if (t.kind == Type.Kind.INT128) {
                java.math.BigInteger big = jomp.compiler.sema.Int128Const.eval(e);
                if (big == null) throw new Emit.NotConstant();
                long[] words = jomp.compiler.sema.Int128Const.words(big, (int) (t.size() / 8)); // wide _BitInt: more
                var m = it.bitField();
                for (int i = 0; i < words.length; i++)
                    if (m == null) w.putInt(it.offset() + 8L * i, 8, words[i]);
                    else if (64 * i < m.bitWidth()) // a bit-field's bits, 64 at a time
                    w.putBits(it.offset(), m.bitOffset() + 64 * i, Math.min(64, m.bitWidth() - 64 * i), words[i]);
                return;
            }
            Object v = constant(e);
            if (it.bitField() != null) {
                if (!(v instanceof IntConst ic)) throw new Emit.NotConstant();
                var m = it.bitField();
                w.putBits(it.offset(), m.bitOffset(), m.bitWidth(), ic.value());
            } else if (v instanceof Addr a) {
                if (t.size() != 8) throw new Emit.NotConstant();
                w.reloc(it.offset(), a.symbol(), a.offset());
            } else if (v instanceof FloatConst f) {
                if (t.kind == Type.Kind.FLOAT16)
                    w.putInt(it.offset(), 2, jomp.compiler.type.Float16.fromDouble(f.value()));
                else if (f.type() == IrType.F32) w.putFloat(it.offset(), (float) f.value());
                else w.putDouble(it.offset(), f.value());
            } else {
                w.putInt(it.offset(), (int) t.size(), ((IntConst) v).value());
            }
        } catch (Emit.NotConstant x) {
            diags.error(e.loc(), "initializer element is not a compile-time constant");
        }
    }

    private double[] complexConst(Expr e) {
        return switch (e) {
            case Expr.Cast c when c.operand().type().isComplex -> complexConst(c.operand());
            case Expr.Cast c -> {
                Object v = constant(c.operand());
                Value d = fold.convert(asValue(v), c.operand().type(), Type.DOUBLE);
                yield new double[] {((FloatConst) d).value(), 0};
            }
            case Expr.FloatLit f -> new double[] {0, f.value()}; // an imaginary constant such as 1.0i
            case Expr.Call c
            when c.direct() != null && c.direct().name.equals("__builtin_complex") ->
                new double[] {realConst(c.args().get(0)), realConst(c.args().get(1))};
            case Expr.Binary b
            when b.op() == Expr.Binary.Op.ADD
                    || b.op() == Expr.Binary.Op.SUB
                    || b.op() == Expr.Binary.Op.MUL
                    || b.op() == Expr.Binary.Op.DIV -> {
                double[] x = complexConst(b.left()), y = complexConst(b.right());
                boolean toFloat = b.type().kind == Type.Kind.FLOAT;
                yield switch (b.op()) {
                    case ADD -> new double[] {x[0] + y[0], x[1] + y[1]};
                    case SUB -> new double[] {x[0] - y[0], x[1] - y[1]};
                    case MUL -> ComplexFolding.multiply(x, y, toFloat);
                    default -> ComplexFolding.divide(x, y, toFloat);
                };
            }
            case Expr.Unary u
            when u.op() == Expr.Unary.Op.NEG -> {
                double[] x = complexConst(u.operand());
                yield new double[] {-x[0], -x[1]};
            }
            case Expr.Unary u when u.op() == Expr.Unary.Op.PLUS -> complexConst(u.operand());
            default -> throw new Emit.NotConstant();
        };
    }

    private double realConst(Expr e) {
        Value d = fold.convert(asValue(constant(e)), e.type(), Type.DOUBLE);
        if (d instanceof FloatConst f) return f.value();
        throw new Emit.NotConstant();
    }

    private static Value asValue(Object v) {
        if (v instanceof Value val) return val;
        throw new Emit.NotConstant();
    }

    /** Evaluates a constant expression: an IntConst, a FloatConst or an {@link Addr}. */
    Object constant(Expr e) {
        return switch (e) {
            case Expr.IntLit i -> new IntConst(TypeMap.reg(i.type()), i.value());
            case Expr.FloatLit f -> new FloatConst(TypeMap.reg(f.type()), f.value());
            case Expr.LabelAddr l ->
                fold.convert(IntConst.i64(l.value()), Type.LONG, l.type()); // IndirectGotos: a number
            case Expr.Cast c -> {
                Object v = constant(c.operand());
                if (v instanceof Addr a) {
                    if (c.type().size() == 8
                            && (c.type().isPointer() || c.type().isInteger())) yield a;
                    throw new Emit.NotConstant();
                }
                yield fold.convert((Value) v, c.operand().type(), c.type());
            }
            case Expr.Decay d -> address(d.operand());
            case Expr.Unary u ->
                switch (u.op()) {
                    case ADDR -> address(u.operand());
                    case PLUS -> constant(u.operand());
                    case REAL, IMAG -> partConstant(u);
                    case NEG -> fold.unary(Insn.UnOp.NEG, asValue(constant(u.operand())));
                    case BITNOT -> fold.unary(Insn.UnOp.NOT, asValue(constant(u.operand())));
                    case NOT -> {
                        Object v = constant(u.operand());
                        if (v instanceof Addr) yield IntConst.i32(0);
                        Value x = (Value) v;
                        yield fold.cmp(Insn.CmpOp.EQ, x, Emit.zero(x.type()));
                    }
                    default -> throw new Emit.NotConstant();
                };
            case Expr.Binary b -> binaryConstant(b);
            case Expr.Cond c -> {
                Object v = constant(c.cond());
                boolean t = v instanceof Addr || !isZero((Value) v);
                yield constant(t ? c.then() : c.otherwise());
            }
            default -> throw new Emit.NotConstant();
        };
    }

    /** __real__ and __imag__ of a constant: a complex one's part, a real one itself or zero. */
    private Object partConstant(Expr.Unary u) {
        boolean real = u.op() == Expr.Unary.Op.REAL;
        if (!u.operand().type().isComplex || u.operand().type().kind == Type.Kind.FLOAT128) {
            if (u.operand().type().isComplex) throw new Emit.NotConstant();
            return real ? constant(u.operand()) : Emit.zero(TypeMap.reg(u.type()));
        }
        double part = complexConst(u.operand())[real ? 0 : 1];
        return new FloatConst(TypeMap.reg(u.type()), u.type().kind == Type.Kind.FLOAT ? (double) (float) part : part);
    }

    private static boolean isZero(Value v) {
        return v instanceof IntConst i ? i.value() == 0 : ((FloatConst) v).value() == 0;
    }

    private Object binaryConstant(Expr.Binary b) {
        Object l = constant(b.left());
        switch (b.op()) {
            case LOGAND, LOGOR -> {
                boolean lv = l instanceof Addr || !isZero((Value) l);
                if (b.op() == Expr.Binary.Op.LOGAND ? !lv : lv) return IntConst.i32(lv ? 1 : 0);
                Object r = constant(b.right());
                return IntConst.i32(r instanceof Addr || !isZero((Value) r) ? 1 : 0);
            }
            case COMMA -> {
                return constant(b.right());
            }
            default -> {}
        }
        Object r = constant(b.right());
        if (l instanceof Addr a) {
            if ((b.op() == Expr.Binary.Op.ADD || b.op() == Expr.Binary.Op.SUB) && r instanceof IntConst off)
                return new Addr(
                        a.symbol(), b.op() == Expr.Binary.Op.ADD ? a.offset() + off.value() : a.offset() - off.value());
            if (b.op() == Expr.Binary.Op.PTR_DIFF
                    && r instanceof Addr q
                    && q.symbol().equals(a.symbol())) return IntConst.i64(a.offset() - q.offset());
            throw new Emit.NotConstant();
        }
        if (r instanceof Addr a && b.op() == Expr.Binary.Op.ADD && b.type().isPointer() && l instanceof IntConst off)
            return new Addr(a.symbol(), a.offset() + off.value());
        if (r instanceof Addr) throw new Emit.NotConstant();
        Value v = Ops.binary(fold, b.op(), (Value) l, (Value) r, b.left().type());
        return b.type().isBitInt() ? fold.narrow(v, b.type()) : v;
    }

    /** The address of a static-storage lvalue, as a constant. */
    private Addr address(Expr e) {
        return switch (e) {
            case Expr.VarRef r -> {
                Var v = r.var();
                if (v.isLocal && v.storage != Var.Storage.STATIC && v.storage != Var.Storage.EXTERN)
                    throw new Emit.NotConstant();
                yield new Addr(reference(v), 0);
            }
            case Expr.StrLit s ->
                new Addr(stringLiteral(s.bytes(), Math.max(s.type().align(), 1)), 0);
            case Expr.Member m -> {
                Addr a = address(m.base());
                yield new Addr(a.symbol(), a.offset() + m.member().offset());
            }
            case Expr.Unary u
            when u.op() == Expr.Unary.Op.DEREF -> {
                Object v = constant(u.operand());
                if (v instanceof Addr a) yield a;
                throw new Emit.NotConstant();
            }
            case Expr.CompoundLiteral c -> {
                if (!symbols.containsKey(c.var())) defineGlobal(c.var(), c.init(), c.loc());
                yield new Addr(symbolOf(c.var()), 0);
            }
            case Expr.Cast c
            when c.type().isPointer() -> {
                Object v = constant(c);
                if (v instanceof Addr a) yield a;
                throw new Emit.NotConstant();
            }
            default -> throw new Emit.NotConstant();
        };
    }

    /** The symbol for a reference to a static-storage variable or function, noting externs. */
    String reference(Var v) {
        String s = symbolOf(v);
        if (v.isFunction()) useFunction(s, TypeMap.signature(v.type), v.type);
        else if (!defined.contains(v)) useData(s);
        return s;
    }
}
