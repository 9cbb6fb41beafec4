package jomp.compiler.lower;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.Initializer;
import jomp.compiler.ast.Stmt;
import jomp.compiler.ast.TreeScanner;
import jomp.compiler.ast.Var;
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
 *
 * <p>{@code goto *ops[i]} through a static table that cannot change ({@code static void *const
 * ops[] = { &&a, &&b }}, as interpreters declare it) skips the table: the table's own dispatch
 * switches on i, to the label the table holds at i, saving the load of the label's number on
 * every dispatch.
 */
final class IndirectGotos {
    private final FunctionLowering f;
    /** The numbers of the labels whose address the C function takes, by name. */
    private final Map<String, Long> numbers = new java.util.HashMap<>();
    /** The function's static const tables of label addresses: each entry's label number (0: none), by table. */
    private final Map<Var, long[]> tables = new java.util.IdentityHashMap<>();
    /** One dispatch per kind of goto *: by label number (key null), or by index into a const table. */
    private final Map<Var, Dispatch> dispatches = new java.util.LinkedHashMap<>();

    private record Dispatch(BasicBlock block, Reg value) {}

    IndirectGotos(FunctionLowering f, Stmt functionBody) {
        this.f = f;
        new TreeScanner() { // a static table's initializer included: static void *tbl[] = { &&a, &&b }
            @Override
            public void visitLabelAddr(Expr.LabelAddr l) {
                numbers.put(l.label(), l.value());
            }

            @Override
            public void visitLocalVar(Stmt.LocalVar lv) {
                super.visitLocalVar(lv);
                long[] t = labelTable(lv);
                if (t != null) tables.put(lv.var(), t);
            }
        }.scan(functionBody);
    }

    /** The label numbers of a static table of constant pointers holding only label addresses, or null. */
    private static long[] labelTable(Stmt.LocalVar lv) {
        Var v = lv.var();
        Type t = v.type;
        if (!v.isStatic()
                || lv.init() == null
                || !t.isArray()
                || t.arrayLen <= 0
                || !t.base.isPointer()
                || !t.base.isConst()) return null;
        long[] out = new long[(int) Math.min(t.arrayLen, 1 << 16)];
        for (Initializer.Item it : lv.init().items()) {
            Expr e = it.value();
            while (e instanceof Expr.Cast c && c.implicit()) e = c.operand();
            if (!(e instanceof Expr.LabelAddr l) || it.offset() % 8 != 0 || it.offset() / 8 >= out.length) return null;
            out[(int) (it.offset() / 8)] = l.value();
        }
        return out;
    }

    /** {@code &&l}: its number, as a pointer. */
    Value address(Expr.LabelAddr l) {
        return f.e.convert(IntConst.i64(l.value()), Type.LONG, l.type());
    }

    /** {@code goto *p}. */
    void jump(Stmt.IndirectGoto g) {
        Expr t = g.target();
        while (t instanceof Expr.Cast c && c.implicit()) t = c.operand();
        Var table = null;
        Value n;
        // goto *T[i], T a const table of labels: *(T + i * 8)
        if (t instanceof Expr.Unary u
                && u.op() == Expr.Unary.Op.DEREF
                && u.operand() instanceof Expr.Binary add
                && add.op() == Expr.Binary.Op.ADD
                && add.left() instanceof Expr.Decay d
                && d.operand() instanceof Expr.VarRef ref
                && tables.containsKey(ref.var())
                && add.right() instanceof Expr.Binary mul
                && mul.op() == Expr.Binary.Op.MUL
                && mul.right() instanceof Expr.IntLit eight
                && eight.value() == 8) {
            table = ref.var();
            n = f.e.conv(Insn.ConvOp.TRUNC, f.rvalue(mul.left()), IrType.I32);
        } else {
            n = f.e.conv(
                    Insn.ConvOp.TRUNC, f.e.conv(Insn.ConvOp.BITCAST, f.rvalue(g.target()), IrType.I64), IrType.I32);
        }
        Dispatch d = dispatches.computeIfAbsent(
                table, k -> new Dispatch(f.b.newBlock("indirect.goto"), f.fn.newReg(IrType.I32, "goto.dest")));
        f.b.copy(d.value(), n);
        f.b.br(d.block());
    }

    /**
     * After the function's body: each dispatch block, a switch over the labels placed in this
     * function whose address is taken (by number, or by index for a table's).
     */
    void finish() {
        if (dispatches.isEmpty()) return;
        BasicBlock trap = f.b.newBlock("indirect.goto.bad");
        for (Map.Entry<Var, Dispatch> en : dispatches.entrySet()) {
            TreeMap<Long, BasicBlock> cases = new TreeMap<>();
            if (en.getKey() == null) {
                for (Map.Entry<String, Long> l : numbers.entrySet()) {
                    BasicBlock b = placed(l.getKey());
                    if (b != null) cases.put(l.getValue(), b);
                }
            } else {
                long[] table = tables.get(en.getKey());
                for (int i = 0; i < table.length; i++) {
                    BasicBlock b = placed(labelOf(table[i]));
                    if (b != null) cases.put((long) i, b);
                }
            }
            f.b.setBlock(en.getValue().block());
            f.b.switchTo(en.getValue().value(), trap, new ArrayList<>(cases.keySet()), List.copyOf(cases.values()));
        }
        f.b.setBlock(trap);
        FuncType v = new FuncType(IrType.VOID, List.of(), false);
        f.unit.useFunction("__builtin_trap", v);
        f.b.call("__builtin_trap", v, List.of());
        IrType ret = f.fn.type.ret();
        f.b.ret(f.sretPtr != null ? f.sretPtr : ret == IrType.VOID ? null : Emit.zero(ret));
    }

    /** The block of a label placed in this function (not only named by a goto), or null. */
    private BasicBlock placed(String label) {
        BasicBlock l = label == null ? null : f.labels.get(label);
        return l != null && (l.terminator != null || !l.insns.isEmpty()) ? l : null;
    }

    private String labelOf(long number) {
        for (Map.Entry<String, Long> en : numbers.entrySet()) if (en.getValue() == number) return en.getKey();
        return null;
    }
}
