package jomp.plugin.ptxsim;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import jomp.plugin.ptxsim.PtxAst.*;
import jomp.runtime.mem.Mem;

/**
 * A device image loaded: one or more PTX modules linked as nvlink would (a definition with
 * internal linkage belongs to its module; visible and weak ones are shared, the first weak
 * definition of a name is kept, a strong one replaces weak ones, two strong ones are an error;
 * extern declarations resolve to definitions of any module, or to the device library the
 * simulator provides: vprintf, malloc, free, __assertfail), its global and constant variables
 * allocated in device memory and initialized, its shared variables laid out in the block's
 * shared memory, and every function decoded into one code array.
 */
final class Program {
    final List<Decoder.Function> functions = new ArrayList<>();
    final Insn[] code;
    final Map<String, Decoder.Function> kernels = new LinkedHashMap<>();
    /** PtxModule-level global and constant variables by name (visible ones; internal ones of the first module that has the name). */
    final Map<String, long[]> globals = new HashMap<>();

    final long sharedSize;
    private long sharedTop;
    /** Shared variables: {offset, size} and their names; which bytes of the block's shared memory belong to one. */
    final List<long[]> sharedVars = new ArrayList<>();

    final List<String> sharedNames = new ArrayList<>();
    boolean[] sharedBytes;

    /** Red zone after each shared variable: an access that runs off its end is caught. */
    static final int SHARED_RED_ZONE = 32;
    /** Allocations this program made (freed when the image goes). */
    final List<Long> allocations = new ArrayList<>();

    final String target;

    private record Def(Var var, Func func, PtxModule module) {
        boolean weak() {
            return (var != null ? var.linkage() : func.linkage()) == Linkage.WEAK
                    || (var != null && var.linkage() == Linkage.COMMON);
        }
    }

    /**
     * The linking's tables: the definitions by name (the shared ones, and each module's internal
     * ones), what each became (a function, a variable's {address or offset, size, shared?}), the
     * library functions used, and the global variables' initialisers, which run once every
     * variable has its address.
     */
    private record Link(
            Map<String, Def> shared,
            List<Map<String, Def>> internal,
            Map<Def, Decoder.Function> fnOf,
            Map<Def, long[]> varOf,
            Map<String, Decoder.Function> library,
            List<Object[]> inits) {
        Link() {
            this(
                    new HashMap<>(),
                    new ArrayList<>(),
                    new HashMap<>(),
                    new HashMap<>(),
                    new HashMap<>(),
                    new ArrayList<>());
        }

        /** What a name means in a module: the module's internal definition, else the shared one. */
        Def definition(Map<String, Def> own, String name) {
            return own.getOrDefault(name, shared.get(name));
        }
    }

    Program(List<PtxModule> modules, Memory memory) {
        Link link = new Link();
        // 1. resolve definitions
        for (PtxModule m : modules) {
            Map<String, Def> own = new HashMap<>();
            link.internal().add(own);
            for (Var v : m.globals())
                define(v.linkage(), v.name(), new Def(v, null, m), own, link.shared(), v.line(), m);
            for (Func f : m.functions()) {
                if (f.body() == null) continue;
                define(f.linkage(), f.name(), new Def(null, f, m), own, link.shared(), f.line(), m);
            }
        }
        target = modules.isEmpty() ? "" : modules.get(0).target();
        // 2. functions (defined ones, then the library externs that are used), shared and global variables
        for (int mi = 0; mi < modules.size(); mi++) {
            PtxModule m = modules.get(mi);
            Map<String, Def> own = link.internal().get(mi);
            java.util.Set<String> declared = new java.util.HashSet<>();
            for (Func f : m.functions()) if (f.body() == null) declared.add(f.name());
            Decoder.Scope scope =
                    name -> symbol(name, own, link.shared(), link.fnOf(), link.varOf(), link.library(), declared);
            addFunctions(m, own, link, scope, memory);
            addVariables(m, own, link, scope, memory);
        }
        // dynamically sized shared memory (extern .shared arrays) starts after the static part
        sharedSize = (sharedTop + 15) & ~15L;
        sharedBytes = new boolean[(int) sharedSize];
        for (long[] v : sharedVars) java.util.Arrays.fill(sharedBytes, (int) v[0], (int) (v[0] + v[1]), true);
        for (Object[] i : link.inits()) initialize((Var) i[0], (long) i[1], (Decoder.Scope) i[2]);
        // 3. code
        List<Insn> out = new ArrayList<>();
        Map<Long, long[]> immediates = new HashMap<>();
        for (int i = 0; i < functions.size(); i++) {
            Decoder.Function f = functions.get(i);
            if (f.ast != null && f.ast.body() != null) Decoder.decode(f, out, immediates);
        }
        code = out.toArray(new Insn[0]);
        if (!unresolved.isEmpty()) {
            String first = unresolved.iterator().next();
            throw new IllegalStateException("ptxsim: cannot load the image: the module calls "
                    + String.join(", ", unresolved) + ", declared but defined in no module of the image"
                    + " (a GPU refuses it: cuModuleLoadDataEx fails with CUDA_ERROR_INVALID_PTX, \"ptxas fatal   : Unresolved extern function '"
                    + first + "'\")");
        }
    }

    /** Module m's functions that the linking kept: numbered, given addresses, kernels named. */
    private void addFunctions(PtxModule m, Map<String, Def> own, Link link, Decoder.Scope scope, Memory memory) {
        for (Func f : m.functions()) {
            Def d = f.body() == null ? null : link.definition(own, f.name());
            if (d == null || d.func() != f || link.fnOf().containsKey(d)) continue;
            Decoder.Function fn =
                    new Decoder.Function(f.name(), f.entry(), functions.size(), f, staticsOf(f, scope, memory));
            fn.address = Memory.FUNCTION_BASE + 16L * fn.index;
            functions.add(fn);
            link.fnOf().put(d, fn);
            if (f.entry() && f.linkage() != Linkage.INTERNAL) kernels.put(f.name(), fn);
            else if (f.entry()) kernels.putIfAbsent(f.name(), fn);
        }
    }

    /**
     * Module m's variables that the linking kept: shared ones placed in the block's shared memory,
     * global and constant ones allocated in device memory, zeroed (their initialisers run later).
     */
    private void addVariables(PtxModule m, Map<String, Def> own, Link link, Decoder.Scope scope, Memory memory) {
        for (Var v : m.globals()) {
            Def d = link.definition(own, v.name());
            if (v.linkage() == Linkage.EXTERN
                    || d == null
                    || d.var() != v
                    || link.varOf().containsKey(d)) continue;
            switch (v.space()) {
                case SHARED -> {
                    int align = Math.max(1, v.alignment());
                    link.varOf().put(d, new long[] {placeShared(v.name(), v.size(), align), v.size(), 1});
                }
                case GLOBAL, CONST -> {
                    long size = Math.max(1, v.size());
                    long a = memory.alloc(size, Math.max(1, v.alignment())); // .align, as the driver places globals
                    if (a == 0) throw new IllegalStateException("device memory exhausted by the module's globals");
                    allocations.add(a);
                    Mem.fill(a, (byte) 0, size);
                    link.varOf().put(d, new long[] {a, v.size(), 0});
                    if (v.linkage() != Linkage.INTERNAL || !globals.containsKey(v.name()))
                        globals.put(v.name(), new long[] {a, v.size()});
                    if (v.init() != null) link.inits().add(new Object[] {v, a, scope});
                }
                default ->
                    throw new IllegalStateException(
                            "module-level ." + v.space().name().toLowerCase(Locale.ROOT) + " variable " + v.name()
                                    + " is not supported");
            }
        }
    }

    /** Functions the code uses that only a declaration names (the CUDA driver's unresolved externs). */
    private final java.util.Set<String> unresolved = new java.util.TreeSet<>();

    private long placeShared(String name, long size, int align) {
        long at = (sharedTop + align - 1) / align * align;
        sharedVars.add(new long[] {at, size});
        sharedNames.add(name);
        sharedTop = at + size + SHARED_RED_ZONE;
        return at;
    }

    /** The shared variable at or before an offset, for messages. */
    String sharedVariableNear(long off) {
        String best = null;
        long bestAt = -1;
        for (int i = 0; i < sharedVars.size(); i++) {
            long at = sharedVars.get(i)[0];
            if (at <= off && at > bestAt) {
                bestAt = at;
                best = sharedNames.get(i) + " (" + sharedVars.get(i)[1] + " bytes at shared offset 0x"
                        + Long.toHexString(at) + ")";
            }
        }
        return best;
    }

    /**
     * A function's own .shared, .global and .const variables (static storage with a name local to
     * the function): laid out like module variables; the function's names look there first.
     */
    private Decoder.Scope staticsOf(Func f, Decoder.Scope module, Memory memory) {
        Map<String, Decoder.Symbol> own = new HashMap<>();
        for (Stmt st : f.body()) {
            if (!(st instanceof Decl d)) continue;
            Var v = d.var();
            if (v.space() != Space.SHARED && v.space() != Space.GLOBAL && v.space() != Space.CONST) continue;
            for (String n : d.names()) {
                if (v.space() == Space.SHARED) {
                    int align = Math.max(1, v.alignment());
                    own.put(
                            n,
                            new Decoder.Symbol(Space.SHARED, placeShared(f.name() + "::" + n, v.size(), align), null));
                } else {
                    long a = memory.alloc(Math.max(1, v.size()));
                    if (a == 0) throw new IllegalStateException("device memory exhausted by the module's globals");
                    allocations.add(a);
                    Mem.fill(a, (byte) 0, Math.max(1, v.size()));
                    own.put(n, new Decoder.Symbol(Space.GLOBAL, a, null));
                }
            }
        }
        if (own.isEmpty()) return module;
        return name -> {
            Decoder.Symbol sym = own.get(name);
            return sym != null ? sym : module.lookup(name);
        };
    }

    private static void define(
            Linkage linkage, String name, Def d, Map<String, Def> own, Map<String, Def> shared, int line, PtxModule m) {
        if (linkage == Linkage.EXTERN) return;
        if (linkage == Linkage.INTERNAL) {
            own.put(name, d);
            return;
        }
        Def old = shared.get(name);
        if (old == null || (old.weak() && !d.weak())) {
            shared.put(name, d);
            return;
        }
        if (!old.weak() && !d.weak())
            throw new PtxLexer.PtxSyntaxError(
                    line, name + " is defined in " + old.module().name() + " and again in " + m.name());
    }

    private Decoder.Symbol symbol(
            String name,
            Map<String, Def> own,
            Map<String, Def> shared,
            Map<Def, Decoder.Function> fnOf,
            Map<Def, long[]> varOf,
            Map<String, Decoder.Function> library,
            java.util.Set<String> declared) {
        Def d = own.get(name);
        if (d == null) d = shared.get(name);
        if (d != null) {
            if (d.func() != null) return new Decoder.Symbol(Space.GLOBAL, 0, fnOf.get(d));
            long[] v = varOf.get(d);
            if (v == null) return null;
            return new Decoder.Symbol(v[2] == 1 ? Space.SHARED : Space.GLOBAL, v[0], null);
        }
        Builtins.Kind k = Builtins.kind(name);
        if (k == null && declared.contains(name)) {
            // declared, defined nowhere and used: the CUDA driver refuses the module (checked when the code is decoded)
            unresolved.add(name);
            return new Decoder.Symbol(Space.GLOBAL, 0, library.computeIfAbsent(name, n -> {
                Decoder.Function f = new Decoder.Function(n, false, functions.size(), null, null);
                f.address = Memory.FUNCTION_BASE + 16L * f.index;
                f.paramOff = new int[0];
                f.paramSize = new int[0];
                functions.add(f);
                return f;
            }));
        }
        if (k != null) {
            return new Decoder.Symbol(Space.GLOBAL, 0, library.computeIfAbsent(name, n -> {
                Decoder.Function f = new Decoder.Function(n, false, functions.size(), null, null);
                f.builtin = k;
                f.address = Memory.FUNCTION_BASE + 16L * f.index;
                Builtins.layout(f);
                functions.add(f);
                return f;
            }));
        }
        return null;
    }

    /** Writes a variable's initializer: element values in the element type, or bytes of addresses (mask form). */
    private void initialize(Var v, long a, Decoder.Scope scope) {
        int t = PtxType.of(v.type());
        int es = PtxType.size(t);
        long p = a;
        for (InitValue iv : v.init().values()) {
            if (p - a + es > Math.max(v.size(), es)) break;
            long bits;
            switch (iv) {
                case InitNumber n -> bits = number(n.value(), t);
                case InitAddress ad -> {
                    Decoder.Symbol s = scope.lookup(ad.symbol());
                    if (s == null)
                        throw new PtxLexer.PtxSyntaxError(
                                v.line(), "initializer of " + v.name() + " names unknown symbol " + ad.symbol());
                    long addr = Decoder.symbolValue(s, ad.generic()) + ad.addend();
                    if (ad.mask() == -1) bits = addr;
                    else bits = (addr & ad.mask()) >>> Long.numberOfTrailingZeros(ad.mask());
                }
            }
            switch (es) {
                case 1 -> Mem.putByte(p, (byte) bits);
                case 2 -> Mem.putShort(p, (short) bits);
                case 4 -> Mem.putInt(p, (int) bits);
                default -> Mem.putLong(p, bits);
            }
            p += es;
        }
    }

    private static long number(Operand.Imm v, int t) {
        return switch (v.kind()) {
            case INT ->
                t == PtxType.F32
                        ? Float.floatToRawIntBits((float) v.bits())
                        : t == PtxType.F64 ? Double.doubleToRawLongBits((double) v.bits()) : v.bits();
            case F32 -> t == PtxType.F64 ? Double.doubleToRawLongBits(Float.intBitsToFloat((int) v.bits())) : v.bits();
            case F64 ->
                t == PtxType.F32 ? Float.floatToRawIntBits((float) Double.longBitsToDouble(v.bits())) : v.bits();
            case FLOAT ->
                t == PtxType.F32
                        ? Float.floatToRawIntBits((float) Double.longBitsToDouble(v.bits()))
                        : t == PtxType.F64 ? v.bits() : (long) Double.longBitsToDouble(v.bits());
        };
    }

    /** The function a generic function address names, or null. */
    Decoder.Function functionAt(long address) {
        long k = address - Memory.FUNCTION_BASE;
        if (k < 0 || (k & 15) != 0 || k / 16 >= functions.size()) return null;
        return functions.get((int) (k / 16));
    }

    void release(Memory memory) {
        for (long a : allocations) memory.free(a);
        allocations.clear();
    }
}
