package jomp.compiler.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import jomp.compiler.ast.Var;
import org.junit.jupiter.api.Test;

/**
 * The {@code visibility} attribute and {@code #pragma GCC visibility}: what they record on a
 * declaration (its ELF STV_* number), and clang 19's diagnostics for their misuse (the lines
 * clang-19 -c prints for the same sources).
 */
class VisibilityAttributeTest {
    private static Map<String, Var> globals(ParseHelper h) {
        Map<String, Var> m = new HashMap<>();
        for (Var v : h.unit.globals()) m.put(v.name, v);
        return m;
    }

    @Test
    void attributesAndPragmaRecordTheVisibility() {
        ParseHelper h = ParseHelper.parse("""
                __attribute__((visibility("hidden"))) int hid(void);
                int later(void);
                int later(void) __attribute__((visibility("protected")));
                int data __attribute__((__visibility__("internal"))) = 1;
                [[gnu::visibility("default")]] int def(void);
                #pragma GCC visibility push(hidden)
                extern int in_push;
                int explicit_in_push __attribute__((visibility("default")));
                #pragma GCC visibility push(protected)
                int nested;
                #pragma GCC visibility pop
                #pragma GCC visibility pop
                int after;
                """);
        assertThat(h.messages()).isEmpty();
        Map<String, Var> g = globals(h);
        assertThat(g.get("hid").visibility).isEqualTo(2);
        assertThat(g.get("later").visibility).isEqualTo(3);
        assertThat(g.get("data").visibility).isEqualTo(1);
        assertThat(g.get("def").visibility).isZero();
        assertThat(g.get("in_push").pragmaVisibility).isEqualTo(2);
        assertThat(g.get("in_push").visibility).isEqualTo(-1);
        assertThat(g.get("explicit_in_push").visibility).isZero();
        assertThat(g.get("nested").pragmaVisibility).isEqualTo(3);
        assertThat(g.get("after").pragmaVisibility).isEqualTo(-1);
        assertThat(g.get("after").visibility).isEqualTo(-1);
    }

    @Test
    void misusesAreClangsDiagnostics() {
        ParseHelper h = ParseHelper.parse("""
                int f(void) __attribute__((visibility("hidden")));
                int f(void) __attribute__((visibility("protected")));
                int f(void) { return 1; }
                int g __attribute__((visibility("foo")));
                int h __attribute__((visibility));
                int k __attribute__((visibility(hidden)));
                """);
        assertThat(h.messages()).isEqualTo("""
                t.c:2:28: error: visibility does not match previous declaration
                t.c:1:28: note: previous attribute is here
                t.c:4:33: warning: 'visibility' attribute argument not supported: foo [-Wignored-attributes]
                t.c:5:22: error: 'visibility' attribute takes one argument
                t.c:6:33: error: 'visibility' attribute requires a string
                """);
    }

    /** clang's lines, in source order (clang-19 prints line 6's error after line 7's warning). */
    @Test
    void pragmaMisusesAreClangsDiagnostics() {
        ParseHelper h = ParseHelper.parse("""
                #pragma GCC visibility push(hidden)
                #pragma GCC visibility push(foo)
                int x;
                #pragma GCC visibility pop
                int y;
                #pragma GCC visibility pop
                #pragma GCC visibility bar
                """);
        assertThat(h.messages()).isEqualTo("""
                t.c:2:13: warning: unknown visibility 'foo' [-Wignored-attributes]
                t.c:6:13: error: #pragma visibility pop with no matching #pragma visibility push
                t.c:7:24: warning: expected identifier in '#pragma visibility' - ignored [-Wignored-pragmas]
                """);
        // push(foo) pushed nothing: the first pop ends push(hidden)
        assertThat(globals(h).get("x").pragmaVisibility).isEqualTo(2);
        assertThat(globals(h).get("y").pragmaVisibility).isEqualTo(-1);
    }
}
