package jomp.frontend.lower;

import jomp.frontend.ast.Expr;
import jomp.frontend.ast.OmpClause;
import jomp.frontend.ast.OmpDirective;
import jomp.frontend.ast.OmpDirective.Leaf;
import jomp.frontend.ast.Stmt;
import jomp.frontend.ast.Var;
import jomp.frontend.ir.BasicBlock;
import jomp.frontend.ir.FuncType;
import jomp.frontend.ir.Function;
import jomp.frontend.ir.Insn;
import jomp.frontend.ir.IntConst;
import jomp.frontend.ir.IrType;
import jomp.frontend.ir.Reg;
import jomp.frontend.ir.Slot;
import jomp.frontend.ir.Value;
import jomp.frontend.type.Type;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

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
    static final long TO = 0x1, FROM = 0x2, ALWAYS = 0x4, DELETE = 0x8, PTR_AND_OBJ = 0x10, TARGET_PARAM = 0x20, PRIVATE = 0x80,
        LITERAL = 0x100, IMPLICIT = 0x200, CLOSE = 0x400, PRESENT = 0x1000;

    /** How a kernel receives a variable: the address of its device copy, or its value in the slot. */
    enum Pass { BYREF, BYVAL }

    /** One entry of the map arrays; var null for entries no kernel parameter binds. */
    record MapEntry(Var var, Value base, Value begin, Value size, long type, Pass pass, boolean member) {
        MapEntry(Var var, Value base, Value begin, Value size, long type, Pass pass) { this(var, base, begin, size, type, pass, false); }

        MapEntry withoutVar() { return new MapEntry(null, base, begin, size, type, pass, member); }
    }

    private final OmpLowering omp;
    private final FunctionLowering f;

    TargetLowering(OmpLowering omp, FunctionLowering f) { this.omp = omp; this.f = f; }

    // ---- target ------------------------------------------------------------------------------

    void target(Stmt.Omp o, int i) {
        OmpDirective d = o.directive();
        List<Leaf> ls = d.leaves();
        boolean targetOnly = ls.size() == 1;
        Set<Var> used = new LinkedHashSet<>();
        for (Var v : OmpCaptures.free(o)) if (captures(v)) used.add(v);

        Set<Var> privates = targetOnly ? OmpLowering.listVars(d, OmpClause.ListKind.PRIVATE) : Set.of();
        Set<Var> firstprivate = OmpLowering.listVars(d, OmpClause.ListKind.FIRSTPRIVATE);
        Set<Var> devicePtr = OmpLowering.listVars(d, OmpClause.ListKind.IS_DEVICE_PTR);
        Set<Var> deviceAddr = OmpLowering.listVars(d, OmpClause.ListKind.HAS_DEVICE_ADDR);
        Set<Var> tofrom = new HashSet<>(OmpLowering.listVars(d, OmpClause.ListKind.LASTPRIVATE));
        for (OmpClause.Reduction r : d.clauses(OmpClause.Reduction.class))
            for (OmpDirective.Item it : r.items()) if (it.var() != null) tofrom.add(it.var());

        List<MapEntry> entries = new ArrayList<>();
        Set<Var> done = new HashSet<>();
        List<MapEntry> attach = new ArrayList<>();   // pointer members: after the structs that hold them
        for (MapEntry e : explicitEntries(d, TARGET_PARAM)) {
            if ((e.type() & PTR_AND_OBJ) != 0) attach.add(e);
            else entries.add(e.var() != null && done.add(e.var()) ? e : e.withoutVar());
        }
        for (Var v : used) {
            if (done.contains(v) || privates.contains(v)) continue;
            done.add(v);
            Type t = v.type;
            if (devicePtr.contains(v)) entries.add(literal(v));
            else if (deviceAddr.contains(v)) {
                Value a = f.varAddress(v);
                entries.add(new MapEntry(v, a, a, IntConst.i64(0), TARGET_PARAM | LITERAL, Pass.BYREF));
            } else if (firstprivate.contains(v)) {
                entries.add(byValue(t) ? literal(v) : whole(v, TO | PRIVATE | TARGET_PARAM));
            } else if (tofrom.contains(v)) entries.add(whole(v, TO | FROM | TARGET_PARAM | IMPLICIT));
            else {
                String category = t.isPointer() ? "pointer" : byValue(t) ? "scalar" : "aggregate";
                String behavior = defaultmap(d, category);
                switch (behavior) {
                    case "tofrom" -> entries.add(whole(v, TO | FROM | TARGET_PARAM | IMPLICIT));
                    case "to" -> entries.add(whole(v, TO | TARGET_PARAM | IMPLICIT));
                    case "from" -> entries.add(whole(v, FROM | TARGET_PARAM | IMPLICIT));
                    case "alloc" -> entries.add(whole(v, TARGET_PARAM | IMPLICIT));
                    case "present" -> entries.add(whole(v, PRESENT | TARGET_PARAM | IMPLICIT));
                    case "firstprivate" -> entries.add(byValue(t) ? literal(v) : whole(v, TO | PRIVATE | TARGET_PARAM | IMPLICIT));
                    default -> {   // the OpenMP default for the category
                        if (t.isPointer()) {
                            Value p = f.readVar(v);
                            entries.add(new MapEntry(v, p, p, IntConst.i64(0), TARGET_PARAM | IMPLICIT, Pass.BYVAL));
                        } else if (byValue(t)) entries.add(literal(v));
                        else if (t.isScalar()) entries.add(whole(v, TO | PRIVATE | TARGET_PARAM | IMPLICIT));   // complex: a private copy
                        else entries.add(whole(v, TO | FROM | TARGET_PARAM | IMPLICIT));
                    }
                }
            }
        }

        entries.addAll(attach);
        String kernel = f.unit.kernelName(f.def.var().name, d.loc().presumedLine());
        Arrays arrays = arrays(entries);
        // num_teams and thread_limit of the teams leaf, evaluated on the host for the launch
        OmpClause.ExprClause nt = OmpLowering.exprClause(d, OmpClause.ExprKind.NUM_TEAMS), tl = OmpLowering.exprClause(d, OmpClause.ExprKind.THREAD_LIMIT);
        Value nteams = nt == null ? IntConst.i32(0) : omp.i32(nt.value());
        Value limit = tl == null ? IntConst.i32(0) : omp.i32(tl.value());
        // a region without teams is one team (clang launches 1 block); `target parallel
        // num_threads(<constant>)` asks for that many threads (evaluating anything else twice could repeat its effects)
        boolean[] nestedTeams = {false};
        OmpCaptures.forEachOmp(o.body(), x -> nestedTeams[0] |= x.directive().has(OmpDirective.Leaf.TEAMS));
        if (!d.has(OmpDirective.Leaf.TEAMS) && !nestedTeams[0]) {
            nteams = IntConst.i32(1);
            OmpClause.ExprClause nth = OmpLowering.exprClause(d, OmpClause.ExprKind.NUM_THREADS);
            if (tl == null && nth != null && nth.value() instanceof Expr.IntLit n) limit = IntConst.i32((int) n.value());
        }
        Value kargs = f.b.slotAddr(f.fn.newSlot(null, 104, 8));
        f.b.memset(kargs, IntConst.i32(0), IntConst.i64(104));
        f.b.store(IntConst.i32(3), kargs);
        f.b.store(IntConst.i32(entries.size()), OmpLowering.at(f, kargs, 4));
        f.b.store(arrays.bases, OmpLowering.at(f, kargs, 8));
        f.b.store(arrays.ptrs, OmpLowering.at(f, kargs, 16));
        f.b.store(arrays.sizes, OmpLowering.at(f, kargs, 24));
        f.b.store(arrays.types, OmpLowering.at(f, kargs, 32));
        f.b.store(IntConst.i64(d.hasFlag(OmpClause.FlagKind.NOWAIT) ? 1 : 0), OmpLowering.at(f, kargs, 64));
        f.b.store(nteams, OmpLowering.at(f, kargs, 72));
        f.b.store(limit, OmpLowering.at(f, kargs, 84));

        BasicBlock offload = f.b.newBlock("omp.offload"), fallback = f.b.newBlock("omp.offload.fallback"), end = f.b.newBlock("omp.offload.end");
        Value dev = device(d);
        Value cond = omp.ifClause(d, "target");
        if (cond != null) f.b.condBr(cond, offload, fallback);
        else f.b.br(offload);
        f.b.setBlock(offload);
        Value rc = omp.call("__tgt_target_kernel", IrType.I32, IntConst.ptr(0), dev, nteams, limit,
            f.b.globalAddr(f.unit.regionId(kernel)), kargs);
        f.b.condBr(f.b.cmp(Insn.CmpOp.NE, rc, IntConst.i32(0)), fallback, end);
        // host fallback: the kernel with host addresses and values
        f.b.setBlock(fallback);
        Value host = f.b.slotAddr(f.fn.newSlot(null, 8L * Math.max(1, entries.size()), 8));
        for (int k = 0; k < entries.size(); k++) {
            MapEntry e = entries.get(k);
            f.b.store(e.pass() == Pass.BYREF ? e.base() : e.begin(), OmpLowering.at(f, host, 8L * k));
        }
        f.b.call(kernel, new FuncType(IrType.VOID, List.of(IrType.PTR), false), List.of(host));
        omp.call("__jomp_target_fallback_done", IrType.VOID, dev, kargs);   // device copies of mapped data catch up
        f.b.br(end);
        f.b.setBlock(end);

        // the kernel
        FunctionLowering g = new FunctionLowering(f.unit, f.def);
        Reg args = g.beginOutlined(kernel, new FuncType(IrType.VOID, List.of(IrType.PTR), false), o.body(), false).get(0);
        Set<Var> written = OmpCaptures.written(o.body());
        if (OmpLowering.outlinesAfter(d, i)) written.addAll(used);   // inner leaves capture them by address
        for (int k = 0; k < entries.size(); k++) {
            MapEntry e = entries.get(k);
            if (e.var() == null || !used.contains(e.var())) continue;
            Value slot = OmpLowering.at(g, args, 8L * k);
            Value addr = e.pass() == Pass.BYREF ? g.b.load(IrType.PTR, slot) : slot;
            OmpLowering.bindCaptured(g, e.var(), addr, written);
        }
        g.allocateLocals(o.body());
        DataSharing ds = DataSharing.at(g.omp, o, i, null);
        Runnable allocators = g.omp.usesAllocators(d);
        g.omp.construct(o, i + 1, null);
        allocators.run();
        ds.end(false, null);
        Function kfn = g.finishOutlined();
        kfn.declareTarget = true;
        kfn.spmd = isSpmd(d);
        f.unit.module.functions.add(kfn);
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
            if (c.kind() == OmpClause.ExprKind.IF && (c.modifier() == null || c.modifier().equals("parallel"))) return false;
        }
        return true;
    }

    /** Does a target region capture v? Locals do; globals only when they are not declare target. */
    private boolean captures(Var v) {
        if (v.isFunction()) return false;
        if (OmpCaptures.isAutomatic(v)) return true;
        return v.storage != Var.Storage.TYPEDEF && !f.unit.isDeclareTarget(v);
    }

    private static String defaultmap(OmpDirective d, String category) {
        for (OmpClause.Defaultmap m : d.clauses(OmpClause.Defaultmap.class))
            if (m.category() == null || m.category().equals(category) || m.category().equals("all")) return m.behavior();
        return "default";
    }

    private static long mapBits(OmpClause.Map m) {
        long bits = switch (m.type()) {
            case TO -> TO;
            case FROM -> FROM;
            case TOFROM -> TO | FROM;
            case ALLOC, RELEASE -> 0;
            case DELETE -> DELETE;
        };
        if (m.modifiers().contains(OmpDirective.MapModifier.ALWAYS)) bits |= ALWAYS;
        if (m.modifiers().contains(OmpDirective.MapModifier.CLOSE)) bits |= CLOSE;
        if (m.modifiers().contains(OmpDirective.MapModifier.PRESENT)) bits |= PRESENT;
        return bits;
    }

    /** Scalars that travel in an 8-byte argument slot (complex numbers are firstprivate copies instead). */
    private static boolean byValue(Type t) { return t.isScalar() && !TypeMap.inMemory(t) && t.size() <= 8; }

    /** A scalar passed by value: its bits in the argument slot. */
    private MapEntry literal(Var v) {
        Slot s = f.fn.newSlot(null, 8, 8);
        Value a = f.b.slotAddr(s);
        f.b.store(IntConst.i64(0), a);
        f.store(a, f.readVar(v), v.type);
        Value bits = f.b.load(IrType.PTR, a);
        return new MapEntry(v, bits, bits, IntConst.i64(v.type.size()), TARGET_PARAM | LITERAL | IMPLICIT, Pass.BYVAL);
    }

    /** The whole variable, by reference. */
    private MapEntry whole(Var v, long bits) {
        Value a = f.varAddress(v);
        return new MapEntry(v, a, a, f.sizeOf(v.type), bits, Pass.BYREF);
    }

    /** A list item of a map (or motion) clause: a variable, a member, or an array section. */
    MapEntry mapItem(OmpDirective.Item it, long bits) {
        Var v = it.var();
        if (it.sections().isEmpty()) {
            Value base = f.varAddress(v);
            if (it.expr() instanceof Expr.Member) return new MapEntry(v, base, f.address(it.expr()), IntConst.i64(it.expr().type().size()), bits, Pass.BYREF, true);
            return new MapEntry(v, base, base, f.sizeOf(v.type), bits, Pass.BYREF);
        }
        // the subscripted expression of each section, outermost first: a variable, or a member (array or pointer)
        List<OmpDirective.Section> secs = it.sections();
        Expr e = it.expr();
        Expr[] subscripted = new Expr[secs.size()];
        for (int k = secs.size() - 1; k >= 0; k--) e = subscripted[k] = peel(e);
        Expr root = stripDecay(subscripted[0]);
        Type t = root.type();
        Value begin = f.address(it.expr());
        Value size = IntConst.i64(0);
        for (int k = 0; k < secs.size(); k++) {
            OmpDirective.Section s = secs.get(k);
            Type elem = t.base;
            Value stride = f.sizeOf(elem);
            Value len;
            if (s.single()) len = IntConst.i64(1);
            else if (s.length() != null) len = f.e.convert(f.rvalue(s.length()), s.length().type(), Type.LONG);
            else {
                Value dim = f.e.bin(Insn.BinOp.DIV, f.sizeOf(t), stride);
                Value lo = s.lower() == null ? IntConst.i64(0) : f.e.convert(f.rvalue(s.lower()), s.lower().type(), Type.LONG);
                len = f.e.bin(Insn.BinOp.SUB, dim, lo);
            }
            Value part = k == secs.size() - 1 ? f.e.bin(Insn.BinOp.MUL, len, stride)
                : f.e.bin(Insn.BinOp.MUL, f.e.bin(Insn.BinOp.SUB, len, IntConst.i64(1)), stride);
            size = f.e.bin(Insn.BinOp.ADD, size, part);
            t = elem;
        }
        boolean ptr = root.type().isPointer();
        if (root instanceof Expr.VarRef) {
            Value base = ptr ? f.readVar(v) : f.varAddress(v);
            return new MapEntry(v, base, begin, size, bits, ptr ? Pass.BYVAL : Pass.BYREF);
        }
        if (ptr) {   // a pointer member: map the pointee and attach the device copy of the pointer to it
            return new MapEntry(null, f.address(root), begin, size, (bits & ~TARGET_PARAM) | PTR_AND_OBJ, Pass.BYREF);
        }
        return new MapEntry(v, f.varAddress(v), begin, size, bits, Pass.BYREF, true);   // an array member
    }

    /** The subscripted expression of {@code x[i]} (which the parser builds as {@code *(x + i)}). */
    private static Expr peel(Expr e) {
        e = stripDecay(e);
        if (e instanceof Expr.Unary u && u.op() == Expr.Unary.Op.DEREF) e = stripCasts(u.operand());
        if (e instanceof Expr.Binary b && (b.op() == Expr.Binary.Op.ADD || b.op() == Expr.Binary.Op.SUB))
            e = stripCasts(b.left().type().isPointer() ? b.left() : b.right());
        return e;
    }

    private static Expr stripCasts(Expr e) {
        while (e instanceof Expr.Cast c) e = c.operand();
        return e;
    }

    private static Expr stripDecay(Expr e) {
        e = stripCasts(e);
        return e instanceof Expr.Decay d ? d.operand() : e;
    }

    private Value device(OmpDirective d) {
        OmpClause.ExprClause c = OmpLowering.exprClause(d, OmpClause.ExprKind.DEVICE);
        return c == null ? IntConst.i64(-1) : f.e.convert(f.rvalue(c.value()), c.value().type(), Type.LONG);
    }

    // ---- map arrays --------------------------------------------------------------------------

    record Arrays(Value bases, Value ptrs, Value sizes, Value types, int count) {}

    private Arrays arrays(List<MapEntry> entries) {
        long n = Math.max(1, entries.size());
        Value bases = f.b.slotAddr(f.fn.newSlot(null, 8 * n, 8)), ptrs = f.b.slotAddr(f.fn.newSlot(null, 8 * n, 8)),
            sizes = f.b.slotAddr(f.fn.newSlot(null, 8 * n, 8)), types = f.b.slotAddr(f.fn.newSlot(null, 8 * n, 8));
        for (int k = 0; k < entries.size(); k++) {
            MapEntry e = entries.get(k);
            f.b.store(e.base(), OmpLowering.at(f, bases, 8L * k));
            f.b.store(e.begin(), OmpLowering.at(f, ptrs, 8L * k));
            f.b.store(e.size(), OmpLowering.at(f, sizes, 8L * k));
            f.b.store(IntConst.i64(e.type()), OmpLowering.at(f, types, 8L * k));
        }
        return new Arrays(bases, ptrs, sizes, types, entries.size());
    }

    private void mapper(String entry, Value dev, Arrays a) {
        omp.call(entry, IrType.VOID, IntConst.ptr(0), dev, IntConst.i32(a.count()), a.bases(), a.ptrs(), a.sizes(), a.types(),
            IntConst.ptr(0), IntConst.ptr(0));
    }

    // ---- target data, enter/exit data, update -----------------------------------------------

    void targetData(Stmt.Omp o) {
        OmpDirective d = o.directive();
        List<MapEntry> entries = mapClauses(d);
        Value dev = device(d);
        Arrays a = arrays(entries);
        Value cond = omp.ifClause(d, "target data");
        if (cond == null) cond = omp.ifClause(d, "target_data");
        Reg active = f.fn.newReg(IrType.I32, "omp.data.active");
        f.b.copy(active, cond == null ? IntConst.i32(1) : cond);
        guardedCall(active, () -> mapper("__tgt_target_data_begin_mapper", dev, a));
        // use_device_ptr / use_device_addr: inside the region the variable is its device counterpart
        List<Runnable> restores = new ArrayList<>();
        for (Var v : OmpLowering.listVars(d, OmpClause.ListKind.USE_DEVICE_PTR)) {
            Value p = f.readVar(v);
            Value t = omp.call("__jomp_target_translate", IrType.PTR, dev, p);
            Value now = LoopNest.select(f, active, t, p);
            restores.add(f.unbind(v));
            Slot s = f.fn.newSlot(FunctionLowering.safeName(v.name), 8, 8);
            f.slotVars.put(v, s);
            f.b.store(now, f.b.slotAddr(s));
        }
        for (Var v : OmpLowering.listVars(d, OmpClause.ListKind.USE_DEVICE_ADDR)) {
            Value p = f.varAddress(v);
            Value t = omp.call("__jomp_target_translate", IrType.PTR, dev, p);
            Value now = LoopNest.select(f, active, t, p);
            restores.add(f.unbind(v));
            Reg r = f.fn.newReg(IrType.PTR, FunctionLowering.safeName(v.name));
            f.b.copy(r, now);
            f.addrVars.put(v, r);
        }
        f.stmt(o.body());
        restores.forEach(Runnable::run);
        if (!f.b.isTerminated()) guardedCall(active, () -> mapper("__tgt_target_data_end_mapper", dev, a));
    }

    private void guardedCall(Value cond, Runnable call) {
        if (cond instanceof IntConst k) { if (k.value() != 0) call.run(); return; }
        BasicBlock then = f.b.newBlock("omp.if"), end = f.b.newBlock("omp.if.end");
        f.b.condBr(cond, then, end);
        f.b.setBlock(then);
        call.run();
        f.b.br(end);
        f.b.setBlock(end);
    }

    /** The map clauses' entries, pointer members (attached to their struct) last. */
    private List<MapEntry> mapClauses(OmpDirective d) {
        List<MapEntry> entries = new ArrayList<>(), attach = new ArrayList<>();
        for (MapEntry e : explicitEntries(d, 0)) ((e.type() & PTR_AND_OBJ) != 0 ? attach : entries).add(e);
        entries.addAll(attach);
        return entries;
    }

    /**
     * The entries of the map clauses in order, with {@code paramBit} on those that become kernel
     * arguments. Members of one struct mapped separately become libomptarget's combined entry (the
     * span from the first to the last member, allocated once) followed by the members with
     * MEMBER_OF pointing at it, so that the struct has one device copy.
     */
    private List<MapEntry> explicitEntries(OmpDirective d, long paramBit) {
        List<MapEntry> items = new ArrayList<>();
        for (OmpClause.Map m : d.clauses(OmpClause.Map.class))
            for (OmpDirective.Item it : m.items()) items.add(mapItem(it, mapBits(m) | paramBit));
        List<MapEntry> out = new ArrayList<>();
        Set<Var> combined = new HashSet<>();
        for (MapEntry e : items) {
            if (!e.member()) { out.add(e); continue; }
            if (!combined.add(e.var())) continue;
            List<MapEntry> group = new ArrayList<>();
            for (MapEntry x : items) if (x.member() && x.var() == e.var()) group.add(x);
            Value lo = null, hi = null;
            for (MapEntry x : group) {
                Value end = f.b.ptrAdd(x.begin(), x.size());
                lo = lo == null ? x.begin() : LoopNest.select(f, f.b.cmp(Insn.CmpOp.ULT, x.begin(), lo), x.begin(), lo);
                hi = hi == null ? end : LoopNest.select(f, f.b.cmp(Insn.CmpOp.UGT, end, hi), end, hi);
            }
            Value span = f.b.binary(Insn.BinOp.SUB, f.e.conv(Insn.ConvOp.BITCAST, hi, IrType.I64), f.e.conv(Insn.ConvOp.BITCAST, lo, IrType.I64));
            int parent = out.size();
            out.add(new MapEntry(e.var(), e.base(), lo, span, paramBit, Pass.BYREF));
            for (MapEntry x : group)
                out.add(new MapEntry(null, x.base(), x.begin(), x.size(), (x.type() & ~TARGET_PARAM) | ((long) (parent + 1) << 48), Pass.BYREF));
        }
        return out;
    }

    void standalone(Stmt.Omp o, String entry) {
        OmpDirective d = o.directive();
        List<MapEntry> entries = mapClauses(d);
        for (OmpClause.ListClause c : d.clauses(OmpClause.ListClause.class)) {
            long bits = c.kind() == OmpClause.ListKind.TO ? TO : c.kind() == OmpClause.ListKind.FROM ? FROM : -1;
            if (bits < 0) continue;
            for (OmpDirective.Item it : c.items()) entries.add(mapItem(it, bits));
        }
        Value dev = device(d);
        Value cond = null;
        for (OmpClause.ExprClause c : d.clauses(OmpClause.ExprClause.class)) if (c.kind() == OmpClause.ExprKind.IF) cond = f.truth(c.value());
        Arrays a = arrays(entries);
        guardedCall(cond == null ? IntConst.i32(1) : cond, () -> mapper(entry, dev, a));
    }
}
