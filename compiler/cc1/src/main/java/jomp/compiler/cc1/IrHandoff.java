package jomp.compiler.cc1;

import java.lang.ref.SoftReference;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import jomp.compiler.ir.Module;

/**
 * The host IR of an offloading build handed from the job that writes it to the jobs that read
 * it, when they run in one process (the driver runs cc1 jobs in-process, on the compile server
 * or not), so that the readers do not parse the text again: the jobs stay clang's (each reads
 * and writes its files; `-###` prints commands that run by hand), only the parse is skipped.
 * A reader takes the module only when the file holds exactly the bytes the writer wrote (their
 * SHA-256), and takes a copy ({@link Module#copy}) made as the parser would have made it; it
 * never changes the module kept here. Entries are soft (memory may take them back: the reader
 * then parses) and few; the host back end, the last reader, removes its entry.
 */
final class IrHandoff {
    private record Written(byte[] digest, SoftReference<Module> module) {}

    private static final int MAX_ENTRIES = 16;
    private static final Map<Path, Written> written = new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Path, Written> eldest) {
            return size() > MAX_ENTRIES;
        }
    };

    /** How many reads took the writer's module (tests). */
    static final java.util.concurrent.atomic.AtomicInteger taken = new java.util.concurrent.atomic.AtomicInteger();

    private IrHandoff() {}

    /** The writer wrote {@code text}, the IR of {@code m}, to {@code file}; m must not change from now on. */
    static void wrote(Path file, byte[] text, Module m) {
        Written e = new Written(digest(text), new SoftReference<>(m));
        synchronized (written) {
            written.put(file.toAbsolutePath().normalize(), e);
        }
    }

    /** The module written as {@code text} to {@code file}, not to be changed (copy it), or null: parse the text. */
    static Module read(Path file, byte[] text, boolean last) {
        Path key = file.toAbsolutePath().normalize();
        Written e;
        synchronized (written) {
            e = last ? written.remove(key) : written.get(key);
        }
        if (e == null) return null;
        Module m = e.module().get();
        if (m == null || !Arrays.equals(e.digest(), digest(text))) return null;
        taken.incrementAndGet();
        return m;
    }

    /** Forgets every module (tests: the parse path). */
    static void clear() {
        synchronized (written) {
            written.clear();
        }
    }

    private static byte[] digest(byte[] text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e); // every JDK has SHA-256
        }
    }
}
