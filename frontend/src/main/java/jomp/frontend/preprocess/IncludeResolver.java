package jomp.frontend.preprocess;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import jomp.wrapper.env.Invocation;

/**
 * Finds the file an {@code #include} names, in clang's order: for "…" the including file's
 * directory first, then the -I directories, then the system directories, then the headers bundled
 * as classpath resources under {@code jomp/include/}; for &lt;…&gt; the same without the first step.
 * A bundled header is named {@code <jomp>/include/NAME} in diagnostics and line markers.
 */
final class IncludeResolver {
    static final String RESOURCE_ROOT = "jomp/include/";
    static final String BUNDLED_PREFIX = "<jomp>/include/";

    /** A directory to search: a real one, or a folder inside the bundled resources. */
    record Dir(Path path, String resource, boolean system) {}

    /** A found header: its unique key (for #pragma once and caching), display name and directory. */
    record Found(String key, String name, Dir dir, boolean system) {}

    private final List<Dir> userDirs;
    private final List<Dir> systemDirs;

    private final String resourceRoot;

    IncludeResolver(PreprocessorOptions opts) { this(opts, RESOURCE_ROOT); }

    /** With another classpath folder for the bundled headers (tests use their own). */
    IncludeResolver(PreprocessorOptions opts, String resourceRoot) {
        this.resourceRoot = resourceRoot;
        userDirs = opts.includeDirs().stream().map(p -> new Dir(p, null, false)).toList();
        systemDirs = opts.systemDirs().stream().map(p -> new Dir(p, null, true)).toList();
    }

    /** The directory of a file, for quoted includes from it. */
    static Dir dirOf(String fileName, boolean system) {
        Path parent = Path.of(fileName).getParent();
        return new Dir(parent, null, system);
    }

    Found resolve(String name, boolean quoted, Dir includer) {
        if (name.startsWith("/")) {
            Path p = Path.of(name);
            return Files.isRegularFile(p) ? found(p, name, false) : null;   // absolute: no working directory involved
        }
        if (quoted && includer != null) {
            Found f = tryDir(includer, name);
            if (f != null) return f;
        }
        for (Dir d : userDirs) { Found f = tryDir(d, name); if (f != null) return f; }
        for (Dir d : systemDirs) { Found f = tryDir(d, name); if (f != null) return f; }
        return tryDir(new Dir(null, resourceRoot, true), name);
    }

    private Found tryDir(Dir d, String name) {
        if (d.resource() != null) {
            String n = normalize(d.resource() + name);
            if (n == null || IncludeResolver.class.getClassLoader().getResource(n) == null) return null;
            String rel = n.substring(resourceRoot.length());
            int slash = n.lastIndexOf('/');
            return new Found("resource:" + n, BUNDLED_PREFIX + rel, new Dir(null, n.substring(0, slash + 1), true), true);
        }
        Path p = d.path() == null ? Path.of(".", name) : d.path().resolve(name);   // clang shows "./x.h"
        if (!Files.isRegularFile(Invocation.resolve(p))) return null;
        return found(p, p.toString(), d.system());
    }

    private static Found found(Path p, String display, boolean system) {
        return new Found(Invocation.resolve(p).normalize().toString(), display, dirOf(display, system), system);
    }

    /** Removes "x/../" and "./" so a resource path stays inside the classpath folder. */
    private String normalize(String res) {
        String n = Path.of(res).normalize().toString().replace('\\', '/');
        return n.startsWith(resourceRoot) ? n : null;
    }

    String read(Found f) throws IOException {
        if (f.key().startsWith("resource:")) {
            try (InputStream in = IncludeResolver.class.getClassLoader().getResourceAsStream(f.key().substring(9))) {
                if (in == null) throw new IOException("cannot open " + f.name());
                return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
            }
        }
        return Files.readString(Path.of(f.key()), StandardCharsets.ISO_8859_1);
    }
}
