package jomp.linker.host;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import jomp.objfile.elf.SharedObject;

/**
 * The shared libraries a host link resolves against, in ld's order (docs/design/abi.md § Native
 * calls): those the command line names, where they stand, then glibc's (libc, libm, libpthread,
 * libdl), which every C program gets. A symbol no object and no part of jomp's runtime defines
 * comes from the first library that defines it, as a dynamic loader's search finds it.
 */
public final class NativeLibraries {
    /**
     * One library: the name the program records (its DT_SONAME, else the name it was found by, as
     * ld records DT_NEEDED), its symbols, whether it is one of glibc's defaults, and whether it was
     * linked {@code --as-needed} (then recorded only when it defines something the program uses).
     */
    public record Library(String needed, String file, SharedObject object, boolean isDefault, boolean asNeeded) {}

    /** Where a symbol was found. */
    public record Found(Library library, SharedObject.Kind kind) {}

    private final List<Library> libraries = new ArrayList<>();
    private final List<String> runPath = new ArrayList<>();
    private final Set<Library> used = new LinkedHashSet<>();

    public void add(Library l) {
        for (int i = 0; i < libraries.size(); i++) {
            Library x = libraries.get(i);
            if (x.file().equals(l.file()) || x.needed().equals(l.needed())) { // ld loads a library once,
                if (x.asNeeded() && !l.asNeeded()) // and named again without --as-needed, it is needed
                libraries.set(i, new Library(x.needed(), x.file(), x.object(), x.isDefault(), false));
                return;
            }
        }
        libraries.add(l);
    }

    public void addRunPath(String dir) {
        if (!runPath.contains(dir)) runPath.add(dir);
    }

    private final Set<String> preferNative = new java.util.HashSet<>();

    /** Resolves {@code name} in the libraries even where jomp's C library defines it ({@code -Wl,--jomp-prefer-native=}). */
    public void preferNative(String name) {
        preferNative.add(name);
    }

    public boolean prefersNative(String name) {
        return preferNative.contains(name);
    }

    public List<String> runPath() {
        return runPath;
    }

    public List<Library> libraries() {
        return libraries;
    }

    /** The first library defining {@code symbol}, or null; the library counts as used. */
    public Found find(String symbol) {
        return find(symbol, true, false);
    }

    /**
     * As {@link #find(String)}, among the command line's libraries only ({@code glibc} false): they
     * come before the C library on an ld command line, so what they define wins over it.
     */
    public Found find(String symbol, boolean glibc) {
        return find(symbol, glibc, false);
    }

    /**
     * As {@link #find(String, boolean)}, for a reference that is weak or not. As GNU ld's
     * {@code --as-needed} has it, only a strong reference makes an {@code --as-needed} library
     * needed; a weak one binds to such a library only once a strong one has (the link makes its
     * strong references first, see {@link #needStrong}), else it stays undefined, its address 0.
     */
    public Found find(String symbol, boolean glibc, boolean weak) {
        for (Library l : libraries) {
            if (!glibc && l.isDefault()) continue;
            if (weak && l.asNeeded() && !used.contains(l)) continue;
            SharedObject.Kind k = l.object().symbols().get(symbol);
            if (k != null) {
                used.add(l);
                return new Found(l, k);
            }
        }
        return null;
    }

    /**
     * Whether one of glibc's libraries defines {@code symbol}, needed or not: then a weak reference
     * to a function jomp's C library has binds only as ld would bind it to glibc's, to a needed
     * library ({@link #find(String, boolean, boolean)}); jomp's libm is glibc's libm for ld.
     */
    public boolean glibcDefines(String symbol) {
        for (Library l : libraries) if (l.isDefault() && l.object().symbols().containsKey(symbol)) return true;
        return false;
    }

    /**
     * A strong reference to {@code symbol} that the link's objects leave undefined: the library
     * that defines it, in ld's order (the command line's libraries, then the C library), is needed.
     */
    public void needStrong(String symbol) {
        find(symbol, true, false);
    }

    /**
     * The libraries the program opens before main (DT_NEEDED, less glibc's, which the JVM has
     * loaded already): every one the command line named, except {@code --as-needed} ones the
     * program does not use.
     */
    public List<String> needed() {
        List<String> out = new ArrayList<>();
        for (Library l : libraries) if (!l.isDefault() && (!l.asNeeded() || used.contains(l))) out.add(l.needed());
        return out;
    }
}
