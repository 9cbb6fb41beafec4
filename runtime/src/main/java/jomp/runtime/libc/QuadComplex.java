package jomp.runtime.libc;

/**
 * {@code _Complex __float128} multiplication and division as libgcc's {@code __multc3} and
 * {@code __divtc3} (gcc 12's libgcc2.c) compute them, which gcc calls at every optimisation level:
 * the textbook product with C11 Annex G's recovery of infinities that came out as NaN + NaN i, and
 * Smith's quotient with gcc 12's scaling against overflow and underflow and the same recovery.
 * Each step is a correctly rounded {@link Quad} operation, as libgcc's soft-fp's.
 */
final class QuadComplex {
    private QuadComplex() {}

    private static final Quad ONE = Quad.fromLong(1), TWO = Quad.fromLong(2);
    private static final Quad INFINITY = new Quad(0x7fff000000000000L, 0);
    /** __LIBGCC_TF_MAX__ / 2, __LIBGCC_TF_MIN__, __LIBGCC_TF_EPSILON__ and its inverse, their product. */
    private static final Quad RBIG = new Quad(0x7ffdffffffffffffL, -1L),
            RMIN = new Quad(0x0001000000000000L, 0),
            RMIN2 = new Quad(0x3f8f000000000000L, 0),
            RMINSCAL = new Quad(0x406f000000000000L, 0),
            RMAX2 = Quad.mul(RBIG, RMIN2);

    private static Quad fabs(Quad x) {
        return new Quad(x.hi() & Long.MAX_VALUE, x.lo());
    }

    private static Quad copysign(Quad x, Quad s) {
        return new Quad((x.hi() & Long.MAX_VALUE) | (s.hi() & Long.MIN_VALUE), x.lo());
    }

    private static boolean less(Quad a, Quad b) {
        return Quad.compare(a, b) == -1;
    }

    private static boolean finite(Quad x) {
        return !x.isNaN() && !x.isInfinite();
    }

    /** 1 or 0 as x is infinite, with x's sign (what libgcc "boxes" an operand to). */
    private static Quad box(Quad x) {
        return copysign(x.isInfinite() ? ONE : Quad.ZERO, x);
    }

    /** A NaN made a zero of its sign; other values as they are. */
    private static Quad unNaN(Quad x) {
        return x.isNaN() ? copysign(Quad.ZERO, x) : x;
    }

    private static Quad add(Quad a, Quad b) {
        return Quad.add(a, b);
    }

    private static Quad sub(Quad a, Quad b) {
        return Quad.sub(a, b);
    }

    private static Quad mul(Quad a, Quad b) {
        return Quad.mul(a, b);
    }

    private static Quad div(Quad a, Quad b) {
        return Quad.div(a, b);
    }

    /** (a + bi)(c + di) as __multc3: {real, imaginary}. */
    static Quad[] mul(Quad a, Quad b, Quad c, Quad d) {
        Quad ac = mul(a, c), bd = mul(b, d), ad = mul(a, d), bc = mul(b, c);
        Quad x = sub(ac, bd), y = add(ad, bc);
        if (x.isNaN() && y.isNaN()) {
            boolean recalc = false;
            if (a.isInfinite() || b.isInfinite()) { // an infinite factor: box it, NaNs in the other become 0
                a = box(a);
                b = box(b);
                c = unNaN(c);
                d = unNaN(d);
                recalc = true;
            }
            if (c.isInfinite() || d.isInfinite()) {
                c = box(c);
                d = box(d);
                a = unNaN(a);
                b = unNaN(b);
                recalc = true;
            }
            if (!recalc && (ac.isInfinite() || bd.isInfinite() || ad.isInfinite() || bc.isInfinite())) {
                a = unNaN(a); // infinities from overflow
                b = unNaN(b);
                c = unNaN(c);
                d = unNaN(d);
                recalc = true;
            }
            if (recalc) {
                x = mul(INFINITY, sub(mul(a, c), mul(b, d)));
                y = mul(INFINITY, add(mul(a, d), mul(b, c)));
            }
        }
        return new Quad[] {x, y};
    }

    /** (a + bi) / (c + di) as __divtc3: {real, imaginary}. */
    static Quad[] div(Quad a, Quad b, Quad c, Quad d) {
        Quad x, y;
        boolean dLarger = less(fabs(c), fabs(d));
        Quad big = dLarger ? d : c; // the part Smith's method divides by
        int vsBig = Quad.compare(fabs(big), RBIG); // -1, 0, 1 or 2 (unordered)
        if (vsBig == 0 || vsBig == 1) { // prevent underflow when the denominator is near the largest value
            a = div(a, TWO);
            b = div(b, TWO);
            c = div(c, TWO);
            d = div(d, TWO);
        }
        big = dLarger ? d : c;
        if (less(fabs(big), RMIN2)
                || (less(fabs(a), RMIN) && less(fabs(b), RMAX2) && less(fabs(big), RMAX2))
                || (less(fabs(b), RMIN) && less(fabs(a), RMAX2) && less(fabs(big), RMAX2))) {
            a = mul(a, RMINSCAL); // small parts: scaled up against underflow
            b = mul(b, RMINSCAL);
            c = mul(c, RMINSCAL);
            d = mul(d, RMINSCAL);
        }
        if (dLarger) {
            Quad ratio = div(c, d), denom = add(mul(c, ratio), d);
            if (less(RMIN, fabs(ratio))) {
                x = div(add(mul(a, ratio), b), denom);
                y = div(sub(mul(b, ratio), a), denom);
            } else { // a subnormal ratio: the other order
                x = div(add(mul(c, div(a, d)), b), denom);
                y = div(sub(mul(c, div(b, d)), a), denom);
            }
        } else {
            Quad ratio = div(d, c), denom = add(mul(d, ratio), c);
            if (less(RMIN, fabs(ratio))) {
                x = div(add(mul(b, ratio), a), denom);
                y = div(sub(b, mul(a, ratio)), denom);
            } else {
                x = div(add(a, mul(d, div(b, c))), denom);
                y = div(sub(b, mul(d, div(a, c))), denom);
            }
        }
        if (x.isNaN() && y.isNaN()) { // infinities and zeros that came out as NaN + NaN i
            if (c.isZero() && d.isZero() && (!a.isNaN() || !b.isNaN())) {
                x = mul(copysign(INFINITY, c), a);
                y = mul(copysign(INFINITY, c), b);
            } else if ((a.isInfinite() || b.isInfinite()) && finite(c) && finite(d)) {
                a = box(a);
                b = box(b);
                x = mul(INFINITY, add(mul(a, c), mul(b, d)));
                y = mul(INFINITY, sub(mul(b, c), mul(a, d)));
            } else if ((c.isInfinite() || d.isInfinite()) && finite(a) && finite(b)) {
                c = box(c);
                d = box(d);
                x = mul(Quad.ZERO, add(mul(a, c), mul(b, d)));
                y = mul(Quad.ZERO, sub(mul(b, c), mul(a, d)));
            }
        }
        return new Quad[] {x, y};
    }
}
