package jomp.compiler.lower;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.OmpClause;
import jomp.compiler.ast.OmpDirective;
import jomp.compiler.ast.OmpDirective.Leaf;
import jomp.compiler.ast.Stmt;
import jomp.compiler.ast.Var;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.FuncType;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Value;
import jomp.compiler.type.Type;
import jomp.offload.abi.EntryPoints;

/**
 * Explicit tasks (docs/design/openmp-lowering.md, "Tasks"): task, taskloop, and the target
 * tasks of target constructs with nowait or depend. The body becomes a function
 * {@code <fn>.omp_outlined.<n>(int, ptr block)}; the encountering thread asks the runtime for the
 * task and its argument block ({@code __jomp_task_alloc}), stores there the addresses of the
 * variables the task shares and copies of its firstprivate ones, and submits it with its
 * dependences ({@code __jomp_task_submit}). The runtime frees the block when the task is done.
 *
 * <p>Data sharing without clauses (OpenMP 5.2 §5.1.1): a variable the enclosing context shares
 * among the team (one captured by address from an enclosing parallel or teams region, or from
 * an enclosing task that shares it) stays shared; any other automatic variable is firstprivate.
 * Variables of static storage are used in place.
 */
final class TaskLowering {
    /** Task flags, as the runtime's Task defines them. */
    static final int UNTIED = 1, FINAL = 2, MERGEABLE = 4, UNDEFERRED = 8, DETACH = 16, TARGET = 32;
    /** Where transparent's impex value goes in the flags (Task.IMPORT 128, Task.EXPORT 256). */
    static final int TRANSPARENT_SHIFT = 7;

    /** Dependence kinds of the records __jomp_task_submit reads. */
    static int dependKind(OmpClause.DependType t) {
        return switch (t) {
            case IN -> 1;
            case OUT -> 2;
            case INOUT -> 3;
            case MUTEXINOUTSET -> 4;
            case INOUTSET -> 5;
            case DEPOBJ -> 7;
        };
    }

    private enum Share {
        SHARED,
        FIRSTPRIVATE,
        PRIVATE
    }

    /** Where a task finds a variable in its block: its address (shared) or its value (firstprivate). */
    private record Entry(Var var, Share share, long offset) {}

    private final OmpLowering omp;
    private final FunctionLowering f;

    TaskLowering(OmpLowering omp, FunctionLowering f) {
        this.omp = omp;
        this.f = f;
    }

    // ---- task -------------------------------------------------------------------------------

    void task(Stmt.Omp o) {
        OmpDirective d = o.directive();
        Map<Var, Share> shares = classify(o, d, false);
        // in_reduction: the task works on a private copy (from the identity) and combines it into the
        // reduction's variable (the taskgroup's, or the enclosing region's private one) when it ends
        List<OmpClause> reductions = inReductions(d);
        for (OmpClause c : reductions)
            for (var it : ((OmpClause.Reduction) c).items())
                if (it.var() != null && shares.containsKey(it.var())) shares.put(it.var(), Share.SHARED);
        Stmt.Omp reduced = new Stmt.Omp(
                new OmpDirective(d.name(), List.of(Leaf.TASK), List.copyOf(reductions), null, null, 0, d.loc()),
                o.body(),
                o.loc());
        int flags = 0;
        if (d.hasFlag(OmpClause.FlagKind.UNTIED)) flags |= UNTIED;
        if (d.hasFlag(OmpClause.FlagKind.MERGEABLE)) flags |= MERGEABLE;
        OmpClause.Detach detach = first(d, OmpClause.Detach.class);
        if (detach != null) flags |= DETACH;
        Value flagValue = transparent(d, dynamicFlags(d, flags, "task"));
        spawn(o, shares, flagValue, priority(d), detach, List.of(), (g, block) -> {
            BasicBlock exit = g.b.newBlock("omp.task.exit");
            BasicBlock outer = g.cancelTaskgroup;
            g.cancelTaskgroup = exit;
            g.allocateLocals(o.body());
            DataSharing ds = reductions.isEmpty() ? null : DataSharing.at(g.omp, reduced, 0, null);
            g.stmt(o.body());
            g.cancelTaskgroup = outer;
            if (!g.b.isTerminated()) g.b.br(exit);
            g.b.setBlock(exit);
            if (ds != null) ds.end(true, null);
        });
    }

    /** The in_reduction clauses of d as reduction clauses (what a task does with them is a reduction into the variable it shares). */
    static List<OmpClause> inReductions(OmpDirective d) {
        List<OmpClause> out = new ArrayList<>();
        for (OmpClause.TaskReduction t : d.clauses(OmpClause.TaskReduction.class)) if (t.in()) out.add(t.reduction());
        return out;
    }

    /** flags | FINAL when final(e) holds | UNDEFERRED when if(e) does not. */
    private Value dynamicFlags(OmpDirective d, int flags, String leaf) {
        Value v = IntConst.i32(flags);
        OmpClause.ExprClause fin = OmpLowering.exprClause(d, OmpClause.ExprKind.FINAL);
        if (fin != null)
            v = f.e.bin(
                    Insn.BinOp.OR, v, LoopNest.select(f, f.truth(fin.value()), IntConst.i32(FINAL), IntConst.i32(0)));
        Value cond = omp.ifClause(d, leaf);
        if (cond != null)
            v = f.e.bin(Insn.BinOp.OR, v, LoopNest.select(f, cond, IntConst.i32(0), IntConst.i32(UNDEFERRED)));
        return v;
    }

    /** OpenMP 6.0's transparent[(impex)]: flags | the impex value (omp_import 1, omp_export 2, omp_impex 3, the default) << 7. */
    private Value transparent(OmpDirective d, Value flags) {
        OmpClause.ExprClause t = OmpLowering.exprClause(d, OmpClause.ExprKind.TRANSPARENT);
        if (t == null) return flags;
        if (t.value() == null) return f.e.bin(Insn.BinOp.OR, flags, IntConst.i32(3 << TRANSPARENT_SHIFT));
        Value impex = f.e.bin(Insn.BinOp.AND, omp.i32(t.value()), IntConst.i32(3));
        return f.e.bin(Insn.BinOp.OR, flags, f.e.bin(Insn.BinOp.SHL, impex, IntConst.i32(TRANSPARENT_SHIFT)));
    }

    private Value priority(OmpDirective d) {
        OmpClause.ExprClause p = OmpLowering.exprClause(d, OmpClause.ExprKind.PRIORITY);
        return p == null ? IntConst.i32(0) : omp.i32(p.value());
    }

    // ---- taskloop ---------------------------------------------------------------------------

    /**
     * taskloop (leaf i): the loop's bounds are evaluated here; each task runs a block of logical
     * iterations that the runtime writes after the template block's end. Lastprivate and
     * reduction variables are shared with the tasks, which privatise them (DataSharing) and
     * combine or copy back; the implicit taskgroup keeps them alive until every task is done.
     */
    void taskloop(Stmt.Omp o, int i) {
        OmpDirective d = o.directive();
        LoopNest nest = LoopNest.compute(f, o.body(), d.loopDepth());
        Map<Var, Share> shares = classify(o, d, false);
        for (Var v : nest.vars()) shares.remove(v);
        Stmt.Omp innerO = taskloopTasks(o, shares);

        int flags = 0;
        if (d.hasFlag(OmpClause.FlagKind.UNTIED)) flags |= UNTIED;
        if (d.hasFlag(OmpClause.FlagKind.MERGEABLE)) flags |= MERGEABLE;
        Value flagValue = transparent(d, dynamicFlags(d, flags, "taskloop"));
        List<Value> exported = nest.exported();
        List<Var> inductions = inductionVars(d);
        Layout lay = layout(shares, exported.size() + inductions.size());
        Value block = f.b.slotAddr(f.fn.newSlot(null, Math.max(8, lay.size), 16));
        fill(block, lay);
        for (int k = 0; k < exported.size(); k++)
            f.b.store(exported.get(k), OmpLowering.at(f, block, lay.extras + 8L * k));
        // the induction variables' start values, taken before any task runs: the task of the last
        // iteration writes the final value back, which a task started later must not read as its start
        for (int k = 0; k < inductions.size(); k++) {
            Var v = inductions.get(k);
            Value start = f.slotAddr(f.temp(v.type));
            Value from = f.inductionStarts.get(v);
            f.store(start, TypeMap.inMemory(v.type) ? (from != null ? from : f.varAddress(v)) : f.readVar(v), v.type);
            f.b.store(start, OmpLowering.at(f, block, lay.extras + 8L * (exported.size() + k)));
        }

        String name = f.unit.outlinedName(f.def.var().name);
        taskloopFunction(name, innerO, i, nest, lay, inductions);

        Value grainsize = IntConst.i64(0), numTasks = IntConst.i64(0);
        int loopFlags = d.hasFlag(OmpClause.FlagKind.NOGROUP) ? 1 : 0;
        for (OmpClause.ExprClause c : d.clauses(OmpClause.ExprClause.class)) {
            if (c.kind() == OmpClause.ExprKind.GRAINSIZE) {
                grainsize = f.e.convert(f.rvalue(c.value()), c.value().type(), Type.LONG);
                if ("strict".equals(c.modifier())) loopFlags |= 2;
            }
            if (c.kind() == OmpClause.ExprKind.NUM_TASKS)
                numTasks = f.e.convert(f.rvalue(c.value()), c.value().type(), Type.LONG);
        }
        omp.call(
                EntryPoints.TASKLOOP,
                IrType.VOID,
                f.b.funcAddr(name),
                block,
                IntConst.i64(lay.size),
                nest.total,
                grainsize,
                numTasks,
                flagValue,
                priority(d),
                IntConst.i32(loopFlags));
        if ((loopFlags & 1) == 0)
            nest.release(f); // with nogroup the tasks may still use a non-rectangular nest's table
    }

    /** The variables of d's induction clauses, in order. */
    private static List<Var> inductionVars(OmpDirective d) {
        List<Var> out = new ArrayList<>();
        for (OmpClause.Induction ind : d.clauses(OmpClause.Induction.class))
            for (var it : ind.items()) if (it.var() != null && !out.contains(it.var())) out.add(it.var());
        return out;
    }

    /**
     * The construct as each task sees it: the in_reduction, reduction, lastprivate and linear
     * clauses (and firstprivate of variables also lastprivate), whose variables the tasks share
     * with the taskloop (marked SHARED in shares) and privatise themselves.
     */
    private static Stmt.Omp taskloopTasks(Stmt.Omp o, Map<Var, Share> shares) {
        OmpDirective d = o.directive();
        Set<Var> last = OmpLowering.listVars(d, OmpClause.ListKind.LASTPRIVATE);
        List<OmpClause> inner = new ArrayList<>();
        inner.addAll(inReductions(d));
        for (OmpClause c : d.clauses()) {
            if (c instanceof OmpClause.ListClause l && l.kind() == OmpClause.ListKind.LASTPRIVATE) inner.add(c);
            else if (c instanceof OmpClause.Reduction
                    || c instanceof OmpClause.Linear
                    || c instanceof OmpClause.Induction) inner.add(c);
            else if (c instanceof OmpClause.ListClause l && l.kind() == OmpClause.ListKind.FIRSTPRIVATE) {
                List<jomp.compiler.ast.OmpDirective.Item> both =
                        l.items().stream().filter(it -> last.contains(it.var())).toList();
                if (!both.isEmpty())
                    inner.add(new OmpClause.ListClause(OmpClause.ListKind.FIRSTPRIVATE, both, l.loc()));
            }
        }
        for (OmpClause c : inner) {
            if (c instanceof OmpClause.ListClause l)
                for (var it : l.items())
                    if (it.var() != null && shares.containsKey(it.var())) shares.put(it.var(), Share.SHARED);
            if (c instanceof OmpClause.Reduction r)
                for (var it : r.items())
                    if (it.var() != null && shares.containsKey(it.var())) shares.put(it.var(), Share.SHARED);
            if (c instanceof OmpClause.Linear r)
                for (var it : r.items())
                    if (it.var() != null && shares.containsKey(it.var())) shares.put(it.var(), Share.SHARED);
            if (c instanceof OmpClause.Induction r)
                for (var it : r.items())
                    if (it.var() != null && shares.containsKey(it.var())) shares.put(it.var(), Share.SHARED);
        }
        OmpDirective innerD = new OmpDirective(
                d.name(), d.leaves(), List.copyOf(inner), d.atomic(), d.criticalName(), d.loopDepth(), d.loc());
        return new Stmt.Omp(innerD, o.body(), o.loc());
    }

    /** The task function {@code name}: its block of logical iterations of nest, run serially, with o's data sharing. */
    private void taskloopFunction(String name, Stmt.Omp o, int i, LoopNest nest, Layout lay, List<Var> inductions) {
        FunctionLowering g = begin(name, o.body());
        Reg gblock = g.fn.params.get(1);
        bind(g, gblock, lay, o);
        List<Value> vals = new ArrayList<>();
        int count = nest.exported().size();
        for (int k = 0; k < count; k++) vals.add(g.b.load(IrType.I64, OmpLowering.at(g, gblock, lay.extras + 8L * k)));
        LoopNest gn = nest.imported(vals);
        Value lo = g.b.load(IrType.I64, OmpLowering.at(g, gblock, lay.size)),
                hi = g.b.load(IrType.I64, OmpLowering.at(g, gblock, lay.size + 8));
        for (int k = 0; k < inductions.size(); k++)
            g.inductionStarts.put(
                    inductions.get(k), g.b.load(IrType.PTR, OmpLowering.at(g, gblock, lay.extras + 8L * (count + k))));
        g.allocateLocals(o.body());
        DataSharing ds = DataSharing.at(g.omp, o, i, gn);
        Reg lastFlag = null;
        if (ds.needsLast()) {
            lastFlag = g.fn.newReg(IrType.I32, "omp.last");
            g.b.copy(lastFlag, g.b.cmp(Insn.CmpOp.EQ, hi, g.e.bin(Insn.BinOp.SUB, gn.total, IntConst.i64(1))));
        }
        BasicBlock exit = g.b.newBlock("omp.task.exit");
        BasicBlock outer = g.cancelTaskgroup;
        g.cancelTaskgroup = exit;
        gn.serial(g, lo, hi, ds::iteration, null);
        g.cancelTaskgroup = outer;
        if (!g.b.isTerminated()) g.b.br(exit);
        g.b.setBlock(exit);
        ds.end(true, lastFlag);
        f.unit.module.functions.add(g.finishOutlined());
    }

    // ---- target tasks -----------------------------------------------------------------------

    /**
     * A target construct with nowait or depend (also target enter/exit data and update): a
     * target task (OpenMP 5.2 §13.8) that runs the construct, without those clauses, on a
     * helper thread (deferred with nowait, else undeferred once its dependences are met).
     * Variables mapped by name, aggregates, reduction/lastprivate variables and (OpenMP 6.0) the
     * variables of a shared clause that applies to the target leaf are shared with it; other
     * scalars and pointers are firstprivate, their values taken now, as the target construct's
     * own firstprivate and implicit map rules take them.
     */
    void targetTask(Stmt.Omp o) {
        OmpDirective d = o.directive();
        List<OmpClause> rest = new ArrayList<>();
        for (OmpClause c : d.clauses()) {
            if (c instanceof OmpClause.Depend || c instanceof OmpClause.AllMemory) continue;
            if (c instanceof OmpClause.Flag fl && fl.kind() == OmpClause.FlagKind.NOWAIT) continue;
            rest.add(c);
        }
        OmpDirective inner = new OmpDirective(
                d.name(), d.leaves(), List.copyOf(rest), d.atomic(), d.criticalName(), d.loopDepth(), d.loc());
        Stmt.Omp innerO = new Stmt.Omp(inner, o.body(), o.loc());
        Map<Var, Share> shares = classify(o, d, true);
        int flags = TARGET | (d.hasFlag(OmpClause.FlagKind.NOWAIT) ? 0 : UNDEFERRED);
        spawn(o, shares, IntConst.i32(flags), IntConst.i32(0), null, List.of(), (g, block) -> g.omp.lower(innerO));
    }

    // ---- the data environment ---------------------------------------------------------------

    /** How the task sees each automatic variable the construct refers to. */
    private Map<Var, Share> classify(Stmt.Omp o, OmpDirective d, boolean target) {
        Set<Var> privates = OmpLowering.listVars(d, OmpClause.ListKind.PRIVATE);
        Set<Var> firsts = OmpLowering.listVars(d, OmpClause.ListKind.FIRSTPRIVATE);
        Set<Var> shareds = OmpLowering.listVars(d, OmpClause.ListKind.SHARED);
        OmpClause.Default defaultClause = null;
        for (OmpClause.Default c : d.clauses(OmpClause.Default.class)) defaultClause = c;
        Set<Var> byName = target ? mappedByName(d) : Set.of();
        // OpenMP 6.0: shared on target makes the target task share the variable (no effect on the region)
        if (target) byName.addAll(OmpLowering.listVars(d, OmpClause.ListKind.SHARED, OmpDirective.Leaf.TARGET));
        Set<Var> used = target ? OmpCaptures.free(o) : freeOfBodyAndInnerClauses(o);
        Map<Var, Share> out = new LinkedHashMap<>();
        for (Var v : used) {
            if (!OmpCaptures.isAutomatic(v) && !f.isBound(v)) continue;
            OmpClause.DefaultKind def =
                    defaultClause != null && defaultClause.covers(v.type) ? defaultClause.kind() : null;
            Share s;
            if (v.type.kind == Type.Kind.VLA)
                s = Share.SHARED; // its size is only known at run time: shared, as in DataSharing
            else if (target) s = byName.contains(v) || !v.type.isScalar() ? Share.SHARED : Share.FIRSTPRIVATE;
            else if (privates.contains(v)) s = Share.PRIVATE;
            else if (firsts.contains(v)) s = Share.FIRSTPRIVATE;
            else if (shareds.contains(v)) s = Share.SHARED;
            else if (def == OmpClause.DefaultKind.SHARED) s = Share.SHARED;
            else if (def == OmpClause.DefaultKind.PRIVATE) s = Share.PRIVATE;
            else if (def == OmpClause.DefaultKind.FIRSTPRIVATE) s = Share.FIRSTPRIVATE;
            else s = f.shared.contains(v) || !OmpCaptures.isAutomatic(v) ? Share.SHARED : Share.FIRSTPRIVATE;
            out.put(v, s);
        }
        return out;
    }

    /** Variables the body uses and the clauses evaluated inside the task (not depend, priority, if, final: those are evaluated here). */
    private static Set<Var> freeOfBodyAndInnerClauses(Stmt.Omp o) {
        OmpDirective d = o.directive();
        List<OmpClause> keep = new ArrayList<>();
        for (OmpClause c : d.clauses()) {
            if (c instanceof OmpClause.Depend
                    || c instanceof OmpClause.ExprClause
                    || c instanceof OmpClause.Detach
                    || c instanceof OmpClause.ListClause l && l.kind() == OmpClause.ListKind.AFFINITY) continue;
            keep.add(c);
        }
        OmpDirective k = new OmpDirective(
                d.name(), d.leaves(), List.copyOf(keep), d.atomic(), d.criticalName(), d.loopDepth(), d.loc());
        return OmpCaptures.free(new Stmt.Omp(k, o.body(), o.loc()));
    }

    /** Variables a target construct maps, reduces or lastprivatises by name (their updates must reach the original). */
    private static Set<Var> mappedByName(OmpDirective d) {
        Set<Var> out = OmpCaptures.newSet();
        for (OmpClause.Map m : d.clauses(OmpClause.Map.class))
            for (OmpDirective.Item it : m.items())
                if (it.var() != null
                        && (it.sections().isEmpty() || it.var().type.isArray())) out.add(it.var());
        for (OmpClause.ListClause l : d.clauses(OmpClause.ListClause.class)) {
            if (l.kind() == OmpClause.ListKind.LASTPRIVATE
                    || l.kind() == OmpClause.ListKind.FROM
                    || l.kind() == OmpClause.ListKind.TO
                    || l.kind() == OmpClause.ListKind.USE_DEVICE_ADDR
                    || l.kind() == OmpClause.ListKind.HAS_DEVICE_ADDR)
                for (OmpDirective.Item it : l.items()) if (it.var() != null) out.add(it.var());
        }
        for (OmpClause.Reduction r : d.clauses(OmpClause.Reduction.class))
            for (OmpDirective.Item it : r.items()) if (it.var() != null) out.add(it.var());
        for (OmpClause c : inReductions(d))
            for (OmpDirective.Item it : ((OmpClause.Reduction) c).items()) if (it.var() != null) out.add(it.var());
        for (OmpClause.Defaultmap m : d.clauses(OmpClause.Defaultmap.class)) {
            if ((m.behavior().equals("tofrom") || m.behavior().equals("from"))
                    && (m.category() == null
                            || m.category().equals("scalar")
                            || m.category().equals("all"))) {
                out.addAll(OmpCaptures.free(new Stmt.Omp(d, null, d.loc())));
            }
        }
        return out;
    }

    // ---- block layout, encountering side, task function ------------------------------------

    /** Offsets of the entries, where the extra i64 values start, and the block's size. */
    private record Layout(List<Entry> entries, long extras, long size) {}

    private Layout layout(Map<Var, Share> shares, int extraValues) {
        List<Entry> entries = new ArrayList<>();
        long off = 0;
        for (var e : shares.entrySet()) {
            Var v = e.getKey();
            if (e.getValue() == Share.PRIVATE) {
                entries.add(new Entry(v, Share.PRIVATE, -1));
                continue;
            }
            long size = e.getValue() == Share.SHARED ? 8 : Math.max(1, v.type.size());
            long align = e.getValue() == Share.SHARED ? 8 : Math.max(8, v.type.align());
            off = (off + align - 1) / align * align;
            entries.add(new Entry(v, e.getValue(), off));
            off += size;
        }
        off = (off + 15) / 16 * 16;
        long extras = off;
        off += 8L * extraValues;
        return new Layout(entries, extras, (off + 15) / 16 * 16);
    }

    /** Stores the shared variables' addresses and the firstprivate copies into the block. */
    private void fill(Value block, Layout lay) {
        for (Entry e : lay.entries()) {
            if (e.share() == Share.PRIVATE) continue;
            Value at = OmpLowering.at(f, block, e.offset());
            Var v = e.var();
            if (e.share() == Share.SHARED) f.b.store(f.varAddress(v), at);
            else if (TypeMap.inMemory(v.type) || v.type.isArray())
                f.b.memcpy(at, f.varAddress(v), IntConst.i64(Math.max(1, v.type.size())));
            else f.store(at, f.readVar(v), v.type);
        }
    }

    private FunctionLowering begin(String name, Stmt body) {
        FunctionLowering g = new FunctionLowering(f.unit, f.def);
        g.beginOutlined(name, new FuncType(IrType.VOID, List.of(IrType.I32, IrType.PTR), false), body);
        return g;
    }

    /** The task function binds each variable to its place in the block (or, private, to fresh storage). */
    private void bind(FunctionLowering g, Reg block, Layout lay, Stmt.Omp o) {
        Set<Var> written = o.body() == null ? OmpCaptures.newSet() : OmpCaptures.written(o.body());
        written.addAll(lay.entries().stream()
                .map(Entry::var)
                .toList()); // conservatively in memory: inner regions may capture them
        for (Entry e : lay.entries()) {
            Var v = e.var();
            switch (e.share()) {
                case SHARED ->
                    OmpLowering.bindCaptured(g, v, g.b.load(IrType.PTR, OmpLowering.at(g, block, e.offset())), written);
                case FIRSTPRIVATE -> {
                    Reg a = g.fn.newReg(IrType.PTR, FunctionLowering.safeName(v.name));
                    g.b.copy(a, OmpLowering.at(g, block, e.offset()));
                    g.addrVars.put(v, a);
                }
                case PRIVATE ->
                    g.slotVars.put(
                            v,
                            g.fn.newSlot(
                                    FunctionLowering.safeName(v.name),
                                    Math.max(v.type.size(), 1),
                                    Math.max(v.type.align(), 1)));
            }
        }
    }

    /**
     * The task: block allocated by the runtime, filled, the detach event stored, dependences
     * recorded, submitted; the body function made by {@code body}.
     */
    private void spawn(
            Stmt.Omp o,
            Map<Var, Share> shares,
            Value flags,
            Value prio,
            OmpClause.Detach detach,
            List<Value> extras,
            java.util.function.BiConsumer<FunctionLowering, Reg> body) {
        Layout lay = layout(shares, extras.size());
        String name = f.unit.outlinedName(f.def.var().name);
        Value block =
                omp.call(EntryPoints.TASK_ALLOC, IrType.PTR, f.b.funcAddr(name), IntConst.i64(lay.size()), flags, prio);
        if (detach != null) { // the event handle is firstprivate in the task: set before the copies are made
            Value ev = omp.call(EntryPoints.TASK_EVENT, IrType.I64, block);
            f.assignVar(detach.event(), f.e.convert(ev, Type.LONG, detach.event().type));
        }
        fill(block, lay);
        for (int k = 0; k < extras.size(); k++)
            f.b.store(extras.get(k), OmpLowering.at(f, block, lay.extras() + 8L * k));
        Value[] deps = dependences(o.directive());
        omp.call(EntryPoints.TASK_SUBMIT, IrType.VOID, block, deps[0], deps[1]);

        FunctionLowering g = begin(name, o.body());
        Reg gblock = g.fn.params.get(1);
        bind(g, gblock, lay, o);
        body.accept(g, gblock);
        f.unit.module.functions.add(g.finishOutlined());
    }

    /** The dependence records of depend clauses (and omp_all_memory): {count, address of the array}. */
    Value[] dependences(OmpDirective d) {
        if (d.clauses(OmpClause.Depend.class).stream().anyMatch(c -> c.iterator() != null))
            return iteratedDependences(d);
        List<long[]> kinds = new ArrayList<>();
        List<Consumer<Value>> stores = new ArrayList<>();
        for (OmpClause c : d.clauses()) {
            if (c instanceof OmpClause.AllMemory) {
                kinds.add(new long[] {6});
                stores.add(at -> f.b.store(IntConst.i64(0), at));
            } else if (c instanceof OmpClause.Depend dep) {
                for (OmpDirective.Item it : dep.items()) {
                    kinds.add(new long[] {dependKind(dep.type())});
                    Expr e = it.expr();
                    stores.add(at -> f.b.store(f.address(e), at));
                }
            }
        }
        if (kinds.isEmpty()) return new Value[] {IntConst.i32(0), IntConst.ptr(0)};
        Value arr = f.b.slotAddr(f.fn.newSlot(null, 24L * kinds.size(), 8));
        for (int k = 0; k < kinds.size(); k++) {
            Value rec = OmpLowering.at(f, arr, 24L * k);
            stores.get(k).accept(rec);
            f.b.store(IntConst.i64(0), OmpLowering.at(f, rec, 8));
            f.b.store(IntConst.i32(kinds.get(k)[0]), OmpLowering.at(f, rec, 16));
        }
        return new Value[] {IntConst.i32(kinds.size()), arr};
    }

    /**
     * Dependences with the iterator modifier: their number is known when the construct runs. The
     * records are counted, then laid out on the stack (alloca) in clause order, an iterated
     * clause's items for each value of its iterators in turn (outer iterator slowest).
     */
    private Value[] iteratedDependences(OmpDirective d) {
        Reg n = f.fn.newReg(IrType.I64, "deps.n");
        f.b.copy(n, IntConst.i64(0));
        records(d, (kind, item) -> f.b.copy(n, f.e.bin(Insn.BinOp.ADD, n, IntConst.i64(1))));
        Reg arr = f.b.alloca(f.e.bin(Insn.BinOp.MUL, n, IntConst.i64(24)), 8);
        Reg k = f.fn.newReg(IrType.I64, "deps.k");
        f.b.copy(k, IntConst.i64(0));
        records(d, (kind, item) -> {
            Value rec = f.b.ptrAdd(arr, f.e.bin(Insn.BinOp.MUL, k, IntConst.i64(24)));
            f.b.store(item == null ? IntConst.i64(0) : f.address(item.expr()), rec);
            f.b.store(IntConst.i64(0), OmpLowering.at(f, rec, 8));
            f.b.store(IntConst.i32(kind), OmpLowering.at(f, rec, 16));
            f.b.copy(k, f.e.bin(Insn.BinOp.ADD, k, IntConst.i64(1)));
        });
        return new Value[] {f.e.convert(n, Type.LONG, Type.INT), arr};
    }

    /** Runs each(kind, item) for every dependence record in clause order (item null: omp_all_memory), inside the loops of iterators. */
    private void records(OmpDirective d, java.util.function.BiConsumer<Integer, OmpDirective.Item> each) {
        for (OmpClause c : d.clauses()) {
            if (c instanceof OmpClause.AllMemory) each.accept(6, null);
            else if (c instanceof OmpClause.Depend dep) {
                int kind = dependKind(dep.type());
                Runnable items = () -> {
                    for (OmpDirective.Item it : dep.items()) each.accept(kind, it);
                };
                if (dep.iterator() == null) items.run();
                else MapperLowering.loops(f, dep.iterator(), 0, items);
            }
        }
    }

    private static <T extends OmpClause> T first(OmpDirective d, Class<T> k) {
        List<T> l = d.clauses(k);
        return l.isEmpty() ? null : l.get(0);
    }
}
