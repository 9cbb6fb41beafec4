package jomp.env;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Set;

/**
 * Writes the files a command makes (objects, executables, dependency files): whole or not at
 * all (a temporary file beside the target, then a rename, so a failed or cancelled command
 * leaves nothing partial), with the mode the command's umask gives (as open(2) would), and with
 * clang's words when the file cannot be made. A path that is there and is not a regular file (a
 * device such as /dev/null, a FIFO) is written in place. Clang's words:
 * {@code unable to open output file 'no/such/dir/x.o': 'No such file or directory'}.
 */
public final class OutputFiles {
    private OutputFiles() {}

    /** The output cannot be written; the message is clang's, naming the path as the user gave it. */
    public static final class OutputError extends IOException {
        public OutputError(String shownName, IOException cause) {
            super("unable to open output file '" + shownName + "': '" + reason(cause) + "'", cause);
        }
    }

    /** Writes {@code bytes} to {@code shownName} (resolved against the command's directory). */
    public static void write(String shownName, byte[] bytes, boolean executable) throws OutputError {
        write(Invocation.path(shownName), shownName, bytes, executable);
    }

    public static void write(Path target, String shownName, byte[] bytes, boolean executable) throws OutputError {
        Path abs = Invocation.resolve(target);
        if (Files.isDirectory(abs))
            throw new OutputError(shownName, new FileSystemException(abs.toString(), null, "Is a directory"));
        if (Files.exists(abs) && !Files.isRegularFile(abs)) {
            // /dev/null, a FIFO, /dev/stdout: written in place, as LLVM writes them. A rename would
            // put a regular file where the device was (configure checks compile with -o /dev/null,
            // and as root that replaced /dev/null for the whole machine).
            try {
                Invocation.current().cancellation().commit(() -> Files.write(abs, bytes));
            } catch (IOException e) {
                throw new OutputError(shownName, e);
            }
            return;
        }
        Path tmp;
        try {
            tmp = Files.createTempFile(abs.getParent(), "." + abs.getFileName(), ".tmp");
        } catch (IOException e) {
            throw new OutputError(shownName, e);
        }
        try {
            Files.write(tmp, bytes);
            Files.setPosixFilePermissions(tmp, mode(executable));
            // a cancelled command (Ctrl-C on a served compile) makes nothing appear
            Invocation.current()
                    .cancellation()
                    .commit(() ->
                            Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE));
        } catch (IOException e) {
            throw new OutputError(shownName, e);
        } finally {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                /* moved, or nothing more to do */
            }
        }
    }

    /**
     * Removes what a failed command left at an output path, as clang's Compilation::CleanupFile:
     * only a regular file is removed; /dev/null, a FIFO or a device stays (a failed
     * {@code -o /dev/null} compile, run as root, would otherwise delete /dev/null).
     */
    public static void removeStale(Path p) {
        Path abs = Invocation.resolve(p);
        if (!Files.isRegularFile(abs)) return;
        try {
            Files.deleteIfExists(abs);
        } catch (IOException ignored) {
            /* nothing more to do */
        }
    }

    /** 0666 (0777 for an executable) less the command's umask. */
    public static Set<PosixFilePermission> mode(boolean executable) {
        int mode = (executable ? 0777 : 0666) & ~Invocation.currentUmask();
        Set<PosixFilePermission> s = EnumSet.noneOf(PosixFilePermission.class);
        PosixFilePermission[] bits = { // from 0400 down to 0001
            PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_EXECUTE,
            PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_EXECUTE,
            PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE
        };
        for (int i = 0; i < 9; i++) if ((mode & (0400 >> i)) != 0) s.add(bits[i]);
        return s;
    }

    /** strerror's words for what went wrong ("No such file or directory", "Permission denied", ...). */
    public static String reason(IOException e) {
        if (e instanceof NoSuchFileException) return "No such file or directory";
        if (e instanceof AccessDeniedException) return "Permission denied";
        if (e instanceof NotDirectoryException) return "Not a directory";
        if (e instanceof FileSystemException f && f.getReason() != null) return f.getReason();
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
