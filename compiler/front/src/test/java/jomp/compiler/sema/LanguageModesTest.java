package jomp.compiler.sema;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import jomp.compiler.parse.ParseHelper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The C dialects' diagnostics with their options, as clang 19 gives them: C89's implicit int and
 * implicit function declarations (off by default, -Wall turns them on), the same as errors from
 * C99 on (-Wno-error=, -Wno-, -w), C23's refusal; K&R definitions; declarators without a name;
 * GNU89 and C99 extern inline; the warnings pass on for statements without their parts, empty
 * statements and labels (a NullPointerException once). Each case runs through the front end and
 * the warnings pass (ParseHelper.compile) and through clang-19 -fsyntax-only with the same
 * options: both must print exactly these lines.
 */
class LanguageModesTest {
    record Case(List<String> flags, String source, List<String> expected) {
        @Override
        public String toString() {
            return String.join(" ", flags) + " | " + source.replace("\n", " | ");
        }
    }

    private static Case c(List<String> flags, String source, String... expected) {
        return new Case(flags, source, List.of(expected));
    }

    static Stream<Case> cases() {
        return Stream.of(
                c(
                        List.of("-Wall", "-Wextra"),
                        "int f(int n) {\n  int i = 0, s;\n  for (;;) { if (i++ > n) break; }\n  for (; i < n;) i++;\n  for (i = 0; ; i++) if (i > n) break;\n  return s;\n}\n",
                        "6:10: warning: variable 's' is uninitialized when used here [-Wuninitialized]",
                        "2:15: note: initialize the variable 's' to silence this warning"),
                c(
                        List.of("-Wall"),
                        "int f(int n) {\n  int x;\n  switch (n) { case 1: ; default: }\n  if (n) ; else ;\n  while (n--) ;\n  do ; while (0);\n  { out: }\n  return x;\n}\n",
                        "3:35: warning: label at end of compound statement is a C23 extension [-Wc23-extensions]",
                        "7:10: warning: label at end of compound statement is a C23 extension [-Wc23-extensions]",
                        "7:5: warning: unused label 'out' [-Wunused-label]",
                        "8:10: warning: variable 'x' is uninitialized when used here [-Wuninitialized]",
                        "2:8: note: initialize the variable 'x' to silence this warning"),
                c(
                        List.of(),
                        "int (void) { return 0; }\n",
                        "1:6: error: expected identifier or '('",
                        "1:6: error: expected ')'",
                        "1:5: note: to match this '('"),
                c(
                        List.of(),
                        "int f(void), (void);\n",
                        "1:15: error: expected identifier or '('",
                        "1:15: error: expected ')'",
                        "1:14: note: to match this '('"),
                c(
                        List.of(),
                        "struct S { int (void); };\n",
                        "1:17: error: expected member name or ';' after declaration specifiers",
                        "1:17: error: expected ')'",
                        "1:16: note: to match this '('"),
                c(
                        List.of(),
                        "int f(int) { return 0; }\nint g(int (*)(void), ...) { return 0; }\n",
                        "1:10: warning: omitting the parameter name in a function definition is a C23 extension [-Wc23-extensions]",
                        "2:13: warning: omitting the parameter name in a function definition is a C23 extension [-Wc23-extensions]"),
                c(List.of("-std=c23"), "int f(int) { return 0; }\n"),
                c(
                        List.of("-std=gnu89"),
                        "static x = 3;\nf() { return x; }\nint g(void) { register i = 1; const c = 2; return i + c; }\n"),
                c(
                        List.of("-std=gnu89", "-Wall"),
                        "static x = 3;\nf() { return x; }\nint g(void) { register i = 1; const c = 2; return i + c + (const)1; }\n",
                        "1:8: warning: type specifier missing, defaults to 'int' [-Wimplicit-int]",
                        "2:1: warning: type specifier missing, defaults to 'int' [-Wimplicit-int]",
                        "3:24: warning: type specifier missing, defaults to 'int' [-Wimplicit-int]",
                        "3:37: warning: type specifier missing, defaults to 'int' [-Wimplicit-int]",
                        "3:65: warning: type specifier missing, defaults to 'int' [-Wimplicit-int]"),
                c(
                        List.of("-std=gnu17"),
                        "static x = 3;\n*p;\nf() { return x; }\n",
                        "1:8: error: type specifier missing, defaults to 'int'; ISO C99 and later do not support implicit int [-Wimplicit-int]",
                        "2:2: error: type specifier missing, defaults to 'int'; ISO C99 and later do not support implicit int [-Wimplicit-int]",
                        "3:1: error: type specifier missing, defaults to 'int'; ISO C99 and later do not support implicit int [-Wimplicit-int]"),
                c(
                        List.of("-std=gnu17", "-Wno-error=implicit-int"),
                        "static x = 3;\nf() { return x; }\n",
                        "1:8: warning: type specifier missing, defaults to 'int'; ISO C99 and later do not support implicit int [-Wimplicit-int]",
                        "2:1: warning: type specifier missing, defaults to 'int'; ISO C99 and later do not support implicit int [-Wimplicit-int]"),
                c(List.of("-std=gnu17", "-Wno-implicit-int"), "static x = 3;\nf() { return x; }\n"),
                c(
                        List.of("-std=gnu17", "-w"),
                        "static x = 3;\nf() { return x; }\n",
                        "1:8: error: type specifier missing, defaults to 'int'; ISO C99 and later do not support implicit int [-Wimplicit-int]",
                        "2:1: error: type specifier missing, defaults to 'int'; ISO C99 and later do not support implicit int [-Wimplicit-int]"),
                c(List.of("-std=gnu17", "-Wno-error=implicit-int", "-w"), "static x = 3;\nf() { return x; }\n"),
                c(
                        List.of("-std=gnu23"),
                        "static x = 3;\n",
                        "1:8: error: a type specifier is required for all declarations"),
                c(List.of(), "static foo bar;\n", "1:8: error: unknown type name 'foo'"),
                c(
                        List.of("-std=gnu89"),
                        "int main(void) { return g(1) + (int)sqrt(4.0); }\n",
                        "1:37: warning: implicitly declaring library function 'sqrt' with type 'double (double)' [-Wimplicit-function-declaration]",
                        "1:37: note: include the header <math.h> or explicitly provide a declaration for 'sqrt'"),
                c(
                        List.of("-std=gnu89", "-Wall"),
                        "int main(void) { return g(1) + (int)sqrt(4.0); }\n",
                        "1:25: warning: implicit declaration of function 'g' [-Wimplicit-function-declaration]",
                        "1:37: warning: implicitly declaring library function 'sqrt' with type 'double (double)' [-Wimplicit-function-declaration]",
                        "1:37: note: include the header <math.h> or explicitly provide a declaration for 'sqrt'"),
                c(
                        List.of("-std=gnu17", "-Wno-error=implicit-function-declaration"),
                        "int main(void) { return g(1) + (int)sqrt(4.0); }\n",
                        "1:25: warning: call to undeclared function 'g'; ISO C99 and later do not support implicit function declarations [-Wimplicit-function-declaration]",
                        "1:37: warning: call to undeclared library function 'sqrt' with type 'double (double)'; ISO C99 and later do not support implicit function declarations [-Wimplicit-function-declaration]",
                        "1:37: note: include the header <math.h> or explicitly provide a declaration for 'sqrt'"),
                c(List.of("-std=gnu17", "-Wno-implicit-function-declaration"), "int main(void) { return g(1); }\n"),
                c(
                        List.of("-std=gnu17", "-Wno-implicit", "-Wimplicit-function-declaration"),
                        "int main(void) { return g(1); }\n",
                        "1:25: warning: call to undeclared function 'g'; ISO C99 and later do not support implicit function declarations [-Wimplicit-function-declaration]"),
                c(
                        List.of("-std=gnu23"),
                        "int main(void) { return g(1); }\n",
                        "1:25: error: use of undeclared identifier 'g'"),
                c(
                        List.of("-std=gnu89"),
                        "int g(a, b) int a; char *b; { return a + *b; }\nint h(a) { return a; }\nint main(void) { return g(1) + g(1, \"x\", 2) + h(2); }\n",
                        "1:5: warning: a function definition without a prototype is deprecated in all versions of C and is not supported in C23 [-Wdeprecated-non-prototype]",
                        "2:5: warning: a function definition without a prototype is deprecated in all versions of C and is not supported in C23 [-Wdeprecated-non-prototype]",
                        "3:28: warning: too few arguments in call to 'g'",
                        "3:43: warning: too many arguments in call to 'g'"),
                c(
                        List.of("-std=gnu17"),
                        "int h(a, b) { return a + b; }\n",
                        "1:10: error: parameter 'b' was not declared, defaults to 'int'; ISO C99 and later do not support implicit int [-Wimplicit-int]",
                        "1:7: error: parameter 'a' was not declared, defaults to 'int'; ISO C99 and later do not support implicit int [-Wimplicit-int]",
                        "1:5: warning: a function definition without a prototype is deprecated in all versions of C and is not supported in C23 [-Wdeprecated-non-prototype]"),
                c(
                        List.of(),
                        "int q(a, b, c) int a; int c; int d; { return a; }\nint r(a, a) int a; { return a; }\nint s(a) int a; int a; { return a; }\nint u(a) static int a; { return a; }\n",
                        "1:34: error: parameter named 'd' is missing",
                        "1:10: error: parameter 'b' was not declared, defaults to 'int'; ISO C99 and later do not support implicit int [-Wimplicit-int]",
                        "1:5: warning: a function definition without a prototype is deprecated in all versions of C and is not supported in C23 [-Wdeprecated-non-prototype]",
                        "2:10: error: redefinition of parameter 'a'",
                        "2:5: warning: a function definition without a prototype is deprecated in all versions of C and is not supported in C23 [-Wdeprecated-non-prototype]",
                        "3:21: error: redefinition of parameter 'a'",
                        "3:14: note: previous declaration is here",
                        "3:5: warning: a function definition without a prototype is deprecated in all versions of C and is not supported in C23 [-Wdeprecated-non-prototype]",
                        "4:10: error: invalid storage class specifier in function declarator",
                        "4:5: warning: a function definition without a prototype is deprecated in all versions of C and is not supported in C23 [-Wdeprecated-non-prototype]"),
                c(
                        List.of(),
                        "double h(float);\ndouble h(c) float c; { return c; }\n",
                        "2:8: warning: a function definition without a prototype is deprecated in all versions of C and is not supported in C23 [-Wdeprecated-non-prototype]",
                        "2:19: warning: promoted type 'double' of K&R function parameter is not compatible with the parameter type 'float' declared in a previous prototype [-Wknr-promoted-parameter]",
                        "1:15: note: previous declaration is here"),
                c(
                        List.of(),
                        "int f(a, b);\n",
                        "1:7: error: a parameter list without types is only allowed in a function definition"),
                c(
                        List.of(),
                        "int f();\nint f(int x) { return x; }\nint g();\nint g(x) int x; { return x; }\nint main(void) { int (*fp)() = f; return fp(1) + f(2); }\n",
                        "1:5: warning: a function declaration without a prototype is deprecated in all versions of C and is treated as a zero-parameter prototype in C23, conflicting with a subsequent definition [-Wdeprecated-non-prototype]",
                        "2:5: note: conflicting prototype is here",
                        "4:5: warning: a function definition without a prototype is deprecated in all versions of C and is not supported in C23 [-Wdeprecated-non-prototype]",
                        "3:5: warning: a function declaration without a prototype is deprecated in all versions of C and is treated as a zero-parameter prototype in C23, conflicting with a subsequent definition [-Wdeprecated-non-prototype]",
                        "5:44: warning: passing arguments to a function without a prototype is deprecated in all versions of C and is not supported in C23 [-Wdeprecated-non-prototype]"),
                c(
                        List.of(),
                        "extern inline int f(void) { return 1; }\nint f(void) { return 2; }\n",
                        "2:5: error: redefinition of a 'extern inline' function 'f' is not supported in C99 mode",
                        "1:19: note: previous definition is here"),
                c(List.of("-std=gnu89"), "extern inline int f(void) { return 1; }\nint f(void) { return 2; }\n"),
                c(
                        List.of(),
                        "int f(void) { return; }\nvoid g(void) { return 1; }\nint main(void) { int *p = 5; char c = p; return c; }\n",
                        "1:15: error: non-void function 'f' should return a value [-Wreturn-mismatch]",
                        "2:16: error: void function 'g' should not return a value [-Wreturn-mismatch]",
                        "3:23: error: incompatible integer to pointer conversion initializing 'int *' with an expression of type 'int' [-Wint-conversion]",
                        "3:35: error: incompatible pointer to integer conversion initializing 'char' with an expression of type 'int *' [-Wint-conversion]"),
                c(
                        List.of("-Wno-error=return-mismatch", "-Wno-error=int-conversion"),
                        "int f(void) { return; }\nvoid g(void) { return 1; }\nint main(void) { int *p = 5; char c = p; return c; }\n",
                        "1:15: warning: non-void function 'f' should return a value [-Wreturn-mismatch]",
                        "2:16: warning: void function 'g' should not return a value [-Wreturn-mismatch]",
                        "3:23: warning: incompatible integer to pointer conversion initializing 'int *' with an expression of type 'int' [-Wint-conversion]",
                        "3:35: warning: incompatible pointer to integer conversion initializing 'char' with an expression of type 'int *' [-Wint-conversion]"),
                c(
                        List.of(),
                        "int f(int a) { switch (a) { case 1: int x = 2; return x; } l: int y = 3; return y; }\n",
                        "1:37: warning: label followed by a declaration is a C23 extension [-Wc23-extensions]",
                        "1:63: warning: label followed by a declaration is a C23 extension [-Wc23-extensions]"),
                c(
                        List.of(),
                        "void f(int a) { switch (a) { case 1: } x: }\n",
                        "1:38: warning: label at end of compound statement is a C23 extension [-Wc23-extensions]",
                        "1:43: warning: label at end of compound statement is a C23 extension [-Wc23-extensions]"),
                c(
                        List.of("-Werror=unused-variable", "-Wunused-variable"),
                        "int main(void) { int x; return 0; }\n",
                        "1:22: error: unused variable 'x' [-Werror,-Wunused-variable]"),
                c(
                        List.of("-std=gnu89", "-Wall", "-Werror", "-Wno-error=implicit-int"),
                        "static x = 3;\nint main(void) { return x; }\n",
                        "1:8: warning: type specifier missing, defaults to 'int' [-Wimplicit-int]"),
                c(
                        List.of("-Wno-implicit-int", "-Wimplicit-int"),
                        "static x;\nint main(void) { return x; }\n",
                        "1:8: warning: type specifier missing, defaults to 'int'; ISO C99 and later do not support implicit int [-Wimplicit-int]"),
                c(
                        List.of("-std=gnu89", "-Werror"),
                        "int g(a) int a; { return a; }\nint main(void) { return g(); }\n",
                        "1:5: error: a function definition without a prototype is deprecated in all versions of C and is not supported in C23 [-Werror,-Wdeprecated-non-prototype]",
                        "2:27: error: too few arguments in call to 'g' [-Werror]"),
                c(
                        List.of("-std=gnu89", "-Wall"),
                        "int main(void) { return 0; }\nf(a) int a; { return a; }\n",
                        "2:1: warning: type specifier missing, defaults to 'int' [-Wimplicit-int]",
                        "2:1: warning: a function definition without a prototype is deprecated in all versions of C and is not supported in C23 [-Wdeprecated-non-prototype]"),
                c(
                        List.of("-std=gnu89"),
                        "struct S { x; int y; };\nstruct T { foo bar; };\n",
                        "1:12: error: type name requires a specifier or qualifier",
                        "2:12: error: unknown type name 'foo'"));
    }

    @ParameterizedTest
    @MethodSource("cases")
    void jompMatches(Case c) {
        ParseHelper h = ParseHelper.compile("t.c", c.source(), c.flags());
        assertThat(lines(h.diagnostics)).containsExactlyElementsOf(c.expected());
    }

    @ParameterizedTest
    @MethodSource("cases")
    void clangAgrees(Case c, @TempDir Path dir) throws Exception {
        Path clang = Stream.of("/usr/bin/clang-19", "/usr/lib/llvm-19/bin/clang")
                .map(Path::of)
                .filter(Files::isExecutable)
                .findFirst()
                .orElse(null);
        org.junit.jupiter.api.Assertions.assertNotNull(clang, "clang-19 is the oracle here: install it (.ci/run does)");
        Files.writeString(dir.resolve("t.c"), c.source());
        List<String> cmd = new ArrayList<>(List.of(clang.toString(), "-fsyntax-only", "-fno-color-diagnostics"));
        cmd.addAll(c.flags());
        cmd.add("t.c");
        Process p = new ProcessBuilder(cmd)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(60, TimeUnit.SECONDS);
        assertThat(lines(out)).containsExactlyElementsOf(c.expected());
    }

    /** clang's -ferror-limit: 19 errors, then the fatal one that counts as the 20th. */
    @Test
    void errorLimitAsClangs() {
        StringBuilder src = new StringBuilder();
        for (int i = 0; i < 25; i++) src.append("static x").append(i).append(";\n");
        ParseHelper h = ParseHelper.compile("t.c", src.toString(), List.of());
        assertThat(h.diagnostics
                        .lines()
                        .filter(l -> l.contains(": error: type specifier missing"))
                        .count())
                .isEqualTo(19);
        assertThat(h.diagnostics).contains("fatal error: too many errors emitted, stopping now [-ferror-limit=]");
        assertThat(h.diags.errorCount()).isEqualTo(20);
    }

    /** "file:line:col: kind: message" lines, without the file name. */
    private static List<String> lines(String text) {
        return text.lines()
                .filter(l -> l.startsWith("t.c:"))
                .map(l -> l.substring(4))
                .toList();
    }
}
