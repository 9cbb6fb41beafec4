package jomp.runtime.libc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import jomp.runtime.mem.Mem;
import jomp.runtime.mem.Stack;
import org.junit.jupiter.api.Test;

/**
 * The formats jomp hands glibc's printf and scanf engines: a long double floating conversion
 * (L, q, ll) says double, since jomp's long double is one; nothing else changes, and a format
 * without one is passed as it is (the same address). The corpus programs tests/c/run/201 and 203
 * run the conversions themselves against gcc.
 */
class GlibcFormatTest {
    private static long c(String s) {
        byte[] b = s.getBytes(StandardCharsets.ISO_8859_1);
        long p = Mem.permanent(b.length + 1, 1);
        Mem.copyFromArray(b, 0, p, b.length);
        return p;
    }

    private static String printf(String fmt) {
        Stack s = Stack.current();
        long mark = s.sp;
        try {
            long f = c(fmt), g = GlibcFormat.printf(f, s);
            return g == f ? "same" : Mem.cString(g);
        } finally {
            s.reset(mark);
        }
    }

    private static String scanf(String fmt) {
        Stack s = Stack.current();
        long mark = s.sp;
        try {
            long f = c(fmt), g = GlibcFormat.scanf(f, s);
            return g == f ? "same" : Mem.cString(g);
        } finally {
            s.reset(mark);
        }
    }

    @Test
    void printfsLongDoubleConversionsSayDouble() {
        assertThat(printf("%Lf")).isEqualTo("%f");
        assertThat(printf("x %-10.3Le|%+LG|%#La|%1$*2$.*3$Lf %qf %llg %%Lf %Lf"))
                .isEqualTo("x %-10.3e|%+G|%#a|%1$*2$.*3$f %f %g %%Lf %f");
        assertThat(printf("%Ld %lld %qd %lf %Lx %s %m %n")).isEqualTo("same");
        assertThat(printf("plain text")).isEqualTo("same");
        assertThat(printf("%")).isEqualTo("same");
        assertThat(printf("%L")).isEqualTo("same");
    }

    @Test
    void scanfsSayL() {
        assertThat(scanf("%Lf")).isEqualTo("%lf");
        assertThat(scanf("%*Lf %10Le %mLg %qa %llE")).isEqualTo("%*lf %10le %mlg %la %lE");
        assertThat(scanf("%[Lf]%Lf")).isEqualTo("%[Lf]%lf");
        assertThat(scanf("%[]Lf]%[^]L]%Lg")).isEqualTo("%[]Lf]%[^]L]%lg");
        assertThat(scanf("%Ld %lld %qd %lf %hhn %[L] %%Lf")).isEqualTo("same");
        assertThat(scanf("%5[Lf")).isEqualTo("same");
    }
}
