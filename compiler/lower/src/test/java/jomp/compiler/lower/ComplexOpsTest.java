package jomp.compiler.lower;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import jomp.compiler.ir.FloatConst;
import jomp.compiler.ir.FuncType;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrBuilder;
import jomp.compiler.ir.IrInterpreter;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.IrVerifier;
import jomp.compiler.ir.Module;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Slot;
import org.junit.jupiter.api.Test;

class ComplexOpsTest {
    /** Expected values printed with %a by gcc 12 -O0 (double complex x / y and x * y). */
    @Test
    void divisionAndMultiplicationMatchGcc() {
        double[][] v = {{1, 2, 3, 4}, {-1.5, 0.25, 0.1, -7}, {1e10, 3, -2, 1e-3}, {0.3, 0.7, 0.9, 0.2}};
        String[] gcc = {
            "0x1.c28f5c28f5c29p-2 0x1.47ae147ae147bp-4 -0x1.4p+2 0x1.4p+3",
            "-0x1.3d958bef7e758p-5 -0x1.b5b910df2508bp-3 0x1.999999999999ap+0 0x1.50ccccccccccdp+3",
            "-0x1.2a05ed1dffe35p+32 -0x1.312d06ffffe2ap+21 -0x1.2a05f20000312p+34 0x1.312cf4p+23",
            "0x1.ededededededfp-2 0x1.5757575757575p-1 0x1.0a3d70a3d70a5p-3 0x1.6147ae147ae14p-1",
        };
        for (int k = 0; k < v.length; k++) {
            double[] q = run(ComplexOps.Op.DIV, v[k]), m = run(ComplexOps.Op.MUL, v[k]);
            String got = hex(q[0]) + " " + hex(q[1]) + " " + hex(m[0]) + " " + hex(m[1]);
            assertThat(got).isEqualTo(gcc[k]);
        }
        assertThat(run(ComplexOps.Op.ADD, new double[] {1, 2, 3, 4})).containsExactly(4, 6);
        assertThat(run(ComplexOps.Op.SUB, new double[] {1, 2, 3, 5})).containsExactly(-2, -3);
    }

    /** C's %a for normal doubles. */
    private static String hex(double d) {
        String s = Double.toHexString(d).replace(".0p", "p");
        return s.replaceAll("p(\\d)", "p+$1");
    }

    private static double[] run(ComplexOps.Op op, double[] v) {
        Module m = new Module("t.c");
        Function f = new Function("main", new FuncType(IrType.I32, List.of(), false), false);
        m.functions.add(f);
        IrBuilder b = new IrBuilder(f);
        Slot x = f.newSlot("x", 16, 8), y = f.newSlot("y", 16, 8), r = f.newSlot("r", 16, 8);
        Reg xa = b.slotAddr(x), ya = b.slotAddr(y), ra = b.slotAddr(r);
        b.store(new FloatConst(IrType.F64, v[0]), xa);
        b.store(new FloatConst(IrType.F64, v[1]), b.ptrAdd(xa, IntConst.i64(8)));
        b.store(new FloatConst(IrType.F64, v[2]), ya);
        b.store(new FloatConst(IrType.F64, v[3]), b.ptrAdd(ya, IntConst.i64(8)));
        ComplexOps.emit(b, op, ra, xa, ya, IrType.F64);
        Reg re = b.load(IrType.I64, ra), im = b.load(IrType.I64, b.ptrAdd(ra, IntConst.i64(8)));
        b.call("sink", new FuncType(IrType.VOID, List.of(IrType.I64, IrType.I64), false), List.of(re, im));
        b.ret(IntConst.i32(0));
        m.externFunctions.put("sink", new FuncType(IrType.VOID, List.of(IrType.I64, IrType.I64), false));
        assertThat(IrVerifier.verify(m)).isEmpty();
        long[] got = new long[2];
        IrInterpreter.run(List.of(m), (name, args) -> {
            got[0] = args.get(0);
            got[1] = args.get(1);
            return 0L;
        });
        return new double[] {Double.longBitsToDouble(got[0]), Double.longBitsToDouble(got[1])};
    }
}
