package jomp.compiler.nvptx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import jomp.compiler.ir.Module;
import jomp.env.Invocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * libdevice and the LLVM tools that compile it are found in the environment of the command being
 * run (Invocation), not the JVM's: under the compile server that is the client's, and the
 * client's $CUDA_HOME and PATH win over the server's.
 */
class LibdeviceEnvironmentTest {
    private static final String SRC = "#include <math.h>\ndouble s;\nvoid f(double x) { s = sin(x); }\n";

    private static Module sinModule(Path dir) throws Exception {
        Path src = dir.resolve("m.c");
        Files.writeString(src, SRC);
        return PtxCorpusTest.compileC(src);
    }

    private static String compileIn(Path cwd, Map<String, String> env, Module m) {
        Invocation.install(new Invocation(cwd, env));
        try {
            return PtxBackend.compile(m, "sm_90");
        } finally {
            Invocation.reset();
        }
    }

    @Test
    void theCallersCudaHomeWins(@TempDir Path tmp) throws Exception {
        // the caller's CUDA installation has a libdevice.10.bc that is not bitcode: its compile fails naming that file,
        // while the JVM's own environment (no such CUDA_HOME) compiles the same module with /usr/local/cuda's
        Path fake = tmp.resolve("cuda/nvvm/libdevice/libdevice.10.bc");
        Files.createDirectories(fake.getParent());
        Files.writeString(fake, "not bitcode\n");
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("CUDA_HOME", tmp.resolve("cuda").toString());
        assertThatThrownBy(() -> compileIn(tmp, env, sinModule(tmp)))
                .isInstanceOf(PtxException.class)
                .hasMessageContaining("compiling libdevice")
                .hasMessageContaining(fake.toString());
        assertThat(Libdevice.libdeviceFile()).as("the JVM's own environment").isNotEqualTo(fake);
        assertThat(PtxBackend.compile(sinModule(tmp), "sm_90")).contains(".weak .func", "__nv_sin");
    }

    @Test
    void theCallersPathChoosesTheLlvmTools(@TempDir Path tmp) throws Exception {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("PATH", tmp.toString()); // no llc, opt, llvm-link
        assertThatThrownBy(() -> compileIn(tmp, env, sinModule(tmp)))
                .isInstanceOf(PtxException.class)
                .hasMessageContaining("put llvm-link, opt and llc");
    }
}
