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
        Reg[] offsets = new Reg[sizes.size()];
        BasicBlock end = f.b.newBlock("omp.stripe.end");
        loops(f, nest, sizes, offsets, new Reg[sizes.size()], 0, end);
        f.b.br(end);
        f.b.setBlock(end);
        ds.end(false, null);
    }

    /** Level k of the 2d generated loops: the offsets first, then the grids; the body at the bottom. */
    private static void loops(
            FunctionLowering f, LoopNest nest, List<Long> sizes, Reg[] offsets, Reg[] grids, int k, BasicBlock exit) {
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
