package jomp.runtime.libc;

import static jomp.runtime.libc.Libm.D;
import static jomp.runtime.libc.Libm.F;
import static jomp.runtime.libc.Libm.I;
import static jomp.runtime.libc.Libm.J;
import static jomp.runtime.libc.Libm.bind;

import java.lang.invoke.MethodHandle;

/**
 * math.h (C99). Operations IEEE 754 defines exactly (sqrt, fma, floor, fmod, ...) are Java's,
 * which computes the same bits as any correct implementation. The transcendental functions call
 * the system's libm (glibc) through critical FFM downcalls, so results are bit-identical to what
 * gcc-compiled code gets, for double and float alike. long double is double (the l variants).
 * Each downcall is bound on the function's first use, in a holder class of its own whose static
 * final field the JIT treats as a constant: a program that calls only sqrt never builds the native
 * linker (tens of milliseconds at start-up).
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
        if (Double.isNaN(r) ? !Double.isNaN(x) && !Double.isNaN(y) : Double.isInfinite(r) && Double.isFinite(x) && Double.isFinite(y))
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
        if (Double.isFinite(x) && x != 0 && x != y && !Double.isNaN(y) && (Math.abs(r) < minNormal || Double.isInfinite(r)))
            Errno.set(Errno.ERANGE);
        return r;
    }

    private static RuntimeException fail(Throwable t) {
        return t instanceof RuntimeException r ? r : new RuntimeException(t);
    }

    private static final class Acos { static final MethodHandle H = bind("acos", D, D); }
    public static double acos(double x) { try { return errno1(x, (double) Acos.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    private static final class Acosf { static final MethodHandle H = bind("acosf", F, F); }
    public static float acosf(float x) { try { return errno1(x, (float) Acosf.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    public static double acosl(double x) { return acos(x); }
    private static final class Asin { static final MethodHandle H = bind("asin", D, D); }
    public static double asin(double x) { try { return errno1(x, (double) Asin.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    private static final class Asinf { static final MethodHandle H = bind("asinf", F, F); }
    public static float asinf(float x) { try { return errno1(x, (float) Asinf.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    public static double asinl(double x) { return asin(x); }
    private static final class Atan { static final MethodHandle H = bind("atan", D, D); }
    public static double atan(double x) { try { return errno1(x, (double) Atan.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    private static final class Atanf { static final MethodHandle H = bind("atanf", F, F); }
    public static float atanf(float x) { try { return errno1(x, (float) Atanf.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    public static double atanl(double x) { return atan(x); }
    private static final class Cos { static final MethodHandle H = bind("cos", D, D); }
    public static double cos(double x) { try { return errno1(x, (double) Cos.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    private static final class Cosf { static final MethodHandle H = bind("cosf", F, F); }
    public static float cosf(float x) { try { return errno1(x, (float) Cosf.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    public static double cosl(double x) { return cos(x); }
    private static final class Sin { static final MethodHandle H = bind("sin", D, D); }
    public static double sin(double x) { try { return errno1(x, (double) Sin.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    private static final class Sinf { static final MethodHandle H = bind("sinf", F, F); }
    public static float sinf(float x) { try { return errno1(x, (float) Sinf.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    public static double sinl(double x) { return sin(x); }
    private static final class Tan { static final MethodHandle H = bind("tan", D, D); }
    public static double tan(double x) { try { return errno1(x, (double) Tan.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    private static final class Tanf { static final MethodHandle H = bind("tanf", F, F); }
    public static float tanf(float x) { try { return errno1(x, (float) Tanf.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    public static double tanl(double x) { return tan(x); }
    private static final class Acosh { static final MethodHandle H = bind("acosh", D, D); }
    public static double acosh(double x) { try { return errno1(x, (double) Acosh.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    private static final class Acoshf { static final MethodHandle H = bind("acoshf", F, F); }
    public static float acoshf(float x) { try { return errno1(x, (float) Acoshf.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    public static double acoshl(double x) { return acosh(x); }
    private static final class Asinh { static final MethodHandle H = bind("asinh", D, D); }
    public static double asinh(double x) { try { return errno1(x, (double) Asinh.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    private static final class Asinhf { static final MethodHandle H = bind("asinhf", F, F); }
    public static float asinhf(float x) { try { return errno1(x, (float) Asinhf.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    public static double asinhl(double x) { return asinh(x); }
    private static final class Atanh { static final MethodHandle H = bind("atanh", D, D); }
    public static double atanh(double x) { try { return errno1(x, (double) Atanh.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    private static final class Atanhf { static final MethodHandle H = bind("atanhf", F, F); }
    public static float atanhf(float x) { try { return errno1(x, (float) Atanhf.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    public static double atanhl(double x) { return atanh(x); }
    private static final class Cosh { static final MethodHandle H = bind("cosh", D, D); }
    public static double cosh(double x) { try { return errno1(x, (double) Cosh.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    private static final class Coshf { static final MethodHandle H = bind("coshf", F, F); }
    public static float coshf(float x) { try { return errno1(x, (float) Coshf.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    public static double coshl(double x) { return cosh(x); }
    private static final class Sinh { static final MethodHandle H = bind("sinh", D, D); }
    public static double sinh(double x) { try { return errno1(x, (double) Sinh.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    private static final class Sinhf { static final MethodHandle H = bind("sinhf", F, F); }
    public static float sinhf(float x) { try { return errno1(x, (float) Sinhf.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    public static double sinhl(double x) { return sinh(x); }
    private static final class Tanh { static final MethodHandle H = bind("tanh", D, D); }
    public static double tanh(double x) { try { return errno1(x, (double) Tanh.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    private static final class Tanhf { static final MethodHandle H = bind("tanhf", F, F); }
    public static float tanhf(float x) { try { return errno1(x, (float) Tanhf.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    public static double tanhl(double x) { return tanh(x); }
    private static final class Exp { static final MethodHandle H = bind("exp", D, D); }
    public static double exp(double x) { try { return underflow1(x, (double) Exp.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    private static final class Expf { static final MethodHandle H = bind("expf", F, F); }
    public static float expf(float x) { try { return underflow1(x, (float) Expf.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    public static double expl(double x) { return exp(x); }
    private static final class Exp2 { static final MethodHandle H = bind("exp2", D, D); }
    public static double exp2(double x) { try { return underflow1(x, (double) Exp2.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    private static final class Exp2f { static final MethodHandle H = bind("exp2f", F, F); }
    public static float exp2f(float x) { try { return underflow1(x, (float) Exp2f.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    public static double exp2l(double x) { return exp2(x); }
    private static final class Expm1 { static final MethodHandle H = bind("expm1", D, D); }
    public static double expm1(double x) { try { return errno1(x, (double) Expm1.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    private static final class Expm1f { static final MethodHandle H = bind("expm1f", F, F); }
    public static float expm1f(float x) { try { return errno1(x, (float) Expm1f.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    public static double expm1l(double x) { return expm1(x); }
    private static final class Log { static final MethodHandle H = bind("log", D, D); }
    public static double log(double x) { try { return errno1(x, (double) Log.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    private static final class Logf { static final MethodHandle H = bind("logf", F, F); }
    public static float logf(float x) { try { return errno1(x, (float) Logf.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    public static double logl(double x) { return log(x); }
    private static final class Log2 { static final MethodHandle H = bind("log2", D, D); }
    public static double log2(double x) { try { return errno1(x, (double) Log2.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    private static final class Log2f { static final MethodHandle H = bind("log2f", F, F); }
    public static float log2f(float x) { try { return errno1(x, (float) Log2f.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    public static double log2l(double x) { return log2(x); }
    private static final class Log10 { static final MethodHandle H = bind("log10", D, D); }
    public static double log10(double x) { try { return errno1(x, (double) Log10.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    private static final class Log10f { static final MethodHandle H = bind("log10f", F, F); }
    public static float log10f(float x) { try { return errno1(x, (float) Log10f.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    public static double log10l(double x) { return log10(x); }
    private static final class Log1p { static final MethodHandle H = bind("log1p", D, D); }
    public static double log1p(double x) { try { return errno1(x, (double) Log1p.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    private static final class Log1pf { static final MethodHandle H = bind("log1pf", F, F); }
    public static float log1pf(float x) { try { return errno1(x, (float) Log1pf.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    public static double log1pl(double x) { return log1p(x); }
    private static final class Logb { static final MethodHandle H = bind("logb", D, D); }
    public static double logb(double x) { try { return (double) Logb.H.invokeExact(x); } catch (Throwable t) { throw fail(t); } }
    private static final class Logbf { static final MethodHandle H = bind("logbf", F, F); }
    public static float logbf(float x) { try { return (float) Logbf.H.invokeExact(x); } catch (Throwable t) { throw fail(t); } }
    public static double logbl(double x) { return logb(x); }
    private static final class Cbrt { static final MethodHandle H = bind("cbrt", D, D); }
    public static double cbrt(double x) { try { return errno1(x, (double) Cbrt.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    private static final class Cbrtf { static final MethodHandle H = bind("cbrtf", F, F); }
    public static float cbrtf(float x) { try { return errno1(x, (float) Cbrtf.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    public static double cbrtl(double x) { return cbrt(x); }
    private static final class Erf { static final MethodHandle H = bind("erf", D, D); }
    public static double erf(double x) { try { return errno1(x, (double) Erf.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    private static final class Erff { static final MethodHandle H = bind("erff", F, F); }
    public static float erff(float x) { try { return errno1(x, (float) Erff.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    public static double erfl(double x) { return erf(x); }
    private static final class Erfc { static final MethodHandle H = bind("erfc", D, D); }
    public static double erfc(double x) { try { return underflow1(x, (double) Erfc.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    private static final class Erfcf { static final MethodHandle H = bind("erfcf", F, F); }
    public static float erfcf(float x) { try { return underflow1(x, (float) Erfcf.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    public static double erfcl(double x) { return erfc(x); }
    private static final class Tgamma { static final MethodHandle H = bind("tgamma", D, D); }
    public static double tgamma(double x) { try { return underflow1(x, (double) Tgamma.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    private static final class Tgammaf { static final MethodHandle H = bind("tgammaf", F, F); }
    public static float tgammaf(float x) { try { return underflow1(x, (float) Tgammaf.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    public static double tgammal(double x) { return tgamma(x); }
    private static final class Lgamma { static final MethodHandle H = bind("lgamma", D, D); }
    public static double lgamma(double x) { try { return errno1(x, (double) Lgamma.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    private static final class Lgammaf { static final MethodHandle H = bind("lgammaf", F, F); }
    public static float lgammaf(float x) { try { return errno1(x, (float) Lgammaf.H.invokeExact(x)); } catch (Throwable t) { throw fail(t); } }
    public static double lgammal(double x) { return lgamma(x); }
    private static final class Atan2 { static final MethodHandle H = bind("atan2", D, D, D); }
    public static double atan2(double x, double y) { try { return underflow2(x, x, y, (double) Atan2.H.invokeExact(x, y)); } catch (Throwable t) { throw fail(t); } }
    private static final class Atan2f { static final MethodHandle H = bind("atan2f", F, F, F); }
    public static float atan2f(float x, float y) { try { return underflow2(x, x, y, (float) Atan2f.H.invokeExact(x, y)); } catch (Throwable t) { throw fail(t); } }
    public static double atan2l(double x, double y) { return atan2(x, y); }
    private static final class Pow { static final MethodHandle H = bind("pow", D, D, D); }
    public static double pow(double x, double y) { try { return underflow2(x, x, y, (double) Pow.H.invokeExact(x, y)); } catch (Throwable t) { throw fail(t); } }
    private static final class Powf { static final MethodHandle H = bind("powf", F, F, F); }
    public static float powf(float x, float y) { try { return underflow2(x, x, y, (float) Powf.H.invokeExact(x, y)); } catch (Throwable t) { throw fail(t); } }
    public static double powl(double x, double y) { return pow(x, y); }
    private static final class Hypot { static final MethodHandle H = bind("hypot", D, D, D); }
    public static double hypot(double x, double y) { try { return errno2(x, y, (double) Hypot.H.invokeExact(x, y)); } catch (Throwable t) { throw fail(t); } }
    private static final class Hypotf { static final MethodHandle H = bind("hypotf", F, F, F); }
    public static float hypotf(float x, float y) { try { return errno2(x, y, (float) Hypotf.H.invokeExact(x, y)); } catch (Throwable t) { throw fail(t); } }
    public static double hypotl(double x, double y) { return hypot(x, y); }
    private static final class Frexp { static final MethodHandle H = bind("frexp", D, D, J); }
    public static double frexp(double x, long e) { try { return (double) Frexp.H.invokeExact(x, e); } catch (Throwable t) { throw fail(t); } }
    private static final class Frexpf { static final MethodHandle H = bind("frexpf", F, F, J); }
    public static float frexpf(float x, long e) { try { return (float) Frexpf.H.invokeExact(x, e); } catch (Throwable t) { throw fail(t); } }
    private static final class Modf { static final MethodHandle H = bind("modf", D, D, J); }
    public static double modf(double x, long ip) { try { return (double) Modf.H.invokeExact(x, ip); } catch (Throwable t) { throw fail(t); } }
    private static final class Modff { static final MethodHandle H = bind("modff", F, F, J); }
    public static float modff(float x, long ip) { try { return (float) Modff.H.invokeExact(x, ip); } catch (Throwable t) { throw fail(t); } }
    private static final class Remquo { static final MethodHandle H = bind("remquo", D, D, D, J); }
    public static double remquo(double x, double y, long q) { try { return (double) Remquo.H.invokeExact(x, y, q); } catch (Throwable t) { throw fail(t); } }
    private static final class Remquof { static final MethodHandle H = bind("remquof", F, F, F, J); }
    public static float remquof(float x, float y, long q) { try { return (float) Remquof.H.invokeExact(x, y, q); } catch (Throwable t) { throw fail(t); } }
    private static final class Ilogb { static final MethodHandle H = bind("ilogb", I, D); }
    public static int ilogb(double x) { try { return (int) Ilogb.H.invokeExact(x); } catch (Throwable t) { throw fail(t); } }
    private static final class Ilogbf { static final MethodHandle H = bind("ilogbf", I, F); }
    public static int ilogbf(float x) { try { return (int) Ilogbf.H.invokeExact(x); } catch (Throwable t) { throw fail(t); } }

    // ---- exact operations, in Java ----

    public static double sqrt(double x) { return errno1(x, Math.sqrt(x)); }
    public static float sqrtf(float x) { return errno1(x, (float) Math.sqrt(x)); } // exact: double has > 2*24+2 bits
    public static double sqrtl(double x) { return sqrt(x); }
    public static double fabs(double x) { return Math.abs(x); }
    public static float fabsf(float x) { return Math.abs(x); }
    public static double fabsl(double x) { return Math.abs(x); }
    public static double floor(double x) { return Math.floor(x); }
    public static float floorf(float x) { return (float) Math.floor(x); }
    public static double floorl(double x) { return Math.floor(x); }
    public static double ceil(double x) { return Math.ceil(x); }
    public static float ceilf(float x) { return (float) Math.ceil(x); }
    public static double ceill(double x) { return Math.ceil(x); }
    public static double trunc(double x) { return x < 0 ? Math.ceil(x) : Math.floor(x); }
    public static float truncf(float x) { return (float) trunc(x); }
    public static double truncl(double x) { return trunc(x); }
    public static double rint(double x) { return Math.rint(x); }
    public static float rintf(float x) { return (float) Math.rint(x); }
    public static double rintl(double x) { return Math.rint(x); }
    public static double nearbyint(double x) { return Math.rint(x); }
    public static float nearbyintf(float x) { return (float) Math.rint(x); }
    public static double nearbyintl(double x) { return Math.rint(x); }

    /** Halfway cases away from zero. */
    public static double round(double x) {
        double t = trunc(x);
        if (Math.abs(x - t) >= 0.5) t += Math.copySign(1.0, x);
        return t;
    }
    public static float roundf(float x) { return (float) round(x); }
    public static double roundl(double x) { return round(x); }

    /** Out of range and NaN give LONG_MIN, as the x86-64 conversion instruction does. */
    private static long toLong(double r) {
        return Double.isNaN(r) || r >= 0x1p63 || r < -0x1p63 ? Long.MIN_VALUE : (long) r;
    }
    public static long lround(double x) { return toLong(round(x)); }
    public static long lroundf(float x) { return toLong(round(x)); }
    public static long llround(double x) { return toLong(round(x)); }
    public static long llroundf(float x) { return toLong(round(x)); }
    public static long lrint(double x) { return toLong(Math.rint(x)); }
    public static long lrintf(float x) { return toLong(Math.rint(x)); }
    public static long llrint(double x) { return toLong(Math.rint(x)); }
    public static long llrintf(float x) { return toLong(Math.rint(x)); }

    public static double fmod(double x, double y) { return errno2(x, y, x % y); }
    public static float fmodf(float x, float y) { return errno2(x, y, x % y); }
    public static double fmodl(double x, double y) { return fmod(x, y); }
    public static double remainder(double x, double y) { return errno2(x, y, Math.IEEEremainder(x, y)); }
    public static float remainderf(float x, float y) { return errno2(x, y, (float) Math.IEEEremainder(x, y)); }
    public static double remainderl(double x, double y) { return remainder(x, y); }

    // glibc on x86-64 uses minsd/maxsd, which return the second operand when the two compare
    // equal: fmin(-0.0, +0.0) is +0.0.
    public static double fmin(double x, double y) { return Double.isNaN(x) ? y : Double.isNaN(y) ? x : x < y ? x : y; }
    public static float fminf(float x, float y) { return Float.isNaN(x) ? y : Float.isNaN(y) ? x : x < y ? x : y; }
    public static double fminl(double x, double y) { return fmin(x, y); }
    public static double fmax(double x, double y) { return Double.isNaN(x) ? y : Double.isNaN(y) ? x : x > y ? x : y; }
    public static float fmaxf(float x, float y) { return Float.isNaN(x) ? y : Float.isNaN(y) ? x : x > y ? x : y; }
    public static double fmaxl(double x, double y) { return fmax(x, y); }
    public static double fdim(double x, double y) { return Double.isNaN(x) || Double.isNaN(y) ? x + y : x > y ? x - y : 0.0; }
    public static float fdimf(float x, float y) { return Float.isNaN(x) || Float.isNaN(y) ? x + y : x > y ? x - y : 0.0f; }
    public static double fdiml(double x, double y) { return fdim(x, y); }

    public static double fma(double x, double y, double z) { return Math.fma(x, y, z); }
    public static float fmaf(float x, float y, float z) { return Math.fma(x, y, z); }
    public static double fmal(double x, double y, double z) { return Math.fma(x, y, z); }
    public static double copysign(double x, double y) { return Math.copySign(x, y); }
    public static float copysignf(float x, float y) { return Math.copySign(x, y); }
    public static double copysignl(double x, double y) { return Math.copySign(x, y); }
    public static double nextafter(double x, double y) { return nextErrno(x, y, Math.nextAfter(x, y), Double.MIN_NORMAL); }
    public static float nextafterf(float x, float y) { return (float) nextErrno(x, y, Math.nextAfter(x, (double) y), Float.MIN_NORMAL); }
    public static double nextafterl(double x, double y) { return Math.nextAfter(x, y); }
    // nexttoward's direction is a long double, which is a double in jomp: nextafter's step, float's towards a double
    public static double nexttoward(double x, double y) { return nextafter(x, y); }
    public static float nexttowardf(float x, double y) { return (float) nextErrno(x, y, Math.nextAfter(x, y), Float.MIN_NORMAL); }
    public static double nexttowardl(double x, double y) { return nextafterl(x, y); }
    public static double ldexp(double x, int e) { return Math.scalb(x, e); }
    public static float ldexpf(float x, int e) { return Math.scalb(x, e); }
    public static double scalbn(double x, int e) { return Math.scalb(x, e); }
    public static float scalbnf(float x, int e) { return Math.scalb(x, e); }

    /** nan("") is the default quiet NaN; glibc reads the tag as a payload, jomp ignores it. */
    public static double nan(long tag) { return Double.longBitsToDouble(0x7ff8000000000000L); }
    public static float nanf(long tag) { return Float.intBitsToFloat(0x7fc00000); }

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

    public static int __jomp_isnan(double x) { return Double.isNaN(x) ? 1 : 0; }
    /** glibc's isinf gives -1 for negative infinity. */
    public static int __jomp_isinf(double x) { return x == Double.POSITIVE_INFINITY ? 1 : x == Double.NEGATIVE_INFINITY ? -1 : 0; }
    public static int __jomp_isfinite(double x) { return Double.isFinite(x) ? 1 : 0; }
    public static int __jomp_signbit(double x) { return Double.doubleToRawLongBits(x) < 0 ? 1 : 0; }
}
