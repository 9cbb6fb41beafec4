package jomp.toolchain;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import jomp.env.Invocation;

/**
 * External programs (ptxas, nvlink, llc, the arch tool), found and run for the command being run:
 * its PATH, environment and working directory come from {@link Invocation}, so under the compile
 * server a tool is the caller's, never the server's. Every external program jomp's compiler and
 * linker run goes through here.
 */
public final class Programs {
    private Programs() {}

    /**
     * A program's path: a name with a slash as given (against the working directory), else the
     * first executable of that name on PATH, then in {@code moreDirs}; null if there is none.
     */
    public static Path find(String name, List<Path> moreDirs) {
        if (name.contains("/")) return executable(Invocation.path(name));
        List<Path> dirs = new ArrayList<>();
        String path = Invocation.getenv("PATH");
        if (path != null)
            for (String d : path.split(java.io.File.pathSeparator)) if (!d.isEmpty()) dirs.add(Invocation.path(d));
        dirs.addAll(moreDirs);
        for (Path d : dirs) {
            Path p = executable(d.resolve(name));
            if (p != null) return p;
        }
        return null;
    }

    /** The path if it names an executable file, else null. */
    public static Path executable(Path p) {
        return Files.isExecutable(p) && !Files.isDirectory(p) ? p : null;
    }

    /** Removes a temporary folder of plain files; what cannot be removed stays (no reason to fail a link). */
    public static void removeTempDir(Path dir) {
        try (var files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files::iterator) Files.deleteIfExists(f);
            Files.deleteIfExists(dir);
        } catch (IOException ignored) {
            // a temporary file left behind is no reason to fail the link
        }
    }

    /** A finished program: its exit status and what it printed. */
    public record Result(int status, String output) {
        public boolean ok() {
            return status == 0;
        }
    }

    /** Runs a program to its end, standard input closed, its standard output and error together in {@link Result#output()}. */
    public static Result run(List<String> command) throws IOException, InterruptedException {
        return run(command, true);
    }

    /** Runs a program for what it prints on standard output (its standard error is dropped). */
    public static Result runForOutput(List<String> command) throws IOException, InterruptedException {
        return run(command, false);
    }

    private static Result run(List<String> command, boolean withErrors) throws IOException, InterruptedException {
        ProcessBuilder pb = Invocation.processBuilder(command);
        if (withErrors) pb.redirectErrorStream(true);
        else pb.redirectError(ProcessBuilder.Redirect.DISCARD);
        Process p = pb.start();
        try {
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return new Result(p.waitFor(), out);
        } finally {
            if (p.isAlive()) p.destroyForcibly(); // interrupted: the child goes with the command
        }
    }
}
