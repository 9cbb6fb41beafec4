package jomp.env;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The tool table and .ci/packages agree, and a missing tool is one line naming its package. */
class ExternalToolsTest {
    private static Path root() {
        return Path.of(System.getProperty("jomp.root", "..")).toAbsolutePath().normalize();
    }

    @Test
    void everyPackageTheTableNamesIsInTheCiList() throws IOException {
        Set<String> listed = Files.readAllLines(root().resolve(".ci/packages")).stream()
                .map(String::strip)
                .filter(l -> !l.isEmpty() && !l.startsWith("#"))
                .collect(Collectors.toSet());
        Map<String, String> table = ExternalTools.packages();
        assertThat(table).isNotEmpty();
        for (Map.Entry<String, String> e : table.entrySet()) {
            if (e.getValue().equals("cuda")) continue; // NVIDIA's, not Debian's
            assertThat(listed)
                    .as("%s's package %s must be in .ci/packages", e.getKey(), e.getValue())
                    .contains(e.getValue());
        }
    }

    @Test
    void aMissingToolIsOneLineNamingItsPackage() {
        assertThat(ExternalTools.missingMessage("clang-offload-packager-19"))
                .isEqualTo("clang-offload-packager-19 not found: apt-get install clang-tools-19");
        assertThat(ExternalTools.missingMessage("ninja")).isEqualTo("ninja not found: apt-get install ninja-build");
        Invocation.install(new Invocation(Path.of("/"), Map.of("PATH", "/nonexistent")));
        try {
            AssertionError e = org.junit.jupiter.api.Assertions.assertThrows(
                    AssertionError.class, () -> ExternalTools.require("llvm-objdump-19"));
            assertThat(e.getMessage()).isEqualTo("llvm-objdump-19 not found: apt-get install llvm-19");
            assertThat(e.getStackTrace()).isEmpty();
            assertThat(e.getMessage()).doesNotContain("\n");
        } finally {
            Invocation.reset();
        }
    }

    @Test
    void theToolsTheTestsRunAreInTheTable() {
        for (String t : List.of(
                "gcc",
                "clang-19",
                "llvm-objdump-19",
                "clang-offload-packager-19",
                "ar",
                "cmake",
                "ninja",
                "ccache",
                "make",
                "ptxas")) assertThat(ExternalTools.packages()).containsKey(t);
    }
}
