package jomp.runtime.libc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Quad against values gcc 12's {@code __float128} gives (its libgcc soft-fp; the expected words were
 * printed by a C program compiled with gcc). runtime/tools/QuadDiff.java compares many random operands.
 */
class QuadTest {
    private static void is(Quad q, long hi, long lo) {
        assertThat(String.format("%016x %016x", q.hi(), q.lo())).isEqualTo(String.format("%016x %016x", hi, lo));
    }

    private static final Quad ONE = Quad.fromLong(1), TWO = Quad.fromLong(2), THREE = Quad.fromLong(3);
    private static final Quad MAX = new Quad(0x7ffeffffffffffffL, -1), DENORM_MIN = new Quad(0, 1);

    @Test
    void roundsToNearestEven() {
        is(Quad.div(ONE, THREE), 0x3ffd555555555555L, 0x5555555555555555L);
        is(Quad.sqrt(TWO), 0x3fff6a09e667f3bcL, 0xc908b2fb1366ea95L);
        is(Quad.mul(MAX, TWO), 0x7fff000000000000L, 0); // overflow to infinity
        is(Quad.div(DENORM_MIN, TWO), 0, 0); // half the least subnormal: ties to even, 0
        is(Quad.div(Quad.mul(DENORM_MIN, THREE), TWO), 0, 2); // 1.5 of it: ties to even, 2
        is(Quad.sub(ONE, ONE), 0, 0);
    }

    @Test
    void converts() {
        is(Quad.fromDouble(0.1), 0x3ffb999999999999L, 0xa000000000000000L);
        is(Quad.fromLong(Long.MAX_VALUE), 0x403dffffffffffffL, 0xfffc000000000000L);
        is(Quad.fromUnsignedLong(-1), 0x403effffffffffffL, 0xfffe000000000000L);
        is(Quad.fromInt128(-1L << 56, 0, false), 0xc077000000000000L, 0);
        assertThat(Quad.div(ONE, THREE).toDouble()).isEqualTo(0x1.5555555555555p-2);
        assertThat(MAX.toDouble()).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(Quad.fromLong(-1234567).toInteger().longValue()).isEqualTo(-1234567);
        assertThat(Quad.div(Quad.fromLong(-7), TWO).toInteger().longValue()).isEqualTo(-3);
    }

    @Test
    void comparesWithNaNUnordered() {
        assertThat(Quad.compare(ONE, TWO)).isEqualTo(-1);
        assertThat(Quad.compare(new Quad(Long.MIN_VALUE, 0), Quad.ZERO)).isZero(); // -0 == +0
        assertThat(Quad.compare(Quad.NAN, Quad.NAN)).isEqualTo(2);
        assertThat(Quad.div(Quad.ZERO, Quad.ZERO).isNaN()).isTrue();
        assertThat(Quad.compare(Quad.fromLong(-5), Quad.fromLong(-4))).isEqualTo(-1);
    }
}
