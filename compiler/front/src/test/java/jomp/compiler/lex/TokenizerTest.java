package jomp.compiler.lex;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.stream.Collectors;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceFile;
import org.junit.jupiter.api.Test;

class TokenizerTest {
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final Diagnostics diags = new Diagnostics(new PrintStream(err, true));

    private List<Token> lex(String text) {
        return Tokenizer.tokenize(new SourceFile("t.c", text), diags);
    }

    private String texts(String text) {
        return lex(text).stream().map(t -> t.kind + ":" + t.text).collect(Collectors.joining(" "));
    }

    @Test
    void punctuatorsLongestMatch() {
        assertThat(texts("a<<=b>>=c...->++--<=>=!=&&||##%:%:<::><%%>"))
                .isEqualTo(
                        "IDENT:a PUNCT:<<= IDENT:b PUNCT:>>= IDENT:c PUNCT:... PUNCT:-> PUNCT:++ PUNCT:-- PUNCT:<= PUNCT:>= "
                                + "PUNCT:!= PUNCT:&& PUNCT:|| PUNCT:## PUNCT:## PUNCT:[ PUNCT:] PUNCT:{ PUNCT:} EOF:");
        assertThat(texts("x..y")).isEqualTo("IDENT:x PUNCT:. PUNCT:. IDENT:y EOF:");
    }

    @Test
    void digitSeparatorsArePartOfNumbersFromC23Only() {
        String src = "1'000 0x1'F 1'0.5e1'0 1'e2 1''0 1'";
        List<Token> c23 = new Tokenizer(new SourceFile("t.c", src), diags, true, true).tokenize();
        assertThat(c23.stream().map(t -> t.kind + ":" + t.text).collect(Collectors.joining(" ")))
                .isEqualTo(
                        "NUMBER:1'000 NUMBER:0x1'F NUMBER:1'0.5e1'0 NUMBER:1'e2 NUMBER:1 PUNCT:'' NUMBER:0 NUMBER:1 PUNCT:' EOF:");
        // before C23 (and in clang's C17) the quote starts a character constant
        assertThat(texts("1'000'")).isEqualTo("NUMBER:1 CHAR:'000' EOF:");
    }

    @Test
    void ppNumbers() {
        assertThat(texts("0x1p-3 1e+5 .5f 12ULL 1.2.3 0xe+1 1_a"))
                .isEqualTo(
                        "NUMBER:0x1p-3 NUMBER:1e+5 NUMBER:.5f NUMBER:12ULL NUMBER:1.2.3 NUMBER:0xe+1 NUMBER:1_a EOF:");
    }

    @Test
    void literalsWithPrefixes() {
        assertThat(texts("L\"a\" u\"b\" U\"c\" u8\"d\" 'x' L'y' u'z' U'w' '\\'' \"a\\\"b\" u8 L"))
                .isEqualTo(
                        "STRING:L\"a\" STRING:u\"b\" STRING:U\"c\" STRING:u8\"d\" CHAR:'x' CHAR:L'y' CHAR:u'z' CHAR:U'w' "
                                + "CHAR:'\\'' STRING:\"a\\\"b\" IDENT:u8 IDENT:L EOF:");
    }

    @Test
    void commentsAndFlags() {
        List<Token> ts = lex("a/* x\n y */b // c\n  c d");
        assertThat(ts).extracting(t -> t.text).containsExactly("a", "b", "c", "d", "");
        assertThat(ts).extracting(t -> t.spaceBefore).containsExactly(false, true, true, true, false);
        assertThat(ts).extracting(t -> t.atLineStart).containsExactly(true, false, true, false, true);
        assertThat(ts.get(2).loc.toString()).isEqualTo("t.c:3:3");
    }

    @Test
    void splicesAnywhereKeepPhysicalColumns() {
        List<Token> ts = lex("in\\\nt x = 1\\\r\n2; /\\\n/ comment \\\nstill\ny +\\\n= \"a\\\nb\"");
        assertThat(ts).extracting(t -> t.text).containsExactly("int", "x", "=", "12", ";", "y", "+=", "\"ab\"", "");
        assertThat(ts.get(1).loc.toString()).isEqualTo("t.c:2:3");
        assertThat(ts.get(3).loc.toString()).isEqualTo("t.c:2:7");
        assertThat(ts.get(5).loc.toString()).isEqualTo("t.c:6:1");
        assertThat(ts.get(7).loc.toString()).isEqualTo("t.c:7:3");
        assertThat(texts("/* a *\\\n/ b")).isEqualTo("IDENT:b EOF:");
    }

    @Test
    void unterminatedComment() {
        lex("int a;\n  /* abc\n");
        assertThat(err.toString()).startsWith("t.c:2:3: error: unterminated /* comment\n");
        assertThat(diags.errorCount()).isEqualTo(1);
    }

    @Test
    void unterminatedStringAndChar() {
        List<Token> ts = lex("char *s = \"abc;\nint c = 'x;\n");
        assertThat(err.toString())
                .contains("t.c:1:11: warning: missing terminating '\"' character [-Winvalid-pp-token]")
                .contains("t.c:2:9: warning: missing terminating ' character [-Winvalid-pp-token]");
        assertThat(ts.get(4).kind).isEqualTo(Token.Kind.PUNCT);
        assertThat(ts.get(4).text).isEqualTo("\"abc;");
        assertThat(ts.get(5).atLineStart).isTrue();
    }
}
