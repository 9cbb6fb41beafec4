package jomp.runtime.libc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Random;
import jomp.runtime.mem.Mem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** complex.h against gcc's results, and time.h's clocks behaving as clocks. */
class ComplexTimeTest {
    @TempDir
    Path dir;

    private static String hex(double d) {
        return Long.toHexString(Double.doubleToRawLongBits(d));
    }

    @Test
    void complexMatchesGlibc() throws Exception {
        Random r = new Random(11);
        int n = 300;
        double[] re = new double[n], im = new double[n];
        for (int i = 0; i < n; i++) {
            re[i] = i == 0
                    ? 0
                    : i == 1 ? Double.POSITIVE_INFINITY : (r.nextDouble() * 2 - 1) * Math.pow(10, r.nextInt(8) - 3);
            im[i] = i == 0 ? -0.0 : (r.nextDouble() * 2 - 1) * Math.pow(10, r.nextInt(8) - 3);
        }
        StringBuilder c = new StringBuilder("""
                #include <stdio.h>
                #include <string.h>
                #include <complex.h>
                static double d(unsigned long long b) { double x; memcpy(&x, &b, 8); return x; }
                static unsigned long long h(double v) { unsigned long long b; memcpy(&b, &v, 8); return b; }
                static void p(double complex z) { printf("%llx %llx ", h(creal(z)), h(cimag(z))); }
                int main(void) {
                  double complex z, w;
                """);
        for (int i = 0; i < n; i++) {
            int j = (i + 1) % n;
            c.append("  z = CMPLX(d(0x")
                    .append(hex(re[i]))
                    .append("ULL), d(0x")
                    .append(hex(im[i]))
                    .append("ULL)); w = CMPLX(d(0x")
                    .append(hex(re[j]))
                    .append("ULL), d(0x")
                    .append(hex(im[j]))
                    .append("ULL));\n")
                    .append(
                            "  printf(\"%llx %llx \", h(cabs(z)), h(carg(z))); p(conj(z)); p(cproj(z)); p(csqrt(z)); p(cexp(z)); p(clog(z));"
                                    + " p(csin(z)); p(ccos(z)); p(cpow(z, w)); printf(\"\\n\");\n");
        }
        c.append("  return 0;\n}\n");
        String want = new String(Gcc.run(dir, c.toString()), StandardCharsets.ISO_8859_1);
        StringBuilder got = new StringBuilder();
        long z = Native.alloc(16), w = Native.alloc(16), out = Native.alloc(16);
        for (int i = 0; i < n; i++) {
            int j = (i + 1) % n;
            Mem.putDouble(z, re[i]);
            Mem.putDouble(z + 8, im[i]);
            Mem.putDouble(w, re[j]);
            Mem.putDouble(w + 8, im[j]);
            got.append(hex(Complex.cabs(z)))
                    .append(' ')
                    .append(hex(Complex.carg(z)))
                    .append(' ');
            for (int k = 0; k < 8; k++) {
                long res = switch (k) {
                    case 0 -> Complex.conj(out, z);
                    case 1 -> Complex.cproj(out, z);
                    case 2 -> Complex.csqrt(out, z);
                    case 3 -> Complex.cexp(out, z);
                    case 4 -> Complex.clog(out, z);
                    case 5 -> Complex.csin(out, z);
                    case 6 -> Complex.ccos(out, z);
                    default -> Complex.cpow(out, z, w);
                };
                assertThat(res).isEqualTo(out);
                got.append(hex(Mem.getDouble(out)))
                        .append(' ')
                        .append(hex(Mem.getDouble(out + 8)))
                        .append(' ');
            }
            got.append('\n');
        }
        assertThat(got.toString()).isEqualTo(want);
        assertThat(Complex.creal(z)).isEqualTo(re[n - 1]);
        assertThat(Complex.cimag(z)).isEqualTo(im[n - 1]);
    }

    @Test
    void clocksAdvance() throws Exception {
        long t = Native.alloc(16);
        long now = Time.time(t);
        assertThat(Mem.getLong(t)).isEqualTo(now);
        assertThat(now).isGreaterThan(1_600_000_000L);
        assertThat(Time.gettimeofday(t, 0)).isZero();
        assertThat(Mem.getLong(t)).isBetween(now - 1, now + 2);
        assertThat(Mem.getLong(t + 8)).isBetween(0L, 999_999L);
        long c0 = Time.clock();
        double x = 0;
        for (int i = 0; i < 3_000_000; i++) x += Math.sqrt(i);
        assertThat(x).isPositive();
        assertThat(Time.clock()).isGreaterThan(c0);
        assertThat(Time.clock_gettime(1, t)).isZero();
        long s0 = Mem.getLong(t), n0 = Mem.getLong(t + 8);
        Time.clock_gettime(1, t);
        assertThat(Mem.getLong(t) * 1_000_000_000L + Mem.getLong(t + 8))
                .isGreaterThanOrEqualTo(s0 * 1_000_000_000L + n0);
        assertThat(Time.clock_gettime(99, t)).isEqualTo(-1);
        assertThat(Time.difftime(10, 4)).isEqualTo(6.0);
    }
}
