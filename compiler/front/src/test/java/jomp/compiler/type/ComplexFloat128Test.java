package jomp.compiler.type;

import static org.assertj.core.api.Assertions.assertThat;

import jomp.compiler.ast.Var;
import jomp.compiler.parse.ParseHelper;
import org.junit.jupiter.api.Test;

/**
 * {@code _Complex __float128} (also spelled {@code _Complex _Float128} and {@code _Complex float
 * __attribute__((mode(TC)))}, quadmath.h's __complex128) in the usual arithmetic conversions, as
 * gcc types it: every other real or complex operand converts to it; its q and f128 imaginary
 * constants and __builtin_complex of two __float128 parts have the type. Its arithmetic is
 * tests/c/run/357's.
 */
class ComplexFloat128Test {
    @Test
    void itIsTheWidestComplexTypeAsInGcc() {
        ParseHelper h = ParseHelper.parse("""
                _Complex __float128 a; _Complex _Float128 b; _Complex float __attribute__((mode(TC))) m;
                __float128 q; _Complex double z;
                __typeof__(a * 2) i; __typeof__(z + q) zq; __typeof__(a / 1.0) d; __typeof__(1.0Qi) lit;
                __typeof__(2.0iq) lit2; __typeof__(1.0if128) lit3; __typeof__(__builtin_complex(q, q)) made;
                __typeof__(__real__ a) part;
                """);
        assertThat(h.messages()).isEmpty();
        assertThat(type(h, "a")).isSameAs(Type.FLOAT128_COMPLEX);
        assertThat(type(h, "a").size()).isEqualTo(32);
        assertThat(type(h, "a").align()).isEqualTo(16);
        for (String v : new String[] {"b", "m", "i", "zq", "d", "lit", "lit2", "lit3", "made"})
            assertThat(type(h, v)).as(v).isSameAs(Type.FLOAT128_COMPLEX);
        assertThat(type(h, "part")).isSameAs(Type.FLOAT128);
    }

    private static Type type(ParseHelper h, String name) {
        for (Var v : h.unit.globals()) if (v.name.equals(name)) return v.type.unqualified();
        throw new AssertionError("no " + name);
    }
}
