package jomp.compiler.lower;

import java.util.ArrayList;
import java.util.List;
import jomp.compiler.ast.Var;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.Value;

/**
 * The loops an OpenMP 6.0 fuse, split or stripe construct generates, as a loop construct that
 * is associated with them sees them (LoopNest's {@code generated}): the levels it collapses
 * (their trip counts, null where a count depends on an outer generated loop's index), the
 * logical iterations of those levels, and, for given indices of them, the rest of the generated
 * loops and the body. Like a tile's loops (LoopNest.Tiled), they carry no C variable of their
 * own: the loop variables of the loops they came from are set in the body.
 */
interface GeneratedNest {
    /** The collapsed generated loops, outermost first. */
    List<LoopNest.Level> levels();

    /** Their logical iterations (every original iteration they hold, once). */
    Value total();

    /** The indices of the collapsed levels for logical iteration iv (an i64 value). */
    Value[] indices(FunctionLowering f, Value iv);

    /**
     * The iteration at those indices: the generated loops below them, then the body (continue
     * goes to latch); it ends in the block that goes on to the latch.
     */
    void at(FunctionLowering f, Value[] idx, BasicBlock exit, BasicBlock latch);

    /** The values an outlined function needs (this nest's bounds, its total last). */
    List<Value> exported();

    int exportedSize();

    /** This nest in a function that received {@link #exported()} as values (maybe with more after them). */
    GeneratedNest imported(List<Value> values);

    /** The C loop variables of the loops the construct transformed. */
    List<Var> vars();

    List<Var> declaredVars();

    /** Those loops' levels as written, in their order (lastprivate of a loop variable). */
    List<LoopNest.Level> originalLevels();

    /** Frees what the nest allocated before the construct (an enumerated nest's tables), after it. */
    default void release(FunctionLowering f) {}

    /** Mixed-radix digits of iv in the counts of rectangular levels (the last one fastest). */
    static Value[] digits(FunctionLowering f, Value iv, List<LoopNest.Level> levels) {
        Value[] idx = new Value[levels.size()];
        Value rem = iv;
        for (int k = levels.size() - 1; k >= 0; k--) {
            idx[k] = k == 0 ? rem : f.e.bin(Insn.BinOp.REM, rem, levels.get(k).count());
            if (k > 0) rem = f.e.bin(Insn.BinOp.DIV, rem, levels.get(k).count());
        }
        return idx;
    }

    /** A nest generated over one loop nest: its variables and original levels are that nest's. */
    interface OverOneNest extends GeneratedNest {
        LoopNest inner();

        @Override
        default List<Var> vars() {
            return inner().vars();
        }

        @Override
        default List<Var> declaredVars() {
            return inner().declaredVars;
        }

        @Override
        default List<LoopNest.Level> originalLevels() {
            return inner().originalLevels();
        }
    }

    /**
     * One loop of a split's sequence (or the split's only loop): logical iterations [start, start
     * + count) of the split loop, which its nest runs as written.
     */
    record Range(LoopNest inner, Value start, Value count) implements OverOneNest {
        @Override
        public List<LoopNest.Level> levels() {
            return List.of(new LoopNest.Level(null, IntConst.i64(0), IntConst.i64(1), count));
        }

        @Override
        public Value total() {
            return count;
        }

        @Override
        public Value[] indices(FunctionLowering f, Value iv) {
            return new Value[] {iv};
        }

        @Override
        public void at(FunctionLowering f, Value[] idx, BasicBlock exit, BasicBlock latch) {
            inner.iterate(f, f.e.bin(Insn.BinOp.ADD, start, idx[0]), exit, latch);
        }

        @Override
        public List<Value> exported() {
            List<Value> out = new ArrayList<>(inner.exported());
            out.add(start);
            out.add(count);
            return out;
        }

        @Override
        public int exportedSize() {
            return inner.exportedSize() + 2;
        }

        @Override
        public GeneratedNest imported(List<Value> values) {
            int n = inner.exportedSize();
            return new Range(inner.imported(values.subList(0, n)), values.get(n), values.get(n + 1));
        }
    }

    /**
     * The loop fuse generates from the loops of its canonical loop sequence (each a nest of one
     * generated loop): logical iteration k runs iteration k of each loop that has one, in their
     * order; the longest loop sets the count.
     */
    record Fused(List<LoopNest> parts, Value total) implements GeneratedNest {
        @Override
        public List<LoopNest.Level> levels() {
            return List.of(new LoopNest.Level(null, IntConst.i64(0), IntConst.i64(1), total));
        }

        @Override
        public Value[] indices(FunctionLowering f, Value iv) {
            return new Value[] {iv};
        }

        @Override
        public void at(FunctionLowering f, Value[] idx, BasicBlock exit, BasicBlock latch) {
            for (LoopNest n : parts) {
                BasicBlock run = f.b.newBlock("omp.fuse.body"), after = f.b.newBlock("omp.fuse.next");
                f.b.condBr(f.b.cmp(Insn.CmpOp.LT, idx[0], n.total), run, after);
                f.b.setBlock(run);
                // continue in one loop's body goes on with the next loop's iteration
                n.iterate(f, idx[0], exit, after);
                if (!f.b.isTerminated()) f.b.br(after);
                f.b.setBlock(after);
            }
        }

        @Override
        public List<Value> exported() {
            List<Value> out = new ArrayList<>();
            for (LoopNest n : parts) out.addAll(n.exported());
            out.add(total);
            return out;
        }

        @Override
        public int exportedSize() {
            int n = 1;
            for (LoopNest p : parts) n += p.exportedSize();
            return n;
        }

        @Override
        public GeneratedNest imported(List<Value> values) {
            List<LoopNest> in = new ArrayList<>();
            int at = 0;
            for (LoopNest p : parts) {
                in.add(p.imported(values.subList(at, at + p.exportedSize())));
                at += p.exportedSize();
            }
            return new Fused(in, values.get(at));
        }

        @Override
        public List<Var> vars() {
            List<Var> out = new ArrayList<>();
            for (LoopNest p : parts) for (Var v : p.vars()) if (!out.contains(v)) out.add(v);
            return out;
        }

        @Override
        public List<Var> declaredVars() {
            List<Var> out = new ArrayList<>();
            for (LoopNest p : parts) out.addAll(p.declaredVars);
            return out;
        }

        @Override
        public List<LoopNest.Level> originalLevels() {
            List<LoopNest.Level> out = new ArrayList<>();
            for (LoopNest p : parts) out.addAll(p.originalLevels());
            return out;
        }
    }
}
