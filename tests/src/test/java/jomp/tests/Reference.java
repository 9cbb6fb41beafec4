package jomp.tests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** Builds corpus programs with a reference C compiler (gcc, clang-19) and runs binaries the corpus way. */
final class Reference {
    private static final Map<Path, Object> LOCKS = new java.util.concurrent.ConcurrentHashMap<>();

    private Reference() {}

    /**
     * The lock to hold while building and running {@code exe}, for tests that run side by side and
     * share one reference binary (a program's -O0 and -O2 tests): one builds it, the other reuses it.
     */
    static Object lock(Path exe) {
        return LOCKS.computeIfAbsent(exe.toAbsolutePath().normalize(), k -> new Object());
    }

    /**
     * Compiles {@code program} with {@code compiler} into tests/target/corpus/{@code compiler}/, reusing
     * the binary of an earlier run when it is newer than the program and everything in include/ and support/.
     * Returns the compiler's result (status 0 and empty output when the binary was reused).
     */
    static Exec.Result compile(String compiler, Path program, List<String> extraFlags, Path exe) {
        if (upToDate(exe, program)) return new Exec.Result(List.of(compiler), 0, new byte[0], "", false);
        List<String> cmd = new ArrayList<>(List.of(compiler, "-std=gnu11", "-O0"));
        cmd.addAll(extraFlags);
        if (Corpus.usesOpenMP(program)) cmd.add("-fopenmp");
        cmd.addAll(Corpus.flags(program));
        cmd.add(program.toString());
        cmd.addAll(Corpus.linkedSources(program));
        cmd.addAll(List.of("-o", exe.toString(), "-lm"));
        try {
            Files.deleteIfExists(exe);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Exec.run(cmd, program.getParent(), Map.of(), exe.getParent().resolve("tmp"));
    }

    /** Runs a corpus binary as every harness does: argv one two three, JOMP_TEST_ENV=hello, stdin empty. */
    static Exec.Result runProgram(Path exe) {
        List<String> cmd = new ArrayList<>();
        cmd.add(exe.toString());
        cmd.addAll(Corpus.ARGS);
        return Exec.run(cmd, exe.getParent(), Corpus.ENV, exe.getParent().resolve("tmp"));
    }

    private static boolean upToDate(Path exe, Path program) {
        try {
            if (!Files.isRegularFile(exe)) return false;
            long built = Files.getLastModifiedTime(exe).toMillis();
            if (Files.getLastModifiedTime(program).toMillis() > built) return false;
            for (String sub : List.of("include", "support")) {
                Path dir = program.getParent().resolve(sub);
                if (!Files.isDirectory(dir)) continue;
                try (Stream<Path> s = Files.walk(dir)) {
                    for (Path h : s.filter(Files::isRegularFile).toList()) {
                        if (Files.getLastModifiedTime(h).toMillis() > built) return false;
                    }
                }
            }
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
