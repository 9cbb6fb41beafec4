package jomp.compiler.opt;

import static jomp.compiler.opt.PassesTest.body;
import static jomp.compiler.opt.PassesTest.parse;
import static org.assertj.core.api.Assertions.assertThat;

import jomp.compiler.ir.IrInterpreter;
import jomp.compiler.ir.IrPrinter;
import jomp.compiler.ir.IrVerifier;
import jomp.compiler.ir.Module;
import org.junit.jupiter.api.Test;

/** Loads of a slot only constant stores at the entry wrote (the union-punning endianness test) become constants. */
class ConstantSlotsTest {
    /**
     * {@code const union { U32 u; BYTE c[4]; } one = { 0x04030201 }; return one.c[0] * 100 + one.c[3] + one.u16[0]...}:
     * byte, half and word reads of a word store, and a read of a byte no store wrote (stays a load).
     */
    private static final String PUN = """
        func i32 @main() {
          slot $one.0 size 8 align 4
        entry.0:
          %1 = slotaddr $one.0
          store i32 67305985, %1
          %2 = add ptr %1, 0
          %3 = load i8 %2
          %4 = zext i8 %3 to i32
          %5 = add ptr %1, 3
          %6 = load i8 %5
          %7 = zext i8 %6 to i32
          %8 = add ptr %1, 2
          %9 = load i16 %8
          %10 = zext i16 %9 to i32
          %11 = mul i32 %4, 100
          %12 = add i32 %11, %7
          %13 = add i32 %12, %10
          condbr i32 %13, yes.1, no.2
        yes.1:
          %14 = load i32 %1
          %15 = sub i32 %14, 67305985
          %16 = add i32 %15, %13
          ret i32 %16
        no.2:
          ret i32 1
        }
        """;

    @Test
    void punnedReadsOfConstantStoresFold() {
        int before = IrInterpreter.run(parse(PUN)).exitCode();
        Module m = parse(PUN);
        PassManager.run(m, 2);
        assertThat(IrVerifier.verify(m)).isEmpty();
        assertThat(IrInterpreter.run(m).exitCode())
                .as(IrPrinter.print(m))
                .isEqualTo(before)
                .isEqualTo((100 + 4 + 0x0403) & 0xff);
        // every read was covered by the store: no load, no store, no slot is left
        assertThat(body(m)).doesNotContain("load").doesNotContain("store").doesNotContain("slot");
    }

    @Test
    void aReadOfUnwrittenBytesOrALaterStoreKeepsTheSlot() {
        String partial = PUN.replace("%5 = add ptr %1, 3", "%5 = add ptr %1, 5"); // byte 5: never stored
        Module m = parse(partial);
        PassManager.run(m, 2);
        assertThat(IrInterpreter.run(m).exitCode())
                .isEqualTo(IrInterpreter.run(parse(partial)).exitCode());
        assertThat(body(m)).contains("load i8").contains("store i32 67305985");

        String later =
                PUN.replace("  ret i32 %16\n", "  store i32 9, %1\n  ret i32 %16\n"); // a store outside the entry
        Module n = parse(later);
        PassManager.run(n, 2);
        assertThat(IrInterpreter.run(n).exitCode())
                .isEqualTo(IrInterpreter.run(parse(later)).exitCode());
        assertThat(body(n)).contains("load i32");
    }
}
