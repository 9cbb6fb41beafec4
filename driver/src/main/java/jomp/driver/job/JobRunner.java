package jomp.driver.job;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import jomp.env.Invocation;

/**
 * Runs jobs in-process, each as soon as the jobs it reads from are done, so independent jobs
 * (several inputs, several targets) run in parallel. Each job's diagnostics are buffered and
 * printed whole, in job order, so parallel output never interleaves and matches a sequential run.
 * On a failure, every final output the failed run was to make is removed.
 */
public final class JobRunner {
    private final PrintStream out;
    private final PrintStream err;
    private final int threads;

    public JobRunner(PrintStream out, PrintStream err, int threads) {
        this.out = out;
        this.err = err;
        this.threads = Math.max(1, threads);
    }

    private record Result(int status, byte[] diagnostics) {}

    /** Runs all jobs; returns 0 on success, else the first failing job's status (at least 1). */
    public int run(List<Job> jobs, Set<String> finalOutputs) {
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(null, r, "jomp-job", 256L << 20); // deep recursion in the parser
            t.setDaemon(true);
            return t;
        });
        Map<Job, CompletableFuture<Result>> futures = new HashMap<>();
        try {
            for (Job job : jobs) {
                CompletableFuture<?>[] deps =
                        job.dependsOn().stream().map(futures::get).toArray(CompletableFuture[]::new);
                CompletableFuture<Result> f = CompletableFuture.allOf(deps)
                        .thenApplyAsync(
                                ignored -> {
                                    for (Job d : job.dependsOn()) {
                                        if (futures.get(d).join().status != 0)
                                            return new Result(-1, new byte[0]); // skipped
                                    }
                                    return runOne(job);
                                },
                                pool);
                futures.put(job, f);
            }
            int status = 0;
            for (Job job : jobs) {
                Result r = futures.get(job).join();
                err.write(r.diagnostics, 0, r.diagnostics.length);
                if (r.status > 0 && status == 0) status = r.status;
            }
            err.flush();
            if (status != 0) removeOutputs(finalOutputs);
            return status;
        } finally {
            pool.shutdownNow();
        }
    }

    private Result runOne(Job job) {
        // a cancelled command (its client went away) starts no more jobs
        if (Invocation.cancelled()) return new Result(1, new byte[0]);
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        PrintStream jobErr = new PrintStream(buf, true);
        int status;
        try {
            status = job.tool().run(job.args(), out, jobErr);
        } catch (Exception | StackOverflowError | OutOfMemoryError e) {
            java.util.List<String> command =
                    new java.util.ArrayList<>(java.util.List.of(job.tool().bindingName()));
            command.addAll(job.args());
            status = jomp.env.Crash.report("jomp", command, e, jobErr);
        }
        jobErr.flush();
        if (status != 0 && job.output() != null) deleteQuietly(Invocation.path(job.output()));
        return new Result(status == 0 ? 0 : Math.max(1, status), buf.toByteArray());
    }

    private static void removeOutputs(Set<String> outputs) {
        for (String o : outputs) deleteQuietly(Invocation.path(o));
    }

    /** A failed job's output: removed when it is a regular file (never /dev/null or a FIFO), as clang's CleanupFile. */
    private static void deleteQuietly(Path p) {
        jomp.env.OutputFiles.removeStale(p);
    }
}
