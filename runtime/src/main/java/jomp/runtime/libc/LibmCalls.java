package jomp.runtime.libc;

import static jomp.runtime.libc.Libm.D;
import static jomp.runtime.libc.Libm.F;
import static jomp.runtime.libc.Libm.I;
import static jomp.runtime.libc.Libm.J;
import static jomp.runtime.libc.Libm.bind;

import java.lang.invoke.MethodHandle;

/**
 * The glibc libm functions {@link MathLib} calls natively, as raw downcalls (MathLib sets errno
 * from their results). Kept apart from MathLib's C entry points because each function needs a
 * holder class: the downcall is bound on the function's first use, in a holder class of its own
 * whose static final field the JIT treats as a constant, so a program that calls only sqrt never
 * builds the native linker (tens of milliseconds at start-up).
 */
final class LibmCalls {
    private LibmCalls() {}

    private static RuntimeException fail(Throwable t) {
        return t instanceof RuntimeException r ? r : new RuntimeException(t);
    }

    private static final class Acos {
        static final MethodHandle H = bind("acos", D, D);
    }

    static double acos(double x) {
        try {
            return (double) Acos.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Acosf {
        static final MethodHandle H = bind("acosf", F, F);
    }

    static float acosf(float x) {
        try {
            return (float) Acosf.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Asin {
        static final MethodHandle H = bind("asin", D, D);
    }

    static double asin(double x) {
        try {
            return (double) Asin.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Asinf {
        static final MethodHandle H = bind("asinf", F, F);
    }

    static float asinf(float x) {
        try {
            return (float) Asinf.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Atan {
        static final MethodHandle H = bind("atan", D, D);
    }

    static double atan(double x) {
        try {
            return (double) Atan.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Atanf {
        static final MethodHandle H = bind("atanf", F, F);
    }

    static float atanf(float x) {
        try {
            return (float) Atanf.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Cos {
        static final MethodHandle H = bind("cos", D, D);
    }

    static double cos(double x) {
        try {
            return (double) Cos.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Cosf {
        static final MethodHandle H = bind("cosf", F, F);
    }

    static float cosf(float x) {
        try {
            return (float) Cosf.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Sin {
        static final MethodHandle H = bind("sin", D, D);
    }

    static double sin(double x) {
        try {
            return (double) Sin.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Sinf {
        static final MethodHandle H = bind("sinf", F, F);
    }

    static float sinf(float x) {
        try {
            return (float) Sinf.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Tan {
        static final MethodHandle H = bind("tan", D, D);
    }

    static double tan(double x) {
        try {
            return (double) Tan.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Tanf {
        static final MethodHandle H = bind("tanf", F, F);
    }

    static float tanf(float x) {
        try {
            return (float) Tanf.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Acosh {
        static final MethodHandle H = bind("acosh", D, D);
    }

    static double acosh(double x) {
        try {
            return (double) Acosh.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Acoshf {
        static final MethodHandle H = bind("acoshf", F, F);
    }

    static float acoshf(float x) {
        try {
            return (float) Acoshf.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Asinh {
        static final MethodHandle H = bind("asinh", D, D);
    }

    static double asinh(double x) {
        try {
            return (double) Asinh.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Asinhf {
        static final MethodHandle H = bind("asinhf", F, F);
    }

    static float asinhf(float x) {
        try {
            return (float) Asinhf.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Atanh {
        static final MethodHandle H = bind("atanh", D, D);
    }

    static double atanh(double x) {
        try {
            return (double) Atanh.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Atanhf {
        static final MethodHandle H = bind("atanhf", F, F);
    }

    static float atanhf(float x) {
        try {
            return (float) Atanhf.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Cosh {
        static final MethodHandle H = bind("cosh", D, D);
    }

    static double cosh(double x) {
        try {
            return (double) Cosh.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Coshf {
        static final MethodHandle H = bind("coshf", F, F);
    }

    static float coshf(float x) {
        try {
            return (float) Coshf.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Sinh {
        static final MethodHandle H = bind("sinh", D, D);
    }

    static double sinh(double x) {
        try {
            return (double) Sinh.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Sinhf {
        static final MethodHandle H = bind("sinhf", F, F);
    }

    static float sinhf(float x) {
        try {
            return (float) Sinhf.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Tanh {
        static final MethodHandle H = bind("tanh", D, D);
    }

    static double tanh(double x) {
        try {
            return (double) Tanh.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Tanhf {
        static final MethodHandle H = bind("tanhf", F, F);
    }

    static float tanhf(float x) {
        try {
            return (float) Tanhf.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Exp {
        static final MethodHandle H = bind("exp", D, D);
    }

    static double exp(double x) {
        try {
            return (double) Exp.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Expf {
        static final MethodHandle H = bind("expf", F, F);
    }

    static float expf(float x) {
        try {
            return (float) Expf.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Exp2 {
        static final MethodHandle H = bind("exp2", D, D);
    }

    static double exp2(double x) {
        try {
            return (double) Exp2.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Exp2f {
        static final MethodHandle H = bind("exp2f", F, F);
    }

    static float exp2f(float x) {
        try {
            return (float) Exp2f.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Expm1 {
        static final MethodHandle H = bind("expm1", D, D);
    }

    static double expm1(double x) {
        try {
            return (double) Expm1.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Expm1f {
        static final MethodHandle H = bind("expm1f", F, F);
    }

    static float expm1f(float x) {
        try {
            return (float) Expm1f.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Log {
        static final MethodHandle H = bind("log", D, D);
    }

    static double log(double x) {
        try {
            return (double) Log.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Logf {
        static final MethodHandle H = bind("logf", F, F);
    }

    static float logf(float x) {
        try {
            return (float) Logf.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Log2 {
        static final MethodHandle H = bind("log2", D, D);
    }

    static double log2(double x) {
        try {
            return (double) Log2.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Log2f {
        static final MethodHandle H = bind("log2f", F, F);
    }

    static float log2f(float x) {
        try {
            return (float) Log2f.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Log10 {
        static final MethodHandle H = bind("log10", D, D);
    }

    static double log10(double x) {
        try {
            return (double) Log10.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Log10f {
        static final MethodHandle H = bind("log10f", F, F);
    }

    static float log10f(float x) {
        try {
            return (float) Log10f.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Log1p {
        static final MethodHandle H = bind("log1p", D, D);
    }

    static double log1p(double x) {
        try {
            return (double) Log1p.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Log1pf {
        static final MethodHandle H = bind("log1pf", F, F);
    }

    static float log1pf(float x) {
        try {
            return (float) Log1pf.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Logb {
        static final MethodHandle H = bind("logb", D, D);
    }

    static double logb(double x) {
        try {
            return (double) Logb.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Logbf {
        static final MethodHandle H = bind("logbf", F, F);
    }

    static float logbf(float x) {
        try {
            return (float) Logbf.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Cbrt {
        static final MethodHandle H = bind("cbrt", D, D);
    }

    static double cbrt(double x) {
        try {
            return (double) Cbrt.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Cbrtf {
        static final MethodHandle H = bind("cbrtf", F, F);
    }

    static float cbrtf(float x) {
        try {
            return (float) Cbrtf.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Erf {
        static final MethodHandle H = bind("erf", D, D);
    }

    static double erf(double x) {
        try {
            return (double) Erf.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Erff {
        static final MethodHandle H = bind("erff", F, F);
    }

    static float erff(float x) {
        try {
            return (float) Erff.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Erfc {
        static final MethodHandle H = bind("erfc", D, D);
    }

    static double erfc(double x) {
        try {
            return (double) Erfc.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Erfcf {
        static final MethodHandle H = bind("erfcf", F, F);
    }

    static float erfcf(float x) {
        try {
            return (float) Erfcf.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Tgamma {
        static final MethodHandle H = bind("tgamma", D, D);
    }

    static double tgamma(double x) {
        try {
            return (double) Tgamma.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Tgammaf {
        static final MethodHandle H = bind("tgammaf", F, F);
    }

    static float tgammaf(float x) {
        try {
            return (float) Tgammaf.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Lgamma {
        static final MethodHandle H = bind("lgamma", D, D);
    }

    static double lgamma(double x) {
        try {
            return (double) Lgamma.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Lgammaf {
        static final MethodHandle H = bind("lgammaf", F, F);
    }

    static float lgammaf(float x) {
        try {
            return (float) Lgammaf.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Atan2 {
        static final MethodHandle H = bind("atan2", D, D, D);
    }

    static double atan2(double x, double y) {
        try {
            return (double) Atan2.H.invokeExact(x, y);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Atan2f {
        static final MethodHandle H = bind("atan2f", F, F, F);
    }

    static float atan2f(float x, float y) {
        try {
            return (float) Atan2f.H.invokeExact(x, y);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Pow {
        static final MethodHandle H = bind("pow", D, D, D);
    }

    static double pow(double x, double y) {
        try {
            return (double) Pow.H.invokeExact(x, y);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Powf {
        static final MethodHandle H = bind("powf", F, F, F);
    }

    static float powf(float x, float y) {
        try {
            return (float) Powf.H.invokeExact(x, y);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Hypot {
        static final MethodHandle H = bind("hypot", D, D, D);
    }

    static double hypot(double x, double y) {
        try {
            return (double) Hypot.H.invokeExact(x, y);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Hypotf {
        static final MethodHandle H = bind("hypotf", F, F, F);
    }

    static float hypotf(float x, float y) {
        try {
            return (float) Hypotf.H.invokeExact(x, y);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Frexp {
        static final MethodHandle H = bind("frexp", D, D, J);
    }

    static double frexp(double x, long e) {
        try {
            return (double) Frexp.H.invokeExact(x, e);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Frexpf {
        static final MethodHandle H = bind("frexpf", F, F, J);
    }

    static float frexpf(float x, long e) {
        try {
            return (float) Frexpf.H.invokeExact(x, e);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Modf {
        static final MethodHandle H = bind("modf", D, D, J);
    }

    static double modf(double x, long ip) {
        try {
            return (double) Modf.H.invokeExact(x, ip);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Modff {
        static final MethodHandle H = bind("modff", F, F, J);
    }

    static float modff(float x, long ip) {
        try {
            return (float) Modff.H.invokeExact(x, ip);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Remquo {
        static final MethodHandle H = bind("remquo", D, D, D, J);
    }

    static double remquo(double x, double y, long q) {
        try {
            return (double) Remquo.H.invokeExact(x, y, q);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Remquof {
        static final MethodHandle H = bind("remquof", F, F, F, J);
    }

    static float remquof(float x, float y, long q) {
        try {
            return (float) Remquof.H.invokeExact(x, y, q);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Ilogb {
        static final MethodHandle H = bind("ilogb", I, D);
    }

    static int ilogb(double x) {
        try {
            return (int) Ilogb.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    private static final class Ilogbf {
        static final MethodHandle H = bind("ilogbf", I, F);
    }

    static int ilogbf(float x) {
        try {
            return (int) Ilogbf.H.invokeExact(x);
        } catch (Throwable t) {
            throw fail(t);
        }
    }
}
