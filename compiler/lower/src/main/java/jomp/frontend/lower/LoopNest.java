package jomp.frontend.lower;

import jomp.frontend.ast.Expr;
import jomp.frontend.ast.Stmt;
import jomp.frontend.ast.Var;
import jomp.frontend.ir.BasicBlock;
import jomp.frontend.ir.Insn;
import jomp.frontend.ir.IntConst;
import jomp.frontend.ir.IrType;
import jomp.frontend.ir.Reg;
import jomp.frontend.ir.Value;
import jomp.frontend.type.Type;

import java.util.ArrayList;
import java.util.List;

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
     * A loop construct over the loops a {@code tile} construct generates (OpenMP 5.1): this
     * nest's levels are the first floor (tile) loops, with no C variable, and each of their
     * logical iterations runs the rest of the tiled nest (the other floor loops, then the tile's
     * element loops) over the tile's own loops {@code inner}; null otherwise.
     */
    record Tiled(LoopNest inner, List<Long> sizes) {}
    final Tiled tiled;

    private LoopNest(List<Level> levels, Value total, Stmt body, List<Var> declaredVars, NonRectangular table) {
        this(levels, total, body, declaredVars, table, null);
    }

    private LoopNest(List<Level> levels, Value total, Stmt body, List<Var> declaredVars, NonRectangular table, Tiled tiled) {
        this.levels = levels; this.total = total; this.body = body; this.declaredVars = declaredVars; this.table = table; this.tiled = tiled;
    }

    /** The sizes of a tile directive (constants, as the parser checks). */
    static List<Long> tileSizes(jomp.frontend.ast.OmpDirective d) {
        List<Long> sizes = new ArrayList<>();
        for (jomp.frontend.ast.OmpClause.Sizes z : d.clauses(jomp.frontend.ast.OmpClause.Sizes.class))
            for (Expr e : z.sizes()) sizes.add(e instanceof Expr.IntLit n ? n.value() : 1L);
        return sizes;
    }

    /** The outermost {@code depth} floor loops of a tile construct (depth at most its number of sizes; the parser checks). */
    private static LoopNest tiled(FunctionLowering f, Stmt.Omp tile, int depth) {
        List<Long> sizes = tileSizes(tile.directive());
        LoopNest inner = compute(f, tile.body(), sizes.size());
        List<Level> floors = new ArrayList<>();
        Value total = IntConst.i64(1);
        for (int k = 0; k < Math.max(depth, 1); k++) {
            Value size = IntConst.i64(sizes.get(k));
            Value count = f.e.bin(Insn.BinOp.DIV, f.e.bin(Insn.BinOp.ADD, inner.levels.get(k).count(), IntConst.i64(sizes.get(k) - 1)), size);
            floors.add(new Level(null, IntConst.i64(0), IntConst.i64(1), count));
            total = f.e.bin(Insn.BinOp.MUL, total, count);
        }
        return new LoopNest(floors, total, tile, inner.declaredVars, null, new Tiled(inner, sizes));
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
        while (s instanceof Stmt.Omp o && o.directive().has(jomp.frontend.ast.OmpDirective.Leaf.UNROLL)) s = o.body();   // unroll partial: the same iterations
        for (int k = 0; k < Math.max(depth, 1); k++) {
            List<Stmt> pre = new ArrayList<>(), post = new ArrayList<>();
            while (k > 0 && s instanceof Stmt.Compound c) {
                if (c.items().size() == 1) { s = c.items().get(0); continue; }
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
            out.add(new Loop(v, init, varLeft ? cond.op() : flip(cond.op()), varLeft ? cond.right() : cond.left(), fo.step(), fo));
            s = fo.body();
        }
        innermost[0] = s;
        return out;
    }

    /** Evaluates the bounds of the {@code depth} loops of {@code loop} in function f. */
    static LoopNest compute(FunctionLowering f, Stmt loop, int depth) {
        if (loop instanceof Stmt.Omp t && t.directive().has(jomp.frontend.ast.OmpDirective.Leaf.TILE)) return tiled(f, t, depth);
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
        if (table != null) return table.exported();
        if (tiled != null) {   // the tile's own nest, then the floor loops' counts and the total
            out.addAll(tiled.inner().exported());
            for (Level l : levels) out.add(l.count());
            out.add(total);
            return out;
        }
        for (Level l : levels) { out.add(l.lb()); out.add(l.step()); out.add(l.count()); }
        out.add(total);
        return out;
    }

    /** This nest seen from an outlined function that received {@link #exported()} as values. */
    LoopNest imported(List<Value> values) {
        if (table != null) return new LoopNest(levels, values.get(values.size() - 1), body, declaredVars, table.imported(values));
        if (tiled != null) {
            int n = values.size() - levels.size() - 1;
            LoopNest in = tiled.inner().imported(values.subList(0, n));
            List<Level> ls = new ArrayList<>();
            for (int k = 0; k < levels.size(); k++) ls.add(new Level(null, IntConst.i64(0), IntConst.i64(1), values.get(n + k)));
            return new LoopNest(ls, values.get(values.size() - 1), body, declaredVars, null, new Tiled(in, tiled.sizes()));
        }
        List<Level> ls = new ArrayList<>();
        for (int k = 0; k < levels.size(); k++) {
            Level l = levels.get(k);   // constants stay constants, so the JIT sees a unit stride
            ls.add(new Level(l.var(), l.lb() instanceof IntConst ? l.lb() : values.get(3 * k),
                    l.step() instanceof IntConst ? l.step() : values.get(3 * k + 1), l.count() instanceof IntConst ? l.count() : values.get(3 * k + 2)));
        }
        return new LoopNest(ls, values.get(3 * levels.size()), body, declaredVars, null);
    }

    List<Var> vars() { return tiled != null ? tiled.inner().vars() : levels.stream().map(Level::var).toList(); }

    /** Sets every loop variable for logical iteration iv (an i64 value). */
    void assign(FunctionLowering f, Value iv) {
        if (table != null) { table.assign(f, iv); return; }
        Value rem = iv;
        for (int k = levels.size() - 1; k >= 0; k--) {
            Level l = levels.get(k);
            Value idx = k == 0 ? rem : f.e.bin(Insn.BinOp.REM, rem, l.count());
            if (k > 0) rem = f.e.bin(Insn.BinOp.DIV, rem, l.count());
            Value scaled = l.step() instanceof IntConst c && c.value() == 1 ? idx : f.e.bin(Insn.BinOp.MUL, idx, l.step());
            Value val = l.lb() instanceof IntConst c && c.value() == 0 ? scaled : f.e.bin(Insn.BinOp.ADD, l.lb(), scaled);
            Type vt = l.var().type;
            f.assignVar(l.var(), vt.isPointer() ? f.e.conv(Insn.ConvOp.BITCAST, val, IrType.PTR) : f.e.convert(val, Type.LONG, vt));
        }
    }

    /** Emits {@code for (iv = lo; iv <= hi; iv++) { vars = ...; body }} in f; onIv sees iv before the body, atEnd runs after each iteration (both may be null). */
    void serial(FunctionLowering f, Value lo, Value hi, java.util.function.Consumer<Reg> onIv, java.util.function.Consumer<Reg> atEnd) {
        serial(f, lo, hi, onIv, atEnd, body);
    }

    /** The same with another body (a scan's phase). */
    void serial(FunctionLowering f, Value lo, Value hi, java.util.function.Consumer<Reg> onIv, java.util.function.Consumer<Reg> atEnd, Stmt body) {
        Reg iv = f.fn.newReg(IrType.I64, "omp.iv");
        f.b.copy(iv, lo);
        BasicBlock head = f.b.newBlock("omp.loop.cond"), bodyBlock = f.b.newBlock("omp.loop.body"),
            latch = f.b.newBlock("omp.loop.inc"), end = f.b.newBlock("omp.loop.end");
        f.b.br(head);
        f.b.setBlock(head);
        f.b.condBr(f.b.cmp(Insn.CmpOp.LE, iv, hi), bodyBlock, end);
        f.b.setBlock(bodyBlock);
        if (tiled != null) {   // the floor loops' indices, then the rest of the tiled nest
            Value[] floors = new Value[levels.size()];
            Value rem = iv;
            for (int k = levels.size() - 1; k >= 0; k--) {
                floors[k] = k == 0 ? rem : f.e.bin(Insn.BinOp.REM, rem, levels.get(k).count());
                if (k > 0) rem = f.e.bin(Insn.BinOp.DIV, rem, levels.get(k).count());
            }
            if (onIv != null) onIv.accept(iv);
            tiled.inner().serialTiled(f, tiled.sizes(), floors);
        } else {
            assign(f, iv);
            if (onIv != null) onIv.accept(iv);
            f.loopBody(body, f.b.block(), end, latch);
        }
        f.b.br(latch);
        f.b.setBlock(latch);
        if (atEnd != null) atEnd.accept(iv);
        f.b.copy(iv, f.b.binary(Insn.BinOp.ADD, iv, IntConst.i64(1)));
        f.b.br(head);
        f.b.setBlock(end);
    }

    /**
     * {@code tile sizes(s1, ..., sd)} run where it stands (OpenMP 5.1): the tiles in order, and in
     * each tile its iterations in order; the last tile of a loop may be partial.
     */
    void serialTiled(FunctionLowering f, List<Long> sizes) { serialTiled(f, sizes, new Value[0]); }

    /**
     * The same with the first {@code floors.length} floor loops fixed at those tile numbers (a
     * loop construct shares them out): the other floor loops, then the element loops.
     */
    void serialTiled(FunctionLowering f, List<Long> sizes, Value[] floors) {
        int d = levels.size();
        Value[] tile = new Value[d];
        Reg[] elem = new Reg[d];
        BasicBlock exit = f.b.newBlock("omp.tile.end");
        List<Runnable> closers = new ArrayList<>();
        for (int k = 0; k < 2 * d; k++) {
            int lv = k % d;
            boolean isTile = k < d;
            Level l = levels.get(lv);
            if (isTile && lv < floors.length) {   // this tile's first element
                tile[lv] = f.e.bin(Insn.BinOp.MUL, floors[lv], IntConst.i64(sizes.get(lv)));
                continue;
            }
            Reg r = f.fn.newReg(IrType.I64, isTile ? "omp.tile" : "omp.elem");
            if (isTile) tile[lv] = r;
            else elem[lv] = r;
            Value start = isTile ? IntConst.i64(0) : tile[lv];
            Value limit = isTile ? l.count()
                    : select(f, f.b.cmp(Insn.CmpOp.LT, f.e.bin(Insn.BinOp.ADD, tile[lv], IntConst.i64(sizes.get(lv))), l.count()),
                             f.e.bin(Insn.BinOp.ADD, tile[lv], IntConst.i64(sizes.get(lv))), l.count());
            long inc = isTile ? sizes.get(lv) : 1;
            f.b.copy(r, start);
            BasicBlock head = f.b.newBlock("omp.tile.cond"), body = f.b.newBlock("omp.tile.body"), end = f.b.newBlock("omp.tile.next");
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
        for (int k = 0; k < d; k++) {
            Level l = levels.get(k);
            Value val = f.e.bin(Insn.BinOp.ADD, l.lb(), f.e.bin(Insn.BinOp.MUL, elem[k], l.step()));
            Type vt = l.var().type;
            f.assignVar(l.var(), vt.isPointer() ? f.e.conv(Insn.ConvOp.BITCAST, val, IrType.PTR) : f.e.convert(val, Type.LONG, vt));
        }
        BasicBlock latch = f.b.newBlock("omp.tile.latch");
        f.loopBody(body, f.b.block(), exit, latch);
        if (!f.b.isTerminated()) f.b.br(latch);
        f.b.setBlock(latch);
        for (Runnable c : closers) c.run();
        f.b.br(exit);
        f.b.setBlock(exit);
    }

    /** Frees what the nest allocated (a non-rectangular nest's table), after the construct. */
    void release(FunctionLowering f) { if (table != null) table.release(f); }

    static Value toLong(FunctionLowering f, Value v, Type t) {
        if (t.isPointer()) return f.e.conv(Insn.ConvOp.BITCAST, v, IrType.I64);
        return f.e.convert(v, t, t.isUnsigned ? Type.ULONG : Type.LONG);
    }

    /** The signed step in units of the variable (bytes for pointers). */
    static Value step(FunctionLowering f, Expr s, Var v) {
        long scale = v.type.isPointer() ? Math.max(v.type.base.size(), 1) : 1;
        Value st;
        switch (s) {
            case Expr.IncDec i -> {
                long n = i.step() == 0 ? 1 : i.step();
                return IntConst.i64(i.increment() ? n : -n);   // IncDec's step is already in bytes for pointers
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
        return scale == 1 ? st : f.e.bin(Insn.BinOp.MUL, st, IntConst.i64(scale));
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
                n = e.bin(Insn.BinOp.DIV, e.bin(Insn.BinOp.SUB, e.bin(Insn.BinOp.ADD, diff, step), IntConst.i64(1)), step);
                return select(f, e.cmp(Insn.CmpOp.GT, diff, IntConst.i64(0)), n, IntConst.i64(0));
            }
            case GT, GE -> {
                diff = e.bin(Insn.BinOp.SUB, lb, ub);
                if (op == Expr.Binary.Op.GE) diff = e.bin(Insn.BinOp.ADD, diff, IntConst.i64(1));
                Value neg = e.unary(Insn.UnOp.NEG, step);
                n = e.bin(Insn.BinOp.DIV, e.bin(Insn.BinOp.SUB, e.bin(Insn.BinOp.ADD, diff, neg), IntConst.i64(1)), neg);
                return select(f, e.cmp(Insn.CmpOp.GT, diff, IntConst.i64(0)), n, IntConst.i64(0));
            }
            default -> { // NE: the step's sign gives the direction
                diff = e.bin(Insn.BinOp.SUB, ub, lb);
                n = e.bin(Insn.BinOp.DIV, e.bin(Insn.BinOp.SUB, e.bin(Insn.BinOp.ADD, diff, step),
                        select(f, e.cmp(Insn.CmpOp.GT, step, IntConst.i64(0)), IntConst.i64(1), IntConst.i64(-1))), step);
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
