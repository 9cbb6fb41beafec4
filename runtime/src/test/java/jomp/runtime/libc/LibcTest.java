package jomp.runtime.libc;

import static org.assertj.core.api.Assertions.assertThat;

import jomp.runtime.program.CFunctions;
import org.junit.jupiter.api.Test;

/** The library's index (the types of its functions against glibc's prototypes: tests' LibcPrototypesTest). */
class LibcTest {
    @Test
    void javaOnlyMethodsAreNotCFunctions() {
        assertThat(CFunctions.find("printf")).isNotNull();
        assertThat(CFunctions.find("printf").getDeclaringClass()).isEqualTo(Stdio.class);
        assertThat(CFunctions.find("sqrtf").getReturnType()).isEqualTo(float.class);
        assertThat(CFunctions.find("setProgramName")).isNull();
        assertThat(CFunctions.find("no_such_function")).isNull();
    }
}
