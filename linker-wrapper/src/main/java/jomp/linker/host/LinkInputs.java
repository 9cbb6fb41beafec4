package jomp.linker.host;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import jomp.env.Invocation;
import jomp.objfile.FormatException;
import jomp.objfile.archive.Archive;
import jomp.objfile.archive.ArchiveReader;
import jomp.objfile.elf.ElfObject;
import jomp.objfile.elf.ElfReader;
import jomp.objfile.elf.JompSharedObject;
import jomp.objfile.elf.SharedObject;

/**
 * The host link's inputs in command-line order, read as GNU ld reads them: objects, static
 * archives (members taken as needed, {@code --whole-archive}), shared libraries (native ones,
 * and jomp's: {@link SharedLibrary}) and GNU ld
 * scripts ({@code GROUP(...)}, {@code INPUT(...)}, {@code AS_NEEDED(...)}, as
 * {@code /usr/lib/x86_64-linux-gnu/libc.so} is). {@code -l<name>} searches each {@code -L}
 * directory, then the system's ({@link #SYSTEM_DIRS}, ld's own list), for {@code lib<name>.so} then
 * {@code lib<name>.a}, or only the archive after {@code -Bstatic}/{@code -static};
 * {@code -l:<file>} looks for the file itself; {@code --start-group}/{@code --end-group} search
 * their archives again as ld does. Options that only matter to a native executable are accepted
 * and have no effect ({@link GnuLdOptions}).
 */
public final class LinkInputs {
    /** ld's default search path on Debian/Ubuntu x86-64 ({@code ld --verbose | grep SEARCH_DIR}). */
    public static final List<String> SYSTEM_DIRS = List.of(
            "/usr/local/lib/x86_64-linux-gnu",
            "/lib/x86_64-linux-gnu",
            "/usr/lib/x86_64-linux-gnu",
            "/usr/lib/x86_64-linux-gnu64",
            "/usr/local/lib64",
            "/lib64",
            "/usr/lib64",
            "/usr/local/lib",
            "/lib",
            "/usr/lib",
            "/usr/x86_64-linux-gnu/lib64",
            "/usr/x86_64-linux-gnu/lib");

    /** glibc's libraries: always searched (after the command line's), never opened at start-up (the JVM has them). */
    static final Set<String> GLIBC = Set.of(
            "libc.so.6",
            "libm.so.6",
            "libpthread.so.0",
            "libdl.so.2",
            "librt.so.1",
            "libmvec.so.1",
            "ld-linux-x86-64.so.2",
            "libutil.so.1",
            "libresolv.so.2",
            "libanl.so.1");

    /** OpenMP runtimes gcc and clang users name: jomp's own runtime is the program's OpenMP runtime. */
    static final Set<String> OPENMP_RUNTIMES = Set.of("gomp", "omp", "iomp5", "omptarget");

    /**
     * libatomic, which gcc's and clang's code calls for atomic objects no instruction moves: jomp's
     * compiler copies those under the runtime's lock itself (lower.AtomicLowering), so it is not needed.
     */
    static final String LIBATOMIC = "atomic";

    /** A problem ld would report ({@code cannot find -lfoo}, a file it cannot read): the message. */
    public static final class InputError extends Exception {
        public InputError(String message) {
            super(message, null, false, false);
        }
    }

    private final List<Path> libDirs;
    private final ArchiveResolver resolver;
    private final NativeLibraries natives = new NativeLibraries();
    private boolean dynamic = true, asNeeded, wholeArchive;
    /** ld's --push-state: the saved -Bdynamic/-Bstatic, --as-needed and --whole-archive states. */
    private final java.util.ArrayDeque<boolean[]> states = new java.util.ArrayDeque<>();

    public LinkInputs(List<Path> libDirs, List<HostLinker.Input> objects) {
        this.libDirs = libDirs;
        this.resolver = new ArchiveResolver(objects);
    }

    public NativeLibraries natives() {
        return natives;
    }

    /** The positional arguments (inputs, {@code -l}, ld options) in order. */
    public void addAll(List<String> args) throws InputError, IOException {
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "--start-group", "-(" -> resolver.startGroup();
                case "--end-group", "-)" -> resolver.endGroup();
                case "--whole-archive" -> wholeArchive = true;
                case "--no-whole-archive" -> wholeArchive = false;
                case "-Bstatic", "-dn", "-non_shared", "-static" -> dynamic = false;
                case "-Bdynamic", "-dy", "-call_shared" -> dynamic = true;
                case "--as-needed" -> asNeeded = true;
                case "--no-as-needed" -> asNeeded = false;
                case "--push-state", "-push-state" -> states.push(new boolean[] {dynamic, asNeeded, wholeArchive});
                case "--pop-state", "-pop-state" -> {
                    if (states.isEmpty()) throw new InputError("no state pushed before popping");
                    boolean[] st = states.pop();
                    dynamic = st[0];
                    asNeeded = st[1];
                    wholeArchive = st[2];
                }
                case "-rpath", "-R", "--rpath" -> {
                    if (i + 1 >= args.size()) throw new InputError(a + ": missing argument");
                    for (String d : args.get(++i).split(":")) if (!d.isEmpty()) natives.addRunPath(d);
                }
                case "-l", "--library" -> {
                    if (i + 1 >= args.size()) throw new InputError(a + ": missing argument");
                    library(args.get(++i));
                }
                case "-L", "--library-path" -> {
                    if (i + 1 >= args.size()) throw new InputError(a + ": missing argument");
                    libDirs.add(Path.of(args.get(++i)));
                }
                default -> {
                    if (a.startsWith("-rpath=") || a.startsWith("--rpath=")) {
                        for (String d : a.substring(a.indexOf('=') + 1).split(":"))
                            if (!d.isEmpty()) natives.addRunPath(d);
                    } else if (a.startsWith("--jomp-prefer-native=")) {
                        // benchmarks: these C library functions from glibc although jomp's runtime has them
                        for (String n : a.substring(21).split("[,:]"))
                            if (!n.isEmpty()) natives.preferNative(n); // ":" survives -Wl,
                    } else if (a.startsWith("--library=")) library(a.substring(10));
                    else if (a.startsWith("--library-path=")) libDirs.add(Path.of(a.substring(15)));
                    else if (a.startsWith("-l")) library(a.substring(2));
                    else if (a.startsWith("-L")) libDirs.add(Path.of(a.substring(2)));
                    else if (GnuLdOptions.ignored(args, i) > 0)
                        i += GnuLdOptions.ignored(args, i) - 1; // nothing for a jomp executable
                    else if (a.startsWith("-") && a.length() > 1)
                        throw new InputError("unrecognized option '" + a + "'");
                    else file(a, Path.of(a), false);
                }
            }
        }
    }

    /** glibc's libraries, which every C program links (gcc's driver adds -lc; jomp adds libm and the rest too). */
    public void addDefaults() throws IOException, InputError {
        boolean was = dynamic, wasAsNeeded = asNeeded;
        dynamic = true;
        // libc as clang's "--no-as-needed -lc"; the others, which clang does not add, --as-needed:
        // only a strong reference needs them, so a weak one alone does not bind to them
        for (String name : List.of("c", "m", "pthread", "dl")) {
            Path p = search("lib" + name + ".so");
            asNeeded = !name.equals("c");
            if (p != null) file("-l" + name, p, true);
        }
        for (String soname : List.of("libc.so.6", "libm.so.6", "libpthread.so.0", "libdl.so.2")) {
            Path p = search(soname);
            asNeeded = !soname.equals("libc.so.6");
            if (p != null) file(soname, p, true);
        }
        dynamic = was;
        asNeeded = wasAsNeeded;
    }

    private void library(String name) throws InputError, IOException {
        if (OPENMP_RUNTIMES.contains(name)) return; // jomp's OpenMP runtime is part of every program
        if (name.equals(LIBATOMIC)) return;
        Path p;
        if (name.startsWith(":")) p = search(name.substring(1));
        else {
            p = dynamic ? searchEach("lib" + name) : search("lib" + name + ".a");
        }
        if (p == null) throw new InputError("cannot find -l" + name);
        file("-l" + name, p, false);
    }

    /** In each directory, lib<name>.so before lib<name>.a, as ld looks. */
    private Path searchEach(String stem) {
        for (Path d : dirs()) {
            for (String ext : new String[] {".so", ".a"}) {
                Path p = d.resolve(stem + ext);
                if (Files.isRegularFile(Invocation.resolve(p))) return p;
            }
        }
        return null;
    }

    private Path search(String file) {
        for (Path d : dirs()) {
            Path p = d.resolve(file);
            if (Files.isRegularFile(Invocation.resolve(p))) return p;
        }
        return null;
    }

    private List<Path> dirs() {
        List<Path> ds = new ArrayList<>(libDirs);
        for (String s : SYSTEM_DIRS) ds.add(Path.of(s));
        return ds;
    }

    /**
     * One input file, by its contents: an object, an archive, a shared library or a linker script.
     * {@code isDefault}: a library jomp adds, where a missing file or foreign member is no error.
     */
    private void file(String shown, Path p, boolean isDefault) throws InputError, IOException {
        Path real = Invocation.resolve(p);
        if (!Files.isRegularFile(real)) throw new InputError(shown + ": No such file or directory");
        String name = p.toString();
        SharedObject cached = cachedSharedObject(real);
        if (cached != null) {
            addLibrary(shown, p, name, cached, isDefault);
            return;
        }
        byte[] bytes = Files.readAllBytes(real);
        try {
            byte[] payload = JompSharedObject.payload(name, bytes);
            if (payload != null && ArchiveReader.isArchive(payload)) {
                Archive ar = ArchiveReader.read(name, payload);
                if (SharedLibrary.is(ar)) {
                    // what its .dynsym exports is all a program or another library can bind to
                    jompSharedLibrary(
                            real,
                            name,
                            ar,
                            new HostLinker.Library(
                                    name,
                                    SharedObject.read(name, bytes).symbols().keySet(),
                                    SharedLibrary.binding(ar)));
                    return;
                }
            }
            if (ArchiveReader.isArchive(bytes)) {
                Archive ar = ArchiveReader.read(name, bytes);
                if (SharedLibrary.is(ar)) {
                    jompSharedLibrary(real, name, ar, new HostLinker.Library(name, null));
                    return;
                }
                if (isNative(ar)) {
                    // glibc's libc_nonshared.a and the like: native code jomp's runtime stands in for
                    boolean glibcGlue = p.getFileName().toString().matches("lib\\w+_nonshared\\.a");
                    if (!isDefault && !glibcGlue && !ar.members().isEmpty())
                        throw new InputError(
                                name
                                        + ": cannot link a static library of native code; link its shared library (lib…so) instead");
                    return;
                }
                resolver.add(name, ar, wholeArchive);
                return;
            }
            if (SharedObject.isSharedObject(bytes)) {
                SharedObject so = SharedObject.read(name, bytes);
                SHARED_OBJECTS.put(
                        real.toAbsolutePath(),
                        new Cached(Files.getLastModifiedTime(real).toMillis(), bytes.length, so));
                addLibrary(shown, p, name, so, isDefault);
                return;
            }
            if (ElfReader.isElf(bytes)) {
                ElfObject o = ElfReader.read(name, bytes);
                if (o.machine() != 0)
                    throw new InputError(name + ": cannot link native object code; put it in a shared library");
                resolver.addObject(new HostLinker.Input(name, o));
                return;
            }
        } catch (FormatException e) {
            throw new InputError(e.getMessage());
        }
        if (looksLikeScript(bytes)) {
            script(name, new String(bytes, StandardCharsets.UTF_8), isDefault);
            return;
        }
        throw new InputError(shown + ": file format not recognized");
    }

    /** The jomp shared libraries taken so far (a library two others depend on is linked once). */
    private final Set<Path> jompShared = new java.util.HashSet<>();

    /** A library {@code jomp -shared} made: all its objects, then its own dependencies ({@link SharedLibrary}). */
    private void jompSharedLibrary(Path real, String name, Archive ar, HostLinker.Library library)
            throws InputError, IOException {
        if (!jompShared.add(real.toAbsolutePath().normalize())) return;
        resolver.add(name, SharedLibrary.objects(ar), true, true, library);
        boolean was = wholeArchive;
        wholeArchive = false;
        addAll(SharedLibrary.dependencies(ar));
        wholeArchive = was;
    }

    private void addLibrary(String shown, Path p, String name, SharedObject so, boolean isDefault) throws InputError {
        if (so.machine() != 62) throw new InputError(name + ": file in wrong format (not x86-64)");
        String needed = so.soname() != null
                ? so.soname()
                : shown.startsWith("-l") ? p.getFileName().toString() : name;
        natives.add(new NativeLibraries.Library(needed, name, so, isDefault || GLIBC.contains(needed), asNeeded));
    }

    /**
     * Shared objects already read, by absolute path, while their file is unchanged: every link
     * reads glibc's libraries, and the compile server links many programs (libc.so.6's .dynsym
     * takes tens of milliseconds to read).
     */
    private record Cached(long modified, long size, SharedObject object) {}

    private static final java.util.concurrent.ConcurrentHashMap<Path, Cached> SHARED_OBJECTS =
            new java.util.concurrent.ConcurrentHashMap<>();

    private static SharedObject cachedSharedObject(Path real) throws IOException {
        Cached c = SHARED_OBJECTS.get(real.toAbsolutePath());
        if (c == null) return null;
        if (c.modified() != Files.getLastModifiedTime(real).toMillis() || c.size() != Files.size(real)) return null;
        return c.object();
    }

    private boolean isNative(Archive ar) {
        for (Archive.Member m : ar.members()) {
            byte[] b = m.bytes();
            if (ElfReader.isElf(b) && b.length > 19 && (b[18] & 0xff | (b[19] & 0xff) << 8) != 0) return true;
        }
        return false;
    }

    private static boolean looksLikeScript(byte[] b) {
        for (int i = 0; i < Math.min(b.length, 512); i++) if (b[i] == 0) return false;
        return true;
    }

    /** A GNU ld script: the files of GROUP, INPUT and AS_NEEDED, each linked in turn; other commands are ignored. */
    private void script(String name, String text, boolean isDefault) throws InputError, IOException {
        String s = text.replaceAll("(?s)/\\*.*?\\*/", " ");
        java.util.regex.Matcher m =
                java.util.regex.Pattern.compile("\\b(GROUP|INPUT)\\s*\\(").matcher(s);
        boolean any = false;
        while (m.find()) {
            any = true;
            int depth = 1, i = m.end();
            StringBuilder body = new StringBuilder();
            while (i < s.length() && depth > 0) {
                char c = s.charAt(i++);
                if (c == '(') depth++;
                else if (c == ')') depth--;
                if (depth > 0) body.append(c);
            }
            boolean was = asNeeded;
            List<String> words = List.of(body.toString()
                    .replace("(", " ( ")
                    .replace(")", " ) ")
                    .replace(",", " ")
                    .trim()
                    .split("\\s+"));
            for (int k = 0; k < words.size(); k++) {
                String w = words.get(k);
                if (w.isEmpty()) continue;
                if (w.equals("AS_NEEDED")) {
                    asNeeded = true;
                    continue;
                }
                if (w.equals("(")) continue;
                if (w.equals(")")) {
                    asNeeded = was;
                    continue;
                }
                if (w.startsWith("-l")) library(w.substring(2));
                else file(w, Path.of(w), isDefault);
            }
            asNeeded = was;
        }
        if (!any) throw new InputError(name + ": file format not recognized; treating as linker script failed");
    }
}
