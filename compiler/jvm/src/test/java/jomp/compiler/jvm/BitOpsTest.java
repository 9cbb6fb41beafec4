package jomp.compiler.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import jomp.compiler.ir.FuncType;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrBuilder;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Module;
import jomp.compiler.ir.Reg;
import jomp.compiler.jvm.JvmBackend.ClassFile;
import jomp.compiler.opt.Fold;
import jomp.runtime.mem.Stack;
import org.junit.jupiter.api.Test;

/**
 * The IR's ctz, clz, popcount and bswap on i32 and i64 compile to calls of the JDK methods C2
 * turns into single instructions, and give what constant folding gives (BitOpsFoldTest checks
 * folding bit by bit), zero included, when run on the JVM.
 */
class BitOpsTest {
    static final List<Insn.UnOp> OPS = List.of(Insn.UnOp.CTZ, Insn.UnOp.CLZ, Insn.UnOp.POPCOUNT, Insn.UnOp.BSWAP);

    static Function op(String name, Insn.UnOp op, IrType t) {
        Function f = new Function(name, new FuncType(t, List.of(t), false), false);
        Reg x = f.newReg(t, "x");
        f.params.add(x);
        IrBuilder ir = new IrBuilder(f);
        ir.ret(ir.unary(op, x));
        return f;
    }

    @Test
    void bitOperationsCallTheJdkIntrinsicsAndAgreeWithFolding() throws Exception {
        Module m = new Module("bits.c");
        for (IrType t : List.of(IrType.I32, IrType.I64))
            for (Insn.UnOp op : OPS) m.functions.add(op("f_" + op.name() + "_" + t.name(), op, t));
        ClassFile cf = JvmBackend.compile(m).get(0);
        String pool = new String(cf.bytes(), StandardCharsets.ISO_8859_1);
        assertThat(pool)
                .contains("java/lang/Integer", "java/lang/Long")
                .contains("numberOfTrailingZeros", "numberOfLeadingZeros", "bitCount", "reverseBytes");
        Class<?> cls = new JvmBackendBranchTest.Loader().define(cf);
        List<Long> values = new ArrayList<>(List.of(0L, 1L, -1L, 0x8000_0000L, Long.MIN_VALUE, 0x0123456789abcdefL));
        Random r = new Random(7);
        for (int i = 0; i < 100; i++) values.add(r.nextLong() >>> r.nextInt(64));
        int checked = 0;
        for (Method mh : cls.getMethods()) {
            if (!mh.getName().startsWith("f_")) continue;
            String[] p = mh.getName().split("_");
            Insn.UnOp op = Insn.UnOp.valueOf(p[1]);
            IrType t = IrType.valueOf(p[2]);
            for (long v : values) {
                IntConst want = (IntConst) Fold.unary(op, new IntConst(t, v));
                Object got = t == IrType.I32
                        ? (Object) (long) (int) mh.invoke(null, (int) v, Stack.current())
                        : mh.invoke(null, v, Stack.current());
                assertThat((long) got).as("%s %s %x", op, t, v).isEqualTo(want.value());
                checked++;
            }
        }
        assertThat(checked).isEqualTo(8 * values.size());
    }
}
