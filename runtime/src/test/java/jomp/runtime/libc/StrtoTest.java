package jomp.runtime.libc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import jomp.runtime.mem.Mem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** strtod, strtof, strtol, strtoul, strtoll, strtoull, atoi: value, end pointer and errno as glibc. */
class StrtoTest {
    @TempDir
    Path dir;

    static List<String> floatInputs() {
        List<String> in = new ArrayList<>(List.of(
                "0",
                "-0",
                "+0",
                "1",
                "1.5",
                "  \t\n42abc",
                "3.14159",
                ".5",
                "5.",
                ".",
                "-.",
                "e5",
                "1e",
                "1e+",
                "1e-5x",
                "1E10",
                "0.1",
                "0.2",
                "0.30000000000000004",
                "1e308",
                "1.7976931348623157e308",
                "1.7976931348623159e308",
                "1e309",
                "-1e309",
                "2.2250738585072014e-308",
                "2.2250738585072011e-308",
                "4.9e-324",
                "2.4703282292062327e-324",
                "2.4703282292062328e-324",
                "1e-400",
                "-1e-400",
                "0e-99999999999",
                "1e99999999999999999999",
                "123456789012345678901234567890",
                "0.000000000000000000000000000001234567890123456789",
                "inf",
                "INF",
                "-inf",
                "infinity",
                "Infinity",
                "infinit",
                "infx",
                "nan",
                "NAN",
                "-nan",
                "nan(123)",
                "nan(abc_1)",
                "nan(",
                "nan(a-b)",
                "nanx",
                "0x",
                "0x1",
                "0X1P3",
                "0x1.8p1",
                "0x.8",
                "0x1p-1074",
                "0x1p-1075",
                "0x1.0000000000001p-1075",
                "0x1.fffffffffffffp1023",
                "0x1.fffffffffffff8p1023",
                "0x1p1024",
                "0xg",
                "0x1.8p",
                "0x1.8pz",
                "-0x10",
                "3.4028235e38",
                "3.4028236e38",
                "3.4028234663852886e38",
                "1.17549435e-38",
                "1e-45",
                "7e-46",
                "1.4e-45",
                "0.5000000000000000555111512312578270211815834045410156250000001",
                "9007199254740993",
                "9007199254740993.0000001",
                "  +",
                "-",
                "",
                "abc",
                "1.0e+0x",
                "00000000000000000000001.5",
                "1,5",
                "1_000"));
        Random r = new Random(99);
        for (int i = 0; i < 600; i++) {
            double d = Math.scalb(r.nextDouble(), r.nextInt(2000) - 1000);
            String s = switch (i % 4) {
                case 0 -> Double.toString(d);
                case 1 -> String.format("%.25e", d);
                case 2 -> String.format("%.17g", (float) d);
                default -> r.nextInt(1000) + "." + r.nextInt(100000000) + "e" + (r.nextInt(700) - 350);
            };
            in.add(s);
        }
        return in;
    }

    static List<String> intInputs() {
        List<String> in = new ArrayList<>(List.of(
                "0",
                "-0",
                "1",
                "-1",
                "  42",
                "\t-42xyz",
                "+7",
                "2147483647",
                "2147483648",
                "-2147483648",
                "-2147483649",
                "9223372036854775807",
                "9223372036854775808",
                "-9223372036854775808",
                "-9223372036854775809",
                "18446744073709551615",
                "18446744073709551616",
                "-18446744073709551615",
                "-18446744073709551616",
                "99999999999999999999999",
                "0x1f",
                "0X1F",
                "0x",
                "0xg",
                "-0x10",
                "010",
                "08",
                "0b101",
                "z",
                "Zz",
                "777",
                "",
                " ",
                "-",
                "+-1",
                "0x7fffffffffffffff",
                "0xffffffffffffffff",
                "0x10000000000000000",
                "1e5",
                "12abc"));
        Random r = new Random(5);
        for (int i = 0; i < 200; i++) {
            long v = r.nextLong() >> r.nextInt(64);
            in.add(i % 3 == 0 ? Long.toString(v) : i % 3 == 1 ? Long.toHexString(v) : Long.toOctalString(v));
        }
        return in;
    }

    private static final int[] BASES = {0, 10, 16, 8, 2, 36, 1, 37};

    @Test
    void matchesGlibc() throws Exception {
        List<String> fl = floatInputs(), il = intInputs();
        StringBuilder c = new StringBuilder("""
                #include <stdio.h>
                #include <stdlib.h>
                #include <string.h>
                #include <errno.h>
                static void fd(const char *s) {
                  char *e; errno = 0; double d = strtod(s, &e); int er = errno; unsigned long long b; memcpy(&b, &d, 8);
                  printf("d %016llx %ld %d\\n", b, (long)(e - s), er);
                  errno = 0; float f = strtof(s, &e); er = errno; unsigned u; memcpy(&u, &f, 4);
                  printf("f %08x %ld %d\\n", u, (long)(e - s), er);
                }
                static void in(const char *s, int base) {
                  char *e; errno = 0; long v = strtol(s, &e, base); int er = errno;
                  printf("l %ld %ld %d\\n", v, (long)(e - s), er);
                  errno = 0; unsigned long u = strtoul(s, &e, base); er = errno;
                  printf("u %lu %ld %d\\n", u, (long)(e - s), er);
                  errno = 0; long long ll = strtoll(s, &e, base); er = errno;
                  printf("L %lld %ld %d\\n", ll, (long)(e - s), er);
                  errno = 0; unsigned long long ull = strtoull(s, &e, base); er = errno;
                  printf("U %llu %ld %d\\n", ull, (long)(e - s), er);
                }
                int main(void) {
                """);
        for (String s : fl) c.append("  fd(").append(Gcc.literal(s)).append(");\n");
        for (String s : il) {
            for (int b : BASES)
                c.append("  in(").append(Gcc.literal(s)).append(", ").append(b).append(");\n");
            c.append("  printf(\"a %d\\n\", atoi(").append(Gcc.literal(s)).append("));\n");
        }
        c.append("  return 0;\n}\n");
        String[] want = new String(Gcc.run(dir, c.toString()), StandardCharsets.ISO_8859_1).split("\n");

        List<String> got = new ArrayList<>();
        long end = Native.alloc(8);
        for (String s : fl) {
            long p = Native.cstr(s);
            Errno.set(0);
            double d = Stdlib.strtod(p, end);
            got.add(String.format("d %016x %d %d", Double.doubleToRawLongBits(d), Mem.getLong(end) - p, Errno.get()));
            Errno.set(0);
            float f = Stdlib.strtof(p, end);
            got.add(String.format("f %08x %d %d", Float.floatToRawIntBits(f), Mem.getLong(end) - p, Errno.get()));
        }
        for (String s : il) {
            long p = Native.cstr(s);
            for (int b : BASES) {
                Errno.set(0);
                long v = Stdlib.strtol(p, end, b);
                got.add("l " + v + " " + (Mem.getLong(end) - p) + " " + Errno.get());
                Errno.set(0);
                v = Stdlib.strtoul(p, end, b);
                got.add("u " + Long.toUnsignedString(v) + " " + (Mem.getLong(end) - p) + " " + Errno.get());
                Errno.set(0);
                v = Stdlib.strtoll(p, end, b);
                got.add("L " + v + " " + (Mem.getLong(end) - p) + " " + Errno.get());
                Errno.set(0);
                v = Stdlib.strtoull(p, end, b);
                got.add("U " + Long.toUnsignedString(v) + " " + (Mem.getLong(end) - p) + " " + Errno.get());
            }
            got.add("a " + Stdlib.atoi(p));
        }
        assertThat(got).hasSize(want.length);
        List<String> diffs = new ArrayList<>();
        int k = 0;
        for (int i = 0; i < want.length; i++) {
            if (!want[i].equals(got.get(i)) && diffs.size() < 30)
                diffs.add("line " + i + ": gcc [" + want[i] + "] jomp [" + got.get(i) + "]");
        }
        assertThat(diffs).isEmpty();
    }

    /**
     * Decimals of every kind the Eisel-Lemire fast path meets or declines: %.17g of random
     * doubles, shortest representations, exact midpoints between neighbouring doubles and their
     * 17- to 19-digit truncations either side, random 1- to 19-digit integers times 10^-350 to
     * 10^350, 20-digit mantissas, and the edges (the normal range's ends, subnormals, overflow,
     * 2^53 + 1, leading zeros). strtod's bits, end and errno must be glibc's.
     */
    static List<String> decimalInputs() {
        List<String> in = new ArrayList<>(List.of(
                "2.2250738585072014e-308",
                "2.2250738585072011e-308",
                "2.2250738585072012e-308",
                "2.2250738585072013e-308",
                "2.22507385850720138e-308",
                "2.2250738585072018e-308",
                "4.4501477170144023e-308",
                "4.9e-324",
                "2.4703282292062328e-324",
                "1.7976931348623157e308",
                "1.7976931348623158e308",
                "1.7976931348623159e308",
                "9007199254740993",
                "9007199254740995",
                "9007199254740992.5",
                "1e23",
                "8.98846567431158e307",
                "1234567890123456789",
                "12345678901234567890",
                "18446744073709551615",
                "9999999999999999999e-10",
                "0000000000000000000000001.5",
                "0.000000000000000000000000000001",
                "-0.0",
                "0e500",
                "1e-400",
                "1e400",
                "7.2057594037927933e16",
                "1.00000000000000011102230246251565404236316680908203125",
                "1.00000000000000011102230246251565404236316680908203124",
                "1.00000000000000011102230246251565404236316680908203126"));
        Random r = new Random(11);
        java.math.MathContext down = new java.math.MathContext(19, java.math.RoundingMode.DOWN);
        for (int i = 0; i < 3000; i++) {
            double d = Double.longBitsToDouble(r.nextLong() & Long.MAX_VALUE);
            if (!Double.isFinite(d)) continue;
            in.add(String.format("%.17g", d));
            in.add(Double.toString(r.nextDouble() * Math.pow(10, r.nextInt(40) - 20)));
            double next = Math.nextUp(d);
            if (Double.isFinite(next)) {
                java.math.BigDecimal mid = new java.math.BigDecimal(d)
                        .add(new java.math.BigDecimal(next))
                        .divide(java.math.BigDecimal.valueOf(2));
                in.add(mid.toString());
                int digits = 17 + r.nextInt(3);
                in.add(mid.round(new java.math.MathContext(digits, java.math.RoundingMode.DOWN))
                        .toString());
                in.add(mid.round(new java.math.MathContext(digits, java.math.RoundingMode.UP))
                        .toString());
            }
            long w = r.nextLong() >>> 1;
            w = w % (long) Math.pow(10, 1 + r.nextInt(18)) + (i % 7 == 0 ? 1_000_000_000_000_000_000L : 0);
            in.add(w + "e" + (r.nextInt(701) - 350));
            in.add(new java.math.BigDecimal(w).round(down) + "." + r.nextInt(10) + "e" + (r.nextInt(60) - 30));
        }
        return in;
    }

    @Test
    void decimalsConvertAsGlibcsStrtodBitForBit() throws Exception {
        List<String> in = decimalInputs();
        StringBuilder c = new StringBuilder("""
                #include <stdio.h>
                #include <stdlib.h>
                #include <string.h>
                #include <errno.h>
                static const char *in[] = {
                """);
        for (String s : in) c.append("  ").append(Gcc.literal(s)).append(",\n");
        c.append("""
                };
                int main(void) {
                  for (size_t i = 0; i < sizeof in / sizeof in[0]; i++) {
                    char *e; errno = 0; double d = strtod(in[i], &e); int er = errno; unsigned long long b;
                    memcpy(&b, &d, 8);
                    printf("%016llx %ld %d\\n", b, (long)(e - in[i]), er);
                  }
                  return 0;
                }
                """);
        String[] want = new String(Gcc.run(dir, c.toString()), StandardCharsets.ISO_8859_1).split("\n");
        assertThat(want).hasSize(in.size());
        long end = Native.alloc(8);
        List<String> diffs = new ArrayList<>();
        for (int i = 0; i < in.size(); i++) {
            long p = Native.cstr(in.get(i));
            Errno.set(0);
            double d = Stdlib.strtod(p, end);
            String got = String.format("%016x %d %d", Double.doubleToRawLongBits(d), Mem.getLong(end) - p, Errno.get());
            if (!want[i].equals(got) && diffs.size() < 30)
                diffs.add(in.get(i) + ": glibc [" + want[i] + "] jomp [" + got + "]");
        }
        assertThat(diffs).isEmpty();
        assertThat(in.size()).isGreaterThan(15_000);
    }

    /** The fast path itself decides most of them (the rest go to the exact conversion). */
    @Test
    void eiselLemireDecidesTypicalInputsAndKnowsItsTable() {
        assertThat(DecimalToDouble.convert(1, 0)).isEqualTo(Double.doubleToRawLongBits(1.0));
        assertThat(DecimalToDouble.convert(33533333333333332L, -17))
                .isEqualTo(Double.doubleToRawLongBits(0.33533333333333332));
        assertThat(DecimalToDouble.convert(17976931348623157L, 292))
                .isEqualTo(Double.doubleToRawLongBits(Double.MAX_VALUE));
        assertThat(DecimalToDouble.convert(1, 400)).isEqualTo(-1); // out of the table: exactly
        assertThat(DecimalToDouble.convert(49, -325)).isEqualTo(-1); // subnormal: exactly
        int decided = 0;
        Random r = new Random(3);
        for (int i = 0; i < 10_000; i++) {
            double d = Double.longBitsToDouble(r.nextLong() & Long.MAX_VALUE);
            if (!Double.isFinite(d) || d < 1e-300) continue;
            java.math.BigDecimal b = new java.math.BigDecimal(d).round(new java.math.MathContext(17));
            long bits = DecimalToDouble.convert(b.unscaledValue().longValueExact(), -b.scale());
            if (bits != -1) {
                assertThat(bits).isEqualTo(Double.doubleToRawLongBits(b.doubleValue()));
                decided++;
            }
        }
        assertThat(decided).isGreaterThan(9_000);
    }
}
