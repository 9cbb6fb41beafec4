package jomp.compiler.preprocess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceFile;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * jomp's {@code -dM -E} against clang 19's for x86_64-pc-linux-gnu (DECISIONS.md, decision 1):
 * every macro clang predefines, jomp predefines with the same body, except the differences listed
 * here, each with its reason; a listed difference that is not one any more fails too.
 */
class PredefinedMacrosTest {
    /** Macros jomp leaves out (by name or name prefix), because it does not implement what they announce. */
    static final Map<String, String> ABSENT = Map.ofEntries(
            Map.entry("__SSE", "no SSE intrinsics (<emmintrin.h> ...)"),
            Map.entry("__MMX__", "no MMX intrinsics"),
            Map.entry("__FXSR__", "no fxsave intrinsics"),
            Map.entry("__GCC_ASM_FLAG_OUTPUTS__", "no inline assembly"),
            Map.entry("__GCC_HAVE_DWARF2_CFI_ASM", "no inline assembly"),
            Map.entry("__MEMORY_SCOPE_", "no scoped atomic builtins"),
            Map.entry("__OPENCL_MEMORY_SCOPE_", "no scoped atomic builtins"),
            Map.entry("__SEG_", "no x86 address spaces"),
            Map.entry("__seg_", "no x86 address spaces"));

    /** Macros jomp defines differently (or alone), with jomp's body. */
    static final Map<String, String> DIFFERENT = Map.ofEntries(
            Map.entry("__jomp__", "1"), // jomp's own
            Map.entry("__VERSION__", "\"jomp 0.1.0 (Clang 19.1.7 compatible)\""),
            Map.entry("__clang_version__", "\"19.1.7 (jomp 0.1.0)\""),
            // long double is double in jomp
            Map.entry("__SIZEOF_LONG_DOUBLE__", "8"),
            Map.entry("__LDBL_DECIMAL_DIG__", "17"),
            Map.entry("__LDBL_DENORM_MIN__", "4.9406564584124654e-324L"),
            Map.entry("__LDBL_DIG__", "15"),
            Map.entry("__LDBL_EPSILON__", "2.2204460492503131e-16L"),
            Map.entry("__LDBL_MANT_DIG__", "53"),
            Map.entry("__LDBL_MAX_10_EXP__", "308"),
            Map.entry("__LDBL_MAX_EXP__", "1024"),
            Map.entry("__LDBL_MAX__", "1.7976931348623157e+308L"),
            Map.entry("__LDBL_MIN_10_EXP__", "(-307)"),
            Map.entry("__LDBL_MIN_EXP__", "(-1021)"),
            Map.entry("__LDBL_MIN__", "2.2250738585072014e-308L"),
            Map.entry("__LDBL_NORM_MAX__", "1.7976931348623157e+308L"),
            Map.entry("_OPENMP", "201811")); // OpenMP 5.0 (DECISIONS.md, decision 6)

    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {
                "",
                "-std=c11",
                "-std=gnu89",
                "-std=c99 -O2",
                "-Os -pthread",
                "-fopenmp -std=gnu11 -O3",
                "-fgnu89-inline",
                "-std=gnu89 -fno-gnu89-inline",
                "-ansi"
            })
    void sameAsClang19(String flags) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("clang-19", "-dM", "-E", "-x", "c"));
        if (!flags.isEmpty()) cmd.addAll(List.of(flags.split(" ")));
        cmd.add("/dev/null");
        Process p;
        try {
            p = new ProcessBuilder(cmd)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
        } catch (java.io.IOException e) {
            throw new AssertionError("clang-19 is the oracle here: install it (apt-get install clang-19)", e);
        }
        String clangOut = new String(p.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, "clang-19 -dM failed");
        Map<String, String> clang = parse(clangOut), jomp = parse(jompMacros(flags));

        List<String> problems = new ArrayList<>();
        for (var e : clang.entrySet()) {
            String name = e.getKey();
            String absent = absentReason(name);
            if (absent != null) {
                if (jomp.containsKey(name))
                    problems.add(name + " is listed as absent (" + absent + ") but jomp defines it");
            } else if (DIFFERENT.containsKey(name)) {
                if (!DIFFERENT.get(name).equals(jomp.get(name)))
                    problems.add(name + ": jomp has " + jomp.get(name) + ", listed " + DIFFERENT.get(name));
                if (e.getValue().equals(jomp.get(name)))
                    problems.add(name + " is listed as different but equals clang's");
            } else if (!e.getValue().equals(jomp.get(name))) {
                problems.add(name + ": clang " + e.getValue() + ", jomp " + jomp.get(name));
            }
        }
        for (var e : jomp.entrySet()) {
            if (clang.containsKey(e.getKey())) continue;
            if (!DIFFERENT.containsKey(e.getKey()))
                problems.add(e.getKey() + " " + e.getValue() + ": jomp only, not listed");
            else if (!DIFFERENT.get(e.getKey()).equals(e.getValue()))
                problems.add(e.getKey() + ": jomp has " + e.getValue());
        }
        assertThat(problems).isEmpty();
        assertThat(jomp)
                .containsEntry("__clang__", "1")
                .containsEntry("__GNUC__", "4")
                .containsEntry("__GNUC_MINOR__", "2")
                .containsEntry("__GNUC_PATCHLEVEL__", "1")
                .containsEntry("__jomp__", "1")
                .containsEntry("__SIZEOF_INT128__", "16");
    }

    private static String absentReason(String name) {
        for (var e : ABSENT.entrySet()) if (name.startsWith(e.getKey())) return e.getValue();
        return null;
    }

    /** jomp's -dM for the same flags (those PreprocessorOptions carries). */
    private static String jompMacros(String flags) {
        String std = null;
        int opt = 0;
        boolean size = false, pthread = false, openmp = false;
        Boolean gnu89Inline = null;
        for (String f : flags.split(" ")) {
            if (f.startsWith("-std=")) std = f.substring(5);
            else if (f.equals("-ansi")) std = "c89"; // as the driver passes it
            else if (f.equals("-fgnu89-inline") || f.equals("-fno-gnu89-inline"))
                gnu89Inline = f.equals("-fgnu89-inline");
            else if (f.startsWith("-O")) {
                opt = f.equals("-O0") ? 0 : 2;
                size = f.equals("-Os") || f.equals("-Oz");
            } else if (f.equals("-pthread")) pthread = true;
            else if (f.equals("-fopenmp")) openmp = true;
        }
        PreprocessorOptions o = new PreprocessorOptions(
                List.of(),
                List.of(),
                Map.of(),
                openmp,
                List.of(),
                List.of(),
                false,
                false,
                false,
                List.of(),
                List.of(),
                false,
                std,
                opt,
                size,
                pthread,
                gnu89Inline);
        Diagnostics diags = new Diagnostics(new PrintStream(new ByteArrayOutputStream()));
        Preprocessor pp = new Preprocessor(o, diags);
        pp.expand(new SourceFile("empty.c", ""));
        return pp.macroDefinitions();
    }

    /** "#define NAME BODY" lines to NAME -> BODY (function-like names keep their parameters). */
    private static Map<String, String> parse(String dm) {
        Map<String, String> m = new TreeMap<>();
        for (String line : dm.lines().toList()) {
            if (!line.startsWith("#define ")) continue;
            String rest = line.substring(8);
            int sp = rest.indexOf(' ');
            m.put(
                    sp < 0 ? rest : rest.substring(0, sp),
                    sp < 0 ? "" : rest.substring(sp + 1).trim());
        }
        return m;
    }
}
