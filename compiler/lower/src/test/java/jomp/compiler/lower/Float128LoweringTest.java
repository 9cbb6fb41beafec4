package jomp.compiler.lower;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import jomp.compiler.ir.IrPrinter;
import jomp.compiler.ir.Module;
import jomp.compiler.type.Binary128;
import jomp.runtime.libc.Quad;
import org.junit.jupiter.api.Test;

/**
 * __float128: the compiler's constant folding (Binary128) gives the runtime's results (Quad, which
 * runtime/tools/quad-difftest.sh checks against gcc), and the lowering's IR calls the runtime on
 * values by address, with static initialisers folded to their binary128 words.
 */
class Float128LoweringTest {
    private static Quad q(Binary128 b) {
        return new Quad(b.hi(), b.lo());
    }

    /** Random finite values of every magnitude, and the special ones. */
    private static Binary128 random(Random r) {
        return switch (r.nextInt(8)) {
            case 0 -> Binary128.ZERO;
            case 1 -> Binary128.INFINITY;
            case 2 -> new Binary128(r.nextLong() & 0x0000ffffffffffffL, r.nextLong()); // subnormal
            case 3 -> Binary128.fromDouble(r.nextGaussian());
            default -> {
                long exp = 0x3fffL + r.nextInt(400) - 200;
                yield new Binary128(
                        (r.nextBoolean() ? Long.MIN_VALUE : 0) | exp << 48 | r.nextLong() & 0xffffffffffffL,
                        r.nextLong());
            }
        };
    }

    @Test
    void foldingAgreesWithTheRuntime() {
        Random r = new Random(128);
        for (int i = 0; i < 20_000; i++) {
            Binary128 a = random(r), b = random(r);
            Quad x = q(a), y = q(b);
            // NaN results differ on purpose (gcc folds the positive default NaN, x86 makes the negative one)
            if (!Binary128.add(a, b).isNaN()) assertThat(q(Binary128.add(a, b))).isEqualTo(Quad.add(x, y));
            if (!Binary128.sub(a, b).isNaN()) assertThat(q(Binary128.sub(a, b))).isEqualTo(Quad.sub(x, y));
            if (!Binary128.mul(a, b).isNaN()) assertThat(q(Binary128.mul(a, b))).isEqualTo(Quad.mul(x, y));
            if (!Binary128.div(a, b).isNaN()) assertThat(q(Binary128.div(a, b))).isEqualTo(Quad.div(x, y));
            assertThat(Binary128.compare(a, b)).isEqualTo(Quad.compare(x, y));
            assertThat(Double.doubleToRawLongBits(a.toDouble())).isEqualTo(Double.doubleToRawLongBits(x.toDouble()));
            assertThat(a.toInteger()).isEqualTo(x.toInteger());
            double d = Double.longBitsToDouble(r.nextLong());
            if (!Double.isNaN(d)) assertThat(q(Binary128.fromDouble(d))).isEqualTo(Quad.fromDouble(d));
        }
    }

    @Test
    void literalsRoundOnceToNearestEven() {
        // 1/3 and 0.1 as gcc 12 reads 0.1q and 1.0q/3 (their bits printed by a gcc-built program)
        assertThat(Binary128.parse("0.1")).isEqualTo(new Binary128(0x3ffb999999999999L, 0x999999999999999aL));
        assertThat(Binary128.div(Binary128.fromInteger(java.math.BigInteger.ONE), Binary128.parse("3")))
                .isEqualTo(new Binary128(0x3ffd555555555555L, 0x5555555555555555L));
        assertThat(Binary128.parse("0x1.8p-3")).isEqualTo(new Binary128(0x3ffc800000000000L, 0));
        assertThat(Binary128.parse("1e5000")).isEqualTo(Binary128.INFINITY);
        assertThat(Binary128.parse("1e-5000")).isEqualTo(Binary128.ZERO);
        // 2^-16494, the least subnormal, and half of it (a tie, to even: zero)
        assertThat(Binary128.parse("0x1p-16494")).isEqualTo(new Binary128(0, 1));
        assertThat(Binary128.parse("0x1p-16495")).isEqualTo(Binary128.ZERO);
        assertThat(Binary128.parse("0x1.8p-16495")).isEqualTo(new Binary128(0, 1));
        assertThat(Binary128.parse("1.5x")).isNull();
    }

    @Test
    void operationsCallTheRuntimeOnValuesByAddress() {
        Module m = LoweringTextTest.lower("""
            __float128 g = 1.0q / 3 + 1;
            int lt(__float128 a, __float128 b) { return a < b; }
            __float128 f(__float128 a, long n) { __float128 r = a * n; r -= 2.5; return -r; }
            double d(__float128 a) { return a; }
            """, 1);
        String ir = IrPrinter.print(m);
        assertThat(ir)
                // 1.0q/3 + 1 folded once in binary128: 0x3fff5555...5555, low word first ('U' is 0x55, '?' 0x3f)
                .contains("global @g size 16 align 16 data \"UUUUUUUUUUUUUU\\ff?\"")
                .contains("call i32 (ptr, ptr) @__jomp_q_compare(")
                .contains("call void (ptr, i64, i32) @__jomp_q_from_i64(")
                .contains("call void (ptr, ptr, ptr, i32) @__jomp_q_binary(")
                .contains("call void (ptr, f64) @__jomp_q_from_f64(")
                .contains("call f64 (ptr) @__jomp_q_to_f64(")
                .contains("xor i64"); // unary minus flips the sign bit of the high word
    }

    @Test
    void gccsFloat128SpellingIsTheSameType() {
        // gcc's _Float128 and f128/F128 suffix (clang 19 has neither in C): __float128 itself
        Module m = LoweringTextTest.lower("""
            _Float128 a = 1.5f128;
            __float128 b = 0x1.8p0F128;
            int same = _Generic(a, __float128: 1, default: 2) + _Generic(2.0q, _Float128: 10, default: 20);
            _Static_assert(sizeof(_Float128) == 16 && _Alignof(_Float128) == 16, "layout");
            """, 0);
        String ir = IrPrinter.print(m);
        // 1.5 is 0x3fff8000...0, low word first: thirteen zero bytes, then 80 ff 3f ('?')
        String onePointFive = "size 16 align 16 data \"\\00\\00\\00\\00\\00\\00\\00\\00\\00\\00\\00\\00\\00\\80\\ff?\"";
        assertThat(ir).contains("global @a " + onePointFive).contains("global @b " + onePointFive);
        assertThat(ir).contains("global @same size 4 align 4 data \"\\0b\\00\\00\\00\"");
    }
}
