package jomp.tests;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs one external process with a time limit, its stdin empty and its output captured in files. */
final class Exec {
    /**
     * Every compiler and test program gets this long: it is killed once it has run this many
     * seconds and used as many seconds of CPU (itself and its child processes), so that tests run
     * side by side on a busy machine, where a process waits for a core, do not time out; a hung
     * process that waits without using the CPU is killed after {@link #WALL_FACTOR} times as long.
     */
    static final long TIMEOUT_SECONDS = 30;
    /** The wall-clock limit, as a multiple of the CPU-time limit. */
    static final long WALL_FACTOR = 10;

    /** What a finished (or killed) process left behind. */
    record Result(List<String> command, int status, byte[] stdout, String stderr, boolean timedOut) {
        String stdoutText() {
            return new String(stdout, StandardCharsets.UTF_8);
        }

        /** One line for failure messages: the command's name, its status and the start of its stderr. */
        String describe(String who) {
            if (timedOut)
                return who + " timed out after " + TIMEOUT_SECONDS + " s of CPU time (or "
                        + TIMEOUT_SECONDS * WALL_FACTOR + " s waiting): " + String.join(" ", command);
            String err = stderr.strip();
            if (err.length() > 4000) err = err.substring(0, 4000) + "\n[...]";
            return who + " exited " + status + (err.isEmpty() ? "" : ": " + err);
        }
    }

    private Exec() {}

    /**
     * Runs {@code command} in {@code dir} with {@code env} added to this process's environment.
     * stdout and stderr go through files in {@code scratch} so that a chatty process never blocks
     * on a full pipe.
     */
    static Result run(List<String> command, Path dir, Map<String, String> env, Path scratch) {
        return runLong(command, dir, env, scratch, TIMEOUT_SECONDS);
    }

    /** As {@link #run}, with another time limit (a whole build: CMake, make). */
    static Result runLong(List<String> command, Path dir, Map<String, String> env, Path scratch, long timeoutSeconds) {
        try {
            Files.createDirectories(scratch);
            Path out = Files.createTempFile(scratch, "stdout", ".txt");
            Path err = Files.createTempFile(scratch, "stderr", ".txt");
            try {
                ProcessBuilder pb = new ProcessBuilder(command)
                        .directory(dir.toFile())
                        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                        .redirectOutput(out.toFile())
                        .redirectError(err.toFile());
                pb.environment().putAll(env);
                Process p = pb.start();
                boolean done = waitFor(p, timeoutSeconds);
                if (!done) {
                    p.descendants().forEach(ProcessHandle::destroyForcibly);
                    p.destroyForcibly();
                    p.waitFor(5, TimeUnit.SECONDS);
                }
                return new Result(
                        command,
                        done ? p.exitValue() : -1,
                        Files.readAllBytes(out),
                        Files.readString(err, StandardCharsets.ISO_8859_1),
                        !done);
            } finally {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            // an outside tool that is not installed: one line that names its package
            if (!command.get(0).contains("/") && jomp.env.ExternalTools.find(command.get(0)) == null)
                throw new jomp.env.ExternalTools.MissingTool(jomp.env.ExternalTools.missingMessage(command.get(0)));
            return new Result(command, -1, new byte[0], "cannot run " + command.get(0) + ": " + e.getMessage(), false);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(command, -1, new byte[0], "interrupted", false);
        }
    }

    /**
     * Waits until {@code p} ends, or until it has run {@code limitSeconds} and used as much CPU time
     * (with its descendants), or {@link #WALL_FACTOR} times as long whatever it used; false when
     * it is still running then.
     */
    private static boolean waitFor(Process p, long limitSeconds) throws InterruptedException {
        long start = System.nanoTime(), limit = TimeUnit.SECONDS.toNanos(limitSeconds);
        if (p.waitFor(limitSeconds, TimeUnit.SECONDS)) return true;
        while (true) {
            long waited = System.nanoTime() - start;
            if (waited >= limit * WALL_FACTOR || cpuNanos(p.toHandle()) >= limit) return false;
            long left = Math.min(limit * WALL_FACTOR - waited, TimeUnit.SECONDS.toNanos(1));
            if (p.waitFor(left, TimeUnit.NANOSECONDS)) return true;
        }
    }

    /** The CPU time a process and its living descendants have used; unknown, for a live process, counts as unlimited. */
    private static long cpuNanos(ProcessHandle h) {
        long total = 0;
        for (ProcessHandle q : java.util.stream.Stream.concat(java.util.stream.Stream.of(h), h.descendants())
                .toList()) {
            var cpu = q.info().totalCpuDuration();
            if (cpu.isEmpty() && q.equals(h)) return h.isAlive() ? Long.MAX_VALUE : 0;
            total += cpu.map(java.time.Duration::toNanos).orElse(0L);
        }
        return total;
    }

    /** Fails the test with one line naming the Debian package (jomp.env.ExternalTools) unless {@code tool} is installed. */
    static void require(String tool) {
        jomp.env.ExternalTools.require(tool);
    }

    /** True when {@code tool} can be started (e.g. gcc or clang-19 is installed). */
    static boolean available(String tool) {
        try {
            Process p = new ProcessBuilder(tool, "--version")
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            return p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
