package jomp.compiler.preprocess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceFile;
import jomp.compiler.lex.Token;
import jomp.compiler.lex.Tokenizer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs tricky inputs through jomp's preprocessor and through {@code clang-19 -E -P -fopenmp}
 * and compares the token sequences (retokenizing both printed outputs, so the printer's
 * spacing is checked too: it must never glue two tokens into one).
 */
class ClangComparisonTest {
    @TempDir
    Path dir;

    static boolean haveClang() {
        try {
            Process p = jomp.env.ExternalTools.processBuilder("clang-19", "--version")
                    .redirectErrorStream(true)
                    .start();
            p.getInputStream().readAllBytes();
            return p.waitFor(20, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    static String clang(Path file, String... extra) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(
                List.of("clang-19", "-E", "-P", "-std=gnu11", "-fopenmp", "-fopenmp-version=50"));
        cmd.addAll(List.of(extra));
        cmd.add(file.toString());
        Process p = jomp.env.ExternalTools.processBuilder(cmd)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        p.waitFor(60, TimeUnit.SECONDS);
        return out;
    }

    /** -I and -isystem directories with -std=gnu11, as clang runs here. */
    static PreprocessorOptions gnu11(List<Path> include, List<Path> system, boolean openmp) {
        return new PreprocessorOptions(
                include, system, Map.of(), openmp, List.of(), List.of(), false, false, false, List.of(), List.of(),
                false, "gnu11", 0, false, false);
    }

    static List<String> tokens(String text) {
        Diagnostics quiet = new Diagnostics(new PrintStream(new ByteArrayOutputStream()));
        return Tokenizer.tokenize(new SourceFile("x", text), quiet).stream()
                .filter(t -> t.kind != Token.Kind.EOF)
                .map(t -> t.text)
                .toList();
    }

    private void compare(String source, String... clangArgs) throws Exception {
        assertTrue(haveClang(), "clang-19 is the oracle here: install it (apt-get install clang-19)");
        Path f = dir.resolve("in.c");
        Files.writeString(f, source, StandardCharsets.ISO_8859_1);
        String expected = clang(f, clangArgs);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Diagnostics diags = new Diagnostics(new PrintStream(err, true));
        PreprocessorOptions opts = gnu11(List.of(dir), List.of(), true);
        Preprocessor pp = new Preprocessor(opts, diags);
        List<Token> toks = pp.expand(new SourceFile(f.toString(), source));
        String mine = PreprocessedPrinter.print(toks, pp.markers(), true);
        assertThat(diags.errorCount()).as(err.toString()).isZero();
        assertThat(tokens(mine))
                .as("jomp output:\n" + mine + "\nclang output:\n" + expected)
                .isEqualTo(tokens(expected));
    }

    @Test
    void standardExample3() throws Exception {
        compare("""
            #define x 3
            #define f(a) f(x * (a))
            #undef x
            #define x 2
            #define g f
            #define z z[0]
            #define h g(~
            #define m(a) a(w)
            #define w 0,1
            #define t(a) a
            #define p() int
            #define q(x) x
            #define r(x,y) x ## y
            #define str(x) # x
            f(y+1) + f(f(z)) % t(t(g)(0) + t)(1);
            g(x+(3,4)-w) | h 5) & m
                (f)^m(m);
            p() i[q()] = { q(1), r(2,3), r(4,), r(,5), r(,) };
            char c[2][6] = { str(hello), str() };
            """);
    }

    @Test
    void standardExample4() throws Exception {
        compare("""
            #define str(s) # s
            #define xstr(s) str(s)
            #define debug(s, t) printf("x" # s "= %d, x" # t "= %s", \\
             x ## s, x ## t)
            #define INCFILE(n) vers ## n
            #define glue(a, b) a ## b
            #define xglue(a, b) glue(a, b)
            #define HIGHLOW "hello"
            #define LOW LOW ", world"
            debug(1, 2);
            fputs(str(strncmp("abc\\0d", "abc", '\\4') // this goes away
             == 0) str(: @\\n), s);
            xstr(INCFILE(2).h)
            glue(HIGH, LOW);
            xglue(HIGH, LOW)
            """);
    }

    @Test
    void standardExample5And7AndHashHash() throws Exception {
        compare("""
            #define t(x,y,z) x ## y ## z
            int j[] = { t(1,2,3), t(,4,5), t(6,,7), t(8,9,),
             t(10,,), t(,11,), t(,,12), t(,,) };
            #define debug(...) fprintf(stderr, __VA_ARGS__)
            #define showlist(...) puts(#__VA_ARGS__)
            #define report(test, ...) ((test)?puts(#test):\\
             printf(__VA_ARGS__))
            debug("Flag");
            debug("X = %d\\n", x);
            showlist(The first, second, and third items.);
            report(x>y, "x is %d but y is %d", x, y);
            #define hash_hash # ## #
            #define mkstr(a) # a
            #define in_between(a) mkstr(a)
            #define join(c, d) in_between(c hash_hash d)
            char p[] = join(x, y);
            """);
    }

    @Test
    void hideSetsAndRescanning() throws Exception {
        compare("""
            #define foo foo
            foo
            #define bar(x) bar(x) x
            bar(bar(1))
            #define f(x) g
            #define g(x) f
            f(1)(2)(3)
            #define AA BB
            #define BB AA
            AA BB
            #define cat(a,b) a##b
            #define xcat(a,b) cat(a,b)
            xcat(xcat(1,2),3)
            #define LPAREN (
            #define RPAREN )
            #define F(x, y) x + y
            #define ELLIP_FUNC(...) __VA_ARGS__
            ELLIP_FUNC(F, LPAREN, 'a', 'b', RPAREN);
            #define OBJ (1 + OBJ)
            OBJ
            #define nil(x) x
            nil() nil( ) end
            #define i(x) x
            #define j i(
            j 3)
            #define k(x) x
            k
            (4) k + k
            #define EMPTY
            EMPTY # define notadirective
            #define AB(x, y) x ## y
            AB(a, EMPTY) AB(EMPTY, b) AB(+, =) AB(., 5) AB(L, 'a') AB(u8, "s") AB(<, <=)
            #define NESTED(x) i(k(x))
            NESTED(NESTED(7))
            """);
    }

    @Test
    void variadicAndGnuCommaPaste() throws Exception {
        compare("""
            #define e(fmt, ...) printf(fmt, ##__VA_ARGS__)
            e("a") e("b", 1, 2) e("c",)
            #define e0(...) f(a, ##__VA_ARGS__)
            e0() e0(1)
            #define named(args...) g(args)
            named() named(1, 2)
            #define first(x, ...) x
            #define rest(x, ...) __VA_ARGS__
            first(1, 2, 3) rest(1, 2, 3) rest(1)
            #define str(...) #__VA_ARGS__
            str( a , b ,c ) str()
            #define str2(x) #x
            str2( a  "b\\n"  'c' '\\'' "\\\\" ) str2(  leading) str2(a
            b)
            """);
    }

    @Test
    void conditionalsAndExpressions() throws Exception {
        compare("""
            #if (2 || 1/0) && -1 > 0u
            yes1
            #endif
            #if 'a' == 97 && '\\377' < 0 && L'\\377' > 0 && 'ab' == 24930
            yes2
            #endif
            #if 0x7fffffffffffffff > 0 && -1 < 0 && (-1 >> 63) == -1 && (1 ? -1 : 0u) > 0
            yes3
            #endif
            #if defined X || defined(Y) || !defined Z
            yes4
            #endif
            #define Z
            #ifdef Z
            z_defined
            #elif garbage(
            #else
            no
            #endif
            #if undefined_ident == 0 && 3 % 2 == 1 && -7 / 2 == -3 && -7 % 2 == -1 && 1 << 62 > 0
            yes5
            #elif 1
            no
            #endif
            #if 0
            #if garbage(
            #else
            #endif
            #elif 18446744073709551615u == -1 && ~0u == 0xffffffffffffffff
            yes6
            #endif
            #ifndef Z
            no
            #else
            yes7
            #endif
            #define ONE 1
            #define TWO ONE + ONE
            #if TWO * 2 == 3 && defined ONE
            yes8
            #endif
            #if 0
            'unterminated in skipped block
            #error not reached
            #endif
            #if __STDC__ && __STDC_VERSION__ == 201112L && __STDC_HOSTED__ && _OPENMP == 201811
            yes9
            #endif
            #if defined(__has_include) && defined __has_builtin && !__has_feature(jomp_nonexistent)
            has_ops
            #endif
            #ifdef __has_attribute
            has_attr
            #endif
            #if __x86_64__ && __linux__ && __LP64__ && __SIZEOF_LONG__ == 8 && __CHAR_BIT__ == 8 && __INT_MAX__ == 2147483647
            yes10
            #endif
            """);
    }

    @Test
    void pragmas() throws Exception {
        compare("""
            #define N 10
            #define DO_PRAGMA(x) _Pragma(#x)
            int a;
            #pragma omp parallel for num_threads(N)
            for (;;) ;
            #pragma weird N
            DO_PRAGMA(omp parallel num_threads(N))
            _Pragma("omp barrier") int x;
            #define PAR _Pragma("omp parallel for") for (;;);
            PAR
            """);
    }

    @Test
    void includesGuardsAndPragmaOnce() throws Exception {
        Files.writeString(dir.resolve("a.h"), "#ifndef A_H\n#define A_H\nint a;\n#include \"b.h\"\n#endif\n");
        Files.writeString(dir.resolve("b.h"), "#pragma once\nint b = __LINE__;\n#define B 5\n");
        Files.createDirectories(dir.resolve("sub"));
        Files.writeString(dir.resolve("sub/c.h"), "int c = B;\n#include \"a.h\"\n");
        compare("""
            #include "a.h"
            #include "a.h"
            #include <b.h>
            #include "sub/c.h"
            #define HDR <sub/c.h>
            #include HDR
            int main = __LINE__;
            #line 100
            int l = __LINE__;
            """, "-I" + dir);
    }

    @Test
    void macrosSpanningLines() throws Exception {
        compare("""
            #define f(a, b) [a|b]
            f(1,
              2) after
            f
            (
            x
            ,
            y
            )
            #define g(x) x
            g(
            #ifdef f
            yes
            #else
            no
            #endif
            )
            """);
    }

    /** The line-marker structure of clang -E (without its <built-in>/<command line> preamble) on nested includes. */
    @Test
    void lineMarkersMatchClang() throws Exception {
        assertTrue(haveClang(), "clang-19 is the oracle here: install it (apt-get install clang-19)");
        Path inc = Files.createDirectories(dir.resolve("inc")), sys = Files.createDirectories(dir.resolve("sys"));
        Files.writeString(inc.resolve("a.h"), "int a;\n#include \"b.h\"\nint a2;\n");
        Files.writeString(inc.resolve("b.h"), "int b;\n");
        Files.writeString(sys.resolve("s.h"), "#include <b.h>\nint s;\n");
        String src =
                "int x;\n#include <a.h>\n\nint y;\n#include <s.h>\n#include \"inc/b.h\"\n\n\n\n\n\n\n\n\n\n\n\nint z;\n";
        Path f = dir.resolve("m.c");
        Files.writeString(f, src);
        Process p = jomp.env.ExternalTools.processBuilder(
                        "clang-19", "-E", "-I" + inc, "-isystem", sys.toString(), f.toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String expected = new String(p.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        p.waitFor(60, TimeUnit.SECONDS);
        List<String> lines = new java.util.ArrayList<>(expected.lines().toList());
        lines.removeIf(l -> l.contains("<built-in>") || l.contains("<command line>"));
        lines.remove(1); // clang's return from the preamble: # 1 "m.c" 2
        Diagnostics diags = new Diagnostics(new PrintStream(new ByteArrayOutputStream()));
        Preprocessor pp = new Preprocessor(gnu11(List.of(inc), List.of(sys), false), diags);
        List<Token> toks = pp.expand(new SourceFile(f.toString(), src));
        String mine = PreprocessedPrinter.print(toks, pp.markers(), false);
        assertThat(mine).isEqualTo(String.join("\n", lines) + "\n");
    }

    /**
     * -P output line for line as clang's: a blank line where clang leaves one (after a line that
     * printed nothing, entering an include one line down), none for longer gaps, a line ended at
     * each include and #line, pragmas on lines of their own, first tokens indented to their column.
     */
    @Test
    void compactOutputIsClangsLineForLine() throws Exception {
        assertTrue(haveClang(), "clang-19 is the oracle here: install it (apt-get install clang-19)");
        Path inc = Files.createDirectories(dir.resolve("inc"));
        Files.writeString(inc.resolve("a.h"), "\nint a;\n#include \"b.h\"\nint a2;\n");
        Files.writeString(inc.resolve("b.h"), "int b;\n\n\n\nint b2;\n");
        String src = "#define N 3\nint x[N];\n#include <a.h>\n\nint y;\n#include \"inc/b.h\"\n\n\n\n\n\n\n"
                + "\n\n\n\n\nint z;\n#pragma omp parallel for\n  int w; int\n   v;\n#pragma GCC visibility push(default)\n"
                + "#line 40\nint q;\n#define E\nE\nint r = N\n  + N;\n";
        Path f = dir.resolve("m.c");
        Files.writeString(f, src);
        String expected = clang(f, "-I" + inc);
        Diagnostics diags = new Diagnostics(new PrintStream(new ByteArrayOutputStream()));
        Preprocessor pp = new Preprocessor(gnu11(List.of(inc), List.of(), true), diags);
        List<Token> toks = pp.expand(new SourceFile(f.toString(), src));
        assertThat(PreprocessedPrinter.print(toks, pp.markers(), true)).isEqualTo(expected);
    }

    /** Cases in the spirit of chibicc's test/macro.c and GCC's cpp torture tests. */
    @Test
    void chibiccStyleMacroCases() throws Exception {
        compare("""
            #define M1(x) x
            #define M2 M1
            M2(3) M2 (4) M2
            #define dbl(x) 2*x
            #define M3(x) dbl(x)
            M3(M3(5))
            #define A(x) #x
            A(@) A("\\n") A('"') A(  a   +   b  ) A(a/**/b) A(L"x" u8"y")
            #define B() 5
            B() B( )
            #define C(x,y) x y
            C((a,b),c) C([a],c)
            #define D(x) x
            D(D)(1)
            #define f(a) a*g
            #define g(a) f(a)
            f(2)(9)
            #define CAT(a, b) a ## b
            #define XCAT(a, b) CAT(a, b)
            CAT(1, 2) CAT(a, 1) CAT(<, :) CAT(-, >) CAT(%, =) CAT(1e, +) XCAT(CAT(x, y), z)
            #define EMPTY
            #define E2(x) [x]
            E2(EMPTY) E2( ) E2(EMPTY EMPTY 1)
            #define RECUR(x) x RECUR
            RECUR(1)(2)
            #define OBJ OBJ + 1
            #define FN(x) OBJ x
            FN(OBJ)
            #define ARGS 1, 2
            #define TWO(a, b) a - b
            #define APPLY(m, x) m(x)
            #define APPLY2(m, ...) m(__VA_ARGS__)
            APPLY2(TWO, ARGS) APPLY2(TWO, 3, 4)
            #define VA(fmt, ...) h(fmt __VA_OPT_NOT__ , ## __VA_ARGS__)
            VA(x) VA(x, y)
            #define LINE __LINE__
            LINE __LINE__
            #define SX(x) #x
            #define XS(x) SX(x)
            XS(__LINE__) XS(EMPTY) XS(M1(q))
            #define paste3(a,b,c) a##b##c
            paste3(x,,) paste3(,y,) paste3(,,z) paste3(1,2,3)
            #define STRCAT(a) "pre" #a "post"
            STRCAT(mid)
            #define hash #
            #define mkstr(x) #x
            mkstr(hash) hash
            """);
    }
}
