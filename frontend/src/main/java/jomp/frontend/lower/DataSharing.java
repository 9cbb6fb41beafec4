package jomp.frontend.lower;

import jomp.frontend.ast.OmpClause;
import jomp.frontend.ast.OmpDirective;
import jomp.frontend.ast.OmpDirective.Leaf;
import jomp.frontend.ast.Stmt;
import jomp.frontend.ast.Var;
import jomp.frontend.ir.BasicBlock;
import jomp.frontend.ir.IntConst;
import jomp.frontend.ir.IrType;
import jomp.frontend.ir.Reg;
import jomp.frontend.ir.Slot;
import jomp.frontend.ir.Value;
import jomp.frontend.type.Type;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
    private enum Kind { PRIVATE, FIRSTPRIVATE, LASTPRIVATE, REDUCTION }

    /** How to reach a variable's original storage from inside the construct. */
    private record Orig(Reg reg, Value addr) {}

    private record Entry(Var var, Orig orig, OmpClause.ReductionOp op, boolean last) {}

    private final FunctionLowering f;
    private final OmpLowering omp;
    private final List<Entry> entries = new ArrayList<>();
    private final List<Runnable> restores = new ArrayList<>();

    private boolean inMemory;

    private DataSharing(OmpLowering omp) { this.omp = omp; this.f = omp.function(); }

    static DataSharing at(OmpLowering omp, Stmt.Omp o, int i, LoopNest nest) {
        DataSharing ds = new DataSharing(omp);
        OmpDirective d = o.directive();
        List<Leaf> ls = d.leaves();
        Leaf leaf = ls.get(i);
        int inner = ls.size() - 1;
        if (ls.get(inner) == Leaf.SIMD && inner > 0 && (ls.get(inner - 1) == Leaf.FOR || ls.get(inner - 1) == Leaf.DISTRIBUTE)) inner--;
        int lastLeaf = ls.indexOf(Leaf.FOR);
        if (lastLeaf < 0) lastLeaf = ls.indexOf(Leaf.DISTRIBUTE);
        if (lastLeaf < 0) lastLeaf = ls.indexOf(Leaf.SIMD);
        if (lastLeaf < 0) lastLeaf = ls.indexOf(Leaf.SECTIONS);
        int redLeaf = ls.indexOf(Leaf.FOR);
        if (redLeaf < 0) redLeaf = ls.indexOf(Leaf.PARALLEL);
        if (redLeaf < 0) redLeaf = ls.indexOf(Leaf.SECTIONS);
        boolean outlined = leaf == Leaf.PARALLEL || leaf == Leaf.TEAMS || leaf == Leaf.TASK;

        Map<Var, Kind> kinds = new LinkedHashMap<>();
        Map<Var, OmpClause.ReductionOp> ops = new LinkedHashMap<>();
        if (nest != null) for (Var v : nest.vars()) if (!nest.declaredVars.contains(v)) kinds.put(v, Kind.PRIVATE);
        if (i == inner) for (Var v : OmpLowering.listVars(d, OmpClause.ListKind.PRIVATE)) kinds.put(v, Kind.PRIVATE);
        if (i == inner || outlined) for (Var v : OmpLowering.listVars(d, OmpClause.ListKind.FIRSTPRIVATE)) kinds.put(v, Kind.FIRSTPRIVATE);
        boolean last = i == lastLeaf;
        if (last) for (Var v : OmpLowering.listVars(d, OmpClause.ListKind.LASTPRIVATE)) kinds.putIfAbsent(v, Kind.LASTPRIVATE);
        if (leaf == Leaf.TEAMS || i == redLeaf) {
            for (OmpClause.Reduction r : d.clauses(OmpClause.Reduction.class))
                for (OmpDirective.Item it : r.items()) if (it.var() != null) { kinds.put(it.var(), Kind.REDUCTION); ops.put(it.var(), r.op()); }
        }
        List<Var> lastVars = last ? new ArrayList<>(OmpLowering.listVars(d, OmpClause.ListKind.LASTPRIVATE)) : List.of();
        ds.inMemory = OmpLowering.outlinesAfter(d, i);   // inner leaves capture the private copies by address
        for (var e : kinds.entrySet()) ds.privatize(e.getKey(), e.getValue(), ops.get(e.getKey()), lastVars.contains(e.getKey()));
        return ds;
    }

    boolean needsLast() {
        for (Entry e : entries) if (e.last()) return true;
        return false;
    }

    private void privatize(Var v, Kind kind, OmpClause.ReductionOp op, boolean last) {
        if (v.type.kind == Type.Kind.VLA) return;   // a VLA stays shared (its size is only known at run time)
        Orig orig;
        Reg r = f.regVars.get(v);
        orig = r != null ? new Orig(r, null) : new Orig(null, f.varAddress(v));
        Reg oldReg = f.regVars.remove(v);
        Slot oldSlot = f.slotVars.remove(v);
        Reg oldAddr = f.addrVars.remove(v);
        restores.add(() -> {
            f.regVars.remove(v); f.slotVars.remove(v); f.addrVars.remove(v);
            if (oldReg != null) f.regVars.put(v, oldReg);
            if (oldSlot != null) f.slotVars.put(v, oldSlot);
            if (oldAddr != null) f.addrVars.put(v, oldAddr);
        });
        if (inMemory || f.inMemory(v)) f.slotVars.put(v, f.fn.newSlot(FunctionLowering.safeName(v.name), Math.max(v.type.size(), 1), Math.max(v.type.align(), 1)));
        else f.regVars.put(v, f.fn.newReg(TypeMap.reg(v.type), FunctionLowering.safeName(v.name)));
        switch (kind) {
            case FIRSTPRIVATE -> {
                if (TypeMap.inMemory(v.type)) f.b.memcpy(f.varAddress(v), orig.addr(), IntConst.i64(v.type.size()));
                else f.assignVar(v, read(orig, v.type));
            }
            case REDUCTION -> f.assignVar(v, OmpLowering.identity(op, v.type));
            default -> {}
        }
        entries.add(new Entry(v, orig, kind == Kind.REDUCTION ? op : null, last));
    }

    private Value read(Orig o, Type t) { return o.reg() != null ? o.reg() : f.load(o.addr(), t); }

    private void write(Orig o, Value v, Type t) {
        if (o.reg() != null) f.b.copy(o.reg(), v);
        else f.store(o.addr(), v, t);
    }

    /** Combines reductions (under the runtime's lock when other threads or teams do too), copies lastprivate values out, restores bindings. */
    void end(boolean lock, Value lastFlag) {
        if (f.b.isTerminated()) { restores.forEach(Runnable::run); return; }
        boolean any = entries.stream().anyMatch(e -> e.op() != null);
        if (any) {
            if (lock) omp.call("__jomp_reduce_enter", IrType.VOID);
            for (Entry e : entries) {
                if (e.op() == null) continue;
                Type t = e.var().type;
                Value priv = f.readVar(e.var());
                write(e.orig(), omp.combine(e.op(), t, read(e.orig(), t), priv), t);
            }
            if (lock) omp.call("__jomp_reduce_exit", IrType.VOID);
        }
        if (lastFlag != null) {
            BasicBlock copy = f.b.newBlock("omp.lastprivate"), done = f.b.newBlock("omp.lastprivate.done");
            f.b.condBr(lastFlag, copy, done);
            f.b.setBlock(copy);
            for (Entry e : entries) {
                if (!e.last()) continue;
                Type t = e.var().type;
                if (TypeMap.inMemory(t)) f.b.memcpy(e.orig().addr(), f.varAddress(e.var()), IntConst.i64(t.size()));
                else write(e.orig(), f.readVar(e.var()), t);
            }
            f.b.br(done);
            f.b.setBlock(done);
        }
        restores.forEach(Runnable::run);
    }
}
