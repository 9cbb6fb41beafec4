package jomp.compiler.nvptx;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.commons.ClassRemapper;
import org.objectweb.asm.commons.Remapper;

/**
 * The nvptx back end stands on the IR alone: it links the device runtime's shipped IR and never
 * reaches the preprocessor, parser, semantic analysis or lowering (the runtime's C is compiled
 * at build time, jomp.compiler.devrt.DeviceRuntimeCompiler). Read from the compiled classes, so that
 * fully qualified names in the code count too.
 */
class PtxBackendLayeringTest {
    /**
     * The packages the back end may use: its own, the IR module's (the IR, with diag for the IR
     * parser; the back-end interface cc1 runs, codegen; the device passes on IR, offload), and the
     * modules below the compiler: the offload ABI with NVIDIA's formats, the toolchain (Libdevice
     * finds libdevice and LLVM's tools through it, in the caller's environment) and env.
     */
    private static final Set<String> ALLOWED = Set.of(
            "jomp/compiler/nvptx",
            "jomp/compiler/ir",
            "jomp/compiler/codegen",
            "jomp/compiler/offload",
            "jomp/compiler/diag",
            "jomp/offload/abi",
            "jomp/offload/abi/nvptx",
            "jomp/toolchain",
            "jomp/env");

    @Test
    void theBackEndUsesOnlyTheIr() throws IOException, URISyntaxException {
        Path dir = Path.of(PtxBackend.class
                        .getProtectionDomain()
                        .getCodeSource()
                        .getLocation()
                        .toURI())
                .resolve("jomp/compiler/nvptx");
        Set<String> used = new TreeSet<>();
        List<Path> classes;
        try (Stream<Path> s = Files.list(dir)) {
            classes = s.filter(p -> p.toString().endsWith(".class")).toList();
        }
        assertThat(classes).hasSizeGreaterThan(10);
        for (Path c : classes) {
            try (InputStream in = Files.newInputStream(c)) {
                new ClassReader(in)
                        .accept(
                                new ClassRemapper(new ClassWriter(0), new Remapper(Opcodes.ASM9) {
                                    @Override
                                    public String map(String internalName) {
                                        if (internalName.startsWith("jomp/"))
                                            used.add(internalName.substring(0, internalName.lastIndexOf('/')));
                                        return internalName;
                                    }
                                }),
                                0);
            }
        }
        assertThat(used).contains("jomp/compiler/ir");
        assertThat(used).as("packages the nvptx back end uses").allMatch(ALLOWED::contains);
    }
}
