package jomp.plugin.cuda;

import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.util.Optional;

/** Finds the CUDA driver library. Absent is normal (no GPU here), so it is not an error. */
final class CudaLibrary {
    static final String LIBCUDA = "libcuda.so.1";

    private CudaLibrary() {}

    /** Opens a shared library by name, or empty (with one debug line) when it cannot be opened. */
    @SuppressWarnings(
            "restricted") // native calls through FFM are this code's purpose; the launchers enable native access
    static Optional<SymbolLookup> open(String name) {
        try {
            return Optional.of(SymbolLookup.libraryLookup(name, Arena.global()));
        } catch (IllegalArgumentException | UnsatisfiedLinkError e) {
            debug(name + " was not found; the cuda plugin has no devices");
            return Optional.empty();
        }
    }

    /** Prints one line to stderr when LIBOMPTARGET_DEBUG is set, as libomptarget does. */
    static void debug(String line) {
        String env = System.getenv("LIBOMPTARGET_DEBUG");
        if (env != null && !env.isEmpty() && !env.equals("0")) System.err.println("omptarget --> cuda: " + line);
    }
}
