package jomp.runtime.program;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import jomp.runtime.ffi.NativeWorld;
import jomp.runtime.ffi.Universal;
import jomp.runtime.libc.Stdio;
import jomp.runtime.libc.Stdlib;
import jomp.runtime.libc.Str;
import jomp.runtime.mem.Mem;
import jomp.runtime.mem.Stack;
import jomp.runtime.start.Startup;

/**
 * The training run of the executables' start cache (linker-wrapper's StartCache, at jomp's
 * build): what the start and end of a small program do, as the generated jomp/link/Main does
 * them, so that the AOT cache holds those classes loaded and linked. There is no program here:
 * the cache serves every program, and must not hold any program's classes. Only what such
 * programs use: every class in the cache is loaded when a program starts, used or not. With the
 * argument {@code native}, also a program's first native calls (FFM's classes, the universal
 * downcall handles, the switch to glibc's streams: about 500 classes), for the cache of programs
 * that call native code; a program that does not would pay for loading them.
 */
public final class StartTraining {
    private StartTraining() {}

    public static void main(String[] args) throws ClassNotFoundException {
        String name = Startup.programName();
        Stdlib.setProgramName(name);
        Startup.argv(name, args);
        // the data image's loading (it needs a program's image; its classes are what matter
        // here), and a resource read from the jar beside a class, as the image is read
        Class.forName(DataImage.class.getName());
        try {
            jomp.runtime.start.JarResource.read(StartTraining.class, "/META-INF/MANIFEST.MF");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        // main's call stack, as the generated main takes it
        jomp.runtime.mem.Stack.current();
        long fmt = cString("%s %d %.3f %g\n"), word = cString("training");
        long va = Mem.permanent(32, 8);
        Mem.putLong(va, word);
        Mem.putLong(va + 8, 42);
        Mem.putDouble(va + 16, 1.5);
        Mem.putDouble(va + 24, 1e-7);
        Stdio.printf(fmt, va);
        Stdio.puts(word);
        Stdio.putchar('\n');
        Str.strlen(word);
        long p = Stdlib.malloc(64);
        Stdlib.free(p);
        if (args.length > 0 && args[0].equals("native")) {
            // as a program's stubs do: look the function up, ask whether it may be critical (the
            // native world starts), call it through a universal handle; a native global's address
            MemorySegment fopen = Universal.function(LIBC, "fopen"), fclose = Universal.function(LIBC, "fclose");
            Universal.critical(LIBC, "fopen", fopen);
            Universal.critical(LIBC, "fclose", fclose);
            NativeWorld.symbol(LIBC, "stderr");
            long f = Universal.call(fopen, cString("/dev/null"), cString("w"), 0, 0, 0, 0);
            Stdio.fprintf(f, fmt, va);
            Universal.call(fclose, f, 0, 0, 0, 0, 0);
            // a critical call (strlen and the like), and native code calling jomp functions back
            // (qsort's comparison, pthread_once's routine: the shapes atexit handlers, thread
            // routines and callbacks share), each first made at run time
            MemorySegment strlen = Universal.function(LIBC, "strlen");
            Universal.critical(LIBC, "strlen", strlen);
            Universal.callCritical(strlen, word, 0, 0, 0, 0, 0);
            callBack();
            Stdio.printf(fmt, va);
            // glibc's exit would end the process past the JVM's own exit, where the cache is written
            Stdlib.runOnExit();
            Runtime.getRuntime().halt(0);
        }
        Stdlib.exit(0);
    }

    private static final String LIBC = "libc.so.6";

    private static void callBack() {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            long compare = NativeWorld.upcallForTraining(
                    l.findStatic(
                            StartTraining.class,
                            "compare",
                            MethodType.methodType(int.class, long.class, long.class, Stack.class)),
                    "i(p,p)");
            long once = NativeWorld.upcallForTraining(
                    l.findStatic(StartTraining.class, "once", MethodType.methodType(void.class, Stack.class)), "v()");
            long a = Mem.permanent(16, 8);
            Mem.putLong(a, 2);
            Mem.putLong(a + 8, 1);
            MemorySegment qsort = Universal.function(LIBC, "qsort"),
                    pthreadOnce = Universal.function(LIBC, "pthread_once");
            Universal.critical(LIBC, "qsort", qsort);
            Universal.critical(LIBC, "pthread_once", pthreadOnce);
            Universal.call(qsort, a, 2, 8, compare, 0, 0);
            Universal.call(pthreadOnce, Mem.permanent(8, 8), once, 0, 0, 0, 0);
            if (Mem.getLong(a) != 1) throw new IllegalStateException("qsort called back wrongly");
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    // called by glibc through the upcall stubs above (found by name: not private)
    static int compare(long a, long b, Stack stack) {
        return Long.compare(Mem.getLong(a), Mem.getLong(b));
    }

    static void once(Stack stack) {}

    private static long cString(String s) {
        long p = Mem.permanent(s.length() + 1, 1);
        for (int i = 0; i < s.length(); i++) Mem.putByte(p + i, (byte) s.charAt(i));
        return p;
    }
}
