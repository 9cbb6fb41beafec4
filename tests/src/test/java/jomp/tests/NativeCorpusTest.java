package jomp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Native calls (docs/design/abi.md § Native calls), judged against gcc: each program in
 * tests/c/native links the shared library {@code lib/jnative.c} (built here by gcc with
 * {@code -shared -fPIC}) and the system libraries its {@code // NATIVE:} line names; the gcc and
 * the jomp binaries (jomp at -O0 and -O2) must print the same bytes and exit alike. The link
 * errors and the loader's failure for a missing library are compared with ld's and ld.so's.
 */
class NativeCorpusTest {
    private static Path lib;

    static Path dir() {
        return Corpus.root().resolve("tests/c/native");
    }

    @BeforeAll
    static void buildLibrary() throws IOException {
        assertTrue(
                Exec.available("gcc"),
                "gcc builds the test library and the reference programs: install it (.ci/run does)");
        lib = Corpus.work("native-lib");
        Path so = lib.resolve("libjnative.so.1");
        Exec.Result r = Exec.run(
                List.of(
                        "gcc",
                        "-O2",
                        "-shared",
                        "-fPIC",
                        "-Wl,-soname,libjnative.so.1",
                        dir().resolve("lib/jnative.c").toString(),
                        "-o",
                        so.toString()),
                dir(),
                Map.of(),
                lib.resolve("tmp"));
        assertEquals(0, r.status(), () -> r.describe("gcc"));
        Path link = lib.resolve("libjnative.so");
        Files.deleteIfExists(link);
        Files.createSymbolicLink(link, so.getFileName());
    }

    static List<Path> programs() {
        try (Stream<Path> s = Files.list(dir())) {
            return s.filter(p -> p.getFileName().toString().matches("\\d{3}-.*\\.c"))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The program's link flags: its {@code // NATIVE: -lz ...} line, the test library's folder and run path. */
    static List<String> linkFlags(Path program) {
        List<String> f = new ArrayList<>();
        for (String line : Corpus.read(program).lines().toList()) {
            if (line.startsWith("// NATIVE:")) {
                for (String w : line.substring(10).trim().split("\\s+")) if (!w.isEmpty()) f.add(w);
                break;
            }
        }
        f.addAll(List.of("-L" + lib, "-Wl,-rpath," + lib));
        return f;
    }

    @Execution(ExecutionMode.CONCURRENT)
    @TestFactory
    Stream<DynamicTest> jompMatchesGcc() {
        return programs().stream()
                .flatMap(p -> Stream.of("-O0", "-O2")
                        .map(opt ->
                                DynamicTest.dynamicTest(Corpus.stem(p) + " " + opt, p.toUri(), () -> compare(p, opt))));
    }

    private static void compare(Path program, String opt) throws IOException {
        String stem = Corpus.stem(program);
        List<String> common = new ArrayList<>(List.of("-std=gnu11", "-I" + dir()));
        if (Corpus.usesOpenMP(program)) common.add("-fopenmp");
        Path gccExe = Corpus.work("native-gcc").resolve(stem);
        List<String> gcc = new ArrayList<>(List.of("gcc", "-O0"));
        gcc.addAll(common);
        gcc.add(program.toString());
        gcc.addAll(linkFlags(program));
        gcc.addAll(List.of("-o", gccExe.toString()));
        Exec.Result want;
        synchronized (
                Reference.lock(
                        gccExe)) { // the -O0 and -O2 tests of the program, side by side, build and run the same binary
            Exec.Result g = Exec.run(gcc, dir(), Map.of(), gccExe.getParent().resolve("tmp"));
            assertEquals(0, g.status(), () -> g.describe("gcc"));
            want = Corpus.read(program).contains("#pragma omp target")
                    ? Exec.run(
                            List.of(gccExe.toString()),
                            gccExe.getParent(),
                            Map.of(),
                            gccExe.getParent().resolve("tmp"))
                    : Reference.runProgram(gccExe);
        }

        Path jompExe = Corpus.work("native-jomp" + opt).resolve(stem);
        Files.deleteIfExists(jompExe);
        List<String> jomp = new ArrayList<>(Corpus.jompCommand());
        jomp.add(opt);
        jomp.addAll(common);
        boolean offloads = Corpus.read(program).contains("#pragma omp target");
        if (offloads) jomp.add("-fopenmp-targets=jvm"); // target regions on the jvm device, which calls native code too
        jomp.add(program.toString());
        jomp.addAll(linkFlags(program));
        jomp.addAll(List.of("-o", jompExe.toString()));
        Exec.Result j = Exec.run(jomp, dir(), Map.of(), jompExe.getParent().resolve("tmp"));
        assertEquals(0, j.status(), () -> j.describe("jomp"));
        Exec.Result got = offloads
                ? Exec.run(
                        List.of(jompExe.toString()),
                        jompExe.getParent(),
                        Map.of("LIBOMPTARGET_INFO", "16"),
                        jompExe.getParent().resolve("tmp"))
                : Reference.runProgram(jompExe);
        if (offloads)
            assertTrue(
                    got.stderr().contains("info: Launching kernel"),
                    () -> "no target region ran on the jvm device:\n" + got.stderr());
        assertFalse(got.timedOut(), () -> got.describe("the jomp-built " + stem));
        if (!Arrays.equals(got.stdout(), want.stdout())) {
            fail("stdout differs from gcc's\n--- gcc:\n" + want.stdoutText() + "--- jomp:\n" + got.stdoutText()
                    + (got.stderr().isBlank() ? "" : "--- jomp's stderr:\n" + got.stderr()));
        }
        assertEquals(want.status(), got.status(), () -> "exit status; jomp's stderr: " + got.stderr());
    }

    /** An undefined function is ld's error: exit status 1, the symbol named, no output file. */
    @Test
    void undefinedReference() throws IOException {
        Path work = Corpus.work("native-errors");
        Path src = work.resolve("undefined.c");
        Files.writeString(
                src,
                "int printf(const char *, ...);\nint not_defined_anywhere(int);\n"
                        + "int main(void) { printf(\"%d\\n\", not_defined_anywhere(1)); return 0; }\n");
        for (List<String> compiler : List.of(List.of("gcc"), Corpus.jompCommand())) {
            Path exe = work.resolve("undefined-" + (compiler.get(0).equals("gcc") ? "gcc" : "jomp"));
            Files.deleteIfExists(exe);
            List<String> cmd = new ArrayList<>(compiler);
            cmd.addAll(List.of(src.toString(), "-L" + lib, "-ljnative", "-o", exe.toString()));
            Exec.Result r = Exec.run(cmd, work, Map.of(), work.resolve("tmp"));
            assertEquals(1, r.status(), () -> r.describe(String.join(" ", compiler)));
            assertTrue(
                    r.stderr().contains("undefined reference to `not_defined_anywhere'")
                            || r.stderr().contains("undefined reference to 'not_defined_anywhere'"),
                    r.stderr());
            assertFalse(Files.exists(exe), exe + " was written");
        }
    }

    /** {@code -lmissing}: ld's "cannot find -lmissing", exit status 1. */
    @Test
    void missingLibraryAtLinkTime() throws IOException {
        Path work = Corpus.work("native-errors");
        Path src = work.resolve("main.c");
        Files.writeString(src, "int main(void) { return 0; }\n");
        for (List<String> compiler : List.of(List.of("gcc"), Corpus.jompCommand())) {
            List<String> cmd = new ArrayList<>(compiler);
            cmd.addAll(List.of(
                    src.toString(),
                    "-lno_such_library_xyz",
                    "-o",
                    work.resolve("nolib").toString()));
            Exec.Result r = Exec.run(cmd, work, Map.of(), work.resolve("tmp"));
            assertEquals(1, r.status(), () -> r.describe(String.join(" ", compiler)));
            assertTrue(r.stderr().contains("cannot find -lno_such_library_xyz"), r.stderr());
        }
    }

    /**
     * A library that is gone when the program runs: the dynamic loader's message and status 127,
     * the same from the gcc-built and the jomp-built program (but for the program's name).
     */
    @Test
    void missingLibraryAtRunTime() throws IOException {
        Path work = Corpus.work("native-missing");
        Path so = work.resolve("libgone.so.1");
        Path src = work.resolve("gone.c");
        Files.writeString(work.resolve("libgone.c"), "int gone(void) { return 7; }\n");
        Exec.Result b = Exec.run(
                List.of("gcc", "-shared", "-fPIC", "-Wl,-soname,libgone.so.1", "libgone.c", "-o", so.toString()),
                work,
                Map.of(),
                work.resolve("tmp"));
        assertEquals(0, b.status(), () -> b.describe("gcc"));
        Path link = work.resolve("libgone.so");
        Files.deleteIfExists(link);
        Files.createSymbolicLink(link, so.getFileName());
        Files.writeString(
                src,
                "int printf(const char *, ...);\nint gone(void);\nint main(void) { printf(\"%d\\n\", gone()); return 0; }\n");
        Map<String, Exec.Result> runs = new java.util.LinkedHashMap<>();
        for (List<String> compiler : List.of(List.of("gcc"), Corpus.jompCommand())) {
            String who = compiler.get(0).equals("gcc") ? "gcc" : "jomp";
            Path exe = work.resolve("prog-" + who);
            List<String> cmd = new ArrayList<>(compiler);
            cmd.addAll(List.of(src.toString(), "-L" + work, "-lgone", "-o", exe.toString()));
            Exec.Result r = Exec.run(cmd, work, Map.of(), work.resolve("tmp"));
            assertEquals(0, r.status(), () -> r.describe(who));
            Exec.Result ok = Exec.run(
                    List.of(exe.toString()), work, Map.of("LD_LIBRARY_PATH", work.toString()), work.resolve("tmp"));
            assertEquals("7\n", ok.stdoutText(), () -> ok.describe(who + "'s program with LD_LIBRARY_PATH"));
        }
        Files.delete(so);
        for (String who : List.of("gcc", "jomp")) {
            Path exe = work.resolve("prog-" + who);
            runs.put(who, Exec.run(List.of(exe.toString()), work, Map.of(), work.resolve("tmp")));
        }
        Exec.Result g = runs.get("gcc"), j = runs.get("jomp");
        assertEquals(127, g.status(), g::stderr);
        assertEquals(g.status(), j.status(), j::stderr);
        assertEquals(g.stderr().replace("prog-gcc", "PROG"), j.stderr().replace("prog-jomp", "PROG"));
        assertEquals(0, j.stdout().length);
    }

    /** A bad pointer dereferenced inside a library ends the program as it ends the gcc build: SIGSEGV, status 139, output so far kept. */
    @Test
    void aFaultInsideALibraryEndsTheProgramByTheSignal() throws IOException {
        Path work = Corpus.work("native-crash");
        Files.writeString(work.resolve("crash.c"), "int crash(int *p) { return *p; }\n");
        Exec.Result b = Exec.run(
                List.of("gcc", "-O0", "-shared", "-fPIC", "crash.c", "-o", "libcrash.so"),
                work,
                Map.of(),
                work.resolve("tmp"));
        assertEquals(0, b.status(), () -> b.describe("gcc"));
        Path src = work.resolve("main.c");
        Files.writeString(
                src,
                "int printf(const char *, ...);\nint fflush(void *);\nint crash(int *p);\n"
                        + "int main(void) { printf(\"before\\n\"); fflush(0); return crash(0); }\n");
        Map<String, Exec.Result> runs = new java.util.LinkedHashMap<>();
        for (List<String> compiler : List.of(List.of("gcc"), Corpus.jompCommand())) {
            String who = compiler.get(0).equals("gcc") ? "gcc" : "jomp";
            Path exe = work.resolve("crash-" + who);
            List<String> cmd = new ArrayList<>(compiler);
            cmd.addAll(List.of(src.toString(), "-L" + work, "-lcrash", "-Wl,-rpath," + work, "-o", exe.toString()));
            Exec.Result r = Exec.run(cmd, work, Map.of(), work.resolve("tmp"));
            assertEquals(0, r.status(), () -> r.describe(who));
            runs.put(who, Exec.run(List.of(exe.toString()), work, Map.of(), work.resolve("tmp")));
        }
        assertEquals(139, runs.get("gcc").status(), runs.get("gcc")::stderr);
        assertEquals(139, runs.get("jomp").status(), runs.get("jomp")::stderr);
        assertEquals("before\n", runs.get("jomp").stdoutText());
        assertFalse(runs.get("jomp").stderr().contains("A fatal error"), runs.get("jomp")::stderr);
    }

    /**
     * Interposition, as ld.so binds a program: the program defines a function and a variable that a
     * shared library it links also defines; the program's definitions win for every reference, the
     * library's own calls, reads and function pointers among them. gcc with gcc's -shared library
     * against jomp with jomp's -shared library: the same output.
     */
    @Test
    void aProgramsDefinitionsInterposeItsSharedLibrarys() throws IOException {
        Path work = Corpus.work("native-interpose");
        Files.writeString(work.resolve("lib.c"), """
                int setting = 1;
                int hook(int v) { return v + 1000; }
                int lib_calls_hook(int v) { return hook(v) * 2; }
                int lib_reads_setting(void) { return setting; }
                int (*lib_hook_address(void))(int) { return hook; }
                int lib_own(int v) { return v - 1; }
                """);
        Files.writeString(work.resolve("prog.c"), """
                #include <stdio.h>
                int setting = 42;
                int hook(int v) { return v + 7; }
                int lib_calls_hook(int v);
                int lib_reads_setting(void);
                int (*lib_hook_address(void))(int);
                int lib_own(int v);
                int main(void) {
                    setting++;
                    printf("hook %d, the library's call %d, setting %d, the library's read %d, one pointer %d, through it %d, own %d\\n",
                           hook(1), lib_calls_hook(1), setting, lib_reads_setting(), lib_hook_address() == hook, lib_hook_address()(2), lib_own(5));
                    return 0;
                }
                """);
        Map<String, String> out = new java.util.LinkedHashMap<>();
        for (List<String> compiler : List.of(List.of("gcc"), Corpus.jompCommand())) {
            String who = compiler.get(0).equals("gcc") ? "gcc" : "jomp";
            List<String> lib = new ArrayList<>(compiler);
            lib.addAll(List.of("-shared", "-fPIC", "lib.c", "-o", "libip" + who + ".so"));
            Exec.Result l = Exec.run(lib, work, Map.of(), work.resolve("tmp"));
            assertEquals(0, l.status(), () -> l.describe(who + " -shared"));
            List<String> cmd = new ArrayList<>(compiler);
            cmd.addAll(List.of("prog.c", "-L.", "-lip" + who, "-Wl,-rpath," + work, "-o", "ip-" + who));
            Exec.Result r = Exec.run(cmd, work, Map.of(), work.resolve("tmp"));
            assertEquals(0, r.status(), () -> r.describe(who));
            Exec.Result run =
                    Exec.run(List.of(work.resolve("ip-" + who).toString()), work, Map.of(), work.resolve("tmp"));
            assertEquals(0, run.status(), () -> run.describe(who + "'s program"));
            out.put(who, run.stdoutText());
        }
        assertEquals(
                "hook 8, the library's call 16, setting 43, the library's read 43, one pointer 1, through it 9, own 4\n",
                out.get("gcc"));
        assertEquals(out.get("gcc"), out.get("jomp"));
    }

    /**
     * fork, 1,000 times (docs/design/abi.md § fork): each child prints, allocates, calls
     * functions and computes, then exits with a status the parent checks through waitpid; every
     * child must come back with its status, as from gcc's build. (Before: the child's JVM hung or
     * crashed in about two runs of three.) Its own test for the time it takes: a fork of a JVM and
     * its child's start cost some milliseconds each.
     */
    @Test
    void aThousandForksEachChildRunsCAndExits() throws IOException {
        Path work = Corpus.work("native-forks");
        Files.writeString(work.resolve("forks.c"), """
                #include <stdio.h>
                #include <stdlib.h>
                #include <string.h>
                #include <unistd.h>
                #include <sys/wait.h>
                static long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
                static int expected(int i) {
                    char b[64];
                    snprintf(b, sizeof b, "child %d fib %ld", i, fib(12 + i % 5));
                    return (i % 7 + (int)strlen(b)) % 256;
                }
                int main(void) {
                    int bad = 0;
                    for (int i = 0; i < 1000; i++) {
                        fflush(stdout);
                        pid_t p = fork();
                        if (p < 0) { perror("fork"); return 2; }
                        if (p == 0) {
                            char *buf = malloc(100);
                            snprintf(buf, 100, "child %d fib %ld", i, fib(12 + i % 5));
                            int code = (i % 7 + (int)strlen(buf)) % 256;
                            if (i % 250 == 0) printf("%s\\n", buf);
                            free(buf);
                            exit(code);
                        }
                        int st;
                        if (waitpid(p, &st, 0) != p || !WIFEXITED(st) || WEXITSTATUS(st) != expected(i)) bad++;
                    }
                    printf("1000 children, %d wrong\\n", bad);
                    return bad != 0;
                }
                """);
        Map<String, Exec.Result> runs = new java.util.LinkedHashMap<>();
        for (List<String> compiler : List.of(List.of("gcc"), Corpus.jompCommand())) {
            String who = compiler.get(0).equals("gcc") ? "gcc" : "jomp";
            List<String> cmd = new ArrayList<>(compiler);
            cmd.addAll(List.of("forks.c", "-o", "forks-" + who));
            Exec.Result r = Exec.run(cmd, work, Map.of(), work.resolve("tmp"));
            assertEquals(0, r.status(), () -> r.describe(who));
            runs.put(
                    who,
                    Exec.runLong(
                            List.of(work.resolve("forks-" + who).toString()),
                            work,
                            Map.of(),
                            work.resolve("tmp"),
                            600));
        }
        Exec.Result g = runs.get("gcc"), j = runs.get("jomp");
        assertFalse(j.timedOut(), () -> j.describe("the jomp-built program"));
        assertEquals(
                "child 0 fib 144\nchild 250 fib 144\nchild 500 fib 144\nchild 750 fib 144\n1000 children, 0 wrong\n",
                g.stdoutText());
        assertEquals(g.stdoutText(), j.stdoutText(), j::stderr);
        assertEquals(0, j.status(), j::stderr);
        assertEquals("", j.stderr());
    }
}
