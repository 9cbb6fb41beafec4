package jomp.compiler.preprocess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The x86 feature macros of -m and -march= flags against clang 19's ({@code clang-19 <flags> -dM
 * -E}): the macros clang adds to its default set, plus the baseline's SSE macros, are exactly the
 * ones {@link X86Features} gives; clang's CPU-name macros ({@code __corei7}, {@code __tune_*}) are
 * not compared (jomp keeps the default's).
 */
class X86FeaturesTest {
    private static final Set<String> BASELINE =
            Set.of("__MMX__", "__SSE__", "__SSE2__", "__FXSR__", "__SSE_MATH__", "__SSE2_MATH__");

    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {
                "-msse2",
                "-msse3",
                "-mssse3",
                "-msse4.1",
                "-msse4.2",
                "-mavx",
                "-mavx2",
                "-mfma",
                "-mf16c",
                "-mbmi -mbmi2 -mlzcnt -mpopcnt",
                "-mpclmul -maes",
                "-mvpclmulqdq",
                "-mavx2 -mno-avx",
                "-mavx2 -mno-sse4.2",
                "-msse4.2 -mno-popcnt",
                "-mavx -mno-xsave",
                "-mno-sse3 -mssse3",
                "-march=x86-64",
                "-march=x86-64-v2",
                "-march=x86-64-v3",
                "-march=haswell",
                "-march=skylake -mno-avx2",
                "-march=znver3"
            })
    void sameAsClang19(String flags) throws Exception {
        Set<String> base = clangMacros(List.of()), with = clangMacros(List.of(flags.split(" ")));
        Set<String> expected = new TreeSet<>();
        for (String m : with)
            if ((!base.contains(m) || BASELINE.contains(m)) && !m.startsWith("__tune_") && !cpuName(m)) expected.add(m);
        assertThat(new TreeSet<>(X86Features.macros(List.of(flags.split(" "))))).isEqualTo(expected);
    }

    /** clang's CPU-name macros: __corei7, __corei7__, __znver3 ... */
    private static boolean cpuName(String m) {
        return m.matches(
                "__(corei7|haswell|skylake|znver\\d|k8|nehalem|westmere|sandybridge|ivybridge|broadwell|x86_64_v\\d)(__)?");
    }

    private static Set<String> clangMacros(List<String> flags) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("clang-19", "-dM", "-E", "-x", "c"));
        cmd.addAll(flags);
        cmd.add("/dev/null");
        Process p;
        try {
            p = new ProcessBuilder(cmd)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
        } catch (java.io.IOException e) {
            throw new AssertionError("clang-19 is the oracle here: install it (apt-get install clang-19)", e);
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, "clang-19 -dM failed");
        Set<String> names = new TreeSet<>();
        for (String line : out.split("\n")) {
            String[] w = line.split(" ");
            // feature macros are defined as 1; the rest (__FLT16_*, values) change with no x86 feature
            if (w.length == 3 && w[0].equals("#define") && w[2].equals("1")) names.add(w[1]);
        }
        return names;
    }
}
