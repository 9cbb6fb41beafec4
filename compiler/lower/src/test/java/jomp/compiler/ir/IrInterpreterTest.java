package jomp.compiler.ir;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintStream;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceFile;
import org.junit.jupiter.api.Test;

/** The test interpreter itself must be right before it can judge the lowering. */
class IrInterpreterTest {
    @Test
    void runsLoopsCallsAndPrintf() {
        String text = """
            module "t.c"
            declare i32 (ptr, ...) @printf
            global static readonly @fmt size 21 align 1 data "%d %5.2f|%-4s|%x %g\\0a\\00"
            global static readonly @s size 3 align 1 data "ab\\00"
            func i32 @sq(i32 %x.0) {
            entry.0:
              %1 = mul i32 %x.0, %x.0
              ret i32 %1
            }
            func i32 @main() {
              slot $va.0 size 40 align 8
            entry.0:
              %s.0 = copy i32 0
              %i.1 = copy i32 0
              br loop.1
            loop.1:
              %2 = cmp lt i32 %i.1, 4
              condbr i32 %2, body.2, done.3
            body.2:
              %3 = call i32 (i32) @sq(i32 %i.1)
              %s.0 = add i32 %s.0, %3
              %i.1 = add i32 %i.1, 1
              br loop.1
            done.3:
              %4 = slotaddr $va.0
              store i32 %s.0, %4
              %5 = add ptr %4, 8
              store f64 3.14159, %5
              %6 = add ptr %4, 16
              %7 = addr @s
              store ptr %7, %6
              %8 = add ptr %4, 24
              store i64 255, %8
              %9 = add ptr %4, 32
              store f64 1.0E-5, %9
              %10 = addr @fmt
              %11 = call i32 (ptr, ...) @printf(ptr %10, ptr %4)
              %12 = funcaddr @sq
              %13 = calli i32 (i32) %12(i32 7)
              ret i32 %13
            }
            """;
        Module m = IrParser.parse(new SourceFile("t.jir", text), new Diagnostics(new PrintStream(System.err)));
        assertThat(IrVerifier.verify(m)).isEmpty();
        IrInterpreter.Result r = IrInterpreter.run(m);
        assertThat(r.stdout()).isEqualTo("14  3.14|ab  |ff 1e-05\n");
        assertThat(r.exitCode()).isEqualTo(49);
    }

    @Test
    void verifierFindsTypeErrors() {
        Function f = new Function("f", new FuncType(IrType.I32, java.util.List.of(), false), false);
        IrBuilder b = new IrBuilder(f);
        Reg r = b.convert(Insn.ConvOp.SEXT, IntConst.i64(1), IrType.I32);
        b.ret(r);
        Module m = new Module("t.c");
        m.functions.add(f);
        assertThat(IrVerifier.verify(m)).containsExactly("@f, entry.0: invalid sext from i64 to i32");
    }
}
