package jomp.compiler.ir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceFile;
import jomp.compiler.lower.Lowering;
import jomp.compiler.parse.Parser;
import jomp.compiler.preprocess.Preprocessor;
import jomp.compiler.preprocess.PreprocessorOptions;
import org.junit.jupiter.api.Test;

/** The LTO link of IR units: externals resolve, statics of the same name stay apart, clashes are errors. */
class IrLinkerTest {
    private static String ir(String name, String c) {
        Diagnostics d = new Diagnostics(new PrintStream(new ByteArrayOutputStream()));
        Module m = Lowering.lower(
                Parser.parse(Preprocessor.run(new SourceFile(name, c), PreprocessorOptions.defaults(false), d), d),
                d,
                name);
        assertThat(d.hasErrors()).isFalse();
        return IrPrinter.print(m);
    }

    @Test
    void externalsResolveAndStaticsStayApart() {
        String a = ir(
                "a.c",
                "static int helper(int x) { return x + 1; }\nint twice(int);\nconst char *s = \"@helper\";\nint main(void) { return twice(helper(1)); }\n");
        String b = ir(
                "b.c",
                "static int helper(int x) { return x * 100; }\nint twice(int x) { return 2 * x + helper(0); }\n");
        Module m = IrLinker.link(List.of(new IrLinker.Unit("a.o", a), new IrLinker.Unit("b.o", b)));
        assertThat(m.externFunctions).doesNotContainKey("twice");
        assertThat(m.function("helper.lto0")).isNotNull();
        assertThat(m.function("helper.lto1")).isNotNull();
        assertThat(m.function("helper")).isNull();
        assertThat(IrVerifier.verify(m)).isEmpty();
        // main calls a's helper, twice calls b's; the string's text is left alone
        String text = IrPrinter.print(m);
        assertThat(text).contains("@helper.lto0(").contains("@helper.lto1(").contains("\"@helper\\00\"");
        assertThat(IrInterpreter.run(m).exitCode()).isEqualTo(4); // twice(helper(1)) = 2 * 2 + 0
    }

    @Test
    void aSymbolDefinedTwiceIsAnError() {
        String a = ir("a.c", "int g = 1;\n");
        String b = ir("b.c", "int g = 2;\n");
        assertThatThrownBy(() -> IrLinker.link(List.of(new IrLinker.Unit("a.o", a), new IrLinker.Unit("b.o", b))))
                .isInstanceOf(IrLinker.LinkException.class)
                .hasMessage("multiple definition of 'g' (in a.o and b.o)");
    }

    @Test
    void renamingSkipsDataAndComments() {
        String text = "; @x in a comment\nglobal @y size 2 align 1 data \"@x\" reloc 0 @x\n";
        assertThat(IrLinker.renameSymbols(text, Map.of("x", "x.lto1")))
                .isEqualTo("; @x in a comment\nglobal @y size 2 align 1 data \"@x\" reloc 0 @x.lto1\n");
    }
}
