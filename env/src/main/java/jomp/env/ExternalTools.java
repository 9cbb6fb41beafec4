package jomp.env;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The outside programs jomp's tests run (oracles and readers: gcc, clang-19, llvm-objdump-19,
 * CMake, ...) and the Debian package that has each (tools.txt, the one table; .ci/packages
 * installs them all). A missing one is one line that names its package:
 * {@code clang-offload-packager-19 not found: apt-get install clang-tools-19}.
 */
public final class ExternalTools {
    private ExternalTools() {}

    private static final String CUDA = "cuda";
    private static final Map<String, String> PACKAGES = new LinkedHashMap<>();

    static {
        try (InputStream in = ExternalTools.class.getResourceAsStream("tools.txt");
                BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                if (line.startsWith("#") || line.isBlank()) continue;
                String[] f = line.strip().split("\\s+");
                PACKAGES.put(f[0], f[1]);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Tool → Debian package ("cuda": NVIDIA's toolkit), in the table's order. */
    public static Map<String, String> packages() {
        return Map.copyOf(PACKAGES);
    }

    /**
     * A test's failure for a missing tool: its message is the whole story (one line), so it
     * carries no stack trace.
     */
    public static final class MissingTool extends AssertionError {
        public MissingTool(String message) {
            super(message);
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;
        }
    }

    /** The one line for a missing tool. */
    public static String missingMessage(String tool) {
        String pkg = PACKAGES.get(tool);
        if (pkg == null)
            return tool
                    + " not found (no package is known for it: add it to env/src/main/resources/jomp/env/tools.txt)";
        if (pkg.equals(CUDA))
            return tool + " not found: install NVIDIA's CUDA toolkit (" + tool
                    + " on PATH, in $CUDA_HOME/bin or /usr/local/cuda/bin)";
        return tool + " not found: apt-get install " + pkg;
    }

    /** The program's path (PATH first; CUDA's programs also in $CUDA_HOME/bin, /usr/local/cuda/bin), or null. */
    public static Path find(String tool) {
        if (tool.contains("/")) return Files.isExecutable(Path.of(tool)) ? Path.of(tool) : null;
        List<Path> dirs = new ArrayList<>();
        String path = Invocation.getenv("PATH");
        if (path != null) for (String d : path.split(":")) if (!d.isEmpty()) dirs.add(Path.of(d));
        if (CUDA.equals(PACKAGES.get(tool))) {
            String home = Invocation.getenv("CUDA_HOME");
            if (home != null) dirs.add(Path.of(home, "bin"));
            dirs.add(Path.of("/usr/local/cuda/bin"));
        }
        for (Path d : dirs) {
            Path p = d.resolve(tool);
            if (Files.isExecutable(p) && !Files.isDirectory(p)) return p;
        }
        return null;
    }

    /** The program's path; a test fails with {@link #missingMessage} when it is not installed. */
    public static Path require(String tool) {
        Path p = find(tool);
        if (p == null) throw new MissingTool(missingMessage(tool));
        return p;
    }

    /** A process for a command whose first word is an outside tool (required, found as {@link #require} finds it). */
    public static ProcessBuilder processBuilder(List<String> command) {
        List<String> cmd = new ArrayList<>(command);
        cmd.set(0, require(command.get(0)).toString());
        return new ProcessBuilder(cmd);
    }

    public static ProcessBuilder processBuilder(String... command) {
        return processBuilder(List.of(command));
    }
}
