package jomp.compiler.lower;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.OmpClause;
import jomp.compiler.ast.OmpDirective;
import jomp.compiler.ast.OmpDirective.Leaf;
import jomp.compiler.ast.OmpGeneratedLoops;
import jomp.compiler.ast.Stmt;
import jomp.compiler.ast.Var;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.FloatConst;
import jomp.compiler.ir.FuncType;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Slot;
import jomp.compiler.ir.Value;
import jomp.compiler.type.Type;
import jomp.offload.abi.EntryPoints;
import jomp.offload.abi.OmptMarks;

/**
 * Lowers OpenMP constructs (docs/design/offload-abi.md) in one function: parallel, teams and
 * target regions are outlined into functions of their own that receive the addresses of the
 * variables they share; worksharing loops are normalised ({@link LoopNest}) and scheduled by the
 * runtime; data-sharing clauses rebind variables to private storage for the extent of the
 * construct. A combined construct is lowered leaf by leaf, each leaf taking the clauses that
 * apply to it.
 */
final class OmpLowering {
    private final FunctionLowering f;

    OmpLowering(FunctionLowering f) {
        this.f = f;
    }

    // ---- entry -------------------------------------------------------------------------------

    void lower(Stmt.Omp o) {
        OmpClause.ExprClause nowait = o.directive().clauses(OmpClause.ExprClause.class).stream()
                .filter(c -> c.kind() == OmpClause.ExprKind.NOWAIT)
                .findFirst()
                .orElse(null);
        if (nowait != null) {
            nowaitIf(o, nowait);
            return;
        }
        Leaf outer = f.enclosing;
        OmpDirective d = expand(o.directive(), outer);
        Stmt.Omp x = d == o.directive() ? o : new Stmt.Omp(d, o.body(), o.loc());
        f.enclosing = d.leaves().get(d.leaves().size() - 1);
        int depth = f.unit.ompConstructs.size();
        f.unit.ompConstructs.addAll(d.leaves());
        try {
            lowerExpanded(x);
        } finally {
            f.enclosing = outer;
            while (f.unit.ompConstructs.size() > depth) f.unit.ompConstructs.remove(f.unit.ompConstructs.size() - 1);
        }
    }

    /**
     * nowait(e) (OpenMP 6.0) whose argument is known only when the construct runs: the construct
     * as with nowait where e is true, as without it otherwise (two lowerings of one construct).
     */
    private void nowaitIf(Stmt.Omp o, OmpClause.ExprClause nowait) {
        OmpDirective d = o.directive();
        List<OmpClause> with = new java.util.ArrayList<>(), without = new java.util.ArrayList<>();
        for (OmpClause c : d.clauses()) {
            if (c == nowait) {
                with.add(new OmpClause.Flag(OmpClause.FlagKind.NOWAIT, c.loc()));
                continue;
            }
            with.add(c);
            without.add(c);
        }
        jomp.compiler.ir.BasicBlock yes = f.b.newBlock("omp.nowait"),
                no = f.b.newBlock("omp.wait"),
                end = f.b.newBlock("omp.nowait.end");
        f.cond(nowait.value(), yes, no);
        f.b.setBlock(yes);
        lower(new Stmt.Omp(
                new OmpDirective(
                        d.name(), d.leaves(), List.copyOf(with), d.atomic(), d.criticalName(), d.loopDepth(), d.loc()),
                o.body(),
                o.loc()));
        f.b.br(end);
        f.b.setBlock(no);
        lower(new Stmt.Omp(
                new OmpDirective(
                        d.name(),
                        d.leaves(),
                        List.copyOf(without),
                        d.atomic(),
                        d.criticalName(),
                        d.loopDepth(),
                        d.loc()),
                o.body(),
                o.loc()));
        f.b.br(end);
        f.b.setBlock(end);
    }

    private void lowerExpanded(Stmt.Omp x) {
        x = DataSharing.withConditionalCell(
                f, x); // lastprivate(conditional:) of a combined construct: its instance's cell
        OmpDirective d = x.directive();
        Leaf first = d.leaves().get(0);
        if (isTargetTask(d)) {
            new TaskLowering(this, f).targetTask(x);
            return;
        }
        switch (first) {
            case TARGET, TEAMS, PARALLEL, DISTRIBUTE, FOR, SIMD, LOOP, SECTIONS, TASKLOOP, SCOPE ->
                construct(x, 0, null);
            case TARGET_DATA -> targetData(x);
            case TARGET_ENTER_DATA -> standaloneData(x, EntryPoints.TGT_TARGET_DATA_BEGIN_MAPPER);
            case TARGET_EXIT_DATA -> standaloneData(x, EntryPoints.TGT_TARGET_DATA_END_MAPPER);
            case TARGET_UPDATE -> standaloneData(x, EntryPoints.TGT_TARGET_DATA_UPDATE_MAPPER);
            case BARRIER, TASKWAIT, FLUSH, DEPOBJ, CRITICAL, ATOMIC, ORDERED, TASKGROUP -> synchronization(x, first);
            case CANCEL, CANCELLATION_POINT -> cancel(d);
            case TILE, UNROLL, REVERSE, INTERCHANGE, FUSE, SPLIT, STRIPE -> {
                if (OmpGeneratedLoops.planned(x)) AppliedLoops.run(this, f, x); // apply, or over fuse/split/stripe
                else if (first == Leaf.UNROLL) f.stmt(x.body()); // the same iterations in order
                else loopTransformation(x, first);
            }
            case METADIRECTIVE -> { // the variant lowers with the constructs enclosing the metadirective as its context
                f.unit.ompConstructs.remove(f.unit.ompConstructs.size() - 1);
                OmpContext.metadirective(this, x);
                f.unit.ompConstructs.add(Leaf.METADIRECTIVE);
            }
            case ERROR -> error(x);
            case TASKYIELD -> call(EntryPoints.TASKYIELD, IrType.VOID);
            case INTEROP -> new InteropLowering(this, f).interop(x);
            case DISPATCH -> new InteropLowering(this, f).dispatch(x);
            case DECLARE_TARGET,
                    BEGIN_DECLARE_TARGET,
                    END_DECLARE_TARGET,
                    DECLARE_REDUCTION,
                    DECLARE_INDUCTION,
                    SECTION,
                    THREADPRIVATE,
                    GROUPPRIVATE,
                    REQUIRES,
                    DECLARE_SIMD,
                    DECLARE_MAPPER -> {
                if (x.body() != null) f.stmt(x.body());
            }
            case SINGLE -> single(x);
            case MASTER -> guarded(x, call(EntryPoints.MASTER, IrType.I32), OmptMarks.MASKED_END);
            case MASKED -> {
                OmpClause.ExprClause filter = exprClause(d, OmpClause.ExprKind.FILTER);
                Value fv = filter == null ? IntConst.i32(0) : i32(filter.value());
                guarded(x, call(EntryPoints.MASKED, IrType.I32, fv), OmptMarks.MASKED_END);
            }
            case TASK -> new TaskLowering(this, f).task(x);
            case TASKGRAPH -> taskgraph(x);
            default -> {
                if (x.body() != null) f.stmt(x.body());
            }
        }
    }

    /** A target construct or standalone target data directive that is a task: nowait, depend or all-memory. */
    private static boolean isTargetTask(OmpDirective d) {
        Leaf first = d.leaves().get(0);
        return (first == Leaf.TARGET
                        || first == Leaf.TARGET_ENTER_DATA
                        || first == Leaf.TARGET_EXIT_DATA
                        || first == Leaf.TARGET_UPDATE)
                && (d.hasFlag(OmpClause.FlagKind.NOWAIT)
                        || !d.clauses(OmpClause.Depend.class).isEmpty()
                        || !d.clauses(OmpClause.AllMemory.class).isEmpty());
    }

    /** barrier, taskwait, flush, depobj, critical, atomic, ordered and taskgroup. */
    private void synchronization(Stmt.Omp x, Leaf leaf) {
        OmpDirective d = x.directive();
        switch (leaf) {
            case BARRIER -> {
                mark(OmptMarks.BARRIER_EXPLICIT);
                barrier();
            }
            case TASKWAIT -> {
                Value[] deps = new TaskLowering(this, f).dependences(d);
                if (deps[0] instanceof IntConst n && n.value() == 0) call(EntryPoints.TASKWAIT, IrType.VOID);
                else
                    call(
                            EntryPoints.TASKWAIT_DEPS,
                            IrType.VOID,
                            deps[0],
                            deps[1],
                            IntConst.i32(d.hasFlag(OmpClause.FlagKind.NOWAIT) ? 1 : 0));
            }
            case FLUSH -> {
                new AtomicLowering(f).flush(d);
                mark(OmptMarks.FLUSH);
            }
            case DEPOBJ -> depobj(d);
            case CRITICAL -> {
                Value name = d.criticalName() == null ? IntConst.ptr(0) : cString(d.criticalName());
                call(EntryPoints.CRITICAL_ENTER, IrType.VOID, name);
                f.stmt(x.body());
                call(EntryPoints.CRITICAL_EXIT, IrType.VOID, name);
            }
            case ATOMIC -> {
                if (new AtomicLowering(f).atomic(x)) return;
                // complex and __int128 (16 bytes), and shapes AtomicLowering does not know: the runtime's lock
                call(EntryPoints.ATOMIC_ENTER, IrType.VOID);
                f.stmt(x.body());
                call(EntryPoints.ATOMIC_EXIT, IrType.VOID);
            }
            case ORDERED -> {
                if (!d.clauses(OmpClause.Doacross.class).isEmpty()) {
                    new WorksharingLowering(this, f).doacross(d);
                    return;
                }
                // not lexically in an ordered loop: an orphaned region, ordered by the iteration the thread runs (-1)
                Value iv = f.orderedIv == null ? IntConst.i64(-1) : f.orderedIv;
                call(EntryPoints.ORDERED_ENTER, IrType.VOID, iv);
                f.stmt(x.body());
                call(EntryPoints.ORDERED_EXIT, IrType.VOID, iv);
            }
            case TASKGROUP -> {
                call(EntryPoints.TASKGROUP_BEGIN, IrType.VOID);
                f.stmt(x.body());
                if (!f.b.isTerminated()) call(EntryPoints.TASKGROUP_END, IrType.VOID);
            }
            default -> throw new IllegalArgumentException(leaf.toString());
        }
    }

    /** tile, reverse, interchange, fuse, split and stripe where they stand (not under a loop construct). */
    private void loopTransformation(Stmt.Omp x, Leaf leaf) {
        OmpDirective d = x.directive();
        switch (leaf) {
            case TILE -> { // tile where it stands: the tiles in order (a loop construct over a tile's floor loops:
                // LoopNest.tiled)
                List<Long> sizes = LoopNest.tileSizes(d);
                LoopNest nest = LoopNest.compute(f, x.body(), sizes.size());
                DataSharing ds = DataSharing.at(this, x, 0, nest);
                nest.serialTiled(f, sizes);
                ds.end(false, null);
            }
            case REVERSE,
                    INTERCHANGE -> { // where they stand: the generated loops run in order (a loop construct over them:
                // LoopNest.compute)
                LoopNest nest = LoopNest.compute(f, x, d.loopDepth());
                DataSharing ds = DataSharing.at(this, x, 0, nest);
                nest.serial(f, IntConst.i64(0), f.e.bin(Insn.BinOp.SUB, nest.total, IntConst.i64(1)), null, null);
                ds.end(false, null);
            }
            case FUSE -> LoopFusion.lower(f, x);
            case SPLIT -> LoopStripes.split(this, f, x);
            case STRIPE -> LoopStripes.stripe(this, f, x);
            default -> throw new IllegalArgumentException(leaf.toString());
        }
    }

    /** error at(execution): the runtime prints the message and, with severity(fatal), stops the program. */
    private void error(Stmt.Omp x) {
        boolean fatal = true;
        Expr msg = null;
        for (OmpClause c : x.directive().clauses()) {
            if (c instanceof OmpClause.Word w && w.clause().equals("severity"))
                fatal = w.value().equals("fatal");
            if (c instanceof OmpClause.ExprClause e && e.kind() == OmpClause.ExprKind.MESSAGE) msg = e.value();
        }
        String where = x.loc().toString();
        where = where.substring(where.lastIndexOf('/') + 1).replace("%", "%%");
        // libomp's wording; the message goes where %s is (the device runtime prints with printf, so the format
        // comes from here)
        String format = (fatal ? "OMP: Error #282: " : "OMP: Warning #283: ") + where + ": Encountered user-directed "
                + (fatal ? "error" : "warning") + (msg == null ? "." : ": %s.") + "\n";
        call(
                EntryPoints.ERROR,
                IrType.VOID,
                cString(format),
                msg == null ? IntConst.ptr(0) : f.rvalue(msg),
                IntConst.i32(fatal ? 1 : 0));
    }

    /**
     * taskgraph (OpenMP 6.0): jomp keeps no taskgraph record, so each encounter executes the
     * structured block, which the specification allows (a record may be created; a construct
     * whose if clause is false, or with graph_reset, executes it too). graph_id and graph_reset
     * are evaluated once each, as their expressions may have side effects. Without nogroup the
     * region is an implicit taskgroup: the tasks it generates complete before it ends.
     */
    private void taskgraph(Stmt.Omp x) {
        OmpDirective d = x.directive();
        for (OmpClause.ExprClause c : d.clauses(OmpClause.ExprClause.class))
            if (c.kind() == OmpClause.ExprKind.GRAPH_ID
                    || c.kind() == OmpClause.ExprKind.GRAPH_RESET
                    || c.kind() == OmpClause.ExprKind.IF) f.rvalue(c.value());
        boolean group = !d.hasFlag(OmpClause.FlagKind.NOGROUP);
        if (group) call(EntryPoints.TASKGROUP_BEGIN, IrType.VOID);
        f.stmt(x.body());
        if (group && !f.b.isTerminated()) call(EntryPoints.TASKGROUP_END, IrType.VOID);
    }

    /** depobj(o) depend(type: x) / update(type) / destroy: the depend object is a runtime record of one dependence. */
    private void depobj(OmpDirective d) {
        OmpDirective.Item obj = null;
        for (OmpClause.ListClause l : d.clauses(OmpClause.ListClause.class))
            if (l.kind() == OmpClause.ListKind.DEPOBJ && !l.items().isEmpty())
                obj = l.items().get(0);
        if (obj == null) return;
        Value addr = f.address(obj.expr()); // the object: any lvalue of type omp_depend_t
        for (OmpClause c : d.clauses()) {
            if (c instanceof OmpClause.Depend dep && !dep.items().isEmpty()) {
                Expr e = dep.items().get(0).expr();
                call(
                        EntryPoints.DEPOBJ_INIT,
                        IrType.VOID,
                        addr,
                        f.address(e),
                        IntConst.i64(Math.max(e.type().size(), 0)),
                        IntConst.i32(TaskLowering.dependKind(dep.type())));
            } else if (c instanceof OmpClause.AllMemory) {
                call(EntryPoints.DEPOBJ_INIT, IrType.VOID, addr, IntConst.ptr(0), IntConst.i64(0), IntConst.i32(6));
            } else if (c instanceof OmpClause.DepobjUpdate u) {
                call(EntryPoints.DEPOBJ_UPDATE, IrType.VOID, addr, IntConst.i32(TaskLowering.dependKind(u.type())));
            } else if (c instanceof OmpClause.Flag fl && fl.kind() == OmpClause.FlagKind.DESTROY) {
                call(EntryPoints.DEPOBJ_DESTROY, IrType.VOID, addr);
            }
        }
    }

    /**
     * {@code loop} becomes the construct it means where it binds (OpenMP 5.2 §11.7): to the
     * teams, distribute parallel for; to the parallel region, a worksharing for; to the thread,
     * simd (the iterations in order). The binding is the bind clause's, else the construct's
     * own leaves (teams loop, parallel loop), else the innermost enclosing construct, lexically.
     */
    private static OmpDirective expand(OmpDirective d, Leaf enclosing) {
        if (!d.has(Leaf.LOOP)) return d;
        String bind = null;
        for (OmpClause.Bind b : d.clauses(OmpClause.Bind.class)) bind = b.kind();
        List<Leaf> ls = new ArrayList<>();
        for (Leaf l : d.leaves()) {
            if (l != Leaf.LOOP) {
                ls.add(l);
                continue;
            }
            String by = bind != null
                    ? bind
                    : ls.contains(Leaf.TEAMS)
                            ? "teams"
                            : ls.contains(Leaf.PARALLEL)
                                    ? "parallel"
                                    : enclosing == Leaf.TEAMS
                                            ? "teams"
                                            : enclosing == Leaf.PARALLEL ? "parallel" : "thread";
            switch (by) {
                case "teams" ->
                    ls.addAll(
                            ls.contains(Leaf.PARALLEL)
                                    ? List.of(Leaf.DISTRIBUTE)
                                    : List.of(Leaf.DISTRIBUTE, Leaf.PARALLEL, Leaf.FOR));
                case "parallel" -> ls.add(Leaf.FOR);
                default -> ls.add(Leaf.SIMD);
            }
        }
        return new OmpDirective(
                d.name(), List.copyOf(ls), d.clauses(), d.atomic(), d.criticalName(), d.loopDepth(), d.loc());
    }

    /** Lowers leaf i of a (possibly combined) construct and, inside it, the leaves after it. */
    void construct(Stmt.Omp o, int i, Carry carry) {
        List<Leaf> ls = o.directive().leaves();
        if (i >= ls.size()) {
            Leaf outer = f.enclosing;
            f.enclosing = ls.get(ls.size() - 1);
            f.stmt(o.body());
            f.enclosing = outer;
            return;
        }
        switch (ls.get(i)) {
            case TARGET -> target(o, i);
            case TEAMS -> teams(o, i);
            case PARALLEL -> parallel(o, i, carry);
            case DISTRIBUTE -> new WorksharingLowering(this, f).distribute(o, i);
            case FOR -> new WorksharingLowering(this, f).loop(o, i, carry, true);
            case SIMD -> new WorksharingLowering(this, f).loop(o, i, carry, false);
            case TASKLOOP -> new TaskLowering(this, f).taskloop(o, i);
            case SECTIONS -> new WorksharingLowering(this, f).sections(o, i);
            case MASTER -> guardedLeaf(o, i, carry, call(EntryPoints.MASTER, IrType.I32));
            case MASKED -> {
                OmpClause.ExprClause filter = exprClause(o.directive(), OmpClause.ExprKind.FILTER);
                guardedLeaf(
                        o,
                        i,
                        carry,
                        call(EntryPoints.MASKED, IrType.I32, filter == null ? IntConst.i32(0) : i32(filter.value())));
            }
            case SCOPE -> { // every thread runs the block, with its own copies; reductions combine, then a barrier
                mark(OmptMarks.SCOPE_BEGIN);
                DataSharing ds = DataSharing.at(this, o, i, null);
                construct(o, i + 1, carry);
                ds.end(true, null);
                mark(OmptMarks.SCOPE_END);
                if (!o.directive().hasFlag(OmpClause.FlagKind.NOWAIT)) barrier();
            }
            default -> construct(o, i + 1, carry);
        }
    }

    /** Values a distribute hands to the parallel for inside it: its nest and the team's block of iterations. */
    record Carry(LoopNest nest, List<Value> values) {}

    // ---- parallel, teams ---------------------------------------------------------------------

    private void parallel(Stmt.Omp o, int i, Carry carry) {
        OmpDirective d = o.directive();
        Value nt = IntConst.i32(0);
        OmpClause.ExprClause n = exprClause(d, OmpClause.ExprKind.NUM_THREADS);
        if (n != null) nt = i32(n.value());
        Value cond = ifClause(d, "parallel");
        if (cond != null) nt = LoopNest.select(f, cond, nt, IntConst.i32(1));
        List<Value> extras = carry == null ? List.of() : carry.values();
        String name = f.unit.outlinedName(f.def.var().name);
        Value args = outline(o, i, name, extras, (g, ex) -> {
            Carry c = carry == null ? null : new Carry(carry.nest().imported(ex), ex);
            // copyin: every thread's threadprivate copy starts as the primary thread's
            for (Var v : listVars(d, OmpClause.ListKind.COPYIN)) {
                String sym = f.unit.reference(v);
                f.unit.useData(sym + Lowering.THREAD_INIT_SUFFIX);
                g.omp.call(
                        EntryPoints.COPYIN,
                        IrType.VOID,
                        g.b.globalAddr(sym),
                        g.b.globalAddr(sym + Lowering.THREAD_INIT_SUFFIX),
                        IntConst.i64(Math.max(v.type.size(), 1)));
            }
            DataSharing ds = DataSharing.at(g.omp, o, i, null);
            BasicBlock cancelled = cancels(o.body(), "parallel") ? g.b.newBlock("omp.parallel.cancelled") : null;
            g.cancelParallel = cancelled;
            g.omp.construct(o, i + 1, c);
            if (cancelled != null) {
                if (!g.b.isTerminated()) g.b.br(cancelled);
                g.b.setBlock(cancelled);
            }
            ds.end(true, null);
        });
        numThreadsList(d);
        call(EntryPoints.FORK, IrType.VOID, f.b.funcAddr(name), nt, args);
    }

    /** num_threads(n1, n2, ...): the items after the first, which the new team's implicit tasks take as nthreads-var. */
    private void numThreadsList(OmpDirective d) {
        List<OmpClause.NumThreadsList> lists = d.clauses(OmpClause.NumThreadsList.class);
        if (lists.isEmpty()) return;
        List<Expr> items = lists.get(0).nested();
        Value base = f.b.slotAddr(f.fn.newSlot(null, 4L * items.size(), 4));
        for (int k = 0; k < items.size(); k++) f.b.store(i32(items.get(k)), at(f, base, 4L * k));
        call(EntryPoints.NUM_THREADS_LIST, IrType.VOID, IntConst.i32(items.size()), base);
    }

    private void teams(Stmt.Omp o, int i) {
        OmpDirective d = o.directive();
        OmpClause.ExprClause n = exprClause(d, OmpClause.ExprKind.NUM_TEAMS),
                t = exprClause(d, OmpClause.ExprKind.THREAD_LIMIT);
        Value nteams = n == null ? IntConst.i32(0) : i32(n.value());
        Value limit = t == null ? IntConst.i32(0) : i32(t.value());
        String name = f.unit.outlinedName(f.def.var().name);
        Map<Var, Value> outerStarts = new java.util.IdentityHashMap<>(f.inductionStarts);
        for (OmpClause.Induction ind : d.clauses(OmpClause.Induction.class))
            for (OmpDirective.Item it : ind.items()) {
                Var v = it.var();
                if (v == null) continue;
                Value start = f.slotAddr(f.temp(v.type));
                Value from = f.inductionStarts.get(v);
                f.store(
                        start,
                        TypeMap.inMemory(v.type) ? (from != null ? from : f.varAddress(v)) : f.readVar(v),
                        v.type);
                f.inductionStarts.put(v, start);
            }
        Value args = outline(o, i, name, List.of(), (g, ex) -> {
            DataSharing ds = DataSharing.at(g.omp, o, i, null);
            g.omp.construct(o, i + 1, null);
            ds.end(true, null);
        });
        f.inductionStarts.clear();
        f.inductionStarts.putAll(outerStarts);
        call(EntryPoints.TEAMS, IrType.VOID, f.b.funcAddr(name), nteams, limit, args);
    }

    /**
     * Outlines o's body into {@code name(int, ptr args)}: args holds the captured variables'
     * addresses, then the extra i64 values. Returns the args block (built in this function).
     */
    private Value outline(
            Stmt.Omp o, int i, String name, List<Value> extras, BiConsumer<FunctionLowering, List<Value>> body) {
        List<Var> caps = new ArrayList<>();
        // automatic variables, and globals this function has rebound (mapped in a kernel, privatised)
        for (Var v : OmpCaptures.free(o)) if (OmpCaptures.isAutomatic(v) || f.isBound(v)) caps.add(v);
        List<Var> starts = new ArrayList<>(f.inductionStarts.keySet()); // after the extras, their addresses
        Slot block = f.fn.newSlot(null, 8L * Math.max(1, caps.size() + extras.size() + starts.size()), 8);
        Value base = f.b.slotAddr(block);
        for (int k = 0; k < caps.size(); k++) f.b.store(f.varAddress(caps.get(k)), at(f, base, 8L * k));
        for (int k = 0; k < extras.size(); k++) f.b.store(extras.get(k), at(f, base, 8L * (caps.size() + k)));
        for (int k = 0; k < starts.size(); k++)
            f.b.store(f.inductionStarts.get(starts.get(k)), at(f, base, 8L * (caps.size() + extras.size() + k)));

        FunctionLowering g = new FunctionLowering(f.unit, f.def);
        List<Reg> params =
                g.beginOutlined(name, new FuncType(IrType.VOID, List.of(IrType.I32, IrType.PTR), false), o.body());
        Reg args = params.get(1);
        Set<Var> written = OmpCaptures.written(o.body());
        if (outlinesAfter(o.directive(), i)) written.addAll(caps); // inner leaves capture them by address
        for (int k = 0; k < caps.size(); k++) {
            Var v = caps.get(k);
            Value addr = g.b.load(IrType.PTR, at(g, args, 8L * k));
            bindCaptured(g, v, addr, written);
        }
        List<Value> ex = new ArrayList<>();
        for (int k = 0; k < extras.size(); k++) ex.add(g.b.load(IrType.I64, at(g, args, 8L * (caps.size() + k))));
        for (int k = 0; k < starts.size(); k++)
            g.inductionStarts.put(
                    starts.get(k), g.b.load(IrType.PTR, at(g, args, 8L * (caps.size() + extras.size() + k))));
        g.allocateLocals(o.body());
        body.accept(g, ex);
        f.unit.module.functions.add(g.finishOutlined());
        return base;
    }

    /** A captured variable in an outlined function: a register copy when the region only reads it, else its address. */
    static void bindCaptured(FunctionLowering g, Var v, Value addr, Set<Var> written) {
        g.shared.add(v);
        if (v.type.isScalar() && !TypeMap.inMemory(v.type) && !written.contains(v) && !g.addressTaken.contains(v)) {
            Reg r = g.fn.newReg(TypeMap.reg(v.type), FunctionLowering.safeName(v.name));
            g.b.copy(r, g.load(addr, v.type));
            g.regVars.put(v, r);
        } else {
            Reg a = g.fn.newReg(IrType.PTR, FunctionLowering.safeName(v.name));
            g.b.copy(a, addr);
            g.addrVars.put(v, a);
        }
    }

    // ---- single, master, masked --------------------------------------------------------------

    private void single(Stmt.Omp o) {
        DataSharing ds = DataSharing.at(this, o, 0, null);
        List<Var> copy = new ArrayList<>(listVars(o.directive(), OmpClause.ListKind.COPYPRIVATE));
        Value won = call(EntryPoints.SINGLE, IrType.I32);
        if (copy.isEmpty()) {
            guarded(o, won, OmptMarks.SINGLE_END);
            ds.end(false, null);
            if (!o.directive().hasFlag(OmpClause.FlagKind.NOWAIT)) barrier();
            return;
        }
        // copyprivate: the thread that ran the single publishes its variables' addresses, the others copy them
        Value addrs = f.b.slotAddr(f.fn.newSlot(null, 8L * copy.size(), 8));
        BasicBlock then = f.b.newBlock("omp.single"), after = f.b.newBlock("omp.single.end");
        f.b.condBr(won, then, after);
        f.b.setBlock(then);
        f.stmt(o.body());
        for (int k = 0; k < copy.size(); k++) f.b.store(f.varAddress(copy.get(k)), at(f, addrs, 8L * k));
        call(EntryPoints.COPYPRIVATE_PUBLISH, IrType.VOID, addrs);
        mark(OmptMarks.SINGLE_END);
        if (!f.b.isTerminated()) f.b.br(after);
        f.b.setBlock(after);
        ds.end(false, null);
        barrier();
        BasicBlock others = f.b.newBlock("omp.copyprivate"), done = f.b.newBlock("omp.copyprivate.done");
        f.b.condBr(won, done, others);
        f.b.setBlock(others);
        Value src = call(EntryPoints.COPYPRIVATE_GET, IrType.PTR);
        for (int k = 0; k < copy.size(); k++) {
            Var v = copy.get(k);
            Value from = f.b.load(IrType.PTR, at(f, src, 8L * k));
            if (TypeMap.inMemory(v.type)) f.b.memcpy(f.varAddress(v), from, f.sizeOf(v.type));
            else f.assignVar(v, f.load(from, v.type));
        }
        f.b.br(done);
        f.b.setBlock(done);
        barrier(); // the publisher's variables stay alive until everyone has copied
    }

    /** master/masked as a leaf of a combined construct (parallel master taskloop): the rest only where cond holds. */
    private void guardedLeaf(Stmt.Omp o, int i, Carry carry, Value cond) {
        BasicBlock then = f.b.newBlock("omp.guard"), end = f.b.newBlock("omp.guard.end");
        f.b.condBr(cond, then, end);
        f.b.setBlock(then);
        construct(o, i + 1, carry);
        if (!f.b.isTerminated()) {
            mark(OmptMarks.MASKED_END);
            f.b.br(end);
        }
        f.b.setBlock(end);
    }

    /** The body where cond holds (master, masked, single); its end is marked for the tools interface. */
    private void guarded(Stmt.Omp o, Value cond, int endMark) {
        BasicBlock then = f.b.newBlock("omp.guard"), end = f.b.newBlock("omp.guard.end");
        f.b.condBr(cond, then, end);
        f.b.setBlock(then);
        f.stmt(o.body());
        if (!f.b.isTerminated()) {
            mark(endMark);
            f.b.br(end);
        }
        f.b.setBlock(end);
    }

    /** Tells the runtime's tools interface what no other call says (OmptMarks; nothing happens without a tool). */
    void mark(int what) {
        call(EntryPoints.OMPT, IrType.VOID, IntConst.i32(what));
    }

    // ---- uses_allocators ---------------------------------------------------------------------

    /**
     * uses_allocators(a(traits)) / uses_allocators(memspace(m), traits(t): a) of a target region,
     * in its kernel: a is an allocator made for the region (omp_init_allocator; no traits: an empty
     * array, no memspace: omp_default_mem_space) and destroyed at its end (the runnable returned).
     * Predefined allocators need nothing.
     */
    Runnable usesAllocators(OmpDirective d) {
        List<Runnable> after = new ArrayList<>();
        for (OmpClause.UsesAllocators u : d.clauses(OmpClause.UsesAllocators.class)) {
            for (OmpClause.AllocatorUse a : u.uses()) {
                Var v = a.var();
                if (v == null) continue;
                Value traits = IntConst.ptr(0);
                int n = 0;
                if (a.traits() != null) {
                    Expr t = a.traits();
                    while (t instanceof Expr.Cast c) t = c.operand();
                    if (t instanceof Expr.Decay dc) t = dc.operand();
                    n = t.type().isArray() ? (int) t.type().arrayLen : 0;
                    traits = t.type().isArray() ? f.address(t) : f.rvalue(a.traits());
                }
                Value space = a.memspace() == null
                        ? IntConst.i64(99) // omp_default_mem_space
                        : f.e.convert(f.rvalue(a.memspace()), a.memspace().type(), Type.ULONG);
                Runnable restore = f.unbind(v);
                f.slotVars.put(v, f.fn.newSlot(FunctionLowering.safeName(v.name), 8, 8));
                f.assignVar(
                        v,
                        f.e.convert(
                                call("omp_init_allocator", IrType.I64, space, IntConst.i32(n), traits),
                                Type.ULONG,
                                v.type));
                after.add(() -> {
                    if (!f.b.isTerminated())
                        call("omp_destroy_allocator", IrType.VOID, f.e.convert(f.readVar(v), v.type, Type.ULONG));
                    restore.run();
                });
            }
        }
        return () -> after.forEach(Runnable::run);
    }

    // ---- cancellation ------------------------------------------------------------------------

    /**
     * A barrier; inside a parallel region that may be cancelled, one that is also a cancellation
     * point: when the region was cancelled, the thread goes to the region's end.
     */
    void barrier() {
        if (f.cancelParallel == null) {
            call(EntryPoints.BARRIER, IrType.VOID);
            return;
        }
        BasicBlock go = f.b.newBlock("omp.barrier.done");
        f.b.condBr(
                f.b.cmp(Insn.CmpOp.NE, call(EntryPoints.BARRIER_CANCEL, IrType.I32), IntConst.i32(0)),
                f.cancelParallel,
                go);
        f.b.setBlock(go);
    }

    /**
     * cancel and cancellation point: the runtime says whether the innermost construct of the
     * kind is cancelled (cancel also activates it, unless its if clause is false, which leaves a
     * cancellation point); if so the thread goes to that construct's end. Outside such a
     * construct of the same function (orphaned) there is nowhere to go and the thread goes on.
     */
    private void cancel(OmpDirective d) {
        String kind = "parallel";
        for (OmpClause.Word w : d.clauses(OmpClause.Word.class)) if (w.clause().equals("construct")) kind = w.value();
        IntConst code = IntConst.i32(
                switch (kind) {
                    case "parallel" -> 1;
                    case "for" -> 2;
                    case "sections" -> 3;
                    default -> 4;
                });
        Value r;
        if (d.has(Leaf.CANCELLATION_POINT)) r = call(EntryPoints.CANCELLATION_POINT, IrType.I32, code);
        else {
            Value cond = ifClause(d, "cancel");
            if (cond == null) r = call(EntryPoints.CANCEL, IrType.I32, code);
            else {
                Reg rr = f.fn.newReg(IrType.I32, "omp.cancel");
                BasicBlock yes = f.b.newBlock("omp.cancel.if"),
                        no = f.b.newBlock("omp.cancel.point"),
                        join = f.b.newBlock("omp.cancel.join");
                f.b.condBr(cond, yes, no);
                f.b.setBlock(yes);
                f.b.copy(rr, call(EntryPoints.CANCEL, IrType.I32, code));
                f.b.br(join);
                f.b.setBlock(no);
                f.b.copy(rr, call(EntryPoints.CANCELLATION_POINT, IrType.I32, code));
                f.b.br(join);
                f.b.setBlock(join);
                r = rr;
            }
        }
        BasicBlock exit = switch (kind) {
            case "parallel" -> f.cancelParallel;
            case "for" -> f.cancelFor;
            case "sections" -> f.cancelSections;
            default -> f.cancelTaskgroup;
        };
        if (exit == null) return;
        BasicBlock go = f.b.newBlock("omp.cancel.no");
        f.b.condBr(f.b.cmp(Insn.CmpOp.NE, r, IntConst.i32(0)), exit, go);
        f.b.setBlock(go);
    }

    /** Does s contain a cancel of this kind (so the construct's barriers must be cancellation points)? */
    private static boolean cancels(Stmt s, String kind) {
        boolean[] found = {false};
        OmpCaptures.forEachOmp(s, x -> {
            if (!x.directive().has(Leaf.CANCEL)) return;
            for (OmpClause.Word w : x.directive().clauses(OmpClause.Word.class))
                if (w.value().equals(kind)) found[0] = true;
        });
        return found[0];
    }

    // ---- target ------------------------------------------------------------------------------

    private void target(Stmt.Omp o, int i) {
        if (AncestorLowering.isAncestor(o.directive())) new AncestorLowering(this, f).ancestor(o); // reverse offload
        else new TargetLowering(this, f).target(o, i);
    }

    private void targetData(Stmt.Omp o) {
        new TargetLowering(this, f).targetData(o);
    }

    private void standaloneData(Stmt.Omp o, String entry) {
        new TargetLowering(this, f).standalone(o, entry);
    }

    // ---- helpers -----------------------------------------------------------------------------

    Value call(String name, IrType ret, Value... args) {
        List<IrType> ts = new ArrayList<>();
        for (Value a : args) ts.add(a.type());
        FuncType t = new FuncType(ret, ts, false);
        f.unit.useFunction(name, t);
        return f.b.call(name, t, List.of(args));
    }

    Value cString(String s) {
        byte[] b = (s + "\0").getBytes(StandardCharsets.UTF_8);
        return f.b.globalAddr(f.unit.stringLiteral(b, 1));
    }

    Value i32(Expr x) {
        return f.e.convert(f.rvalue(x), x.type(), Type.INT);
    }

    static Value at(FunctionLowering g, Value base, long off) {
        return off == 0 ? base : g.b.ptrAdd(base, IntConst.i64(off));
    }

    static OmpClause.ExprClause exprClause(OmpDirective d, OmpClause.ExprKind k) {
        for (OmpClause.ExprClause c : d.clauses(OmpClause.ExprClause.class)) if (c.kind() == k) return c;
        return null;
    }

    /** The truth value of the if clause that applies to the named leaf (no modifier: every leaf), or null. */
    Value ifClause(OmpDirective d, String leaf) {
        for (OmpClause.ExprClause c : d.clauses(OmpClause.ExprClause.class)) {
            if (c.kind() != OmpClause.ExprKind.IF) continue;
            if (c.modifier() != null && !c.modifier().equals(leaf)) continue;
            return f.truth(c.value());
        }
        return null;
    }

    FunctionLowering function() {
        return f;
    }

    /** Does a leaf after i run in a function of its own (so it captures variables by address)? */
    static boolean outlinesAfter(OmpDirective d, int i) {
        for (int k = i + 1; k < d.leaves().size(); k++) {
            Leaf l = d.leaves().get(k);
            if (l == Leaf.PARALLEL || l == Leaf.TEAMS || l == Leaf.TASK || l == Leaf.TASKLOOP) return true;
        }
        return false;
    }

    // ---- reductions --------------------------------------------------------------------------

    /** The identity value of a reduction operator for type t (as a register value of t). */
    static Value identity(OmpClause.ReductionOp op, Type t) {
        IrType r = TypeMap.reg(t);
        if (r.isFloat()) {
            double v = switch (op) {
                case MUL, LOGAND -> 1;
                case MIN -> Double.POSITIVE_INFINITY;
                case MAX -> Double.NEGATIVE_INFINITY;
                default -> 0;
            };
            return new FloatConst(r, v);
        }
        long v = switch (op) {
            case MUL, LOGAND -> 1;
            case BITAND -> -1;
            case MIN ->
                t.isUnsigned
                        ? -1
                        : t.size() == 8
                                ? Long.MAX_VALUE
                                : t.size() == 4 ? Integer.MAX_VALUE : t.size() == 2 ? Short.MAX_VALUE : Byte.MAX_VALUE;
            case MAX ->
                t.isUnsigned
                        ? 0
                        : t.size() == 8
                                ? Long.MIN_VALUE
                                : t.size() == 4 ? Integer.MIN_VALUE : t.size() == 2 ? Short.MIN_VALUE : Byte.MIN_VALUE;
            default -> 0;
        };
        if (t.isUnsigned && op == OmpClause.ReductionOp.MIN) v = t.size() == 8 ? -1 : (1L << (8 * t.size())) - 1;
        return new IntConst(r, v);
    }

    /** The identity of op for t; for the types held by address, a temporary holding it (WideReductions). */
    Value identityOf(OmpClause.ReductionOp op, Type t) {
        return WideReductions.is(t) ? WideReductions.identity(f, op, t) : identity(op, t);
    }

    /** orig op priv, as the reduction combines partial results. */
    Value combine(OmpClause.ReductionOp op, Type t, Value orig, Value priv) {
        if (WideReductions.is(t)) return WideReductions.combine(f, op, t, orig, priv);
        Emit e = f.e;
        boolean fl = TypeMap.reg(t).isFloat();
        return switch (op) {
            case ADD, SUB -> f.bitIntWrap(e.bin(Insn.BinOp.ADD, orig, priv), t);
            case MUL -> f.bitIntWrap(e.bin(Insn.BinOp.MUL, orig, priv), t);
            case BITAND -> e.bin(Insn.BinOp.AND, orig, priv);
            case BITOR -> e.bin(Insn.BinOp.OR, orig, priv);
            case BITXOR -> e.bin(Insn.BinOp.XOR, orig, priv);
            case LOGAND, LOGOR -> {
                Value a = e.cmp(Insn.CmpOp.NE, orig, Emit.zero(orig.type())),
                        b = e.cmp(Insn.CmpOp.NE, priv, Emit.zero(priv.type()));
                Value r = e.bin(op == OmpClause.ReductionOp.LOGAND ? Insn.BinOp.AND : Insn.BinOp.OR, a, b);
                yield e.convert(r, Type.INT, t);
            }
            case MIN, MAX -> {
                Insn.CmpOp lt = fl || !t.isUnsigned ? Insn.CmpOp.LT : Insn.CmpOp.ULT;
                Value less = op == OmpClause.ReductionOp.MIN ? e.cmp(lt, priv, orig) : e.cmp(lt, orig, priv);
                yield LoopNest.select(f, less, priv, orig);
            }
            case USER -> throw new IllegalStateException("user-defined reductions are not supported");
        };
    }

    /** The variables in the given list clauses of d that apply to leaf (OpenMP 6.0's directive-name modifiers). */
    static Set<Var> listVars(OmpDirective d, OmpClause.ListKind kind, Leaf leaf) {
        Set<Var> out = new LinkedHashSet<>();
        for (OmpClause.ListClause c : d.clauses(OmpClause.ListClause.class))
            if (c.kind() == kind && c.appliesTo(leaf))
                for (OmpDirective.Item it : c.items()) if (it.var() != null) out.add(it.var());
        return out;
    }

    /** All variables in the given list clauses of d. */
    static Set<Var> listVars(OmpDirective d, OmpClause.ListKind kind) {
        Set<Var> out = new LinkedHashSet<>();
        for (OmpClause.ListClause c : d.clauses(OmpClause.ListClause.class))
            if (c.kind() == kind) for (OmpDirective.Item it : c.items()) if (it.var() != null) out.add(it.var());
        return out;
    }
}
