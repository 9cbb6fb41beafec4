package jomp.plugin.ptxsim;

import java.math.BigDecimal;

/**
 * IEEE arithmetic with PTX's rounding modifiers. Round to nearest even is Java's own arithmetic
 * (for single precision computed in double and rounded once, which is exact for +, -, *, /, sqrt
 * because double has more than 2p+2 bits); the directed modes ({@code .rz .rm .rp}) take the
 * round-to-nearest result and move it one step when it lies on the wrong side of the exact
 * value, which is decided exactly with BigDecimal.
 */
final class FloatOps {
    private FloatOps() {}

    /** sign(exact - v) for a candidate result v. */
    private interface Side {
        int of(double v);
    }

    static float add32(int flags, float x, float y) {
        x = Alu.ftzIn(flags, x);
        y = Alu.ftzIn(flags, y);
        float r = x + y;
        int rnd = flags & Alu.RND_MASK;
        if (rnd == Alu.RN || !finite(x, y)) return r;
        if (r == 0 && x == -y) return rnd == Alu.RM ? -0f : 0f;
        BigDecimal e = big(x).add(big(y));
        return (float) directed(r, rnd, v -> e.compareTo(big(v)), true);
    }

    static double add64(int flags, double x, double y) {
        double r = x + y;
        int rnd = flags & Alu.RND_MASK;
        if (rnd == Alu.RN || !finite(x, y)) return r;
        if (r == 0 && x == -y) return rnd == Alu.RM ? -0.0 : 0.0;
        BigDecimal e = big(x).add(big(y));
        return directed(r, rnd, v -> e.compareTo(big(v)), false);
    }

    static float mul32(int flags, float x, float y) {
        x = Alu.ftzIn(flags, x);
        y = Alu.ftzIn(flags, y);
        float r = x * y;
        int rnd = flags & Alu.RND_MASK;
        if (rnd == Alu.RN || !finite(x, y) || r == 0) return r;
        BigDecimal e = big(x).multiply(big(y));
        return (float) directed(r, rnd, v -> e.compareTo(big(v)), true);
    }

    static double mul64(int flags, double x, double y) {
        double r = x * y;
        int rnd = flags & Alu.RND_MASK;
        if (rnd == Alu.RN || !finite(x, y) || r == 0 && (x == 0 || y == 0)) return r;
        BigDecimal e = big(x).multiply(big(y));
        return directed(r, rnd, v -> e.compareTo(big(v)), false);
    }

    static float fma32(int flags, float x, float y, float z) {
        x = Alu.ftzIn(flags, x);
        y = Alu.ftzIn(flags, y);
        z = Alu.ftzIn(flags, z);
        float r = Math.fma(x, y, z);
        int rnd = flags & Alu.RND_MASK;
        if (rnd == Alu.RN || !finite(x, y) || !finite(z, r)) return r;
        BigDecimal e = big(x).multiply(big(y)).add(big(z));
        if (e.signum() == 0) return rnd == Alu.RM && r == 0 ? -0f : r;
        return (float) directed(r, rnd, v -> e.compareTo(big(v)), true);
    }

    static double fma64(int flags, double x, double y, double z) {
        double r = Math.fma(x, y, z);
        int rnd = flags & Alu.RND_MASK;
        if (rnd == Alu.RN || !finite(x, y) || !finite(z, r)) return r;
        BigDecimal e = big(x).multiply(big(y)).add(big(z));
        if (e.signum() == 0) return rnd == Alu.RM && r == 0 ? -0.0 : r;
        return directed(r, rnd, v -> e.compareTo(big(v)), false);
    }

    static float div32(int flags, float x, float y) {
        x = Alu.ftzIn(flags, x);
        y = Alu.ftzIn(flags, y);
        float r = x / y;
        int rnd = flags & Alu.RND_MASK;
        if (rnd == Alu.RN || (flags & Alu.APPROX) != 0 || !finite(x, y) || y == 0 || r == 0) return r;
        BigDecimal bx = big(x), by = big(y);
        return (float) directed(r, rnd, v -> bx.subtract(big(v).multiply(by)).signum() * by.signum(), true);
    }

    static double div64(int flags, double x, double y) {
        double r = x / y;
        int rnd = flags & Alu.RND_MASK;
        if (rnd == Alu.RN || !finite(x, y) || y == 0 || r == 0) return r;
        BigDecimal bx = big(x), by = big(y);
        return directed(r, rnd, v -> bx.subtract(big(v).multiply(by)).signum() * by.signum(), false);
    }

    static double rcp64(int flags, double x) {
        if ((flags & Alu.APPROX) != 0 && (flags & Alu.FTZ) != 0 && x != 0 && Math.abs(x) < Double.MIN_NORMAL)
            x = Math.copySign(0.0, x);
        return div64(flags & ~Alu.APPROX, 1.0, x);
    }

    static float sqrt32(int flags, float x) {
        float r = (float) Math.sqrt(x);
        int rnd = flags & Alu.RND_MASK;
        if (rnd == Alu.RN || (flags & Alu.APPROX) != 0 || !(x > 0) || Float.isInfinite(x)) return r;
        BigDecimal bx = big(x);
        return (float) directed(r, rnd, v -> bx.compareTo(big(v).multiply(big(v))), true);
    }

    static double sqrt64(int flags, double x) {
        double r = Math.sqrt(x);
        int rnd = flags & Alu.RND_MASK;
        if (rnd == Alu.RN || !(x > 0) || Double.isInfinite(x)) return r;
        BigDecimal bx = big(x);
        return directed(r, rnd, v -> bx.compareTo(big(v).multiply(big(v))), false);
    }

    /**
     * Moves the round-to-nearest result r of an exact value (whose side of a candidate the
     * function tells) to the directed mode's result: at most one step, in float or double steps.
     */
    private static double directed(double r, int rnd, Side side, boolean single) {
        if (Double.isInfinite(r)) { // overflow: the directed modes stop at the largest finite value
            double max = single ? Float.MAX_VALUE : Double.MAX_VALUE;
            boolean toMax = rnd == Alu.RZ || (rnd == Alu.RM && r > 0) || (rnd == Alu.RP && r < 0);
            return toMax ? Math.copySign(max, r) : r;
        }
        int s = side.of(r); // exact - r
        if (s == 0) return r;
        boolean down = switch (rnd) {
            case Alu.RZ -> r > 0 ? s < 0 : false;
            case Alu.RM -> s < 0;
            default -> false;
        };
        boolean up = switch (rnd) {
            case Alu.RZ -> r < 0 ? s > 0 : false;
            case Alu.RP -> s > 0;
            default -> false;
        };
        if (down) return single ? Math.nextDown((float) r) : Math.nextDown(r);
        if (up) return single ? Math.nextUp((float) r) : Math.nextUp(r);
        return r;
    }

    private static boolean finite(double x, double y) {
        return Double.isFinite(x) && Double.isFinite(y);
    }

    static BigDecimal big(double v) {
        return new BigDecimal(v);
    }

    /** Rounds an exact value to double in a mode (conversions from 64-bit integers). */
    static double round64(BigDecimal exact, int rnd) {
        double r = exact.doubleValue();
        if (rnd == Alu.RN) return r;
        return directed(r, rnd, v -> exact.compareTo(big(v)), false);
    }

    static float round32(BigDecimal exact, int rnd) {
        float r = exact.floatValue();
        if (rnd == Alu.RN) return r;
        return (float) directed(r, rnd, v -> exact.compareTo(big(v)), true);
    }
}
