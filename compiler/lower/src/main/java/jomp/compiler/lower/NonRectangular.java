package jomp.compiler.lower;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.Var;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Value;
import jomp.compiler.type.Type;

/**
 * A collapsed loop nest whose inner loops' bounds use outer loops' variables (OpenMP 5.0
 * non-rectangular nests, {@code for (i = 0; i < n; i++) for (j = i; j < n; j++)}). Before the
 * loop, the combinations of the outer loops' values are enumerated as the loops would run them,
 * and for each the innermost loop's first value, step and trip count are kept: a table of
 * prefix sums of the trip counts (which maps a logical iteration to its combination by binary
 * search) and one record per combination (the outer variables' values, the innermost first
 * value and step). Any number of levels and any bounds in canonical form work this way.
 */
final class NonRectangular {
    /** All values are i64: total iterations, number of combinations, and the two tables' addresses. */
    final Value total, combos, prefix, records;

    private final List<Var> vars;
    private final boolean owner;

    private NonRectangular(Value total, Value combos, Value prefix, Value records, List<Var> vars, boolean owner) {
        this.total = total;
        this.combos = combos;
        this.prefix = prefix;
        this.records = records;
        this.vars = vars;
        this.owner = owner;
    }

    /** Does an inner loop's first value, bound or increment use an outer loop's variable? */
    static boolean applies(List<LoopNest.Loop> loops) {
        for (int k = 1; k < loops.size(); k++) {
            Set<Var> used = OmpCaptures.refs(loops.get(k).init());
            used.addAll(OmpCaptures.refs(loops.get(k).bound()));
            used.addAll(OmpCaptures.refs(loops.get(k).incr()));
            for (int m = 0; m < k; m++) if (used.contains(loops.get(m).var())) return true;
        }
        return false;
    }

    private int width() {
        return vars.size() + 1;
    } // per combination: outer variables, innermost first value and step

    /** Enumerates the nest in f (the loop variables live in temporaries meanwhile) and builds the tables with malloc. */
    static NonRectangular enumerate(FunctionLowering f, List<LoopNest.Loop> loops) {
        List<Var> vars = loops.stream().map(LoopNest.Loop::var).toList();
        List<Runnable> undo = new ArrayList<>();
        for (Var v : vars) {
            undo.add(f.unbind(v));
            f.regVars.put(v, f.fn.newReg(TypeMap.reg(v.type), FunctionLowering.safeName(v.name)));
        }
        Reg combos = f.fn.newReg(IrType.I64, "omp.nr.combos"), total = f.fn.newReg(IrType.I64, "omp.nr.total");
        f.b.copy(combos, IntConst.i64(0));
        f.b.copy(total, IntConst.i64(0));
        walk(f, loops, 0, inner -> {
            f.b.copy(combos, f.b.binary(Insn.BinOp.ADD, combos, IntConst.i64(1)));
            f.b.copy(total, f.b.binary(Insn.BinOp.ADD, total, inner.count()));
        });
        int width = vars.size() + 1;
        Value prefix = f.omp.call(
                "malloc",
                IrType.PTR,
                f.e.bin(Insn.BinOp.MUL, f.e.bin(Insn.BinOp.ADD, combos, IntConst.i64(1)), IntConst.i64(8)));
        Value records = f.omp.call(
                "malloc",
                IrType.PTR,
                f.e.bin(Insn.BinOp.ADD, f.e.bin(Insn.BinOp.MUL, combos, IntConst.i64(8L * width)), IntConst.i64(8)));
        f.b.store(IntConst.i64(0), prefix);
        Reg k = f.fn.newReg(IrType.I64, "omp.nr.k");
        f.b.copy(k, IntConst.i64(0));
        walk(f, loops, 0, inner -> {
            Value at = f.b.ptrAdd(prefix, f.e.bin(Insn.BinOp.MUL, k, IntConst.i64(8)));
            Value next = f.b.ptrAdd(at, IntConst.i64(8));
            f.b.store(f.e.bin(Insn.BinOp.ADD, f.b.load(IrType.I64, at), inner.count()), next);
            Value rec = f.b.ptrAdd(records, f.e.bin(Insn.BinOp.MUL, k, IntConst.i64(8L * width)));
            for (int m = 0; m < vars.size() - 1; m++)
                f.b.store(LoopNest.toLong(f, f.readVar(vars.get(m)), vars.get(m).type), OmpLowering.at(f, rec, 8L * m));
            f.b.store(inner.lb(), OmpLowering.at(f, rec, 8L * (vars.size() - 1)));
            f.b.store(inner.step(), OmpLowering.at(f, rec, 8L * vars.size()));
            f.b.copy(k, f.b.binary(Insn.BinOp.ADD, k, IntConst.i64(1)));
        });
        undo.forEach(Runnable::run);
        return new NonRectangular(
                total,
                combos,
                f.e.conv(Insn.ConvOp.BITCAST, prefix, IrType.I64),
                f.e.conv(Insn.ConvOp.BITCAST, records, IrType.I64),
                vars,
                true);
    }

    /** Runs the outer loops from level k as written; at the innermost level, calls leaf with its bounds. */
    private static void walk(FunctionLowering f, List<LoopNest.Loop> loops, int k, Consumer<LoopNest.Level> leaf) {
        LoopNest.Level lv = LoopNest.level(f, loops.get(k));
        if (k == loops.size() - 1) {
            leaf.accept(lv);
            return;
        }
        Reg t = f.fn.newReg(IrType.I64, "omp.nr.t");
        f.b.copy(t, IntConst.i64(0));
        BasicBlock head = f.b.newBlock("omp.nr.cond"),
                body = f.b.newBlock("omp.nr.body"),
                end = f.b.newBlock("omp.nr.end");
        f.b.br(head);
        f.b.setBlock(head);
        f.b.condBr(f.b.cmp(Insn.CmpOp.LT, t, lv.count()), body, end);
        f.b.setBlock(body);
        assignVar(f, lv.var(), f.e.bin(Insn.BinOp.ADD, lv.lb(), f.e.bin(Insn.BinOp.MUL, t, lv.step())));
        walk(f, loops, k + 1, leaf);
        f.b.copy(t, f.b.binary(Insn.BinOp.ADD, t, IntConst.i64(1)));
        f.b.br(head);
        f.b.setBlock(end);
    }

    private static void assignVar(FunctionLowering f, Var v, Value i64) {
        Type t = v.type;
        f.assignVar(v, t.isPointer() ? f.e.conv(Insn.ConvOp.BITCAST, i64, IrType.PTR) : f.e.convert(i64, Type.LONG, t));
    }

    /** Sets the loop variables for logical iteration iv: the combination by binary search over the prefix sums, then the innermost value. */
    void assign(FunctionLowering f, Value iv) {
        Value pre = f.e.conv(Insn.ConvOp.BITCAST, prefix, IrType.PTR),
                rec = f.e.conv(Insn.ConvOp.BITCAST, records, IrType.PTR);
        Reg lo = searchPrefix(f, pre, combos, iv, "omp.nr");
        Value t = f.b.binary(
                Insn.BinOp.SUB,
                iv,
                f.b.load(IrType.I64, f.b.ptrAdd(pre, f.b.binary(Insn.BinOp.MUL, lo, IntConst.i64(8)))));
        Value r = f.b.ptrAdd(rec, f.b.binary(Insn.BinOp.MUL, lo, IntConst.i64(8L * width())));
        for (int m = 0; m < vars.size() - 1; m++)
            assignVar(f, vars.get(m), f.b.load(IrType.I64, OmpLowering.at(f, r, 8L * m)));
        Value lb = f.b.load(IrType.I64, OmpLowering.at(f, r, 8L * (vars.size() - 1))),
                st = f.b.load(IrType.I64, OmpLowering.at(f, r, 8L * vars.size()));
        assignVar(f, vars.get(vars.size() - 1), f.b.binary(Insn.BinOp.ADD, lb, f.b.binary(Insn.BinOp.MUL, t, st)));
    }

    /**
     * The combination that logical iteration iv falls in: emits a binary search over prefix sums
     * pre[0..combos) (pre[c] is the first iteration of combination c) and returns the register
     * holding c when it ends. Names its blocks and registers after prefix (omp.nr, omp.gen).
     */
    static Reg searchPrefix(FunctionLowering f, Value pre, Value combos, Value iv, String prefix) {
        Reg lo = f.fn.newReg(IrType.I64, prefix + ".lo"), hi = f.fn.newReg(IrType.I64, prefix + ".hi");
        f.b.copy(lo, IntConst.i64(0));
        f.b.copy(hi, combos);
        BasicBlock head = f.b.newBlock(prefix + ".search"),
                halve = f.b.newBlock(prefix + ".halve"),
                up = f.b.newBlock(prefix + ".up"),
                down = f.b.newBlock(prefix + ".down"),
                found = f.b.newBlock(prefix + ".found");
        f.b.br(head);
        f.b.setBlock(head);
        f.b.condBr(f.b.cmp(Insn.CmpOp.GT, f.b.binary(Insn.BinOp.SUB, hi, lo), IntConst.i64(1)), halve, found);
        f.b.setBlock(halve);
        Value mid = f.b.binary(Insn.BinOp.DIV, f.b.binary(Insn.BinOp.ADD, lo, hi), IntConst.i64(2));
        Value pm = f.b.load(IrType.I64, f.b.ptrAdd(pre, f.b.binary(Insn.BinOp.MUL, mid, IntConst.i64(8))));
        f.b.condBr(f.b.cmp(Insn.CmpOp.LE, pm, iv), up, down);
        f.b.setBlock(up);
        f.b.copy(lo, mid);
        f.b.br(head);
        f.b.setBlock(down);
        f.b.copy(hi, mid);
        f.b.br(head);
        f.b.setBlock(found);
        return lo;
    }

    List<Value> exported() {
        return List.of(prefix, records, combos, total);
    }

    NonRectangular imported(List<Value> values) {
        return new NonRectangular(values.get(3), values.get(2), values.get(0), values.get(1), vars, false);
    }

    void release(FunctionLowering f) {
        if (!owner) return;
        f.omp.call("free", IrType.VOID, f.e.conv(Insn.ConvOp.BITCAST, prefix, IrType.PTR));
        f.omp.call("free", IrType.VOID, f.e.conv(Insn.ConvOp.BITCAST, records, IrType.PTR));
    }

    /** The expression refers to one of these variables (used by the parser's check too). */
    static boolean uses(Expr e, Set<Var> vars) {
        for (Var v : OmpCaptures.refs(e)) if (vars.contains(v)) return true;
        return false;
    }
}
