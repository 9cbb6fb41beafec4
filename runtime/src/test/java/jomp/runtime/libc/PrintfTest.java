package jomp.runtime.libc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** printf's formatting against glibc's: thousands of random conversions, byte for byte. */
class PrintfTest {
    @TempDir
    Path dir;

    /** One call: the format, the C argument expressions, and the same arguments as slots. */
    record Case(String fmt, List<String> cArgs, Native.Va va) {}

    private static final String[] INT_LEN = {"", "hh", "h", "l", "ll", "z", "j", "t"};
    private static final String[] STRINGS = {"", "a", "hello", "hello, world", "\u00fcn\u00ef", "tab\there", null};

    static double randomDouble(Random r) {
        double v = switch (r.nextInt(11)) {
            case 0 -> Double.longBitsToDouble(r.nextLong());
            case 1 ->
                new double[] {
                            0.0,
                            -0.0,
                            Double.POSITIVE_INFINITY,
                            Double.NEGATIVE_INFINITY,
                            Double.NaN,
                            Double.longBitsToDouble(0xfff8000000000000L),
                            Double.MAX_VALUE,
                            Double.MIN_VALUE,
                            Double.MIN_NORMAL,
                            1.0,
                            0.1,
                            0.5,
                            1.5,
                            2.5,
                            1e15,
                            1e16,
                            1e17,
                            1e22,
                            1e23,
                            9.5,
                            0.05,
                            0.15,
                            0.25,
                            0.35,
                            1.005,
                            2.675,
                            123456789.0,
                            0.000123456,
                            999999.5,
                            9999995.0,
                            99999.95,
                            0.00001,
                            1e-5,
                            1e-4,
                            5e-5,
                            1e100,
                            1e300,
                            1e-300
                        }
                        [r.nextInt(38)];
            case 2 -> r.nextInt(2000001) - 1000000;
            case 3 -> (r.nextInt(200001) - 100000) / 8.0;
            case 4 -> r.nextDouble() * Math.pow(10, r.nextInt(40) - 20);
            case 5 -> r.nextInt(1000000) / 1000.0;
            case 6 -> Math.scalb(r.nextDouble(), r.nextInt(2098) - 1074);
            case 7 -> r.nextInt(100) / 100.0;
            case 8 -> (float) (r.nextDouble() * 1000);
            case 9 -> Math.pow(10, r.nextInt(60) - 30);
            default -> r.nextGaussian() * 1e6;
        };
        return r.nextInt(4) == 0 ? -v : v;
    }

    static long randomLong(Random r) {
        return switch (r.nextInt(6)) {
            case 0 -> r.nextInt(201) - 100;
            case 1 -> r.nextInt();
            case 2 -> r.nextLong();
            case 3 ->
                new long[] {
                            0,
                            -1,
                            1,
                            Long.MIN_VALUE,
                            Long.MAX_VALUE,
                            Integer.MIN_VALUE,
                            Integer.MAX_VALUE,
                            0xffffffffL,
                            127,
                            128,
                            255,
                            256,
                            -128,
                            -129,
                            32767,
                            32768,
                            65535,
                            65536
                        }
                        [r.nextInt(18)];
            case 4 -> r.nextInt(100000);
            default -> r.nextLong() >> r.nextInt(64);
        };
    }

    static List<Case> cases(int count, long seed) {
        Random r = new Random(seed);
        List<Case> out = new ArrayList<>();
        String convs = "ddiuuoxXxXcsspfFeEgGaAfeg%";
        for (int k = 0; k < count; k++) {
            char conv = convs.charAt(r.nextInt(convs.length()));
            StringBuilder f = new StringBuilder();
            if (r.nextInt(4) == 0) f.append("<");
            f.append('%');
            for (char flag : "-+ #0".toCharArray()) if (r.nextInt(5) == 0) f.append(flag);
            List<String> c = new ArrayList<>();
            Native.Va va = Native.va();
            int w = r.nextInt(10);
            if (w < 3) f.append(1 + r.nextInt(25));
            else if (w == 3) {
                f.append('*');
                int x = r.nextInt(41) - 20;
                c.add("(int)" + x);
                va.i(x);
            }
            boolean numeric = "diuoxXfFeEgGaAp".indexOf(conv) >= 0 || conv == 's';
            int pr = r.nextInt(20);
            if (numeric && pr < 8) f.append('.').append(r.nextInt(conv == 's' ? 8 : 25));
            else if (numeric && pr == 8) f.append('.');
            else if (numeric && pr == 9) {
                f.append(".*");
                int x = r.nextInt(24) - 3;
                c.add("(int)" + x);
                va.i(x);
            }
            switch (conv) {
                case 'd', 'i', 'u', 'o', 'x', 'X' -> {
                    String len = INT_LEN[r.nextInt(INT_LEN.length)];
                    f.append(len).append(conv);
                    long v = randomLong(r);
                    if (len.isEmpty() || len.startsWith("h")) {
                        c.add("(int)0x" + Integer.toHexString((int) v) + "U");
                        va.i((int) v);
                    } else {
                        String type = switch (len) {
                            case "z" -> "size_t";
                            case "j" -> "intmax_t";
                            case "t" -> "ptrdiff_t";
                            case "ll" -> "long long";
                            default -> "long";
                        };
                        c.add("(" + type + ")0x" + Long.toHexString(v) + "ULL");
                        va.i(v);
                    }
                }
                case 'f', 'F', 'e', 'E', 'g', 'G', 'a', 'A' -> {
                    boolean ld = conv != 'a' && conv != 'A' && r.nextInt(8) == 0;
                    f.append(ld ? "L" : "").append(conv);
                    double v = randomDouble(r);
                    c.add((ld ? "(long double)" : "") + "d(0x" + Long.toHexString(Double.doubleToRawLongBits(v))
                            + "ULL)");
                    va.d(v);
                }
                case 'c' -> {
                    f.append('c');
                    int v = 1 + r.nextInt(255);
                    c.add(Integer.toString(v));
                    va.i(v);
                }
                case 's' -> {
                    f.append('s');
                    String s = STRINGS[r.nextInt(STRINGS.length)];
                    c.add(s == null ? "(char *)0" : Gcc.literal(s));
                    va.s(s);
                }
                case 'p' -> {
                    f.append('p');
                    long v = switch (r.nextInt(3)) {
                        case 0 -> 0;
                        case 1 -> r.nextInt(100000);
                        default -> r.nextLong() >>> 16;
                    };
                    c.add("(void *)0x" + Long.toHexString(v) + "ULL");
                    va.i(v);
                }
                default -> f.append('%');
            }
            if (r.nextInt(4) == 0) f.append(">");
            out.add(new Case(f.toString(), c, va));
        }
        return out;
    }

    static String program(List<Case> cases) {
        StringBuilder b = new StringBuilder("""
                #include <stdio.h>
                #include <string.h>
                #include <stddef.h>
                #include <stdint.h>
                static double d(unsigned long long b) { double x; memcpy(&x, &b, 8); return x; }
                static char buf[8192];
                static void out(int n) { if (n < 0) fputs("ERR", stdout); else fwrite(buf, 1, n, stdout); putchar(0); }
                int main(void) {
                  const char *f;
                """);
        for (Case c : cases) {
            b.append("  f = ").append(Gcc.literal(c.fmt)).append("; out(snprintf(buf, sizeof buf, f");
            for (String a : c.cArgs) b.append(", ").append(a);
            b.append("));\n");
        }
        return b.append("  return 0;\n}\n").toString();
    }

    private void compare(List<Case> cases) throws Exception {
        byte[] expected = Gcc.run(dir, program(cases));
        String[] want = new String(expected, StandardCharsets.ISO_8859_1).split("\0", -1);
        assertThat(want.length).isEqualTo(cases.size() + 1);
        int failures = 0;
        StringBuilder report = new StringBuilder();
        for (int i = 0; i < cases.size(); i++) {
            Case c = cases.get(i);
            String got = Native.sprintf(c.fmt, c.va);
            if (!got.equals(want[i])) {
                if (failures++ < 30)
                    report.append(c.fmt)
                            .append(" ")
                            .append(c.cArgs)
                            .append(": gcc [")
                            .append(want[i])
                            .append("] jomp [")
                            .append(got)
                            .append("]\n");
            }
        }
        assertThat(failures).as(report.toString()).isZero();
    }

    @Test
    void randomConversionsMatchGlibc() throws Exception {
        compare(cases(3000, 20261122));
    }

    @Test
    void moreRandomConversionsMatchGlibc() throws Exception {
        compare(cases(3000, 7));
    }

    @Test
    void edgeCases() throws Exception {
        List<Case> cs = new ArrayList<>();
        double[] ds = {
            0.5,
            1.5,
            2.5,
            3.5,
            -0.5,
            0.125,
            0.375,
            1e-320,
            5e-324,
            1.7976931348623157e308,
            0x1.fffffffffffffp0,
            0x1.8p0,
            0x1.08p0,
            0x1.18p0,
            1.0 / 3,
            2.0 / 3,
            1e21,
            123.456,
            999999.5,
            99.5,
            999.9996,
            9.9999996,
            9999999999.5,
            0.0000999999996,
            9.5
        };
        String[] fmts = {
            "%.0f",
            "%.1f",
            "%.2f",
            "%.0e",
            "%.3e",
            "%g",
            "%.0g",
            "%#.0g",
            "%#g",
            "%.15g",
            "%.17g",
            "%a",
            "%.0a",
            "%.1a",
            "%.3a",
            "%#.0a",
            "%A",
            "%20.10a",
            "%-20a|",
            "%020a",
            "%+.3a",
            "%.20f",
            "%#.0f",
            "%#.0e",
            "%#.1g",
            "%#.2g",
            "%#.3g",
            "%#.10g",
            "%#G",
            "%010.3f",
            "%-10.3f|",
            "% f",
            "%+e",
            "%08.3g",
            "%.40e"
        };
        for (String f : fmts)
            for (double d : ds) {
                cs.add(new Case(
                        f,
                        List.of("d(0x" + Long.toHexString(Double.doubleToRawLongBits(d)) + "ULL)"),
                        Native.va().d(d)));
            }
        String[] ifmts = {
            "%#o",
            "%#.0o",
            "%.0d",
            "%#x",
            "%#.0x",
            "%+.0d",
            "% d",
            "%05d",
            "%-05d|",
            "%5.3d",
            "%#08x",
            "%hhd",
            "%hhu",
            "%hd",
            "%+u",
            "%#X",
            "%.10o",
            "%#5o",
            "%1$d %1$x",
            "%2$d %1$d",
            "%3$*1$.*2$d|"
        };
        long[] is = {0, 1, -1, 255, 256, -129, 65535, 0x7fffffff, 0x80000000L, 8, 9};
        for (String f : ifmts)
            for (long v : is) {
                if (f.startsWith("%2$") || f.startsWith("%3$")) {
                    cs.add(new Case(
                            f,
                            List.of("(int)7", "(int)3", "(int)" + (int) v),
                            Native.va().i(7).i(3).i((int) v)));
                } else {
                    cs.add(new Case(f, List.of("(int)" + (int) v), Native.va().i((int) v)));
                }
            }
        String[] other = {
            "%s", "%.3s", "%10s|", "%-10s|", "%.0s|", "%.5s|", "%010s", "%c", "%5c|", "%-5c|", "%05c", "%p", "%20p|",
            "%-20p|", "%.10p", "%+p", "%05p", "%q", "%5", "%-", "%%|%5%|", "%y%d", "%lc"
        };
        for (String f : other) {
            if (f.contains("s")) {
                cs.add(new Case(f, List.of(Gcc.literal("abcdefg")), Native.va().s("abcdefg")));
                cs.add(new Case(f, List.of("(char *)0"), Native.va().s(null)));
            } else if (f.contains("p")) {
                cs.add(new Case(f, List.of("(void *)0"), Native.va().i(0)));
                cs.add(new Case(f, List.of("(void *)0x7ffd1234"), Native.va().i(0x7ffd1234)));
            } else {
                cs.add(new Case(f, List.of("65"), Native.va().i(65)));
            }
        }
        compare(cs);
    }

    @Test
    void snprintfTruncatesAndCounts() {
        long buf = Native.alloc(16);
        jomp.runtime.mem.Mem.fill(buf, (byte) 'Z', 16);
        int n = Stdio.snprintf(
                buf, 5, Native.cstr("%d-%s"), Native.va().i(12345).s("abc").build());
        assertThat(n).isEqualTo(9);
        assertThat(Native.str(buf)).isEqualTo("1234");
        assertThat(jomp.runtime.mem.Mem.getByte(buf + 5)).isEqualTo((byte) 'Z');
        assertThat(Stdio.snprintf(0, 0, Native.cstr("%f"), Native.va().d(1).build()))
                .isEqualTo(8);
    }

    @Test
    void percentNStoresTheCount() {
        long cell = Native.alloc(8);
        long buf = Native.alloc(64);
        int n = Stdio.sprintf(
                buf, Native.cstr("abc%n%d"), Native.va().i(cell).i(42).build());
        assertThat(n).isEqualTo(5);
        assertThat(jomp.runtime.mem.Mem.getInt(cell)).isEqualTo(3);
    }
}
