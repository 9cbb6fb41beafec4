package jomp.runtime.libc;

import static org.assertj.core.api.Assertions.assertThat;


import org.junit.jupiter.api.Test;

/** The library's index (the types of its functions against glibc's prototypes: tests' LibcPrototypesTest). */
class LibcTest {
    @Test
    void javaOnlyMethodsAreNotCFunctions() {
        assertThat(Libc.find("printf")).isNotNull();
        assertThat(Libc.find("printf").getDeclaringClass()).isEqualTo(Stdio.class);
        assertThat(Libc.find("sqrtf").getReturnType()).isEqualTo(float.class);
        assertThat(Libc.find("setProgramName")).isNull();
        assertThat(Libc.find("no_such_function")).isNull();
    }
}
