package jomp.tests;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * jomp's {@code <omp.h>} against LLVM 19's (libomp-19-dev's, beside clang-19's headers): every
 * routine LLVM's declares, jomp's declares and jomp's runtime defines (under the name a call
 * reaches: LLVM's omp.h maps omp_set_affinity_format and friends to libomp's ompc_* names, and so
 * does jomp's); its headers and its enumerators are there too; and the same for ompx.h.
 */
class OmpHeaderTest {
    static final Path LLVM_INCLUDE = Path.of("/usr/lib/llvm-19/lib/clang/19/include");
    private static final Pattern ROUTINE = Pattern.compile("\\b((?:omp|kmp|ompc|ompx|llvm_omp)_\\w+)\\s*\\(");

    private static String jompHeader(String name) throws IOException {
        try (var in = OmpHeaderTest.class.getClassLoader().getResourceAsStream("jomp/include/" + name)) {
            assertThat(in).as("jomp's %s", name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** The routines a header declares (and, for ompx.h, defines inline: those are header code, not the runtime's). */
    private static Set<String> routines(String text) {
        Set<String> out = new TreeSet<>();
        // comments and macro definitions (omp_atv_default is a cast, not a call) out
        Matcher m = ROUTINE.matcher(text.replaceAll("(?s)/\\*.*?\\*/", "")
                .replaceAll("//[^\\n]*", "")
                .replaceAll("(?m)^\\s*#\\s*define[^\\n]*", ""));
        while (m.find()) out.add(m.group(1));
        return out;
    }

    @Test
    void ompHDeclaresWhatLlvmsDeclaresAndTheRuntimeDefinesIt() throws IOException {
        Exec.require("clang-19");
        String llvm = Files.readString(LLVM_INCLUDE.resolve("omp.h")), header = jompHeader("omp.h");
        Set<String> ours = routines(header), runtime = jomp.runtime.program.CFunctions.names();
        for (String r : routines(llvm)) {
            assertThat(ours).as("jomp's omp.h declares LLVM's %s", r).contains(r);
            String linked = r.matches("omp_(set|get)_affinity_format|omp_display_affinity|omp_capture_affinity")
                    ? "ompc" + r.substring(3)
                    : r;
            assertThat(runtime).as("the runtime defines %s", linked).contains(linked);
        }
        for (String include : new String[] {"<stddef.h>", "<stdlib.h>", "<stdint.h>"})
            assertThat(header)
                    .as("LLVM's omp.h includes %s, and programs rely on it", include)
                    .contains("#include " + include);
        for (String constant : new String[] {
            "llvm_omp_target_host_mem_alloc = 100",
            "llvm_omp_target_shared_mem_alloc = 101",
            "llvm_omp_target_device_mem_alloc = 102",
            "llvm_omp_target_host_mem_space = 100",
            "llvm_omp_target_shared_mem_space = 101",
            "llvm_omp_target_device_mem_space = 102",
            "omp_pause_resume = 0",
            "KMP_VERSION_MAJOR 5",
            "typedef int omp_int_t"
        }) assertThat(header).as(constant).contains(constant);
    }

    @Test
    void ompxHDeclaresLlvmsKernelLanguageAndEveryDeviceDefinesIt() throws IOException {
        Exec.require("clang-19");
        Set<String> llvm = routines(Files.readString(LLVM_INCLUDE.resolve("ompx.h"))),
                ours = routines(jompHeader("ompx.h"));
        Set<String> runtime = jomp.runtime.program.CFunctions.names();
        for (String r : llvm) {
            if (r.matches("ompx_\\w+_[xyz]")) continue; // static inline in both headers
            if (r.startsWith("omp_")) continue; // omp.h's
            assertThat(ours).as("jomp's ompx.h declares %s", r).contains(r);
            assertThat(runtime).as("the host runtime defines %s", r).contains(r);
        }
    }
}
