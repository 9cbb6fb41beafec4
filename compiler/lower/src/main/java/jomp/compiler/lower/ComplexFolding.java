package jomp.compiler.lower;

import java.math.BigDecimal;
import java.math.MathContext;
import jomp.compiler.sema.ConstEval;
import jomp.compiler.type.Type;

/**
 * Products and quotients of complex constants in static initializers, folded as gcc folds them
 * (fold-const's const_binop). Floating parts: each part of the exact result rounded once to the
 * part type (gcc's MPC), when the operands are finite and the divisor is not zero; otherwise the
 * C Annex G forms of libgcc's __muldc3 and __divdc3. Integer parts: the straightforward product
 * and the "wide" (Smith's) quotient in the part type, wrapping; a zero divisor is no constant.
 */
final class ComplexFolding {
    private ComplexFolding() {}

    private static final MathContext QUOTIENT = new MathContext(120);

    /** x * y, each part rounded to float when toFloat. */
    static double[] multiply(double[] x, double[] y, boolean toFloat) {
        if (!finite(x) || !finite(y)) return positiveNaNs(annexGMultiply(x[0], x[1], y[0], y[1]));
        BigDecimal a = exact(x[0]), b = exact(x[1]), c = exact(y[0]), d = exact(y[1]);
        BigDecimal re = a.multiply(c).subtract(b.multiply(d)),
                im = a.multiply(d).add(b.multiply(c));
        return new double[] {
            signed(round(re, toFloat), x[0] * y[0] - x[1] * y[1]), signed(round(im, toFloat), x[0] * y[1] + x[1] * y[0])
        };
    }

    /** x / y, each part rounded to float when toFloat. */
    static double[] divide(double[] x, double[] y, boolean toFloat) {
        if (!finite(x) || !finite(y) || y[0] == 0 && y[1] == 0)
            return positiveNaNs(annexGDivide(x[0], x[1], y[0], y[1]));
        BigDecimal a = exact(x[0]), b = exact(x[1]), c = exact(y[0]), d = exact(y[1]);
        BigDecimal den = c.multiply(c).add(d.multiply(d));
        BigDecimal re = a.multiply(c).add(b.multiply(d)), im = b.multiply(c).subtract(a.multiply(d));
        return new double[] {
            signed(round(re.divide(den, QUOTIENT), toFloat), x[0] * y[0] + x[1] * y[1]),
            signed(round(im.divide(den, QUOTIENT), toFloat), x[1] * y[0] - x[0] * y[1])
        };
    }

    /** An exact zero takes the sign IEEE arithmetic gives it (z: the part's numerator in doubles): BigDecimal has no -0. */
    private static double signed(double v, double z) {
        return v == 0 ? Math.copySign(0.0, z) : v;
    }

    /** x * y of integer parts of type part, wrapping. */
    static long[] multiply(long[] x, long[] y, Type part) {
        return new long[] {
            ConstEval.truncate(x[0] * y[0] - x[1] * y[1], part), ConstEval.truncate(x[0] * y[1] + x[1] * y[0], part)
        };
    }

    /** x / y of integer parts of type part by gcc's wide algorithm; null where it divides by zero. */
    static long[] divide(long[] x, long[] y, Type part) {
        long a = x[0], b = x[1], c = y[0], d = y[1];
        if (part.isUnsigned ? Long.compareUnsigned(c, d) < 0 : Math.abs(c) < Math.abs(d)) {
            Long ratio = quotient(c, d, part);
            if (ratio == null) return null;
            long div = wrap(d + c * ratio, part);
            Long re = quotient(wrap(a * ratio + b, part), div, part),
                    im = quotient(wrap(b * ratio - a, part), div, part);
            return re == null || im == null ? null : new long[] {re, im};
        }
        Long ratio = quotient(d, c, part);
        if (ratio == null) return null;
        long div = wrap(c + d * ratio, part);
        Long re = quotient(wrap(b * ratio + a, part), div, part), im = quotient(wrap(b - a * ratio, part), div, part);
        return re == null || im == null ? null : new long[] {re, im};
    }

    private static long wrap(long v, Type part) {
        return ConstEval.truncate(v, part);
    }

    private static Long quotient(long n, long d, Type part) {
        if (d == 0) return null;
        if (part.isUnsigned && part.size() == 8) return Long.divideUnsigned(n, d);
        return wrap(n / d, part);
    }

    /** A NaN folded at compile time is the positive quiet one (gcc's; x86's arithmetic makes the negative one). */
    private static double[] positiveNaNs(double[] v) {
        for (int i = 0; i < v.length; i++) if (Double.isNaN(v[i])) v[i] = Double.NaN;
        return v;
    }

    private static boolean finite(double[] v) {
        return Double.isFinite(v[0]) && Double.isFinite(v[1]);
    }

    private static BigDecimal exact(double v) {
        return new BigDecimal(v);
    }

    private static double round(BigDecimal v, boolean toFloat) {
        return toFloat ? v.floatValue() : v.doubleValue();
    }

    /** libgcc's __muldc3 (C11 Annex G.5.1): the naive product, infinities recovered from NaN results. */
    private static double[] annexGMultiply(double a, double b, double c, double d) {
        double ac = a * c, bd = b * d, ad = a * d, bc = b * c;
        double x = ac - bd, y = ad + bc;
        if (Double.isNaN(x) && Double.isNaN(y)) {
            boolean recalc = false;
            if (Double.isInfinite(a) || Double.isInfinite(b)) {
                a = Math.copySign(Double.isInfinite(a) ? 1 : 0, a);
                b = Math.copySign(Double.isInfinite(b) ? 1 : 0, b);
                if (Double.isNaN(c)) c = Math.copySign(0, c);
                if (Double.isNaN(d)) d = Math.copySign(0, d);
                recalc = true;
            }
            if (Double.isInfinite(c) || Double.isInfinite(d)) {
                c = Math.copySign(Double.isInfinite(c) ? 1 : 0, c);
                d = Math.copySign(Double.isInfinite(d) ? 1 : 0, d);
                if (Double.isNaN(a)) a = Math.copySign(0, a);
                if (Double.isNaN(b)) b = Math.copySign(0, b);
                recalc = true;
            }
            if (!recalc
                    && (Double.isInfinite(ac)
                            || Double.isInfinite(bd)
                            || Double.isInfinite(ad)
                            || Double.isInfinite(bc))) {
                if (Double.isNaN(a)) a = Math.copySign(0, a);
                if (Double.isNaN(b)) b = Math.copySign(0, b);
                if (Double.isNaN(c)) c = Math.copySign(0, c);
                if (Double.isNaN(d)) d = Math.copySign(0, d);
                recalc = true;
            }
            if (recalc) {
                x = Double.POSITIVE_INFINITY * (a * c - b * d);
                y = Double.POSITIVE_INFINITY * (a * d + b * c);
            }
        }
        return new double[] {x, y};
    }

    /** libgcc's __divdc3 (Smith's method, C11 Annex G.5.1's recovery of infinities and zeros). */
    private static double[] annexGDivide(double a, double b, double c, double d) {
        double x, y;
        if (Math.abs(c) < Math.abs(d)) {
            double ratio = c / d, denom = c * ratio + d;
            x = (a * ratio + b) / denom;
            y = (b * ratio - a) / denom;
        } else {
            double ratio = d / c, denom = d * ratio + c;
            x = (b * ratio + a) / denom;
            y = (b - a * ratio) / denom;
        }
        if (Double.isNaN(x) && Double.isNaN(y)) {
            if (c == 0 && d == 0 && (!Double.isNaN(a) || !Double.isNaN(b))) {
                x = Math.copySign(Double.POSITIVE_INFINITY, c) * a;
                y = Math.copySign(Double.POSITIVE_INFINITY, c) * b;
            } else if ((Double.isInfinite(a) || Double.isInfinite(b)) && Double.isFinite(c) && Double.isFinite(d)) {
                a = Math.copySign(Double.isInfinite(a) ? 1 : 0, a);
                b = Math.copySign(Double.isInfinite(b) ? 1 : 0, b);
                x = Double.POSITIVE_INFINITY * (a * c + b * d);
                y = Double.POSITIVE_INFINITY * (b * c - a * d);
            } else if ((Double.isInfinite(c) || Double.isInfinite(d)) && Double.isFinite(a) && Double.isFinite(b)) {
                c = Math.copySign(Double.isInfinite(c) ? 1 : 0, c);
                d = Math.copySign(Double.isInfinite(d) ? 1 : 0, d);
                x = 0.0 * (a * c + b * d);
                y = 0.0 * (b * c - a * d);
            }
        }
        return new double[] {x, y};
    }
}
