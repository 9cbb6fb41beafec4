package jomp.compiler.lower;

import java.util.ArrayList;
import java.util.List;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.Stmt;
import jomp.compiler.ast.Var;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Value;
import jomp.compiler.type.Type;

/**
 * The loop nest of a loop construct (for, distribute, simd), normalised as OpenMP does: the
 * {@code collapse} loops in canonical form become one logical iteration space {@code [0, total)};
 * iteration {@code iv} gives each loop variable {@code lb + index * step}, the indices being
 * {@code iv}'s digits in the mixed radix of the loops' trip counts. Bounds and steps are
 * evaluated once, before the loop, as C's canonical loop form allows.
 */
final class LoopNest {
    /** One loop: its variable, and its first value, step and trip count as i64 values. */
    record Level(Var var, Value lb, Value step, Value count) {}

    final List<Level> levels;
    final Value total;
    final Stmt body;
    /** Loop variables declared in the loops' init clauses (they need no privatisation). */
    final List<Var> declaredVars;
    /**
     * A non-rectangular nest (an inner loop's bounds use an outer loop's variable, OpenMP 5.0):
     * its iterations enumerated once, before the loop ({@link NonRectangular}); null when rectangular.
     */
    final NonRectangular table;

    /**
     * A loop construct over the loops a {@code tile} construct generates (OpenMP 5.1), or over
     * the one loop {@code unroll partial(n)} generates (the floor loop of a tile of size n whose
     * element loop is unrolled, as clang builds it): this nest's levels are the first floor loops,
     * with no C variable, then, when the construct collapses more loops than there are floor
     * loops, the first {@code elems} element loops (their trip counts depend on the floor loop's
     * index: a partial tile at the end, so the count of such a level is null). Each logical
     * iteration runs the rest of the tiled nest over the tile's own loops {@code inner}, which may
     * themselves be the loops of another tile or unroll (nested loop transformations).
     */
    record Tiled(LoopNest inner, List<Long> sizes, int elems) {}

    final Tiled tiled;

    /** A loop construct over the loops fuse, split or stripe generates (OpenMP 6.0); null otherwise. */
    final GeneratedNest generated;

    private LoopNest(List<Level> levels, Value total, Stmt body, List<Var> declaredVars, NonRectangular table) {
        this(levels, total, body, declaredVars, table, null);
    }

    private LoopNest(
            List<Level> levels, Value total, Stmt body, List<Var> declaredVars, NonRectangular table, Tiled tiled) {
        this.levels = levels;
        this.total = total;
        this.body = body;
        this.declaredVars = declaredVars;
        this.table = table;
        this.tiled = tiled;
        this.generated = null;
    }

    /** The collapsed loops of a fuse, split or stripe construct t. */
    LoopNest(Stmt.Omp t, GeneratedNest g) {
        this.levels = g.levels();
        this.total = g.total();
        this.body = t;
        this.declaredVars = g.declaredVars();
        this.table = null;
        this.tiled = null;
        this.generated = g;
    }

    /** The sizes of a tile directive (constants, as the parser checks), or unroll partial(n)'s factor as one size. */
    static List<Long> tileSizes(jomp.compiler.ast.OmpDirective d) {
        List<Long> sizes = new ArrayList<>();
        for (jomp.compiler.ast.OmpClause.Sizes z : d.clauses(jomp.compiler.ast.OmpClause.Sizes.class))
            for (Expr e : z.sizes()) sizes.add(e instanceof Expr.IntLit n ? Math.max(n.value(), 1L) : 1L);
        if (d.has(jomp.compiler.ast.OmpDirective.Leaf.UNROLL)) sizes.add(unrollFactor(d));
        return sizes;
    }

    /** unroll partial(n)'s n; partial alone lets the implementation choose: 2, as clang's loop-associated unroll does. */
    static long unrollFactor(jomp.compiler.ast.OmpDirective d) {
        for (jomp.compiler.ast.OmpClause.ExprClause c : d.clauses(jomp.compiler.ast.OmpClause.ExprClause.class))
            if (c.kind() == jomp.compiler.ast.OmpClause.ExprKind.PARTIAL)
                return c.value() instanceof Expr.IntLit n ? Math.max(n.value(), 1L) : 2L;
        return 2L;
    }

    /** An unroll directive with the partial clause (its generated loop can be associated with a loop construct). */
    static boolean partialUnroll(Stmt s) {
        return s instanceof Stmt.Omp o
                && o.directive().has(jomp.compiler.ast.OmpDirective.Leaf.UNROLL)
                && o.directive().clauses(jomp.compiler.ast.OmpClause.ExprClause.class).stream()
                        .anyMatch(c -> c.kind() == jomp.compiler.ast.OmpClause.ExprKind.PARTIAL);
    }

    /**
     * The outermost {@code depth} loops a tile construct (or unroll partial) generates: floor loops
     * first, then element loops (depth at most twice the number of sizes; the parser checks).
     */
    private static LoopNest tiled(FunctionLowering f, Stmt.Omp tile, int depth) {
        List<Long> sizes = tileSizes(tile.directive());
        int d = sizes.size();
        LoopNest inner = compute(f, tile.body(), d);
        List<Level> floors = new ArrayList<>();
        depth = Math.max(depth, 1);
        int elems = Math.max(depth - d, 0);
        for (int k = 0; k < Math.min(depth, d); k++) {
            Value size = IntConst.i64(sizes.get(k));
            Value count = f.e.bin(
                    Insn.BinOp.DIV,
                    f.e.bin(Insn.BinOp.ADD, inner.levels.get(k).count(), IntConst.i64(sizes.get(k) - 1)),
                    size);
            floors.add(new Level(null, IntConst.i64(0), IntConst.i64(1), count));
        }
        for (int k = 0; k < elems; k++) floors.add(new Level(null, IntConst.i64(0), IntConst.i64(1), null));
        return new LoopNest(
                floors,
                tiledTotal(f, inner, floors, elems),
                tile,
                inner.declaredVars,
                null,
                new Tiled(inner, sizes, elems));
    }

    /**
     * The logical iterations of the collapsed tile loops: the product of the floor counts, and
     * when element loops are collapsed too, each of those loops' floor and element loops together
     * run the original loop's iterations (its count instead of its floor count).
     */
    private static Value tiledTotal(FunctionLowering f, LoopNest inner, List<Level> levels, int elems) {
        int floors = levels.size() - elems;
        Value total = IntConst.i64(1);
        for (int k = 0; k < floors; k++)
            total = f.e.bin(
                    Insn.BinOp.MUL,
                    total,
                    k < elems ? inner.levels.get(k).count() : levels.get(k).count());
        return total;
    }

    /** One loop of the nest as written: variable, first value, bound and its comparison, increment, body. */
    record Loop(Var var, Expr init, Expr.Binary.Op op, Expr bound, Expr incr, Stmt.For stmt) {}

    /**
     * The {@code depth} loops of {@code loop}, with the code between them (OpenMP 5.1 imperfect
     * nests: statements beside an inner loop run before or after it, in each logical iteration,
     * which the specification allows for intervening code).
     */
    static List<Loop> loops(Stmt loop, int depth, List<List<Stmt>> before, List<List<Stmt>> after, Stmt[] innermost) {
        List<Loop> out = new ArrayList<>();
        Stmt s = loop;
        // unroll: the same iterations in the same order; reverse and interchange: the same loops (their order is
        // compute's)
        while (s instanceof Stmt.Omp o
                && (o.directive().has(jomp.compiler.ast.OmpDirective.Leaf.UNROLL)
                        || o.directive().has(jomp.compiler.ast.OmpDirective.Leaf.REVERSE)
                        || o.directive().has(jomp.compiler.ast.OmpDirective.Leaf.INTERCHANGE))) s = o.body();
        for (int k = 0; k < Math.max(depth, 1); k++) {
            List<Stmt> pre = new ArrayList<>(), post = new ArrayList<>();
            while (k > 0 && s instanceof Stmt.Compound c) {
                if (c.items().size() == 1) {
                    s = c.items().get(0);
                    continue;
                }
                Stmt inner = null;
                for (Stmt x : c.items()) {
                    if (inner == null && x instanceof Stmt.For) inner = x;
                    else (inner == null ? pre : post).add(x);
                }
                s = inner;
                break;
            }
            before.add(pre);
            after.add(post);
            Stmt.For fo = (Stmt.For) s;
            Var v;
            Expr init;
            if (fo.init() instanceof Stmt.Decl d) {
                v = d.vars().get(0).var();
                init = d.vars().get(0).init().items().get(0).value();
            } else {
                Expr.Assign a = (Expr.Assign) ((Stmt.ExprStmt) fo.init()).expr();
                v = ((Expr.VarRef) strip(a.target())).var();
                init = a.value();
            }
            Expr.Binary cond = (Expr.Binary) fo.cond();
            boolean varLeft = refers(cond.left(), v);
            out.add(new Loop(
                    v,
                    init,
                    varLeft ? cond.op() : flip(cond.op()),
                    varLeft ? cond.right() : cond.left(),
                    fo.step(),
                    fo));
            s = fo.body();
        }
        innermost[0] = s;
        return out;
    }

    /** Evaluates the bounds of the {@code depth} loops of {@code loop} in function f. */
    static LoopNest compute(FunctionLowering f, Stmt loop, int depth) {
        if (loop instanceof Stmt.Omp t && jomp.compiler.ast.OmpGeneratedLoops.planned(t))
            return new LoopNest(t, AppliedLoops.generated(f, t, depth)); // apply, or over fuse/split/stripe
        if (loop instanceof Stmt.Omp t
                && (t.directive().has(jomp.compiler.ast.OmpDirective.Leaf.TILE) || partialUnroll(t)))
            return tiled(f, t, depth);
        if (loop instanceof Stmt.Omp t && t.directive().has(jomp.compiler.ast.OmpDirective.Leaf.REVERSE))
            return compute(f, t.body(), 1).reversed(f, t);
        if (loop instanceof Stmt.Omp t && t.directive().has(jomp.compiler.ast.OmpDirective.Leaf.INTERCHANGE))
            return compute(f, t.body(), t.directive().loopDepth()).permuted(t);
        if (loop instanceof Stmt.Omp t && t.directive().has(jomp.compiler.ast.OmpDirective.Leaf.STRIPE))
            return new LoopNest(t, LoopStripes.striped(f, t, depth));
        if (loop instanceof Stmt.Omp t && t.directive().has(jomp.compiler.ast.OmpDirective.Leaf.FUSE))
            return new LoopNest(t, LoopFusion.generated(f, t));
        if (loop instanceof Stmt.Omp t && t.directive().has(jomp.compiler.ast.OmpDirective.Leaf.SPLIT))
            return new LoopNest(t, LoopStripes.splitLoops(f, t).get(0)); // split counts(omp_fill): its one loop
        List<List<Stmt>> before = new ArrayList<>(), after = new ArrayList<>();
        Stmt[] inner = new Stmt[1];
        List<Loop> loops = loops(loop, depth, before, after, inner);
        List<Var> declared = new ArrayList<>();
        for (Loop l : loops) if (l.stmt().init() instanceof Stmt.Decl) declared.add(l.var());
        // the body of a logical iteration: the intervening code around the innermost body, level by level
        Stmt s = inner[0];
        for (int k = loops.size() - 1; k > 0; k--) {
            if (before.get(k).isEmpty() && after.get(k).isEmpty()) continue;
            List<Stmt> items = new ArrayList<>(before.get(k));
            items.add(s);
            items.addAll(after.get(k));
            s = new Stmt.Compound(items, s.loc());
        }
        if (NonRectangular.applies(loops)) {
            NonRectangular t = NonRectangular.enumerate(f, loops);
            List<Level> levels = new ArrayList<>();
            for (Loop l : loops) levels.add(new Level(l.var(), null, null, null));
            return new LoopNest(levels, t.total, s, declared, t);
        }
        List<Level> levels = new ArrayList<>();
        Value total = IntConst.i64(1);
        for (Loop l : loops) {
            Level level = level(f, l);
            levels.add(level);
            total = f.e.bin(Insn.BinOp.MUL, total, level.count());
        }
        return new LoopNest(levels, total, s, declared, null);
    }

    /**
     * reverse (OpenMP 6.0): the loop's iterations in the opposite order, lb + (count - 1 - k) *
     * step for logical iteration k: the first value becomes the last one and the step is negated.
     */
    private LoopNest reversed(FunctionLowering f, Stmt.Omp t) {
        if (table != null || tiled != null || levels.size() != 1)
            throw new IllegalStateException(t.loc() + ": jomp cannot reverse the loops of another loop transformation");
        Level l = levels.get(0);
        Value last = f.e.bin(
                Insn.BinOp.ADD,
                l.lb(),
                f.e.bin(Insn.BinOp.MUL, f.e.bin(Insn.BinOp.SUB, l.count(), IntConst.i64(1)), l.step()));
        Value neg = f.e.bin(Insn.BinOp.SUB, IntConst.i64(0), l.step());
        return new LoopNest(List.of(new Level(l.var(), last, neg, l.count())), total, body, declaredVars, null);
    }

    /**
     * interchange (OpenMP 6.0): the nest's loops in the order permutation(...) gives (loop k of
     * the result is the original loop order[k]; (2, 1) without the clause). The nest must be
     * rectangular, so the loops' bounds do not depend on their order.
     */
    private LoopNest permuted(Stmt.Omp t) {
        if (table != null || tiled != null)
            throw new IllegalStateException(
                    t.loc() + ": jomp cannot interchange a non-rectangular nest or the loops of a tile");
        List<Integer> order = t.directive().clauses(jomp.compiler.ast.OmpClause.Permutation.class).stream()
                .findFirst()
                .map(jomp.compiler.ast.OmpClause.Permutation::order)
                .orElse(List.of(2, 1));
        List<Level> ls = new ArrayList<>();
        for (int k : order) ls.add(levels.get(k - 1));
        return new LoopNest(ls, total, body, declaredVars, null);
    }

    /** A loop's first value, step and trip count, evaluated in f (with the outer loops' variables as they are now). */
    static Level level(FunctionLowering f, Loop l) {
        Var v = l.var();
        Value lb = toLong(f, f.e.convert(f.rvalue(l.init()), l.init().type(), v.type), v.type);
        Value ub = toLong(f, f.e.convert(f.rvalue(l.bound()), l.bound().type(), v.type), v.type);
        Value step = step(f, l.incr(), v);
        return new Level(v, lb, step, tripCount(f, l.op(), lb, ub, step));
    }

    /** The values another function needs to run this nest: lb, step, count per level, then total. */
    List<Value> exported() {
        List<Value> out = new ArrayList<>();
        if (generated != null) return generated.exported();
        if (table != null) return table.exported();
        if (tiled != null) { // the tile's own nest, then the floor loops' counts and the total
            out.addAll(tiled.inner().exported());
            for (Level l : levels) if (l.count() != null) out.add(l.count());
            out.add(total);
            return out;
        }
        for (Level l : levels) {
            out.add(l.lb());
            out.add(l.step());
            out.add(l.count());
        }
        out.add(total);
        return out;
    }

    /** The number of values {@link #exported()} gives. */
    int exportedSize() {
        if (generated != null) return generated.exportedSize();
        if (table != null) return 4;
        if (tiled != null) return tiled.inner().exportedSize() + levels.size() - tiled.elems() + 1;
        return 3 * levels.size() + 1;
    }

    /** This nest seen from an outlined function that received {@link #exported()} as values (and maybe more after them). */
    LoopNest imported(List<Value> values) {
        if (generated != null) return new LoopNest((Stmt.Omp) body, generated.imported(values));
        if (table != null) return new LoopNest(levels, values.get(3), body, declaredVars, table.imported(values));
        if (tiled != null) {
            int floors = levels.size() - tiled.elems();
            int n = tiled.inner().exportedSize(); // the values may go on after this nest's (a distribute's bounds)
            LoopNest in = tiled.inner().imported(values.subList(0, n));
            List<Level> ls = new ArrayList<>();
            for (int k = 0; k < levels.size(); k++)
                ls.add(new Level(null, IntConst.i64(0), IntConst.i64(1), k < floors ? values.get(n + k) : null));
            return new LoopNest(
                    ls, values.get(n + floors), body, declaredVars, null, new Tiled(in, tiled.sizes(), tiled.elems()));
        }
        List<Level> ls = new ArrayList<>();
        for (int k = 0; k < levels.size(); k++) {
            Level l = levels.get(k); // constants stay constants, so the JIT sees a unit stride
            ls.add(new Level(
                    l.var(),
                    l.lb() instanceof IntConst ? l.lb() : values.get(3 * k),
                    l.step() instanceof IntConst ? l.step() : values.get(3 * k + 1),
                    l.count() instanceof IntConst ? l.count() : values.get(3 * k + 2)));
        }
        return new LoopNest(ls, values.get(3 * levels.size()), body, declaredVars, null);
    }

    /** The levels of the loops as written (through loop transformations); none for a non-rectangular nest, whose bounds vary. */
    List<Level> originalLevels() {
        if (generated != null) return generated.originalLevels();
        if (tiled != null) return tiled.inner().originalLevels();
        return table != null ? List.of() : levels;
    }

    List<Var> vars() {
        if (generated != null) return generated.vars();
        return tiled != null
                ? tiled.inner().vars()
                : levels.stream().map(Level::var).toList();
    }

    /** Sets every loop variable for logical iteration iv (an i64 value). */
    void assign(FunctionLowering f, Value iv) {
        if (table != null) {
            table.assign(f, iv);
            return;
        }
        Value rem = iv;
        for (int k = levels.size() - 1; k >= 0; k--) {
            Level l = levels.get(k);
            Value idx = k == 0 ? rem : f.e.bin(Insn.BinOp.REM, rem, l.count());
            if (k > 0) rem = f.e.bin(Insn.BinOp.DIV, rem, l.count());
            Value scaled =
                    l.step() instanceof IntConst c && c.value() == 1 ? idx : f.e.bin(Insn.BinOp.MUL, idx, l.step());
            Value val =
                    l.lb() instanceof IntConst c && c.value() == 0 ? scaled : f.e.bin(Insn.BinOp.ADD, l.lb(), scaled);
            Type vt = l.var().type;
            f.assignVar(
                    l.var(),
                    vt.isPointer() ? f.e.conv(Insn.ConvOp.BITCAST, val, IrType.PTR) : f.e.convert(val, Type.LONG, vt));
        }
    }

    /** Emits {@code for (iv = lo; iv <= hi; iv++) { vars = ...; body }} in f; onIv sees iv before the body, atEnd runs after each iteration (both may be null). */
    void serial(
            FunctionLowering f,
            Value lo,
            Value hi,
            java.util.function.Consumer<Reg> onIv,
            java.util.function.Consumer<Reg> atEnd) {
        serial(f, lo, hi, onIv, atEnd, body);
    }

    /** The same with another body (a scan's phase). */
    void serial(
            FunctionLowering f,
            Value lo,
            Value hi,
            java.util.function.Consumer<Reg> onIv,
            java.util.function.Consumer<Reg> atEnd,
            Stmt body) {
        Reg iv = f.fn.newReg(IrType.I64, "omp.iv");
        f.b.copy(iv, lo);
        BasicBlock head = f.b.newBlock("omp.loop.cond"),
                bodyBlock = f.b.newBlock("omp.loop.body"),
                latch = f.b.newBlock("omp.loop.inc"),
                end = f.b.newBlock("omp.loop.end");
        f.b.br(head);
        f.b.setBlock(head);
        f.b.condBr(f.b.cmp(Insn.CmpOp.LE, iv, hi), bodyBlock, end);
        f.b.setBlock(bodyBlock);
        iterate(f, iv, onIv == null ? null : () -> onIv.accept(iv), end, latch, body);
        f.b.br(latch);
        f.b.setBlock(latch);
        if (atEnd != null) atEnd.accept(iv);
        f.b.copy(iv, f.b.binary(Insn.BinOp.ADD, iv, IntConst.i64(1)));
        f.b.br(head);
        f.b.setBlock(end);
    }

    /** Logical iteration iv of this nest (an i64 value); continue goes to latch, and it ends in the block before the latch. */
    void iterate(FunctionLowering f, Value iv, BasicBlock exit, BasicBlock latch) {
        iterate(f, iv, null, exit, latch, body);
    }

    /** The same, with the iteration's body (a scan's phase) and what sees iv once the loop variables are set. */
    private void iterate(FunctionLowering f, Value iv, Runnable onIv, BasicBlock exit, BasicBlock latch, Stmt body) {
        if (tiled != null) { // the collapsed tile loops' indices, then the rest of the tiled nest
            Value[] idx = tiledIndices(f, iv);
            if (onIv != null) onIv.run();
            tiled.inner().serialTiled(f, tiled.sizes(), idx);
        } else if (generated != null) { // the collapsed generated loops' indices, then the rest of them
            Value[] idx = generated.indices(f, iv);
            if (onIv != null) onIv.run();
            generated.at(f, idx, exit, latch);
        } else {
            assign(f, iv);
            if (onIv != null) onIv.run();
            f.loopBody(body, f.b.block(), exit, latch);
        }
    }

    /**
     * The indices of the collapsed tile loops for logical iteration iv. With floor loops only,
     * iv's digits in the mixed radix of their counts. With element loops collapsed too, the
     * iterations are not a product (a partial tile has fewer), but each loop k contributes
     * separately: given the outer indices, every value of floor index j but the last (the partial
     * tile) covers the same number of iterations, {@code unit} = (size j if its element loop is
     * collapsed) x (the iterations of the loops after j: original counts for loops with collapsed
     * element loops, floor counts for the others) x (the element counts already chosen), so
     * floor j = min(q / unit, floors - 1); the element indices are then the rest's digits in the
     * radix of the chosen tiles' element counts.
     */
    private Value[] tiledIndices(FunctionLowering f, Value iv) {
        int m = tiled.elems(), d = levels.size() - m;
        Value[] idx = new Value[levels.size()];
        if (m == 0) {
            Value rem = iv;
            for (int k = d - 1; k >= 0; k--) {
                idx[k] = k == 0
                        ? rem
                        : f.e.bin(Insn.BinOp.REM, rem, levels.get(k).count());
                if (k > 0) rem = f.e.bin(Insn.BinOp.DIV, rem, levels.get(k).count());
            }
            return idx;
        }
        List<Level> orig = tiled.inner().levels;
        Value q = iv, chosen = IntConst.i64(1);
        Value[] elemCount = new Value[m];
        for (int j = 0; j < d; j++) {
            Value unit = chosen;
            if (j < m)
                unit = f.e.bin(Insn.BinOp.MUL, unit, IntConst.i64(tiled.sizes().get(j)));
            for (int k = j + 1; k < d; k++)
                unit = f.e.bin(
                        Insn.BinOp.MUL,
                        unit,
                        k < m ? orig.get(k).count() : levels.get(k).count());
            Value lastFloor = f.e.bin(Insn.BinOp.SUB, levels.get(j).count(), IntConst.i64(1));
            Value fj = f.e.bin(Insn.BinOp.DIV, q, unit);
            fj = select(f, f.b.cmp(Insn.CmpOp.LT, fj, lastFloor), fj, lastFloor);
            idx[j] = fj;
            q = f.e.bin(Insn.BinOp.SUB, q, f.e.bin(Insn.BinOp.MUL, fj, unit));
            if (j < m) {
                Value size = IntConst.i64(tiled.sizes().get(j));
                Value left = f.e.bin(Insn.BinOp.SUB, orig.get(j).count(), f.e.bin(Insn.BinOp.MUL, fj, size));
                elemCount[j] = select(f, f.b.cmp(Insn.CmpOp.LT, left, size), left, size);
                chosen = f.e.bin(Insn.BinOp.MUL, chosen, elemCount[j]);
            }
        }
        for (int k = m - 1; k >= 0; k--) {
            idx[d + k] = k == 0 ? q : f.e.bin(Insn.BinOp.REM, q, elemCount[k]);
            if (k > 0) q = f.e.bin(Insn.BinOp.DIV, q, elemCount[k]);
        }
        return idx;
    }

    /**
     * {@code tile sizes(s1, ..., sd)} run where it stands (OpenMP 5.1): the tiles in order, and in
     * each tile its iterations in order; the last tile of a loop may be partial.
     */
    void serialTiled(FunctionLowering f, List<Long> sizes) {
        serialTiled(f, sizes, new Value[0]);
    }

    /**
     * The same with the first {@code fixed.length} generated loops (the floor loops, then element
     * loops, as tile numbers and indices within the tile) fixed because a loop construct shares
     * them out: the other floor loops, then the other element loops, then this nest's body at
     * the element indices.
     */
    void serialTiled(FunctionLowering f, List<Long> sizes, Value[] fixed) {
        int d = sizes.size();
        Value[] tile = new Value[d];
        Value[] elem = new Value[d];
        BasicBlock exit = f.b.newBlock("omp.tile.end");
        List<Runnable> closers = new ArrayList<>();
        for (int k = 0; k < 2 * d; k++) {
            int lv = k % d;
            boolean isTile = k < d;
            Level l = levels.get(lv);
            if (k < fixed.length) { // this tile's first element, or the element's index in the original loop
                if (isTile) tile[lv] = f.e.bin(Insn.BinOp.MUL, fixed[k], IntConst.i64(sizes.get(lv)));
                else elem[lv] = f.e.bin(Insn.BinOp.ADD, tile[lv], fixed[k]);
                continue;
            }
            Reg r = f.fn.newReg(IrType.I64, isTile ? "omp.tile" : "omp.elem");
            if (isTile) tile[lv] = r;
            else elem[lv] = r;
            Value start = isTile ? IntConst.i64(0) : tile[lv];
            Value limit = isTile
                    ? l.count()
                    : select(
                            f,
                            f.b.cmp(
                                    Insn.CmpOp.LT,
                                    f.e.bin(Insn.BinOp.ADD, tile[lv], IntConst.i64(sizes.get(lv))),
                                    l.count()),
                            f.e.bin(Insn.BinOp.ADD, tile[lv], IntConst.i64(sizes.get(lv))),
                            l.count());
            long inc = isTile ? sizes.get(lv) : 1;
            f.b.copy(r, start);
            BasicBlock head = f.b.newBlock("omp.tile.cond"),
                    body = f.b.newBlock("omp.tile.body"),
                    end = f.b.newBlock("omp.tile.next");
            f.b.br(head);
            f.b.setBlock(head);
            f.b.condBr(f.b.cmp(Insn.CmpOp.LT, r, limit), body, end);
            f.b.setBlock(body);
            BasicBlock after = end;
            closers.add(0, () -> {
                f.b.copy(r, f.b.binary(Insn.BinOp.ADD, r, IntConst.i64(inc)));
                f.b.br(head);
                f.b.setBlock(after);
            });
        }
        BasicBlock latch = f.b.newBlock("omp.tile.latch");
        at(f, elem, exit, latch);
        if (!f.b.isTerminated()) f.b.br(latch);
        f.b.setBlock(latch);
        for (Runnable c : closers) c.run();
        f.b.br(exit);
        f.b.setBlock(exit);
    }

    /**
     * One iteration of this nest at the given index of each of its levels: the loop variables,
     * then the body (continue goes to latch); for the loops of a tile (a nested loop
     * transformation) the rest of that tile's nest with those floor loops fixed.
     */
    private void at(FunctionLowering f, Value[] idx, BasicBlock exit, BasicBlock latch) {
        if (generated != null) {
            generated.at(f, idx, exit, latch);
            return;
        }
        if (tiled != null) {
            tiled.inner().serialTiled(f, tiled.sizes(), idx);
            return;
        }
        for (int k = 0; k < levels.size(); k++) {
            Level l = levels.get(k);
            Value val = f.e.bin(Insn.BinOp.ADD, l.lb(), f.e.bin(Insn.BinOp.MUL, idx[k], l.step()));
            Type vt = l.var().type;
            f.assignVar(
                    l.var(),
                    vt.isPointer() ? f.e.conv(Insn.ConvOp.BITCAST, val, IrType.PTR) : f.e.convert(val, Type.LONG, vt));
        }
        f.loopBody(body, f.b.block(), exit, latch);
    }

    /** Frees what the nest allocated (a non-rectangular nest's table), after the construct. */
    void release(FunctionLowering f) {
        if (table != null) table.release(f);
        if (generated != null) generated.release(f);
    }

    static Value toLong(FunctionLowering f, Value v, Type t) {
        if (t.isPointer()) return f.e.conv(Insn.ConvOp.BITCAST, v, IrType.I64);
        return f.e.convert(v, t, t.isUnsigned ? Type.ULONG : Type.LONG);
    }

    /**
     * The signed step in units of the variable: bytes for pointers, which the parser has already
     * made of {@code p++}, {@code p += n} and {@code p = p + n} (pointer arithmetic's byte offsets).
     */
    static Value step(FunctionLowering f, Expr s, Var v) {
        Value st;
        switch (s) {
            case Expr.IncDec i -> {
                long n = i.step() == 0 ? 1 : i.step();
                return IntConst.i64(i.increment() ? n : -n);
            }
            case Expr.CompoundAssign ca -> {
                st = f.e.convert(f.rvalue(ca.value()), ca.value().type(), Type.LONG);
                if (ca.op() == Expr.Binary.Op.SUB) st = f.e.unary(Insn.UnOp.NEG, st);
            }
            case Expr.Assign a -> {
                Expr.Binary bin = (Expr.Binary) strip(a.value());
                Expr other = refers(bin.left(), v) ? bin.right() : bin.left();
                st = f.e.convert(f.rvalue(other), other.type(), Type.LONG);
                if (bin.op() == Expr.Binary.Op.SUB) st = f.e.unary(Insn.UnOp.NEG, st);
            }
            default -> throw new IllegalStateException("loop increment not in canonical form");
        }
        return st;
    }

    /** Iterations of a loop from lb while (var op ub), adding step each time; 0 when none. */
    static Value tripCount(FunctionLowering f, Expr.Binary.Op op, Value lb, Value ub, Value step) {
        Emit e = f.e;
        Value diff, n;
        switch (op) {
            case LT, LE -> {
                diff = e.bin(Insn.BinOp.SUB, ub, lb);
                if (op == Expr.Binary.Op.LE) diff = e.bin(Insn.BinOp.ADD, diff, IntConst.i64(1));
                // ceil(diff / step) for diff > 0
                n = e.bin(
                        Insn.BinOp.DIV,
                        e.bin(Insn.BinOp.SUB, e.bin(Insn.BinOp.ADD, diff, step), IntConst.i64(1)),
                        step);
                return select(f, e.cmp(Insn.CmpOp.GT, diff, IntConst.i64(0)), n, IntConst.i64(0));
            }
            case GT, GE -> {
                diff = e.bin(Insn.BinOp.SUB, lb, ub);
                if (op == Expr.Binary.Op.GE) diff = e.bin(Insn.BinOp.ADD, diff, IntConst.i64(1));
                Value neg = e.unary(Insn.UnOp.NEG, step);
                n = e.bin(
                        Insn.BinOp.DIV, e.bin(Insn.BinOp.SUB, e.bin(Insn.BinOp.ADD, diff, neg), IntConst.i64(1)), neg);
                return select(f, e.cmp(Insn.CmpOp.GT, diff, IntConst.i64(0)), n, IntConst.i64(0));
            }
            default -> { // NE: the step's sign gives the direction
                diff = e.bin(Insn.BinOp.SUB, ub, lb);
                n = e.bin(
                        Insn.BinOp.DIV,
                        e.bin(
                                Insn.BinOp.SUB,
                                e.bin(Insn.BinOp.ADD, diff, step),
                                select(
                                        f,
                                        e.cmp(Insn.CmpOp.GT, step, IntConst.i64(0)),
                                        IntConst.i64(1),
                                        IntConst.i64(-1))),
                        step);
                return select(f, e.cmp(Insn.CmpOp.GT, n, IntConst.i64(0)), n, IntConst.i64(0));
            }
        }
    }

    /** c ? a : b for i64 values (folded when c is constant). */
    static Value select(FunctionLowering f, Value c, Value a, Value b) {
        if (c instanceof IntConst k) return k.value() != 0 ? a : b;
        Reg r = f.fn.newReg(a.type());
        BasicBlock t = f.b.newBlock("sel.t"), fl = f.b.newBlock("sel.f"), end = f.b.newBlock("sel.end");
        f.b.condBr(c, t, fl);
        f.b.setBlock(t);
        f.b.copy(r, a);
        f.b.br(end);
        f.b.setBlock(fl);
        f.b.copy(r, b);
        f.b.br(end);
        f.b.setBlock(end);
        return r;
    }

    private static Expr strip(Expr e) {
        while (e instanceof Expr.Cast c) e = c.operand();
        return e;
    }

    private static boolean refers(Expr e, Var v) {
        return strip(e) instanceof Expr.VarRef r && r.var() == v;
    }

    private static Expr.Binary.Op flip(Expr.Binary.Op op) {
        return switch (op) {
            case LT -> Expr.Binary.Op.GT;
            case LE -> Expr.Binary.Op.GE;
            case GT -> Expr.Binary.Op.LT;
            case GE -> Expr.Binary.Op.LE;
            default -> op;
        };
    }
}
