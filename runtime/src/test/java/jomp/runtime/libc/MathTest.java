package jomp.runtime.libc;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * math.h against gcc -O0 -lm: 2,000 arguments per function (random over the function's useful
 * range plus special values), results compared bit for bit with at most 1 ulp allowed.
 */
class MathTest {
    @TempDir
    Path dir;

    private static final String[] UNARY =
            ("sqrt fabs floor ceil trunc round rint nearbyint cbrt exp exp2 expm1 log log2 log10"
                            + " log1p logb sin cos tan asin acos atan sinh cosh tanh asinh acosh atanh erf erfc tgamma lgamma")
                    .split(" ");
    private static final String[] BINARY =
            "fmod remainder fmin fmax fdim hypot atan2 pow copysign nextafter".split(" ");
    private static final int N = 2000;

    static double[] args(Random r, int n) {
        double[] special = {
            0.0,
            -0.0,
            1.0,
            -1.0,
            0.5,
            -0.5,
            2.0,
            Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY,
            Double.NaN,
            Double.MIN_VALUE,
            Double.MIN_NORMAL,
            Double.MAX_VALUE,
            1e-300,
            710.0,
            -745.0,
            1e10,
            Math.PI,
            Math.PI / 2,
            1e22,
            2.5,
            -2.5,
            0.49999999999999994,
            4503599627370495.5,
            171.5,
            -171.5
        };
        double[] a = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = i < special.length
                    ? special[i]
                    : switch (i % 5) {
                        case 0 -> (r.nextDouble() * 2 - 1) * 10;
                        case 1 -> (r.nextDouble() * 2 - 1) * Math.pow(10, r.nextInt(30) - 15);
                        case 2 -> r.nextDouble() * 2 - 1;
                        case 3 -> Double.longBitsToDouble(r.nextLong());
                        default -> (r.nextInt(4001) - 2000) / 4.0;
                    };
        }
        return a;
    }

    private static MethodHandle find(String name, MethodType t) throws Exception {
        return MethodHandles.publicLookup().findStatic(MathLib.class, name, t);
    }

    private static long ulps(long a, long b) {
        if (a == b) return 0;
        double x = Double.longBitsToDouble(a), y = Double.longBitsToDouble(b);
        if (Double.isNaN(x) && Double.isNaN(y)) return 0; // NaN sign/payload is not specified
        if ((a < 0) != (b < 0)) return Long.MAX_VALUE;
        return Math.abs(a - b);
    }

    private static long ulpsF(int a, int b) {
        if (a == b) return 0;
        if (Float.isNaN(Float.intBitsToFloat(a)) && Float.isNaN(Float.intBitsToFloat(b))) return 0;
        if ((a < 0) != (b < 0)) return Long.MAX_VALUE;
        return Math.abs((long) a - b);
    }

    @Test
    void matchesGlibcWithinOneUlp() throws Throwable {
        Random r = new Random(1234);
        double[] x = args(r, N), y = args(new Random(77), N);
        StringBuilder c = new StringBuilder("""
                #include <stdio.h>
                #include <string.h>
                #include <math.h>
                static double d(unsigned long long b) { double x; memcpy(&x, &b, 8); return x; }
                static unsigned long long bits(double v) { unsigned long long b; memcpy(&b, &v, 8); return b; }
                static unsigned fbits(float v) { unsigned b; memcpy(&b, &v, 4); return b; }
                static const unsigned long long X[] = {
                """);
        for (double v : x)
            c.append("0x")
                    .append(Long.toHexString(Double.doubleToRawLongBits(v)))
                    .append("ULL,\n");
        c.append("};\nstatic const unsigned long long Y[] = {\n");
        for (double v : y)
            c.append("0x")
                    .append(Long.toHexString(Double.doubleToRawLongBits(v)))
                    .append("ULL,\n");
        c.append("};\nint main(void) {\n  int i; int e; double ip;\n");
        for (String f : UNARY) {
            c.append("  for (i = 0; i < ")
                    .append(N)
                    .append("; i++) printf(\"%llx %x\\n\", bits(")
                    .append(f)
                    .append("(d(X[i]))), fbits(")
                    .append(f)
                    .append("f((float)d(X[i]))));\n");
        }
        for (String f : BINARY) {
            c.append("  for (i = 0; i < ")
                    .append(N)
                    .append("; i++) printf(\"%llx %x\\n\", bits(")
                    .append(f)
                    .append("(d(X[i]), d(Y[i]))), fbits(")
                    .append(f)
                    .append("f((float)d(X[i]), (float)d(Y[i]))));\n");
        }
        c.append("  for (i = 0; i < ")
                .append(N)
                .append("; i++) printf(\"%llx %x\\n\", bits(fma(d(X[i]), d(Y[i]), d(X[(i + 7) % ")
                .append(N)
                .append("]))), fbits(fmaf((float)d(X[i]), (float)d(Y[i]), (float)d(X[(i + 7) % ")
                .append(N)
                .append("]))));\n");
        c.append("  for (i = 0; i < ")
                .append(N)
                .append("; i++) { double m = frexp(d(X[i]), &e); printf(\"%llx %d %llx %ld %ld\\n\", bits(m), e,"
                        + " bits(ldexp(d(X[i]), (i % 200) - 100)), lround(d(X[i])), lrint(d(X[i]))); }\n");
        c.append("  for (i = 0; i < ")
                .append(N)
                .append(
                        "; i++) { double m = modf(d(X[i]), &ip); printf(\"%llx %llx %d\\n\", bits(m), bits(ip), ilogb(d(X[i]))); }\n");
        c.append("  return 0;\n}\n");
        String[] want = new String(Gcc.run(dir, c.toString()), StandardCharsets.ISO_8859_1).split("\n");

        List<String> bad = new ArrayList<>();
        int line = 0;
        long cell = Native.alloc(16);
        for (String f : UNARY) {
            MethodHandle hd = find(f, MethodType.methodType(double.class, double.class));
            MethodHandle hf = find(f + "f", MethodType.methodType(float.class, float.class));
            for (int i = 0; i < N; i++, line++) {
                String[] w = want[line].split(" ");
                long gd = Double.doubleToRawLongBits((double) hd.invokeExact(x[i]));
                int gf = Float.floatToRawIntBits((float) hf.invokeExact((float) x[i]));
                if (ulps(Long.parseUnsignedLong(w[0], 16), gd) > 1 || ulpsF(Integer.parseUnsignedInt(w[1], 16), gf) > 1)
                    bad.add(f + "(" + x[i] + "): gcc " + want[line] + " jomp " + Long.toHexString(gd) + " "
                            + Integer.toHexString(gf));
            }
        }
        for (String f : BINARY) {
            MethodHandle hd = find(f, MethodType.methodType(double.class, double.class, double.class));
            MethodHandle hf = find(f + "f", MethodType.methodType(float.class, float.class, float.class));
            for (int i = 0; i < N; i++, line++) {
                String[] w = want[line].split(" ");
                long gd = Double.doubleToRawLongBits((double) hd.invokeExact(x[i], y[i]));
                int gf = Float.floatToRawIntBits((float) hf.invokeExact((float) x[i], (float) y[i]));
                if (ulps(Long.parseUnsignedLong(w[0], 16), gd) > 1 || ulpsF(Integer.parseUnsignedInt(w[1], 16), gf) > 1)
                    bad.add(f + "(" + x[i] + ", " + y[i] + "): gcc " + want[line] + " jomp " + Long.toHexString(gd)
                            + " " + Integer.toHexString(gf));
            }
        }
        for (int i = 0; i < N; i++, line++) {
            double z = x[(i + 7) % N];
            String got = Long.toHexString(Double.doubleToRawLongBits(MathLib.fma(x[i], y[i], z))) + " "
                    + Integer.toHexString(Float.floatToRawIntBits(MathLib.fmaf((float) x[i], (float) y[i], (float) z)));
            if (!got.equals(want[line]) && !(want[line].startsWith("7ff8") || want[line].startsWith("fff8")))
                bad.add("fma: gcc " + want[line] + " jomp " + got);
        }
        for (int i = 0; i < N; i++, line++) {
            double m = MathLib.frexp(x[i], cell);
            String got = Long.toHexString(Double.doubleToRawLongBits(m)) + " " + jomp.runtime.mem.Mem.getInt(cell) + " "
                    + Long.toHexString(Double.doubleToRawLongBits(MathLib.ldexp(x[i], (i % 200) - 100))) + " "
                    + MathLib.lround(x[i]) + " " + MathLib.lrint(x[i]);
            if (!got.equals(want[line]))
                bad.add("frexp/ldexp/lround/lrint(" + x[i] + "): gcc " + want[line] + " jomp " + got);
        }
        for (int i = 0; i < N; i++, line++) {
            double m = MathLib.modf(x[i], cell);
            String got = Long.toHexString(Double.doubleToRawLongBits(m)) + " "
                    + Long.toHexString(Double.doubleToRawLongBits(jomp.runtime.mem.Mem.getDouble(cell))) + " "
                    + MathLib.ilogb(x[i]);
            if (!got.equals(want[line])) bad.add("modf/ilogb(" + x[i] + "): gcc " + want[line] + " jomp " + got);
        }
        assertThat(line).isEqualTo(want.length);
        assertThat(bad).as(bad.size() + " mismatches").hasSizeLessThan(1);
    }

    /** errno after domain errors, poles and overflow (and none after ordinary calls), as glibc sets it. */
    @Test
    void errnoMatchesGlibc() throws Throwable {
        double[] xs = {
            -1,
            0,
            -0.0,
            1,
            2,
            1e308,
            -1e308,
            1000,
            -1000,
            0.5,
            Double.NaN,
            Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY,
            -2,
            710,
            1e-320,
            -740,
            -708.5,
            -1074,
            -1075,
            1e-310
        };
        StringBuilder c = new StringBuilder(
                "#include <stdio.h>\n#include <errno.h>\n#include <string.h>\n#include <math.h>\n"
                        + "static double d(unsigned long long b) { double x; memcpy(&x, &b, 8); return x; }\nint main(void) {\n  double r; float f;\n");
        List<String> got = new ArrayList<>();
        for (String fn : UNARY) {
            MethodHandle hd = find(fn, MethodType.methodType(double.class, double.class));
            MethodHandle hf = find(fn + "f", MethodType.methodType(float.class, float.class));
            for (double x : xs) {
                String a = "d(0x" + Long.toHexString(Double.doubleToRawLongBits(x)) + "ULL)";
                c.append("  errno = 0; r = ")
                        .append(fn)
                        .append("(")
                        .append(a)
                        .append("); printf(\"%d \", errno);")
                        .append(" errno = 0; f = ")
                        .append(fn)
                        .append("f((float)")
                        .append(a)
                        .append("); printf(\"%d\\n\", errno);\n");
                Errno.set(0);
                double r = (double) hd.invokeExact(x);
                int e1 = Errno.get();
                Errno.set(0);
                float f = (float) hf.invokeExact((float) x);
                got.add(fn + "(" + x + ") " + e1 + " " + Errno.get());
            }
        }
        for (String fn : BINARY) {
            MethodHandle hd = find(fn, MethodType.methodType(double.class, double.class, double.class));
            for (double x : xs)
                for (double y : new double[] {0, -1, 2, 1e308, -0.5}) {
                    String a = "d(0x" + Long.toHexString(Double.doubleToRawLongBits(x)) + "ULL), d(0x"
                            + Long.toHexString(Double.doubleToRawLongBits(y)) + "ULL)";
                    c.append("  errno = 0; r = ")
                            .append(fn)
                            .append("(")
                            .append(a)
                            .append("); printf(\"%d\\n\", errno);\n");
                    Errno.set(0);
                    double r = (double) hd.invokeExact(x, y);
                    got.add(fn + "(" + x + ", " + y + ") " + Errno.get());
                }
        }
        c.append("  return 0;\n}\n");
        String[] want = new String(Gcc.run(dir, c.toString()), StandardCharsets.ISO_8859_1).split("\n");
        assertThat(want).hasSize(got.size());
        List<String> bad = new ArrayList<>();
        for (int i = 0; i < want.length; i++) {
            String g = got.get(i);
            if (!g.endsWith(" " + want[i])) bad.add(g + " but gcc " + want[i]);
        }
        assertThat(bad).isEmpty();
    }

    @Test
    void classification() {
        assertThat(MathLib.__jomp_isnan(Double.NaN)).isEqualTo(1);
        assertThat(MathLib.__jomp_isnan(1)).isZero();
        assertThat(MathLib.__jomp_isinf(Double.NEGATIVE_INFINITY)).isEqualTo(-1);
        assertThat(MathLib.__jomp_isinf(Double.POSITIVE_INFINITY)).isEqualTo(1);
        assertThat(MathLib.__jomp_signbit(-0.0)).isEqualTo(1);
        assertThat(MathLib.__jomp_isfinite(Double.MAX_VALUE)).isEqualTo(1);
        assertThat(MathLib.__jomp_fpclassify(Double.MIN_VALUE)).isEqualTo(MathLib.FP_SUBNORMAL);
        assertThat(MathLib.__jomp_fpclassifyf(Float.MIN_VALUE)).isEqualTo(MathLib.FP_SUBNORMAL);
        assertThat(MathLib.__jomp_fpclassify(Float.MIN_VALUE)).isEqualTo(MathLib.FP_NORMAL);
        assertThat(MathLib.__jomp_fpclassify(0.0)).isEqualTo(MathLib.FP_ZERO);
    }
}
