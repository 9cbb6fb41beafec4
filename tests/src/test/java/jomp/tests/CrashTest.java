package jomp.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Programs fail like C programs: a bad pointer, a write to a string literal or
 * a const object, a stack overflow, a division by zero, abort, assert and __builtin_trap, in the main thread, in a parallel region's threads and
 * in target regions on the jvm device, end the jomp-built program as they end gcc's: the same
 * exit status, seen by the shell as the same signal (bash prints the same "Segmentation fault"
 * line), the same (lost) stdout, and no file anywhere: no hs_err_pid*.log in the working
 * directory or /tmp, nothing in TMPDIR, no hsperfdata file.
 */
class CrashTest {
    @TempDir
    static Path dir;

    /** Each crash the first argument names; the printf before it is lost with stdout's buffer, as in C. */
    static final String PROGRAM = """
            #include <stdio.h>
            #include <stdlib.h>
            #include <string.h>
            #include <assert.h>
            #include <setjmp.h>
            #include <unistd.h>
            #include <omp.h>
            int zero;
            extern void no_hook(void) __attribute__((weak)); /* nothing defines it: its address is 0 */
            static jmp_buf gone;
            static int arm(void) { return setjmp(gone); }
            const int limits[4] = {1, 2, 3, 4};
            static void at_exit(void) { printf("atexit handler ran\\n"); }
            static int depth(int n) { volatile char pad[200]; pad[0] = n; return depth(n + 1) + pad[0]; }
            static long vla(long n) { char big[n]; big[0] = 1; big[n - 1] = 2; return big[0] + big[n - 1]; }
            int main(int argc, char **argv) {
                printf("buffered, lost as in C\\n");
                const char *how = argv[1];
                int r = 0;
                if (!strcmp(how, "null")) { int *p = 0; r = *p; }
                if (!strcmp(how, "weak-call")) no_hook();
                if (!strcmp(how, "wild")) { long *p = (long *)0x7ff0deadbeef0L; *p = 3; }
                if (!strcmp(how, "literal")) { char *s = "a string literal"; s[2] = 'S'; r = s[2]; }
                if (!strcmp(how, "const")) { ((int *)limits)[1] = 7; r = limits[1]; }
                if (!strcmp(how, "stack")) r = depth(0);
                if (!strcmp(how, "vla")) r = (int)vla(1L << 30);
                if (!strcmp(how, "memset-wild")) {   /* a size from pointers out of order: runs into unmapped memory */
                    char a[8], *end = a;
                    memset(a, 0, (size_t)(end - (a + 4)));
                    r = a[0];
                }
                if (!strcmp(how, "divide")) r = 10 / zero;
                if (!strcmp(how, "abort")) abort();
                if (!strcmp(how, "assert")) assert(zero == 1);
                if (!strcmp(how, "trap")) __builtin_trap();
                if (!strcmp(how, "longjmp-returned") && arm() == 0) longjmp(gone, 1);   /* arm's frame is gone */
                if (!strcmp(how, "hot")) {   /* the faulting access in JIT-compiled code */
                    long s = 0;
                    for (long i = 0; i < 50000000; i++) { int *p = i < 49999999 ? &zero : (int *)16; s += *p; }
                    r = (int)s;
                }
                if (!strcmp(how, "parallel")) {
                    #pragma omp parallel num_threads(4) reduction(+:r)
                    { int *p = omp_get_thread_num() == 2 ? 0 : &zero; r += *p; }
                }
                if (!strcmp(how, "target-null")) {
                    int *p = 0;
                    #pragma omp target map(tofrom: r) is_device_ptr(p)
                    { r = *p; }
                }
                if (!strcmp(how, "target-divide")) {
                    #pragma omp target teams distribute parallel for map(tofrom: r) reduction(+:r)
                    for (int i = 0; i < 100; i++) r += i / (i == 57 ? zero : 1);
                }
                if (!strcmp(how, "target-stack")) {
                    #pragma omp target map(tofrom: r)
                    { r = depth(0); }
                }
                if (!strcmp(how, "target-free-twice")) {
                    void *d = omp_target_alloc(1 << 20, omp_get_default_device());
                    omp_target_free(d, omp_get_default_device());
                    omp_target_free(d, omp_get_default_device());
                }
                if (!strcmp(how, "wait") || !strcmp(how, "wait-native")) {   /* killed from outside while it waits */
                    atexit(at_exit);
                    if (!strcmp(how, "wait")) {   /* jomp's own stdio */
                        printf("ready\\n");
                        fflush(stdout);
                        printf("and buffered, lost\\n");
                    } else if (write(1, "ready\\n", 6) != 6) {   /* native code runs: atexit and exit are glibc's */
                        return 1;
                    }
                    for (;;) pause();
                }
                if (!strcmp(how, "env")) {   /* what the program and its children see of the launcher */
                    const char *pre = getenv("LD_PRELOAD");
                    printf("argv[0]=%s LD_PRELOAD=%s\\n", argv[0], pre ? pre : "(unset)");
                    fflush(stdout);
                    return system("echo child: ${LD_PRELOAD-unset}") != 0;
                }
                printf("r=%d\\n", r);
                return 3;
            }
            """;

    static Path gccDir, jompDir;

    @BeforeAll
    static void build() throws IOException {
        assertTrue(Exec.available("gcc"), "gcc is the reference compiler: install it (.ci/run does)");
        assertTrue(Exec.available("bash"), "bash prints the signal lines compared here: install it");
        gccDir = Files.createDirectories(dir.resolve("gcc"));
        jompDir = Files.createDirectories(dir.resolve("jomp"));
        Path src = dir.resolve("prog.c");
        Files.writeString(src, PROGRAM);
        Exec.Result g = Exec.run(
                List.of(
                        "gcc",
                        "-fopenmp",
                        "-O0",
                        "-w",
                        src.toString(),
                        "-o",
                        gccDir.resolve("prog").toString()),
                dir,
                Map.of(),
                dir.resolve("scratch"));
        assertThat(g.status()).as(g.describe("gcc")).isZero();
        List<String> cmd = new ArrayList<>(Corpus.jompCommand());
        cmd.addAll(List.of(
                "-fopenmp",
                "-fopenmp-targets=jvm",
                src.toString(),
                "-o",
                jompDir.resolve("prog").toString()));
        Exec.Result j = Exec.run(cmd, dir, Map.of(), dir.resolve("scratch"));
        assertThat(j.status()).as(j.describe("jomp")).isZero();
    }

    /** What a crash looked like from bash: its status, the line it printed (pid replaced), the program's stdout. */
    record Ending(int status, String shellSays, String stdout, long pid) {}

    /**
     * Runs {@code ./prog how} in {@code exeDir} under a non-interactive bash that waits for it, as a
     * user's script would, with core dumps off (their size depends on the machine) and TMPDIR set
     * to an empty folder; checks that neither folder gains a file.
     */
    private static Ending run(Path exeDir, String how, String... extraEnv) throws IOException {
        Path tmp = Files.createDirectories(dir.resolve("tmp-" + exeDir.getFileName() + "-" + how));
        List<String> before = entries(exeDir);
        Map<String, String> env = new java.util.HashMap<>(Map.of("TMPDIR", tmp.toString(), "OMP_NUM_THREADS", "4"));
        for (int i = 0; i + 1 < extraEnv.length; i += 2) env.put(extraEnv[i], extraEnv[i + 1]);
        Exec.Result r = Exec.run(
                List.of("bash", "-c", "ulimit -c 0; ./prog \"$1\"; exit $?", "bash", how),
                exeDir,
                env,
                dir.resolve("scratch"));
        assertThat(r.timedOut()).as(how).isFalse();
        assertThat(entries(exeDir))
                .as("files left in the working directory by " + exeDir.getFileName() + " " + how)
                .isEqualTo(before);
        assertThat(entries(tmp))
                .as("files left in TMPDIR by " + exeDir.getFileName() + " " + how)
                .isEmpty();
        Matcher m =
                Pattern.compile("^bash: line \\d+: +(\\d+) ", Pattern.MULTILINE).matcher(r.stderr());
        long pid = m.find() ? Long.parseLong(m.group(1)) : -1;
        // bash pads the pid to five columns: a six-digit pid has one space fewer, so the padding goes too
        String says = r.stderr().replaceAll("(?m)^(bash: line \\d+:) +\\d+ ", "$1  PID ");
        return new Ending(r.status(), says, r.stdoutText(), pid);
    }

    private static List<String> entries(Path d) throws IOException {
        try (Stream<Path> s = Files.list(d)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "null",
                "wild",
                "weak-call",
                "literal",
                "const",
                "stack",
                "vla",
                "memset-wild",
                "divide",
                "abort",
                "assert",
                "trap",
                "hot",
                "parallel",
                "target-null",
                "target-divide",
                "target-stack"
            })
    void endsAsGccsBuildEnds(String how) throws IOException {
        Ending want = run(gccDir, how);
        Ending got = run(jompDir, how);
        int signal = switch (how) {
            case "divide", "target-divide" -> 8;
            case "abort", "assert" -> 6;
            case "trap" -> 4;
            default -> 11;
        };
        assertThat(want.status()).as("gcc's build, " + how).isEqualTo(128 + signal);
        assertThat(got.status()).as(how).isEqualTo(want.status());
        assertThat(got.shellSays()).as(how).isEqualTo(want.shellSays());
        assertThat(got.shellSays())
                .as(how)
                .contains(
                        switch (signal) {
                            case 8 -> "Floating point exception";
                            case 6 -> "Aborted";
                            case 4 -> "Illegal instruction";
                            default -> "Segmentation fault";
                        });
        assertThat(got.stdout()).as(how).isEqualTo(want.stdout()).isEmpty();
        assertThat(got.pid()).as("bash names the process it lost").isPositive();
        assertThat(Path.of("/tmp/hs_err_pid" + got.pid() + ".log")).doesNotExist();
        assertThat(Path.of("/tmp/hsperfdata_" + System.getProperty("user.name"), Long.toString(got.pid())))
                .doesNotExist();
        assertThat(Path.of("/tmp/.java_pid" + got.pid())).as("no attach socket").doesNotExist();
    }

    /**
     * A device pointer freed twice: libomptarget 19's report and fatal error (not a Java stack
     * trace), and SIGABRT, as clang 19's build with libomptarget's host plugin ends (glibc's free
     * aborts there; gcc's build, whose omp_target_free is the host's free, dies of the munmap).
     */
    @Test
    void aDevicePointerFreedTwiceIsLibomptargetsFatalError() throws IOException {
        Ending got = run(jompDir, "target-free-twice");
        assertThat(got.status()).isEqualTo(128 + 6);
        assertThat(got.shellSays())
                .containsPattern("omptarget error: Failure to deallocate device pointer 0x[0-9a-f]+: "
                        + "Failure to deallocate device pointer 0x[0-9a-f]+ via device deallocator\n")
                .contains("omptarget fatal error 0: Failed to deallocate device ptr\n")
                .doesNotContain("Exception", "\tat ");
    }

    /**
     * A signal from outside (kill, a terminal's Ctrl-C or Ctrl-\\, a hang-up) whose action is the
     * default ends the program as it ends gcc's build: status 128 + n seen by bash, the buffered
     * output lost, no atexit handler run, nothing printed, no file left (before: the JVM's shutdown
     * ran C's atexit handlers from a JVM thread and crashed with its fatal-error report, status 134;
     * SIGQUIT printed a thread dump). Once with only jomp code, once after native code ran (atexit
     * and exit are glibc's then).
     */
    @ParameterizedTest
    @ValueSource(strings = {"TERM", "INT", "HUP", "QUIT"})
    void aSignalFromOutsideEndsTheProgramAsGccsBuild(String signal) throws IOException {
        for (String how : List.of("wait", "wait-native")) {
            Ending want = killed(gccDir, how, signal);
            Ending got = killed(jompDir, how, signal);
            int n = switch (signal) {
                case "TERM" -> 15;
                case "INT" -> 2;
                case "HUP" -> 1;
                default -> 3;
            };
            assertThat(want.status()).as("gcc's build, " + how).isEqualTo(128 + n);
            assertThat(got.status())
                    .as(how + " " + signal + ": " + got.shellSays())
                    .isEqualTo(want.status());
            assertThat(got.stdout())
                    .as(how)
                    .isEqualTo(want.stdout())
                    .endsWith("ready\n")
                    .doesNotContain("atexit", "and buffered");
            assertThat(got.shellSays()).as(how).isEqualTo(want.shellSays()).isEmpty();
        }
    }

    /**
     * Runs {@code ./prog how} in the background of a bash with job control (so that SIGINT and
     * SIGQUIT are not ignored, as they are for a non-interactive shell's background jobs), with the
     * four signals' actions reset to the default ({@code env --default-signal}: a test run started
     * under {@code nohup} or in a script's background inherits them ignored, and a shell cannot
     * reset a signal ignored at its entry; gcc's build then never ended), waits for its "ready",
     * sends the signal and returns what the program wrote and its status.
     */
    private static Ending killed(Path exeDir, String how, String signal) throws IOException {
        Path tmp = Files.createDirectories(dir.resolve("tmp-" + exeDir.getFileName() + "-" + how + "-" + signal));
        List<String> before = entries(exeDir);
        Path out = tmp.resolve("out"), err = tmp.resolve("err");
        Exec.Result r = Exec.run(
                List.of(
                        "bash",
                        "-c",
                        "set -m; ulimit -c 0; env --default-signal=INT,HUP,TERM,QUIT ./prog \"$1\" > \"$2\" 2> \"$3\" & pid=$!; "
                                + "for i in $(seq 200); do grep -q ready \"$2\" && break; sleep 0.1; done; kill -s \"$4\" $pid; wait $pid; s=$?; echo $pid; echo $s",
                        "bash",
                        how,
                        out.toString(),
                        err.toString(),
                        signal),
                exeDir,
                Map.of("TMPDIR", tmp.toString()),
                dir.resolve("scratch"));
        assertThat(r.timedOut()).as(how).isFalse();
        assertThat(entries(exeDir))
                .as("files left in the working directory by " + exeDir.getFileName() + " " + how)
                .isEqualTo(before);
        assertThat(entries(tmp)).as("files left in TMPDIR").containsExactlyInAnyOrder("out", "err");
        String[] lines = r.stdoutText().strip().split("\n");
        assertThat(Path.of("/tmp/.java_pid" + lines[0]))
                .as("no attach socket of the JVM left in /tmp")
                .doesNotExist();
        return new Ending(
                Integer.parseInt(lines[1]), Files.readString(err), Files.readString(out), Long.parseLong(lines[0]));
    }

    /**
     * A longjmp whose setjmp's function has returned: undefined in C (gcc's build runs on with a
     * stale frame); jomp's ends as glibc's checked longjmp (-D_FORTIFY_SOURCE's __longjmp_chk)
     * ends it, with its message and SIGABRT.
     */
    @Test
    void aLongjmpThatNoSetjmpWaitsForAbortsAsGlibcsCheckedLongjmp() throws IOException {
        Ending got = run(jompDir, "longjmp-returned");
        assertThat(got.status()).isEqualTo(128 + 6);
        assertThat(got.shellSays())
                .contains("*** longjmp causes uninitialized stack frame ***: terminated\n")
                .contains("Aborted")
                .doesNotContain("Exception", "at jomp.");
        assertThat(got.stdout()).isEmpty();
    }

    @Test
    void theProgramSeesArgvAndEnvironmentAsGccsDoes() throws IOException {
        Ending want = run(gccDir, "env");
        assertThat(want.stdout())
                .isEqualTo("buffered, lost as in C\nargv[0]=./prog LD_PRELOAD=(unset)\nchild: unset\n");
        assertThat(run(jompDir, "env")).isEqualTo(want);
        String libm = Exec.run(List.of("gcc", "-print-file-name=libm.so.6"), dir, Map.of(), dir.resolve("scratch"))
                .stdoutText()
                .strip();
        Ending wantPre = run(gccDir, "env", "LD_PRELOAD", libm);
        assertThat(wantPre.stdout())
                .isEqualTo("buffered, lost as in C\nargv[0]=./prog LD_PRELOAD=" + libm + "\nchild: " + libm + "\n");
        assertThat(run(jompDir, "env", "LD_PRELOAD", libm)).isEqualTo(wantPre);
    }

    /**
     * SIGBUS: jomp's C library has no mmap yet, so the fault comes from Java code running on the
     * executable's runtime in a JVM that preloaded the executable (BusFault); gcc's program does
     * the same in C. Both end by SIGBUS, seen by bash as "Bus error".
     */
    @Test
    void aBusErrorEndsTheProgramBySigbus() throws Exception {
        Files.writeString(dir.resolve("bus.c"), """
                #include <fcntl.h>
                #include <sys/mman.h>
                #include <unistd.h>
                int main(int argc, char **argv) {
                    int fd = open(argv[1], O_RDWR | O_CREAT | O_TRUNC, 0600);
                    if (ftruncate(fd, 8192)) return 1;
                    volatile int *p = mmap(0, 8192, PROT_READ, MAP_SHARED, fd, 0);
                    if (ftruncate(fd, 0)) return 1;
                    unlink(argv[1]);
                    return p[1024];
                }
                """);
        Exec.Result g = Exec.run(List.of("gcc", "-O0", "bus.c", "-o", "bus"), dir, Map.of(), dir.resolve("scratch"));
        assertThat(g.status()).as(g.describe("gcc")).isZero();
        Exec.Result want = Exec.run(
                List.of("bash", "-c", "ulimit -c 0; ./bus f.bin; exit $?"), dir, Map.of(), dir.resolve("scratch"));
        String java = ProcessHandle.current().info().command().orElseThrow();
        String classes = Path.of(BusFault.class
                        .getProtectionDomain()
                        .getCodeSource()
                        .getLocation()
                        .toURI())
                .toString();
        Exec.Result got = Exec.run(
                List.of(
                        "bash",
                        "-c",
                        "ulimit -c 0; LD_PRELOAD=\"$1\" \"$2\" --sun-misc-unsafe-memory-access=allow "
                                + "--add-opens java.base/jdk.internal.misc=ALL-UNNAMED -cp \"$1:$3\" "
                                + BusFault.class.getName() + " f.bin; exit $?",
                        "bash",
                        jompDir.resolve("prog").toString(),
                        java,
                        classes),
                dir,
                Map.of(),
                dir.resolve("scratch"));
        assertThat(want.status()).isEqualTo(128 + 7);
        assertThat(want.stderr()).contains("Bus error");
        assertThat(got.status()).as(got.stderr()).isEqualTo(want.status());
        assertThat(got.stderr())
                .contains("Bus error")
                .doesNotContain("Exception")
                .doesNotContain("#");
        assertThat(dir.resolve("f.bin")).doesNotExist();
    }

    /**
     * Every allocator answers NULL when there is no memory for the request (errno ENOMEM where C
     * says so), on the host and on the jvm device (gcc's build has no device: its
     * omp_target_alloc is the host's malloc), and the program goes on.
     */
    @Test
    void allocationFailureIsNullNotACrash() throws IOException {
        Files.writeString(dir.resolve("alloc.c"), """
                #include <stdio.h>
                #include <stdlib.h>
                #include <errno.h>
                #include <omp.h>
                int main(void) {
                    size_t vast = (size_t)1 << 62, big = (size_t)100 << 30;
                    errno = 0; void *p = malloc(vast); printf("malloc %d %d\\n", p == NULL, errno == ENOMEM);
                    errno = 0; p = calloc(vast, 4); printf("calloc %d %d\\n", p == NULL, errno == ENOMEM);
                    void *q = malloc(16);
                    errno = 0; p = realloc(q, vast); printf("realloc %d %d\\n", p == NULL, errno == ENOMEM);
                    free(q);
                    errno = 0; p = aligned_alloc(64, vast); printf("aligned_alloc %d %d\\n", p == NULL, errno == ENOMEM);
                    void *r = 0; int e = posix_memalign(&r, 64, vast); printf("posix_memalign %d\\n", e == ENOMEM);
                    printf("omp_alloc %d\\n", omp_alloc(vast, omp_default_mem_alloc) == NULL);
                    printf("omp_aligned_alloc %d\\n", omp_aligned_alloc(64, vast, omp_default_mem_alloc) == NULL);
                    printf("omp_calloc %d\\n", omp_calloc(vast, 2, omp_default_mem_alloc) == NULL);
                    printf("omp_target_alloc %d %d\\n", omp_target_alloc(vast, omp_get_default_device()) == NULL,
                           omp_target_alloc(big, omp_get_default_device()) == NULL);
                    void *d = omp_target_alloc(64, omp_get_default_device());
                    printf("still works %d\\n", d != NULL);
                    omp_target_free(d, omp_get_default_device());
                    return 0;
                }
                """);
        Exec.Result g = Exec.run(
                List.of(
                        "gcc",
                        "-fopenmp",
                        "-w",
                        "alloc.c",
                        "-o",
                        gccDir.resolve("alloc").toString()),
                dir,
                Map.of(),
                dir.resolve("scratch"));
        assertThat(g.status()).as(g.describe("gcc")).isZero();
        List<String> cmd = new ArrayList<>(Corpus.jompCommand());
        cmd.addAll(List.of(
                "-fopenmp",
                "-fopenmp-targets=jvm",
                "alloc.c",
                "-o",
                jompDir.resolve("alloc").toString()));
        Exec.Result j = Exec.run(cmd, dir, Map.of(), dir.resolve("scratch"));
        assertThat(j.status()).as(j.describe("jomp")).isZero();
        Exec.Result want = Exec.run(List.of(gccDir.resolve("alloc").toString()), dir, Map.of(), dir.resolve("scratch"));
        Exec.Result got = Exec.run(List.of(jompDir.resolve("alloc").toString()), dir, Map.of(), dir.resolve("scratch"));
        assertThat(want.status()).isZero();
        assertThat(want.stdoutText()).doesNotContain(" 0"); // every allocation failed, with ENOMEM
        assertThat(got.stdoutText()).isEqualTo(want.stdoutText());
        assertThat(got.stderr()).isEmpty();
        assertThat(got.status()).isZero();
    }

    @Test
    void aProgramThatDoesNotCrashIsUnchanged() throws IOException {
        Ending want = run(gccDir, "none");
        Ending got = run(jompDir, "none");
        assertThat(want).isEqualTo(new Ending(3, "", "buffered, lost as in C\nr=0\n", -1));
        assertThat(got).isEqualTo(want);
    }

    /**
     * A volatile read whose value nothing uses is still made at -O2, as gcc's build makes it: the
     * deliberate-crash idiom {@code *(volatile int *)0;} ends both programs with SIGSEGV after the
     * output flushed before it; the unused reads of a volatile global stay too (they cannot fault).
     */
    @Test
    void anUnusedVolatileReadOfNullFaultsAtO2() throws IOException {
        Path src = dir.resolve("volatile-null.c");
        Files.writeString(src, """
                #include <stdio.h>
                volatile int vg;
                int main(void) {
                    (void)vg;
                    vg;
                    printf("before\\n");
                    fflush(stdout);
                    *(volatile int *)0;
                    printf("after\\n");
                    return 0;
                }
                """);
        List<Ending> endings = new ArrayList<>();
        for (List<String> cc : List.of(List.of("gcc", "-w"), Corpus.jompCommand())) {
            Path out = Files.createDirectories(dir.resolve(cc.get(0).equals("gcc") ? "gcc-vol" : "jomp-vol"));
            List<String> cmd = new ArrayList<>(cc);
            cmd.addAll(List.of("-O2", src.toString(), "-o", out.resolve("prog").toString()));
            Exec.Result b = Exec.run(cmd, dir, Map.of(), dir.resolve("scratch"));
            assertThat(b.status()).as(b.describe(cc.get(0))).isZero();
            endings.add(run(out, "x"));
        }
        assertThat(endings.get(0).status()).isEqualTo(139);
        assertThat(endings.get(1).status()).isEqualTo(139);
        assertThat(endings.get(1).stdout())
                .isEqualTo("before\n")
                .isEqualTo(endings.get(0).stdout());
    }
}
