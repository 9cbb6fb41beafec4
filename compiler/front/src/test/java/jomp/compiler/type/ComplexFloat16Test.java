package jomp.compiler.type;

import static org.assertj.core.api.Assertions.assertThat;

import jomp.compiler.ast.Var;
import jomp.compiler.parse.ParseHelper;
import org.junit.jupiter.api.Test;

/**
 * {@code _Complex _Float16} in the usual arithmetic conversions (C 6.3.1.8, as gcc and clang
 * type it): an integer or {@code _Float16} operand keeps it, {@code float} or wider widens it;
 * the f16 imaginary constant and gcc's {@code __builtin_complex} of two {@code _Float16} parts
 * have the type. Its layout is LayoutTest's (against gcc), its arithmetic tests/c/run/354's.
 */
class ComplexFloat16Test {
    @Test
    void conversionsKeepOrWidenItAsGccAndClangDo() {
        ParseHelper h = ParseHelper.parse("""
                _Complex _Float16 a; _Float16 r;
                __typeof__(a * 2) i; __typeof__(a + r) h; __typeof__(r - a) h2; __typeof__(a / 1.0f) f;
                __typeof__(2.0 * a) d; __typeof__(1.0if16) lit; __typeof__(__builtin_complex(r, r)) made;
                __typeof__(__real__ a) part;
                """);
        assertThat(h.messages()).isEmpty();
        assertThat(type(h, "a")).isSameAs(Type.FLOAT16_COMPLEX);
        assertThat(type(h, "a").size()).isEqualTo(4);
        assertThat(type(h, "a").align()).isEqualTo(2);
        assertThat(type(h, "a").toString()).isEqualTo("_Complex _Float16");
        for (String v : new String[] {"i", "h", "h2", "lit", "made"})
            assertThat(type(h, v)).as(v).isSameAs(Type.FLOAT16_COMPLEX);
        assertThat(type(h, "f")).isSameAs(Type.FLOAT_COMPLEX);
        assertThat(type(h, "d")).isSameAs(Type.DOUBLE_COMPLEX);
        assertThat(type(h, "part").kind).isEqualTo(Type.Kind.FLOAT16);
    }

    private static Type type(ParseHelper h, String name) {
        for (Var v : h.unit.globals()) if (v.name.equals(name)) return v.type.unqualified();
        throw new AssertionError("no " + name);
    }
}
