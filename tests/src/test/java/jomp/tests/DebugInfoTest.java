package jomp.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jdi.Bootstrap;
import com.sun.jdi.IntegerValue;
import com.sun.jdi.LocalVariable;
import com.sun.jdi.StackFrame;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.connect.AttachingConnector;
import com.sun.jdi.connect.Connector;
import com.sun.jdi.event.BreakpointEvent;
import com.sun.jdi.event.ClassPrepareEvent;
import com.sun.jdi.event.Event;
import com.sun.jdi.event.EventSet;
import com.sun.jdi.event.VMDeathEvent;
import com.sun.jdi.event.VMDisconnectEvent;
import com.sun.jdi.request.BreakpointRequest;
import com.sun.jdi.request.ClassPrepareRequest;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * -g: the classes carry the C file's name, its lines and the names of the C
 * locals the JVM holds, so that Java stack traces, jdb (JDI) and JFR show {@code lines.c:N} and C
 * function names; without -g the classes have neither table and no path.
 */
class DebugInfoTest {
    @TempDir
    static Path dir;

    /**
     * Functions are written {@code type name(...) {} on one line and closed by a lone {@code }} at
     * the start of a line: those lines (prologue, epilogue) are left out of the comparison with
     * gcc's and clang's line tables.
     */
    static final String SOURCE = """
            #include <stdio.h>
            #include <stdlib.h>

            static int depth(int n) {
                volatile char pad[64];
                pad[0] = n;
                if (n > 100000000)
                    return 0;
                return depth(n + 1) + pad[0];
            }

            int sum(int *a, int n) {
                int s = 0;
                for (int i = 0; i < n; i++)
                    s += a[i];
                return s;
            }

            int classify(int x) {
                int r;
                switch (x % 3) {
                case 0:
                    r = 10;
                    break;
                case 1:
                    r = 20;
                    break;
                default:
                    r = 30;
                }
                do {
                    r--;
                } while (r > 25);
                while (r > 100)
                    r /= 2;
                return r;
            }

            int main(int argc, char **argv) {
                int a[10];
                for (int i = 0; i < 10; i++) a[i] = i;
                int total = sum(a, 10);
                printf("total %d %d\\n",
                       total,
                       classify(total));
                if (argc > 1)
                    return depth(0);
                else
                    total++;
                return 0;
            }
            """;

    static final int SUM_LOOP_BODY = 15, MAIN_CALLS_SUM = 42, RECURSIVE_CALL = 9;

    static Path exe;

    @BeforeAll
    static void build() throws IOException {
        Files.writeString(dir.resolve("lines.c"), SOURCE);
        exe = dir.resolve("lines");
        jomp("-g", "lines.c", "-o", "lines");
    }

    private static void jomp(String... args) {
        List<String> cmd = new ArrayList<>(Corpus.jompCommand());
        cmd.addAll(List.of(args));
        Exec.Result r = Exec.run(cmd, dir, Map.of(), dir.resolve("scratch"));
        assertThat(r.status()).as(r.describe("jomp " + String.join(" ", args))).isZero();
    }

    private static String jdkTool(String name) {
        return Path.of(System.getProperty("java.home"), "bin", name).toString();
    }

    /** javap -l -c -p of class {@code name} of an executable (its jar follows the launcher). */
    private static String javap(Path executable, String name) throws IOException {
        Path cls = dir.resolve(executable.getFileName() + "-" + name.replace('/', '_') + ".class");
        try (ZipFile z = new ZipFile(executable.toFile())) {
            var e = z.getEntry(name + ".class");
            assertThat(e).as(name + " in " + executable).isNotNull();
            try (var in = z.getInputStream(e)) {
                Files.write(cls, in.readAllBytes());
            }
        }
        Exec.Result r = Exec.run(
                List.of(jdkTool("javap"), "-l", "-c", "-p", cls.toString()), dir, Map.of(), dir.resolve("scratch"));
        assertThat(r.status()).as(r.describe("javap")).isZero();
        return r.stdoutText();
    }

    /** The part of javap's output about the method whose header contains {@code fragment} (methods are separated by a blank line). */
    private static String method(String javap, String fragment) {
        int at = javap.indexOf(fragment);
        assertThat(at).as(fragment + " in javap's output").isNotNegative();
        int end = javap.indexOf("\n\n", at);
        return javap.substring(javap.lastIndexOf('\n', at) + 1, end < 0 ? javap.length() : end);
    }

    private static Set<Integer> javapLines(String javap) {
        Set<Integer> lines = new TreeSet<>();
        Matcher m = Pattern.compile("(?m)^\\s+line (\\d+): \\d+$").matcher(javap);
        while (m.find()) lines.add(Integer.parseInt(m.group(1)));
        return lines;
    }

    /** The lines of lines.c in a DWARF line table, as objdump decodes it. */
    private static Set<Integer> dwarfLines(String compiler) {
        Path obj = dir.resolve("lines-" + compiler + ".o");
        Exec.Result c = Exec.run(
                List.of(compiler, "-g", "-O0", "-c", "lines.c", "-o", obj.toString()),
                dir,
                Map.of(),
                dir.resolve("scratch"));
        assertThat(c.status()).as(c.describe(compiler)).isZero();
        Exec.Result d = Exec.run(
                List.of("objdump", "--dwarf=decodedline", obj.toString()), dir, Map.of(), dir.resolve("scratch"));
        assertThat(d.status()).as(d.describe("objdump")).isZero();
        Set<Integer> lines = new TreeSet<>();
        for (String l : d.stdoutText().split("\n")) {
            String[] f = l.trim().split("\\s+");
            if (f.length >= 3 && f[0].equals("lines.c") && f[1].matches("\\d+")) lines.add(Integer.parseInt(f[1]));
        }
        return lines;
    }

    @Test
    void lineNumberTableHasTheLinesOfTheStatements() throws IOException {
        assertTrue(
                Exec.available("gcc") && Exec.available("clang-19") && Exec.available("objdump"),
                "gcc, clang-19 and objdump (binutils) give the reference line tables: install them (.ci/run does)");
        Set<Integer> gcc = dwarfLines("gcc"), clang = dwarfLines("clang-19");
        String[] src = SOURCE.split("\n", -1);
        Set<Integer> boundaries = new TreeSet<>();
        for (int i = 0; i < src.length; i++)
            if (src[i].matches("^\\S.*\\) \\{$") || src[i].equals("}")) boundaries.add(i + 1);
        // lines both compilers give code to, the functions' first and last lines aside, must be
        // jomp's; and jomp gives code to no line that neither compiler does
        Set<Integer> both = new TreeSet<>(gcc);
        both.retainAll(clang);
        both.removeAll(boundaries);
        Set<Integer> either = new TreeSet<>(gcc);
        either.addAll(clang);
        String javap = javap(exe, "jomp/unit/lines");
        Set<Integer> jomp = javapLines(javap);
        assertThat(both).as("gcc and clang agree on most lines").hasSizeGreaterThan(20);
        assertThat(jomp).containsAll(both);
        assertThat(either).containsAll(jomp);
        assertThat(javap).startsWith("Compiled from \"lines.c\"");
        // the C locals the JVM holds, by their C names (the method takes the thread's Stack last, abi.md)
        String sum = method(javap, "int sum(long, int, jomp.runtime.mem.Stack)");
        assertThat(sum)
                .containsPattern("LocalVariableTable:(\\s+.*\\n)*?\\s+\\d+\\s+\\d+\\s+\\d+\\s+a\\s+J")
                .containsPattern("\\d+\\s+n\\s+I")
                .containsPattern("\\d+\\s+s\\s+I")
                .containsPattern("\\d+\\s+i\\s+I");
    }

    @Test
    void withoutGThereAreNoTablesAndNoPath() throws IOException {
        Path plain = dir.resolve("plain");
        jomp(dir.resolve("lines.c").toString(), "-o", plain.toString()); // an absolute path to the source
        String javap = javap(plain, "jomp/unit/lines");
        assertThat(javap)
                .startsWith("Compiled from \"lines.c\"")
                .doesNotContain("LineNumberTable")
                .doesNotContain("LocalVariableTable");
        jomp("-c", dir.resolve("lines.c").toString(), "-o", "plain.o");
        assertThat(new String(Files.readAllBytes(dir.resolve("plain.o")), StandardCharsets.ISO_8859_1))
                .doesNotContain(dir.toString());
        // -g0 after -g turns it off again, as in clang
        jomp("-g", "-g0", "-c", "lines.c", "-o", "g0.o");
        assertThat(Files.readAllBytes(dir.resolve("g0.o"))).isEqualTo(Files.readAllBytes(dir.resolve("plain.o")));
    }

    @Test
    void aStackTraceNamesTheCFunctionsAndLines() {
        Exec.Result r =
                Exec.run(List.of(exe.toString(), "x"), dir, Map.of("JOMP_BACKTRACE", "1"), dir.resolve("scratch"));
        assertThat(r.status()).isEqualTo(128 + 11); // the stack overflow is still SIGSEGV
        assertThat(r.stderr())
                .startsWith("java.lang.StackOverflowError")
                .contains("\tat jomp.unit.lines.depth(lines.c:" + RECURSIVE_CALL + ")")
                .doesNotContain("(Unknown Source)\n\tat jomp.unit.lines.depth");
    }

    /** jdb's view through JDI: a breakpoint on a C line, the stack as C functions and lines, locals by their C names. */
    @Test
    @SuppressWarnings("unchecked")
    void aDebuggerStopsAtACLineAndSeesTheLocals() throws Exception {
        ProcessBuilder pb =
                new ProcessBuilder(exe.toString()).directory(dir.toFile()).redirectErrorStream(true);
        pb.environment()
                .put("JOMP_JAVA_OPTS", "-agentlib:jdwp=transport=dt_socket,server=y,suspend=y,address=127.0.0.1:0");
        Process p = pb.start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            String first = out.readLine();
            assertThat(first).startsWith("Listening for transport dt_socket at address: ");
            String port = first.substring(first.lastIndexOf(':') + 1).trim();
            AttachingConnector socket = Bootstrap.virtualMachineManager().attachingConnectors().stream()
                    .filter(c -> c.name().equals("com.sun.jdi.SocketAttach"))
                    .findFirst()
                    .orElseThrow();
            Map<String, Connector.Argument> args = socket.defaultArguments();
            args.get("hostname").setValue("127.0.0.1");
            args.get("port").setValue(port);
            VirtualMachine vm = socket.attach(args);
            ClassPrepareRequest prepare = vm.eventRequestManager().createClassPrepareRequest();
            prepare.addClassFilter("jomp.unit.lines");
            prepare.enable();
            vm.resume();
            Map<String, Object> seen = new HashMap<>();
            loop:
            while (true) {
                EventSet events = vm.eventQueue().remove(60_000);
                assertThat(events).as("an event within a minute").isNotNull();
                for (Event e : events) {
                    if (e instanceof ClassPrepareEvent cp) {
                        var at = cp.referenceType().locationsOfLine(SUM_LOOP_BODY);
                        assertThat(at).as("code on line " + SUM_LOOP_BODY).isNotEmpty();
                        BreakpointRequest bp = vm.eventRequestManager().createBreakpointRequest(at.get(0));
                        bp.enable();
                    } else if (e instanceof BreakpointEvent b) {
                        StackFrame top = b.thread().frame(0),
                                caller = b.thread().frame(1);
                        seen.put(
                                "top",
                                top.location().method().name() + " "
                                        + top.location().sourceName() + ":"
                                        + top.location().lineNumber());
                        seen.put(
                                "caller",
                                caller.location().method().name() + " "
                                        + caller.location().sourceName() + ":"
                                        + caller.location().lineNumber());
                        List<String> names = new ArrayList<>();
                        for (LocalVariable v : top.visibleVariables()) names.add(v.name());
                        seen.put("locals", names);
                        seen.put("n", ((IntegerValue) top.getValue(top.visibleVariableByName("n"))).value());
                        vm.eventRequestManager().deleteAllBreakpoints();
                        vm.dispose();
                        break loop;
                    } else if (e instanceof VMDeathEvent || e instanceof VMDisconnectEvent) {
                        break loop;
                    }
                }
                events.resume();
            }
            assertThat(seen)
                    .containsEntry("top", "sum lines.c:" + SUM_LOOP_BODY)
                    .containsEntry("caller", "main lines.c:" + MAIN_CALLS_SUM)
                    .containsEntry("n", 10);
            assertThat((List<Object>) seen.get("locals")).containsExactlyInAnyOrder("a", "n", "s", "i");
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).isZero();
        } finally {
            p.destroyForcibly();
        }
    }

    /** JFR's execution samples (what profilers read) name C functions and their lines. */
    @Test
    void flightRecordingSamplesShowCLines() throws Exception {
        Files.writeString(dir.resolve("spin.c"), """
                #include <stdio.h>
                #include <time.h>
                volatile long sink;
                void work(long n) {
                    for (long i = 0; i < n; i++)
                        sink += i * 3;
                }
                int main(void) {
                    time_t end = time(0) + 2;
                    while (time(0) < end)
                        work(1000000);
                    printf("done\\n");
                    return 0;
                }
                """);
        jomp("-g", "spin.c", "-o", "spin");
        Path jfr = dir.resolve("spin.jfr");
        Exec.Result r = Exec.run(
                List.of(dir.resolve("spin").toString()),
                dir,
                Map.of("JOMP_JAVA_OPTS", "-XX:StartFlightRecording=filename=" + jfr + ",settings=profile"),
                dir.resolve("scratch"));
        assertThat(r.status()).as(r.describe("spin")).isZero();
        Exec.Result print = Exec.run(
                List.of(jdkTool("jfr"), "print", "--events", "jdk.ExecutionSample", jfr.toString()),
                dir,
                Map.of(),
                dir.resolve("scratch"));
        assertThat(print.status()).as(print.describe("jfr print")).isZero();
        Matcher m = Pattern.compile("jomp\\.unit\\.spin\\.(\\w+)\\([^)]*\\) line: (\\d+)")
                .matcher(print.stdoutText());
        Set<String> frames = new TreeSet<>();
        while (m.find()) frames.add(m.group(1) + ":" + m.group(2));
        // every frame is at a line of a statement of its function; most samples are in the loops:
        // work's (5, 6) and main's (10, 11), whichever the JIT left as frames
        assertThat(Set.of("work:5", "work:6", "main:9", "main:10", "main:11", "main:12", "main:13"))
                .containsAll(frames);
        assertThat(frames).containsAnyOf("work:5", "work:6", "main:10", "main:11");
    }

    /**
     * The same recipe for a program that calls native code (zlib), whose exit is glibc's: the JVM's
     * shutdown hooks, JFR's dump among them, do not run there, so the runtime's last exit handler
     * writes the recording.
     */
    @Test
    void flightRecordingIsWrittenWhenTheProgramExitsThroughGlibc() throws Exception {
        Files.writeString(dir.resolve("crc.c"), """
                #include <stdio.h>
                #include <stdlib.h>
                #include <time.h>
                #include <zlib.h>
                unsigned long crc;
                volatile long sink;
                void bye(void) { printf("bye %d\\n", crc != 0); }
                void work(void) {
                    crc = crc32(crc, (const unsigned char *)"jomp", 4);
                    for (long i = 0; i < 1000000; i++)
                        sink += i * 3;
                }
                int main(void) {
                    atexit(bye);
                    time_t end = time(0) + 2;
                    while (time(0) < end)
                        work();
                    exit(0);
                }
                """);
        jomp("-g", "crc.c", "-lz", "-o", "crc");
        Path jfr = dir.resolve("crc.jfr");
        Exec.Result r = Exec.run(
                List.of(dir.resolve("crc").toString()),
                dir,
                Map.of("JOMP_JAVA_OPTS", "-XX:StartFlightRecording=filename=" + jfr + ",settings=profile"),
                dir.resolve("scratch"));
        assertThat(r.status()).as(r.describe("crc")).isZero();
        assertThat(r.stdoutText()).endsWith("bye 1\n"); // after JFR's start-up lines
        assertThat(jfr).isNotEmptyFile();
        Exec.Result print = Exec.run(
                List.of(jdkTool("jfr"), "print", "--events", "jdk.ExecutionSample", jfr.toString()),
                dir,
                Map.of(),
                dir.resolve("scratch"));
        assertThat(print.status()).as(print.describe("jfr print")).isZero();
        assertThat(print.stdoutText()).containsPattern("jomp\\.unit\\.crc\\.(work|main)\\(");
    }

    @Test
    void outlinedRegionsAndLoopsHaveReadableNamesAndLines() throws IOException {
        Files.writeString(dir.resolve("omp.c"), """
                #include <stdio.h>
                int main(void) {
                    double m[64][64], s = 0;
                    for (int i = 0; i < 64; i++)
                        for (int j = 0; j < 64; j++)
                            m[i][j] = i + j;
                    #pragma omp parallel for reduction(+:s)
                    for (int i = 0; i < 64; i++)
                        s += m[i][i];
                    printf("%g\\n", s);
                    return 0;
                }
                """);
        jomp("-g", "-O2", "-fopenmp", "omp.c", "-o", "omp");
        String javap = javap(dir.resolve("omp"), "jomp/unit/omp");
        assertThat(javap).contains("static void main$omp_outlined$").contains("main$loop$1(");
        for (String method : List.of("main$omp_outlined$", "main$loop$1(")) {
            Set<Integer> lines = javapLines(method(javap, method));
            assertThat(lines).as(method + " lines").isNotEmpty();
            assertThat(Set.of(5, 6, 7, 8, 9)).as(method + " lines").containsAll(lines);
        }
    }
}
