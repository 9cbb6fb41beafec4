package jomp.runtime.libc;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import jomp.runtime.mem.Mem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * jomp's sscanf against glibc's, called through FFM on the same input and format: the return
 * value and every byte the conversions stored must agree. Formats and inputs are drawn at random
 * from pieces that exercise each conversion, width, length modifier, suppression and scanset.
 */
@SuppressWarnings("restricted") // the test calls C through FFM; surefire's argLine enables native access
class ScanfTest {
    private static final int ARGS = 6, BUF = 64;
    private static final MethodHandle GLIBC_SSCANF;

    static {
        Linker linker = Linker.nativeLinker();
        java.lang.foreign.MemoryLayout[] params = new java.lang.foreign.MemoryLayout[2 + ARGS];
        Arrays.fill(params, ADDRESS); // sscanf(const char *, const char *, ...): pointers only
        GLIBC_SSCANF = linker.downcallHandle(
                linker.defaultLookup().find("sscanf").orElseThrow(),
                FunctionDescriptor.of(JAVA_INT, params),
                Linker.Option.firstVariadicArg(2));
    }

    private record Outcome(int returned, List<String> stored) {}

    @TempDir
    Path dir;

    private static Outcome glibc(String input, String fmt) throws Throwable {
        long[] bufs = buffers();
        Object[] call = new Object[2 + ARGS];
        call[0] = MemorySegment.ofAddress(Native.cstr(input));
        call[1] = MemorySegment.ofAddress(Native.cstr(fmt));
        for (int k = 0; k < ARGS; k++) call[2 + k] = MemorySegment.ofAddress(bufs[k]);
        int r = (int) GLIBC_SSCANF.invokeWithArguments(call);
        return new Outcome(r, contents(bufs));
    }

    private static Outcome jomp(String input, String fmt) {
        long[] bufs = buffers();
        Native.Va va = Native.va();
        for (long b : bufs) va.i(b);
        int r = Scanf.sscanf(Native.cstr(input), Native.cstr(fmt), va.build());
        return new Outcome(r, contents(bufs));
    }

    private static long[] buffers() {
        long[] b = new long[ARGS];
        for (int k = 0; k < ARGS; k++) {
            b[k] = Native.alloc(BUF);
            for (int i = 0; i < BUF; i++) Mem.putByte(b[k] + i, (byte) 0x5a); // what no conversion wrote stays 0x5a
        }
        return b;
    }

    private static List<String> contents(long[] bufs) {
        List<String> out = new ArrayList<>();
        for (long b : bufs) out.add(java.util.HexFormat.of().formatHex(Native.bytes(b, BUF)));
        return out;
    }

    private static void same(String input, String fmt) throws Throwable {
        Outcome g = glibc(input, fmt), j = jomp(input, fmt);
        assertThat(j).as("sscanf(\"%s\", \"%s\")", input, fmt).isEqualTo(g);
    }

    @Test
    void fixedCases() throws Throwable {
        String[][] cases = {
            {"42", "%d"},
            {"  -17xyz", "%d%s"},
            {"0x1F 010 9", "%i %i %i"},
            {"ff FF 0Xff", "%x %X %x"},
            {"777", "%o"},
            {"-1", "%u"},
            {"12345678901", "%ld"},
            {"-9223372036854775808", "%lld"},
            {"300", "%hhd"},
            {"70000", "%hd"},
            {"3.25 -1e3 0x1.8p1", "%f %lf %lf"},
            {"inf -nan INFINITY", "%f %lf %f"},
            {"1e", "%f"},
            {"1e+", "%lf%s"},
            {".5", "%f"},
            {".", "%f"},
            {"abc def", "%s %2s"},
            {"hello", "%3c%c"},
            {"[abc]x", "[%[a-c]]%c"},
            {"xy-z", "%[^-]-%s"},
            {"]]a", "%[]]%s"},
            {"a-b", "%[a-]%s"},
            {"12 34", "%*d %d"},
            {"1234567", "%3d%2d%d"},
            {"a,b", "%c,%c"},
            {"  x", "%c"},
            {"  x", " %c"},
            {"5%", "%d%%"},
            {"5 %", "%d %%"},
            {"abc", "%d"},
            {"", "%d"},
            {"   ", "%d"},
            {"12", "%d%n"},
            {"0x", "%x%s"},
            {"0xg", "%x%s"},
            {"(nil)", "%p"},
            {"0x7fff1234", "%p"},
            {"-", "%d"},
            {"+", "%d%s"},
            {"1.5e+2x", "%lf%c"},
            {"0x1p-2", "%la"},
            {"nan(123)", "%lf%s"},
            {"10 20", "%d,%d"},
            {"a b c", "%s%n %s"},
            {"123abc", "%2[0-9]%s"},
            {"Z", "%[a-z]"},
            {"z-ab", "%[z-a]%s"},
            {"]^_`ab", "%[]-a]%s"},
            {"abcdez", "%[a-c-e]%s"},
            {"-abcd", "%[-a-c]%s"},
            {"ab-c", "%[a-]%s"},
            {"abc", "%[abc"},
            {"x\351\352\353y", "%[\351-\353]%s"},
            {"abc", "%[^]-a]%s"},
        };
        for (String[] c : cases) same(c[0], c[1]);
    }

    @Test
    void randomFormatsAndInputs() throws Throwable {
        String[] convs = {
            "%d", "%i", "%u", "%x", "%o", "%ld", "%lld", "%hd", "%hhu", "%zu", "%5d", "%2x", "%*d", "%f", "%lf", "%e",
            "%g", "%3lf", "%s", "%4s", "%c", "%3c", "%[a-z]", "%[^ ,]", "%*s", "%n", " ", ",", "%%"
        };
        String[] inputs = {
            "12",
            "-3",
            "+7",
            "0x1A",
            "017",
            "  42",
            "3.5",
            "-0.25e2",
            "1e10",
            "abc",
            "Hello",
            "x,y",
            ",",
            " ",
            "99999999999",
            "%",
            "0",
            "-",
            "inf",
            "nan",
            "0x1.8p3",
            "zz9",
            "\t8\n"
        };
        Random r = new Random(20261122);
        for (int n = 0; n < 20000; n++) {
            StringBuilder fmt = new StringBuilder(), in = new StringBuilder();
            int convCount = 0;
            for (int k = 0; k < 1 + r.nextInt(4); k++) {
                String c = convs[r.nextInt(convs.length)];
                if (c.startsWith("%") && !c.startsWith("%*") && !c.equals("%%") && !c.equals("%n")) {
                    if (++convCount > ARGS - 1) break;
                } else if (c.equals("%n") && ++convCount > ARGS - 1) break;
                fmt.append(c);
                in.append(inputs[r.nextInt(inputs.length)]);
                if (r.nextBoolean()) in.append(' ');
            }
            same(in.toString(), fmt.toString());
        }
    }

    /** The floating conversions' formats: double and float, widths that cut numbers, each with %n after it. */
    private static final String[] FLOAT_FORMATS = {
        "%lf%n", "%f%n", "%le%n", "%la%n", "%3lf%n", "%7lf%n", "%18lf%n", "%5f%n", " %lg%n%n"
    };

    /**
     * scanf's floating conversions straight from the digits (jomp's fast path) or through strtod:
     * for each input and format, sscanf's return value, the stored bits, %n (what it took) and
     * errno must be glibc's. The inputs are StrtoTest's decimals (random %.17g, shortest forms,
     * midpoints of neighbouring doubles and their truncations, w * 10^q over q = -350..350, the
     * range's edges) with the field's other forms: hex, inf, nan, signs, "1e" and "0x" cut short,
     * overflow and underflow (errno), long mantissas, leading zeros, and widths ending inside all
     * of them.
     */
    @Test
    void floatingFieldsAsGlibcBitForBit() throws Exception {
        List<String> in = new ArrayList<>(StrtoTest.decimalInputs());
        in.addAll(List.of(
                "0x1.8p3",
                "-0x1p-1074",
                "0x1p-1075",
                "0X.8P1x",
                "0x",
                "0x.",
                "-0x.",
                "0x.g",
                "0x.p5",
                "0x.8p1",
                "0x1.p",
                "0xp5",
                "0x.e5",
                ".e5",
                "0e",
                "0xg",
                "-0x1.fffffffffffff8p1023",
                "inf",
                "-INFINITY",
                "infinit",
                "infx",
                "nan",
                "-NaN(123)",
                "nanx",
                "1e",
                "1e+",
                "1e-x",
                "+.5e-3x",
                ".",
                "-.",
                "+",
                "00000000000000000000000000000123.456000000000000000000000000e-2",
                "123456789012345678901234567890",
                "1e-400",
                "-1e400",
                "2.4703282292062327e-324",
                "1.17549421e-38",
                "3.4028235e38",
                "3.4028236e38",
                "7e-46",
                "  \t\n42.5 rest",
                "1.5e+2x",
                "0.000001e6"));
        StringBuilder c = new StringBuilder("""
                #include <stdio.h>
                #include <string.h>
                #include <errno.h>
                static const char *in[] = {
                """);
        for (String s : in) c.append("  ").append(Gcc.literal(s)).append(",\n");
        c.append("};\nstatic const char *fmt[] = {\n");
        for (String f : FLOAT_FORMATS) c.append("  ").append(Gcc.literal(f)).append(",\n");
        c.append("""
                };
                int main(void) {
                  for (size_t i = 0; i < sizeof in / sizeof in[0]; i++)
                    for (size_t k = 0; k < sizeof fmt / sizeof fmt[0]; k++) {
                      unsigned char v[8]; int n = -1, m = -1;
                      memset(v, 0x5a, sizeof v);
                      errno = 0;
                      int r = sscanf(in[i], fmt[k], v, &n, &m);
                      int er = errno;
                      unsigned long long b; memcpy(&b, v, 8);
                      printf("%d %016llx %d %d %d\\n", r, b, n, m, er);
                    }
                  return 0;
                }
                """);
        String[] want = new String(Gcc.run(dir, c.toString()), StandardCharsets.ISO_8859_1).split("\n");
        assertThat(want).hasSize(in.size() * FLOAT_FORMATS.length);
        long v = Native.alloc(8), n = Native.alloc(4), m = Native.alloc(4);
        long va = Native.va().i(v).i(n).i(m).build();
        long[] formats = new long[FLOAT_FORMATS.length];
        for (int k = 0; k < formats.length; k++) formats[k] = Native.cstr(FLOAT_FORMATS[k]);
        List<String> diffs = new ArrayList<>();
        for (int i = 0; i < in.size(); i++) {
            long s = Native.cstr(in.get(i));
            for (int k = 0; k < formats.length; k++) {
                Mem.putLong(v, 0x5a5a5a5a5a5a5a5aL);
                Mem.putInt(n, -1);
                Mem.putInt(m, -1);
                Errno.set(0);
                int r = Scanf.sscanf(s, formats[k], va);
                int er = Errno.get();
                String got = String.format("%d %016x %d %d %d", r, Mem.getLong(v), Mem.getInt(n), Mem.getInt(m), er);
                String expected = want[i * formats.length + k];
                if (!expected.equals(got) && diffs.size() < 30)
                    diffs.add("sscanf(\"" + in.get(i) + "\", \"" + FLOAT_FORMATS[k] + "\"): glibc [" + expected
                            + "] jomp [" + got + "]");
            }
        }
        assertThat(diffs).isEmpty();
    }
}
