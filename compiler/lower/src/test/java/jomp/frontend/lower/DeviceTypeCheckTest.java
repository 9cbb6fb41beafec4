package jomp.frontend.lower;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import jomp.frontend.ast.TranslationUnit;
import jomp.frontend.diag.Diagnostics;
import jomp.frontend.diag.SourceFile;
import jomp.frontend.parse.Parser;
import jomp.frontend.preprocess.Preprocessor;
import jomp.frontend.preprocess.PreprocessorOptions;

/**
 * declare target device_type (DeviceTypeCheck, a TreeScanner over each function): where a call
 * runs decides whether a nohost or a host function may be called; the diagnostics' wording is
 * clang 19's ("function with 'device_type(nohost)' is not available on host").
 */
class DeviceTypeCheckTest {
    private static final String DECLS = """
            int on_device(int x) { return x + 1; }
            #pragma omp declare target enter(on_device) device_type(nohost)
            int on_host(int x) { return x - 1; }
            #pragma omp declare target enter(on_host) device_type(host)
            """;

    private static String errors(String body) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Diagnostics diags = new Diagnostics(new PrintStream(err, true, StandardCharsets.UTF_8));
        TranslationUnit tu = Parser.parse(Preprocessor.run(new SourceFile("t.c", DECLS + body), PreprocessorOptions.defaults(true), diags), diags);
        assertThat(diags.errorCount()).as(err.toString()).isZero();
        Lowering.lower(tu, diags);
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void nohostFromHostCode() {
        String e = errors("int main(void) { return on_device(1); }\n");
        assertThat(e).contains("t.c:5:25: error: function with 'device_type(nohost)' is not available on host")
                .contains("note: marked as 'device_type(nohost)' here");
    }

    @Test
    void hostFromTargetRegionAndFromStatementExpressionsInIt() {
        assertThat(errors("int main(void) { int r = 0;\n#pragma omp target map(from: r)\n r = on_host(2);\n return r; }\n"))
                .contains("t.c:7:6: error: function with 'device_type(host)' is not available on device");
        // a statement expression inside the region runs there too
        assertThat(errors("int main(void) { int r = 0;\n#pragma omp target map(from: r)\n r = ({ int t = on_host(2); t; });\n return r; }\n"))
                .contains("error: function with 'device_type(host)' is not available on device");
    }

    @Test
    void clausesOfATargetRunOnTheHost() {
        // if() is evaluated where the construct is met: a host function may be called there
        assertThat(errors("int main(void) { int r = 0;\n#pragma omp target map(from: r) if(on_host(1))\n r = 1;\n return r; }\n"))
                .doesNotContain("error");
        assertThat(errors("int main(void) { return on_host(1); }\n")).doesNotContain("error");
    }

    @Test
    void hostFromADeclareTargetFunction() {
        assertThat(errors("int dev(int x) { return on_host(x); }\n#pragma omp declare target enter(dev)\nint main(void) { return 0; }\n"))
                .contains("error: function with 'device_type(host)' is not available on device");
    }
}
