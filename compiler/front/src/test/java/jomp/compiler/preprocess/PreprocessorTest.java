package jomp.compiler.preprocess;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceFile;
import jomp.compiler.lex.Token;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PreprocessorTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final Diagnostics diags = new Diagnostics(new PrintStream(err, true));
    private PreprocessorOptions opts = PreprocessorOptions.defaults(true);

    private List<Token> run(String src) {
        Preprocessor pp = new Preprocessor(opts, diags, "jomp/compiler/preprocess/bundled/");
        return Preprocessor.finish(pp.expand(new SourceFile("t.c", src)), diags);
    }

    private String texts(String src) {
        return run(src).stream()
                .filter(t -> t.kind != Token.Kind.EOF)
                .map(t -> t.text)
                .collect(Collectors.joining(" "));
    }

    /** The diagnostic lines (without source excerpts and carets). */
    private List<String> diagLines() {
        return Arrays.stream(err.toString().split("\n"))
                .filter(l -> l.matches("^\\S+:\\d+:\\d+: (error|warning|note|fatal error): .*"))
                .toList();
    }

    @Test
    void objectAndFunctionMacros() {
        assertThat(texts("#define N 3\n#define sq(x) ((x)*(x))\nint a = sq(N+1);"))
                .isEqualTo("int a = ( ( 3 + 1 ) * ( 3 + 1 ) ) ;");
        assertThat(texts("#define f(x) x\n#undef f\nf(1)")).isEqualTo("f ( 1 )");
    }

    @Test
    void keywordsAreMarkedAfterExpansion() {
        List<Token> ts = run("#define T int\nT x; __attribute__ typeof foo _Bool");
        assertThat(ts)
                .extracting(t -> t.kind)
                .containsExactly(
                        Token.Kind.KEYWORD,
                        Token.Kind.IDENT,
                        Token.Kind.PUNCT,
                        Token.Kind.KEYWORD,
                        Token.Kind.KEYWORD,
                        Token.Kind.IDENT,
                        Token.Kind.KEYWORD,
                        Token.Kind.EOF);
    }

    @Test
    void stringConcatenationKeepsPrefixAndEscapes() {
        assertThat(texts("\"a\" \"b\" L\"c\" \"d\" x u8\"e\" \"f\" y \"\\x1\" \"2\" \"\\12\" \"3\""))
                .isEqualTo("L\"abcd\" x u8\"ef\" y \"\\0012\\0123\"");
        texts("L\"a\" u\"b\"");
        assertThat(diagLines())
                .containsExactly("t.c:1:6: error: unsupported non-standard concatenation of string literals");
    }

    @Test
    void predefinedMacros() {
        assertThat(texts("__FILE__ __LINE__\n__LINE__ __STDC__ __STDC_VERSION__ __STDC_HOSTED__ _OPENMP __jomp__"))
                .isEqualTo("\"t.c\" 1 2 1 201710L 1 201811 1");
        assertThat(texts("__x86_64__ __linux__ __LP64__ __SIZEOF_POINTER__ __SIZEOF_LONG__ __CHAR_BIT__ __INT_MAX__"))
                .isEqualTo("1 1 1 8 8 8 2147483647");
        assertThat(texts("__DATE__ , __TIME__"))
                .matches("\"[A-Z][a-z]{2} [ 1-3][0-9] \\d{4}\" , \"\\d\\d:\\d\\d:\\d\\d\"");
        opts = PreprocessorOptions.defaults(false);
        assertThat(texts("#ifdef _OPENMP\nomp\n#endif\n__COUNTER__ __COUNTER__"))
                .isEqualTo("0 1");
    }

    @Test
    void commandLineDefinesAndUndefs() {
        Map<String, String> d = new LinkedHashMap<>();
        d.put("A", "1");
        d.put("B", "x + y");
        d.put("F(a)", "[a]");
        d.put("__jomp__", null);
        opts = new PreprocessorOptions(List.of(), List.of(), d, false);
        assertThat(texts("A B F(2) __jomp__")).isEqualTo("1 x + y [ 2 ] __jomp__");
    }

    @Test
    void lineDirectiveChangesLineAndFile() {
        assertThat(
                        texts(
                                "#line 100\n__LINE__\n#line 7 \"other.c\"\n__FILE__ __LINE__\n# 50 \"m.c\" 2\n__LINE__ __FILE__"))
                .isEqualTo("100 \"other.c\" 7 50 \"m.c\"");
        List<Token> ts = run("#line 20 \"z.c\"\nint x;");
        assertThat(ts.get(0).loc.toString()).isEqualTo("z.c:20:1");
    }

    @Test
    void pragmaTokensExpandOnlyOmp() {
        List<Token> ts = run("#define N 4\n#pragma omp parallel for num_threads(N) if(1)\n#pragma other N\nx");
        assertThat(ts.get(0).kind).isEqualTo(Token.Kind.PRAGMA);
        assertThat(ts.get(0).text).isEqualTo("omp parallel for num_threads(4) if(1)");
        assertThat(ts.get(0).pragmaTokens)
                .extracting(t -> t.text)
                .containsExactly("omp", "parallel", "for", "num_threads", "(", "4", ")", "if", "(", "1", ")", "");
        assertThat(ts.get(0).pragmaTokens.get(2).kind).isEqualTo(Token.Kind.KEYWORD);
        assertThat(ts.get(0).loc.toString()).isEqualTo("t.c:2:1");
        assertThat(ts.get(1).text).isEqualTo("other N");
        assertThat(ts.get(2).text).isEqualTo("x");
    }

    @Test
    void pragmaOperatorInsideMacro() {
        List<Token> ts =
                run("#define N 8\n#define P(x) _Pragma(#x) x\nP(omp simd safelen(N)) _Pragma(\"omp barrier\") y");
        assertThat(ts)
                .extracting(t -> t.kind + ":" + t.text)
                .containsExactly(
                        "PRAGMA:omp simd safelen(8)",
                        "IDENT:omp",
                        "IDENT:simd",
                        "IDENT:safelen",
                        "PUNCT:(",
                        "NUMBER:8",
                        "PUNCT:)",
                        "PRAGMA:omp barrier",
                        "IDENT:y",
                        "EOF:");
        assertThat(ts.get(0).loc.toString()).isEqualTo("t.c:3:1");
    }

    @Test
    void includeSearchOrderAndBundledHeaders() throws Exception {
        Files.createDirectories(dir.resolve("inc"));
        Files.createDirectories(dir.resolve("src"));
        Files.writeString(dir.resolve("inc/h.h"), "int from_I;\n");
        Files.writeString(dir.resolve("src/h.h"), "int from_local;\n");
        Files.writeString(dir.resolve("inc/bund.h"), "int I_shadows_bundled;\n");
        opts = new PreprocessorOptions(List.of(dir.resolve("inc")), List.of(), Map.of(), false);
        Preprocessor pp = new Preprocessor(opts, diags, "jomp/compiler/preprocess/bundled/");
        String main = dir.resolve("src/main.c").toString();
        String out = pp
                .expand(new SourceFile(
                        main, "#include \"h.h\"\n#include <h.h>\n#include <bund.h>\n#include <sys/inner.h>\nINNER"))
                .stream()
                .map(t -> t.text)
                .collect(Collectors.joining(" "));
        assertThat(out).isEqualTo("int from_local ; int from_I ; int I_shadows_bundled ; 42 ");
        opts = PreprocessorOptions.defaults(false);
        assertThat(texts("#include <bund.h>\n#include \"bund.h\"\nbundled __FILE__"))
                .isEqualTo("int bundled = 42 ; bundled \"t.c\"");
        assertThat(diagLines()).isEmpty();
    }

    @Test
    void lineMarkersForIncludes() throws Exception {
        Files.writeString(dir.resolve("a.h"), "int a;\n");
        opts = new PreprocessorOptions(List.of(dir), List.of(), Map.of(), false);
        Preprocessor pp = new Preprocessor(opts, diags, "jomp/compiler/preprocess/bundled/");
        List<Token> ts =
                pp.expand(new SourceFile("m.c", "int x;\n#include <a.h>\nint y;\n#include <bund.h>\nint z;\n"));
        String a = dir.resolve("a.h").toString();
        assertThat(PreprocessedPrinter.print(ts, pp.markers(), false))
                .isEqualTo("# 1 \"m.c\"\nint x;\n# 1 \"" + a + "\" 1\nint a;\n# 3 \"m.c\" 2\nint y;\n"
                        + "# 1 \"<jomp>/include/bund.h\" 1 3\n# 1 \"<jomp>/include/sys/inner.h\" 1 3\n# 3 \"<jomp>/include/bund.h\" 2 3\n"
                        + "int bundled = 42;\n# 5 \"m.c\" 2\nint z;\n");
    }

    @Test
    void blankLinesCompressLikeClang() {
        Preprocessor pp = new Preprocessor(opts, diags);
        List<Token> ts = pp.expand(new SourceFile("m.c", "a\n\n\nb\n" + "\n".repeat(20) + "c\n#define X\nX d"));
        assertThat(PreprocessedPrinter.print(ts, pp.markers(), false))
                .isEqualTo("# 1 \"m.c\"\na\n\n\nb\n# 25 \"m.c\"\nc\n\n  d\n");
    }

    @Test
    void macroDefinitionErrors() {
        texts("""
            #define f(a a
            #define g(a,) a
            #define h(1) a
            #define i(... a) a
            #define defined
            #define
            #define 3
            #define k(a,a) a
            #define l(a) #b
            #define m ## a
            #define n a ##
            #undef X Y
            #undef
            """);
        assertThat(diagLines())
                .containsExactly(
                        "t.c:1:13: error: expected comma in macro parameter list",
                        "t.c:2:13: error: expected identifier in macro parameter list",
                        "t.c:3:11: error: invalid token in macro parameter list",
                        "t.c:4:15: error: missing ')' in macro parameter list",
                        "t.c:5:9: error: 'defined' cannot be used as a macro name",
                        "t.c:6:8: error: macro name missing",
                        "t.c:7:9: error: macro name must be an identifier",
                        "t.c:8:13: error: duplicate macro parameter name 'a'",
                        "t.c:9:15: error: '#' is not followed by a macro parameter",
                        "t.c:10:11: error: '##' cannot appear at start of macro expansion",
                        "t.c:11:13: error: '##' cannot appear at end of macro expansion",
                        "t.c:12:10: warning: extra tokens at end of #undef directive [-Wextra-tokens]",
                        "t.c:13:7: error: macro name missing");
    }

    @Test
    void redefinitionWarnsOnlyWhenDifferent() {
        texts("#define X 1\n#define X 1\n#define X  2\n#define F(a) a+a\n#define F(a) a + a");
        assertThat(diagLines())
                .containsExactly(
                        "t.c:3:9: warning: 'X' macro redefined [-Wmacro-redefined]",
                                "t.c:2:9: note: previous definition is here",
                        "t.c:5:9: warning: 'F' macro redefined [-Wmacro-redefined]",
                                "t.c:4:9: note: previous definition is here");
    }

    @Test
    void invocationErrors() {
        // like clang -E: a wrong argument count drops the arguments and keeps the name
        assertThat(texts("#define f(a,b) a+b\n#define g(a) a\nf(1)\nf(1,2,3)\ng(1,2)\ng() ok\n"))
                .isEqualTo("f f g ok");
        assertThat(diagLines())
                .containsExactly(
                        "t.c:3:4: error: too few arguments provided to function-like macro invocation",
                        "t.c:1:9: note: macro 'f' defined here",
                        "t.c:4:7: error: too many arguments provided to function-like macro invocation",
                        "t.c:1:9: note: macro 'f' defined here",
                        "t.c:5:5: error: too many arguments provided to function-like macro invocation",
                        "t.c:2:9: note: macro 'g' defined here");
    }

    @Test
    void unterminatedInvocationAndBadPaste() {
        texts("#define cat(a,b) a##b\ncat(+,/)\n#define f(a) a\nf(1\n");
        assertThat(diagLines())
                .containsExactly(
                        "t.c:2:1: error: pasting formed '+/', an invalid preprocessing token",
                        "t.c:4:1: error: unterminated function-like macro invocation",
                        "t.c:3:9: note: macro 'f' defined here");
    }

    @Test
    void conditionalExpressionErrors() {
        texts("""
            #if 1/0
            #endif
            #if
            #endif
            #if 1 +
            #endif
            #if (1
            #endif
            #if 1.0
            #endif
            #if 1 2
            #endif
            #if foo(
            #endif
            #if 1 ? 2
            #endif
            #if 0x
            #endif
            #if 99999999999999999999
            #endif
            #if 0 && 1/0
            #elif
            #endif
            #if 0 || 1 % 0
            #endif
            #if 08
            #endif
            #if 0b12
            #endif
            #if 1 == 1 == 1 ,2
            #endif
            """);
        assertThat(diagLines())
                .containsExactly(
                        "t.c:1:6: error: division by zero in preprocessor expression",
                        "t.c:3:4: error: expected value in expression",
                        "t.c:5:8: error: expected value in expression",
                        "t.c:7:7: error: expected ')' in preprocessor expression",
                        "t.c:7:5: note: to match this '('",
                        "t.c:9:5: error: floating point literal in preprocessor expression",
                        "t.c:11:7: error: token is not a valid binary operator in a preprocessor subexpression",
                        "t.c:13:5: error: function-like macro 'foo' is not defined",
                        "t.c:15:10: error: expected ':'",
                        "t.c:15:7: note: to match this '?'",
                        "t.c:17:5: error: invalid suffix 'x' on integer constant",
                        "t.c:19:5: error: integer literal is too large to be represented in any integer type",
                        "t.c:22:6: error: expected value in expression",
                        "t.c:24:12: error: remainder by zero in preprocessor expression",
                        "t.c:26:6: error: invalid digit '8' in octal constant",
                        "t.c:28:8: error: invalid digit '2' in binary constant",
                        "t.c:30:17: error: expected end of line in preprocessor expression");
    }

    @Test
    void conditionalStructureErrors() {
        assertThat(texts("""
            #endif
            #elif 1
            #else
            #if 1
            a
            #else
            b
            #else
            #elif 1
            #endif
            #ifdef
            #endif
            #ifdef 3
            #endif
            #ifdef X Y
            #endif
              #if 1
            #ifdef Q
            """)).isEqualTo("a");
        assertThat(diagLines())
                .containsExactly(
                        "t.c:1:2: error: #endif without #if",
                        "t.c:2:2: error: #elif without #if",
                        "t.c:3:2: error: #else without #if",
                        "t.c:8:2: error: #else after #else",
                        "t.c:9:2: error: #elif after #else",
                        "t.c:11:7: error: macro name missing",
                        "t.c:13:8: error: macro name must be an identifier",
                        "t.c:15:10: warning: extra tokens at end of #ifdef directive [-Wextra-tokens]",
                        "t.c:18:2: error: unterminated conditional directive",
                        "t.c:17:4: error: unterminated conditional directive");
    }

    @Test
    void otherDirectives() {
        assertThat(texts("""
            #
            #error hello   world  "x"
            #warning careful
            #foo
            #line 0x10
            #line 10 "x.c" 3
            #ident "v1"
            #pragma once
            _Pragma(1)
            __LINE__
            """)).isEqualTo("13");
        assertThat(diagLines())
                .containsExactly(
                        "t.c:2:2: error: hello   world  \"x\"",
                        "t.c:3:2: warning: careful [-W#warnings]",
                        "t.c:4:2: error: invalid preprocessing directive",
                        "t.c:5:8: error: #line directive requires a simple digit sequence",
                        "t.c:6:16: warning: extra tokens at end of #line directive [-Wextra-tokens]",
                        "x.c:11:9: warning: #pragma once in main file [-Wpragma-once-outside-header]",
                        "x.c:12:1: error: _Pragma takes a parenthesized string literal");
    }

    @Test
    void missingIncludeIsFatal() {
        List<Token> ts = run("int a;\n#include \"nope.h\"\nint b;\n");
        assertThat(diagLines()).containsExactly("t.c:2:10: fatal error: 'nope.h' file not found");
        assertThat(ts).extracting(t -> t.text).containsExactly("int", "a", ";", "");
        texts("#include\n#include <x.h\n");
        assertThat(diagLines()).contains("t.c:1:9: error: expected \"FILENAME\" or <FILENAME>");
    }

    @Test
    void recursiveIncludeStopsWithFatal() throws Exception {
        Files.writeString(dir.resolve("self.h"), "#include \"self.h\"\n");
        opts = new PreprocessorOptions(List.of(dir), List.of(), Map.of(), false);
        run("#include <self.h>\n");
        assertThat(diagLines()).hasSize(1);
        assertThat(diagLines().get(0)).endsWith("self.h:1:10: error: #include nested too deeply");
    }

    @Test
    void includeGuardedHeaderIsSkippedAndGuardDetected() throws Exception {
        Files.writeString(dir.resolve("g.h"), "#ifndef G_H\n#define G_H\nint g;\n#endif\n");
        opts = new PreprocessorOptions(List.of(dir), List.of(), Map.of(), false);
        assertThat(texts("#include <g.h>\n#include <g.h>\n#undef G_H\n#include <g.h>\n"))
                .isEqualTo("int g ; int g ;");
    }

    @Test
    void largeInputIsLinearEnough() {
        // 100,000 lines with macros: must finish (no quadratic blow-up); no timing asserted
        StringBuilder sb = new StringBuilder("#define ADD(a, b) ((a) + (b))\n#define ONE 1\n");
        for (int i = 0; i < 100_000; i++)
            sb.append("int v").append(i).append(" = ADD(ONE, ").append(i).append(");\n");
        List<Token> ts = run(sb.toString());
        assertThat(ts.size()).isEqualTo(100_000 * 13 + 1);
        assertThat(ts.get(ts.size() - 2).loc.toString()).isEqualTo("t.c:100002:29");
    }

    @Test
    void unterminatedLiteralsWarnOnlyOutsideSkippedGroups() {
        assertThat(texts("#if 0\ndon't \"x\n#endif\nchar c = 'a;\n")).isEqualTo("char c = 'a;");
        assertThat(diagLines())
                .containsExactly("t.c:4:10: warning: missing terminating ' character [-Winvalid-pp-token]");
    }

    @Test
    void hasIncludeAndComputedInclude() throws Exception {
        Files.writeString(dir.resolve("here.h"), "int here;\n");
        opts = new PreprocessorOptions(List.of(dir), List.of(), Map.of(), false);
        assertThat(texts("""
            #if __has_include(<here.h>) && !__has_include("nothere.h") && __has_include(<bund.h>)
            yes
            #endif
            #define H <here.h>
            #include H
            #define Q "here.h"
            #include Q
            """)).isEqualTo("yes int here ; int here ;");
        assertThat(diagLines()).isEmpty();
    }

    @Test
    void directivesInsideMacroArgumentsAreExecuted() {
        assertThat(texts("#define f(x) [x]\nf(1\n#define Y 2\nY)\nY")).isEqualTo("[ 1 2 ] 2");
    }

    @Test
    void eofIsAtTheEndOfTheMainFileAndRunReadsPaths() throws Exception {
        Path f = dir.resolve("m.c");
        Files.writeString(f, "#define V 7\nint v = V;\n");
        List<Token> ts = Preprocessor.run(f, opts, diags);
        assertThat(ts).extracting(t -> t.text).containsExactly("int", "v", "=", "7", ";", "");
        assertThat(ts.get(5).kind).isEqualTo(Token.Kind.EOF);
        assertThat(ts.get(5).loc.toString()).isEqualTo(f + ":2:11"); // clang puts EOF on the final newline
    }

    @Test
    void printerSpacesOnlyWhereNeeded() {
        Preprocessor pp = new Preprocessor(opts, diags);
        List<Token> ts =
                pp.expand(new SourceFile("m.c", "#define P +\n#define ID(x) x\ns.x+P ID(1).5 a=ID(-)-1 ID(L)\"s\""));
        assertThat(PreprocessedPrinter.print(ts, pp.markers(), true)).isEqualTo("s.x+ + 1 .5 a=- -1 L \"s\"\n");
    }

    @Test
    void includeLevelBaseFileAndSystemHeaderPragma() throws Exception {
        Files.writeString(
                dir.resolve("lvl.h"), "#pragma GCC system_header\n__INCLUDE_LEVEL__ __BASE_FILE__ __FILE__\n");
        opts = new PreprocessorOptions(List.of(dir), List.of(), Map.of(), false);
        Preprocessor pp = new Preprocessor(opts, diags);
        List<Token> ts = pp.expand(new SourceFile("m.c", "__INCLUDE_LEVEL__\n#include \"lvl.h\"\n"));
        String h = dir.resolve("lvl.h").toString();
        assertThat(ts).extracting(t -> t.text).containsExactly("0", "1", "\"m.c\"", "\"" + h + "\"", "");
        assertThat(PreprocessedPrinter.print(ts, pp.markers(), false))
                .isEqualTo("# 1 \"m.c\"\n0\n# 1 \"" + h + "\" 1\n# 2 \"" + h + "\" 3\n1 \"m.c\" \"" + h
                        + "\"\n# 3 \"m.c\" 2\n");
    }
}
