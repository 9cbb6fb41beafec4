package jomp.compiler.opt;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceFile;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrParser;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.IrVerifier;
import jomp.compiler.ir.Module;
import org.junit.jupiter.api.Test;

/**
 * The IR's bit operations (ctz, clz, popcount, bswap) folded on constants, checked against
 * definitions bit by bit; and the verifier keeping them to i32 and i64.
 */
class BitOpsFoldTest {
    /** The operation as its definition says, one bit or byte at a time over the type's width. */
    static long naive(Insn.UnOp op, long v, int width) {
        switch (op) {
            case CTZ -> {
                int n = 0;
                while (n < width && (v >>> n & 1) == 0) n++;
                return n;
            }
            case CLZ -> {
                int n = 0;
                while (n < width && (v >>> (width - 1 - n) & 1) == 0) n++;
                return n;
            }
            case POPCOUNT -> {
                int n = 0;
                for (int i = 0; i < width; i++) n += (int) (v >>> i & 1);
                return n;
            }
            default -> {
                long r = 0;
                for (int i = 0; i < width / 8; i++) r |= (v >>> (8 * i) & 0xff) << (width - 8 - 8 * i);
                return r;
            }
        }
    }

    static List<Long> values() {
        List<Long> vs = new ArrayList<>(List.of(0L, 1L, -1L, 2L, 0x80L, 0x8000_0000L, Long.MIN_VALUE, 0x12345678L));
        Random r = new Random(42);
        for (int i = 0; i < 200; i++) vs.add(r.nextLong() >>> r.nextInt(64));
        return vs;
    }

    @Test
    void constantsFoldAsTheDefinitionsSayZeroIncluded() {
        int checked = 0;
        for (IrType t : List.of(IrType.I32, IrType.I64))
            for (Insn.UnOp op : List.of(Insn.UnOp.CTZ, Insn.UnOp.CLZ, Insn.UnOp.POPCOUNT, Insn.UnOp.BSWAP))
                for (long v : values()) {
                    IntConst c = new IntConst(t, v);
                    IntConst want = new IntConst(t, naive(op, c.value(), t.bits()));
                    assertThat(Fold.unary(op, c)).as("%s %s %x", op, t, v).isEqualTo(want);
                    checked++;
                }
        assertThat(checked).isEqualTo(2 * 4 * values().size());
        // zero: the width for ctz and clz (as tzcnt and lzcnt give), 0 for the others
        assertThat(Fold.unary(Insn.UnOp.CTZ, IntConst.i32(0))).isEqualTo(IntConst.i32(32));
        assertThat(Fold.unary(Insn.UnOp.CLZ, IntConst.i64(0))).isEqualTo(IntConst.i64(64));
    }

    /** The parser's errors (it verifies what it reads) and the verifier's problems, one a line. */
    static String verify(String text) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Module m = IrParser.parse(
                new SourceFile("in.jir", "module \"t.c\"\n" + text), new Diagnostics(new PrintStream(err, true)));
        return err + (m == null ? "" : String.join("\n", IrVerifier.verify(m)));
    }

    @Test
    void bitOperationsTakeOnlyI32AndI64() {
        assertThat(verify("""
                func i64 @f(i32 %a.0, i64 %b.1) {
                entry:
                  %2 = ctz i32 %a.0
                  %3 = clz i64 %b.1
                  %4 = popcount i32 %2
                  %5 = bswap i64 %3
                  ret i64 %5
                }
                """)).isEmpty();
        assertThat(verify("""
                func f64 @f(f64 %a.0) {
                entry:
                  %1 = popcount f64 %a.0
                  ret f64 %1
                }
                """)).contains("popcount on f64");
        assertThat(verify("""
                func i16 @f(i16 %a.0) {
                entry:
                  %1 = bswap i16 %a.0
                  ret i16 %1
                }
                """)).contains("bswap on i16");
    }
}
