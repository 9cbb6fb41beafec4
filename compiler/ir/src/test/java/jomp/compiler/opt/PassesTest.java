package jomp.compiler.opt;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceFile;
import jomp.compiler.ir.FloatConst;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrParser;
import jomp.compiler.ir.IrPrinter;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Module;
import org.junit.jupiter.api.Test;

class PassesTest {
    static Module parse(String body) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Module m = IrParser.parse(
                new SourceFile("t.jir", "module \"t.c\"\n" + body), new Diagnostics(new PrintStream(err)));
        assertThat(err.toString()).isEmpty();
        return m;
    }

    static String body(Module m) {
        String s = IrPrinter.print(m);
        return s.substring(s.indexOf("func"));
    }

    @Test
    void foldsArithmeticAndBranchesThenRemovesDeadCode() {
        Module m = parse("""
            func i32 @f(i32 %x.0) {
            entry.0:
              %1 = add i32 2147483647, 1
              %2 = cmp lt i32 %1, 0
              condbr i32 %2, yes.1, no.2
            yes.1:
              %3 = udiv i32 -1, 2
              %4 = add i32 %3, %x.0
              ret i32 %4
            no.2:
              ret i32 0
            }
            """);
        PassManager.run(m, 1);
        assertThat(body(m)).isEqualTo("""
            func i32 @f(i32 %x.0) {
            entry.0:
              %4 = add i32 2147483647, %x.0
              ret i32 %4
            }
            """);
    }

    /** An unused volatile load stays at -O2 (it may fault, as gcc's build of *(volatile int *)0 does); a plain one goes. */
    @Test
    void anUnusedVolatileLoadStaysAndPrintsAsOne() {
        Module m = parse("""
            func i32 @f(ptr %p.0) {
            entry.0:
              %1 = load volatile i32 %p.0
              %2 = load i32 %p.0
              %3 = load volatile i32 %p.0
              ret i32 0
            }
            """);
        PassManager.run(m, 2);
        assertThat(body(m)).isEqualTo("""
            func i32 @f(ptr %p.0) {
            entry.0:
              %1 = load volatile i32 %p.0
              %3 = load volatile i32 %p.0
              ret i32 0
            }
            """);
    }

    @Test
    void optLevelZeroOnlyDropsUnreachableBlocks() {
        Module m = parse("""
            func i32 @f() {
            entry.0:
              %1 = add i32 1, 2
              ret i32 %1
            dead.1:
              br entry.0
            }
            """);
        PassManager.run(m, 0);
        assertThat(body(m)).isEqualTo("""
            func i32 @f() {
            entry.0:
              %1 = add i32 1, 2
              ret i32 %1
            }
            """);
    }

    @Test
    void keepsMultiplyAssignedRegistersAndSideEffects() {
        Module m = parse("""
            func i32 @f(ptr %p.0) {
            entry.0:
              %i.1 = copy i32 0
              br loop.1
            loop.1:
              %2 = cmp lt i32 %i.1, 10
              condbr i32 %2, body.2, done.3
            body.2:
              store i32 %i.1, %p.0
              %3 = sdiv.unused i32 1, 1
              ret i32 0
            done.3:
              ret i32 %i.1
            }
            """.replace(
                        "  %3 = sdiv.unused i32 1, 1\n",
                        "  %3 = div i32 %i.1, 0\n  %i.1 = add i32 %i.1, 1\n  br loop.1\n")
                .replace("  ret i32 0\ndone", "done"));
        PassManager.run(m, 2);
        // %i.1 has two assignments: not a constant; the division by zero stays (it traps); the store stays.
        assertThat(body(m))
                .contains("cmp lt i32 %i.1, 10")
                .contains("div i32 %i.1, 0")
                .contains("store i32 %i.1, %p.0");
    }

    @Test
    void copyPropagationStopsAtReassignment() {
        Module m = parse("""
            func i32 @f(i32 %a.0) {
            entry.0:
              %b.1 = copy i32 %a.0
              %a.0 = add i32 %a.0, 1
              %2 = add i32 %b.1, %a.0
              ret i32 %2
            }
            """);
        new CopyPropagation().run(m.functions.get(0));
        assertThat(body(m)).contains("%2 = add i32 %b.1, %a.0");
        Module n = parse("""
            func i32 @f(i32 %a.0) {
            entry.0:
              %b.1 = copy i32 %a.0
              %2 = add i32 %b.1, %a.0
              ret i32 %2
            }
            """);
        PassManager.run(n, 1);
        assertThat(body(n)).contains("%2 = add i32 %a.0, %a.0").doesNotContain("copy");
    }

    @Test
    void foldingMatchesJvmAndCSemantics() {
        assertThat(Fold.binary(Insn.BinOp.DIV, IntConst.i32(-7), IntConst.i32(2)))
                .isEqualTo(IntConst.i32(-3));
        assertThat(Fold.binary(Insn.BinOp.REM, IntConst.i32(-7), IntConst.i32(2)))
                .isEqualTo(IntConst.i32(-1));
        assertThat(Fold.binary(Insn.BinOp.UREM, IntConst.i32(-1), IntConst.i32(10)))
                .isEqualTo(IntConst.i32(5)); // 4294967295 % 10
        assertThat(Fold.binary(Insn.BinOp.USHR, IntConst.i32(-1), IntConst.i32(28)))
                .isEqualTo(IntConst.i32(15));
        assertThat(Fold.binary(Insn.BinOp.SHR, IntConst.i64(-16), IntConst.i64(2)))
                .isEqualTo(IntConst.i64(-4));
        assertThat(Fold.binary(Insn.BinOp.DIV, IntConst.i32(1), IntConst.i32(0)))
                .isNull();
        assertThat(Fold.binary(Insn.BinOp.MUL, IntConst.i32(65536), IntConst.i32(65536)))
                .isEqualTo(IntConst.i32(0));
        assertThat(Fold.cmp(Insn.CmpOp.ULT, IntConst.i32(1), IntConst.i32(-1))).isEqualTo(IntConst.i32(1));
        assertThat(Fold.cmp(Insn.CmpOp.LT, IntConst.i32(1), IntConst.i32(-1))).isEqualTo(IntConst.i32(0));
        assertThat(Fold.cmp(
                        Insn.CmpOp.NE, new FloatConst(IrType.F64, Double.NaN), new FloatConst(IrType.F64, Double.NaN)))
                .isEqualTo(IntConst.i32(1));
        assertThat(Fold.convert(Insn.ConvOp.ZEXT, new IntConst(IrType.I8, -1), IrType.I32))
                .isEqualTo(IntConst.i32(255));
        assertThat(Fold.convert(Insn.ConvOp.TRUNC, IntConst.i32(300), IrType.I8))
                .isEqualTo(new IntConst(IrType.I8, 44));
        assertThat(Fold.convert(Insn.ConvOp.UITOFP, IntConst.i64(-1), IrType.F64))
                .isEqualTo(new FloatConst(IrType.F64, 18446744073709551615.0));
        // 2^64 - 2^39 - 1 rounds down to 2^64 - 2^40 in float only with a single correct rounding
        assertThat(Fold.convert(Insn.ConvOp.UITOFP, IntConst.i64(-(1L << 39) - 1), IrType.F32))
                .isEqualTo(new FloatConst(IrType.F32, 18446742974197923840.0));
        assertThat(Fold.convert(Insn.ConvOp.FPTOSI, new FloatConst(IrType.F64, -2.9), IrType.I32))
                .isEqualTo(IntConst.i32(-2));
        assertThat(Fold.convert(Insn.ConvOp.FPTOSI, new FloatConst(IrType.F64, 3e9), IrType.I32))
                .isNull();
        assertThat(Fold.convert(Insn.ConvOp.FPTOUI, new FloatConst(IrType.F64, 3e9), IrType.I32))
                .isEqualTo(IntConst.i32(3000000000L));
        assertThat(Fold.convert(Insn.ConvOp.FPTRUNC, new FloatConst(IrType.F64, 0.1), IrType.F32))
                .isEqualTo(new FloatConst(IrType.F32, 0.1f));
        assertThat(Fold.binary(Insn.BinOp.ADD, new FloatConst(IrType.F32, 16777216f), new FloatConst(IrType.F32, 1f)))
                .isEqualTo(new FloatConst(IrType.F32, 16777216f));
    }

    @Test
    void blocksAreLaidOutInReversePostorder() {
        Module m = parse("""
            func i32 @f(i32 %x.0) {
            entry.0:
              condbr i32 %x.0, then.1, else.2
            end.3:
              ret i32 %x.0
            else.2:
              %x.0 = add i32 %x.0, 2
              br end.3
            then.1:
              %x.0 = add i32 %x.0, 1
              br end.3
            }
            """);
        assertThat(new BlockOrder().run(m.functions.get(0))).isTrue();
        assertThat(m.functions.get(0).blocks.stream().map(b -> b.name).toList())
                .containsExactly("entry.0", "then.1", "else.2", "end.3");
        assertThat(new BlockOrder().run(m.functions.get(0))).isFalse();
    }
}
