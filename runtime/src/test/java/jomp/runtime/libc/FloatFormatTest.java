package jomp.runtime.libc;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Format's exact %f and %e arithmetic without BigDecimal (scaledRound) against BigDecimal, which
 * computes the exact decimal value of a double and rounds it half-even, as glibc's printf does.
 */
class FloatFormatTest {
    /** Random doubles of every magnitude, dyadic fractions (exact ties) and values near powers of ten. */
    private static double[] samples() {
        SplittableRandom r = new SplittableRandom(20261122);
        double[] v = new double[30000];
        for (int i = 0; i < v.length; i++) {
            v[i] = switch (i % 5) {
                case 0 -> Math.abs(Double.longBitsToDouble(r.nextLong()));
                case 1 -> Math.pow(10, r.nextDouble(-25, 25));
                case 2 -> (double) r.nextLong(1, 1L << 40) / (1L << r.nextInt(1, 60));
                case 3 ->
                    Math.nextAfter(Math.pow(10, r.nextInt(-20, 20)), r.nextBoolean() ? 0 : 1e300)
                            * (r.nextBoolean() ? 1 : 0.5 * 19.99);
                default -> r.nextInt(1, 100000) / 1000.0 + (r.nextBoolean() ? 0.0005 : 0.00005);
            };
            if (!Double.isFinite(v[i]) || v[i] == 0) v[i] = Double.MIN_VALUE * (i + 1);
        }
        return v;
    }

    @Test
    void fixedMatchesBigDecimal() {
        for (double a : samples()) {
            for (int prec = 0; prec <= 20; prec += (prec < 12 ? 1 : 4)) {
                String expected =
                        new BigDecimal(a).setScale(prec, RoundingMode.HALF_EVEN).toPlainString();
                assertThat(Format.fixed(a, prec, false))
                        .as("%%.%df of %s", prec, a)
                        .isEqualTo(expected);
            }
        }
    }

    @Test
    void exponentMatchesBigDecimal() {
        for (double a : samples()) {
            for (int prec = 0; prec <= 19; prec++) {
                BigDecimal bd = new BigDecimal(a).round(new MathContext(prec + 1, RoundingMode.HALF_EVEN));
                String u = bd.unscaledValue().toString();
                int exp = u.length() - 1 - bd.scale();
                u = (u + "0".repeat(prec + 1)).substring(0, prec + 1);
                String expected = u.charAt(0) + (prec > 0 ? "." + u.substring(1) : "") + "e" + (exp < 0 ? "-" : "+")
                        + (Math.abs(exp) < 10 ? "0" : "") + Math.abs(exp);
                assertThat(Format.exponent(a, prec, false, false))
                        .as("%%.%de of %s", prec, a)
                        .isEqualTo(expected);
            }
        }
    }

    @Test
    void roundingIsHalfEvenOnTheExactValue() {
        assertThat(Format.fixed(0.125, 2, false)).isEqualTo("0.12");
        assertThat(Format.fixed(0.375, 2, false)).isEqualTo("0.38");
        assertThat(Format.fixed(2.5, 0, false)).isEqualTo("2");
        assertThat(Format.fixed(0.5, 0, false)).isEqualTo("0");
        assertThat(Format.fixed(1.005, 2, false)).isEqualTo("1.00"); // 1.00499999999999989...
        assertThat(Format.exponent(9.9996, 3, false, false)).isEqualTo("1.000e+01");
        assertThat(Format.exponent(5e-324, 2, false, false)).isEqualTo("4.94e-324");
        // the arithmetic itself, both directions, ties to even
        assertThat(Format.scaledRound(25, -1)).isEqualTo(2);
        assertThat(Format.scaledRound(35, -1)).isEqualTo(4);
        assertThat(Format.scaledRound(25.000001, -1)).isEqualTo(3);
        assertThat(Format.scaledRound(1.34995e10, -4)).isEqualTo(1349950);
        assertThat(Format.scaledRound(0x1p63, -1)).isEqualTo(-1); // beyond a long: BigDecimal's case
        assertThat(Format.scaledRound(0.1, 18)).isEqualTo(100000000000000006L); // 0.1000000000000000055511...
        assertThat(Format.scaledRound(1e-300, 18)).isZero();
    }
}
