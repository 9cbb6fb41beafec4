package jomp.runtime.ompt;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import jomp.runtime.ffi.NativeWorld;
import jomp.runtime.ffi.Universal;
import jomp.runtime.mem.Functions;
import jomp.runtime.mem.Mem;

/**
 * Finding the tool (OpenMP 5.2 §19.2.1, as libomp's ompt_pre_init and ompt_try_start_tool do):
 * unless {@code OMP_TOOL=disabled}, first the program's own {@code ompt_start_tool} (a C function
 * the program defines, which the host link hands to {@link #linked} before anything runs), then
 * each library of the colon-separated {@code OMP_TOOL_LIBRARIES}, dlopen'ed and asked for its
 * {@code ompt_start_tool}; the first that returns non-NULL is the tool, and a library that returned
 * NULL is closed again. {@code OMP_TOOL_VERBOSE_INIT} (stdout, stderr or a file name) logs the
 * search in libomp's words.
 */
public final class Tool {
    private Tool() {}

    private static volatile MethodHandle linked;

    /** The program's own ompt_start_tool: {@code (int omp_version, long runtime_version) long}. */
    public static void linked(MethodHandle startTool) {
        // a compiled C function takes its thread's Stack last; the runtime calls it from wherever it starts
        linked = Functions.onCurrentStack(startTool)
                .asType(java.lang.invoke.MethodType.methodType(long.class, int.class, long.class));
    }

    /** The library the tool came from (dlclose'd after finalize), or 0. */
    static long library;

    /** ompt_start_tool_result_t* of the tool found, or 0. */
    static long find(int ompVersion, String runtimeVersion) {
        String setting = System.getenv("OMP_TOOL");
        Log log = Log.open(System.getenv("OMP_TOOL_VERBOSE_INIT"));
        long result = 0;
        try {
            if (setting != null && setting.equalsIgnoreCase("disabled")) {
                log.print("OMP tool disabled. \n");
            } else if (setting == null || setting.isEmpty() || setting.equalsIgnoreCase("enabled")) {
                result = search(log, ompVersion, runtimeVersion);
            } else {
                Inquiry.stderr("Warning: OMP_TOOL has invalid value \"" + setting + "\".\n"
                        + "  legal values are (NULL,\"\",\"disabled\",\"enabled\").\n");
            }
        } finally {
            log.close();
        }
        return result;
    }

    private static long search(Log log, int ompVersion, String runtimeVersion) {
        long version = Inquiry.cString(runtimeVersion);
        log.print("----- START LOGGING OF TOOL REGISTRATION -----\n");
        log.print("Search for OMP tool in current address space... ");
        MethodHandle own = linked;
        long r = 0;
        if (own != null) {
            try {
                r = (long) own.invokeExact(ompVersion, version);
            } catch (Throwable t) {
                throw Ompt.rethrow(t);
            }
        }
        if (r != 0) {
            log.print("Success.\n");
            log.print("Tool was started and is using the OMPT interface.\n");
            log.print("----- END LOGGING OF TOOL REGISTRATION -----\n");
            return r;
        }
        log.print("Failed.\n");
        String libs = System.getenv("OMP_TOOL_LIBRARIES");
        if (libs == null) {
            log.print("No OMP_TOOL_LIBRARIES defined.\n");
        } else {
            log.print("Searching tool libraries...\n");
            log.print("OMP_TOOL_LIBRARIES = " + libs + "\n");
            for (String name : libs.split(":")) {
                if (name.isEmpty()) continue; // strtok's tokens: empty ones are skipped
                log.print("Opening " + name + "... ");
                NativeWorld.start();
                long h = Universal.call(Dl.DLOPEN, Inquiry.cString(name), RTLD_LAZY, 0, 0, 0, 0);
                if (h == 0) {
                    log.print("Failed: " + Dl.error() + "\n");
                    continue;
                }
                log.print("Success. \n");
                log.print("Searching for ompt_start_tool in " + name + "... ");
                Universal.call(Dl.DLERROR, 0, 0, 0, 0, 0, 0);
                long start = Universal.call(Dl.DLSYM, h, Inquiry.cString("ompt_start_tool"), 0, 0, 0, 0);
                if (start == 0) {
                    String e = Dl.error();
                    log.print("Failed: " + (e != null ? e : "ompt_start_tool = NULL") + "\n");
                } else {
                    try {
                        r = (long) Inquiry.handle("p(j,p)", start).invokeExact(ompVersion, version);
                    } catch (Throwable t) {
                        throw Ompt.rethrow(t);
                    }
                    if (r != 0) {
                        log.print("Success.\n");
                        log.print("Tool was started and is using the OMPT interface.\n");
                        library = h;
                        log.print("----- END LOGGING OF TOOL REGISTRATION -----\n");
                        return r;
                    }
                    log.print("Found but not using the OMPT interface.\n");
                    log.print("Continuing search...\n");
                }
                Universal.call(Dl.DLCLOSE, h, 0, 0, 0, 0, 0);
            }
        }
        log.print("No OMP tool loaded.\n");
        log.print("----- END LOGGING OF TOOL REGISTRATION -----\n");
        return 0;
    }

    /** After finalize: the tool's library is closed, as libomp's ompt_fini does. */
    static void close() {
        if (library != 0) Universal.call(Dl.DLCLOSE, library, 0, 0, 0, 0, 0);
        library = 0;
    }

    private static final int RTLD_LAZY = 1;

    /** glibc's dlopen, dlsym, dlerror, dlclose (found without a downcall; called when a library is named). */
    private static final class Dl {
        static final MemorySegment DLOPEN = Universal.glibc("dlopen"),
                DLSYM = Universal.glibc("dlsym"),
                DLERROR = Universal.glibc("dlerror"),
                DLCLOSE = Universal.glibc("dlclose");

        static String error() {
            long m = Universal.call(DLERROR, 0, 0, 0, 0, 0, 0);
            return m == 0
                    ? null
                    : new String(Mem.cString(m).getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
        }
    }

    /** OMP_TOOL_VERBOSE_INIT's log: nothing (unset, empty, "disabled"), stdout, stderr, or a file written anew. */
    private record Log(int where, OutputStream file) {
        static final int NONE = 0, STDOUT = 1, STDERR = 2, FILE = 3;

        static Log open(String v) {
            if (v == null || v.isEmpty() || v.equalsIgnoreCase("disabled")) return new Log(NONE, null);
            String u = v.toUpperCase(Locale.ROOT);
            if (u.equals("STDERR")) return new Log(STDERR, null);
            if (u.equals("STDOUT")) return new Log(STDOUT, null);
            try {
                return new Log(FILE, new java.io.FileOutputStream(v));
            } catch (IOException e) {
                return new Log(NONE, null); // libomp's fopen failing: its prints go nowhere useful
            }
        }

        void print(String s) {
            switch (where) {
                case STDOUT -> Inquiry.stdout(s);
                case STDERR -> Inquiry.stderr(s);
                case FILE -> {
                    try {
                        file.write(s.getBytes(StandardCharsets.UTF_8));
                    } catch (IOException e) {
                        // the log is best effort, as fprintf's result is to libomp
                    }
                }
                default -> {}
            }
        }

        void close() {
            if (file == null) return;
            try {
                file.close();
            } catch (IOException e) {
                // nothing to do
            }
        }
    }
}
