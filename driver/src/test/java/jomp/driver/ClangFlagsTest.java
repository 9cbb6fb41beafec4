package jomp.driver;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import jomp.env.ExternalTools;
import jomp.env.Invocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What jomp says about the flags on a command line is what clang-19 says (its program name
 * mapped): unknown arguments and clang's "did you mean", gcc flags clang ignores, arguments a
 * command does not use, -Werror/-w/-Qunused-arguments on those, unknown -W options and their
 * suggestions, bad -x and -fopenmp= values, stdin without -x; and a sample of clang's whole option
 * table (driver/tools/clang-options.py) behaves as clang-19 still does.
 */
class ClangFlagsTest {
    @TempDir
    static Path dir;

    record Run(int status, String stdout, String stderr) {}

    static Run jomp(List<String> args) throws IOException {
        Files.writeString(dir.resolve("a.c"), "int main(void) { return 0; }\n");
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        Invocation.install(new Invocation(dir, System.getenv()));
        int status;
        try {
            status = Main.run(args.toArray(String[]::new), new PrintStream(out, true), new PrintStream(err, true));
        } finally {
            Invocation.reset();
        }
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static Run clang(List<String> args) throws Exception {
        Files.writeString(dir.resolve("a.c"), "int main(void) { return 0; }\n");
        List<String> cmd = new ArrayList<>(List.of("clang-19"));
        cmd.addAll(args);
        Process p = ExternalTools.processBuilder(cmd)
                .directory(dir.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .start();
        byte[] o, e;
        try (InputStream so = p.getInputStream();
                InputStream se = p.getErrorStream()) {
            o = so.readAllBytes();
            e = se.readAllBytes();
        }
        return new Run(p.waitFor(), new String(o, StandardCharsets.UTF_8), new String(e, StandardCharsets.UTF_8));
    }

    /** The diagnostic lines, clang's program name as jomp's. */
    static List<String> diagnostics(String stderr) {
        return stderr.lines()
                .map(l -> l.replace("clang-19: ", "jomp: ").replace("clang: ", "jomp: "))
                .filter(l -> l.contains("error: ") || l.contains("warning: "))
                .toList();
    }

    static Stream<String> commandLines() {
        return Stream.of(
                "-fopnemp -c a.c",
                "-fopenmpp -c a.c",
                "-fopenmp-target=jvm -c a.c",
                "-fsyntax-onl a.c",
                "-fPIc -c a.c",
                "-ffoo -c a.c",
                "-mfoo -c a.c",
                "--verison",
                "-fdiagnostics-colour -c a.c",
                "-MMF -c a.c",
                "-fgcse -c a.c",
                "-funroll-all-loops -finline-limit=100 -c a.c",
                "-rdynamic -c a.c",
                "-shared -c a.c",
                "-Werror -rdynamic -c a.c",
                "-Werror -fgcse -c a.c",
                "-w -rdynamic -fgcse -c a.c",
                "-Qunused-arguments -rdynamic -fgcse -c a.c",
                "-Wno-unused-command-line-argument -rdynamic -c a.c",
                "-Wno-ignored-optimization-argument -fgcse -c a.c",
                "-pipe -fPIC -fpic -fPIE -fno-pie -pthread -static -c a.c",
                "-fsanitize=address -c a.c",
                "-fcolor-diagnostics -fdiagnostics-color=always -fno-color-diagnostics -c a.c",
                "-fopenmp=libomp -c a.c",
                "-fopenmp=foo -c a.c",
                "-x foo a.c",
                "-c -",
                "-MF x.d -c a.c",
                "-std=c99 -c a.c",
                "-std=gnu17 -c a.c",
                "-ansi -c a.c",
                "-g -O2 -c a.c",
                "-Wl,--as-needed -c a.c",
                "-Wfoo -fsyntax-only a.c",
                "-Wno-foo -fsyntax-only a.c",
                "-Werror=foo -fsyntax-only a.c",
                "-Wformt -fsyntax-only a.c",
                "-Wunused-varible -fsyntax-only a.c",
                "-Wno-error=formt -fsyntax-only a.c",
                "-Wall -Wextra -Wpedantic -fsyntax-only a.c",
                "-Werror -Wfoo -fsyntax-only a.c");
    }

    @ParameterizedTest
    @MethodSource("commandLines")
    void saysWhatClangSays(String line) throws Exception {
        List<String> args = List.of(line.split(" "));
        Run c = clang(args), j = jomp(args);
        assertThat(diagnostics(j.stderr())).as("jomp %s\n%s", line, j.stderr()).isEqualTo(diagnostics(c.stderr()));
        assertThat(j.status()).as("jomp %s: exit status\n%s", line, j.stderr()).isEqualTo(c.status());
    }

    @Test
    void answersWhatBuildSystemsAsk() throws Exception {
        assertThat(jomp(List.of("-dumpversion")).stdout())
                .isEqualTo(clang(List.of("-dumpversion")).stdout());
        assertThat(jomp(List.of("-dumpmachine")).stdout()).isEqualTo(jomp.toolchain.Triple.HOST + "\n");
        assertThat(jomp(List.of("-print-prog-name=ld")).stdout()).isEqualTo("ld\n");
        assertThat(jomp(List.of("-print-file-name=libnothere.a")).stdout())
                .isEqualTo(clang(List.of("-print-file-name=libnothere.a")).stdout());
        assertThat(jomp(List.of("-print-search-dirs")).stdout())
                .startsWith("programs: =")
                .contains("\nlibraries: =");
    }

    /** 200 options of clang's table, drawn with a fixed seed: jomp takes each as clang-19 does. */
    @Test
    void clangsOptionTableIsStillClangs() throws Exception {
        List<String> lines = new ArrayList<>();
        try (InputStream in = jomp.driver.options.ClangOptions.class.getResourceAsStream("clang19-options.txt")) {
            for (String l : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (l.equals("# warnings")) break;
                if (!l.startsWith("#") && l.startsWith("flag ")) lines.add(l);
            }
        }
        Random r = new Random(15);
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            String[] f = lines.get(r.nextInt(lines.size())).split(" ", 4);
            String opt = f[3];
            List<String> args = List.of("-###", "-c", "a.c", opt);
            List<String> want = diagnostics(clang(args).stderr()).stream()
                    .filter(l -> l.contains("unknown argument")
                            || l.contains("is not supported [-Wignored")
                            || l.contains("unused during compilation"))
                    .toList();
            List<String> got = diagnostics(jomp(args).stderr()).stream()
                    .filter(l -> l.contains("unknown argument")
                            || l.contains("is not supported [-Wignored")
                            || l.contains("unused during compilation"))
                    .toList();
            if (!want.equals(got)) failures.add(opt + ": clang " + want + ", jomp " + got);
        }
        assertThat(failures).as("regenerate with driver/tools/clang-options.py").isEmpty();
    }

    @Test
    void missingTempDirectoryFallsBackAsGccDoes() throws Exception {
        Files.writeString(dir.resolve("a.c"), "#include <stdio.h>\nint main(void) { puts(\"built\"); return 3; }\n");
        Map<String, String> env = new java.util.HashMap<>(System.getenv());
        env.put("TMPDIR", dir.resolve("no-such-dir").toString());
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Invocation.install(new Invocation(dir, env));
        int status;
        try {
            status = Main.run(
                    new String[] {"-fopenmp-targets=jvm", "a.c", "-o", "prog"},
                    new PrintStream(new ByteArrayOutputStream()),
                    new PrintStream(err, true));
        } finally {
            Invocation.reset();
        }
        ProcessBuilder p = ExternalTools.processBuilder("gcc", "a.c", "-o", "cprog")
                .directory(dir.toFile())
                .redirectErrorStream(true);
        p.environment().put("TMPDIR", dir.resolve("no-such-dir").toString());
        Process cp = p.start();
        String gccSays = new String(cp.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(cp.waitFor()).as(gccSays).isEqualTo(0);
        assertThat(status).as(err.toString(StandardCharsets.UTF_8)).isEqualTo(0);
        assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
        for (String prog : List.of("prog", "cprog")) {
            Process run =
                    new ProcessBuilder("./" + prog).directory(dir.toFile()).start();
            assertThat(new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8))
                    .as(prog)
                    .isEqualTo("built\n");
            assertThat(run.waitFor()).as(prog).isEqualTo(3);
        }
        assertThat(dir.resolve("no-such-dir")).doesNotExist();
    }

    @Test
    void unwritableOutputIsClangsError() throws Exception {
        for (String mode : List.of("-c", "-S", "-E")) {
            List<String> args = List.of(mode, "a.c", "-o", "no/such/dir/x.out");
            Run c = clang(args), j = jomp(args);
            assertThat(diagnostics(j.stderr())).as(mode).isEqualTo(diagnostics(c.stderr()));
            assertThat(j.stderr()).contains("1 error generated.");
            assertThat(j.status()).isEqualTo(1);
        }
        Run j = jomp(List.of("a.c", "-o", "no/such/dir/x"));
        assertThat(j.status()).isEqualTo(1);
        assertThat(j.stderr()).contains("unable to open output file 'no/such/dir/x': 'No such file or directory'");
    }
}
