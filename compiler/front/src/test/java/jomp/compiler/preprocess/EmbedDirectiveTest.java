package jomp.compiler.preprocess;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceFile;
import jomp.compiler.lex.Token;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** C23's #embed and __has_embed; the expected texts are clang-19's (-E, -fsyntax-only) on the same files. */
class EmbedDirectiveTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final Diagnostics diags = new Diagnostics(new PrintStream(err, true));
    private String std = "c23";
    private List<Path> embedDirs = List.of();
    private List<Path> includeDirs = List.of();
    private Preprocessor pp;

    @BeforeEach
    void files() throws Exception {
        Files.writeString(dir.resolve("f.bin"), "AB\n");
        Files.writeString(dir.resolve("empty.bin"), "");
        Files.createDirectories(dir.resolve("d2"));
        Files.writeString(dir.resolve("d2/g.bin"), "xyz");
    }

    private List<Token> expand(String src) {
        PreprocessorOptions opts = new PreprocessorOptions(
                includeDirs,
                List.of(),
                Map.of(),
                false,
                List.of(),
                List.of(),
                false,
                false,
                false,
                List.of(),
                List.of(),
                false,
                std,
                0,
                false,
                false,
                null,
                embedDirs);
        pp = new Preprocessor(opts, diags, "jomp/compiler/preprocess/bundled/");
        return pp.expand(new SourceFile(dir.resolve("t.c").toString(), src));
    }

    private String texts(String src) {
        return Preprocessor.finish(expand(src), diags).stream()
                .filter(t -> t.kind != Token.Kind.EOF)
                .map(t -> t.text)
                .collect(Collectors.joining(" "));
    }

    /** -E -P's text. */
    private String printed(String src) {
        return PreprocessedPrinter.print(expand(src), pp.markers(), true);
    }

    private List<String> diagLines() {
        return Arrays.stream(err.toString().split("\n"))
                .filter(l -> l.matches("^\\S+:\\d+:\\d+: (error|warning|note|fatal error): .*"))
                .map(l -> l.substring(l.indexOf("t.c:")))
                .toList();
    }

    @Test
    void bytesBecomeCommaSeparatedConstants() {
        assertThat(texts("int a[] = {\n#embed \"f.bin\"\n};")).isEqualTo("int a [ ] = { 65 , 66 , 10 } ;");
        assertThat(texts("#embed \"f.bin\" limit(1) prefix(7,) suffix(,9) if_empty(5)"))
                .isEqualTo("7 , 65 , 9");
        assertThat(texts("#embed \"f.bin\" clang::offset(1) __limit__(1)")).isEqualTo("66");
        assertThat(texts("#embed \"empty.bin\" prefix(7,) suffix(,9) if_empty(5)"))
                .isEqualTo("5");
        assertThat(texts("#embed \"f.bin\" limit(0) prefix(1)")).isEmpty();
        assertThat(diagLines()).isEmpty();
    }

    @Test
    void operandsAreMacroExpanded() {
        assertThat(texts("#define F \"f.bin\"\n#define L limit(2)\n#define N 1\n#embed F L\n#embed \"f.bin\" limit(N)"))
                .isEqualTo("65 , 66 65");
    }

    @Test
    void hasEmbedAndItsMacros() {
        assertThat(texts("""
                        #if __has_embed("f.bin") == __STDC_EMBED_FOUND__
                        found
                        #endif
                        #if __has_embed("empty.bin") == __STDC_EMBED_EMPTY__ && __has_embed("f.bin" limit(0)) == 2
                        empty
                        #endif
                        #if __has_embed("nope.bin") == __STDC_EMBED_NOT_FOUND__ && !__has_embed("f.bin" foo(1))
                        none
                        #endif
                        #ifdef __has_embed
                        defined
                        #endif
                        __STDC_EMBED_NOT_FOUND__ __STDC_EMBED_FOUND__ __STDC_EMBED_EMPTY__
                        """)).isEqualTo("found empty none defined 0 1 2");
        assertThat(diagLines()).isEmpty();
        texts("int x = __has_embed(\"f.bin\");");
        assertThat(diagLines())
                .containsExactly("t.c:1:9: error: '__has_embed' must be used within a preprocessing directive");
    }

    @Test
    void errorsAsClangGivesThem() {
        texts("""
                #embed "f.bin" foo(1)
                #embed "f.bin" limit(-1)
                #embed
                #embed "f.bin" limit(1) limit(2)
                #embed "f.bin" gnu::bar
                #embed "missing.bin"
                """);
        assertThat(diagLines())
                .containsExactly(
                        "t.c:1:22: error: unknown embed preprocessor parameter 'foo'",
                        "t.c:2:25: error: invalid value '-1'; must be positive",
                        "t.c:3:7: error: expected \"FILENAME\" or <FILENAME>",
                        "t.c:4:30: error: cannot specify parameter 'limit' twice in the same '#embed' directive",
                        "t.c:5:24: error: unknown embed preprocessor parameter 'gnu::bar'",
                        "t.c:6:8: fatal error: 'missing.bin' file not found");
    }

    @Test
    void notInMacroArguments() {
        assertThat(texts("#define F(x) x\nint a[] = { F(\n#embed \"f.bin\"\n) };"))
                .isEqualTo("int a [ ] = { } ;");
        assertThat(diagLines())
                .containsExactly(
                        "t.c:3:2: error: embedding a #embed directive within macro arguments is not supported",
                        "t.c:2:13: note: expansion of macro 'F' requested here");
    }

    @Test
    void anExtensionBeforeC23() {
        std = "gnu11";
        texts("int a[] = {\n#embed \"f.bin\"\n};");
        assertThat(diagLines()).containsExactly("t.c:2:2: warning: #embed is a C23 extension [-Wc23-extensions]");
    }

    @Test
    void preprocessedOutputAsClangPrintsIt() {
        assertThat(
                        printed(
                                "unsigned char a[] = {\n#embed \"f.bin\"\n};\nint b[] = {\n"
                                        + "#embed \"f.bin\" limit(1) prefix(7,) suffix(,9)\n};\nint x = \n#embed \"f.bin\" limit(1)\n;\n"))
                .isEqualTo("unsigned char a[] = {65, 66, 10 };\nint b[] = {7,65 ,9};\nint x = 65 ;\n");
        assertThat(printed("#embed \"f.bin\"\n  x y\nint d[] = {\n#embed \"f.bin\"\n\n\n  };\n"
                        + "z\n#embed \"f.bin\" prefix(+) suffix(-)\n  w\n#embed \"empty.bin\" if_empty(5)\n q\n"))
                .isEqualTo("65, 66, 10 x y\nint d[] = {65, 66, 10\n  };\nz+ 65, 66, 10 - w 5 q\n");
    }

    @Test
    void searchedInTheFilesFolderThenEmbedDirsAndListedAsDependencies() {
        includeDirs = List.of(dir.resolve("d2"));
        texts("#embed <g.bin>\n");
        assertThat(diagLines()).containsExactly("t.c:1:8: fatal error: 'g.bin' file not found"); // -I is not searched
        embedDirs = List.of(dir.resolve("d2"));
        assertThat(texts("#embed <g.bin>\n#embed \"g.bin\" limit(1)\n#embed \"f.bin\" limit(1)"))
                .isEqualTo("120 , 121 , 122 120 65");
        assertThat(pp.includedFiles())
                .extracting(Preprocessor.IncludedFile::name)
                .containsExactly(
                        dir.resolve("d2/g.bin").toString(),
                        dir.resolve("d2/g.bin").toString(),
                        dir.resolve("f.bin").toString());
    }

    @Test
    void aLargeFileIsOneNumberPerByte() throws Exception {
        byte[] data = new byte[1 << 20];
        for (int i = 0; i < data.length; i++) data[i] = (byte) (i * 7);
        Files.write(dir.resolve("big.bin"), data);
        List<Token> ts = expand("#embed \"big.bin\"\n");
        assertThat(ts).hasSize(2 * data.length); // numbers, commas between them, EOF
        assertThat(ts.get(2 * 1000).text).isEqualTo(Integer.toString((1000 * 7) & 0xff));
    }
}
