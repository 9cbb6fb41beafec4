package jomp.runtime.libc;

/**
 * math.h (C99). Operations IEEE 754 defines exactly (sqrt, fma, floor, fmod, ...) are Java's,
 * which computes the same bits as any correct implementation. The transcendental functions call
 * the system's libm (glibc) through critical FFM downcalls, so results are bit-identical to what
 * gcc-compiled code gets, for double and float alike. long double is double (the l variants).
 * The downcalls themselves are {@link LibmCalls}'s; this class applies glibc's errno rules to
 * their results and keeps every C entry point (CFunctions finds them here).
 */
public final class MathLib {
    private MathLib() {}

    /**
     * errno as glibc's libm sets it (the downcall's own errno stays in the native thread): EDOM
     * for a NaN made from non-NaN arguments, ERANGE for an infinity made from finite ones
     * (overflow and poles). Underflow's ERANGE is not reported.
     */
    private static double errno1(double x, double r) {
        if (Double.isNaN(r) ? !Double.isNaN(x) : Double.isInfinite(r) && Double.isFinite(x))
            Errno.set(Double.isNaN(r) ? Errno.EDOM : Errno.ERANGE);
        return r;
    }

    private static float errno1(float x, float r) {
        errno1((double) x, (double) r);
        return r;
    }

    private static double errno2(double x, double y, double r) {
        if (Double.isNaN(r)
                ? !Double.isNaN(x) && !Double.isNaN(y)
                : Double.isInfinite(r) && Double.isFinite(x) && Double.isFinite(y))
            Errno.set(Double.isNaN(r) ? Errno.EDOM : Errno.ERANGE);
        return r;
    }

    private static float errno2(float x, float y, float r) {
        errno2((double) x, (double) y, (double) r);
        return r;
    }

    /** Also ERANGE for a result that underflows to zero, as glibc's exp, exp2, erfc, tgamma. */
    private static double underflow1(double x, double r) {
        if (Double.isFinite(x) && r == 0) Errno.set(Errno.ERANGE);
        return errno1(x, r);
    }

    private static float underflow1(float x, float r) {
        if (Float.isFinite(x) && r == 0) Errno.set(Errno.ERANGE);
        return errno1(x, r);
    }

    /** pow and atan2: ERANGE when the result underflows to zero (not when {@code zeroArg} is zero). */
    private static double underflow2(double zeroArg, double x, double y, double r) {
        if (Double.isFinite(x) && Double.isFinite(y) && zeroArg != 0 && r == 0) Errno.set(Errno.ERANGE);
        return errno2(x, y, r);
    }

    private static float underflow2(float zeroArg, float x, float y, float r) {
        if (Float.isFinite(x) && Float.isFinite(y) && zeroArg != 0 && r == 0) Errno.set(Errno.ERANGE);
        return errno2(x, y, r);
    }

    /** nextafter: ERANGE when stepping from a nonzero value to a subnormal, zero or infinity. */
    private static double nextErrno(double x, double y, double r, double minNormal) {
        if (Double.isFinite(x)
                && x != 0
                && x != y
                && !Double.isNaN(y)
                && (Math.abs(r) < minNormal || Double.isInfinite(r))) Errno.set(Errno.ERANGE);
        return r;
    }

    public static double acos(double x) {
        return errno1(x, LibmCalls.acos(x));
    }

    public static float acosf(float x) {
        return errno1(x, LibmCalls.acosf(x));
    }

    public static double acosl(double x) {
        return acos(x);
    }

    public static double asin(double x) {
        return errno1(x, LibmCalls.asin(x));
    }

    public static float asinf(float x) {
        return errno1(x, LibmCalls.asinf(x));
    }

    public static double asinl(double x) {
        return asin(x);
    }

    public static double atan(double x) {
        return errno1(x, LibmCalls.atan(x));
    }

    public static float atanf(float x) {
        return errno1(x, LibmCalls.atanf(x));
    }

    public static double atanl(double x) {
        return atan(x);
    }

    public static double cos(double x) {
        return errno1(x, LibmCalls.cos(x));
    }

    public static float cosf(float x) {
        return errno1(x, LibmCalls.cosf(x));
    }

    public static double cosl(double x) {
        return cos(x);
    }

    public static double sin(double x) {
        return errno1(x, LibmCalls.sin(x));
    }

    public static float sinf(float x) {
        return errno1(x, LibmCalls.sinf(x));
    }

    public static double sinl(double x) {
        return sin(x);
    }

    public static double tan(double x) {
        return errno1(x, LibmCalls.tan(x));
    }

    public static float tanf(float x) {
        return errno1(x, LibmCalls.tanf(x));
    }

    public static double tanl(double x) {
        return tan(x);
    }

    public static double acosh(double x) {
        return errno1(x, LibmCalls.acosh(x));
    }

    public static float acoshf(float x) {
        return errno1(x, LibmCalls.acoshf(x));
    }

    public static double acoshl(double x) {
        return acosh(x);
    }

    public static double asinh(double x) {
        return errno1(x, LibmCalls.asinh(x));
    }

    public static float asinhf(float x) {
        return errno1(x, LibmCalls.asinhf(x));
    }

    public static double asinhl(double x) {
        return asinh(x);
    }

    public static double atanh(double x) {
        return errno1(x, LibmCalls.atanh(x));
    }

    public static float atanhf(float x) {
        return errno1(x, LibmCalls.atanhf(x));
    }

    public static double atanhl(double x) {
        return atanh(x);
    }

    public static double cosh(double x) {
        return errno1(x, LibmCalls.cosh(x));
    }

    public static float coshf(float x) {
        return errno1(x, LibmCalls.coshf(x));
    }

    public static double coshl(double x) {
        return cosh(x);
    }

    public static double sinh(double x) {
        return errno1(x, LibmCalls.sinh(x));
    }

    public static float sinhf(float x) {
        return errno1(x, LibmCalls.sinhf(x));
    }

    public static double sinhl(double x) {
        return sinh(x);
    }

    public static double tanh(double x) {
        return errno1(x, LibmCalls.tanh(x));
    }

    public static float tanhf(float x) {
        return errno1(x, LibmCalls.tanhf(x));
    }

    public static double tanhl(double x) {
        return tanh(x);
    }

    public static double exp(double x) {
        return underflow1(x, LibmCalls.exp(x));
    }

    public static float expf(float x) {
        return underflow1(x, LibmCalls.expf(x));
    }

    public static double expl(double x) {
        return exp(x);
    }

    public static double exp2(double x) {
        return underflow1(x, LibmCalls.exp2(x));
    }

    public static float exp2f(float x) {
        return underflow1(x, LibmCalls.exp2f(x));
    }

    public static double exp2l(double x) {
        return exp2(x);
    }

    public static double expm1(double x) {
        return errno1(x, LibmCalls.expm1(x));
    }

    public static float expm1f(float x) {
        return errno1(x, LibmCalls.expm1f(x));
    }

    public static double expm1l(double x) {
        return expm1(x);
    }

    public static double log(double x) {
        return errno1(x, LibmCalls.log(x));
    }

    public static float logf(float x) {
        return errno1(x, LibmCalls.logf(x));
    }

    public static double logl(double x) {
        return log(x);
    }

    public static double log2(double x) {
        return errno1(x, LibmCalls.log2(x));
    }

    public static float log2f(float x) {
        return errno1(x, LibmCalls.log2f(x));
    }

    public static double log2l(double x) {
        return log2(x);
    }

    public static double log10(double x) {
        return errno1(x, LibmCalls.log10(x));
    }

    public static float log10f(float x) {
        return errno1(x, LibmCalls.log10f(x));
    }

    public static double log10l(double x) {
        return log10(x);
    }

    public static double log1p(double x) {
        return errno1(x, LibmCalls.log1p(x));
    }

    public static float log1pf(float x) {
        return errno1(x, LibmCalls.log1pf(x));
    }

    public static double log1pl(double x) {
        return log1p(x);
    }

    public static double logb(double x) {
        return LibmCalls.logb(x);
    }

    public static float logbf(float x) {
        return LibmCalls.logbf(x);
    }

    public static double logbl(double x) {
        return logb(x);
    }

    public static double cbrt(double x) {
        return errno1(x, LibmCalls.cbrt(x));
    }

    public static float cbrtf(float x) {
        return errno1(x, LibmCalls.cbrtf(x));
    }

    public static double cbrtl(double x) {
        return cbrt(x);
    }

    public static double erf(double x) {
        return errno1(x, LibmCalls.erf(x));
    }

    public static float erff(float x) {
        return errno1(x, LibmCalls.erff(x));
    }

    public static double erfl(double x) {
        return erf(x);
    }

    public static double erfc(double x) {
        return underflow1(x, LibmCalls.erfc(x));
    }

    public static float erfcf(float x) {
        return underflow1(x, LibmCalls.erfcf(x));
    }

    public static double erfcl(double x) {
        return erfc(x);
    }

    public static double tgamma(double x) {
        return underflow1(x, LibmCalls.tgamma(x));
    }

    public static float tgammaf(float x) {
        return underflow1(x, LibmCalls.tgammaf(x));
    }

    public static double tgammal(double x) {
        return tgamma(x);
    }

    public static double lgamma(double x) {
        return errno1(x, LibmCalls.lgamma(x));
    }

    public static float lgammaf(float x) {
        return errno1(x, LibmCalls.lgammaf(x));
    }

    public static double lgammal(double x) {
        return lgamma(x);
    }

    public static double atan2(double x, double y) {
        return underflow2(x, x, y, LibmCalls.atan2(x, y));
    }

    public static float atan2f(float x, float y) {
        return underflow2(x, x, y, LibmCalls.atan2f(x, y));
    }

    public static double atan2l(double x, double y) {
        return atan2(x, y);
    }

    public static double pow(double x, double y) {
        return underflow2(x, x, y, LibmCalls.pow(x, y));
    }

    public static float powf(float x, float y) {
        return underflow2(x, x, y, LibmCalls.powf(x, y));
    }

    public static double powl(double x, double y) {
        return pow(x, y);
    }

    public static double hypot(double x, double y) {
        return errno2(x, y, LibmCalls.hypot(x, y));
    }

    public static float hypotf(float x, float y) {
        return errno2(x, y, LibmCalls.hypotf(x, y));
    }

    public static double hypotl(double x, double y) {
        return hypot(x, y);
    }

    public static double frexp(double x, long e) {
        return LibmCalls.frexp(x, e);
    }

    public static float frexpf(float x, long e) {
        return LibmCalls.frexpf(x, e);
    }

    public static double modf(double x, long ip) {
        return LibmCalls.modf(x, ip);
    }

    public static float modff(float x, long ip) {
        return LibmCalls.modff(x, ip);
    }

    public static double remquo(double x, double y, long q) {
        return LibmCalls.remquo(x, y, q);
    }

    public static float remquof(float x, float y, long q) {
        return LibmCalls.remquof(x, y, q);
    }

    public static int ilogb(double x) {
        return LibmCalls.ilogb(x);
    }

    public static int ilogbf(float x) {
        return LibmCalls.ilogbf(x);
    }

    // ---- exact operations, in Java ----

    public static double sqrt(double x) {
        return errno1(x, Math.sqrt(x));
    }

    public static float sqrtf(float x) {
        return errno1(x, (float) Math.sqrt(x));
    } // exact: double has > 2*24+2 bits

    public static double sqrtl(double x) {
        return sqrt(x);
    }

    public static double fabs(double x) {
        return Math.abs(x);
    }

    public static float fabsf(float x) {
        return Math.abs(x);
    }

    public static double fabsl(double x) {
        return Math.abs(x);
    }

    public static double floor(double x) {
        return Math.floor(x);
    }

    public static float floorf(float x) {
        return (float) Math.floor(x);
    }

    public static double floorl(double x) {
        return Math.floor(x);
    }

    public static double ceil(double x) {
        return Math.ceil(x);
    }

    public static float ceilf(float x) {
        return (float) Math.ceil(x);
    }

    public static double ceill(double x) {
        return Math.ceil(x);
    }

    public static double trunc(double x) {
        return x < 0 ? Math.ceil(x) : Math.floor(x);
    }

    public static float truncf(float x) {
        return (float) trunc(x);
    }

    public static double truncl(double x) {
        return trunc(x);
    }

    public static double rint(double x) {
        return Math.rint(x);
    }

    public static float rintf(float x) {
        return (float) Math.rint(x);
    }

    public static double rintl(double x) {
        return Math.rint(x);
    }

    public static double nearbyint(double x) {
        return Math.rint(x);
    }

    public static float nearbyintf(float x) {
        return (float) Math.rint(x);
    }

    public static double nearbyintl(double x) {
        return Math.rint(x);
    }

    /** Halfway cases away from zero. */
    public static double round(double x) {
        double t = trunc(x);
        if (Math.abs(x - t) >= 0.5) t += Math.copySign(1.0, x);
        return t;
    }

    public static float roundf(float x) {
        return (float) round(x);
    }

    public static double roundl(double x) {
        return round(x);
    }

    /** Out of range and NaN give LONG_MIN, as the x86-64 conversion instruction does. */
    private static long toLong(double r) {
        return Double.isNaN(r) || r >= 0x1p63 || r < -0x1p63 ? Long.MIN_VALUE : (long) r;
    }

    public static long lround(double x) {
        return toLong(round(x));
    }

    public static long lroundf(float x) {
        return toLong(round(x));
    }

    public static long llround(double x) {
        return toLong(round(x));
    }

    public static long llroundf(float x) {
        return toLong(round(x));
    }

    public static long lrint(double x) {
        return toLong(Math.rint(x));
    }

    public static long lrintf(float x) {
        return toLong(Math.rint(x));
    }

    public static long llrint(double x) {
        return toLong(Math.rint(x));
    }

    public static long llrintf(float x) {
        return toLong(Math.rint(x));
    }

    public static double fmod(double x, double y) {
        return errno2(x, y, x % y);
    }

    public static float fmodf(float x, float y) {
        return errno2(x, y, x % y);
    }

    public static double fmodl(double x, double y) {
        return fmod(x, y);
    }

    public static double remainder(double x, double y) {
        return errno2(x, y, Math.IEEEremainder(x, y));
    }

    public static float remainderf(float x, float y) {
        return errno2(x, y, (float) Math.IEEEremainder(x, y));
    }

    public static double remainderl(double x, double y) {
        return remainder(x, y);
    }

    // glibc on x86-64 uses minsd/maxsd, which return the second operand when the two compare
    // equal: fmin(-0.0, +0.0) is +0.0.
    public static double fmin(double x, double y) {
        return Double.isNaN(x) ? y : Double.isNaN(y) ? x : x < y ? x : y;
    }

    public static float fminf(float x, float y) {
        return Float.isNaN(x) ? y : Float.isNaN(y) ? x : x < y ? x : y;
    }

    public static double fminl(double x, double y) {
        return fmin(x, y);
    }

    public static double fmax(double x, double y) {
        return Double.isNaN(x) ? y : Double.isNaN(y) ? x : x > y ? x : y;
    }

    public static float fmaxf(float x, float y) {
        return Float.isNaN(x) ? y : Float.isNaN(y) ? x : x > y ? x : y;
    }

    public static double fmaxl(double x, double y) {
        return fmax(x, y);
    }

    public static double fdim(double x, double y) {
        return Double.isNaN(x) || Double.isNaN(y) ? x + y : x > y ? x - y : 0.0;
    }

    public static float fdimf(float x, float y) {
        return Float.isNaN(x) || Float.isNaN(y) ? x + y : x > y ? x - y : 0.0f;
    }

    public static double fdiml(double x, double y) {
        return fdim(x, y);
    }

    public static double fma(double x, double y, double z) {
        return Math.fma(x, y, z);
    }

    public static float fmaf(float x, float y, float z) {
        return Math.fma(x, y, z);
    }

    public static double fmal(double x, double y, double z) {
        return Math.fma(x, y, z);
    }

    public static double copysign(double x, double y) {
        return Math.copySign(x, y);
    }

    public static float copysignf(float x, float y) {
        return Math.copySign(x, y);
    }

    public static double copysignl(double x, double y) {
        return Math.copySign(x, y);
    }

    public static double nextafter(double x, double y) {
        return nextErrno(x, y, Math.nextAfter(x, y), Double.MIN_NORMAL);
    }

    public static float nextafterf(float x, float y) {
        return (float) nextErrno(x, y, Math.nextAfter(x, (double) y), Float.MIN_NORMAL);
    }

    public static double nextafterl(double x, double y) {
        return Math.nextAfter(x, y);
    }
    // nexttoward's direction is a long double, which is a double in jomp: nextafter's step, float's towards a double
    public static double nexttoward(double x, double y) {
        return nextafter(x, y);
    }

    public static float nexttowardf(float x, double y) {
        return (float) nextErrno(x, y, Math.nextAfter(x, y), Float.MIN_NORMAL);
    }

    public static double nexttowardl(double x, double y) {
        return nextafterl(x, y);
    }

    public static double ldexp(double x, int e) {
        return Math.scalb(x, e);
    }

    public static float ldexpf(float x, int e) {
        return Math.scalb(x, e);
    }

    public static double scalbn(double x, int e) {
        return Math.scalb(x, e);
    }

    public static float scalbnf(float x, int e) {
        return Math.scalb(x, e);
    }

    /** nan("") is the default quiet NaN; glibc reads the tag as a payload, jomp ignores it. */
    public static double nan(long tag) {
        return Double.longBitsToDouble(0x7ff8000000000000L);
    }

    public static float nanf(long tag) {
        return Float.intBitsToFloat(0x7fc00000);
    }

    // ---- classification (the math.h macros call these) ----

    public static final int FP_NAN = 0, FP_INFINITE = 1, FP_ZERO = 2, FP_SUBNORMAL = 3, FP_NORMAL = 4;

    public static int __jomp_fpclassify(double x) {
        if (Double.isNaN(x)) return FP_NAN;
        if (Double.isInfinite(x)) return FP_INFINITE;
        if (x == 0) return FP_ZERO;
        return Math.abs(x) < Double.MIN_NORMAL ? FP_SUBNORMAL : FP_NORMAL;
    }

    public static int __jomp_fpclassifyf(float x) {
        if (Float.isNaN(x)) return FP_NAN;
        if (Float.isInfinite(x)) return FP_INFINITE;
        if (x == 0) return FP_ZERO;
        return Math.abs(x) < Float.MIN_NORMAL ? FP_SUBNORMAL : FP_NORMAL;
    }

    public static int __jomp_isnan(double x) {
        return Double.isNaN(x) ? 1 : 0;
    }
    /** glibc's isinf gives -1 for negative infinity. */
    public static int __jomp_isinf(double x) {
        return x == Double.POSITIVE_INFINITY ? 1 : x == Double.NEGATIVE_INFINITY ? -1 : 0;
    }

    public static int __jomp_isfinite(double x) {
        return Double.isFinite(x) ? 1 : 0;
    }

    public static int __jomp_signbit(double x) {
        return Double.doubleToRawLongBits(x) < 0 ? 1 : 0;
    }
}
