package jomp.compiler.lower;

import java.util.ArrayList;
import java.util.List;
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
import jomp.compiler.ir.Value;
import jomp.compiler.type.Type;
import jomp.offload.abi.EntryPoints;

/**
 * scan in a worksharing loop (OpenMP 5.2 §5.6): {@code reduction(inscan, op: x)} and a body
 * split by {@code #pragma omp scan inclusive(x)} or {@code exclusive(x)} into an input phase and
 * a scan phase. The loop runs twice over the same iterations: first the input phases, each with
 * x starting at the identity, their results kept per logical iteration in a buffer the team
 * shares; one thread then combines them in iteration order, starting from x's value before the
 * loop (inclusive: iteration i sees 0..i, exclusive: 0..i-1) and leaves the total in x; then the
 * scan phases run with x holding the prefix of their iteration. A simd loop runs in order in one
 * thread and needs none of this (the directive is then a no-op). OpenMP 6.0's {@code scan
 * init_complete} before an exclusive scan ends an initialization phase, which sets private
 * variables for the input phase and runs before it in the first loop (the scan phase may not use
 * them).
 */
final class ScanLowering {
    /** One inscan variable: its operator, where its original lives, its column's offset in a buffer row. */
    private record Item(Var var, OmpClause.ReductionOp op, Reg origReg, Value origAddr, long column) {}

    private final OmpLowering omp;
    private final FunctionLowering f;
    private final List<Item> items = new ArrayList<>();
    private final List<Stmt> before = new ArrayList<>(), after = new ArrayList<>();
    /** OpenMP 6.0's initialization phase (before scan init_complete): it runs with each iteration's input phase. */
    private final List<Stmt> init = new ArrayList<>();

    private boolean inclusive = true;
    private Value buffer;
    /** Bytes per logical iteration in the buffer (each variable 8-byte aligned). */
    private long row;

    private ScanLowering(OmpLowering omp) {
        this.omp = omp;
        this.f = omp.function();
    }

    /** The inscan variables of a loop directive (empty: no scan). */
    static List<Var> inscanVars(OmpDirective d) {
        List<Var> out = new ArrayList<>();
        for (OmpClause.Reduction r : d.clauses(OmpClause.Reduction.class))
            if ("inscan".equals(r.modifier()))
                for (OmpDirective.Item it : r.items()) if (it.var() != null) out.add(it.var());
        return out;
    }

    /** Splits the loop body at its scan directive; null when it has none. */
    static ScanLowering of(OmpLowering omp, OmpDirective d, Stmt body) {
        if (inscanVars(d).isEmpty() || !(body instanceof Stmt.Compound c)) return null;
        ScanLowering s = new ScanLowering(omp);
        boolean seen = false;
        for (Stmt st : c.items()) {
            if (st instanceof Stmt.Omp o && o.directive().has(Leaf.SCAN)) {
                List<OmpClause.InitComplete> ic = o.directive().clauses(OmpClause.InitComplete.class);
                if (!ic.isEmpty()) { // what came before is the initialization phase (without create_init_phase:
                    // nothing)
                    if (ic.get(0).create() && !seen) {
                        s.init.addAll(s.before);
                        s.before.clear();
                    }
                    continue;
                }
                seen = true;
                s.inclusive = !o.directive().clauses(OmpClause.ListClause.class).stream()
                        .anyMatch(l -> l.kind() == OmpClause.ListKind.EXCLUSIVE);
                continue;
            }
            (seen ? s.after : s.before).add(st);
        }
        if (!seen) return null;
        for (OmpClause.Reduction r : d.clauses(OmpClause.Reduction.class)) {
            if (!"inscan".equals(r.modifier())) continue;
            for (OmpDirective.Item it : r.items()) {
                if (it.var() == null) continue;
                Var v = it.var();
                if (WideReductions.is(v.type)) // its scan buffer holds 8-byte register values
                throw new Lowering.Unsupported(
                            it.loc(), "jomp cannot scan '" + v.name + "' of type '" + v.type + "' yet");
                Reg reg = s.f.regVars.get(v);
                s.items.add(new Item(v, r.op(), reg, reg == null ? s.f.varAddress(v) : null, s.row));
                s.row += (Math.max(v.type.size(), 1) + 7) / 8 * 8;
            }
        }
        return s;
    }

    /** The statement of the input phase (before the directive when inclusive) and of the scan phase. */
    Stmt inputPhase(Stmt.Compound loc) {
        List<Stmt> input = new ArrayList<>(init);
        input.addAll(inclusive ? before : after);
        return new Stmt.Compound(input, loc.loc());
    }

    Stmt scanPhase(Stmt.Compound loc) {
        return new Stmt.Compound(inclusive ? after : before, loc.loc());
    }

    /** Before the loops: the team's buffer of total x (number of variables) 8-byte elements (one thread allocates it). */
    void begin(Value total) {
        Value bytes = f.e.bin(Insn.BinOp.MUL, total, IntConst.i64(row));
        Reg p = f.fn.newReg(IrType.PTR, "omp.scan.buf");
        BasicBlock alloc = f.b.newBlock("omp.scan.alloc"), got = f.b.newBlock("omp.scan.got");
        f.b.condBr(f.b.cmp(Insn.CmpOp.NE, omp.call(EntryPoints.SINGLE, IrType.I32), IntConst.i32(0)), alloc, got);
        f.b.setBlock(alloc);
        Value m = omp.call("malloc", IrType.PTR, f.e.bin(Insn.BinOp.ADD, bytes, IntConst.i64(8)));
        omp.call(EntryPoints.COPYPRIVATE_PUBLISH, IrType.VOID, m);
        f.b.br(got);
        f.b.setBlock(got);
        omp.call(EntryPoints.BARRIER, IrType.VOID);
        f.b.copy(p, omp.call(EntryPoints.COPYPRIVATE_GET, IrType.PTR));
        buffer = p;
    }

    /** Element of variable k for logical iteration iv. */
    private Value slot(Item it, Value iv) {
        Value at = f.e.bin(Insn.BinOp.MUL, iv, IntConst.i64(row));
        return f.b.ptrAdd(buffer, f.e.bin(Insn.BinOp.ADD, at, IntConst.i64(it.column())));
    }

    /** Rebinds the variables to private copies for the phases; returns what restores them. */
    List<Runnable> privatize() {
        List<Runnable> undo = new ArrayList<>();
        for (Item it : items) {
            undo.add(f.unbind(it.var()));
            if (f.inMemory(it.var()))
                f.slotVars.put(
                        it.var(),
                        f.fn.newSlot(
                                FunctionLowering.safeName(it.var().name),
                                Math.max(it.var().type.size(), 1),
                                8));
            else
                f.regVars.put(
                        it.var(), f.fn.newReg(TypeMap.reg(it.var().type), FunctionLowering.safeName(it.var().name)));
        }
        return undo;
    }

    /** At the start of an input phase: x = identity. */
    void startInput() {
        for (Item it : items) f.assignVar(it.var(), OmpLowering.identity(it.op(), it.var().type));
    }

    /** At the end of an input phase: buffer[iv] = x. */
    void endInput(Value iv) {
        for (Item it : items) f.store(slot(it, iv), f.readVar(it.var()), it.var().type);
    }

    /** At the start of a scan phase: x = buffer[iv] (the prefix). */
    void startScan(Value iv) {
        for (Item it : items) f.assignVar(it.var(), f.load(slot(it, iv), it.var().type));
    }

    /** Between the loops (after a barrier): one thread turns the buffer into prefixes, from the originals, and sets the originals to the totals. */
    void prefix(Value total) {
        BasicBlock work = f.b.newBlock("omp.scan.prefix"), done = f.b.newBlock("omp.scan.prefixed");
        f.b.condBr(f.b.cmp(Insn.CmpOp.NE, omp.call(EntryPoints.SINGLE, IrType.I32), IntConst.i32(0)), work, done);
        f.b.setBlock(work);
        List<Reg> acc = new ArrayList<>();
        for (Item it : items) {
            Reg a = f.fn.newReg(TypeMap.reg(it.var().type), "omp.scan.acc");
            f.b.copy(a, it.origReg() != null ? it.origReg() : f.load(it.origAddr(), it.var().type));
            acc.add(a);
        }
        Reg k = f.fn.newReg(IrType.I64, "omp.scan.k");
        f.b.copy(k, IntConst.i64(0));
        BasicBlock head = f.b.newBlock("omp.scan.cond"),
                body = f.b.newBlock("omp.scan.body"),
                end = f.b.newBlock("omp.scan.end");
        f.b.br(head);
        f.b.setBlock(head);
        f.b.condBr(f.b.cmp(Insn.CmpOp.LT, k, total), body, end);
        f.b.setBlock(body);
        for (int n = 0; n < items.size(); n++) {
            Item it = items.get(n);
            Type t = it.var().type;
            Value at = slot(it, k);
            Value mine = f.load(at, t);
            if (!inclusive) f.store(at, acc.get(n), t);
            f.b.copy(acc.get(n), omp.combine(it.op(), t, acc.get(n), mine));
            if (inclusive) f.store(at, acc.get(n), t);
        }
        f.b.copy(k, f.b.binary(Insn.BinOp.ADD, k, IntConst.i64(1)));
        f.b.br(head);
        f.b.setBlock(end);
        for (int n = 0; n < items.size(); n++) {
            Item it = items.get(n);
            if (it.origReg() != null) f.b.copy(it.origReg(), acc.get(n));
            else f.store(it.origAddr(), acc.get(n), it.var().type);
        }
        f.b.br(done);
        f.b.setBlock(done);
        omp.call(EntryPoints.BARRIER, IrType.VOID);
    }

    /** After the loops: everyone is done with the buffer, then one thread frees it. */
    void end() {
        omp.call(EntryPoints.BARRIER, IrType.VOID);
        BasicBlock free = f.b.newBlock("omp.scan.free"), done = f.b.newBlock("omp.scan.freed");
        f.b.condBr(f.b.cmp(Insn.CmpOp.NE, omp.call(EntryPoints.MASTER, IrType.I32), IntConst.i32(0)), free, done);
        f.b.setBlock(free);
        omp.call("free", IrType.VOID, buffer);
        f.b.br(done);
        f.b.setBlock(done);
    }
}
