package jomp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * jomp's Java C library against glibc's headers (docs/libc.md): every C function the Java library
 * defines and the standard headers declare must have the JVM type jomp gives glibc's prototype
 * (docs/design/abi.md), since the link calls the Java method for it. The headers' declarations come
 * from jomp itself: a program taking the address of each such function is compiled to IR, whose
 * {@code declare} lines carry the prototypes' ABI signatures; which names the headers declare at
 * all, gcc says.
 */
class LibcPrototypesTest {
    private static final String HEADERS = String.join(
            "\n",
            "#define _GNU_SOURCE",
            "#include <stdio.h>",
            "#include <stdlib.h>",
            "#include <string.h>",
            "#include <strings.h>",
            "#include <math.h>",
            "#include <ctype.h>",
            "#include <time.h>",
            "#include <sys/time.h>",
            "#include <errno.h>",
            "#include <assert.h>",
            "#include <complex.h>",
            "#include <inttypes.h>",
            "#include <omp.h>",
            "");

    /** gcc's "'x' undeclared" and "built-in function 'x' must be directly called" (quotes in any encoding). */
    private static final Pattern UNDECLARED = Pattern.compile(
            "(\\w+)\\W{1,8} undeclared|built-in function \\W{1,8}(\\w+)\\W{1,8} must be directly called");

    private static final Pattern DECLARE = Pattern.compile("^declare (\\S+) \\((.*)\\) @(\\S+)");

    @Test
    void javaFunctionsHaveTheTypesOfGlibcsPrototypes() throws IOException {
        Set<String> names = new TreeSet<>(jomp.runtime.program.CFunctions.names());
        Path work = Corpus.work("libc-prototypes");
        Path src = work.resolve("protos.c");
        // gcc says which names the headers do not declare (the runtime's own entry points, GNU extras)
        for (int round = 0; round < 4; round++) {
            Files.writeString(src, program(names));
            Exec.Result g = Exec.run(
                    List.of("gcc", "-fsyntax-only", "-w", "-fopenmp", src.toString()),
                    work,
                    Map.of(),
                    work.resolve("tmp"));
            if (g.status() == 0) break;
            Matcher m = UNDECLARED.matcher(g.stderr());
            boolean removed = false;
            while (m.find()) removed |= names.remove(m.group(1) != null ? m.group(1) : m.group(2));
            assertTrue(removed, () -> "gcc rejects the program for another reason:\n" + g.stderr());
        }
        assertTrue(
                names.size() > 250,
                "only " + names.size() + " of the Java library's functions are declared by the headers");
        Files.writeString(src, program(names));
        Path ir = work.resolve("protos.jir");
        List<String> cmd = new ArrayList<>(Corpus.jompCommand());
        cmd.addAll(List.of("-fopenmp", "-S", "-emit-ir", src.toString(), "-o", ir.toString()));
        Exec.Result j = Exec.run(cmd, work, Map.of(), work.resolve("tmp"));
        assertEquals(0, j.status(), () -> j.describe("jomp"));
        List<String> wrong = new ArrayList<>();
        int checked = 0;
        for (String line : Files.readAllLines(ir)) {
            Matcher m = DECLARE.matcher(line);
            if (!m.find()) continue;
            // a declaration with an asm label (scanf is __isoc99_scanf) names its link name here
            Method f = jomp.runtime.program.CFunctions.find(m.group(3));
            if (f == null) continue;
            String want = descriptor(m.group(1), m.group(2));
            String have = org.objectweb.asm.Type.getMethodDescriptor(f);
            checked++;
            if (!want.equals(have))
                wrong.add(m.group(3) + ": glibc's prototype gives " + want + ", the Java method is " + have);
        }
        assertTrue(checked > 250, "only " + checked + " declarations checked");
        assertTrue(wrong.isEmpty(), String.join("\n", wrong));
    }

    private static String program(Set<String> names) {
        StringBuilder sb = new StringBuilder(HEADERS).append("void *table[] = {\n");
        for (String n : names) sb.append("    (void *)&").append(n).append(",\n");
        return sb.append("};\nint main(void) { return table[0] == 0; }\n").toString();
    }

    /** The JVM descriptor of an IR function type (abi.md): i8-i32 int, i64 and ptr long, a variadic area last. */
    private static String descriptor(String ret, String params) {
        StringBuilder sb = new StringBuilder("(");
        for (String p : params.split(",")) {
            p = p.trim();
            if (p.isEmpty()) continue;
            sb.append(p.equals("...") ? "J" : code(p));
        }
        return sb.append(')').append(code(ret)).toString();
    }

    private static String code(String t) {
        return switch (t) {
            case "i8", "i16", "i32" -> "I";
            case "i64", "ptr" -> "J";
            case "f32" -> "F";
            case "f64" -> "D";
            default -> "V";
        };
    }
}
