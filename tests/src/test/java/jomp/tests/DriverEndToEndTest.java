package jomp.tests;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The driver's promises, through the real bin/jomp: -### prints commands that do the build by
 * themselves; a parallel build is byte-identical to a one-job build; temporary files are removed
 * ($TMPDIR honoured); -save-temps keeps stable names; a failed compile leaves no output file.
 */
class DriverEndToEndTest {
    @TempDir
    Path dir;

    private static final String A = """
            #include <stdio.h>
            int twice(int x);
            int main(int argc, char **argv) { printf("a %d %d\\n", twice(21), argc); return 7; }
            """;
    private static final String B = "int twice(int x) { return 2 * x; }\n";

    private Exec.Result jomp(Path tmp, String... args) {
        List<String> cmd = new ArrayList<>(Corpus.jompCommand());
        cmd.addAll(List.of(args));
        return Exec.run(cmd, dir, Map.of("TMPDIR", tmp.toString()), dir.resolve("scratch"));
    }

    private Path tmp() throws IOException {
        Path t = dir.resolve("tmp-" + System.nanoTime());
        Files.createDirectories(t);
        return t;
    }

    private static List<String> entries(Path d) throws IOException {
        try (Stream<Path> s = Files.list(d)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void hashHashHashCommandsRunByThemselves() throws Exception {
        Files.writeString(dir.resolve("a.c"), A);
        Files.writeString(dir.resolve("b.c"), B);
        Path tmp = tmp();
        Exec.Result printed = jomp(tmp, "-###", "a.c", "b.c", "-o", "prog");
        assertThat(printed.status()).as(printed.describe("jomp -###")).isZero();
        assertThat(dir.resolve("prog")).doesNotExist(); // -### only prints
        List<String> commands =
                printed.stderr().lines().filter(l -> l.startsWith(" \"")).toList();
        assertThat(commands).hasSize(3); // two cc1 jobs and the link
        Path script = dir.resolve("build.sh");
        Files.writeString(script, "set -e\n" + String.join("\n", commands) + "\n");
        Exec.Result ran = Exec.run(List.of("sh", script.toString()), dir, Map.of(), dir.resolve("scratch"));
        assertThat(ran.status()).as(ran.describe("the -### commands")).isZero();
        Exec.Result prog =
                Exec.run(List.of(dir.resolve("prog").toString(), "x"), dir, Map.of(), dir.resolve("scratch"));
        assertThat(prog.stdoutText()).isEqualTo("a 42 2\n");
        assertThat(prog.status()).isEqualTo(7);
    }

    @Test
    void parallelBuildIsByteIdenticalToSequential() throws Exception {
        Files.writeString(dir.resolve("a.c"), A);
        Files.writeString(dir.resolve("b.c"), B);
        Path tmp = tmp();
        Exec.Result par = jomp(tmp, "-c", "a.c", "b.c");
        assertThat(par.status()).as(par.describe("jomp -c")).isZero();
        byte[] a1 = Files.readAllBytes(dir.resolve("a.o")), b1 = Files.readAllBytes(dir.resolve("b.o"));
        Exec.Result seq = jomp(tmp, "-parallel-jobs=1", "-c", "a.c", "b.c");
        assertThat(seq.status()).as(seq.describe("jomp -parallel-jobs=1 -c")).isZero();
        assertThat(Files.readAllBytes(dir.resolve("a.o"))).isEqualTo(a1);
        assertThat(Files.readAllBytes(dir.resolve("b.o"))).isEqualTo(b1);
    }

    @Test
    void temporariesAreRemovedAndSaveTempsKeepsStableNames() throws Exception {
        Files.writeString(dir.resolve("a.c"), A);
        Files.writeString(dir.resolve("b.c"), B);
        Path tmp = tmp();
        Exec.Result link = jomp(tmp, "a.c", "b.c", "-o", "prog");
        assertThat(link.status()).as(link.describe("jomp a.c b.c")).isZero();
        assertThat(entries(tmp)).as("temporary files left in $TMPDIR").isEmpty();
        assertThat(dir.resolve("a.o")).doesNotExist();

        Exec.Result saved = jomp(tmp, "-save-temps", "a.c", "b.c", "-o", "prog2");
        assertThat(saved.status()).as(saved.describe("jomp -save-temps")).isZero();
        assertThat(entries(dir)).contains("a.i", "a.jir", "a.o", "b.i", "b.jir", "b.o", "prog2");
        assertThat(entries(tmp)).isEmpty();
    }

    @Test
    void failedCompileLeavesNoOutput() throws Exception {
        Files.writeString(dir.resolve("bad.c"), "int main(void) { return undeclared; }\n");
        Files.writeString(dir.resolve("bad.o"), "stale");
        Path tmp = tmp();
        Exec.Result r = jomp(tmp, "-c", "bad.c", "-o", "bad.o");
        assertThat(r.status()).isEqualTo(1);
        assertThat(r.stderr()).contains("bad.c:1:25: error: use of undeclared identifier 'undeclared'");
        assertThat(r.stderr()).doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(dir.resolve("bad.o")).doesNotExist();
        Exec.Result link = jomp(tmp, "bad.c", "-o", "prog");
        assertThat(link.status()).isEqualTo(1);
        assertThat(dir.resolve("prog")).doesNotExist();
        assertThat(entries(tmp)).isEmpty();
    }

    /**
     * An error as clang 19 prints it, byte for byte, summary line included: the line number in a gutter at least
     * 4 wide (5 near line 10,000), tabs expanded to stops of 8 with the caret under its column;
     * -fno-diagnostics-show-line-numbers drops the gutter, -fno-caret-diagnostics the snippet,
     * -fno-show-column the column, in both.
     */
    @Test
    void diagnosticSnippetsAreClang19s() throws Exception {
        StringBuilder far = new StringBuilder();
        for (int i = 1; i < 9990; i++) far.append("int v").append(i).append(";\n");
        far.append("int main(void) { return zz; }\n");
        Map<String, String> files = Map.of(
                "d1.c", "int main(void) {\n  int x = 1;\n  return y;\n}\n",
                "d2.c", far.toString(),
                "d3.c", "int main(void) {\n\treturn\tq;\n}\n");
        Path tmp = tmp();
        for (var f : new java.util.TreeMap<>(files).entrySet()) {
            Files.writeString(dir.resolve(f.getKey()), f.getValue());
            for (String flag : new String[] {
                "-fdiagnostics-show-line-numbers",
                "-fno-diagnostics-show-line-numbers",
                "-fno-caret-diagnostics",
                "-fno-show-column"
            }) {
                Exec.Result clang = Exec.run(
                        List.of("clang-19", "-fsyntax-only", flag, f.getKey()), dir, Map.of(), dir.resolve("scratch"));
                Exec.Result ours = jomp(tmp, "-fsyntax-only", flag, f.getKey());
                assertThat(ours.status()).isEqualTo(clang.status()).isEqualTo(1);
                assertThat(ours.stderr()).as(f.getKey() + " " + flag).isEqualTo(clang.stderr());
            }
        }
    }

    /**
     * An output path that is a FIFO or a device (configure checks and Makefiles compile with
     * {@code -o /dev/null}) is written in place and never removed, as clang does: a rename or a
     * clean-up after an error would leave a regular file there, or nothing (as root, in /dev).
     */
    @Test
    void inputsThatAreDevicesAreReadAsFiles() throws Exception {
        // build systems ask for the predefined macros with `cc -dM -E -x c /dev/null`; clang reads the device
        Path tmp = tmp();
        Exec.Result macros = jomp(tmp, "-dM", "-E", "-x", "c", "/dev/null");
        assertThat(macros.status())
                .as(macros.describe("jomp -dM -E -x c /dev/null"))
                .isZero();
        assertThat(macros.stdoutText()).contains("#define __clang__ 1", "#define __x86_64__ 1");
        Exec.Result obj = jomp(tmp, "-x", "c", "-c", "/dev/null", "-o", "null.o");
        assertThat(obj.status()).as(obj.describe("jomp -x c -c /dev/null")).isZero();
        Exec.Result folder = jomp(tmp, "-x", "c", "-c", tmp.toString(), "-o", "dir.o");
        assertThat(folder.status()).as("a folder is no input").isEqualTo(1);
        assertThat(folder.stderr()).doesNotContain("Exception");
    }

    /** {@code -E -P} (configure scripts, generated sources) prints clang's text exactly: no line markers. */
    @Test
    void preprocessWithoutLineMarkersPrintsClangsText() throws Exception {
        String src = "#define N 3\n#include <stddef.h>\nint x[N];\n\n\n\nint y;\n";
        Files.writeString(dir.resolve("p.c"), src);
        Path tmp = tmp();
        Exec.Result ours = jomp(tmp, "-E", "-P", "p.c");
        Exec.Result clang = Exec.run(List.of("clang-19", "-E", "-P", "p.c"), dir, Map.of(), dir.resolve("scratch"));
        assertThat(ours.status()).as(ours.describe("jomp -E -P p.c")).isZero();
        assertThat(ours.stdoutText()).doesNotContain("# 1").endsWith("int x[3];\nint y;\n");
        // stddef.h differs between the compilers; the lines of the file itself do not
        String tail = clang.stdoutText().substring(clang.stdoutText().indexOf("int x[3];"));
        assertThat(ours.stdoutText()).endsWith(tail);
    }

    @Test
    void outputsThatAreNotRegularFilesAreWrittenInPlaceAndKept() throws Exception {
        Files.writeString(dir.resolve("b.c"), B);
        Files.writeString(dir.resolve("bad.c"), "int main(void) { return undeclared; }\n");
        Path fifo = dir.resolve("out.fifo");
        Exec.Result mk = Exec.run(List.of("mkfifo", fifo.toString()), dir, Map.of(), dir.resolve("scratch"));
        assertThat(mk.status()).as(mk.describe("mkfifo")).isZero();
        Path tmp = tmp();
        byte[][] read = new byte[1][];
        Thread reader = new Thread(() -> {
            try {
                read[0] = Files.readAllBytes(fifo);
            } catch (IOException e) {
                read[0] = new byte[0];
            }
        });
        reader.setDaemon(true);
        reader.start();
        Exec.Result ok = jomp(tmp, "-c", "b.c", "-o", fifo.toString());
        assertThat(ok.status()).as(ok.describe("jomp -c b.c -o out.fifo")).isZero();
        reader.join(60_000);
        assertThat(read[0]).as("what the reader of the FIFO got").isNotNull().startsWith(0x7f, 'E', 'L', 'F');
        assertThat(Files.readAttributes(fifo, java.nio.file.attribute.BasicFileAttributes.class)
                        .isOther())
                .as("still a FIFO")
                .isTrue();

        Exec.Result bad = jomp(tmp, "-c", "bad.c", "-o", fifo.toString());
        assertThat(bad.status()).isEqualTo(1);
        assertThat(fifo).as("a failed compile leaves the FIFO").exists();
        assertThat(Files.readAttributes(fifo, java.nio.file.attribute.BasicFileAttributes.class)
                        .isOther())
                .isTrue();
        assertThat(entries(tmp)).isEmpty();
    }

    @Test
    void stackOverflowAndDivisionByZeroEndAsTheSignalsDoUnderGcc() throws Exception {
        Files.writeString(dir.resolve("crash.c"), """
                #include <stdio.h>
                #include <stdlib.h>
                static int depth(int n) { volatile int pad[4]; pad[0] = n; return n + depth(n + 1) + pad[0]; }
                int main(int argc, char **argv) {
                    printf("buffered, lost as in C\\n");
                    if (argv[1][0] == 'd') { int z = atoi("0"); printf("%d\\n", 10 / z); }
                    if (argv[1][0] == 's') printf("%d\\n", depth(0));
                    return 3;
                }
                """);
        Path tmp = tmp();
        Exec.Result c = jomp(tmp, "crash.c", "-o", "crash");
        assertThat(c.status()).as(c.describe("jomp crash.c")).isZero();
        Exec.Result g =
                Exec.run(List.of("gcc", "-O0", "-o", "crash-gcc", "crash.c"), dir, Map.of(), dir.resolve("scratch"));
        assertThat(g.status()).as(g.describe("gcc")).isZero();
        for (String mode : List.of("divide", "stack", "normal")) {
            Exec.Result want =
                    Exec.run(List.of(dir.resolve("crash-gcc").toString(), mode), dir, Map.of(), dir.resolve("scratch"));
            Exec.Result got =
                    Exec.run(List.of(dir.resolve("crash").toString(), mode), dir, Map.of(), dir.resolve("scratch"));
            assertThat(got.status())
                    .as(mode)
                    .isEqualTo(want.status())
                    .isEqualTo(
                            switch (mode) {
                                case "divide" -> 136;
                                case "stack" -> 139;
                                default -> 3;
                            });
            assertThat(got.stdoutText()).as(mode).isEqualTo(want.stdoutText());
            assertThat(got.stderr())
                    .as(mode)
                    .isEqualTo(want.stderr()); // nothing: the shell says "Segmentation fault" (CrashTest)
        }
    }

    @Test
    void undefinedReferenceNamesTheObject() throws Exception {
        Files.writeString(dir.resolve("a.c"), A);
        Path tmp = tmp();
        Exec.Result c = jomp(tmp, "-c", "a.c");
        assertThat(c.status()).as(c.describe("jomp -c a.c")).isZero();
        Exec.Result link = jomp(tmp, "a.o", "-o", "prog");
        assertThat(link.status()).isEqualTo(1);
        assertThat(link.stderr()).contains("a.o: undefined reference to 'twice'");
        assertThat(dir.resolve("prog")).doesNotExist();
    }

    @Test
    void multipleDefinitionNamesBothObjects() throws Exception {
        Files.writeString(dir.resolve("a.c"), A);
        Files.writeString(dir.resolve("b.c"), B);
        Files.writeString(dir.resolve("c.c"), B);
        Path tmp = tmp();
        Exec.Result link = jomp(tmp, "a.c", "b.c", "c.c", "-o", "prog");
        assertThat(link.status()).isEqualTo(1);
        assertThat(link.stderr())
                .containsPattern(
                        "c-[0-9a-f]{6}\\.o: multiple definition of 'twice'; .*b-[0-9a-f]{6}\\.o: first defined here");
        assertThat(dir.resolve("prog")).doesNotExist();
    }

    @Test
    void unitsWithTheSameFileNameLinkTogether() throws Exception {
        Files.createDirectories(dir.resolve("x"));
        Files.createDirectories(dir.resolve("y"));
        Files.writeString(dir.resolve("x/u.c"), A + "static int hidden = 1; int xs(void) { return hidden; }\n");
        Files.writeString(dir.resolve("y/u.c"), B + "static int hidden = 2; int ys(void) { return hidden; }\n");
        Path tmp = tmp();
        Exec.Result link = jomp(tmp, "x/u.c", "y/u.c", "-o", "prog");
        assertThat(link.status()).as(link.describe("jomp x/u.c y/u.c")).isZero();
        Exec.Result prog = Exec.run(List.of(dir.resolve("prog").toString()), dir, Map.of(), dir.resolve("scratch"));
        assertThat(prog.stdoutText()).isEqualTo("a 42 1\n");
    }

    @Test
    void staticArchivesArePulledBySymbolAsLdDoes() throws Exception {
        Files.writeString(dir.resolve("a.c"), A);
        Files.writeString(dir.resolve("b.c"), B);
        Files.writeString(dir.resolve("dup.c"), "int main(void) { return 9; }\n");
        Path tmp = tmp();
        Exec.Result c = jomp(tmp, "-c", "b.c", "dup.c");
        assertThat(c.status()).as(c.describe("jomp -c")).isZero();
        Exec.Result ar =
                Exec.run(List.of("ar", "rcs", "libb.a", "b.o", "dup.o"), dir, Map.of(), dir.resolve("scratch"));
        assertThat(ar.status()).as(ar.describe("GNU ar")).isZero();

        // only the member that defines a needed symbol is taken (dup.o's main would clash)
        Exec.Result link = jomp(tmp, "a.c", "-L.", "-lb", "-o", "prog");
        assertThat(link.status()).as(link.describe("jomp a.c -L. -lb")).isZero();
        Exec.Result prog = Exec.run(List.of(dir.resolve("prog").toString()), dir, Map.of(), dir.resolve("scratch"));
        assertThat(prog.stdoutText()).isEqualTo("a 42 1\n");

        // like ld, a library named before the objects that need it resolves nothing
        Exec.Result early = jomp(tmp, "-L.", "-lb", "a.c", "-o", "prog2");
        assertThat(early.status()).isEqualTo(1);
        assertThat(early.stderr()).contains("undefined reference to 'twice'");

        // --whole-archive takes every member
        Exec.Result whole = jomp(tmp, "a.c", "-Wl,--whole-archive", "libb.a", "-o", "prog3");
        assertThat(whole.status()).isEqualTo(1);
        assertThat(whole.stderr()).contains("libb.a(dup.o): multiple definition of 'main'");
        assertThat(jomp(tmp, "a.c", "-lmissing", "-o", "prog4").stderr()).contains("cannot find -lmissing");
    }
}
