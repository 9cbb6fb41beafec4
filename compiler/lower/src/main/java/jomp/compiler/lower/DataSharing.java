package jomp.compiler.lower;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.OmpClause;
import jomp.compiler.ast.OmpDirective;
import jomp.compiler.ast.OmpDirective.Leaf;
import jomp.compiler.ast.Stmt;
import jomp.compiler.ast.Var;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Slot;
import jomp.compiler.ir.Value;
import jomp.compiler.type.Type;
import jomp.offload.abi.EntryPoints;

/**
 * The private, firstprivate, lastprivate and reduction clauses of one leaf of a construct:
 * {@link #at} gives each listed variable new storage in the current function (initialised as
 * the clause says) for the extent of the construct; {@link #end} writes reductions and
 * lastprivate values back to the original variables and restores their bindings.
 *
 * <p>Which leaf of a combined construct takes a clause: private the innermost leaf;
 * firstprivate every outlined leaf and the innermost (each copies from the level above);
 * lastprivate the loop leaf (for, else distribute, else simd, else sections); reduction the
 * teams leaf and the worksharing leaf (for, else parallel, else sections). The target leaf's
 * share is decided by the mapping rules instead (TargetLowering).
 */
final class DataSharing {
    private enum Kind {
        PRIVATE,
        FIRSTPRIVATE,
        LASTPRIVATE,
        REDUCTION,
        LINEAR
    }

    /** How to reach a variable's original storage from inside the construct. */
    private record Orig(Reg reg, Value addr) {}

    /** For an array (or array section) reduction: element type, first element's byte offset and count to combine. */
    private record Elements(Type elem, Value offset, Value count) {}

    private record Entry(
            Var var,
            Orig orig,
            OmpClause.ReductionOp op,
            boolean last,
            Elements elements,
            OmpClause.UserReduction user) {
        Entry(Var var, Orig orig, OmpClause.ReductionOp op, boolean last, Elements elements) {
            this(var, orig, op, last, elements, null);
        }
    }

    /** The declare reduction each user-reduced variable of this construct uses. */
    private final java.util.Map<Var, OmpClause.UserReduction> users = new java.util.HashMap<>();

    private final FunctionLowering f;
    private final OmpLowering omp;
    private final List<Entry> entries = new ArrayList<>();
    private final List<Runnable> restores = new ArrayList<>();
    /** linear variables: the private copy's value at logical iteration iv is start + iv * step. */
    private record Linear(Var var, Value start, Value step) {}

    private final List<Linear> linears = new ArrayList<>();
    /**
     * induction variables (OpenMP 6.0): at logical iteration iv, start + iv * step, or start * step^iv
     * (in the variable's type); with a declare induction ({@code user}), start and step are the
     * addresses of their copies and the value is the closed form (userIteration).
     */
    private record Induction(Var var, Value start, Value step, boolean multiply, OmpClause.UserInduction user) {}

    private final List<Induction> inductions = new ArrayList<>();
    /** Loop variables named by linear: after the loop they hold the value a sequential run leaves (lb + count * step). */
    private final List<LoopNest.Level> linearLoopVars = new ArrayList<>();
    /** A non-rectangular nest whose loop variables are lastprivate: its loops, for {@link #sequentialTail}. */
    private List<LoopNest.Loop> tail;

    private boolean inMemory;
    /**
     * A reduction clause with the task modifier: tasks created in the construct (in_reduction)
     * combine into this thread's private copy, so every task of the team must be complete before
     * the copies are combined (what clang's __kmpc_task_reduction_modifier_fini waits for).
     */
    private boolean taskModifier;
    /** Private copies the allocate clause aligns. */
    private final Map<Var, Integer> alignments = new java.util.HashMap<>();
    /** Private copies the allocate clause gives an allocator: omp_aligned_alloc'd, omp_free'd at the construct's end. */
    private final Map<Var, jomp.compiler.ast.Expr> allocators = new java.util.HashMap<>();

    private final List<Runnable> frees = new ArrayList<>();

    /** conditional lastprivate: each tracked variable's last assigning iteration in this thread (-1: none). */
    private final Map<Var, Reg> assignedAt = new LinkedHashMap<>();
    /** The logical iteration running now (kept only while some variable is tracked). */
    private Reg currentIv;

    private Stmt.Omp construct;

    private DataSharing(OmpLowering omp) {
        this.omp = omp;
        this.f = omp.function();
    }

    /**
     * The variables of lastprivate(conditional: list) clauses, in clause order (the parser puts
     * the modifier right after its clause as the word clause lastprivate(conditional)).
     */
    static List<Var> conditionalVars(OmpDirective d) {
        List<Var> out = new ArrayList<>();
        List<OmpClause> cs = d.clauses();
        for (int k = 0; k + 1 < cs.size(); k++) {
            if (cs.get(k) instanceof OmpClause.ListClause l
                    && l.kind() == OmpClause.ListKind.LASTPRIVATE
                    && cs.get(k + 1) instanceof OmpClause.Word w
                    && w.clause().equals("lastprivate")
                    && w.value().equals("conditional"))
                for (OmpDirective.Item it : l.items())
                    if (it.var() != null && !out.contains(it.var())) out.add(it.var());
        }
        return out;
    }

    static DataSharing at(OmpLowering omp, Stmt.Omp o, int i, LoopNest nest) {
        return at(omp, o, i, nest, false);
    }

    /**
     * The in_reduction clauses of a target construct, on the host: each item gets a private copy in
     * memory (the region maps it tofrom) starting at the identity, and end(true, ...) combines it
     * into the variable the taskgroup or enclosing construct reduces into.
     */
    static DataSharing targetInReduction(OmpLowering omp, Stmt.Omp o, List<OmpClause> reductions) {
        OmpDirective d = o.directive();
        Stmt.Omp task = new Stmt.Omp(
                new OmpDirective(d.name(), List.of(Leaf.TASK), List.copyOf(reductions), null, null, 0, d.loc()),
                o.body(),
                o.loc());
        return at(omp, task, 0, null, true);
    }

    private static DataSharing at(OmpLowering omp, Stmt.Omp o, int i, LoopNest nest, boolean inMemory) {
        DataSharing ds = new DataSharing(omp);
        OmpDirective d = o.directive();
        List<Leaf> ls = d.leaves();
        Leaf leaf = ls.get(i);
        int inner = innerLeaf(ls);
        boolean outlined = leaf == Leaf.PARALLEL || leaf == Leaf.TEAMS || leaf == Leaf.TASK;

        Map<Var, Kind> kinds = new LinkedHashMap<>();
        Map<Var, OmpClause.ReductionOp> ops = new LinkedHashMap<>();
        Map<Var, OmpDirective.Item> items = new LinkedHashMap<>();
        if (nest != null) for (Var v : nest.vars()) if (!nest.declaredVars.contains(v)) kinds.put(v, Kind.PRIVATE);
        for (Var v : OmpLowering.listVars(d, OmpClause.ListKind.PRIVATE))
            if (i == inner && appliesAnywhere(d, OmpClause.ListKind.PRIVATE, v)
                    || namedLeaf(d, OmpClause.ListKind.PRIVATE, v, leaf)) kinds.put(v, Kind.PRIVATE);
        for (Var v : OmpLowering.listVars(d, OmpClause.ListKind.FIRSTPRIVATE))
            if ((i == inner || outlined) && appliesAnywhere(d, OmpClause.ListKind.FIRSTPRIVATE, v)
                    || namedLeaf(d, OmpClause.ListKind.FIRSTPRIVATE, v, leaf)) kinds.put(v, Kind.FIRSTPRIVATE);
        boolean last = i == lastprivateLeaf(ls);
        if (last) ds.lastprivateClauses(o, nest, kinds);
        Map<Var, Value[]> linearSteps = new LinkedHashMap<>();
        if (last) {
            ds.linearClauses(d, nest, kinds, linearSteps);
            ds.inductionClauses(d, kinds);
        }
        if (leaf == Leaf.TEAMS || i == reductionLeaf(ls)) ds.reductionClauses(d, leaf, kinds, ops, items);
        List<Var> lastVars =
                last ? new ArrayList<>(OmpLowering.listVars(d, OmpClause.ListKind.LASTPRIVATE)) : List.of();
        ds.inMemory = inMemory || OmpLowering.outlinesAfter(d, i); // inner leaves capture the private copies by address
        ds.allocateClauses(d);
        for (var e : kinds.entrySet()) {
            Var v = e.getKey();
            OmpDirective.Item it = items.get(v);
            if (e.getValue() == Kind.REDUCTION
                    && (v.type.isArray() || it != null && !it.sections().isEmpty()))
                ds.reduceElements(v, ops.get(v), it);
            else ds.privatize(v, e.getValue(), ops.get(v), lastVars.contains(v) || e.getValue() == Kind.LINEAR);
            if (e.getValue() == Kind.LINEAR && linearSteps.containsKey(v))
                ds.linears.add(new Linear(v, linearSteps.get(v)[0], linearSteps.get(v)[1]));
        }
        // every thread has read the linear and induction variables' start values before the thread of
        // the last iteration may write the final one back (clang's barrier after the linear copies)
        if (leaf == Leaf.FOR && (!ds.linears.isEmpty() || !ds.inductions.isEmpty())) omp.barrier();
        ds.construct = o;
        // lastprivate(conditional:) of loops and sections (the parser refuses it on distribute and taskloop)
        if (last)
            for (Var v : conditionalVars(d))
                if (ds.entries.stream().anyMatch(x -> x.var() == v && x.last())) ds.trackAssignments(v);
        return ds;
    }

    /** The leaf that takes private: the innermost, or the loop leaf a trailing simd belongs to. */
    private static int innerLeaf(List<Leaf> ls) {
        int inner = ls.size() - 1;
        if (ls.get(inner) == Leaf.SIMD
                && inner > 0
                && (ls.get(inner - 1) == Leaf.FOR
                        || ls.get(inner - 1) == Leaf.DISTRIBUTE
                        || ls.get(inner - 1) == Leaf.TASKLOOP)) inner--;
        return inner;
    }

    /** The leaf that takes lastprivate (and linear): for, else distribute, taskloop, simd, sections (-1: none). */
    private static int lastprivateLeaf(List<Leaf> ls) {
        int lastLeaf = ls.indexOf(Leaf.FOR);
        if (lastLeaf < 0) lastLeaf = ls.indexOf(Leaf.DISTRIBUTE);
        if (lastLeaf < 0) lastLeaf = ls.indexOf(Leaf.TASKLOOP);
        if (lastLeaf < 0) lastLeaf = ls.indexOf(Leaf.SIMD);
        if (lastLeaf < 0) lastLeaf = ls.indexOf(Leaf.SECTIONS);
        return lastLeaf;
    }

    /** The leaf that takes reduction (besides teams): for, else taskloop, parallel, sections, scope, task. */
    private static int reductionLeaf(List<Leaf> ls) {
        int redLeaf = ls.indexOf(Leaf.FOR);
        if (redLeaf < 0) redLeaf = ls.indexOf(Leaf.TASKLOOP);
        if (redLeaf < 0) redLeaf = ls.indexOf(Leaf.PARALLEL);
        if (redLeaf < 0) redLeaf = ls.indexOf(Leaf.SECTIONS);
        if (redLeaf < 0) redLeaf = ls.indexOf(Leaf.SCOPE);
        if (redLeaf < 0) redLeaf = ls.indexOf(Leaf.TASK); // in_reduction of a task (TaskLowering)
        return redLeaf;
    }

    /** The lastprivate clauses of the loop leaf: their variables, and the loop variables among them. */
    private void lastprivateClauses(Stmt.Omp o, LoopNest nest, Map<Var, Kind> kinds) {
        OmpDirective d = o.directive();
        for (Var v : OmpLowering.listVars(d, OmpClause.ListKind.LASTPRIVATE)) kinds.putIfAbsent(v, Kind.LASTPRIVATE);
        // a loop variable in lastprivate ends with the value a sequential run leaves in it (its
        // last value plus its step, lb + count * step), as gcc and clang give
        if (nest != null)
            for (Var v : OmpLowering.listVars(d, OmpClause.ListKind.LASTPRIVATE))
                for (LoopNest.Level l : nest.originalLevels())
                    if (l.var() == v && l.lb() != null) linearLoopVars.add(l);
        // in a non-rectangular nest an inner variable's final value depends on the outer ones':
        // the thread that ran the last iteration runs the rest of the nest as written (its increments
        // and tests, an inner loop started again where an outer one goes on)
        if (nest != null
                && nest.table != null
                && OmpLowering.listVars(d, OmpClause.ListKind.LASTPRIVATE).stream()
                        .anyMatch(nest.vars()::contains))
            tail = LoopNest.loops(o.body(), nest.levels.size(), new ArrayList<>(), new ArrayList<>(), new Stmt[1]);
    }

    /** The linear clauses: each variable's start value and step (bytes for a pointer) into steps; loop variables apart. */
    private void linearClauses(OmpDirective d, LoopNest nest, Map<Var, Kind> kinds, Map<Var, Value[]> steps) {
        for (OmpClause.Linear l : d.clauses(OmpClause.Linear.class)) {
            for (OmpDirective.Item it : l.items()) {
                Var v = it.var();
                if (v == null) continue;
                LoopNest.Level level = nest == null
                        ? null
                        : nest.levels.stream()
                                .filter(x -> x.var() == v)
                                .findFirst()
                                .orElse(null);
                if (level != null) {
                    if (level.lb() != null) linearLoopVars.add(level);
                    continue;
                }
                Value step = l.step() == null
                        ? IntConst.i64(1)
                        : f.e.convert(f.rvalue(l.step()), l.step().type(), Type.LONG);
                if (v.type.isPointer())
                    step = f.e.bin(Insn.BinOp.MUL, step, IntConst.i64(Math.max(1, v.type.base.size())));
                steps.put(v, new Value[] {f.readVar(v), step});
                kinds.put(v, Kind.LINEAR);
            }
        }
    }

    /** The induction clauses (OpenMP 6.0): each variable's start value and step. */
    private void inductionClauses(OmpDirective d, Map<Var, Kind> kinds) {
        for (OmpClause.Induction ind : d.clauses(OmpClause.Induction.class)) {
            for (int k = 0; k < ind.items().size(); k++) {
                Var v = ind.items().get(k).var();
                if (v == null) continue;
                OmpClause.UserInduction user =
                        ind.users().isEmpty() ? null : ind.users().get(k);
                Value taken = f.inductionStarts.get(v); // copied before the teams forked
                Value original = TypeMap.inMemory(v.type)
                        ? (taken != null ? taken : f.varAddress(v))
                        : taken != null ? f.load(taken, v.type) : f.readVar(v);
                if (user == null) {
                    Value s = f.e.convert(f.rvalue(ind.step()), ind.step().type(), v.type);
                    Reg start = f.fn.newReg(TypeMap.reg(v.type), "omp.ind.start"); // not the original's register
                    f.b.copy(start, original);
                    inductions.add(new Induction(v, start, s, ind.multiply(), null));
                } else { // the original's value and the step, kept in memory for the special variables to name
                    Value start = f.slotAddr(f.temp(v.type));
                    f.store(start, original, v.type);
                    Value step = f.slotAddr(f.temp(user.stepType()));
                    storeAs(step, f.rvalue(ind.step()), ind.step().type(), user.stepType());
                    inductions.add(new Induction(v, start, step, false, user));
                }
                kinds.put(v, Kind.LINEAR); // privatised as a linear variable is; its value comes from iteration()
            }
        }
    }

    /** Stores v (of C type from) at addr as C type to: converted, or copied when an aggregate. */
    private void storeAs(Value addr, Value v, Type from, Type to) {
        f.store(addr, TypeMap.inMemory(to) ? v : f.e.convert(v, from, to), to);
    }

    /**
     * A declare induction's closed form at logical iteration iv (OpenMP 6.0 §7.6.13): the private
     * copy starts as the original's value, and the inductor runs once on it with omp_step the
     * collector's value for the step and omp_idx = iv.
     */
    private void userIteration(Induction ind, Value iv) {
        OmpClause.UserInduction u = ind.user();
        Value idx = f.slotAddr(f.temp(Type.LONG));
        f.store(idx, iv, Type.LONG);
        Value collective = f.slotAddr(f.temp(u.stepType()));
        Value c = evaluate(u.collector(), u.collectorStep(), ind.step(), u.idx(), idx);
        storeAs(collective, c, u.collector().type(), u.stepType());
        Type t = ind.var().type;
        Value priv = f.varAddress(ind.var());
        f.store(priv, TypeMap.inMemory(t) ? ind.start() : f.load(ind.start(), t), t);
        evaluate(u.inductor(), u.var(), priv, u.step(), collective);
    }

    /** The reduction clauses of this leaf: each variable's operator (USER: its declare reduction) and list item. */
    private void reductionClauses(
            OmpDirective d,
            Leaf leaf,
            Map<Var, Kind> kinds,
            Map<Var, OmpClause.ReductionOp> ops,
            Map<Var, OmpDirective.Item> items) {
        for (OmpClause.Reduction r : d.clauses(OmpClause.Reduction.class)) {
            if ("inscan".equals(r.modifier())) continue; // ScanLowering keeps these
            if ("task".equals(r.modifier()) && leaf != Leaf.TASK && !r.items().isEmpty()) taskModifier = true;
            for (int k = 0; k < r.items().size(); k++) {
                OmpDirective.Item it = r.items().get(k);
                if (it.var() == null) continue;
                OmpClause.UserReduction user =
                        r.users().isEmpty() ? null : r.users().get(k);
                kinds.put(it.var(), Kind.REDUCTION);
                ops.put(it.var(), user != null ? OmpClause.ReductionOp.USER : r.op());
                items.put(it.var(), it);
                if (user != null) users.put(it.var(), user);
            }
        }
    }

    /** The allocate clauses: the private copies' allocators and alignments. */
    private void allocateClauses(OmpDirective d) {
        for (OmpClause.Allocate a : d.clauses(OmpClause.Allocate.class)) {
            // allocate(allocator: list): the private copies come from the allocator, with its traits (alignment, pool,
            // fallback)
            if (a.allocator() != null)
                for (OmpDirective.Item it : a.items()) if (it.var() != null) allocators.put(it.var(), a.allocator());
            if (!(a.align() instanceof jomp.compiler.ast.Expr.IntLit n))
                continue; // allocate(align(n): list): their alignment
            for (OmpDirective.Item it : a.items()) if (it.var() != null) alignments.put(it.var(), (int) n.value());
        }
    }

    /** Whether a clause of the kind without a directive-name modifier lists v. */
    private static boolean appliesAnywhere(OmpDirective d, OmpClause.ListKind kind, Var v) {
        for (OmpClause.ListClause c : d.clauses(OmpClause.ListClause.class))
            if (c.kind() == kind && c.leaf() == null && c.items().stream().anyMatch(it -> it.var() == v)) return true;
        return false;
    }

    /**
     * Whether a clause of the kind whose directive-name modifier names this leaf lists v (not
     * target's: the kernel's argument is the target's private copy, TargetLowering's map entry).
     */
    private static boolean namedLeaf(OmpDirective d, OmpClause.ListKind kind, Var v, Leaf leaf) {
        if (leaf == Leaf.TARGET) return false;
        for (OmpClause.ListClause c : d.clauses(OmpClause.ListClause.class))
            if (c.kind() == kind
                    && c.leaf() != null
                    && c.appliesTo(leaf)
                    && c.items().stream().anyMatch(it -> it.var() == v)) return true;
        return false;
    }

    boolean needsLast() {
        for (Entry e : entries) if (e.last()) return true;
        return !linearLoopVars.isEmpty();
    }

    /** Every assignment to v in the construct's body notes the iteration it happens in. */
    private void trackAssignments(Var v) {
        if (currentIv == null) {
            currentIv = f.fn.newReg(IrType.I64, "omp.cond.iv");
            f.b.copy(currentIv, IntConst.i64(0));
        }
        Reg at = f.fn.newReg(IrType.I64, "omp.cond.at");
        f.b.copy(at, IntConst.i64(-1));
        assignedAt.put(v, at);
        Reg iv = currentIv;
        Runnable outer = f.assignHooks.put(v, () -> f.b.copy(at, iv));
        restores.add(() -> {
            if (outer == null) f.assignHooks.remove(v);
            else f.assignHooks.put(v, outer);
        });
    }

    /** At the start of logical iteration iv (an i64; a section's number): each linear variable takes its value for it. */
    void iteration(Value iv) {
        if (currentIv != null) f.b.copy(currentIv, iv);
        for (Linear l : linears) {
            Value v = f.e.bin(
                    Insn.BinOp.ADD,
                    l.var().type.isPointer()
                            ? f.e.conv(Insn.ConvOp.BITCAST, l.start(), IrType.I64)
                            : f.e.convert(l.start(), l.var().type, Type.LONG),
                    f.e.bin(Insn.BinOp.MUL, iv, l.step()));
            f.assignVar(
                    l.var(),
                    l.var().type.isPointer()
                            ? f.e.conv(Insn.ConvOp.BITCAST, v, IrType.PTR)
                            : f.e.convert(v, Type.LONG, l.var().type));
        }
        for (Induction ind : inductions) {
            if (ind.user() != null) {
                userIteration(ind, iv);
                continue;
            }
            Type t = ind.var().type;
            Value v = ind.multiply()
                    ? f.e.bin(Insn.BinOp.MUL, ind.start(), power(ind.step(), iv, t))
                    : f.e.bin(
                            Insn.BinOp.ADD,
                            ind.start(),
                            f.e.bin(Insn.BinOp.MUL, f.e.convert(iv, Type.LONG, t), ind.step()));
            f.assignVar(ind.var(), v);
        }
    }

    /** base^e (e an i64 >= 0) in type t, by squaring. */
    private Value power(Value base, Value e, Type t) {
        IrType it = base.type();
        Reg r = f.fn.newReg(it, "omp.ind.pow"),
                b = f.fn.newReg(it, "omp.ind.base"),
                x = f.fn.newReg(IrType.I64, "omp.ind.exp");
        f.b.copy(r, f.e.convert(IntConst.i64(1), Type.LONG, t));
        f.b.copy(b, base);
        f.b.copy(x, e);
        BasicBlock head = f.b.newBlock("omp.ind.cond"),
                body = f.b.newBlock("omp.ind.body"),
                odd = f.b.newBlock("omp.ind.odd"),
                even = f.b.newBlock("omp.ind.even"),
                done = f.b.newBlock("omp.ind.done");
        f.b.br(head);
        f.b.setBlock(head);
        f.b.condBr(f.b.cmp(Insn.CmpOp.GT, x, IntConst.i64(0)), body, done);
        f.b.setBlock(body);
        f.b.condBr(f.b.cmp(Insn.CmpOp.NE, f.b.binary(Insn.BinOp.AND, x, IntConst.i64(1)), IntConst.i64(0)), odd, even);
        f.b.setBlock(odd);
        f.b.copy(r, f.b.binary(Insn.BinOp.MUL, r, b));
        f.b.br(even);
        f.b.setBlock(even);
        f.b.copy(b, f.b.binary(Insn.BinOp.MUL, b, b));
        f.b.copy(x, f.b.binary(Insn.BinOp.SHR, x, IntConst.i64(1)));
        f.b.br(head);
        f.b.setBlock(done);
        return r;
    }

    private void privatize(Var v, Kind kind, OmpClause.ReductionOp op, boolean last) {
        if (v.type.kind == Type.Kind.VLA) return; // a VLA stays shared (its size is only known at run time)
        Orig orig;
        Reg r = f.regVars.get(v);
        orig = r != null ? new Orig(r, null) : new Orig(null, f.varAddress(v));
        restores.add(f.unbind(v));
        OmpClause.UserReduction user = kind == Kind.REDUCTION ? users.get(v) : null;
        // a declare reduction's omp_priv and omp_in stand for the private copy's address: it lives in memory
        int align = Math.max(Math.max(v.type.align(), 1), alignments.getOrDefault(v, 1));
        if (allocators.containsKey(v) && v.type.size() >= 0) fromAllocator(v, allocators.get(v), align);
        else if (inMemory
                || user != null
                || f.inMemory(v)
                || alignments.containsKey(v)
                || inductions.stream().anyMatch(i -> i.var() == v && i.user() != null))
            f.slotVars.put(v, f.fn.newSlot(FunctionLowering.safeName(v.name), Math.max(v.type.size(), 1), align));
        else f.regVars.put(v, f.fn.newReg(TypeMap.reg(v.type), FunctionLowering.safeName(v.name)));
        switch (kind) {
            case FIRSTPRIVATE -> {
                if (TypeMap.inMemory(v.type)) f.b.memcpy(f.varAddress(v), orig.addr(), IntConst.i64(v.type.size()));
                else f.assignVar(v, read(orig, v.type));
            }
            case REDUCTION -> {
                if (user == null) f.assignVar(v, omp.identityOf(op, v.type));
                else if (user.initializer() == null)
                    f.b.memset(f.varAddress(v), IntConst.i32(0), IntConst.i64(Math.max(v.type.size(), 1)));
                else
                    withOriginal(
                            orig,
                            v.type,
                            origAddr ->
                                    evaluate(user.initializer(), user.priv(), f.varAddress(v), user.orig(), origAddr));
            }
            default -> {}
        }
        entries.add(new Entry(v, orig, kind == Kind.REDUCTION ? op : null, last, null, user));
    }

    /**
     * The storage of a local named by {@code omp allocate(v) allocator(a)}: on the stack (given
     * back as a VLA's is), at the alignment a's alignment trait asks (at least the type's), which
     * the runtime tells (__jomp_allocator_alignment, 1 for the predefined allocators).
     */
    static Reg allocatorAligned(FunctionLowering f, Var v) {
        Value handle = f.e.convert(f.rvalue(v.ompAllocator), v.ompAllocator.type(), Type.ULONG);
        Value align = f.omp.call(EntryPoints.ALLOCATOR_ALIGNMENT, IrType.I64, handle);
        Value size = v.type.kind == Type.Kind.VLA ? f.sizeOf(v.type) : IntConst.i64(Math.max(v.type.size(), 1));
        Reg a = f.b.alloca(f.e.bin(Insn.BinOp.ADD, size, align), Math.max(Math.max(v.type.align(), v.align), 16));
        // up to the next multiple of align: a + ((-a) & (align - 1))
        Value bits = f.e.conv(Insn.ConvOp.BITCAST, a, IrType.I64);
        Value pad = f.e.bin(
                Insn.BinOp.AND,
                f.e.bin(Insn.BinOp.SUB, IntConst.i64(0), bits),
                f.e.bin(Insn.BinOp.SUB, align, IntConst.i64(1)));
        Reg p = f.fn.newReg(IrType.PTR, FunctionLowering.safeName(v.name) + ".addr");
        f.b.copy(p, f.b.ptrAdd(a, pad));
        return p;
    }

    /** v's private copy from the allocator the allocate clause names (OpenMP 5.2 §6.6), freed at the construct's end. */
    private void fromAllocator(Var v, jomp.compiler.ast.Expr allocator, int align) {
        Value handle = f.e.convert(f.rvalue(allocator), allocator.type(), Type.ULONG);
        Value p = omp.call(
                "omp_aligned_alloc", IrType.PTR, IntConst.i64(align), IntConst.i64(Math.max(v.type.size(), 1)), handle);
        Reg r = f.fn.newReg(IrType.PTR, FunctionLowering.safeName(v.name) + ".alloc");
        f.b.copy(r, p);
        f.addrVars.put(v, r);
        frees.add(() -> omp.call("omp_free", IrType.VOID, r, handle));
    }

    /**
     * A reduction over an array or an array section (OpenMP 4.5): a private array whose elements
     * start at the identity, combined element by element into the original's section. A pointer's
     * section gets a private buffer, and the pointer inside the construct points into it.
     */
    private void reduceElements(Var v, OmpClause.ReductionOp op, OmpDirective.Item it) {
        Type t = v.type;
        boolean ptr = t.isPointer();
        Type elem = t.base;
        while (elem.isArray()) elem = elem.base;
        Value esize = IntConst.i64(elem.size());
        // the section's first element and length, in elements of elem
        Value first = IntConst.i64(0), count;
        if (it != null && !it.sections().isEmpty()) {
            OmpDirective.Section s = it.sections().get(0);
            Value row = f.sizeOf(t.base); // bytes per element of the first dimension
            Value perRow = f.e.bin(Insn.BinOp.DIV, row, esize);
            Value lo = s.lower() == null
                    ? IntConst.i64(0)
                    : f.e.convert(f.rvalue(s.lower()), s.lower().type(), Type.LONG);
            Value len = s.single()
                    ? IntConst.i64(1)
                    : s.length() != null
                            ? f.e.convert(f.rvalue(s.length()), s.length().type(), Type.LONG)
                            : f.e.bin(Insn.BinOp.SUB, f.e.bin(Insn.BinOp.DIV, f.sizeOf(t), row), lo);
            first = f.e.bin(Insn.BinOp.MUL, lo, perRow);
            count = f.e.bin(Insn.BinOp.MUL, len, perRow);
        } else {
            count = f.e.bin(Insn.BinOp.DIV, f.sizeOf(t), esize);
        }
        Value origBase = ptr ? f.readVar(v) : f.varAddress(v);
        restores.add(f.unbind(v));
        Value priv; // where element `first` of the private copy is
        if (ptr) {
            Value bytes = f.e.bin(Insn.BinOp.MUL, count, esize);
            priv = f.b.alloca(bytes, Math.max(elem.align(), 16));
            Slot ps = f.fn.newSlot(FunctionLowering.safeName(v.name), 8, 8);
            f.slotVars.put(v, ps); // p now points into the private buffer: p[first] is its first element
            f.b.store(
                    f.b.ptrAdd(priv, f.e.bin(Insn.BinOp.SUB, IntConst.i64(0), f.e.bin(Insn.BinOp.MUL, first, esize))),
                    f.b.slotAddr(ps));
        } else {
            Slot s = f.fn.newSlot(FunctionLowering.safeName(v.name), Math.max(t.size(), 1), Math.max(t.align(), 1));
            f.slotVars.put(v, s);
            priv = f.b.ptrAdd(f.b.slotAddr(s), f.e.bin(Insn.BinOp.MUL, first, esize));
        }
        Type et = elem;
        Value id = omp.identityOf(op, et);
        eachElement(count, k -> f.store(f.b.ptrAdd(priv, f.e.bin(Insn.BinOp.MUL, k, esize)), id, et));
        Value origFirst = f.b.ptrAdd(origBase, f.e.bin(Insn.BinOp.MUL, first, esize));
        entries.add(new Entry(v, new Orig(null, origFirst), op, false, new Elements(et, priv, count)));
    }

    /** for (k = 0; k < count; k++) body(k), k an i64. */
    private void eachElement(Value count, java.util.function.Consumer<Value> body) {
        Reg k = f.fn.newReg(IrType.I64, "omp.red.k");
        f.b.copy(k, IntConst.i64(0));
        BasicBlock head = f.b.newBlock("omp.red.cond"),
                loop = f.b.newBlock("omp.red.body"),
                end = f.b.newBlock("omp.red.end");
        f.b.br(head);
        f.b.setBlock(head);
        f.b.condBr(f.b.cmp(Insn.CmpOp.LT, k, count), loop, end);
        f.b.setBlock(loop);
        body.accept(k);
        f.b.copy(k, f.b.binary(Insn.BinOp.ADD, k, IntConst.i64(1)));
        f.b.br(head);
        f.b.setBlock(end);
    }

    /** Runs body with the original's address; an original held in a register goes through a temporary and back. */
    private void withOriginal(Orig o, Type t, java.util.function.Consumer<Value> body) {
        if (o.addr() != null) {
            body.accept(o.addr());
            return;
        }
        Value tmp = f.b.slotAddr(f.fn.newSlot(null, Math.max(t.size(), 1), Math.max(t.align(), 1)));
        f.store(tmp, o.reg(), t);
        body.accept(tmp);
        f.b.copy(o.reg(), f.load(tmp, t));
    }

    /** Evaluates a declare reduction's combiner or initializer with its two variables standing for the given addresses. */
    private Value evaluate(Expr e, Var a, Value aAddr, Var b, Value bAddr) {
        List<Runnable> undo = new ArrayList<>();
        for (Object[] bind : new Object[][] {{a, aAddr}, {b, bAddr}}) {
            Var v = (Var) bind[0];
            if (v == null) continue;
            undo.add(f.unbind(v));
            Reg r = f.fn.newReg(IrType.PTR, FunctionLowering.safeName(v.name));
            f.b.copy(r, (Value) bind[1]);
            f.addrVars.put(v, r);
        }
        Value v = f.rvalue(e);
        undo.forEach(Runnable::run);
        return v;
    }

    private Value read(Orig o, Type t) {
        return o.reg() != null ? o.reg() : value(o.addr(), t);
    }

    /** The value at addr of type t: its address for a type handled by address (__int128, __float128). */
    private Value value(Value addr, Type t) {
        return TypeMap.inMemory(t) ? addr : f.load(addr, t);
    }

    private void write(Orig o, Value v, Type t) {
        if (o.reg() != null) f.b.copy(o.reg(), v);
        else f.store(o.addr(), v, t);
    }

    /** Whether an entry's combination can be atomic updates: a built-in operator on an original in memory, at most 8 bytes. */
    private static boolean atomicCombine(Entry e) {
        if (e.user() != null || e.op() == OmpClause.ReductionOp.USER) return false;
        if (e.elements() != null) return AtomicLowering.lockFree(e.elements().elem());
        return e.orig().addr() != null && AtomicLowering.lockFree(e.var().type);
    }

    /** Combines reductions (under the runtime's lock when other threads or teams do too), copies lastprivate values out, restores bindings. */
    void end(boolean lock, Value lastFlag) {
        if (f.b.isTerminated()) {
            restores.forEach(Runnable::run);
            return;
        }
        boolean any = entries.stream().anyMatch(e -> e.op() != null);
        if (any) {
            if (taskModifier) omp.call(EntryPoints.BARRIER, IrType.VOID); // a barrier completes the team's tasks
            // scalars and array elements of up to 8 bytes combine with atomic updates (AtomicLowering);
            // user-defined reductions and 16-byte types under the runtime's reduction lock
            boolean locked = lock && entries.stream().anyMatch(e -> e.op() != null && !atomicCombine(e));
            if (locked) omp.call(EntryPoints.REDUCE_ENTER, IrType.VOID);
            for (Entry e : entries) {
                if (e.op() == null) continue;
                boolean atomic = lock && atomicCombine(e);
                if (e.elements() != null) {
                    Elements el = e.elements();
                    Value esize = IntConst.i64(el.elem().size());
                    eachElement(el.count(), k -> {
                        Value off = f.e.bin(Insn.BinOp.MUL, k, esize);
                        Value o = f.b.ptrAdd(e.orig().addr(), off), p = f.b.ptrAdd(el.offset(), off);
                        if (atomic) new AtomicLowering(f).combine(e.op(), el.elem(), o, f.load(p, el.elem()));
                        else
                            f.store(
                                    o,
                                    omp.combine(e.op(), el.elem(), value(o, el.elem()), value(p, el.elem())),
                                    el.elem());
                    });
                    continue;
                }
                if (atomic) {
                    new AtomicLowering(f).combine(e.op(), e.var().type, e.orig().addr(), f.readVar(e.var()));
                    continue;
                }
                Type t = e.var().type;
                if (e.user() != null) { // omp_out: the original, omp_in: this thread's copy
                    OmpClause.UserReduction u = e.user();
                    Value in = f.varAddress(e.var());
                    withOriginal(e.orig(), t, out -> evaluate(u.combiner(), u.out(), out, u.in(), in));
                    continue;
                }
                Value priv = TypeMap.inMemory(t) ? f.varAddress(e.var()) : f.readVar(e.var());
                write(e.orig(), omp.combine(e.op(), t, read(e.orig(), t), priv), t);
            }
            if (locked) omp.call(EntryPoints.REDUCE_EXIT, IrType.VOID);
        }
        if (!assignedAt.isEmpty()) conditionalEnd(lock);
        if (lastFlag != null) {
            BasicBlock copy = f.b.newBlock("omp.lastprivate"), done = f.b.newBlock("omp.lastprivate.done");
            f.b.condBr(lastFlag, copy, done);
            f.b.setBlock(copy);
            if (tail != null) sequentialTail(tail);
            for (Entry e : entries) if (e.last() && !assignedAt.containsKey(e.var())) copyOut(e);
            for (LoopNest.Level l : linearLoopVars) { // the value a sequential run leaves in the loop variable
                Value v = f.e.bin(Insn.BinOp.ADD, l.lb(), f.e.bin(Insn.BinOp.MUL, l.count(), l.step()));
                Type t = l.var().type;
                Value tv = t.isPointer() ? f.e.conv(Insn.ConvOp.BITCAST, v, IrType.PTR) : f.e.convert(v, Type.LONG, t);
                Entry e = entries.stream()
                        .filter(x -> x.var() == l.var())
                        .findFirst()
                        .orElse(null);
                if (e != null) write(e.orig(), tv, t);
                else f.assignVar(l.var(), tv);
            }
            f.b.br(done);
            f.b.setBlock(done);
        }
        frees.forEach(Runnable::run);
        restores.forEach(Runnable::run);
    }

    /**
     * From the last iteration's loop variables (this thread's copies), what a sequential run does
     * after it: the innermost increment and test, and, while a test fails, the next outer
     * increment; an outer loop that goes on starts its inner loops again (their init), which end
     * at once (no iteration is left) or send it round again.
     */
    private void sequentialTail(List<LoopNest.Loop> loops) {
        int n = loops.size() - 1;
        BasicBlock done = f.b.newBlock("omp.lastprivate.tail.done");
        BasicBlock[] inc = new BasicBlock[n + 1], enter = new BasicBlock[n + 1];
        for (int k = 0; k <= n; k++) {
            inc[k] = f.b.newBlock("omp.lastprivate.tail.inc");
            if (k > 0) enter[k] = f.b.newBlock("omp.lastprivate.tail.init");
        }
        f.b.br(inc[n]);
        for (int k = n; k >= 0; k--) {
            Stmt.For fo = loops.get(k).stmt();
            f.b.setBlock(inc[k]);
            f.stmt(new Stmt.ExprStmt(fo.step(), fo.loc()));
            f.b.condBr(f.truth(fo.cond()), k < n ? enter[k + 1] : done, k > 0 ? inc[k - 1] : done);
        }
        for (int k = 1; k <= n; k++) {
            f.b.setBlock(enter[k]);
            Stmt.For fo = loops.get(k).stmt();
            f.stmt(fo.init());
            f.b.condBr(f.truth(fo.cond()), k < n ? enter[k + 1] : done, inc[k - 1]);
        }
        f.b.setBlock(done);
    }

    private void copyOut(Entry e) {
        Type t = e.var().type;
        if (TypeMap.inMemory(t)) f.b.memcpy(e.orig().addr(), f.varAddress(e.var()), IntConst.i64(t.size()));
        else write(e.orig(), f.readVar(e.var()), t);
    }

    /**
     * lastprivate(conditional:): the original gets the value of the sequentially last iteration
     * that assigned the variable. One thread running all iterations copies its value when it
     * assigned one. Where threads share the iterations, each one, under the reduction lock,
     * copies its value when its last assigning iteration is later than the best so far, kept in
     * a cell of this construct instance: {i64 unused, i64 last assigning iteration + 1 of each
     * variable}. A combined construct (parallel for, teams distribute parallel for, target ...)
     * has its cell from {@link #withConditionalCell}: one per instance, shared by all its teams
     * and threads, so concurrent instances (a parallel for in each of several teams) are apart
     * and the teams of one instance agree on the last iteration. An orphaned worksharing
     * construct's team gets a fresh cell in the frame of the thread that wins a single, which
     * publishes it; the team's threads meet at a barrier before and after using it.
     * (distribute takes no conditional modifier: the parser refuses it, as clang does.)
     */
    private void conditionalEnd(boolean shared) {
        List<Var> all = conditionalVars(construct.directive());
        if (!shared) {
            for (Entry e : entries) {
                Reg at = assignedAt.get(e.var());
                if (at == null) continue;
                BasicBlock copy = f.b.newBlock("omp.lastprivate.cond"),
                        skip = f.b.newBlock("omp.lastprivate.cond.done");
                f.b.condBr(f.b.cmp(Insn.CmpOp.GE, at, IntConst.i64(0)), copy, skip);
                f.b.setBlock(copy);
                copyOut(e);
                f.b.br(skip);
                f.b.setBlock(skip);
            }
            return;
        }
        Var cellVar = cellOf(construct.directive());
        Value cell;
        Value won = null;
        if (cellVar != null) cell = f.varAddress(cellVar);
        else { // an orphaned construct: the team's cell, from the thread that wins the single
            Value mine = f.b.slotAddr(f.fn.newSlot(null, 8L * (all.size() + 1), 8));
            won = omp.call(EntryPoints.SINGLE, IrType.I32);
            BasicBlock publish = f.b.newBlock("omp.lastprivate.cond.publish"),
                    published = f.b.newBlock("omp.lastprivate.cond.published");
            f.b.condBr(f.b.cmp(Insn.CmpOp.NE, won, IntConst.i32(0)), publish, published);
            f.b.setBlock(publish);
            f.b.memset(mine, IntConst.i32(0), IntConst.i64(8L * (all.size() + 1)));
            omp.call(EntryPoints.COPYPRIVATE_PUBLISH, IrType.VOID, mine);
            f.b.br(published);
            f.b.setBlock(published);
            omp.barrier();
            Reg c = f.fn.newReg(IrType.PTR, "omp.lastprivate.cell");
            BasicBlock own = f.b.newBlock("omp.lastprivate.cond.own"),
                    other = f.b.newBlock("omp.lastprivate.cond.other"),
                    got = f.b.newBlock("omp.lastprivate.cond.cell");
            f.b.condBr(f.b.cmp(Insn.CmpOp.NE, won, IntConst.i32(0)), own, other);
            f.b.setBlock(own);
            f.b.copy(c, mine);
            f.b.br(got);
            f.b.setBlock(other);
            f.b.copy(c, omp.call(EntryPoints.COPYPRIVATE_GET, IrType.PTR));
            f.b.br(got);
            f.b.setBlock(got);
            cell = c;
        }
        omp.call(EntryPoints.REDUCE_ENTER, IrType.VOID);
        for (Entry e : entries) {
            Reg at = assignedAt.get(e.var());
            if (at == null) continue;
            Value best = f.b.ptrAdd(cell, IntConst.i64(8L * (all.indexOf(e.var()) + 1)));
            Value mine = f.b.binary(Insn.BinOp.ADD, at, IntConst.i64(1));
            BasicBlock take = f.b.newBlock("omp.lastprivate.cond"), skip = f.b.newBlock("omp.lastprivate.cond.done");
            f.b.condBr(f.b.cmp(Insn.CmpOp.GT, mine, f.b.load(IrType.I64, best)), take, skip);
            f.b.setBlock(take);
            f.b.store(mine, best);
            copyOut(e);
            f.b.br(skip);
            f.b.setBlock(skip);
        }
        omp.call(EntryPoints.REDUCE_EXIT, IrType.VOID);
        if (won != null) omp.barrier(); // the winner's cell (and the published address) stay until every thread is done
    }

    /** The cell variable a combined construct's directive shares ({@link #withConditionalCell}), or null. */
    private Var cellOf(OmpDirective d) {
        for (OmpClause.ListClause c : d.clauses(OmpClause.ListClause.class))
            if (c.kind() == OmpClause.ListKind.SHARED)
                for (OmpDirective.Item it : c.items()) if (f.unit.conditionalCells.contains(it.var())) return it.var();
        return null;
    }

    /**
     * A combined construct whose worksharing leaf has lastprivate(conditional:) variables,
     * starting with a leaf that creates threads or teams (parallel, teams, target): its
     * instance's cell as a zeroed local of the encountering thread, which every leaf shares
     * (the directive gets a shared clause naming it, so outlined leaves capture it by address
     * and target maps it tofrom, one copy for all teams). Other constructs are returned as they are.
     */
    static Stmt.Omp withConditionalCell(FunctionLowering f, Stmt.Omp x) {
        OmpDirective d = x.directive();
        List<Var> vars = conditionalVars(d);
        Leaf first = d.leaves().get(0);
        if (vars.isEmpty() || first != Leaf.PARALLEL && first != Leaf.TEAMS && first != Leaf.TARGET) return x;
        // a deferred target task may outlive this frame: its constructs use an orphaned construct's cell
        if (first == Leaf.TARGET
                && (d.hasFlag(OmpClause.FlagKind.NOWAIT)
                        || !d.clauses(OmpClause.Depend.class).isEmpty())) return x;
        Var cell = new Var("__omp_lastprivate_cond", Type.arrayOf(Type.LONG, vars.size() + 1), d.loc(), true);
        f.unit.conditionalCells.add(cell);
        f.slotVars.put(cell, f.fn.newSlot(FunctionLowering.safeName(cell.name), 8L * (vars.size() + 1), 8));
        f.b.memset(f.varAddress(cell), IntConst.i32(0), IntConst.i64(8L * (vars.size() + 1)));
        List<OmpClause> cs = new ArrayList<>(d.clauses());
        cs.add(new OmpClause.ListClause(
                OmpClause.ListKind.SHARED,
                List.of(new OmpDirective.Item(cell, new Expr.VarRef(cell, cell.type, d.loc()), List.of(), d.loc())),
                d.loc()));
        OmpDirective nd = new OmpDirective(
                d.name(), d.leaves(), List.copyOf(cs), d.atomic(), d.criticalName(), d.loopDepth(), d.loc());
        return new Stmt.Omp(nd, x.body(), x.loc());
    }
}
