package jomp.compiler.sema;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import jomp.compiler.ast.TranslationUnit;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceFile;
import jomp.compiler.parse.Parser;
import jomp.compiler.preprocess.Preprocessor;
import jomp.compiler.preprocess.PreprocessorOptions;
import org.junit.jupiter.api.Test;

/**
 * The omp-declarations pass (OmpDeclarations): what the unit's declare target, requires and
 * declare mapper directives declare; and declare target device_type (DeviceTypeCheck, a
 * TreeScanner over each function): where a call
 * runs decides whether a nohost or a host function may be called; the diagnostics' wording is
 * clang 19's ("function with 'device_type(nohost)' is not available on host").
 */
class OmpDeclarationsTest {
    private static final String DECLS = """
            int on_device(int x) { return x + 1; }
            #pragma omp declare target enter(on_device) device_type(nohost)
            int on_host(int x) { return x - 1; }
            #pragma omp declare target enter(on_host) device_type(host)
            """;

    private static String errors(String body) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Diagnostics diags = new Diagnostics(new PrintStream(err, true, StandardCharsets.UTF_8));
        TranslationUnit tu = Parser.parse(
                Preprocessor.run(new SourceFile("t.c", DECLS + body), PreprocessorOptions.defaults(true), diags),
                diags);
        assertThat(diags.errorCount()).as(err.toString()).isZero();
        OmpDeclarations.scan(tu, diags);
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void nohostFromHostCode() {
        String e = errors("int main(void) { return on_device(1); }\n");
        assertThat(e)
                .contains("t.c:5:25: error: function with 'device_type(nohost)' is not available on host")
                .contains("note: marked as 'device_type(nohost)' here");
    }

    @Test
    void hostFromTargetRegionAndFromStatementExpressionsInIt() {
        assertThat(
                        errors(
                                "int main(void) { int r = 0;\n#pragma omp target map(from: r)\n r = on_host(2);\n return r; }\n"))
                .contains("t.c:7:6: error: function with 'device_type(host)' is not available on device");
        // a statement expression inside the region runs there too
        assertThat(
                        errors(
                                "int main(void) { int r = 0;\n#pragma omp target map(from: r)\n r = ({ int t = on_host(2); t; });\n return r; }\n"))
                .contains("error: function with 'device_type(host)' is not available on device");
    }

    @Test
    void clausesOfATargetRunOnTheHost() {
        // if() is evaluated where the construct is met: a host function may be called there
        assertThat(
                        errors(
                                "int main(void) { int r = 0;\n#pragma omp target map(from: r) if(on_host(1))\n r = 1;\n return r; }\n"))
                .doesNotContain("error");
        assertThat(errors("int main(void) { return on_host(1); }\n")).doesNotContain("error");
    }

    @Test
    void hostFromADeclareTargetFunction() {
        assertThat(
                        errors(
                                "int dev(int x) { return on_host(x); }\n#pragma omp declare target enter(dev)\nint main(void) { return 0; }\n"))
                .contains("error: function with 'device_type(host)' is not available on device");
    }

    @Test
    void whatTheDeclarationsDeclare() {
        String src = """
                int g1, g2, g3;
                #pragma omp declare target enter(g1) link(g2)
                #pragma omp begin declare target indirect
                int f2(int x) { return x; }
                int f1(int x) { return x; }
                #pragma omp end declare target
                int host_only(void) { return 0; }
                #pragma omp declare target enter(host_only) device_type(host)
                #pragma omp requires unified_shared_memory
                struct S { int n; int *p; };
                #pragma omp declare mapper(struct S s) map(s.p[0:s.n])
                int main(void) { return g3; }
                """;
        Diagnostics diags = new Diagnostics(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        TranslationUnit tu = Parser.parse(
                Preprocessor.run(new SourceFile("d.c", src), PreprocessorOptions.defaults(true), diags), diags);
        assertThat(diags.errorCount()).isZero();
        OmpDeclarations d = OmpDeclarations.scan(tu, diags);
        assertThat(d.declareTarget.keySet().stream().map(v -> v.name)).containsExactly("g1", "g2", "f2", "f1");
        assertThat(d.declareTarget.values()).containsExactly(0, 1, 0, 0); // link's entry flag is 1
        // the order of indirect functions is the source's, so their table slots are the same in every compile
        assertThat(d.indirect.stream().map(v -> v.name)).containsExactly("f2", "f1");
        assertThat(d.hostOnly.keySet().stream().map(v -> v.name)).containsExactly("host_only");
        assertThat(d.requires).containsExactly("unified_shared_memory");
        assertThat(d.mappers).hasSize(1);
        assertThat(d.mappers.get(0).name()).isEqualTo("default");
    }
}
