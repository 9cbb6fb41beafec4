package jomp.runtime.omp;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jomp.runtime.program.CFunctions;
import org.junit.jupiter.api.Test;

/** Every routine omp.h declares is in the C library (through Libc's index) with the ABI's JVM types. */
class OmpHeaderTest {
    private static final Path OMP_H = Path.of("../compiler/front/src/main/resources/jomp/include/omp.h");
    private static final Pattern PROTO = Pattern.compile("^([\\w\\s]+?[\\s*]+)(omp_\\w+)\\s*\\((.*)\\);$");
    /** Declared but not provided yet (see docs/user-guide.md): a call fails to link, loudly. */
    private static final Set<String> NOT_YET = Set.of();

    @Test
    void everyOmpRoutineIsDefinedWithTheAbiTypes() throws Exception {
        String text = Files.readString(OMP_H).replaceAll(",\\s*\\n\\s*", ", ");
        List<String> problems = new ArrayList<>();
        int count = 0;
        for (String line : text.split("\n")) {
            Matcher m = PROTO.matcher(line.trim());
            if (!m.matches() || line.startsWith("#") || line.startsWith("typedef")) continue;
            String name = m.group(2);
            if (NOT_YET.contains(name)) continue;
            count++;
            Method f = CFunctions.find(name);
            if (f == null) {
                problems.add("missing: " + name);
                continue;
            }
            List<Class<?>> want = new ArrayList<>();
            String params = m.group(3).trim();
            if (!params.equals("void")) for (String p : params.split(",")) want.add(jvm(p));
            Class<?> ret = m.group(1).trim().equals("void") ? void.class : jvm(m.group(1));
            if (!want.equals(List.of(f.getParameterTypes())) || f.getReturnType() != ret)
                problems.add(name + " is " + f + ", expected " + want + " -> " + ret);
        }
        assertThat(count).isGreaterThanOrEqualTo(90);
        assertThat(problems).isEmpty();
    }

    /** docs/design/abi.md: pointers, size_t and the handle typedefs are long; enums are int. */
    private static Class<?> jvm(String t) {
        t = t.replaceAll("\\b(const|restrict|volatile)\\b", "").trim();
        if (t.contains("*")
                || t.contains("[]")
                || t.matches(
                        ".*\\b(size_t|omp_allocator_handle_t|omp_memspace_handle_t|omp_event_handle_t|omp_uintptr_t|omp_intptr_t|omp_interop_t|omp_depend_t|long)\\b.*"))
            return long.class;
        if (t.matches(".*\\bdouble\\b.*")) return double.class;
        return int.class;
    }

    @Test
    void notYetProvidedRoutinesReallyAreAbsent() {
        for (String name : NOT_YET) assertThat(CFunctions.find(name)).as(name).isNull();
    }
}
