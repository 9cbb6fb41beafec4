package jomp.compiler.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.FuncType;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.Insn.CmpOp;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrBuilder;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Module;
import jomp.compiler.ir.Reg;
import jomp.compiler.jvm.JvmBackend.ClassFile;
import jomp.runtime.mem.Stack;
import org.junit.jupiter.api.Test;

/**
 * Compare-and-branch fusion: {@code c = cmp op a, b; condbr c, yes, no} compiles to one
 * compare-and-jump, negated when the true block comes next. Every operator, on i32, i64 and f64,
 * with both block orders and with the comparison also used as a value (not fused), is run on the
 * JVM (each function takes the thread's Stack last, as every C function does) and checked against
 * Java's own comparison.
 */
class JvmBackendBranchTest {
    static final long[] INTS = {0, 1, -1, 7, Integer.MAX_VALUE, Integer.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE};
    static final double[] DOUBLES = {0.0, -0.0, 1.5, -2.0, Double.NaN, Double.POSITIVE_INFINITY};

    /** f(a, b) = (a op b) ? 10 : 20, or + (a op b) when the comparison is also a value. */
    static Function branch(String name, CmpOp op, IrType t, boolean trueNext, boolean alsoValue) {
        Function f = new Function(name, new FuncType(IrType.I32, List.of(t, t), false), false);
        Reg a = f.newReg(t, "a"), b = f.newReg(t, "b");
        f.params.add(a);
        f.params.add(b);
        IrBuilder ir = new IrBuilder(f);
        Reg c = ir.cmp(op, a, b);
        BasicBlock first = ir.newBlock(trueNext ? "yes" : "no"), second = ir.newBlock(trueNext ? "no" : "yes");
        BasicBlock yes = trueNext ? first : second, no = trueNext ? second : first;
        ir.condBr(c, yes, no);
        ir.setBlock(yes);
        ir.ret(alsoValue ? ir.binary(Insn.BinOp.ADD, c, IntConst.i32(10)) : IntConst.i32(10));
        ir.setBlock(no);
        ir.ret(alsoValue ? ir.binary(Insn.BinOp.ADD, c, IntConst.i32(20)) : IntConst.i32(20));
        return f;
    }

    static boolean expected(CmpOp op, long x, long y) {
        return switch (op) {
            case EQ -> x == y;
            case NE -> x != y;
            case LT -> x < y;
            case LE -> x <= y;
            case GT -> x > y;
            case GE -> x >= y;
            case ULT -> Long.compareUnsigned(x, y) < 0;
            case ULE -> Long.compareUnsigned(x, y) <= 0;
            case UGT -> Long.compareUnsigned(x, y) > 0;
            case UGE -> Long.compareUnsigned(x, y) >= 0;
        };
    }

    static final class Loader extends ClassLoader {
        Class<?> define(ClassFile c) {
            return defineClass(c.name().replace('/', '.'), c.bytes(), 0, c.bytes().length);
        }
    }

    @Test
    void everyComparisonBranchesRight() throws Exception {
        Module m = new Module("branches.c");
        List<String> names = new ArrayList<>();
        for (IrType t : List.of(IrType.I32, IrType.I64, IrType.F64)) {
            for (CmpOp op : CmpOp.values()) {
                if (t == IrType.F64 && op.ordinal() >= CmpOp.ULT.ordinal()) continue; // unsigned: integers only
                for (int variant = 0; variant < 3; variant++) {
                    String name = "f_" + t.name() + "_" + op.name() + "_" + variant;
                    m.functions.add(branch(name, op, t, variant != 1, variant == 2));
                    names.add(name);
                }
            }
        }
        Class<?> cls = new Loader().define(JvmBackend.compile(m).get(0));
        int checked = 0;
        for (String name : names) {
            String[] p = name.split("_");
            IrType t = IrType.valueOf(p[1]);
            CmpOp op = CmpOp.valueOf(p[2]);
            boolean alsoValue = p[3].equals("2");
            Method mh = null;
            for (Method x : cls.getMethods()) if (x.getName().equals(name)) mh = x;
            assertThat(mh).as(name).isNotNull();
            if (t == IrType.F64) {
                for (double x : DOUBLES)
                    for (double y : DOUBLES) {
                        boolean want = switch (op) {
                            case EQ -> x == y;
                            case NE -> x != y;
                            case LT -> x < y;
                            case LE -> x <= y;
                            case GT -> x > y;
                            case GE -> x >= y;
                            default -> throw new AssertionError();
                        };
                        int r = (int) mh.invoke(null, x, y, Stack.current());
                        assertThat(r)
                                .as("%s(%s, %s)", name, x, y)
                                .isEqualTo((want ? 10 : 20) + (alsoValue && want ? 1 : 0));
                        checked++;
                    }
            } else {
                for (long x : INTS)
                    for (long y : INTS) {
                        Object ax = t == IrType.I32 ? (Object) (int) x : (Object) x,
                                ay = t == IrType.I32 ? (Object) (int) y : (Object) y;
                        boolean want = t == IrType.I32
                                ? expected(op, (int) x, (int) y) // sign extension keeps the unsigned order
                                : expected(op, x, y);
                        int r = (int) mh.invoke(null, ax, ay, Stack.current());
                        assertThat(r)
                                .as("%s(%s, %s)", name, x, y)
                                .isEqualTo((want ? 10 : 20) + (alsoValue && want ? 1 : 0));
                        checked++;
                    }
            }
        }
        assertThat(checked).isGreaterThan(1000);
    }
}
