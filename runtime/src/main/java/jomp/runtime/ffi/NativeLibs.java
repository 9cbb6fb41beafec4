package jomp.runtime.ffi;

import java.io.File;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ConcurrentHashMap;
import jomp.runtime.mem.Mem;
import jomp.runtime.start.Startup;

/**
 * The shared libraries of a program, as the dynamic loader would map them (docs/design/abi.md §
 * Native calls): the link records each library's name (its DT_SONAME, like DT_NEEDED) and its
 * run paths; {@link #load} opens the ones named by {@code -l} before main runs, searching
 * {@code LD_LIBRARY_PATH}, then the run paths ({@code -Wl,-rpath}, as DT_RUNPATH), then the
 * system's places (dlopen's own search), so a missing library stops the program with ld.so's
 * message and status 127. Libraries are opened {@code RTLD_GLOBAL}, as the loader makes a
 * program's libraries visible to each other and to the plugins they dlopen (Open MPI's components).
 * Symbols are looked up lazily, in the library that defined them at link time.
 */
public final class NativeLibs {
    private NativeLibs() {}

    private static final int RTLD_LAZY = 1, RTLD_GLOBAL = 0x100;

    /** dlopen, dlsym, dlerror: glibc's, called through the universal handles. */
    private static final class Dl {
        static final MemorySegment DLOPEN = Universal.glibc("dlopen"),
                DLSYM = Universal.glibc("dlsym"),
                DLERROR = Universal.glibc("dlerror");
    }

    /** glibc's own libraries, which the JVM has loaded: their symbols come from FFM's default lookup. */
    private static final java.util.Set<String> GLIBC = java.util.Set.of(
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

    /** Handles of opened libraries by the name the link recorded. */
    private static final ConcurrentHashMap<String, Long> HANDLES = new ConcurrentHashMap<>();

    private static volatile String[] runPath = new String[0];

    /**
     * Opens the program's libraries, in link order, before main; a library that cannot be opened
     * ends the program as the loader would ({@code prog: error while loading shared libraries: …}, 127).
     */
    public static void load(String[] needed, String[] runpath) {
        runPath = runpath;
        NativeWorld.start();
        for (String lib : needed) {
            long h = open(lib);
            if (h == 0) {
                System.err.println(Startup.programName() + ": error while loading shared libraries: " + dlerror());
                System.err.flush();
                jomp.runtime.start.Startup.halt(127);
            }
        }
    }

    /** The address of {@code symbol} in library {@code lib} (the name the link recorded). */
    public static long symbol(String lib, String symbol) {
        if (GLIBC.contains(lib)) {
            long a = Universal.glibcAddress(symbol);
            if (a != 0) return a;
        }
        Long h = HANDLES.get(lib);
        if (h == null) {
            long opened = open(lib);
            if (opened == 0) fatal("error while loading shared libraries: " + dlerror());
            h = opened;
        }
        long a = Universal.call(Dl.DLSYM, h, cString(symbol), 0, 0, 0, 0);
        if (a == 0) fatal("symbol lookup error: " + Startup.programName() + ": undefined symbol: " + symbol);
        return a;
    }

    private static void fatal(String message) {
        jomp.runtime.start.Startup.flushStdio();
        System.err.println(message.startsWith("symbol") ? message : Startup.programName() + ": " + message);
        System.err.flush();
        jomp.runtime.start.Startup.halt(127);
    }

    private static synchronized long open(String lib) {
        Long known = HANDLES.get(lib);
        if (known != null) return known;
        long h = 0;
        if (lib.indexOf('/') >= 0) h = dlopen(lib);
        else {
            String found = search(lib);
            h = dlopen(found != null ? found : lib);
        }
        if (h != 0) HANDLES.put(lib, h);
        return h;
    }

    /** LD_LIBRARY_PATH, then the run paths; null: leave the rest of the search to dlopen. */
    private static String search(String lib) {
        String env = System.getenv("LD_LIBRARY_PATH");
        if (env != null)
            for (String d : env.split(":")) {
                if (d.isEmpty()) continue;
                File f = new File(d, lib);
                if (f.isFile()) return f.getPath();
            }
        for (String d : runPath) {
            File f = new File(expandOrigin(d), lib);
            if (f.isFile()) return f.getPath();
        }
        return null;
    }

    /** {@code $ORIGIN}: the folder of the executable. */
    private static String expandOrigin(String dir) {
        if (!dir.contains("$ORIGIN") && !dir.contains("${ORIGIN}")) return dir;
        File prog = new File(Startup.programName()).getAbsoluteFile();
        String origin = prog.getParent() == null ? "/" : prog.getParent();
        return dir.replace("${ORIGIN}", origin).replace("$ORIGIN", origin);
    }

    private static long dlopen(String path) {
        return Universal.call(Dl.DLOPEN, cString(path), RTLD_LAZY | RTLD_GLOBAL, 0, 0, 0, 0);
    }

    private static String dlerror() {
        long m = Universal.call(Dl.DLERROR, 0, 0, 0, 0, 0, 0);
        if (m == 0) return "unknown error";
        return new String(Mem.cString(m).getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
    }

    /** A name as a C string (kept: names are few, and dlsym may be asked again). */
    private static long cString(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        long a = Mem.permanent(b.length + 1L, 1);
        Mem.copyFromArray(b, 0, a, b.length);
        return a;
    }
}
