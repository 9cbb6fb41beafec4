package jomp.runtime.ffi;

import java.io.File;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
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

    private static final class Dl {
        static final Linker LINKER = Linker.nativeLinker();
        static final MethodHandle DLOPEN = bind("dlopen", FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT));
        static final MethodHandle DLSYM = bind("dlsym", FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG));
        static final MethodHandle DLERROR = bind("dlerror", FunctionDescriptor.of(ValueLayout.JAVA_LONG));

        static MethodHandle bind(String name, FunctionDescriptor d) {
            return LINKER.downcallHandle(LINKER.defaultLookup().find(name).orElseThrow(), d);
        }
    }

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
        Long h = HANDLES.get(lib);
        if (h == null) {
            long opened = open(lib);
            if (opened == 0) fatal("error while loading shared libraries: " + dlerror());
            h = opened;
        }
        long a;
        try (Arena arena = Arena.ofConfined()) {
            a = (long) Dl.DLSYM.invokeExact(h.longValue(), arena.allocateFrom(symbol).address());
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
        if (a == 0) fatal("symbol lookup error: " + Startup.programName() + ": undefined symbol: " + symbol);
        return a;
    }

    private static void fatal(String message) {
        jomp.runtime.libc.Stdio.flushAll();
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
        if (env != null) for (String d : env.split(":")) {
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
        try (Arena arena = Arena.ofConfined()) {
            return (long) Dl.DLOPEN.invokeExact(arena.allocateFrom(path).address(), RTLD_LAZY | RTLD_GLOBAL);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    private static String dlerror() {
        try {
            long m = (long) Dl.DLERROR.invokeExact();
            if (m == 0) return "unknown error";
            return new String(Mem.cString(m).getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }
}
