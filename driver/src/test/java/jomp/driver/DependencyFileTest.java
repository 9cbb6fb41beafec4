package jomp.driver;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import jomp.env.ExternalTools;
import jomp.env.Invocation;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Dependency files (-M, -MM, -MD, -MMD with -MF, -MT, -MQ, -MP, and -Wp,-MD,file) are byte for
 * byte what clang-19 writes for the same command in the same directory: headers found through
 * quotes, -I, subdirectories and "..", re-included and #pragma once headers, names with spaces,
 * '$' and '#', rules long enough to wrap, files that #embed reads. jomp's own headers are not files, so they are never
 * listed (docs/user-guide.md); with them, jomp's -MD file is clang's -MMD file.
 */
class DependencyFileTest {
    @TempDir
    static Path dir;

    @BeforeAll
    static void sources() throws Exception {
        Files.createDirectories(dir.resolve("inc/deeper"));
        Files.createDirectories(dir.resolve("sub dir"));
        Files.createDirectories(dir.resolve("build"));
        Files.writeString(
                dir.resolve("inc/x.h"),
                "#include \"y.h\"\n#include \"deeper/a_rather_long_header_name_to_make_the_rule_wrap.h\"\nint x;\n");
        Files.writeString(dir.resolve("inc/y.h"), "#ifndef Y_H\n#define Y_H\nint y;\n#endif\n");
        Files.writeString(dir.resolve("inc/deeper/a_rather_long_header_name_to_make_the_rule_wrap.h"), "int longer;\n");
        Files.writeString(dir.resolve("sub dir/sp ace.h"), "#pragma once\nint sp;\n");
        Files.writeString(dir.resolve("inc/cost$1#2.h"), "int cost;\n");
        Files.writeString(dir.resolve("m.c"), """
                #include "inc/x.h"
                #include "inc/y.h"
                #include "sub dir/sp ace.h"
                #include "sub dir/sp ace.h"
                #include "sub dir/../inc/y.h"
                #include "inc/cost$1#2.h"
                #include <z.h>
                int main(void) { return x + y + sp + cost + z; }
                """);
        Files.writeString(dir.resolve("inc/z.h"), "int z;\n");
        // #embed's files are dependencies too: one found beside the includer by its absolute path, as clang
        Files.writeString(dir.resolve("e.c"), """
                static const unsigned char a[] = {
                #embed "inc/y.h"
                };
                static const unsigned char b[] = {
                #embed <z.h>
                };
                static const unsigned char c[] = {
                #embed <z.h> limit(1)
                };
                #include "inc/y.h"
                int main(void) { return a[0] + b[0] + c[0] + y; }
                """);
        Files.writeString(
                dir.resolve("b.c"),
                "#include <stddef.h>\n#include \"inc/y.h\"\nint main(void) { return (int)sizeof(size_t) + y; }\n");
    }

    static Stream<String> commandLines() {
        return Stream.of(
                "-MD -c m.c -Iinc",
                "-MMD -c m.c -Iinc",
                "-MD -MP -c m.c -Iinc",
                "-MMD -MF deps.d -c m.c -Iinc",
                "-MD -c m.c -o build/m.o -Iinc",
                "-MD -MT obj/m.o -MT other -c m.c -Iinc",
                "-MMD -MQ $(OBJ)/m.o -MQ a#b -MT x$y -c m.c -Iinc",
                "-MD -MF build/m.d -MT build/m.o -o build/m.o -c m.c -Iinc",
                "-M m.c -Iinc",
                "-MM m.c -Iinc",
                "-M -MP -MT target m.c -Iinc",
                "-MM -MF only.d m.c -Iinc",
                "-MM -o out.d m.c -Iinc",
                "-Wp,-MD,wp.d -c m.c -Iinc",
                "-Wp,-MMD,wp.d -c m.c -Iinc",
                "-MMD -c m.c b.c -Iinc",
                "-E -MD -o m.i m.c -Iinc",
                "-fsyntax-only -MMD m.c -Iinc",
                "-MMD -c ./m.c -I./inc",
                "-MMD -c m.c -I inc -fopenmp",
                "-MD -c e.c --embed-dir=inc",
                "-MM e.c --embed-dir=./inc/");
    }

    /** Runs a compiler in dir; returns every .d file and the standard output, as text. */
    static String run(boolean clang, List<String> args) throws Exception {
        try (var files = Files.walk(dir)) {
            for (Path p : files.filter(f -> f.toString().endsWith(".d")).toList()) Files.delete(p);
        }
        String stdout;
        if (clang) {
            List<String> cmd = new ArrayList<>(List.of("clang-19"));
            cmd.addAll(args);
            Process p = ExternalTools.processBuilder(cmd)
                    .directory(dir.toFile())
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            stdout = new String(p.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            assertThat(p.waitFor()).as("clang-19 %s", args).isZero();
        } else {
            ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
            Invocation.install(new Invocation(dir, System.getenv()));
            try {
                int status =
                        Main.run(args.toArray(String[]::new), new PrintStream(out, true), new PrintStream(err, true));
                assertThat(status).as("jomp %s: %s", args, err).isZero();
            } finally {
                Invocation.reset();
            }
            stdout = out.toString(StandardCharsets.ISO_8859_1);
        }
        StringBuilder sb = new StringBuilder();
        try (var files = Files.walk(dir)) {
            for (Path p :
                    files.filter(f -> f.toString().endsWith(".d")).sorted().toList())
                sb.append("== ")
                        .append(dir.relativize(p))
                        .append('\n')
                        .append(Files.readString(p, StandardCharsets.ISO_8859_1));
        }
        if (args.contains("-M") || args.contains("-MM"))
            sb.append("== stdout\n").append(stdout);
        return sb.toString();
    }

    @ParameterizedTest
    @MethodSource("commandLines")
    void sameBytesAsClang(String line) throws Exception {
        List<String> args = List.of(line.split(" "));
        String clang = run(true, args), jomp = run(false, args);
        assertThat(jomp).as("jomp %s", line).isEqualTo(clang).contains(":");
    }

    @Test
    void jompsOwnHeadersAreNotFiles() throws Exception {
        // clang's -MD lists its resource headers (stddef.h); jomp's are inside jomp: its -MD file is clang's -MMD file
        String clangMmd = run(true, List.of("-MMD", "-c", "b.c"));
        assertThat(run(true, List.of("-MD", "-c", "b.c"))).contains("/usr/lib/llvm-19/lib/clang/19/include/stddef.h");
        assertThat(run(false, List.of("-MD", "-c", "b.c"))).isEqualTo(clangMmd);
    }

    @Test
    void standardInput() throws Exception {
        // clang: "-x c -" makes -.o and a rule for target -.o with no prerequisite named <stdin>
        java.io.InputStream saved = System.in;
        System.setIn(new ByteArrayInputStream(
                "#include \"inc/y.h\"\nint main(void) { return y; }\n".getBytes(StandardCharsets.ISO_8859_1)));
        try {
            String jomp = run(false, List.of("-x", "c", "-", "-c", "-MD"));
            assertThat(jomp).isEqualTo("== -.d\n-.o: inc/y.h\n");
            assertThat(dir.resolve("-.o")).exists();
        } finally {
            System.setIn(saved);
        }
        Process p = ExternalTools.processBuilder("clang-19", "-x", "c", "-", "-c", "-MD", "-o", "cl.o")
                .directory(dir.toFile())
                .start();
        p.getOutputStream()
                .write("#include \"inc/y.h\"\nint main(void) { return y; }\n".getBytes(StandardCharsets.ISO_8859_1));
        p.getOutputStream().close();
        assertThat(p.waitFor()).isZero();
        assertThat(Files.readString(dir.resolve("cl.d"))).isEqualTo("cl.o: inc/y.h\n");
    }
}
