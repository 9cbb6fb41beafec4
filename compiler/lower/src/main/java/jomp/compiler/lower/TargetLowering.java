package jomp.compiler.lower;

import static jomp.offload.abi.MapType.FROM;
import static jomp.offload.abi.MapType.IMPLICIT;
import static jomp.offload.abi.MapType.LITERAL;
import static jomp.offload.abi.MapType.PRESENT;
import static jomp.offload.abi.MapType.PRIVATE;
import static jomp.offload.abi.MapType.PTR_AND_OBJ;
import static jomp.offload.abi.MapType.TARGET_PARAM;
import static jomp.offload.abi.MapType.TO;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.OmpClause;
import jomp.compiler.ast.OmpDirective;
import jomp.compiler.ast.OmpDirective.Leaf;
import jomp.compiler.ast.Stmt;
import jomp.compiler.ast.Var;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.FuncType;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Slot;
import jomp.compiler.ir.Value;
import jomp.compiler.type.Type;
import jomp.offload.abi.EntryPoints;
import jomp.offload.abi.KernelArgs;

/**
 * Target constructs (docs/design/offload-abi.md §2): the region becomes a kernel
 * {@code __omp_offloading_<dev>_<file>_<fn>_l<line>(ptr args)} and the host calls
 * {@code __tgt_target_kernel} with the map arrays, running the same kernel on the host when
 * that fails. Data constructs build the same arrays for the data mapper entry points.
 *
 * <p>Implicit mapping (OpenMP 5.2 §5.8.1): scalars are firstprivate (passed by value), pointers
 * are zero-length array sections (translated if they point into mapped data), arrays and
 * structs are mapped tofrom; reduction and lastprivate variables of combined constructs are
 * mapped tofrom; {@code defaultmap} changes the rule for its category.
 */
final class TargetLowering {

    private final OmpLowering omp;
    private final FunctionLowering f;

    TargetLowering(OmpLowering omp, FunctionLowering f) {
        this.omp = omp;
        this.f = f;
    }

    // ---- target ------------------------------------------------------------------------------

    /**
     * One target region as its host side and its kernel see it: the map entries (those with
     * TARGET_PARAM are the kernel's arguments, {@code params} of them, in order), the variables
     * it captures, and the scalars that are firstprivate by default.
     */
    private record Region(
            Stmt.Omp o,
            int i,
            String kernel,
            List<MapBuilder.Entry> entries,
            int params,
            Set<Var> used,
            Set<Var> implicitFirstprivate) {}

    /** The launch geometry of a region: num_teams and thread_limit as the host passes them (0: the device's choice). */
    private record Launch(Value nteams, Value limit) {}

    void target(Stmt.Omp o, int i) {
        OmpDirective d = o.directive();
        MapBuilder mb = new MapBuilder(f);
        Set<Var> used = new LinkedHashSet<>();
        for (Var v : OmpCaptures.free(o)) if (mb.captured(v)) used.add(v);

        Set<Var> tofrom = new HashSet<>(OmpLowering.listVars(d, OmpClause.ListKind.LASTPRIVATE));
        for (OmpClause.Reduction r : d.clauses(OmpClause.Reduction.class))
            for (OmpDirective.Item it : r.items()) if (it.var() != null) tofrom.add(it.var());
        // in_reduction (a target task taking part in a task reduction): the region works on a private
        // copy mapped tofrom, combined into the reduction's variable once the region is done (with
        // nowait or depend this runs in the target task, TaskLowering.targetTask, which shares the variable)
        List<OmpClause> inReductions = TaskLowering.inReductions(d);
        DataSharing inReduction = inReductions.isEmpty() ? null : DataSharing.targetInReduction(omp, o, inReductions);
        for (OmpClause c : inReductions)
            for (OmpDirective.Item it : ((OmpClause.Reduction) c).items()) if (it.var() != null) tofrom.add(it.var());

        mb.items(requests(d), TARGET_PARAM);
        Set<Var> implicitFirstprivate = mapCaptured(d, mb, used, tofrom);

        List<MapBuilder.Entry> entries = mb.out;
        String kernel = f.unit.kernelName(f.def.var().name, d.loc().presumedLine());
        Arrays arrays = arrays(entries);
        int params = 0;
        for (MapBuilder.Entry e : entries) if ((e.type() & TARGET_PARAM) != 0) params++;
        Region r = new Region(o, i, kernel, entries, params, used, implicitFirstprivate);
        Launch launch = launch(o);
        Value kargs = kernelArgs(r, arrays, launch);
        offload(r, launch, kargs);
        if (inReduction != null) inReduction.end(true, null);
        kernel(r);
    }

    /**
     * The map entries of the variables the region uses that no map clause names: is_device_ptr,
     * has_device_addr, firstprivate, reduction and lastprivate (tofrom), else as defaultmap or
     * the OpenMP default for the variable's category says. Returns the scalars made firstprivate
     * by default.
     */
    private Set<Var> mapCaptured(OmpDirective d, MapBuilder mb, Set<Var> used, Set<Var> tofrom) {
        boolean targetOnly = d.leaves().size() == 1;
        Set<Var> privates = targetOnly ? OmpLowering.listVars(d, OmpClause.ListKind.PRIVATE) : Set.of();
        Set<Var> firstprivate = OmpLowering.listVars(d, OmpClause.ListKind.FIRSTPRIVATE, Leaf.TARGET);
        Set<Var> devicePtr = OmpLowering.listVars(d, OmpClause.ListKind.IS_DEVICE_PTR);
        Set<Var> deviceAddr = OmpLowering.listVars(d, OmpClause.ListKind.HAS_DEVICE_ADDR);
        Set<Var> done = new HashSet<>();
        for (OmpClause.Map m : d.clauses(OmpClause.Map.class))
            for (OmpDirective.Item it : m.items()) if (it.var() != null && m.iterator() == null) done.add(it.var());
        Set<Var> implicitFirstprivate = new LinkedHashSet<>();
        for (Var v : used) {
            if (done.contains(v) || privates.contains(v)) continue;
            done.add(v);
            Type t = v.type;
            if (devicePtr.contains(v)) mb.out.add(literal(v));
            else if (deviceAddr.contains(v)) {
                Value a = f.varAddress(v);
                mb.out.add(entry(v, a, a, IntConst.i64(0), TARGET_PARAM | LITERAL, MapBuilder.Pass.BYREF));
            } else if (firstprivate.contains(v)) {
                // firstprivate(target: x) on a compound construct: the inner leaves share the target's
                // copy (OpenMP 6.0), so it lives in device memory, not in each thread's kernel argument
                boolean sharedInside = !targetOnly
                        && !OmpLowering.listVars(d, OmpClause.ListKind.FIRSTPRIVATE, Leaf.TEAMS)
                                .contains(v);
                mb.out.add(byValue(t) && !sharedInside ? literal(v) : whole(v, TO | PRIVATE | TARGET_PARAM));
            } else if (tofrom.contains(v)) mb.out.add(whole(v, TO | FROM | TARGET_PARAM | IMPLICIT));
            else defaultMapped(d, mb, v, implicitFirstprivate);
        }
        return implicitFirstprivate;
    }

    /** A variable no clause names: mapped as defaultmap says for its category, else as OpenMP's default. */
    private void defaultMapped(OmpDirective d, MapBuilder mb, Var v, Set<Var> implicitFirstprivate) {
        Type t = v.type;
        String category = t.isPointer() ? "pointer" : byValue(t) ? "scalar" : "aggregate";
        String behavior = defaultmap(d, category);
        switch (behavior) {
            case "tofrom" -> mb.out.add(whole(v, TO | FROM | TARGET_PARAM | IMPLICIT));
            case "to" -> mb.out.add(whole(v, TO | TARGET_PARAM | IMPLICIT));
            case "from" -> mb.out.add(whole(v, FROM | TARGET_PARAM | IMPLICIT));
            case "alloc" -> mb.out.add(whole(v, TARGET_PARAM | IMPLICIT));
            case "present" -> mb.out.add(whole(v, PRESENT | TARGET_PARAM | IMPLICIT));
            case "firstprivate" -> {
                mb.out.add(byValue(t) ? literal(v) : whole(v, TO | PRIVATE | TARGET_PARAM | IMPLICIT));
                if (byValue(t)) implicitFirstprivate.add(v);
            }
            default -> { // the OpenMP default for the category
                if (t.isPointer()) {
                    Value p = f.readVar(v);
                    mb.out.add(entry(v, p, p, IntConst.i64(0), TARGET_PARAM | IMPLICIT, MapBuilder.Pass.BYVAL));
                } else if (byValue(t)) {
                    mb.out.add(literal(v));
                    implicitFirstprivate.add(v);
                } else if (t.isScalar())
                    mb.out.add(whole(v, TO | PRIVATE | TARGET_PARAM | IMPLICIT)); // complex: a private copy
                else mb.out.add(withMapper(whole(v, TO | FROM | TARGET_PARAM | IMPLICIT)));
            }
        }
    }

    /** num_teams and thread_limit of the teams leaf, evaluated on the host for the launch. */
    private Launch launch(Stmt.Omp o) {
        OmpDirective d = o.directive();
        OmpClause.ExprClause nt = OmpLowering.exprClause(d, OmpClause.ExprKind.NUM_TEAMS),
                tl = OmpLowering.exprClause(d, OmpClause.ExprKind.THREAD_LIMIT);
        Value nteams = nt == null ? IntConst.i32(0) : omp.i32(nt.value());
        Value limit = tl == null ? IntConst.i32(0) : omp.i32(tl.value());
        // a region without teams is one team (clang launches 1 block); `target parallel
        // num_threads(<constant>)` asks for that many threads (evaluating anything else twice could repeat its effects)
        boolean[] nestedTeams = {false};
        OmpCaptures.forEachOmp(o.body(), x -> nestedTeams[0] |= x.directive().has(OmpDirective.Leaf.TEAMS));
        if (!d.has(OmpDirective.Leaf.TEAMS) && !nestedTeams[0]) {
            nteams = IntConst.i32(1);
            OmpClause.ExprClause nth = OmpLowering.exprClause(d, OmpClause.ExprKind.NUM_THREADS);
            if (tl == null && nth != null && nth.value() instanceof Expr.IntLit n) limit = IntConst.i32(n.value());
        }
        return new Launch(nteams, limit);
    }

    /** The __tgt_kernel_arguments block of the launch (KernelArgs), in a slot of this function. */
    private Value kernelArgs(Region r, Arrays arrays, Launch launch) {
        OmpDirective d = r.o().directive();
        Value kargs = f.b.slotAddr(f.fn.newSlot(null, KernelArgs.SIZE, KernelArgs.ALIGN));
        f.b.memset(kargs, IntConst.i32(0), IntConst.i64(KernelArgs.SIZE));
        f.b.store(IntConst.i32(KernelArgs.VERSION), kargs);
        f.b.store(IntConst.i32(r.entries().size()), OmpLowering.at(f, kargs, KernelArgs.OFF_NUM_ARGS));
        f.b.store(arrays.bases, OmpLowering.at(f, kargs, KernelArgs.OFF_BASE_PTRS));
        f.b.store(arrays.ptrs, OmpLowering.at(f, kargs, KernelArgs.OFF_PTRS));
        f.b.store(arrays.sizes, OmpLowering.at(f, kargs, KernelArgs.OFF_SIZES));
        f.b.store(arrays.types, OmpLowering.at(f, kargs, KernelArgs.OFF_TYPES));
        f.b.store(arrays.names, OmpLowering.at(f, kargs, KernelArgs.OFF_NAMES));
        f.b.store(arrays.mappers, OmpLowering.at(f, kargs, KernelArgs.OFF_MAPPERS));
        f.b.store(
                IntConst.i64(d.hasFlag(OmpClause.FlagKind.NOWAIT) ? KernelArgs.FLAG_NOWAIT : 0),
                OmpLowering.at(f, kargs, KernelArgs.OFF_FLAGS));
        f.b.store(launch.nteams(), OmpLowering.at(f, kargs, KernelArgs.OFF_NUM_TEAMS));
        f.b.store(launch.limit(), OmpLowering.at(f, kargs, KernelArgs.OFF_THREAD_LIMIT));
        // the loop's iterations for the plugin's launch geometry, as clang passes them (0: unknown):
        // an SPMD kernel's for one thread each, a generic teams distribute's for one team each
        Value trips = isSpmd(d) || distributesAtOnce(d) ? LaunchTripCount.of(f, d, r.o().body()) : IntConst.i64(0);
        if (!(trips instanceof IntConst k && k.value() == 0))
            f.b.store(trips, OmpLowering.at(f, kargs, KernelArgs.OFF_TRIPCOUNT));
        return kargs;
    }

    /** The launch (unless the if clause is false), and the kernel run on the host where it does not happen. */
    private void offload(Region r, Launch launch, Value kargs) {
        OmpDirective d = r.o().directive();
        BasicBlock offload = f.b.newBlock("omp.offload"),
                fallback = f.b.newBlock("omp.offload.fallback"),
                end = f.b.newBlock("omp.offload.end");
        Value dev = device(d);
        Value cond = omp.ifClause(d, "target");
        if (cond != null) f.b.condBr(cond, offload, fallback);
        else f.b.br(offload);
        f.b.setBlock(offload);
        Value rc = omp.call(
                EntryPoints.TGT_TARGET_KERNEL,
                IrType.I32,
                loc(r.o()),
                dev,
                launch.nteams(),
                launch.limit(),
                f.b.globalAddr(f.unit.regionId(r.kernel())),
                kargs);
        f.b.condBr(f.b.cmp(Insn.CmpOp.NE, rc, IntConst.i32(0)), fallback, end);
        f.b.setBlock(fallback);
        hostFallback(r, launch.limit(), dev, kargs);
        f.b.br(end);
        f.b.setBlock(end);
    }

    /** The host fallback: the kernel with host addresses and values. */
    private void hostFallback(Region r, Value limit, Value dev, Value kargs) {
        List<MapBuilder.Entry> entries = r.entries();
        Value host = f.b.slotAddr(f.fn.newSlot(null, 8L * Math.max(1, r.params()), 8));
        for (int k = 0, j = 0; k < entries.size(); k++) {
            MapBuilder.Entry e = entries.get(k);
            if ((e.type() & TARGET_PARAM) == 0) continue;
            Value arg = e.base();
            // an attached pointer's entry: its base is the pointer's storage, the kernel takes its value (as
            // libomptarget passes it)
            if ((e.type() & PTR_AND_OBJ) != 0) arg = f.b.load(IrType.PTR, arg);
            // a firstprivate aggregate (the runtime's private copy on a device) is a copy here too
            if ((e.type() & PRIVATE) != 0
                    && (e.type() & LITERAL) == 0
                    && e.pass() == MapBuilder.Pass.BYREF
                    && e.size() instanceof IntConst n
                    && n.value() > 0) {
                arg = f.b.slotAddr(f.fn.newSlot(null, n.value(), 16));
                f.b.memcpy(arg, e.base(), n);
            }
            f.b.store(arg, OmpLowering.at(f, host, 8L * j++));
        }
        // thread_limit (or target parallel's constant num_threads) caps the threads inside here too
        Value outerLimit = limit instanceof IntConst c && c.value() == 0
                ? null
                : omp.call(EntryPoints.SET_THREAD_LIMIT, IrType.I32, limit);
        f.b.call(r.kernel(), new FuncType(IrType.VOID, List.of(IrType.PTR), false), List.of(host));
        if (outerLimit != null) omp.call(EntryPoints.SET_THREAD_LIMIT, IrType.I32, outerLimit);
        omp.call(EntryPoints.TARGET_FALLBACK_DONE, IrType.VOID, dev, kargs); // device copies of mapped data catch up
    }

    /** The kernel: its arguments bound to the variables they carry, then the leaves after target. */
    private void kernel(Region r) {
        Stmt.Omp o = r.o();
        OmpDirective d = o.directive();
        int i = r.i();
        FunctionLowering g = new FunctionLowering(f.unit, f.def);
        Reg args = g.beginOutlined(r.kernel(), new FuncType(IrType.VOID, List.of(IrType.PTR), false), o.body(), false)
                .get(0);
        Set<Var> written = OmpCaptures.written(o.body());
        if (OmpLowering.outlinesAfter(d, i)) written.addAll(r.used()); // inner leaves capture them by address
        for (int k = 0, j = 0; k < r.entries().size(); k++) {
            MapBuilder.Entry e = r.entries().get(k);
            if ((e.type() & TARGET_PARAM) == 0) continue;
            Value slot = OmpLowering.at(g, args, 8L * j++);
            if (e.var() == null || !r.used().contains(e.var()) || g.isBound(e.var())) continue;
            Value addr = e.pass() == MapBuilder.Pass.BYREF ? g.b.load(IrType.PTR, slot) : slot;
            OmpLowering.bindCaptured(g, e.var(), addr, written);
        }
        g.allocateLocals(o.body());
        // scalars firstprivate by default are each team's and thread's own in the leaves inside (as clang passes them
        // by value)
        Stmt.Omp inner = o;
        if (!r.implicitFirstprivate().isEmpty() && OmpLowering.outlinesAfter(d, i))
            inner = withFirstprivate(o, r.implicitFirstprivate());
        Runnable allocators = g.omp.usesAllocators(d); // first: the data-sharing clauses' allocate clause may name them
        DataSharing ds = DataSharing.at(g.omp, o, i, null);
        g.omp.construct(inner, i + 1, null);
        ds.end(false, null);
        allocators.run();
        Function kfn = g.finishOutlined();
        kfn.declareTarget = true;
        kfn.spmd = isSpmd(d);
        kfn.kernelArgs = r.params(); // the device's kernel declares them one by one (nvptx: .param .u64 each)
        f.unit.module.functions.add(kfn);
    }

    /** o with these variables added to a firstprivate clause, unless a data-sharing clause names them already. */
    private static Stmt.Omp withFirstprivate(Stmt.Omp o, Set<Var> vars) {
        OmpDirective d = o.directive();
        Set<Var> named = new HashSet<>();
        for (OmpClause.ListClause c : d.clauses(OmpClause.ListClause.class))
            for (OmpDirective.Item it : c.items()) if (it.var() != null) named.add(it.var());
        for (OmpClause.Reduction r : d.clauses(OmpClause.Reduction.class))
            for (OmpDirective.Item it : r.items()) if (it.var() != null) named.add(it.var());
        List<OmpDirective.Item> items = new ArrayList<>();
        for (Var v : vars)
            if (!named.contains(v))
                items.add(new OmpDirective.Item(v, new Expr.VarRef(v, v.type, d.loc()), List.of(), d.loc()));
        if (items.isEmpty()) return o;
        List<OmpClause> cs = new ArrayList<>(d.clauses());
        cs.add(new OmpClause.ListClause(OmpClause.ListKind.FIRSTPRIVATE, items, d.loc()));
        OmpDirective nd = new OmpDirective(
                d.name(), d.leaves(), List.copyOf(cs), d.atomic(), d.criticalName(), d.loopDepth(), d.loc());
        return new Stmt.Omp(nd, o.body(), o.loc());
    }

    /** The map clauses' list items, each with its map type bits, mapper and iterator. */
    private static List<MapBuilder.Request> requests(OmpDirective d) {
        List<MapBuilder.Request> rs = new ArrayList<>();
        for (OmpClause.Map m : d.clauses(OmpClause.Map.class)) {
            long bits = MapBuilder.mapBits(m);
            for (int k = 0; k < m.items().size(); k++)
                rs.add(new MapBuilder.Request(m.items().get(k), bits, m.mapper(k), m.iterator()));
        }
        return rs;
    }

    /** The ident_t address of a construct (its place for the runtime's reports). */
    Value loc(Stmt.Omp o) {
        return f.b.globalAddr(f.unit.ident(o.loc(), f.def.var().name));
    }

    /**
     * Can every thread of every team run the kernel from the start (a GPU's SPMD mode)? Yes for
     * {@code target teams distribute parallel for [simd]} and {@code target teams loop}: no code
     * runs between the leaves, so each thread may run the teams part itself. Not with
     * num_threads or if(parallel), whose teams are smaller than the block, nor with a schedule
     * clause: the device's default schedule for SPMD loops is static with chunk 1 (coalesced),
     * which an explicit schedule(static) forbids.
     */
    static boolean isSpmd(OmpDirective d) {
        List<Leaf> ls = d.leaves();
        boolean combined = ls.equals(List.of(Leaf.TARGET, Leaf.TEAMS, Leaf.DISTRIBUTE, Leaf.PARALLEL, Leaf.FOR))
                || ls.equals(List.of(Leaf.TARGET, Leaf.TEAMS, Leaf.DISTRIBUTE, Leaf.PARALLEL, Leaf.FOR, Leaf.SIMD))
                || ls.equals(List.of(Leaf.TARGET, Leaf.TEAMS, Leaf.LOOP));
        if (!combined || !d.clauses(OmpClause.Schedule.class).isEmpty()) return false;
        for (OmpClause.ExprClause c : d.clauses(OmpClause.ExprClause.class)) {
            if (c.kind() == OmpClause.ExprKind.NUM_THREADS) return false;
            if (c.kind() == OmpClause.ExprKind.IF
                    && (c.modifier() == null || c.modifier().equals("parallel"))) return false;
        }
        return true;
    }

    /** {@code target teams distribute ...}: the kernel's body is the distribute loop, whose iterations the host can count. */
    static boolean distributesAtOnce(OmpDirective d) {
        List<Leaf> ls = d.leaves();
        return ls.size() >= 3 && ls.get(0) == Leaf.TARGET && ls.get(1) == Leaf.TEAMS && ls.get(2) == Leaf.DISTRIBUTE;
    }

    private static String defaultmap(OmpDirective d, String category) {
        for (OmpClause.Defaultmap m : d.clauses(OmpClause.Defaultmap.class))
            if (m.category() == null
                    || m.category().equals(category)
                    || m.category().equals("all")) return m.behavior();
        return "default";
    }

    /** Scalars that travel in an 8-byte argument slot (complex numbers are firstprivate copies instead). */
    private static boolean byValue(Type t) {
        return t.isScalar() && !TypeMap.inMemory(t) && t.size() <= 8;
    }

    private static MapBuilder.Entry entry(Var v, Value base, Value begin, Value size, long type, MapBuilder.Pass pass) {
        return new MapBuilder.Entry(base, begin, size, type, v, pass, v.name, v.loc, null);
    }

    /** A scalar passed by value: its bits in the argument slot. */
    private MapBuilder.Entry literal(Var v) {
        Slot s = f.fn.newSlot(null, 8, 8);
        Value a = f.b.slotAddr(s);
        f.b.store(IntConst.i64(0), a);
        f.store(a, f.readVar(v), v.type);
        Value bits = f.b.load(IrType.PTR, a);
        return entry(
                v, bits, bits, IntConst.i64(v.type.size()), TARGET_PARAM | LITERAL | IMPLICIT, MapBuilder.Pass.BYVAL);
    }

    /** The whole variable, by reference. */
    private MapBuilder.Entry whole(Var v, long bits) {
        Value a = f.varAddress(v);
        return entry(v, a, a, f.sizeOf(v.type), bits, MapBuilder.Pass.BYREF);
    }

    private static Type elementType(Type t) {
        while (t.isArray()) t = t.base;
        return t;
    }

    /** An implicitly mapped struct (or array of structs) with a default mapper uses it (OpenMP 5.2 §5.8.3). */
    private MapBuilder.Entry withMapper(MapBuilder.Entry e) {
        OmpClause.UserMapper m = f.unit.defaultMapper(elementType(e.var().type));
        if (m == null) return e;
        return new MapBuilder.Entry(
                e.base(),
                e.begin(),
                e.size(),
                e.type(),
                e.var(),
                e.pass(),
                e.name(),
                e.nameLoc(),
                MapperLowering.mapperFunction(f, m));
    }

    private Value device(OmpDirective d) {
        OmpClause.ExprClause c = OmpLowering.exprClause(d, OmpClause.ExprKind.DEVICE);
        return c == null
                ? IntConst.i64(-1)
                : f.e.convert(f.rvalue(c.value()), c.value().type(), Type.LONG);
    }

    // ---- map arrays --------------------------------------------------------------------------

    /** The map arrays in this function's frame; names and mappers are null pointers when no entry has one. */
    record Arrays(Value bases, Value ptrs, Value sizes, Value types, Value names, Value mappers, int count) {}

    private Arrays arrays(List<MapBuilder.Entry> entries) {
        long n = Math.max(1, entries.size());
        Value bases = f.b.slotAddr(f.fn.newSlot(null, 8 * n, 8)),
                ptrs = f.b.slotAddr(f.fn.newSlot(null, 8 * n, 8)),
                sizes = f.b.slotAddr(f.fn.newSlot(null, 8 * n, 8)),
                types = f.b.slotAddr(f.fn.newSlot(null, 8 * n, 8));
        boolean anyMapper = entries.stream().anyMatch(e -> e.mapper() != null);
        Value names =
                f.unit.debugInfo && !entries.isEmpty() ? f.b.slotAddr(f.fn.newSlot(null, 8 * n, 8)) : IntConst.ptr(0);
        Value mappers = anyMapper ? f.b.slotAddr(f.fn.newSlot(null, 8 * n, 8)) : IntConst.ptr(0);
        for (int k = 0; k < entries.size(); k++) {
            MapBuilder.Entry e = entries.get(k);
            f.b.store(e.base(), OmpLowering.at(f, bases, 8L * k));
            f.b.store(e.begin(), OmpLowering.at(f, ptrs, 8L * k));
            f.b.store(e.size(), OmpLowering.at(f, sizes, 8L * k));
            f.b.store(IntConst.i64(e.type()), OmpLowering.at(f, types, 8L * k));
            if (f.unit.debugInfo) f.b.store(mapName(f, e), OmpLowering.at(f, names, 8L * k));
            if (anyMapper)
                f.b.store(
                        e.mapper() == null ? IntConst.ptr(0) : mapperAddr(f, e.mapper()),
                        OmpLowering.at(f, mappers, 8L * k));
        }
        return new Arrays(bases, ptrs, sizes, types, names, mappers, entries.size());
    }

    private static Value mapperAddr(FunctionLowering g, String fn) {
        g.unit.useFunction(
                fn,
                new FuncType(
                        IrType.VOID,
                        List.of(IrType.PTR, IrType.PTR, IrType.PTR, IrType.I64, IrType.I64, IrType.PTR),
                        false));
        return g.b.funcAddr(fn);
    }

    /** The map name of an entry (";x[0:N];file.c;12;3;;"), or a null pointer without -g. */
    static Value mapName(FunctionLowering g, MapBuilder.Entry e) {
        String sym = g.unit.mapName(e.name(), e.nameLoc());
        return sym == null ? IntConst.ptr(0) : g.b.globalAddr(sym);
    }

    private void mapper(String entry, Value loc, Value dev, Arrays a) {
        omp.call(
                entry,
                IrType.VOID,
                loc,
                dev,
                IntConst.i32(a.count()),
                a.bases(),
                a.ptrs(),
                a.sizes(),
                a.types(),
                a.names(),
                a.mappers());
    }

    // ---- target data, enter/exit data, update -----------------------------------------------

    void targetData(Stmt.Omp o) {
        OmpDirective d = o.directive();
        // OpenMP 6.0: target_data is an undeferred task with its depend clause's dependences (it
        // starts once its predecessors are complete, and completes before the thread goes on), and
        // its region is an implicit taskgroup unless nogroup is written
        Value[] deps = new TaskLowering(omp, f).dependences(d);
        if (!(deps[0] instanceof IntConst n && n.value() == 0))
            omp.call(EntryPoints.TASKWAIT_DEPS, IrType.VOID, deps[0], deps[1], IntConst.i32(0));
        boolean group = !d.hasFlag(OmpClause.FlagKind.NOGROUP);
        MapBuilder mb = new MapBuilder(f);
        mb.items(requests(d), 0);
        Value dev = device(d);
        Value loc = loc(o);
        Arrays a = arrays(mb.out);
        Value cond = omp.ifClause(d, "target data");
        if (cond == null) cond = omp.ifClause(d, "target_data");
        Reg active = f.fn.newReg(IrType.I32, "omp.data.active");
        f.b.copy(active, cond == null ? IntConst.i32(1) : cond);
        guardedCall(active, () -> mapper(EntryPoints.TGT_TARGET_DATA_BEGIN_MAPPER, loc, dev, a));
        // use_device_ptr / use_device_addr: inside the region the variable is its device counterpart
        List<Runnable> restores = new ArrayList<>();
        for (Var v : OmpLowering.listVars(d, OmpClause.ListKind.USE_DEVICE_PTR)) {
            Value p = f.readVar(v);
            Value t = omp.call(EntryPoints.TARGET_TRANSLATE, IrType.PTR, dev, p);
            Value now = LoopNest.select(f, active, t, p);
            restores.add(f.unbind(v));
            Slot s = f.fn.newSlot(FunctionLowering.safeName(v.name), 8, 8);
            f.slotVars.put(v, s);
            f.b.store(now, f.b.slotAddr(s));
        }
        // use_device_addr of an array section (OpenMP 5.1 §2.14.4): the section's storage is looked up,
        // and its base (the array, or the pointer's value) becomes the corresponding device address
        Set<Var> seen = new HashSet<>();
        for (OmpClause.ListClause l : d.clauses(OmpClause.ListClause.class)) {
            if (l.kind() != OmpClause.ListKind.USE_DEVICE_ADDR) continue;
            for (OmpDirective.Item it : l.items()) {
                Var v = it.var();
                if (v == null || !seen.add(v)) continue;
                boolean whole = MapBuilder.stripCasts(it.expr()) instanceof Expr.VarRef r && r.var() == v;
                boolean throughPointer = !whole && v.type.isPointer();
                Value base = throughPointer ? f.readVar(v) : f.varAddress(v);
                Value begin = whole ? base : f.address(it.expr());
                Value t = omp.call(EntryPoints.TARGET_TRANSLATE, IrType.PTR, dev, begin);
                if (!whole)
                    t = f.b.ptrAdd(
                            t,
                            f.b.binary(
                                    Insn.BinOp.SUB,
                                    f.e.conv(Insn.ConvOp.BITCAST, base, IrType.I64),
                                    f.e.conv(Insn.ConvOp.BITCAST, begin, IrType.I64)));
                Value now = LoopNest.select(f, active, t, base);
                restores.add(f.unbind(v));
                if (throughPointer) { // the pointer itself now holds the device address, as use_device_ptr's
                    Slot s = f.fn.newSlot(FunctionLowering.safeName(v.name), 8, 8);
                    f.slotVars.put(v, s);
                    f.b.store(now, f.b.slotAddr(s));
                    continue;
                }
                Reg r = f.fn.newReg(IrType.PTR, FunctionLowering.safeName(v.name));
                f.b.copy(r, now);
                f.addrVars.put(v, r);
            }
        }
        if (group) omp.call(EntryPoints.TARGET_DATA_GROUP_BEGIN, IrType.VOID);
        f.stmt(o.body());
        if (group && !f.b.isTerminated()) omp.call(EntryPoints.TARGET_DATA_GROUP_END, IrType.VOID);
        restores.forEach(Runnable::run);
        if (f.b.isTerminated()) return;
        // clang leaves 'present' out of the end call: data present on entry is present on exit
        for (int k = 0; k < mb.out.size(); k++) {
            MapBuilder.Entry e = mb.out.get(k);
            if ((e.type() & PRESENT) != 0)
                f.b.store(IntConst.i64(e.type() & ~PRESENT), OmpLowering.at(f, a.types(), 8L * k));
        }
        guardedCall(active, () -> mapper(EntryPoints.TGT_TARGET_DATA_END_MAPPER, loc, dev, a));
    }

    private void guardedCall(Value cond, Runnable call) {
        if (cond instanceof IntConst k) {
            if (k.value() != 0) call.run();
            return;
        }
        BasicBlock then = f.b.newBlock("omp.if"), end = f.b.newBlock("omp.if.end");
        f.b.condBr(cond, then, end);
        f.b.setBlock(then);
        call.run();
        f.b.br(end);
        f.b.setBlock(end);
    }

    /** target enter data, exit data and update: their map (or motion) clauses' entries to the runtime. */
    void standalone(Stmt.Omp o, String entry) {
        OmpDirective d = o.directive();
        MapBuilder mb = new MapBuilder(f);
        mb.items(requests(d), 0);
        List<MapBuilder.Request> motion = new ArrayList<>();
        for (OmpClause.Motion m : d.clauses(OmpClause.Motion.class)) {
            long bits = (m.to() ? TO : FROM) | (m.modifiers().contains(OmpDirective.MapModifier.PRESENT) ? PRESENT : 0);
            for (int k = 0; k < m.items().size(); k++)
                motion.add(new MapBuilder.Request(m.items().get(k), bits, m.mapper(k), m.iterator()));
        }
        mb.motion(motion);
        Value dev = device(d);
        Value loc = loc(o);
        Value cond = null;
        for (OmpClause.ExprClause c : d.clauses(OmpClause.ExprClause.class))
            if (c.kind() == OmpClause.ExprKind.IF) cond = f.truth(c.value());
        Arrays a = arrays(mb.out);
        guardedCall(cond == null ? IntConst.i32(1) : cond, () -> mapper(entry, loc, dev, a));
    }
}
