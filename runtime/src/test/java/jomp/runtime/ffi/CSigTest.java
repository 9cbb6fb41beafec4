package jomp.runtime.ffi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.invoke.MethodType;
import org.junit.jupiter.api.Test;

/** The C signatures the compiler records, as the runtime reads them (docs/design/abi.md § C signatures). */
class CSigTest {
    @Test
    void scalarsFixedAndVariadicParts() {
        CSig s = CSig.parse("i(p|i,d,l)");
        assertThat(s.params()).hasSize(1);
        assertThat(s.variadic()).isTrue();
        assertThat(s.varargs()).hasSize(3);
        assertThat(s.arguments()).hasSize(4);
        assertThat(s.downcallType(true))
                .isEqualTo(MethodType.methodType(
                        int.class, MemorySegment.class, long.class, int.class, double.class, long.class));
        assertThat(CSig.parse("v(p|)").varargs()).isEmpty();
        assertThat(CSig.parse("d()").params()).isEmpty();
    }

    @Test
    void narrowIntegersTravelAsIntAndComeBackAsTheirCarrier() {
        CSig s = CSig.parse("h(c,h,s,t,B)");
        assertThat(s.downcallType(false))
                .isEqualTo(MethodType.methodType(byte.class, int.class, int.class, int.class, int.class, int.class));
        assertThat(CSig.carrier(CSig.parse("t()").ret())).isEqualTo(char.class);
        assertThat(CSig.carrier(CSig.parse("B()").ret())).isEqualTo(boolean.class);
    }

    @Test
    @SuppressWarnings("restricted") // the test calls C through FFM; surefire's argLine enables native access
    void structsAndUnionsHaveTheirCSizesAndAlignments() {
        // struct { char c; double d; int a[3]; } : 8 + 8 + 12 + 4 padding = 32
        CSig s = CSig.parse("S32,8{0:c,8:d,16:A3*i}(S32,8{0:c,8:d,16:A3*i},U8,4{0:A5*c,0:i})");
        assertThat(s.returnsAggregate()).isTrue();
        assertThat(CSig.layout(s.ret()).byteSize()).isEqualTo(32);
        assertThat(CSig.layout(s.ret()).byteAlignment()).isEqualTo(8);
        assertThat(CSig.layout(s.params().get(1)).byteSize()).isEqualTo(8);
        assertThat(s.downcallType(true).parameterList())
                .containsExactly(SegmentAllocator.class, MemorySegment.class, MemorySegment.class, MemorySegment.class);
        // the FFM linker accepts the layouts as they are (explicit padding, natural alignment)
        java.lang.foreign.Linker.nativeLinker().downcallHandle(s.descriptor());
    }

    @Test
    void whatCannotBeCalledIsSaid() {
        assertThat(CSig.parse("e(d)").unsupported()).contains("long double");
        assertThat(CSig.parse("v(S16,8{0:e})").unsupported()).contains("long double");
        assertThat(CSig.parse("i(S5,1{0:c,1:i})").unsupported()).contains("packed");
        assertThat(CSig.parse("i(S8,4{0:c,4:i})").unsupported()).isNull();
        assertThat(CSig.parse("k(i)").unsupported()).contains("_Float16");
        assertThat(CSig.parse("v(S4,2{0:k,2:k})").unsupported()).contains("_Float16");
    }

    @Test
    void jompsOwnCallsGetASignatureFromTheirDescriptor() {
        assertThat(CSig.fromDescriptor("(IJD)F")).isEqualTo("f(i,l,d)");
        assertThat(CSig.fromDescriptor("()V")).isEqualTo("v()");
    }

    @Test
    void badTextIsRefused() {
        assertThatThrownBy(() -> CSig.parse("i(q)"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown type code");
        assertThatThrownBy(() -> CSig.parse("i(i")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> CSig.parse("i(i))"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("trailing");
    }
}
