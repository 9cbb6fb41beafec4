package jomp.runtime.libc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/** Every function the bundled headers declare (omp.h aside) exists in the library, with the ABI's types. */
class LibcTest {
    private static final Path INCLUDE = Path.of("../frontend/src/main/resources/jomp/include");
    private static final Pattern PROTO = Pattern.compile("^(?:_Noreturn\\s+)?([\\w\\s]+?[\\s*]+)(\\w+)\\s*\\((.*)\\);$");

    @Test
    void everyDeclaredFunctionIsDefined() throws Exception {
        List<String> missing = new ArrayList<>();
        int count = 0;
        try (Stream<Path> files = Files.walk(INCLUDE)) {
            for (Path h : files.filter(p -> p.toString().endsWith(".h") && !p.endsWith("omp.h")).toList()) {
                // join continuation lines of multi-line prototypes
                String text = Files.readString(h).replaceAll(",\\s*\\n\\s*", ", ");
                for (String line : text.split("\n")) {
                    Matcher m = PROTO.matcher(line.trim());
                    if (!m.matches() || line.startsWith("#") || line.startsWith("typedef")) continue;
                    count++;
                    var f = Libc.find(m.group(2));
                    if (f == null) {
                        // not in jomp's Java C library: glibc's own, called natively (docs/libc.md)
                        if (GLIBC.find(m.group(2)).isEmpty()) missing.add(h.getFileName() + ": " + m.group(2));
                        continue;
                    }
                    String params = m.group(3).trim();
                    int n = params.equals("void") || params.isEmpty() ? 0 : topLevelCommas(params) + 1;
                    String ret = m.group(1).trim();
                    boolean structResult = ret.endsWith("_t") && ret.contains("div") || ret.contains("_Complex");
                    // "..." counts as one parameter: the long address of the variadic area
                    if (structResult) n++;
                    if (f.getParameterCount() != n) {
                        missing.add(h.getFileName() + ": " + m.group(2) + " takes " + f.getParameterCount() + " parameters, expected " + n);
                        continue;
                    }
                    List<Class<?>> want = new ArrayList<>();
                    if (structResult) want.add(long.class);
                    if (n > (structResult ? 1 : 0)) for (String p : splitTop(params)) want.add(p.contains("...") ? long.class : jvm(p));
                    Class<?> wantRet = structResult ? long.class : ret.equals("void") ? void.class : jvm(ret);
                    if (!want.equals(List.of(f.getParameterTypes())) || f.getReturnType() != wantRet)
                        missing.add(h.getFileName() + ": " + m.group(2) + " has Java types " + f + ", expected " + want + " -> " + wantRet);
                }
            }
        }
        assertThat(count).isGreaterThan(250);
        assertThat(missing).isEmpty();
    }

    private static final java.lang.foreign.SymbolLookup GLIBC = java.lang.foreign.Linker.nativeLinker().defaultLookup();

    /** abi.md's mapping of a C parameter or result type to its JVM type. */
    private static Class<?> jvm(String t) {
        t = t.replaceAll("\\b(const|restrict|volatile)\\b", "").trim();
        if (t.contains("*") || t.contains("(") || t.contains("_Complex") || t.contains("va_list")) return long.class;
        if (t.matches(".*\\b(long double|double)\\b.*")) return double.class;
        if (t.matches(".*\\bfloat\\b.*")) return float.class;
        if (t.matches(".*\\b(long|size_t|time_t|clock_t|intmax_t|uintmax_t)\\b.*")) return long.class;
        return int.class;
    }

    private static List<String> splitTop(String s) {
        List<String> out = new ArrayList<>();
        int depth = 0, start = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '(') depth++;
            else if (c == ')') depth--;
            else if (c == ',' && depth == 0) { out.add(s.substring(start, i)); start = i + 1; }
        }
        out.add(s.substring(start));
        return out;
    }

    private static int topLevelCommas(String s) {
        int depth = 0, n = 0;
        for (char c : s.toCharArray()) {
            if (c == '(') depth++;
            else if (c == ')') depth--;
            else if (c == ',' && depth == 0) n++;
        }
        return n;
    }

    @Test
    void javaOnlyMethodsAreNotCFunctions() {
        assertThat(Libc.find("printf")).isNotNull();
        assertThat(Libc.find("printf").getDeclaringClass()).isEqualTo(Stdio.class);
        assertThat(Libc.find("sqrtf").getReturnType()).isEqualTo(float.class);
        assertThat(Libc.find("setProgramName")).isNull();
        assertThat(Libc.find("no_such_function")).isNull();
    }
}
