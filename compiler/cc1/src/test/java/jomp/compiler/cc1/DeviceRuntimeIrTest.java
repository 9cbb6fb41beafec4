package jomp.compiler.cc1;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import jomp.compiler.devrt.DeviceRuntimeCompiler;
import jomp.compiler.nvptx.DeviceRuntime;
import org.junit.jupiter.api.Test;

/**
 * The device runtime's IR that the jar ships (written by the build, frontend/pom.xml) is what
 * compiling src/main/devrt/devrt.c gives now, so it cannot go stale; a C error in the runtime
 * is reported with its diagnostics.
 */
class DeviceRuntimeIrTest {
    @Test
    void theShippedIrIsWhatTheSourceCompilesTo() throws Exception {
        String shipped;
        try (InputStream in = getClass().getClassLoader().getResourceAsStream(DeviceRuntimeCompiler.RESOURCE)) {
            assertThat(in).as("resource %s", DeviceRuntimeCompiler.RESOURCE).isNotNull();
            shipped = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        String now = DeviceRuntimeCompiler.compile(
                Files.readString(Path.of("../devrt/src/main/devrt/devrt.c"), StandardCharsets.UTF_8));
        assertThat(shipped).isEqualTo(now);
        assertThat(DeviceRuntime.irText()).isEqualTo(now);
        assertThat(DeviceRuntime.RESOURCE).isEqualTo(DeviceRuntimeCompiler.RESOURCE);
        assertThat(DeviceRuntime.module().function("__jomp_target_init")).isNotNull();
        // the C source is not shipped: only its IR
        assertThat(getClass().getClassLoader().getResource("jomp/devrt/devrt.c"))
                .isNull();
    }

    @Test
    void aRuntimeThatDoesNotCompileFailsWithItsDiagnostics() {
        assertThatThrownBy(() -> DeviceRuntimeCompiler.compile("int __jomp_broken(void) { return undeclared_name; }\n"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("does not compile")
                .hasMessageContaining("jomp/devrt/devrt.c:1:")
                .hasMessageContaining("undeclared_name");
    }
}
