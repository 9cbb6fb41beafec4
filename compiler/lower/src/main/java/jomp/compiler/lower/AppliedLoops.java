package jomp.compiler.lower;

import java.util.ArrayList;
import java.util.List;
import jomp.compiler.ast.OmpDirective;
import jomp.compiler.ast.OmpDirective.Leaf;
import jomp.compiler.ast.OmpGeneratedLoops;
import jomp.compiler.ast.Stmt;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Value;

/**
 * A chain of loop-transforming constructs with apply clauses, or over the loops fuse, split and
 * stripe generate (OpenMP 6.0), where it stands: the plan's steps (OmpGeneratedLoops) turn the
 * base nest into the generated loops one by one, each a {@link Gen} over the one before (its
 * loops' trip counts and how its indices map to the indices of the loops it came from), and the
 * result runs sequentially: every original iteration once, in the order the transformations give.
 */
final class AppliedLoops {
    private AppliedLoops() {}

    /**
     * A loop nest in logical form: loop k runs indices [0, count(k)), a count computed from the
     * indices of the loops outside it; body runs the original iteration at all the indices.
     */
    private interface Gen {
        int depth();

        /** Loop k's trip count; idx[0..k) are set (an entry may be null where it is not needed). */
        Value count(FunctionLowering f, int k, Value[] idx);

        void body(FunctionLowering f, Value[] idx, BasicBlock exit, BasicBlock latch);

        /** The values an outlined function needs to run this nest. */
        List<Value> exported();

        /** This nest in a function that received {@link #exported()} as values. */
        Gen imported(List<Value> values);

        /** The nest (or generated nest) the plan starts from: its variables and loops as written. */
        GeneratedNest origin();
    }

    static void run(OmpLowering omp, FunctionLowering f, Stmt.Omp x) {
        OmpGeneratedLoops.Plan plan = OmpGeneratedLoops.plan(x);
        if (plan.generatedBase()
                && plan.base() instanceof Stmt.Omp fuse
                && fuse.directive().has(Leaf.FUSE)) {
            if (plan.error() != null) throw new IllegalStateException(plan.errorLoc() + ": " + plan.error());
            // the loops outside its looprange run before and after the fused loop the plan transforms
            LoopFusion.lower(f, fuse, fused -> runFrom(f, plan.steps(), new FromGenerated(fused.generated)));
            return;
        }
        if (plan.generatedBase()
                && plan.base() instanceof Stmt.Omp split
                && split.directive().has(Leaf.SPLIT)) {
            // its loops in order, each with the directives its apply clauses name for it (6.0's `split` loops)
            if (plan.error() != null) throw new IllegalStateException(plan.errorLoc() + ": " + plan.error());
            List<GeneratedNest.Range> parts = LoopStripes.splitLoops(f, split, plan.baseDepth());
            for (int q = 0; q < parts.size() && !f.b.isTerminated(); q++)
                runFrom(
                        f,
                        parts.size() == 1 ? plan.steps() : OmpGeneratedLoops.partSteps(split.directive(), q),
                        new SplitPart(parts.get(q), plan.baseDepth()));
            return;
        }
        LoopNest base = plan.generatedBase() ? null : LoopNest.compute(f, plan.base(), plan.baseDepth());
        DataSharing ds = base == null ? null : DataSharing.at(omp, x, 0, base);
        Gen g = build(f, plan, base);
        BasicBlock exit = f.b.newBlock("omp.apply.end");
        serial(f, g, new Value[0], exit, null);
        if (!f.b.isTerminated()) f.b.br(exit);
        f.b.setBlock(exit);
        if (ds != null) ds.end(false, null);
    }

    /** The loops steps generate over n (a fused loop, a split's loop), where they stand. */
    private static void runFrom(FunctionLowering f, List<OmpGeneratedLoops.Step> steps, Gen from) {
        Gen g = from;
        for (OmpGeneratedLoops.Step st : steps) g = step(f, g, st);
        BasicBlock exit = f.b.newBlock("omp.apply.end");
        serial(f, g, new Value[0], exit, null);
        if (!f.b.isTerminated()) f.b.br(exit);
        f.b.setBlock(exit);
    }

    /**
     * The first depth loops the chain at x generates, as a loop construct collapses them
     * (rectangular: the front end checks), their counts and logical iterations evaluated now.
     */
    static GeneratedNest generated(FunctionLowering f, Stmt.Omp x, int depth) {
        OmpGeneratedLoops.Plan plan = OmpGeneratedLoops.plan(x);
        Gen g = build(f, plan, plan.generatedBase() ? null : LoopNest.compute(f, plan.base(), plan.baseDepth()));
        if (depth > plan.rectangular()) return Enumerated.of(f, g, depth);
        List<Value> counts = new ArrayList<>();
        Value total = IntConst.i64(1);
        for (int k = 0; k < depth; k++) {
            counts.add(g.count(f, k, new Value[g.depth()]));
            total = f.e.bin(Insn.BinOp.MUL, total, counts.get(k));
        }
        return new Collapsed(g, counts, total);
    }

    /**
     * The outermost loop that steps generate from a fused loop (a fuse's apply clauses), as the
     * loop sequence of an enclosing fuse takes it: one loop whose body runs the others.
     */
    static GeneratedNest fusedOutermost(FunctionLowering f, List<OmpGeneratedLoops.Step> steps, GeneratedNest fused) {
        return outermost(f, steps, new FromGenerated(fused));
    }

    /** The same for one loop of a split (the directives its apply clauses name for it). */
    static GeneratedNest splitOutermost(
            FunctionLowering f, List<OmpGeneratedLoops.Step> steps, GeneratedNest.Range part, int depth) {
        return outermost(f, steps, new SplitPart(part, depth));
    }

    private static GeneratedNest outermost(FunctionLowering f, List<OmpGeneratedLoops.Step> steps, Gen from) {
        Gen g = from;
        for (OmpGeneratedLoops.Step st : steps) g = step(f, g, st);
        Value count = g.count(f, 0, new Value[g.depth()]);
        return new Collapsed(g, List.of(count), count);
    }

    /** The plan's loops over base (the base nest, null when the plan starts from a fuse or split). */
    private static Gen build(FunctionLowering f, OmpGeneratedLoops.Plan plan, LoopNest base) {
        if (plan.error() != null) throw new IllegalStateException(plan.errorLoc() + ": " + plan.error());
        Gen g;
        if (plan.generatedBase()) {
            Stmt.Omp t = (Stmt.Omp) plan.base();
            g = t.directive().has(Leaf.FUSE)
                    ? new FromGenerated(LoopFusion.generated(f, t))
                    : new SplitPart(
                            LoopStripes.splitLoops(f, t, plan.baseDepth()).get(0), plan.baseDepth());
        } else {
            g = new Base(base, plan.baseDepth());
        }
        for (OmpGeneratedLoops.Step st : plan.steps()) g = step(f, g, st);
        return g;
    }

    private static Gen step(FunctionLowering f, Gen g, OmpGeneratedLoops.Step st) {
        OmpDirective d = st.directive();
        int p = st.position();
        return switch (d.leaves().get(0)) {
            case TILE -> new Tiled(g, p, LoopNest.tileSizes(d), false);
            case STRIPE -> new Tiled(g, p, LoopNest.tileSizes(d), true);
            case UNROLL -> OmpGeneratedLoops.partial(d) ? new Tiled(g, p, List.of(LoopNest.unrollFactor(d)), false) : g;
            case REVERSE -> new Reversed(g, p);
            case INTERCHANGE -> new Permuted(g, p, OmpGeneratedLoops.permutation(d));
            case SPLIT -> new Split(g, p, splitCounts(f, d));
            default -> throw new IllegalStateException(d.loc() + ": '" + d.name() + "' applied to a generated loop");
        };
    }

    /**
     * The nest's loops after the fixed ones (a loop construct shares those out), then the body at
     * their indices; continue in the body goes to the innermost loop's next iteration (to latch
     * when every loop is fixed). It ends after the outermost loop it ran.
     */
    private static void serial(FunctionLowering f, Gen g, Value[] fixed, BasicBlock exit, BasicBlock latch) {
        int n = g.depth();
        Value[] idx = new Value[n];
        System.arraycopy(fixed, 0, idx, 0, fixed.length);
        if (fixed.length == n) {
            g.body(f, idx, exit, latch);
            return;
        }
        List<Runnable> closers = new ArrayList<>();
        for (int k = fixed.length; k < n; k++) {
            Value limit = g.count(f, k, idx);
            Reg r = f.fn.newReg(IrType.I64, "omp.gen");
            f.b.copy(r, IntConst.i64(0));
            BasicBlock head = f.b.newBlock("omp.gen.cond"),
                    body = f.b.newBlock("omp.gen.body"),
                    end = f.b.newBlock("omp.gen.next");
            f.b.br(head);
            f.b.setBlock(head);
            f.b.condBr(f.b.cmp(Insn.CmpOp.LT, r, limit), body, end);
            f.b.setBlock(body);
            idx[k] = r;
            closers.add(0, () -> {
                f.b.copy(r, f.b.binary(Insn.BinOp.ADD, r, IntConst.i64(1)));
                f.b.br(head);
                f.b.setBlock(end);
            });
        }
        BasicBlock inner = f.b.newBlock("omp.gen.latch");
        g.body(f, idx, exit, inner);
        if (!f.b.isTerminated()) f.b.br(inner);
        f.b.setBlock(inner);
        for (Runnable c : closers) c.run();
    }

    /** The collapsed loops of a plan, for a loop construct (GeneratedNest): counts and total evaluated once. */
    private record Collapsed(Gen gen, List<Value> counts, Value total) implements GeneratedNest {
        @Override
        public List<LoopNest.Level> levels() {
            List<LoopNest.Level> out = new ArrayList<>();
            for (Value c : counts) out.add(new LoopNest.Level(null, IntConst.i64(0), IntConst.i64(1), c));
            return out;
        }

        @Override
        public Value[] indices(FunctionLowering f, Value iv) {
            return GeneratedNest.digits(f, iv, levels());
        }

        @Override
        public void at(FunctionLowering f, Value[] idx, BasicBlock exit, BasicBlock latch) {
            serial(f, gen, idx, exit, latch);
        }

        @Override
        public List<Value> exported() {
            List<Value> out = new ArrayList<>(gen.exported());
            out.addAll(counts);
            out.add(total);
            return out;
        }

        @Override
        public int exportedSize() {
            return gen.exported().size() + counts.size() + 1;
        }

        @Override
        public GeneratedNest imported(List<Value> values) {
            int n = gen.exported().size(), c = counts.size();
            return new Collapsed(
                    gen.imported(values.subList(0, n)), List.copyOf(values.subList(n, n + c)), values.get(n + c));
        }

        @Override
        public List<jomp.compiler.ast.Var> vars() {
            return gen.origin().vars();
        }

        @Override
        public List<jomp.compiler.ast.Var> declaredVars() {
            return gen.origin().declaredVars();
        }

        @Override
        public List<LoopNest.Level> originalLevels() {
            return gen.origin().originalLevels();
        }
    }

    /**
     * The first depth generated loops collapsed when their trip counts depend on each other (a
     * grid loop and its intratile loop, a stripe's offset and grid loops): as for a
     * non-rectangular nest written out (NonRectangular), the combinations of the outer depth - 1
     * loops' indices are enumerated once, before the loop, with the prefix sums of the innermost
     * collapsed loop's counts; a logical iteration finds its combination by binary search. The
     * tables (i64 addresses) are freed by the nest that made them (owner).
     */
    private record Enumerated(Gen gen, int depth, Value combos, Value prefix, Value records, Value total, boolean owner)
            implements GeneratedNest {
        static Enumerated of(FunctionLowering f, Gen g, int depth) {
            Reg combos = f.fn.newReg(IrType.I64, "omp.gen.combos"), total = f.fn.newReg(IrType.I64, "omp.gen.total");
            f.b.copy(combos, IntConst.i64(0));
            f.b.copy(total, IntConst.i64(0));
            walk(f, g, depth, 0, new Value[g.depth()], idx -> {
                f.b.copy(combos, f.b.binary(Insn.BinOp.ADD, combos, IntConst.i64(1)));
                f.b.copy(total, f.b.binary(Insn.BinOp.ADD, total, g.count(f, depth - 1, idx)));
            });
            Value prefix = f.omp.call(
                    "malloc",
                    IrType.PTR,
                    f.e.bin(Insn.BinOp.MUL, f.e.bin(Insn.BinOp.ADD, combos, IntConst.i64(1)), IntConst.i64(8)));
            Value records = f.omp.call(
                    "malloc",
                    IrType.PTR,
                    f.e.bin(
                            Insn.BinOp.ADD,
                            f.e.bin(Insn.BinOp.MUL, combos, IntConst.i64(8L * (depth - 1))),
                            IntConst.i64(8)));
            f.b.store(IntConst.i64(0), prefix);
            Reg k = f.fn.newReg(IrType.I64, "omp.gen.k");
            f.b.copy(k, IntConst.i64(0));
            walk(f, g, depth, 0, new Value[g.depth()], idx -> {
                Value at = f.b.ptrAdd(prefix, f.e.bin(Insn.BinOp.MUL, k, IntConst.i64(8)));
                f.b.store(
                        f.e.bin(Insn.BinOp.ADD, f.b.load(IrType.I64, at), g.count(f, depth - 1, idx)),
                        f.b.ptrAdd(at, IntConst.i64(8)));
                Value rec = f.b.ptrAdd(records, f.e.bin(Insn.BinOp.MUL, k, IntConst.i64(8L * (depth - 1))));
                for (int m = 0; m < depth - 1; m++) f.b.store(idx[m], OmpLowering.at(f, rec, 8L * m));
                f.b.copy(k, f.b.binary(Insn.BinOp.ADD, k, IntConst.i64(1)));
            });
            return new Enumerated(
                    g,
                    depth,
                    combos,
                    f.e.conv(Insn.ConvOp.BITCAST, prefix, IrType.I64),
                    f.e.conv(Insn.ConvOp.BITCAST, records, IrType.I64),
                    total,
                    true);
        }

        /** Runs the generated loops from level k up to the innermost collapsed one; there, leaf with the indices. */
        private static void walk(
                FunctionLowering f, Gen g, int depth, int k, Value[] idx, java.util.function.Consumer<Value[]> leaf) {
            if (k == depth - 1) {
                leaf.accept(idx);
                return;
            }
            Reg r = f.fn.newReg(IrType.I64, "omp.gen.walk");
            f.b.copy(r, IntConst.i64(0));
            BasicBlock head = f.b.newBlock("omp.gen.walk.cond"),
                    body = f.b.newBlock("omp.gen.walk.body"),
                    end = f.b.newBlock("omp.gen.walk.end");
            f.b.br(head);
            f.b.setBlock(head);
            f.b.condBr(f.b.cmp(Insn.CmpOp.LT, r, g.count(f, k, idx)), body, end);
            f.b.setBlock(body);
            idx[k] = r;
            walk(f, g, depth, k + 1, idx, leaf);
            f.b.copy(r, f.b.binary(Insn.BinOp.ADD, r, IntConst.i64(1)));
            f.b.br(head);
            f.b.setBlock(end);
        }

        @Override
        public List<LoopNest.Level> levels() {
            List<LoopNest.Level> out = new ArrayList<>();
            for (int k = 0; k < depth; k++) out.add(new LoopNest.Level(null, null, null, null)); // counts vary
            return out;
        }

        @Override
        public Value[] indices(FunctionLowering f, Value iv) {
            Value pre = f.e.conv(Insn.ConvOp.BITCAST, prefix, IrType.PTR),
                    rec = f.e.conv(Insn.ConvOp.BITCAST, records, IrType.PTR);
            Reg lo = NonRectangular.searchPrefix(f, pre, combos, iv, "omp.gen");
            Value[] idx = new Value[depth];
            Value r = f.b.ptrAdd(rec, f.b.binary(Insn.BinOp.MUL, lo, IntConst.i64(8L * (depth - 1))));
            for (int m = 0; m < depth - 1; m++) idx[m] = f.b.load(IrType.I64, OmpLowering.at(f, r, 8L * m));
            idx[depth - 1] = f.b.binary(
                    Insn.BinOp.SUB,
                    iv,
                    f.b.load(IrType.I64, f.b.ptrAdd(pre, f.b.binary(Insn.BinOp.MUL, lo, IntConst.i64(8)))));
            return idx;
        }

        @Override
        public void at(FunctionLowering f, Value[] idx, BasicBlock exit, BasicBlock latch) {
            serial(f, gen, idx, exit, latch);
        }

        @Override
        public List<Value> exported() {
            List<Value> out = new ArrayList<>(gen.exported());
            out.addAll(List.of(combos, prefix, records, total));
            return out;
        }

        @Override
        public int exportedSize() {
            return gen.exported().size() + 4;
        }

        @Override
        public GeneratedNest imported(List<Value> values) {
            int n = gen.exported().size();
            return new Enumerated(
                    gen.imported(values.subList(0, n)),
                    depth,
                    values.get(n),
                    values.get(n + 1),
                    values.get(n + 2),
                    values.get(n + 3),
                    false);
        }

        @Override
        public List<jomp.compiler.ast.Var> vars() {
            return gen.origin().vars();
        }

        @Override
        public List<jomp.compiler.ast.Var> declaredVars() {
            return gen.origin().declaredVars();
        }

        @Override
        public List<LoopNest.Level> originalLevels() {
            return gen.origin().originalLevels();
        }

        @Override
        public void release(FunctionLowering f) {
            if (!owner) return;
            f.omp.call("free", IrType.VOID, f.e.conv(Insn.ConvOp.BITCAST, prefix, IrType.PTR));
            f.omp.call("free", IrType.VOID, f.e.conv(Insn.ConvOp.BITCAST, records, IrType.PTR));
        }
    }

    /** The base nest's first depth loops (rectangular: the front end checks), their iteration run by the nest. */
    private record Base(LoopNest nest, int depth) implements Gen {
        @Override
        public Value count(FunctionLowering f, int k, Value[] idx) {
            return nest.levels.get(k).count();
        }

        @Override
        public void body(FunctionLowering f, Value[] idx, BasicBlock exit, BasicBlock latch) {
            Value iv = idx[0];
            for (int k = 1; k < depth; k++)
                iv = f.e.bin(
                        Insn.BinOp.ADD,
                        f.e.bin(Insn.BinOp.MUL, iv, nest.levels.get(k).count()),
                        idx[k]);
            nest.iterate(f, iv, exit, latch);
        }

        @Override
        public List<Value> exported() {
            return nest.exported();
        }

        @Override
        public Gen imported(List<Value> values) {
            return new Base(nest.imported(values), depth);
        }

        @Override
        public GeneratedNest origin() {
            return new GeneratedNest.Range(nest, IntConst.i64(0), nest.total);
        }
    }

    /**
     * One loop of a split over the first depth loops of its nest: loop 0 runs the part's range of
     * the outermost loop's iterations, the others the loops below it as written (rectangular).
     */
    private record SplitPart(GeneratedNest.Range part, int depth) implements Gen {
        @Override
        public Value count(FunctionLowering f, int k, Value[] idx) {
            return k == 0 ? part.count() : part.inner().levels.get(k).count();
        }

        @Override
        public void body(FunctionLowering f, Value[] idx, BasicBlock exit, BasicBlock latch) {
            Value iv = f.e.bin(Insn.BinOp.ADD, part.start(), idx[0]);
            for (int k = 1; k < depth; k++)
                iv = f.e.bin(
                        Insn.BinOp.ADD,
                        f.e.bin(Insn.BinOp.MUL, iv, part.inner().levels.get(k).count()),
                        idx[k]);
            part.inner().iterate(f, iv, exit, latch);
        }

        @Override
        public List<Value> exported() {
            return part.exported();
        }

        @Override
        public Gen imported(List<Value> values) {
            return new SplitPart((GeneratedNest.Range) part.imported(values), depth);
        }

        @Override
        public GeneratedNest origin() {
            return part;
        }
    }

    /** The one loop of a fuse (its whole sequence). */
    private record FromGenerated(GeneratedNest nest) implements Gen {
        @Override
        public int depth() {
            return 1;
        }

        @Override
        public Value count(FunctionLowering f, int k, Value[] idx) {
            return nest.total();
        }

        @Override
        public void body(FunctionLowering f, Value[] idx, BasicBlock exit, BasicBlock latch) {
            nest.at(f, nest.indices(f, idx[0]), exit, latch);
        }

        @Override
        public List<Value> exported() {
            return nest.exported();
        }

        @Override
        public Gen imported(List<Value> values) {
            return new FromGenerated(nest.imported(values));
        }

        @Override
        public GeneratedNest origin() {
            return nest;
        }
    }

    /** A Gen whose loops map onto the loops of the one it transforms. */
    private abstract static class Over implements Gen {
        final Gen in;

        Over(Gen in) {
            this.in = in;
        }

        /** in's indices for the first n of this nest's indices (null where not known yet). */
        abstract Value[] map(FunctionLowering f, Value[] idx, int n);

        /** The loop of in whose count loop k of this nest takes over, or -1 when k is a new loop. */
        abstract int same(int k);

        abstract Value newCount(FunctionLowering f, int k, Value[] idx);

        @Override
        public Value count(FunctionLowering f, int k, Value[] idx) {
            int s = same(k);
            return s < 0 ? newCount(f, k, idx) : in.count(f, s, map(f, idx, k));
        }

        @Override
        public void body(FunctionLowering f, Value[] idx, BasicBlock exit, BasicBlock latch) {
            in.body(f, map(f, idx, idx.length), exit, latch);
        }

        /** The same transformation over another nest (in, imported). */
        abstract Gen over(Gen other);

        @Override
        public List<Value> exported() {
            return in.exported();
        }

        @Override
        public Gen imported(List<Value> values) {
            return over(in.imported(values));
        }

        @Override
        public GeneratedNest origin() {
            return in.origin();
        }
    }

    /** reverse of loop p: index c - 1 - i of a loop of c iterations. */
    private static final class Reversed extends Over {
        private final int p;

        Reversed(Gen in, int p) {
            super(in);
            this.p = p;
        }

        @Override
        Gen over(Gen other) {
            return new Reversed(other, p);
        }

        @Override
        public int depth() {
            return in.depth();
        }

        @Override
        int same(int k) {
            return k;
        }

        @Override
        Value newCount(FunctionLowering f, int k, Value[] idx) {
            throw new IllegalStateException();
        }

        @Override
        Value[] map(FunctionLowering f, Value[] idx, int n) {
            Value[] out = new Value[in.depth()];
            System.arraycopy(idx, 0, out, 0, n);
            if (n > p && idx[p] != null) {
                Value c = in.count(f, p, out);
                out[p] = f.e.bin(Insn.BinOp.SUB, f.e.bin(Insn.BinOp.SUB, c, IntConst.i64(1)), idx[p]);
            }
            return out;
        }
    }

    /** interchange of loops p.. in the order perm gives (1-based): loop p + j is in's loop p + perm[j] - 1. */
    private static final class Permuted extends Over {
        private final int p;
        private final List<Integer> perm;

        Permuted(Gen in, int p, List<Integer> perm) {
            super(in);
            this.p = p;
            this.perm = perm;
        }

        @Override
        Gen over(Gen other) {
            return new Permuted(other, p, perm);
        }

        @Override
        public int depth() {
            return in.depth();
        }

        @Override
        int same(int k) {
            return k < p || k >= p + perm.size() ? k : p + perm.get(k - p) - 1;
        }

        @Override
        Value newCount(FunctionLowering f, int k, Value[] idx) {
            throw new IllegalStateException();
        }

        @Override
        Value[] map(FunctionLowering f, Value[] idx, int n) {
            Value[] out = new Value[in.depth()];
            for (int k = 0; k < n; k++) out[same(k)] = idx[k];
            return out;
        }
    }

    /**
     * tile (or unroll partial(n), a tile of one loop whose element loop is unrolled) of the m
     * loops from p: m grid loops of ceil(c / s) tiles, then m element loops of min(s, c - t s)
     * iterations; stripe: m offset loops of s iterations, then m grid loops of ceil((c - o) / s)
     * (none when o >= c), index o + g s.
     */
    private static final class Tiled extends Over {
        private final int p;
        private final List<Long> sizes;
        private final boolean stripe;

        Tiled(Gen in, int p, List<Long> sizes, boolean stripe) {
            super(in);
            this.p = p;
            this.sizes = sizes;
            this.stripe = stripe;
        }

        @Override
        Gen over(Gen other) {
            return new Tiled(other, p, sizes, stripe);
        }

        @Override
        public int depth() {
            return in.depth() + sizes.size();
        }

        @Override
        int same(int k) {
            int m = sizes.size();
            return k < p ? k : k < p + 2 * m ? -1 : k - m;
        }

        @Override
        Value newCount(FunctionLowering f, int k, Value[] idx) {
            int m = sizes.size(), j = (k - p) % m;
            Value size = IntConst.i64(sizes.get(j));
            Value c = in.count(f, p + j, map(f, idx, p)); // rectangular: no index of the span needed
            if (k < p + m) // grid loops of a tile, offset loops of a stripe
            return stripe
                        ? size
                        : f.e.bin(Insn.BinOp.DIV, f.e.bin(Insn.BinOp.ADD, c, IntConst.i64(sizes.get(j) - 1)), size);
            Value outer = idx[p + j];
            if (stripe) { // ceil((c - o) / s), 0 when o >= c
                Value left = f.e.bin(Insn.BinOp.SUB, c, outer);
                Value n = f.e.bin(Insn.BinOp.DIV, f.e.bin(Insn.BinOp.ADD, left, IntConst.i64(sizes.get(j) - 1)), size);
                return LoopNest.select(f, f.b.cmp(Insn.CmpOp.GT, left, IntConst.i64(0)), n, IntConst.i64(0));
            }
            Value left = f.e.bin(Insn.BinOp.SUB, c, f.e.bin(Insn.BinOp.MUL, outer, size));
            return LoopNest.select(f, f.b.cmp(Insn.CmpOp.LT, left, size), left, size);
        }

        @Override
        Value[] map(FunctionLowering f, Value[] idx, int n) {
            int m = sizes.size();
            Value[] out = new Value[in.depth()];
            for (int k = 0; k < Math.min(n, p); k++) out[k] = idx[k];
            for (int j = 0; j < m; j++) {
                if (n <= p + m + j || idx[p + j] == null || idx[p + m + j] == null) continue;
                Value size = IntConst.i64(sizes.get(j));
                out[p + j] = stripe
                        ? f.e.bin(Insn.BinOp.ADD, idx[p + j], f.e.bin(Insn.BinOp.MUL, idx[p + m + j], size))
                        : f.e.bin(Insn.BinOp.ADD, f.e.bin(Insn.BinOp.MUL, idx[p + j], size), idx[p + m + j]);
            }
            for (int k = p + 2 * m; k < n; k++) out[k - m] = idx[k];
            return out;
        }
    }

    /**
     * split of loop p (applied to a generated loop): a sequence of loops, one per count, modelled
     * as a loop over the sequence's parts around a loop of the part's iterations; part q starts
     * where the ones before it end (counts cut at the loop's end; omp_fill takes the rest).
     */
    private static final class Split extends Over {
        private final int p;
        /** The counts, omp_fill as null (evaluated before the loops, as the construct's). */
        private final List<Value> counts;

        Split(Gen in, int p, List<Value> counts) {
            super(in);
            this.p = p;
            this.counts = counts;
        }

        @Override
        Gen over(Gen other) {
            return new Split(other, p, counts);
        }

        @Override
        public List<Value> exported() {
            List<Value> out = new ArrayList<>(in.exported());
            for (Value c : counts) if (c != null) out.add(c);
            return out;
        }

        @Override
        public Gen imported(List<Value> values) {
            int n = in.exported().size(), at = n;
            List<Value> cs = new ArrayList<>();
            for (Value c : counts) cs.add(c == null ? null : values.get(at++));
            return new Split(in.imported(values.subList(0, n)), p, cs);
        }

        @Override
        public int depth() {
            return in.depth() + 1;
        }

        @Override
        int same(int k) {
            return k < p ? k : k <= p + 1 ? -1 : k - 1;
        }

        /** Part q's start and length in loop p of in ({start, length}). */
        private Value[] part(FunctionLowering f, Value total, Value q) {
            Value known = IntConst.i64(0);
            for (Value c : counts) if (c != null) known = f.e.bin(Insn.BinOp.ADD, known, max0(f, c));
            Value fill = max0(f, f.e.bin(Insn.BinOp.SUB, total, known));
            Value start = IntConst.i64(0), myStart = IntConst.i64(0), myLen = IntConst.i64(0);
            for (int j = 0; j < counts.size(); j++) {
                Value want = counts.get(j) == null ? fill : max0(f, counts.get(j));
                Value left = f.e.bin(Insn.BinOp.SUB, total, start);
                Value len = LoopNest.select(f, f.b.cmp(Insn.CmpOp.LT, want, left), want, left);
                Value is = f.b.cmp(Insn.CmpOp.EQ, q, IntConst.i64(j));
                myStart = LoopNest.select(f, is, start, myStart);
                myLen = LoopNest.select(f, is, len, myLen);
                start = f.e.bin(Insn.BinOp.ADD, start, len);
            }
            return new Value[] {myStart, myLen};
        }

        @Override
        Value newCount(FunctionLowering f, int k, Value[] idx) {
            if (k == p) return IntConst.i64(counts.size());
            return part(f, in.count(f, p, map(f, idx, p)), idx[p])[1];
        }

        @Override
        Value[] map(FunctionLowering f, Value[] idx, int n) {
            Value[] out = new Value[in.depth()];
            for (int k = 0; k < Math.min(n, p); k++) out[k] = idx[k];
            if (n > p + 1 && idx[p] != null && idx[p + 1] != null)
                out[p] = f.e.bin(Insn.BinOp.ADD, part(f, in.count(f, p, out), idx[p])[0], idx[p + 1]);
            for (int k = p + 2; k < n; k++) out[k - 1] = idx[k];
            return out;
        }
    }

    private static List<Value> splitCounts(FunctionLowering f, OmpDirective d) {
        List<Value> out = new ArrayList<>();
        for (jomp.compiler.ast.OmpClause.Counts c : d.clauses(jomp.compiler.ast.OmpClause.Counts.class))
            for (jomp.compiler.ast.Expr e : c.counts())
                out.add(e == null ? null : f.e.convert(f.rvalue(e), e.type(), jomp.compiler.type.Type.LONG));
        return out;
    }

    private static Value max0(FunctionLowering f, Value v) {
        return LoopNest.select(f, f.b.cmp(Insn.CmpOp.GT, v, IntConst.i64(0)), v, IntConst.i64(0));
    }
}
