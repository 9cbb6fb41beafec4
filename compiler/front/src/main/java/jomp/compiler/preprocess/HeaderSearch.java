package jomp.compiler.preprocess;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jomp.env.Invocation;

/**
 * Finds the file an {@code #include} names, as clang 19 does on Debian x86-64. The search list
 * is, in order:
 * <ol>
 * <li>{@code -iquote} directories (for {@code "..."} only, after the including file's directory);</li>
 * <li>{@code -I} directories;</li>
 * <li>{@code -isystem} directories (system);</li>
 * <li>jomp's resource directory, its own headers (class-path resources under {@code jomp/include/},
 *     shown as {@code <jomp>/include}), unless {@code -nostdinc} or {@code -nobuiltininc};</li>
 * <li>{@code /usr/local/include}, {@code /usr/include/x86_64-linux-gnu}, {@code /usr/include}
 *     (system, "extern C"), unless {@code -nostdinc} or {@code -nostdlibinc};</li>
 * <li>{@code -idirafter} directories (system).</li>
 * </ol>
 * Directories that do not exist are dropped; a directory named twice is kept once, at its first
 * place, except that a non-system directory that is also a system one is dropped in favour of the
 * system one (clang's rule, so {@code -I/usr/include} changes nothing). A file found in a system
 * directory is a system header, and so is whatever a system header includes.
 * {@code #include_next} goes on after the directory that found the current file.
 */
final class HeaderSearch {
    static final String RESOURCE_ROOT = "jomp/include/";
    static final String BUNDLED_PREFIX = "<jomp>/include/";
    /** The resource directory as -v and diagnostics name it. */
    static final String RESOURCE_DISPLAY = "<jomp>/include";
    /** The system directories clang's driver adds on Debian x86-64 (after its resource directory). */
    static final List<Path> STANDARD_DIRS =
            List.of(Path.of("/usr/local/include"), Path.of("/usr/include/x86_64-linux-gnu"), Path.of("/usr/include"));

    /** What kind of header a directory holds: user, system, or system with C linkage (clang's line marker flags 3 and 3 4). */
    enum Flavor {
        USER,
        SYSTEM,
        EXTERN_C
    }

    /**
     * A directory: a real one ({@code path}) or a folder of the bundled resources ({@code resource}).
     * {@code index} is its place in the search list, or -1 for the directory of an including file.
     */
    record Dir(Path path, String resource, Flavor flavor, int index) {
        boolean system() {
            return flavor != Flavor.USER;
        }
    }

    /**
     * A found header: its unique key (for #pragma once and caching), its name as diagnostics and
     * line markers show it, the directory quoted includes from it search first, its kind, and the
     * index of the search directory that found it (-1 when found relative to its includer or by an
     * absolute name).
     */
    record Found(String key, String name, Dir fileDir, Flavor flavor, int index) {
        boolean system() {
            return flavor != Flavor.USER;
        }
    }

    private final String resourceRoot;
    private final List<Dir> dirs = new ArrayList<>();
    /** dirs[0, angledStart) are searched for "..." only. */
    private int angledStart;

    private final List<String> notes = new ArrayList<>();
    private final Map<Path, Boolean> exists = new HashMap<>();

    HeaderSearch(PreprocessorOptions opts) {
        this(opts, RESOURCE_ROOT);
    }

    /** With another classpath folder for the bundled headers (tests use their own). */
    HeaderSearch(PreprocessorOptions opts, String resourceRoot) {
        this.resourceRoot = resourceRoot;
        List<Dir> quoted = new ArrayList<>();
        for (Path p : opts.quoteDirs()) addReal(quoted, p, Flavor.USER);
        List<Dir> angled = new ArrayList<>();
        for (Path p : opts.includeDirs()) addReal(angled, p, Flavor.USER);
        for (Path p : opts.systemDirs()) addReal(angled, p, Flavor.SYSTEM);
        if (!opts.noStdInc() && !opts.noBuiltinInc()) angled.add(new Dir(null, resourceRoot, Flavor.SYSTEM, 0));
        if (!opts.noStdInc() && !opts.noStdLibInc()) for (Path p : STANDARD_DIRS) addReal(angled, p, Flavor.EXTERN_C);
        for (Path p : opts.afterDirs()) addReal(angled, p, Flavor.SYSTEM);
        quoted = removeDuplicates(quoted);
        angled = removeDuplicates(angled);
        for (Dir d : quoted) dirs.add(new Dir(d.path(), d.resource(), d.flavor(), dirs.size()));
        angledStart = dirs.size();
        for (Dir d : angled) dirs.add(new Dir(d.path(), d.resource(), d.flavor(), dirs.size()));
    }

    private void addReal(List<Dir> to, Path p, Flavor f) {
        if (!Files.isDirectory(Invocation.resolve(p))) {
            notes.add("ignoring nonexistent directory \"" + p + "\"");
            return;
        }
        to.add(new Dir(p, null, f, 0));
    }

    /** clang's RemoveDuplicates: the first of equal directories stays, but a system one wins over a user one. */
    private List<Dir> removeDuplicates(List<Dir> in) {
        List<Dir> out = new ArrayList<>();
        for (Dir d : in) {
            int same = -1;
            for (int i = 0; i < out.size(); i++) if (sameDir(out.get(i), d)) same = i;
            if (same < 0) {
                out.add(d);
                continue;
            }
            Dir first = out.get(same);
            notes.add("ignoring duplicate directory \"" + show(d) + "\"");
            if (!first.system() && d.system()) {
                notes.add("  as it is a non-system directory that duplicates a system directory");
                out.remove(same);
                out.add(d);
            }
        }
        return out;
    }

    private static boolean sameDir(Dir a, Dir b) {
        if (a.resource() != null || b.resource() != null)
            return a.resource() != null && a.resource().equals(b.resource());
        return Invocation.resolve(a.path())
                .normalize()
                .equals(Invocation.resolve(b.path()).normalize());
    }

    private static String show(Dir d) {
        return d.resource() != null ? RESOURCE_DISPLAY : d.path().toString();
    }

    /** clang -v's account of the search list (after its notes about dropped directories). */
    void printSearchList(PrintStream err) {
        for (String n : notes) err.println(n);
        err.println("#include \"...\" search starts here:");
        for (int i = 0; i < dirs.size(); i++) {
            if (i == angledStart) err.println("#include <...> search starts here:");
            err.println(" " + show(dirs.get(i)));
        }
        if (angledStart == dirs.size()) err.println("#include <...> search starts here:");
        err.println("End of search list.");
    }

    /** The directory of a file, for quoted includes from it. */
    static Dir dirOf(String fileName, Flavor flavor) {
        return new Dir(Path.of(fileName).getParent(), null, flavor, -1);
    }

    /**
     * Looks a header up. {@code includer} is the including file's directory (null: none, as for
     * -include), used first for quoted names; {@code from} is the first search-list index to look
     * at (0, or one past the directory of the current file for #include_next, in which case the
     * includer's directory is not searched).
     */
    Found resolve(String name, boolean quoted, Dir includer, int from) {
        if (name.startsWith("/")) {
            Path p = Path.of(name);
            return isFile(p) ? found(p, name, Flavor.USER, -1) : null;
        }
        if (quoted && includer != null && from == 0) {
            Found f = tryDir(includer, name);
            if (f != null) return f;
        }
        for (int i = Math.max(from, quoted ? 0 : angledStart); i < dirs.size(); i++) {
            Found f = tryDir(dirs.get(i), name);
            if (f != null) return f;
        }
        return null;
    }

    /** The first index #include_next searches from a file found at index (0 when it was not found in the list). */
    int nextIndex(int index) {
        return index < 0 ? 0 : index + 1;
    }

    private Found tryDir(Dir d, String name) {
        if (d.resource() != null) {
            String n = normalize(d.resource() + name);
            if (n == null || HeaderSearch.class.getClassLoader().getResource(n) == null) return null;
            String rel = n.substring(resourceRoot.length());
            int slash = n.lastIndexOf('/');
            return new Found(
                    "resource:" + n,
                    BUNDLED_PREFIX + rel,
                    new Dir(null, n.substring(0, slash + 1), d.flavor(), -1),
                    d.flavor(),
                    d.index());
        }
        Path p = d.path() == null ? Path.of(".", name) : d.path().resolve(name); // clang shows "./x.h"
        if (!isFile(p)) return null;
        return found(p, p.toString(), d.flavor(), d.index());
    }

    private boolean isFile(Path p) {
        return exists.computeIfAbsent(p, q -> Files.isRegularFile(Invocation.resolve(q)));
    }

    private static Found found(Path p, String display, Flavor flavor, int index) {
        return new Found(Invocation.resolve(p).normalize().toString(), display, dirOf(display, flavor), flavor, index);
    }

    /** Removes "x/../" and "./" so a resource path stays inside the classpath folder. */
    private String normalize(String res) {
        String n = Path.of(res).normalize().toString().replace('\\', '/');
        return n.startsWith(resourceRoot) ? n : null;
    }

    String read(Found f) throws IOException {
        if (f.key().startsWith("resource:")) {
            try (InputStream in = HeaderSearch.class
                    .getClassLoader()
                    .getResourceAsStream(f.key().substring(9))) {
                if (in == null) throw new IOException("cannot open " + f.name());
                return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
            }
        }
        return Files.readString(Path.of(f.key()), StandardCharsets.ISO_8859_1);
    }
}
