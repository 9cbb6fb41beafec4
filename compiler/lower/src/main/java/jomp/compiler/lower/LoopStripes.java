package jomp.compiler.lower;

import java.util.List;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.OmpClause;
import jomp.compiler.ast.Stmt;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Value;
import jomp.compiler.type.Type;

/**
 * split and stripe (OpenMP 6.0) where they stand. split: the loops counts(...) makes run the
 * logical iterations [0, c1), [c1, c1 + c2), ... one after the other (omp_fill takes the rest),
 * which is the original order, so the loop runs as written once the counts are evaluated. stripe
 * sizes(s1, ..., sd) over a rectangular nest of d loops: offset loops o_k over [0, s_k) outside,
 * grid loops over o_k, o_k + s_k, ... below the count of loop k inside, so a loop's iterations go
 * in strides of its size.
 */
final class LoopStripes {
    private LoopStripes() {}

    /**
     * The loops split x generates, as ranges of its loop's logical iterations: counts(c1, ...,
     * omp_fill, ...) in order, omp_fill taking what the others leave (a count past the loop's
     * end is cut there). Bounds and counts are evaluated now.
     */
    static List<GeneratedNest.Range> splitLoops(FunctionLowering f, Stmt.Omp x) {
        return splitLoops(f, x, 1);
    }

    /**
     * The same over the first depth loops of the split's nest (the split loop holds the loops
     * below it as written, which directives its apply clauses name may take): each range is of
     * the outermost loop's iterations, its inner nest the depth loops (rectangular: the front
     * end checks).
     */
    static List<GeneratedNest.Range> splitLoops(FunctionLowering f, Stmt.Omp x, int depth) {
        List<Expr> counts = x.directive().clauses(OmpClause.Counts.class).get(0).counts();
        List<Value> cs = new java.util.ArrayList<>();
        for (Expr e : counts) cs.add(e == null ? null : f.e.convert(f.rvalue(e), e.type(), Type.LONG));
        LoopNest nest = LoopNest.compute(f, x.body(), depth);
        Value n = nest.levels.get(0).count();
        Value known = IntConst.i64(0);
        for (Value c : cs) if (c != null) known = f.e.bin(Insn.BinOp.ADD, known, max0(f, c));
        Value fill = max0(f, f.e.bin(Insn.BinOp.SUB, n, known));
        List<GeneratedNest.Range> out = new java.util.ArrayList<>();
        Value start = IntConst.i64(0);
        for (Value c : cs) {
            Value want = c == null ? fill : max0(f, c), left = f.e.bin(Insn.BinOp.SUB, n, start);
            Value len = LoopNest.select(f, f.b.cmp(Insn.CmpOp.LT, want, left), want, left);
            out.add(new GeneratedNest.Range(nest, start, len));
            start = f.e.bin(Insn.BinOp.ADD, start, len);
        }
        return out;
    }

    private static Value max0(FunctionLowering f, Value v) {
        return LoopNest.select(f, f.b.cmp(Insn.CmpOp.GT, v, IntConst.i64(0)), v, IntConst.i64(0));
    }

    static void split(OmpLowering omp, FunctionLowering f, Stmt.Omp x) {
        for (OmpClause.Counts c : x.directive().clauses(OmpClause.Counts.class))
            for (Expr e : c.counts()) if (e != null) f.e.convert(f.rvalue(e), e.type(), Type.LONG);
        LoopNest nest = LoopNest.compute(f, x.body(), 1);
        DataSharing ds = DataSharing.at(omp, x, 0, nest);
        nest.serial(f, IntConst.i64(0), f.e.bin(Insn.BinOp.SUB, nest.total, IntConst.i64(1)), null, null);
        ds.end(false, null);
    }

    static void stripe(OmpLowering omp, FunctionLowering f, Stmt.Omp x) {
        List<Long> sizes = LoopNest.tileSizes(x.directive());
        LoopNest nest = LoopNest.compute(f, x.body(), sizes.size());
        if (nest.table != null || nest.tiled != null)
            throw new IllegalStateException(
                    x.loc() + ": jomp cannot stripe a non-rectangular nest or the loops of a tile");
        DataSharing ds = DataSharing.at(omp, x, 0, nest);
        Value[] offsets = new Value[sizes.size()];
        BasicBlock end = f.b.newBlock("omp.stripe.end");
        loops(f, nest, sizes, offsets, new Value[sizes.size()], 0, end);
        f.b.br(end);
        f.b.setBlock(end);
        ds.end(false, null);
    }

    /**
     * The generated loops of stripe t that a loop construct collapses, the outermost depth of
     * its 2d loops (the nest of d loops must be rectangular, as the parser checks).
     */
    static GeneratedNest striped(FunctionLowering f, Stmt.Omp t, int depth) {
        List<Long> sizes = LoopNest.tileSizes(t.directive());
        LoopNest inner = LoopNest.compute(f, t.body(), sizes.size());
        if (inner.table != null || inner.tiled != null || inner.generated != null)
            throw new IllegalStateException(
                    t.loc() + ": jomp cannot stripe a non-rectangular nest or the loops of another transformation");
        int d = sizes.size(), m = Math.min(Math.max(depth, 1), 2 * d), j = Math.max(m - d, 0);
        List<LoopNest.Level> levels = new java.util.ArrayList<>();
        Value total = IntConst.i64(1);
        for (int k = 0; k < Math.min(m, d); k++) {
            Value n = inner.levels.get(k).count(), s = IntConst.i64(sizes.get(k));
            Value c = LoopNest.select(f, f.b.cmp(Insn.CmpOp.LT, n, s), n, s);
            levels.add(new LoopNest.Level(null, IntConst.i64(0), IntConst.i64(1), c));
            total = f.e.bin(Insn.BinOp.MUL, total, k < j ? n : c);
        }
        for (int k = 0; k < j; k++) levels.add(new LoopNest.Level(null, IntConst.i64(0), IntConst.i64(1), null));
        return new Striped(inner, sizes, levels, total);
    }

    /**
     * A loop construct over a stripe's loops: offset loops o_k over [0, min(n_k, s_k)), then
     * grid loops over the original loop's logical iterations o_k, o_k + s_k, ... below n_k; the
     * first levels().size() of them are collapsed.
     */
    record Striped(LoopNest inner, List<Long> sizes, List<LoopNest.Level> levels, Value total)
            implements GeneratedNest.OverOneNest {
        /**
         * With grid loops collapsed too, the iterations are not a product (a grid loop's count,
         * ceil((n_k - o_k) / s_k), is q_k + 1 for the first r_k offsets and q_k after them, n_k =
         * q_k s_k + r_k), so each offset is found from how many iterations the earlier offsets
         * hold: unit x (o q_k + min(o, r_k)), unit being the iterations of the levels after it
         * for one grid iteration of this loop; the grid indices are then the rest's digits.
         */
        @Override
        public Value[] indices(FunctionLowering f, Value iv) {
            int d = sizes.size(), m = levels.size(), j = Math.max(m - d, 0);
            if (j == 0) return GeneratedNest.digits(f, iv, levels);
            Value[] idx = new Value[m], grid = new Value[j];
            Value q = iv, chosen = IntConst.i64(1), one = IntConst.i64(1), zero = IntConst.i64(0);
            for (int k = 0; k < d; k++) {
                Value unit = chosen;
                for (int i = k + 1; i < d; i++)
                    unit = f.e.bin(
                            Insn.BinOp.MUL,
                            unit,
                            i < j ? inner.levels.get(i).count() : levels.get(i).count());
                if (k >= j) {
                    idx[k] = f.e.bin(Insn.BinOp.DIV, q, unit);
                    q = f.e.bin(Insn.BinOp.SUB, q, f.e.bin(Insn.BinOp.MUL, idx[k], unit));
                    continue;
                }
                Value n = inner.levels.get(k).count(), s = IntConst.i64(sizes.get(k));
                Value quo = f.e.bin(Insn.BinOp.DIV, n, s), r = f.e.bin(Insn.BinOp.REM, n, s);
                Value big = f.e.bin(Insn.BinOp.MUL, unit, f.e.bin(Insn.BinOp.ADD, quo, one));
                Value small = f.e.bin(Insn.BinOp.MUL, unit, quo);
                Value first = f.e.bin(Insn.BinOp.MUL, r, big);
                Value divisor = LoopNest.select(f, f.b.cmp(Insn.CmpOp.GT, small, zero), small, one);
                Value o = LoopNest.select(
                        f,
                        f.b.cmp(Insn.CmpOp.LT, q, first),
                        f.e.bin(Insn.BinOp.DIV, q, big),
                        f.e.bin(
                                Insn.BinOp.ADD,
                                r,
                                f.e.bin(Insn.BinOp.DIV, f.e.bin(Insn.BinOp.SUB, q, first), divisor)));
                idx[k] = o;
                Value early = f.b.cmp(Insn.CmpOp.LT, o, r);
                Value before =
                        f.e.bin(Insn.BinOp.ADD, f.e.bin(Insn.BinOp.MUL, o, quo), LoopNest.select(f, early, o, r));
                q = f.e.bin(Insn.BinOp.SUB, q, f.e.bin(Insn.BinOp.MUL, unit, before));
                grid[k] = f.e.bin(Insn.BinOp.ADD, quo, LoopNest.select(f, early, one, zero));
                chosen = f.e.bin(Insn.BinOp.MUL, chosen, grid[k]);
            }
            for (int k = j - 1; k >= 0; k--) {
                idx[d + k] = k == 0 ? q : f.e.bin(Insn.BinOp.REM, q, grid[k]);
                if (k > 0) q = f.e.bin(Insn.BinOp.DIV, q, grid[k]);
            }
            return idx;
        }

        @Override
        public void at(FunctionLowering f, Value[] idx, BasicBlock exit, BasicBlock latch) {
            int d = sizes.size(), m = levels.size();
            Value[] offsets = new Value[d], grids = new Value[d];
            for (int k = 0; k < Math.min(m, d); k++) offsets[k] = idx[k];
            for (int k = 0; k < m - d; k++)
                grids[k] = f.e.bin(
                        Insn.BinOp.ADD, offsets[k], f.e.bin(Insn.BinOp.MUL, idx[d + k], IntConst.i64(sizes.get(k))));
            loops(f, inner, sizes, offsets, grids, m, exit);
        }

        @Override
        public List<Value> exported() {
            List<Value> out = new java.util.ArrayList<>(inner.exported());
            for (LoopNest.Level l : levels) if (l.count() != null) out.add(l.count());
            out.add(total);
            return out;
        }

        @Override
        public int exportedSize() {
            int n = inner.exportedSize() + 1;
            for (LoopNest.Level l : levels) if (l.count() != null) n++;
            return n;
        }

        @Override
        public GeneratedNest imported(List<Value> values) {
            int n = inner.exportedSize(), at = n;
            List<LoopNest.Level> ls = new java.util.ArrayList<>();
            for (LoopNest.Level l : levels)
                ls.add(new LoopNest.Level(null, l.lb(), l.step(), l.count() == null ? null : values.get(at++)));
            return new Striped(inner.imported(values.subList(0, n)), sizes, ls, values.get(at));
        }
    }

    /** Level k of the 2d generated loops: the offsets first, then the grids; the body at the bottom. */
    private static void loops(
            FunctionLowering f,
            LoopNest nest,
            List<Long> sizes,
            Value[] offsets,
            Value[] grids,
            int k,
            BasicBlock exit) {
        int d = sizes.size();
        if (k == 2 * d) {
            for (int j = 0; j < d; j++) {
                LoopNest.Level l = nest.levels.get(j);
                Value val = f.e.bin(Insn.BinOp.ADD, l.lb(), f.e.bin(Insn.BinOp.MUL, grids[j], l.step()));
                f.assignVar(
                        l.var(),
                        l.var().type.isPointer()
                                ? f.e.conv(Insn.ConvOp.BITCAST, val, IrType.PTR)
                                : f.e.convert(val, Type.LONG, l.var().type));
            }
            BasicBlock next = f.b.newBlock("omp.stripe.next");
            f.loopBody(nest.body, f.b.block(), exit, next);
            if (!f.b.isTerminated()) f.b.br(next);
            f.b.setBlock(next);
            return;
        }
        boolean offset = k < d;
        int j = offset ? k : k - d;
        Reg r = f.fn.newReg(IrType.I64, offset ? "omp.stripe.off" : "omp.stripe.grid");
        f.b.copy(r, offset ? IntConst.i64(0) : offsets[j]);
        if (offset) offsets[j] = r;
        else grids[j] = r;
        Value bound = offset ? IntConst.i64(sizes.get(j)) : nest.levels.get(j).count();
        BasicBlock head = f.b.newBlock("omp.stripe.cond"),
                body = f.b.newBlock("omp.stripe.body"),
                done = f.b.newBlock("omp.stripe.done");
        f.b.br(head);
        f.b.setBlock(head);
        f.b.condBr(f.b.cmp(Insn.CmpOp.LT, r, bound), body, done);
        f.b.setBlock(body);
        loops(f, nest, sizes, offsets, grids, k + 1, exit);
        f.b.copy(r, f.b.binary(Insn.BinOp.ADD, r, IntConst.i64(offset ? 1 : sizes.get(j))));
        f.b.br(head);
        f.b.setBlock(done);
    }
}
