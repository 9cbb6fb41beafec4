package jomp.tests;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a build needs of jomp's outputs, through the real bin/jomp: an object is the same bytes
 * whatever directory the checkout and the build are in and however the source is named (so
 * ccache, sccache and remote caches can share it), kernels of distinct files stay distinct when
 * linked, a program whose main is in a static archive links, C from standard input compiles.
 */
class BuildOutputsTest {
    @TempDir
    Path dir;

    private static final String KERNEL = """
            #include <stdio.h>
            int scale(int n) {
              int s = 0;
            #pragma omp target teams distribute parallel for reduction(+: s) map(tofrom: s)
              for (int i = 0; i < n; i++) s += i;
              return s;
            }
            """;

    private static Exec.Result jomp(Path cwd, String... args) {
        List<String> cmd = new ArrayList<>(Corpus.jompCommand());
        cmd.addAll(List.of(args));
        return Exec.run(cmd, cwd, Map.of(), cwd.resolve(".scratch"));
    }

    @Test
    void anObjectIsTheSameFromAnyDirectory() throws Exception {
        List<byte[]> objects = new ArrayList<>();
        int k = 0;
        for (String checkout : List.of("a/src", "elsewhere/deeper/src")) {
            Path src = Files.createDirectories(dir.resolve(checkout));
            Files.writeString(src.resolve("k.c"), KERNEL);
            Path build = Files.createDirectories(dir.resolve(checkout).resolveSibling("build" + k++));
            // relative and absolute source names, from the source and from a build directory
            for (String[] c : new String[][] {
                {src.toString(), "k.c"},
                {build.toString(), src.resolve("k.c").toString()},
                {build.toString(), "../src/k.c"}
            }) {
                Path cwd = Path.of(c[0]);
                Exec.Result r = jomp(cwd, "-O1", "-fopenmp-targets=jvm", "-c", c[1], "-o", "k.o");
                assertThat(r.status()).as(r.describe("jomp -c " + c[1])).isZero();
                byte[] o = Files.readAllBytes(cwd.resolve("k.o"));
                assertThat(new String(o, java.nio.charset.StandardCharsets.ISO_8859_1))
                        .as("no directory in the object")
                        .doesNotContain(dir.toString());
                objects.add(o);
            }
        }
        for (byte[] o : objects) assertThat(o).isEqualTo(objects.get(0));
    }

    @Test
    void kernelsOfDistinctFilesStayDistinct() throws Exception {
        // the same function name and line in two files: two kernels, each running its own code
        Files.writeString(
                dir.resolve("one.c"),
                "int work(int n) {\n int s = 0;\n#pragma omp target map(tofrom: s)\n s = n + 1;\n return s; }\n");
        Files.writeString(
                dir.resolve("two.c"),
                "int work2(int n) {\n int s = 0;\n#pragma omp target map(tofrom: s)\n s = n + 2;\n return s; }\n");
        Files.writeString(
                dir.resolve("m.c"),
                "#include <stdio.h>\nint work(int); int work2(int);\nint main(void) { printf(\"%d %d\\n\", work(1), work2(1)); return 0; }\n");
        Files.writeString(
                dir.resolve("three.c"), Files.readString(dir.resolve("one.c")).replace("work(", "work3("));
        Exec.Result r = jomp(dir, "-fopenmp-targets=jvm", "one.c", "two.c", "m.c", "-o", "prog");
        assertThat(r.status()).as(r.describe("jomp")).isZero();
        Exec.Result p = Exec.run(
                List.of(dir.resolve("prog").toString()),
                dir,
                Map.of("LIBOMPTARGET_INFO", "16"),
                dir.resolve(".scratch"));
        assertThat(p.stdoutText()).isEqualTo("2 3\n");
        assertThat(p.stderr()).contains("info: Launching kernel");
    }

    @Test
    void mainFromAStaticArchiveLinks() throws Exception {
        Exec.require("ar");
        Files.writeString(dir.resolve("main.c"), "int helper(void);\nint main(void) { return helper(); }\n");
        Files.writeString(dir.resolve("helper.c"), "int helper(void) { return 7; }\n");
        assertThat(jomp(dir, "-c", "main.c", "helper.c").status()).isZero();
        assertThat(Exec.run(
                                List.of("ar", "rcs", "libapp.a", "main.o", "helper.o"),
                                dir,
                                Map.of(),
                                dir.resolve(".scratch"))
                        .status())
                .isZero();
        // as ld: the archive alone, and -l with -L
        for (List<String> link : List.of(List.of("libapp.a", "-o", "p1"), List.of("-L.", "-lapp", "-o", "p2"))) {
            Exec.Result r = jomp(dir, link.toArray(String[]::new));
            assertThat(r.status()).as(r.describe("jomp " + link)).isZero();
            String exe = link.get(link.size() - 1);
            assertThat(Exec.run(List.of(dir.resolve(exe).toString()), dir, Map.of(), dir.resolve(".scratch"))
                            .status())
                    .isEqualTo(7);
        }
        // and gcc agrees that this links
        Exec.require("gcc");
        assertThat(Exec.run(List.of("gcc", "-c", "main.c", "helper.c"), dir, Map.of(), dir.resolve(".scratch"))
                        .status())
                .isZero();
        assertThat(Exec.run(
                                List.of("ar", "rcs", "libg.a", "main.o", "helper.o"),
                                dir,
                                Map.of(),
                                dir.resolve(".scratch"))
                        .status())
                .isZero();
        assertThat(Exec.run(List.of("gcc", "-L.", "-lg", "-o", "pg"), dir, Map.of(), dir.resolve(".scratch"))
                        .status())
                .isZero();
    }

    @Test
    void cFromStandardInput() throws Exception {
        Exec.require("sh");
        StringBuilder sh = new StringBuilder("printf 'int main(void) { return 3; }\\n' | ");
        for (String w : Corpus.jompCommand()) sh.append("'").append(w).append("' ");
        Exec.Result r = Exec.run(List.of("sh", "-c", sh + "-x c - -c"), dir, Map.of(), dir.resolve(".scratch"));
        assertThat(r.status()).as(r.describe("jomp -x c - -c")).isZero();
        assertThat(dir.resolve("-.o")).as("clang names it -.o").exists();
        r = Exec.run(List.of("sh", "-c", sh + "-x c - -o fromstdin"), dir, Map.of(), dir.resolve(".scratch"));
        assertThat(r.status()).as(r.describe("jomp -x c - -o")).isZero();
        assertThat(Exec.run(List.of(dir.resolve("fromstdin").toString()), dir, Map.of(), dir.resolve(".scratch"))
                        .status())
                .isEqualTo(3);
        r = Exec.run(List.of("sh", "-c", sh + "- -c"), dir, Map.of(), dir.resolve(".scratch"));
        assertThat(r.status()).isEqualTo(1);
        assertThat(r.stderr()).contains("jomp: error: -E or -x required when input is from standard input");
    }

    @Test
    void gnuLdOptionsAndGroupsAsLdTakesThem() throws Exception {
        Exec.require("ar");
        Files.writeString(dir.resolve("ga.c"), "int b(void);\nint a(void) { return b() + 1; }\n");
        Files.writeString(
                dir.resolve("gb.c"), "int a(void);\nint b(void) { return 1; }\nint c(void) { return a(); }\n");
        Files.writeString(dir.resolve("gm.c"), "int c(void);\nint main(void) { return c(); }\n");
        assertThat(jomp(dir, "-c", "ga.c", "gb.c", "gm.c").status()).isZero();
        assertThat(Exec.run(List.of("ar", "rcs", "liba.a", "ga.o"), dir, Map.of(), dir.resolve(".scratch"))
                        .status())
                .isZero();
        assertThat(Exec.run(List.of("ar", "rcs", "libb.a", "gb.o"), dir, Map.of(), dir.resolve(".scratch"))
                        .status())
                .isZero();
        // what CMake, Meson and distributions pass to ld: accepted; archives that need each other link in a group only
        Exec.Result r = jomp(
                dir,
                "gm.o",
                "-L.",
                "-Wl,--as-needed",
                "-Wl,--no-undefined",
                "-Wl,-O1",
                "-Wl,-z,relro,-z,now",
                "-Wl,--hash-style=gnu",
                "-Wl,-rpath,/opt/lib",
                "-Wl,--gc-sections",
                "-Wl,--start-group",
                "-la",
                "-lb",
                "-Wl,--end-group",
                "-o",
                "grouped");
        assertThat(r.status()).as(r.describe("jomp link with a group")).isZero();
        assertThat(Exec.run(List.of(dir.resolve("grouped").toString()), dir, Map.of(), dir.resolve(".scratch"))
                        .status())
                .isEqualTo(2);
        Exec.Result ungrouped = jomp(dir, "gm.o", "-L.", "-la", "-lb", "-o", "ungrouped");
        assertThat(ungrouped.status())
                .as("without the group, as ld: a is needed after liba was searched")
                .isEqualTo(1);
        assertThat(ungrouped.stderr()).contains("undefined reference to 'a'");
        Exec.Result bad = jomp(dir, "gm.o", "-Wl,--frobnicate", "-o", "bad");
        assertThat(bad.status()).isEqualTo(1);
        assertThat(bad.stderr()).contains("unrecognized option '--frobnicate'");
    }

    private static Exec.Result jomp(Path cwd, Map<String, String> env, String... args) {
        List<String> cmd = new ArrayList<>(Corpus.jompCommand());
        cmd.addAll(List.of(args));
        return Exec.run(cmd, cwd, env, cwd.resolve(".scratch"));
    }

    /**
     * A link records no time of its own (ld records none): two links of the same objects 3 s apart,
     * in another time zone, are the same bytes, and so are two -shared libraries; the time a jar
     * entry must have is SOURCE_DATE_EPOCH's when it is set (the reproducible-builds convention).
     */
    @Test
    void linksAreTheSameBytesAndTakeSourceDateEpoch() throws Exception {
        Files.writeString(
                dir.resolve("r.c"),
                "#include <stdio.h>\nint twice(int v) { return 2 * v; }\nint main(void) { printf(\"%d\\n\", twice(21)); return 0; }\n");
        assertThat(jomp(dir, "-c", "r.c").status()).isZero();
        assertThat(jomp(dir, "r.o", "-o", "r1").status()).isZero();
        Thread.sleep(3000);
        assertThat(jomp(dir, Map.of("TZ", "America/New_York"), "r.o", "-o", "r2")
                        .status())
                .isZero();
        assertThat(Files.readAllBytes(dir.resolve("r2")))
                .as("a link 3 s later, in another time zone")
                .isEqualTo(Files.readAllBytes(dir.resolve("r1")));
        assertThat(jomp(dir, "-shared", "r.o", "-o", "libr1.so").status()).isZero();
        Thread.sleep(1100);
        assertThat(jomp(dir, "-shared", "r.o", "-o", "libr2.so").status()).isZero();
        assertThat(Files.readAllBytes(dir.resolve("libr2.so")))
                .as("a -shared library")
                .isEqualTo(Files.readAllBytes(dir.resolve("libr1.so")));
        long sde = 1_700_000_000L;
        assertThat(jomp(dir, Map.of("SOURCE_DATE_EPOCH", Long.toString(sde)), "r.o", "-o", "r3")
                        .status())
                .isZero();
        try (java.util.zip.ZipFile z =
                new java.util.zip.ZipFile(dir.resolve("r3").toFile())) {
            java.time.LocalDateTime want = java.time.LocalDateTime.ofEpochSecond(sde, 0, java.time.ZoneOffset.UTC);
            for (var e : java.util.Collections.list(z.entries()))
                assertThat(e.getTimeLocal()).as(e.getName()).isEqualTo(want);
        }
        Exec.Result run = Exec.run(List.of(dir.resolve("r3").toString()), dir, Map.of(), dir.resolve(".scratch"));
        assertThat(run.stdoutText()).isEqualTo("42\n");
    }
}
