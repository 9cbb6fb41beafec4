package jomp.driver.job;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import jomp.env.Invocation;

/**
 * Names temporary files the way clang does ({@code /tmp/zaxpy-4f1c2a.o}; $TMPDIR respected) and
 * removes them at the end. With -save-temps the names are stable and in the working directory.
 */
public final class TempFiles {
    /** A temporary file cannot be made; the message is clang's ("unable to make temporary file: No such file or directory"). */
    public static final class TempFileError extends RuntimeException {
        TempFileError(String message) {
            super(message, null, false, false);
        }
    }

    private final boolean saveTemps;
    private final Path dir;
    private final List<Path> created = new ArrayList<>();

    public TempFiles(boolean saveTemps) {
        this.saveTemps = saveTemps;
        this.dir = saveTemps ? Path.of("") : Invocation.tempDir();
    }

    /**
     * A new temporary file name. {@code stem} is the input's base name, {@code tag} an extra part
     * such as the arch (may be empty), {@code stableTag} the part a -save-temps name carries.
     */
    public synchronized String create(String stem, String tag, String stableTag, String ext) {
        if (saveTemps) {
            String name = stem + (stableTag.isEmpty() ? "" : "-" + stableTag) + "." + ext;
            return name;
        }
        String base = stem + (tag.isEmpty() ? "" : "-" + tag) + "-";
        for (int attempt = 0; ; attempt++) {
            String hex = String.format("%06x", ThreadLocalRandom.current().nextInt(1 << 24));
            Path p = dir.resolve(base + hex + "." + ext);
            try {
                Files.createFile(p); // reserve the name so parallel drivers never collide
                created.add(p);
                return p.toString();
            } catch (FileAlreadyExistsException e) {
                if (attempt > 100) throw new TempFileError("unable to make temporary file: File exists");
            } catch (IOException e) {
                // the directory went away or filled up after Invocation.tempDir chose it
                throw new TempFileError("unable to make temporary file: " + jomp.env.OutputFiles.reason(e));
            }
        }
    }

    /** Deletes every temporary file made (unless -save-temps). */
    public synchronized void cleanUp() {
        if (saveTemps) return;
        for (Path p : created) {
            try {
                Files.deleteIfExists(p);
            } catch (IOException ignored) {
                /* best effort, as clang */
            }
        }
        created.clear();
    }
}
