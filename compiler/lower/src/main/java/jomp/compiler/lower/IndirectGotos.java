package jomp.compiler.lower;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import jomp.compiler.ast.Expr;
import jomp.compiler.ast.Stmt;
import jomp.compiler.ast.TreeScanner;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.FuncType;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Value;
import jomp.compiler.type.Type;

/**
 * GNU computed goto (abi.md, "Computed goto"). {@code &&l} is the number the parser gave label
 * l in its function (1, 2, ... in the order the function takes addresses), as a {@code void *};
 * {@code goto *p} puts p's number in the function's one dispatch register and branches to its
 * dispatch block, whose switch goes to the label of that number. That is clang's single
 * indirectbr block written as plain IR: a switch every pass and back end already handles (a
 * tableswitch on the JVM, a branch table in PTX), with one dispatch per function however many
 * {@code goto *} it holds, so a threaded interpreter's method does not grow with the product of
 * its handlers and its labels. An outlined OpenMP region has a dispatch of its own, over the
 * labels placed in it. A number that is no label's (undefined behaviour) traps.
 */
final class IndirectGotos {
    private final FunctionLowering f;
    /** The numbers of the labels whose address the C function takes, by name. */
    private final Map<String, Long> numbers = new java.util.HashMap<>();
    private BasicBlock dispatch;
    private Reg target;

    IndirectGotos(FunctionLowering f, Stmt functionBody) {
        this.f = f;
        new TreeScanner() {   // a static table's initializer included: static void *tbl[] = { &&a, &&b }
            @Override public void visitLabelAddr(Expr.LabelAddr l) { numbers.put(l.label(), l.value()); }
        }.scan(functionBody);
    }

    /** {@code &&l}: its number, as a pointer. */
    Value address(Expr.LabelAddr l) { return f.e.convert(IntConst.i64(l.value()), Type.LONG, l.type()); }

    /** {@code goto *p}. */
    void jump(Stmt.IndirectGoto g) {
        Value p = f.rvalue(g.target());
        Value n = f.e.conv(Insn.ConvOp.TRUNC, f.e.conv(Insn.ConvOp.BITCAST, p, IrType.I64), IrType.I32);
        if (dispatch == null) {
            dispatch = f.b.newBlock("indirect.goto");
            target = f.fn.newReg(IrType.I32, "goto.dest");
        }
        f.b.copy(target, n);
        f.b.br(dispatch);
    }

    /**
     * After the function's body: the dispatch block, a switch over the labels placed in this
     * function whose address is taken.
     */
    void finish() {
        if (dispatch == null) return;
        TreeMap<Long, BasicBlock> placed = new TreeMap<>();
        for (Map.Entry<String, Long> en : numbers.entrySet()) {
            BasicBlock l = f.labels.get(en.getKey());
            if (l != null && (l.terminator != null || !l.insns.isEmpty())) placed.put(en.getValue(), l);
        }
        BasicBlock trap = f.b.newBlock("indirect.goto.bad");
        f.b.setBlock(dispatch);
        f.b.switchTo(target, trap, new ArrayList<>(placed.keySet()), List.copyOf(placed.values()));
        f.b.setBlock(trap);
        FuncType v = new FuncType(IrType.VOID, List.of(), false);
        f.unit.useFunction("__builtin_trap", v);
        f.b.call("__builtin_trap", v, List.of());
        IrType ret = f.fn.type.ret();
        f.b.ret(f.sretPtr != null ? f.sretPtr : ret == IrType.VOID ? null : Emit.zero(ret));
    }
}
