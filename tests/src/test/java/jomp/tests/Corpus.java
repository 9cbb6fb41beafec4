package jomp.tests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The test corpus on disk (tests/c/run, tests/c/invalid, tests/xfail.txt), where the checkout and
 * the build output are, and the conventions every harness shares: how programs are run (argv and
 * environment), which compiler flags a program needs, and what its CHECK lines say.
 */
final class Corpus {
    /** Arguments every runnable program gets after argv[0]. Programs 049, 088 and 096 print or use them. */
    static final List<String> ARGS = List.of("one", "two", "three");
    /** Environment added for every run; program 061 reads it. */
    static final Map<String, String> ENV = Map.of("JOMP_TEST_ENV", "hello", "OMP_NUM_THREADS", "4");

    private static final Pattern CHECK =
            Pattern.compile("^// CHECK: (\\d+):(\\d+): (error|warning|fatal error): (.*)$");
    private static final Pattern OMP = Pattern.compile("\\b(omp|_OPENMP)\\b");

    /** One expected diagnostic, as clang-19 prints it after the file name. */
    record Check(int line, int column, String severity, String message) {
        String render(String file) {
            return file + ":" + line + ":" + column + ": " + severity + ": " + message;
        }
    }

    private Corpus() {}

    /** The checkout: -Djomp.root (the parent pom sets it), else the nearest folder up holding bin/jomp. */
    static Path root() {
        String prop = System.getProperty("jomp.root");
        if (prop != null && !prop.isBlank() && Files.isRegularFile(Paths.get(prop, "bin", "jomp"))) {
            return Paths.get(prop).toAbsolutePath().normalize();
        }
        for (Path p = Paths.get("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("bin/jomp")) && Files.isDirectory(p.resolve("tests/c"))) return p;
        }
        throw new IllegalStateException("cannot find the jomp checkout (bin/jomp) from "
                + Paths.get("").toAbsolutePath() + "; set -Djomp.root");
    }

    static Path runDir() {
        return root().resolve("tests/c/run");
    }

    static Path invalidDir() {
        return root().resolve("tests/c/invalid");
    }

    /** Scratch space for binaries and captured output: tests/target/corpus. */
    static Path work(String sub) {
        Path p = root().resolve("tests/target/corpus").resolve(sub);
        try {
            Files.createDirectories(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }

    static List<Path> runPrograms() {
        return list(runDir());
    }

    static List<Path> invalidPrograms() {
        return list(invalidDir());
    }

    static List<Path> list(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".c"))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
    }

    /** Base name without ".c", used for binaries. */
    static String stem(Path program) {
        String n = program.getFileName().toString();
        return n.substring(0, n.length() - 2);
    }

    /** "run/NNN-x.c" or "invalid/NNN-x.c": how tests/xfail.txt names a program. */
    static String key(Path program) {
        return program.getParent().getFileName() + "/" + program.getFileName();
    }

    /** Programs mentioning OpenMP (pragmas, _Pragma, omp.h, _OPENMP) compile with -fopenmp. */
    static boolean usesOpenMP(Path program) {
        return OMP.matcher(read(program)).find();
    }

    /**
     * Extra flags from a "// FLAGS: ..." line (e.g. -Iinclude -DX=1), given to gcc, clang and jomp
     * alike; they run in the program's folder, so relative paths start there.
     */
    static List<String> flags(Path program) {
        return directive(program, "// FLAGS: ");
    }

    /**
     * More translation units from a "// LINK: support/x.c ..." line, relative to the program's
     * folder, compiled and linked with it (by gcc, clang and jomp alike).
     */
    static List<String> linkedSources(Path program) {
        return directive(program, "// LINK: ");
    }

    private static List<String> directive(Path program, String prefix) {
        for (String l : read(program).lines().toList()) {
            if (l.startsWith(prefix))
                return List.of(l.substring(prefix.length()).strip().split("\\s+"));
        }
        return List.of();
    }

    /**
     * "// CLANG-CANNOT: reason": clang 19 rejects the program (a construct it does not implement),
     * so the oracle check compares gcc with itself only; the line must say why. In an invalid
     * program: clang 19 does not know what the program misuses (OpenMP 6.0 directives), so its
     * CHECK lines are jomp's, which clang must not print (CorpusOracleTest).
     */
    static String clangCannot(Path program) {
        for (String l : read(program).lines().toList())
            if (l.startsWith("// CLANG-CANNOT: ")) return l.substring(17).strip();
        return null;
    }

    /**
     * "// CLANG-WRONG: reason": clang 19 compiles the program but prints something else than gcc
     * (a clang bug the program shows); the oracle check asks that it still does.
     */
    static String clangWrong(Path program) {
        for (String l : read(program).lines().toList())
            if (l.startsWith("// CLANG-WRONG: ")) return l.substring(16).strip();
        return null;
    }

    /** The compilers a run program may name as its oracle ("// ORACLE: clang-19"). */
    static final Set<String> ORACLES = Set.of("gcc", "clang-19");

    /**
     * The compiler whose build a run program's jomp builds are compared with: gcc, or what an
     * "// ORACLE: clang-19" line names, for programs in C gcc 12 does not have (C23's _BitInt).
     */
    static String oracle(Path program) {
        List<String> named = directive(program, "// ORACLE: ");
        if (named.isEmpty()) return "gcc";
        if (named.size() != 1 || !ORACLES.contains(named.get(0)))
            throw new IllegalArgumentException(program.getFileName() + ": // ORACLE: names one of " + ORACLES);
        return named.get(0);
    }

    /** Invalid programs with a "// CHECK-WARN" line compile with -Werror. */
    static boolean wantsWerror(Path program) {
        return read(program).lines().anyMatch(l -> l.strip().equals("// CHECK-WARN"));
    }

    /** Invalid programs with a "// CHECK-ALL" line must print no error or warning but the CHECK lines. */
    static boolean wantsAllChecks(Path program) {
        return read(program).lines().anyMatch(l -> l.strip().equals("// CHECK-ALL"));
    }

    static List<Check> checks(Path program) {
        List<Check> out = new ArrayList<>();
        for (String l : read(program).lines().toList()) {
            Matcher m = CHECK.matcher(l);
            if (m.matches())
                out.add(new Check(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), m.group(3), m.group(4)));
        }
        return out;
    }

    /** tests/xfail.txt: one "run/NNN-x.c" or "invalid/NNN-x.c" a line; '#' starts a comment. */
    static Set<String> xfail() {
        Path f = root().resolve("tests/xfail.txt");
        Set<String> out = new LinkedHashSet<>();
        if (!Files.exists(f)) return out;
        for (String l : read(f).lines().toList()) {
            int hash = l.indexOf('#');
            String s = (hash >= 0 ? l.substring(0, hash) : l).strip();
            if (!s.isEmpty()) out.add(s);
        }
        return out;
    }

    /**
     * The command that starts jomp: bin/jomp when the distribution is built (dist/target/jomp/lib),
     * otherwise the same JVM command bin/jomp would run, with this test JVM's class path, which holds
     * the driver and everything it needs when Maven runs this module with -am.
     * -Djomp.tests.jomp=/path/to/launcher forces a launcher.
     */
    static List<String> jompCommand() {
        Path root = root();
        String forced = System.getProperty("jomp.tests.jomp");
        if (forced != null && !forced.isBlank()) return List.of(forced);
        Path lib = root.resolve("dist/target/jomp/lib");
        boolean built;
        try (Stream<Path> s = Files.exists(lib) ? Files.list(lib) : Stream.empty()) {
            built = s.anyMatch(p -> p.getFileName().toString().startsWith("jomp-driver"));
        } catch (IOException e) {
            built = false;
        }
        if (built || System.getProperty("java.class.path", "").isEmpty())
            return List.of(root.resolve("bin/jomp").toString());
        String java = ProcessHandle.current()
                .info()
                .command()
                .orElse(Paths.get(System.getProperty("java.home"), "bin", "java")
                        .toString());
        return List.of(
                java,
                "--enable-native-access=ALL-UNNAMED",
                "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1",
                "-Xss16m",
                "-Djomp.root=" + root,
                "-cp",
                System.getProperty("java.class.path"),
                "jomp.driver.Main");
    }

    static String read(Path p) {
        try {
            return Files.readString(p, java.nio.charset.StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + p, e);
        }
    }
}
