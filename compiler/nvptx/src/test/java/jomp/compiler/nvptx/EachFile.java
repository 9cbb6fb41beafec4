package jomp.compiler.nvptx;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Runs a corpus test's work on every file side by side, one file per core: most of it waits for
 * ptxas and nvlink, which the test starts as processes. Results come back in the files' order, so
 * the failures read the same on every run.
 */
final class EachFile {
    private EachFile() {}

    interface Work<T> {
        T on(Path file) throws Exception;
    }

    static <T> List<T> map(List<Path> files, Work<T> work) throws Exception {
        ExecutorService pool =
                Executors.newFixedThreadPool(Math.max(1, Runtime.getRuntime().availableProcessors()));
        try {
            List<Future<T>> futures = new ArrayList<>();
            for (Path f : files) futures.add(pool.submit(() -> work.on(f)));
            List<T> out = new ArrayList<>();
            for (Future<T> f : futures) {
                try {
                    out.add(f.get());
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof Exception x) throw x;
                    if (e.getCause() instanceof Error x) throw x; // a failed assertion
                    throw e;
                }
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }
}
