package jomp.compiler.preprocess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceFile;
import jomp.compiler.lex.Token;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Header search and the preprocessor's newer directives against clang 19: the search list -v
 * prints, #include_next, __has_include_next, -iquote/-isystem/-idirafter order, #import,
 * -include/-imacros, push_macro/pop_macro, __VA_OPT__, and system-header semantics.
 */
class HeaderSearchTest {
    @TempDir
    Path dir;

    /** Options as cc1 builds them from the flags used here. */
    private PreprocessorOptions opts(List<String> flags) {
        List<Path> inc = new ArrayList<>(),
                sys = new ArrayList<>(),
                quote = new ArrayList<>(),
                after = new ArrayList<>();
        List<String> includes = new ArrayList<>(), imacros = new ArrayList<>();
        boolean nostdinc = false, nostdlibinc = false;
        for (int i = 0; i < flags.size(); i++) {
            String f = flags.get(i);
            switch (f) {
                case "-I" -> inc.add(Path.of(flags.get(++i)));
                case "-isystem" -> sys.add(Path.of(flags.get(++i)));
                case "-iquote" -> quote.add(Path.of(flags.get(++i)));
                case "-idirafter" -> after.add(Path.of(flags.get(++i)));
                case "-include" -> includes.add(flags.get(++i));
                case "-imacros" -> imacros.add(flags.get(++i));
                case "-nostdinc" -> nostdinc = true;
                case "-nostdlibinc" -> nostdlibinc = true;
                default -> throw new IllegalArgumentException(f);
            }
        }
        return new PreprocessorOptions(
                inc,
                sys,
                Map.of(),
                false,
                quote,
                after,
                nostdinc,
                nostdlibinc,
                false,
                imacros,
                includes,
                false,
                "gnu11",
                0,
                false,
                false);
    }

    private static String run(List<String> cmd, Path cwd) throws Exception {
        return run(cmd, cwd, true);
    }

    /** A command's output (stdout and, if asked, stderr), run in cwd. */
    private static String run(List<String> cmd, Path cwd, boolean withStderr) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(cwd.toFile());
        if (withStderr) pb.redirectErrorStream(true);
        else pb.redirectError(ProcessBuilder.Redirect.DISCARD);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "timed out: " + cmd);
        return out;
    }

    /** The lines of a -v search list, from its first heading to "End of search list.", clang's resource dir as jomp's. */
    private static List<String> searchList(String text) {
        List<String> lines = text.lines().toList();
        int from = lines.indexOf("#include \"...\" search starts here:"), to = lines.indexOf("End of search list.");
        return lines.subList(from, to + 1).stream()
                .map(l -> l.replace("/usr/lib/llvm-19/lib/clang/19/include", "<jomp>/include"))
                .toList();
    }

    @Test
    void verboseSearchListIsClangs() throws Exception {
        assertTrue(
                ClangComparisonTest.haveClang(), "clang-19 is the oracle here: install it (apt-get install clang-19)");
        Files.createDirectories(dir.resolve("inc"));
        Files.createDirectories(dir.resolve("sys"));
        Files.createDirectories(dir.resolve("quote"));
        Files.createDirectories(dir.resolve("late"));
        Files.writeString(dir.resolve("x.c"), "int x;\n");
        List<List<String>> cases = List.of(
                List.of(),
                List.of("-I", "inc", "-isystem", "sys", "-iquote", "quote", "-idirafter", "late", "-I", "missing"),
                List.of("-I", "/usr/include", "-I", "inc", "-I", "inc", "-isystem", "inc"),
                List.of("-nostdlibinc", "-I", "inc"),
                List.of("-nostdinc", "-isystem", "sys"));
        for (List<String> flags : cases) {
            List<String> cmd = new ArrayList<>(List.of("clang-19", "-fsyntax-only", "-v"));
            cmd.addAll(flags);
            cmd.add("x.c");
            List<String> expected = searchList(run(cmd, dir));
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            PreprocessorOptions o = opts(flags.stream()
                    .map(f -> f.startsWith("-") || f.startsWith("/")
                            ? f
                            : dir.resolve(f).toString())
                    .toList());
            new HeaderSearch(o).printSearchList(new PrintStream(err, true, StandardCharsets.ISO_8859_1));
            List<String> mine = searchList(err.toString(StandardCharsets.ISO_8859_1)).stream()
                    .map(l -> l.replace(dir + "/", ""))
                    .toList();
            assertThat(mine).as("flags %s", flags).isEqualTo(expected);
        }
    }

    /** jomp's -E -P tokens of file with these flags (relative paths under dir), and clang's. */
    private void compareWithClang(String file, List<String> flags) throws Exception {
        assertTrue(
                ClangComparisonTest.haveClang(), "clang-19 is the oracle here: install it (apt-get install clang-19)");
        List<String> cmd = new ArrayList<>(List.of("clang-19", "-E", "-P", "-std=gnu11"));
        cmd.addAll(flags);
        cmd.add(file);
        String expected = run(cmd, dir, false);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Diagnostics diags = new Diagnostics(new PrintStream(err, true));
        List<String> abs = flags.stream()
                .map(f -> f.startsWith("-") ? f : dir.resolve(f).toString())
                .toList();
        Preprocessor pp = new Preprocessor(opts(abs), diags);
        Path f = dir.resolve(file);
        List<Token> toks = pp.expand(new SourceFile(f.toString(), Files.readString(f, StandardCharsets.ISO_8859_1)));
        String mine = PreprocessedPrinter.print(toks, pp.markers(), true);
        assertThat(diags.errorCount()).as(err.toString()).isZero();
        assertThat(ClangComparisonTest.tokens(mine))
                .as("jomp:\n" + mine + "\nclang:\n" + expected)
                .isEqualTo(ClangComparisonTest.tokens(expected));
    }

    private void write(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
    }

    @Test
    void includeNextAndSearchOrder() throws Exception {
        write("a/x.h", "a_x\n#include_next <x.h>\n#if __has_include_next(<y.h>)\nnext_has_y\n#endif\n");
        write("b/x.h", "b_x\n#include_next <x.h>\n");
        write("c/x.h", "c_x\n");
        write("c/y.h", "c_y\n");
        write("q/x.h", "quoted_x\n");
        write("m.c", "#include <x.h>\n#include \"x.h\"\n#import \"once.h\"\n#import \"once.h\"\n#include <y.h>\n");
        write("once.h", "once_body\n");
        compareWithClang("m.c", List.of("-I", "a", "-isystem", "b", "-idirafter", "c", "-iquote", "q"));
    }

    @Test
    void commandLineIncludesAndImacros() throws Exception {
        write("pre.h", "#define FROM_PRE 11\npre_token\n");
        write("mac.h", "#define FROM_MACROS 22\nnot_output\n");
        write("m.c", "FROM_PRE FROM_MACROS\n");
        compareWithClang("m.c", List.of("-include", "pre.h", "-imacros", "mac.h"));
    }

    @Test
    void pushPopMacroVaOptAndFeatureTests() throws Exception {
        write("m.c", """
            #define X 1
            #pragma push_macro("X")
            #undef X
            #define X 2
            X
            #pragma pop_macro("X")
            X
            #pragma push_macro("NOT_DEFINED")
            #define NOT_DEFINED 3
            #pragma pop_macro("NOT_DEFINED")
            NOT_DEFINED
            #define F(a, ...) f(a __VA_OPT__(,) __VA_ARGS__)
            #define G(...) g(0 __VA_OPT__(, __VA_ARGS__) end)
            #define EMPTY
            F(1) F(1, 2) F(1, 2, 3) G() G(EMPTY) G(x, y)
            #define H(x, ...) h(x ## __VA_OPT__(_tail))
            H(a) H(a, b)
            #define HAS(x) __has_attribute(x)
            HAS(packed) HAS(__aligned__) HAS(no_such_attribute) __has_builtin(__builtin_bswap32) __has_builtin(__builtin_nope)
            __has_feature(c_generic_selections) __has_extension(c_static_assert) __has_c_attribute(fallthrough)
            __is_identifier(foo) __is_identifier(int)
            #if __has_include(<stddef.h>) && !__has_include("no/such/file.h")
            has_include_ok
            #endif
            #if defined(__has_include) && __has_include(<stdint.h>) && defined __has_attribute
            has_ok
            #endif
            #define DEF defined(X)
            #if DEF
            def_ok
            #endif
            """);
        compareWithClang("m.c", List.of());
    }

    @Test
    void systemHeaderWarningsAreNotShown() throws Exception {
        write("sys/s.h", "#define R 1\n#define R 2\n#warning from a system header\n");
        write("usr/u.h", "#define Q 1\n#define Q 2\n");
        write(
                "m.c",
                "#include <s.h>\n#include <u.h>\n#pragma GCC diagnostic ignored \"-Wmacro-redefined\"\n#define Q 3\nint x;\n");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Diagnostics diags = new Diagnostics(new PrintStream(err, true));
        Preprocessor pp = new Preprocessor(
                opts(List.of(
                        "-isystem",
                        dir.resolve("sys").toString(),
                        "-I",
                        dir.resolve("usr").toString())),
                diags);
        Path m = dir.resolve("m.c");
        pp.expand(new SourceFile(m.toString(), Files.readString(m)));
        String out = err.toString();
        assertThat(out)
                .contains("u.h:2:9: warning: 'Q' macro redefined [-Wmacro-redefined]")
                .doesNotContain("s.h")
                .doesNotContain("m.c:4");
        assertThat(diags.warningCount()).isEqualTo(1);
    }

    @Test
    void poisonedIdentifiersAreErrors() throws Exception {
        write("m.c", "#pragma GCC poison gets sprintf\nint gets;\n");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Diagnostics diags = new Diagnostics(new PrintStream(err, true));
        Preprocessor pp = new Preprocessor(opts(List.of()), diags);
        Path m = dir.resolve("m.c");
        pp.expand(new SourceFile(m.toString(), Files.readString(m)));
        assertThat(err.toString()).contains("m.c:2:5: error: attempt to use a poisoned identifier");
    }
}
