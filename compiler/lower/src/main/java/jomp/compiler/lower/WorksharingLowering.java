package jomp.compiler.lower;

import java.util.ArrayList;
import java.util.List;
import jomp.compiler.ast.OmpClause;
import jomp.compiler.ast.OmpDirective;
import jomp.compiler.ast.OmpDirective.Leaf;
import jomp.compiler.ast.Stmt;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Value;
import jomp.compiler.type.Type;
import jomp.offload.abi.EntryPoints;
import jomp.offload.abi.OmptMarks;

/**
 * The worksharing leaves of OpenMP constructs: for and simd loops (scheduled by the runtime, with
 * ordered, doacross and scan), distribute (a team's block of the iteration space) and sections.
 * Each construct's data sharing comes from {@link DataSharing}; the leaves after this one are
 * lowered by {@link OmpLowering#construct}.
 */
final class WorksharingLowering {
    private final OmpLowering omp;
    private final FunctionLowering f;

    WorksharingLowering(OmpLowering omp, FunctionLowering f) {
        this.omp = omp;
        this.f = f;
    }

    /** The logical iterations [lo, hi] of nest that a loop runs here, and the nest's last iteration. */
    private record Range(LoopNest nest, Value lo, Value hi, Value lastIter) {}

    /** for (threads = true) or simd/distribute-less serial loop; the nest comes from carry inside a distribute. */
    void loop(Stmt.Omp o, int i, OmpLowering.Carry carry, boolean threads) {
        OmpDirective d = o.directive();
        boolean linear = !d.clauses(OmpClause.Linear.class).isEmpty();
        // simd on its own: the loop as written, in order (not with linear or induction, whose private copies take
        // each iteration's value)
        boolean induction = !d.clauses(OmpClause.Induction.class).isEmpty();
        if (!threads && carry == null && !linear && !induction) {
            DataSharing ds = DataSharing.at(omp, o, i, null);
            f.stmt(o.body());
            ds.end(false, ds.needsLast() ? IntConst.i32(1) : null); // run in order: the last iteration ran last
            return;
        }
        Range r = range(o, carry);
        LoopNest nest = r.nest();
        DataSharing ds = DataSharing.at(omp, o, i, nest);
        // every thread reads the linear variables' start values before any thread writes the last ones back (clang does
        // the same)
        if (threads && linear) omp.barrier();
        Reg last = ds.needsLast() ? f.fn.newReg(IrType.I32, "omp.last") : null;
        if (last != null) f.b.copy(last, IntConst.i32(0));
        BasicBlock done = f.b.newBlock("omp.for.done");
        // ordered(n): cross-iteration dependences
        boolean doacross = threads && OmpLowering.exprClause(d, OmpClause.ExprKind.ORDERED) != null;
        boolean ordered = threads && d.hasFlag(OmpClause.FlagKind.ORDERED);
        LoopNest outerNest = f.doacrossNest;
        if (doacross) {
            omp.call(EntryPoints.DOACROSS_INIT, IrType.VOID, nest.total);
            f.doacrossNest = nest;
        }
        ScanLowering scan = threads && carry == null && nest.body instanceof Stmt.Compound
                ? ScanLowering.of(omp, d, nest.body)
                : null;
        if (!threads) {
            nest.serial(f, r.lo(), r.hi(), ds::iteration, null);
            if (last != null) f.b.copy(last, f.b.cmp(Insn.CmpOp.EQ, r.hi(), r.lastIter()));
        } else if (scan == null) {
            workshare(
                    d,
                    r,
                    nest.body,
                    done,
                    ordered,
                    last,
                    iv -> {
                        ds.iteration(iv);
                        if (ordered || doacross) f.orderedIv = iv;
                    },
                    ordered ? iv -> omp.call(EntryPoints.ORDERED_END, IrType.VOID, iv) : null);
        } else {
            scanLoop(d, r, ds, done, last, scan);
            done = null; // the scan loop ended in it
        }
        if (done != null) {
            if (!f.b.isTerminated()) f.b.br(done);
            f.b.setBlock(done);
        }
        ds.end(threads, last);
        if (doacross) {
            omp.call(EntryPoints.DOACROSS_FINI, IrType.VOID);
            f.doacrossNest = outerNest;
        }
        if (threads && !d.hasFlag(OmpClause.FlagKind.NOWAIT)) omp.barrier();
        if (carry == null) nest.release(f);
    }

    /** The loop's nest and iterations: the team's block from carry inside a distribute, else all of them. */
    private Range range(Stmt.Omp o, OmpLowering.Carry carry) {
        LoopNest nest = carry != null
                ? carry.nest()
                : LoopNest.compute(f, o.body(), o.directive().loopDepth());
        Value lo, hi;
        if (carry != null) {
            lo = carry.values().get(carry.values().size() - 2);
            hi = carry.values().get(carry.values().size() - 1);
        } else {
            lo = IntConst.i64(0);
            hi = f.e.bin(Insn.BinOp.SUB, nest.total, IntConst.i64(1));
        }
        Value lastIter = f.e.bin(Insn.BinOp.SUB, nest.total, IntConst.i64(1));
        return new Range(nest, lo, hi, lastIter);
    }

    /** A worksharing loop with scan: the input phases, the prefixes, then the scan phases; ends in done. */
    private void scanLoop(OmpDirective d, Range r, DataSharing ds, BasicBlock done, Reg last, ScanLowering scan) {
        LoopNest nest = r.nest();
        Stmt.Compound body = (Stmt.Compound) nest.body;
        scan.begin(nest.total);
        List<Runnable> undo = scan.privatize();
        BasicBlock inputDone = f.b.newBlock("omp.scan.input.done");
        workshare(
                d,
                r,
                scan.inputPhase(body),
                inputDone,
                false,
                null,
                iv -> {
                    ds.iteration(iv);
                    scan.startInput();
                },
                scan::endInput);
        if (!f.b.isTerminated()) f.b.br(inputDone);
        f.b.setBlock(inputDone);
        omp.barrier();
        scan.prefix(nest.total);
        workshare(
                d,
                r,
                scan.scanPhase(body),
                done,
                false,
                last,
                iv -> {
                    ds.iteration(iv);
                    scan.startScan(iv);
                },
                null);
        if (!f.b.isTerminated()) f.b.br(done);
        f.b.setBlock(done);
        undo.forEach(Runnable::run);
        scan.end();
    }

    /**
     * ordered depend(source) / depend(sink: vec) (doacross(...) in 5.2) in a loop with ordered(n):
     * source marks this logical iteration done; sink waits until the iteration the vector names
     * (each loop variable's value) is, unless no such iteration exists.
     */
    void doacross(OmpDirective d) {
        LoopNest nest = f.doacrossNest;
        if (nest == null || f.orderedIv == null) return;
        for (OmpClause.Doacross c : d.clauses(OmpClause.Doacross.class)) {
            if (c.source()) {
                omp.call(EntryPoints.DOACROSS_POST, IrType.VOID, f.orderedIv);
                continue;
            }
            if (c.sink().isEmpty()) { // omp_cur_iteration - 1: the logical iteration before this one, if any
                BasicBlock wait = f.b.newBlock("omp.doacross.wait"), go = f.b.newBlock("omp.doacross.go");
                f.b.condBr(f.b.cmp(Insn.CmpOp.GT, f.orderedIv, IntConst.i64(0)), wait, go);
                f.b.setBlock(wait);
                omp.call(EntryPoints.DOACROSS_WAIT, IrType.VOID, f.e.bin(Insn.BinOp.SUB, f.orderedIv, IntConst.i64(1)));
                f.b.br(go);
                f.b.setBlock(go);
                continue;
            }
            if (c.sink().size() != nest.levels.size() || nest.table != null) continue;
            Value iv = IntConst.i64(0), valid = IntConst.i32(1);
            for (int k = 0; k < nest.levels.size(); k++) {
                LoopNest.Level l = nest.levels.get(k);
                Value v = f.e.convert(f.rvalue(c.sink().get(k)), c.sink().get(k).type(), Type.LONG);
                Value diff = f.e.bin(Insn.BinOp.SUB, v, l.lb());
                Value idx = f.e.bin(Insn.BinOp.DIV, diff, l.step());
                Value ok = f.e.bin(
                        Insn.BinOp.AND,
                        f.b.cmp(Insn.CmpOp.EQ, f.e.bin(Insn.BinOp.REM, diff, l.step()), IntConst.i64(0)),
                        f.e.bin(
                                Insn.BinOp.AND,
                                f.b.cmp(Insn.CmpOp.GE, idx, IntConst.i64(0)),
                                f.b.cmp(Insn.CmpOp.LT, idx, l.count())));
                valid = f.e.bin(Insn.BinOp.AND, valid, ok);
                iv = f.e.bin(Insn.BinOp.ADD, f.e.bin(Insn.BinOp.MUL, iv, l.count()), idx);
            }
            BasicBlock wait = f.b.newBlock("omp.doacross.wait"), go = f.b.newBlock("omp.doacross.go");
            f.b.condBr(valid, wait, go);
            f.b.setBlock(wait);
            omp.call(EntryPoints.DOACROSS_WAIT, IrType.VOID, iv);
            f.b.br(go);
            f.b.setBlock(go);
        }
    }

    /**
     * A worksharing loop over r's logical iterations [lo, hi] of its nest running {@code body}: chunks
     * from the runtime as the schedule clause says, each run serially; ends in {@code done}.
     * onIv sees each iteration's number before the body, atEnd after it.
     */
    private void workshare(
            OmpDirective d,
            Range r,
            Stmt body,
            BasicBlock done,
            boolean ordered,
            Reg last,
            java.util.function.Consumer<Reg> onIv,
            java.util.function.Consumer<Reg> atEnd) {
        LoopNest nest = r.nest();
        Value lo = r.lo(), hi = r.hi(), lastIter = r.lastIter();
        int kind = 1;
        Value chunk = IntConst.i64(0);
        for (OmpClause.Schedule s : d.clauses(OmpClause.Schedule.class)) {
            kind = switch (s.kind()) {
                case STATIC -> 1;
                case DYNAMIC -> 2;
                case GUIDED -> 3;
                case AUTO -> 4;
                case RUNTIME -> 5;
            };
            if (s.chunk() != null)
                chunk = f.e.convert(f.rvalue(s.chunk()), s.chunk().type(), Type.LONG);
        }
        BasicBlock start = f.b.newBlock("omp.for.init"),
                head = f.b.newBlock("omp.for.next"),
                chunkBody = f.b.newBlock("omp.for.chunk");
        f.b.condBr(f.b.cmp(Insn.CmpOp.LE, lo, hi), start, done);
        f.b.setBlock(start);
        if (ordered) omp.call(EntryPoints.ORDERED_LOOP, IrType.VOID);
        omp.call(EntryPoints.LOOP_INIT, IrType.VOID, IntConst.i32(kind), lo, hi, chunk);
        f.b.br(head);
        f.b.setBlock(head);
        f.b.condBr(omp.call(EntryPoints.LOOP_NEXT, IrType.I32), chunkBody, done);
        f.b.setBlock(chunkBody);
        // A static schedule's next chunk of this thread is a constant stride away
        // (__jomp_loop_stride, 0 where the runtime hands out chunks): the thread steps to it
        // without the runtime, a grid-stride loop on a GPU (the device's default chunk is 1).
        Reg clo = f.fn.newReg(IrType.I64, "omp.chunk.lo"), chi = f.fn.newReg(IrType.I64, "omp.chunk.hi");
        f.b.copy(clo, omp.call(EntryPoints.LOOP_LOWER, IrType.I64));
        f.b.copy(chi, omp.call(EntryPoints.LOOP_UPPER, IrType.I64));
        Value stride = omp.call(EntryPoints.LOOP_STRIDE, IrType.I64);
        BasicBlock chunkLoop = f.b.newBlock("omp.for.chunk.body"), step = f.b.newBlock("omp.for.stride");
        f.b.br(chunkLoop);
        f.b.setBlock(chunkLoop);
        Reg outerIv = f.orderedIv;
        BasicBlock outerCancel = f.cancelFor;
        f.cancelFor = done;
        nest.serial(f, clo, chi, onIv, atEnd, body);
        f.orderedIv = outerIv;
        f.cancelFor = outerCancel;
        if (last != null) f.b.copy(last, f.e.bin(Insn.BinOp.OR, last, f.b.cmp(Insn.CmpOp.EQ, chi, lastIter)));
        f.b.condBr(f.b.cmp(Insn.CmpOp.EQ, stride, IntConst.i64(0)), head, step);
        f.b.setBlock(step);
        f.b.copy(clo, f.b.binary(Insn.BinOp.ADD, clo, stride));
        f.b.copy(chi, f.b.binary(Insn.BinOp.ADD, chi, stride));
        BasicBlock clip = f.b.newBlock("omp.for.clip"), more = f.b.newBlock("omp.for.more");
        f.b.condBr(f.b.cmp(Insn.CmpOp.GT, chi, hi), clip, more);
        f.b.setBlock(clip);
        f.b.copy(chi, hi);
        f.b.br(more);
        f.b.setBlock(more);
        f.b.condBr(f.b.cmp(Insn.CmpOp.LE, clo, hi), chunkLoop, done);
    }

    /** distribute: this team's block of the iteration space, then the parallel for (or serial loop) over it. */
    void distribute(Stmt.Omp o, int i) {
        OmpDirective d = o.directive();
        LoopNest nest = LoopNest.compute(f, o.body(), d.loopDepth());
        boolean par = i + 1 < d.leaves().size() && d.leaves().get(i + 1) == Leaf.PARALLEL;
        Value chunk = IntConst.i64(0);
        for (OmpClause.DistSchedule s : d.clauses(OmpClause.DistSchedule.class))
            if (s.chunk() != null)
                chunk = f.e.convert(f.rvalue(s.chunk()), s.chunk().type(), Type.LONG);
        DataSharing ds = DataSharing.at(omp, o, i, par ? null : nest);
        Reg last = ds.needsLast() ? f.fn.newReg(IrType.I32, "omp.last") : null;
        if (last != null) f.b.copy(last, IntConst.i32(0));
        Value bounds = f.b.slotAddr(f.fn.newSlot(null, 16, 8));
        Value hiAll = f.e.bin(Insn.BinOp.SUB, nest.total, IntConst.i64(1));
        BasicBlock body = f.b.newBlock("omp.dist.body"),
                next = f.b.newBlock("omp.dist.next"),
                done = f.b.newBlock("omp.dist.done");
        f.b.condBr(omp.call(EntryPoints.DISTRIBUTE, IrType.I32, IntConst.i64(0), hiAll, chunk, bounds), body, done);
        f.b.setBlock(body);
        Value lo = f.b.load(IrType.I64, bounds), hi = f.b.load(IrType.I64, OmpLowering.at(f, bounds, 8));
        if (par) {
            List<Value> vals = new ArrayList<>(nest.exported());
            vals.add(lo);
            vals.add(hi);
            omp.construct(o, i + 1, new OmpLowering.Carry(nest, vals));
        } else {
            nest.serial(f, lo, hi, ds::iteration, null); // linear and induction variables take each iteration's value
            if (last != null) f.b.copy(last, f.e.bin(Insn.BinOp.OR, last, f.b.cmp(Insn.CmpOp.EQ, hi, hiAll)));
        }
        f.b.br(next);
        f.b.setBlock(next);
        if (chunk instanceof IntConst k && k.value() == 0) f.b.br(done);
        else f.b.condBr(omp.call(EntryPoints.DISTRIBUTE_NEXT, IrType.I32, bounds), body, done);
        f.b.setBlock(done);
        omp.mark(OmptMarks.DISTRIBUTE_END);
        ds.end(true, last);
        nest.release(f);
    }

    void sections(Stmt.Omp o, int i) {
        OmpDirective d = o.directive();
        List<Stmt> secs = new ArrayList<>();
        if (o.body() instanceof Stmt.Compound c) {
            for (Stmt s : c.items())
                secs.add(s instanceof Stmt.Omp so && so.directive().has(Leaf.SECTION) ? so.body() : s);
        } else secs.add(o.body());
        DataSharing ds = DataSharing.at(omp, o, i, null);
        Reg last = ds.needsLast() ? f.fn.newReg(IrType.I32, "omp.last") : null;
        if (last != null) f.b.copy(last, IntConst.i32(0));
        omp.mark(OmptMarks.SECTIONS);
        omp.call(
                EntryPoints.LOOP_INIT,
                IrType.VOID,
                IntConst.i32(1),
                IntConst.i64(0),
                IntConst.i64(secs.size() - 1),
                IntConst.i64(1));
        BasicBlock head = f.b.newBlock("omp.sec.next"),
                chunk = f.b.newBlock("omp.sec.chunk"),
                done = f.b.newBlock("omp.sec.done");
        f.b.br(head);
        f.b.setBlock(head);
        f.b.condBr(omp.call(EntryPoints.LOOP_NEXT, IrType.I32), chunk, done);
        f.b.setBlock(chunk);
        Reg iv = f.fn.newReg(IrType.I64, "omp.sec.iv");
        f.b.copy(iv, omp.call(EntryPoints.LOOP_LOWER, IrType.I64));
        Value hi = omp.call(EntryPoints.LOOP_UPPER, IrType.I64);
        BasicBlock cond = f.b.newBlock("omp.sec.cond"),
                pick = f.b.newBlock("omp.sec.pick"),
                inc = f.b.newBlock("omp.sec.inc");
        f.b.br(cond);
        f.b.setBlock(cond);
        f.b.condBr(f.b.cmp(Insn.CmpOp.LE, iv, hi), pick, head);
        f.b.setBlock(pick);
        Value idx = f.e.conv(Insn.ConvOp.TRUNC, iv, IrType.I32);
        List<Long> cases = new ArrayList<>();
        List<BasicBlock> targets = new ArrayList<>();
        for (int k = 0; k < secs.size(); k++) {
            cases.add((long) k);
            targets.add(f.b.newBlock("omp.sec." + k));
        }
        f.b.switchTo(idx, inc, cases, targets);
        BasicBlock outerCancel = f.cancelSections;
        f.cancelSections = done;
        for (int k = 0; k < secs.size(); k++) {
            f.b.setBlock(targets.get(k));
            ds.iteration(IntConst.i64(k));
            f.stmt(secs.get(k));
            if (last != null && k == secs.size() - 1) f.b.copy(last, IntConst.i32(1));
            if (!f.b.isTerminated()) f.b.br(inc);
        }
        f.cancelSections = outerCancel;
        f.b.setBlock(inc);
        f.b.copy(iv, f.b.binary(Insn.BinOp.ADD, iv, IntConst.i64(1)));
        f.b.br(cond);
        f.b.setBlock(done);
        ds.end(true, last);
        if (!d.hasFlag(OmpClause.FlagKind.NOWAIT)) omp.barrier();
    }
}
