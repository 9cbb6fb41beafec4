package jomp.runtime.ffi;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which native functions may be critical downcalls: gcc -O2 compiles functions of each kind into a
 * shared library, and the decoder judges the machine code the process loaded.
 */
class LeafCodeTest {
    @TempDir
    Path dir;

    private static final String SOURCE = """
            #include <errno.h>
            #include <string.h>
            int add(int a, int b) { return a + b; }
            double mix(double x, long n, int k) { return n > k ? x * n - k : x / (k + 1); }
            int clamp(int x) { if (x < 0) return 0; if (x > 255) return 255; return x; }
            struct s { long a, b; };
            long fields(struct s *p, int i) { return i ? p->a * 3 : p->b ^ 7; }
            int sum(const int *a, int n) { int s = 0; for (int i = 0; i < n; i++) s += a[i]; return s; }
            int calls(const char *s) { return (int)strlen(s) + 1; }
            int fails(void) { errno = EINVAL; return -1; }
            int indirect(int (*f)(int), int x) { return f(x) + 1; }
            int pick(int k, int x) { switch (k) { case 0: return x; case 1: return x * 3; case 2: return -x; case 3: return x + 7;
                                     case 4: return x << 2; case 5: return x / 5; case 6: return x % 9; default: return 0; } }
            static __thread int tls;
            int thread_local(void) { return ++tls; }
            """;

    @Test
    void shortLeavesAreTellFromTheRest() throws Exception {
        Path c = dir.resolve("leaf.c"), so = dir.resolve("libleaf.so");
        Files.writeString(c, SOURCE);
        Process p = new ProcessBuilder("gcc", "-O2", "-shared", "-fPIC", c.toString(), "-o", so.toString())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0)
                .as("gcc: " + out)
                .isTrue();
        @SuppressWarnings("restricted") // the test calls C through FFM; surefire's argLine enables native access
        SymbolLookup lib = SymbolLookup.libraryLookup(so, Arena.global());
        for (String leaf : List.of("add", "mix", "clamp", "fields"))
            assertThat(LeafCode.isShortLeaf(lib.find(leaf).orElseThrow().address()))
                    .as(leaf)
                    .isTrue();
        for (String other : List.of("sum", "calls", "fails", "indirect", "pick", "thread_local"))
            assertThat(LeafCode.isShortLeaf(lib.find(other).orElseThrow().address()))
                    .as(other)
                    .isFalse();
    }
}
