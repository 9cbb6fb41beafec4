package jomp.runtime.libc;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import jomp.runtime.mem.Functions;
import jomp.runtime.mem.Mem;
import jomp.runtime.mem.Stack;
import jomp.runtime.start.JarResource;

/**
 * stdlib.h. The allocator is the system's libc malloc family, so memory from C code and from
 * native libraries is the same heap: through sun.misc.Unsafe's allocator where the JVM allows it
 * (below), otherwise through FFM downcalls (critical: no thread-state transition).
 */
public final class Stdlib {
    private Stdlib() {}

    // ---- memory ----

    /**
     * The libc functions as FFM downcalls, bound on first use: building the native linker and the
     * first handle costs 60-80 ms, most of a small program's start-up, so an executable that
     * allocates through Unsafe never builds them.
     */
    @SuppressWarnings(
            "restricted") // native calls through FFM are this code's purpose; the launchers enable native access
    private static final class Libc {
        static final MethodHandle MALLOC, CALLOC, REALLOC, FREE, POSIX_MEMALIGN;

        static {
            Linker linker = Linker.nativeLinker();
            var libc = linker.defaultLookup();
            Linker.Option critical = Linker.Option.critical(false);
            ValueLayout.OfLong J = ValueLayout.JAVA_LONG;
            MALLOC = linker.downcallHandle(libc.find("malloc").orElseThrow(), FunctionDescriptor.of(J, J), critical);
            CALLOC = linker.downcallHandle(libc.find("calloc").orElseThrow(), FunctionDescriptor.of(J, J, J), critical);
            REALLOC =
                    linker.downcallHandle(libc.find("realloc").orElseThrow(), FunctionDescriptor.of(J, J, J), critical);
            FREE = linker.downcallHandle(libc.find("free").orElseThrow(), FunctionDescriptor.ofVoid(J), critical);
            POSIX_MEMALIGN = linker.downcallHandle(
                    libc.find("posix_memalign").orElseThrow(),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, J, J, J),
                    critical);
        }
    }

    /**
     * Unsafe's allocateMemory, reallocateMemory and freeMemory are HotSpot's os::malloc, realloc
     * and free, which are the C library's own as long as native memory tracking is off (it adds
     * a header to each block): used where {@link Mem#RAW} allows and tracking was not asked for.
     */
    private static final boolean RAW = Mem.RAW && !nativeMemoryTracking();

    private static boolean nativeMemoryTracking() {
        String flag = "NativeMemoryTracking";
        for (String v : new String[] {
            System.getenv("JAVA_TOOL_OPTIONS"), System.getenv("JDK_JAVA_OPTIONS"), System.getenv("_JAVA_OPTIONS")
        }) {
            if (v != null && v.contains(flag)) return true;
        }
        // java.io, not Files.readAllBytes: NIO's first use costs every program's start 3 ms
        try (var in = new java.io.FileInputStream("/proc/self/cmdline")) {
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1).contains(flag);
        } catch (java.io.IOException | RuntimeException e) {
            return true; // cannot tell: stay with the downcalls
        }
    }

    public static long malloc(long size) {
        if (RAW) {
            long p = rawAllocate(size);
            if (p == 0) Errno.set(Errno.ENOMEM);
            return p;
        }
        try {
            long p = (long) Libc.MALLOC.invokeExact(size);
            if (p == 0) Errno.set(Errno.ENOMEM);
            return p;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /** malloc through Unsafe: size_t sizes over Long.MAX_VALUE and failures give 0, as malloc does; malloc(0) gives a block, as glibc's does. */
    private static long rawAllocate(long size) {
        if (size < 0) return 0;
        try {
            return Mem.rawAllocate(Math.max(size, 1));
        } catch (OutOfMemoryError e) {
            return 0;
        }
    }

    public static long calloc(long n, long size) {
        if (RAW) {
            long total;
            try {
                total = Math.multiplyExact(n, size);
            } catch (ArithmeticException e) {
                total = -1;
            }
            long p = rawAllocate(total);
            if (p == 0) Errno.set(Errno.ENOMEM);
            else Mem.fill(p, (byte) 0, total);
            return p;
        }
        try {
            long p = (long) Libc.CALLOC.invokeExact(n, size);
            if (p == 0) Errno.set(Errno.ENOMEM);
            return p;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    public static long realloc(long p, long size) {
        if (RAW) {
            if (p == 0) return malloc(size);
            if (size == 0) {
                Mem.rawFree(p);
                return 0;
            } // glibc frees and returns NULL
            long q = 0;
            if (size > 0) {
                try {
                    q = Mem.rawReallocate(p, size);
                } catch (OutOfMemoryError e) {
                    q = 0;
                }
            }
            if (q == 0) Errno.set(Errno.ENOMEM);
            return q;
        }
        try {
            long q = (long) Libc.REALLOC.invokeExact(p, size);
            if (q == 0 && size != 0) Errno.set(Errno.ENOMEM);
            return q;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    public static void free(long p) {
        if (p == 0) return;
        if (RAW) {
            Mem.rawFree(p);
            return;
        }
        try {
            Libc.FREE.invokeExact(p);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    public static int posix_memalign(long pp, long alignment, long size) {
        try {
            return (int) Libc.POSIX_MEMALIGN.invokeExact(pp, alignment, size);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    public static long aligned_alloc(long alignment, long size) {
        long cell = Arena.ofAuto().allocate(8, 8).address();
        int r = posix_memalign(cell, Math.max(alignment, 8), size);
        if (r != 0) {
            Errno.set(r);
            return 0;
        }
        return Mem.getLong(cell);
    }

    // ---- process ----

    private static final ArrayList<Long> AT_EXIT = new ArrayList<>();
    private static volatile String programName = "a.out";

    /** argv[0], for assert's and abort's messages; the program's launcher sets it. */
    public static void setProgramName(String argv0) {
        programName = argv0;
    }

    static String programName() {
        return programName;
    }

    /**
     * atexit: jomp's own list while only jomp code has run; once native code runs, glibc's
     * (jomp.runtime.ffi.NativeWorld calls {@link #toGlibc}), so handlers that jomp code and native
     * libraries register run once, last registered first, as in C.
     */
    public static int atexit(long f) {
        synchronized (AT_EXIT) {
            if (!glibcExit) {
                AT_EXIT.add(f);
                return 0;
            }
        }
        return Glibc.atexit(f) == 0 ? 0 : -1;
    }

    /** glibc's _exit, once glibc's exit would run jomp functions as handlers. */
    private static final class Halt implements java.util.function.IntConsumer {
        @Override
        public void accept(int status) {
            Glibc._exit(status);
        }
    }

    /** Set when glibc's atexit list and exit take over. */
    private static volatile boolean glibcExit;

    /** The runtime's own work at exit (offloading's unregistration and reports), after C's handlers. */
    private static final ArrayList<Runnable> ON_EXIT = new ArrayList<>();

    private static boolean onExitDone;

    /** Registers runtime work to run at exit, after the C program's atexit handlers. */
    public static void onExit(Runnable r) {
        synchronized (ON_EXIT) {
            ON_EXIT.add(r);
        }
        synchronized (AT_EXIT) {
            if (glibcExit) registerOnExit();
        }
    }

    private static boolean onExitRegistered;

    /**
     * glibc's exit runs the runtime's exit work through a handler registered once (a jomp-function
     * pointer to {@link #runOnExit}); registered when there is work (a flight recording to write
     * counts), so that a program without any takes no function's address for it.
     */
    private static void registerOnExit() {
        if (onExitRegistered) return;
        synchronized (ON_EXIT) {
            if (ON_EXIT.isEmpty() && !jomp.runtime.start.FlightRecordings.active()) return;
        }
        onExitRegistered = true;
        try {
            long h = Functions.register(
                    java.lang.invoke.MethodHandles.lookup()
                            .findStatic(Stdlib.class, "runOnExit", java.lang.invoke.MethodType.methodType(void.class)),
                    "v()");
            Glibc.atexit(h);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Runs the runtime's exit work once (exit, a JVM shutdown, or glibc's exit calling it last). */
    public static void runOnExit() {
        List<Runnable> todo;
        synchronized (ON_EXIT) {
            if (onExitDone) return;
            onExitDone = true;
            todo = new ArrayList<>(ON_EXIT);
        }
        for (int i = todo.size() - 1; i >= 0; i--) todo.get(i).run();
        Stdio.flushAll();
        if (glibcExit) jomp.runtime.start.FlightRecordings.writeAll(); // no JVM shutdown hook runs after glibc's exit
    }

    /**
     * Native code is about to run: glibc's exit will end the program from now on. Its first
     * handler (the last to run) is the runtime's exit work, then jomp's handlers so far, in order.
     */
    public static void toGlibc() {
        synchronized (AT_EXIT) {
            if (glibcExit) return;
            jomp.runtime.start.Startup.nativeHalt = new Halt();
            registerOnExit();
            for (long f : AT_EXIT) Glibc.atexit(f);
            AT_EXIT.clear();
            glibcExit = true;
        }
    }

    /**
     * exit: the runtime's work before exit (pending OpenMP tasks complete), the atexit handlers
     * last-registered first, then the runtime's exit work, a flush of
     * stdio, and the end of the process. Once native code has run this is glibc's exit, which
     * also runs the handlers native libraries registered and flushes glibc's streams.
     */
    public static void exit(int status) {
        runBeforeExit();
        if (glibcExit) {
            Glibc.exit(status);
            jomp.runtime.start.Startup.halt(status); // not reached
        }
        while (true) {
            long f;
            synchronized (AT_EXIT) {
                if (glibcExit) break; // a handler started native code: glibc runs the rest
                if (AT_EXIT.isEmpty()) break;
                f = AT_EXIT.removeLast();
            }
            callHandler(f);
        }
        if (glibcExit) {
            Glibc.exit(status);
            jomp.runtime.start.Startup.halt(status);
        }
        Stdio.flushAll();
        runOnExit();
        if (onlyOwnHooks()) jomp.runtime.start.Startup.halt(status);
        Runtime.getRuntime().exit(status);
    }

    /** Runtime work at the start of exit, before the atexit handlers (the end of OpenMP's implicit parallel region). */
    private static final ArrayList<Runnable> BEFORE_EXIT = new ArrayList<>();

    /** Registers runtime work to run when exit starts (also on main's return), before the C program's atexit handlers. */
    public static void beforeExit(Runnable r) {
        synchronized (BEFORE_EXIT) {
            if (!BEFORE_EXIT.contains(r)) BEFORE_EXIT.add(r);
        }
    }

    private static void runBeforeExit() {
        List<Runnable> todo;
        synchronized (BEFORE_EXIT) {
            todo = new ArrayList<>(BEFORE_EXIT);
        }
        for (Runnable r : todo) r.run();
    }

    /** Set by runtime parts whose shutdown hook must run at exit (offloading's unregistration). */
    private static volatile boolean javaShutdown;

    /** Makes {@link #exit} end the process through Java's shutdown, which runs every shutdown hook. */
    public static void exitRunsShutdownHooks() {
        javaShutdown = true;
    }

    /**
     * Whether the only shutdown hook is stdio's flush, which exit has done: then exit halts.
     * Java's own exit first looks up a System.Logger to log the exit, which costs 6-8 ms, a tenth
     * of a small program's run. Only for the executable's own start (jomp.program set) without
     * options given to the JVM: options can add hooks (a flight recording dumps at exit).
     */
    private static boolean onlyOwnHooks() {
        if (javaShutdown || System.getProperty("jomp.program") == null) return false;
        for (String v : new String[] {"JOMP_JAVA_OPTS", "JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS"}) {
            String o = System.getenv(v);
            if (o != null && !o.isBlank()) return false;
        }
        return true;
    }

    /** Calls a C handler {@code void f(void)} (atexit's, at_quick_exit's, pthread_atfork's). */
    static void callHandler(long f) {
        try {
            Functions.handle(f, "v()").invokeExact(Stack.current());
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new RuntimeException(t);
        }
    }

    /**
     * at_quick_exit: handlers for quick_exit, last registered first. Kept here (glibc's is in
     * libc_nonshared.a, not the shared library); a native library's quick_exit does not run them.
     */
    public static int at_quick_exit(long f) {
        synchronized (AT_QUICK_EXIT) {
            AT_QUICK_EXIT.add(f);
        }
        return 0;
    }

    private static final ArrayList<Long> AT_QUICK_EXIT = new ArrayList<>();

    /** quick_exit: the at_quick_exit handlers, then _Exit: no atexit handlers, stdio not flushed. */
    public static void quick_exit(int status) {
        while (true) {
            long f;
            synchronized (AT_QUICK_EXIT) {
                if (AT_QUICK_EXIT.isEmpty()) break;
                f = AT_QUICK_EXIT.removeLast();
            }
            callHandler(f);
        }
        _Exit(status);
    }

    public static void _Exit(int status) {
        jomp.runtime.start.Startup.halt(status);
    }

    /** Ends the program by SIGABRT, as glibc's abort: stdio is not flushed; the shell sees status 134. */
    public static void abort() {
        Stdio.flushStderr();
        jomp.runtime.start.Signals.abort();
    }

    /** gcc's __builtin_trap (an invalid instruction): ends the program by SIGILL. */
    public static void __builtin_trap() {
        Stdio.flushStderr();
        jomp.runtime.start.Signals.die(jomp.runtime.start.Signals.SIGILL, null);
    }

    /**
     * Runs {@code /bin/sh -c command} sharing this process's descriptors; returns the wait status
     * as glibc does (exit code times 256). system(NULL) asks whether a shell exists.
     */
    public static int system(long command) {
        if (command == 0) return new java.io.File("/bin/sh").canExecute() ? 1 : 0;
        if (glibcExit) return Glibc.system(command); // the environment setenv changed, glibc's descriptors
        Stdio.flushAll();
        try {
            Process p = new ProcessBuilder("/bin/sh", "-c", Mem.cString(command))
                    .inheritIO()
                    .start();
            int code = p.waitFor();
            return code > 128 && code < 160 ? code - 128 : (code & 0xff) << 8; // killed by a signal: the signal number
        } catch (java.io.IOException e) {
            return 127 << 8;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    /** getenv: the JVM's copy of the environment until native code runs (setenv is glibc's), then glibc's. */
    public static long getenv(long name) {
        if (glibcExit) return Glibc.getenv(name);
        String v = System.getenv(Mem.cString(name));
        if (v == null) return 0;
        Long known = ENV.get(v);
        if (known != null) return known;
        synchronized (ENV) {
            known = ENV.get(v);
            if (known == null) ENV.put(v, known = cstring(v.getBytes(StandardCharsets.UTF_8)));
            return known;
        }
    }

    private static final ConcurrentHashMap<String, Long> ENV = new ConcurrentHashMap<>();

    static long cstring(byte[] b) {
        long a = Arena.global().allocate(b.length + 1).address();
        for (int i = 0; i < b.length; i++) Mem.putByte(a + i, b[i]);
        Mem.putByte(a + b.length, (byte) 0);
        return a;
    }

    // ---- integer arithmetic ----

    public static int abs(int n) {
        return n < 0 ? -n : n;
    }

    public static long labs(long n) {
        return n < 0 ? -n : n;
    }

    public static long llabs(long n) {
        return n < 0 ? -n : n;
    }

    public static long imaxabs(long n) {
        return n < 0 ? -n : n;
    }

    /** div_t is a struct: the result goes to {@code ret} (abi.md). */
    public static long div(long ret, int a, int b) {
        Mem.putInt(ret, a / b);
        Mem.putInt(ret + 4, a % b);
        return ret;
    }

    public static long ldiv(long ret, long a, long b) {
        Mem.putLong(ret, a / b);
        Mem.putLong(ret + 8, a % b);
        return ret;
    }

    public static long lldiv(long ret, long a, long b) {
        return ldiv(ret, a, b);
    }

    // ---- string conversions ----

    public static int atoi(long s) {
        return (int) parseInteger(s, 0, 10, true);
    }

    public static long atol(long s) {
        return parseInteger(s, 0, 10, true);
    }

    public static long atoll(long s) {
        return parseInteger(s, 0, 10, true);
    }

    public static double atof(long s) {
        return strtod(s, 0);
    }

    public static long strtol(long s, long end, int base) {
        return parseInteger(s, end, base, true);
    }

    public static long strtoll(long s, long end, int base) {
        return parseInteger(s, end, base, true);
    }

    public static long strtoimax(long s, long end, int base) {
        return parseInteger(s, end, base, true);
    }

    public static long strtoul(long s, long end, int base) {
        return parseInteger(s, end, base, false);
    }

    public static long strtoull(long s, long end, int base) {
        return parseInteger(s, end, base, false);
    }

    public static long strtoumax(long s, long end, int base) {
        return parseInteger(s, end, base, false);
    }

    static boolean isSpace(int c) {
        return c == ' ' || (c >= '\t' && c <= '\r');
    }

    private static int digit(int c) {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'z') return c - 'a' + 10;
        if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
        return 99;
    }

    /** strtol/strtoul as glibc: clamps on overflow with ERANGE; strtoul negates "-n" modulo 2^64. */
    static long parseInteger(long s, long end, int base, boolean signed) {
        return parseInteger(s, end, base, signed, null);
    }

    /** As above; the end position also goes to {@code endOut[0]} when that is not null. */
    static long parseInteger(long s, long end, int base, boolean signed, long[] endOut) {
        if (base < 0 || base == 1 || base > 36) {
            Errno.set(Errno.EINVAL); // glibc leaves *end alone here
            return 0;
        }
        long p = s;
        while (isSpace(Mem.getByte(p))) p++;
        boolean negative = false;
        if (Mem.getByte(p) == '-') {
            negative = true;
            p++;
        } else if (Mem.getByte(p) == '+') p++;
        if ((base == 0 || base == 16)
                && Mem.getByte(p) == '0'
                && (Mem.getByte(p + 1) | 0x20) == 'x'
                && digit(Mem.getByte(p + 2)) < 16) {
            p += 2;
            base = 16;
        } else if (base == 0) {
            base = Mem.getByte(p) == '0' ? 8 : 10;
        }
        long start = p;
        long acc = 0;
        boolean overflow = false;
        long limit = Long.divideUnsigned(-1L, base);
        for (int d; (d = digit(Mem.getByte(p))) < base; p++) {
            if (Long.compareUnsigned(acc, limit) > 0) overflow = true;
            long next = acc * base + d;
            if (Long.compareUnsigned(next, acc * base) < 0) overflow = true;
            acc = next;
        }
        if (p == start) p = s;
        if (end != 0) Mem.putLong(end, p);
        if (endOut != null) endOut[0] = p;
        if (p == s) return 0;
        if (signed) {
            if (overflow || (negative ? Long.compareUnsigned(acc, Long.MIN_VALUE) > 0 : acc < 0)) {
                Errno.set(Errno.ERANGE);
                return negative ? Long.MIN_VALUE : Long.MAX_VALUE;
            }
            return negative ? -acc : acc;
        }
        if (overflow) {
            Errno.set(Errno.ERANGE);
            return -1L;
        }
        return negative ? -acc : acc;
    }

    public static double strtod(long s, long end) {
        return Double.longBitsToDouble(Strtod.parse(s, end, false));
    }

    public static double strtold(long s, long end) {
        return strtod(s, end);
    }

    public static float strtof(long s, long end) {
        return Float.intBitsToFloat((int) Strtod.parse(s, end, true));
    }

    // ---- rand: glibc's TYPE_3 additive feedback generator ----

    private static final int[] RAND = new int[34];
    private static int randF;

    static {
        srand(1);
    }

    public static synchronized void srand(int seed) {
        int[] r = new int[344];
        r[0] = seed == 0 ? 1 : seed;
        for (int i = 1; i < 31; i++) {
            long hi = r[i - 1] / 127773, lo = r[i - 1] % 127773;
            int word = (int) (16807 * lo - 2836 * hi); // glibc keeps it in an int32_t
            if (word < 0) word += 2147483647;
            r[i] = word;
        }
        // r[31..33] repeat r[0..2]; then r[i] = r[i-31] + r[i-3]. glibc discards 310 outputs,
        // so the state is r[313..343].
        for (int i = 31; i < 34; i++) r[i] = r[i - 31];
        for (int i = 34; i < 344; i++) r[i] = r[i - 31] + r[i - 3];
        System.arraycopy(r, 344 - 31, RAND, 0, 31);
        randF = 0;
    }

    public static synchronized int rand() {
        // RAND[0..30] is a ring of the last 31 words, oldest at randF
        int v = RAND[randF] + RAND[(randF + 28) % 31];
        RAND[randF] = v;
        randF = (randF + 1) % 31;
        return v >>> 1;
    }

    // ---- sorting and searching ----

    /**
     * glibc's msort: a top-down stable merge sort through a temporary buffer, run by a copy of
     * {@link MergeSort} made for the comparison function (below), in which the JIT inlines the
     * comparison; through a handle it cannot inline, each call cost more than most comparisons.
     */
    public static void qsort(long base, long n, long size, long cmp) {
        if (n <= 1 || size == 0) return;
        Object sort = SORTERS.get(cmp);
        if (sort == null) {
            // no computeIfAbsent with a method reference: the first lambda costs milliseconds
            Object made = sorter(cmp);
            sort = SORTERS.putIfAbsent(cmp, made);
            if (sort == null) sort = made;
        }
        // the buffer from malloc, as glibc's: a confined Arena's first use loads FFM's sessions (10 ms)
        long tmp = malloc(n * size);
        if (tmp == 0) throw new OutOfMemoryError("jomp libc: qsort cannot allocate its " + n * size + "-byte buffer");
        try {
            Stack stack = Stack.current(); // the comparison's, as a C caller's (abi.md)
            if (sort == GENERIC) msort(base, n, size, Functions.handle(cmp, CMP), tmp, stack);
            else ((MethodHandle) sort).invokeExact(base, n, size, tmp, stack);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new RuntimeException(t);
        } finally {
            free(tmp);
        }
    }

    /** MergeSort.sort of the hidden copy made for each comparison function, by function pointer. */
    private static final ConcurrentHashMap<Long, Object> SORTERS = new ConcurrentHashMap<>();

    private static byte[] mergeSortBytes;

    /** The C signature of qsort's and bsearch's comparison: int (const void *, const void *). */
    private static final String CMP = "i(p,p)";

    private static Object sorter(long cmp) {
        MethodHandle c = Functions.handle(cmp, CMP);
        try {
            byte[] bytes;
            synchronized (SORTERS) {
                if (mergeSortBytes == null) {
                    mergeSortBytes = JarResource.read(MergeSort.class, "/jomp/runtime/libc/MergeSort.class");
                    if (mergeSortBytes == null) return GENERIC;
                }
                bytes = mergeSortBytes;
            }
            MethodHandles.Lookup l = MethodHandles.lookup().defineHiddenClassWithClassData(bytes, c, true);
            return l.findStatic(
                    l.lookupClass(),
                    "sort",
                    MethodType.methodType(void.class, long.class, long.class, long.class, long.class, Stack.class));
        } catch (java.io.IOException | ReflectiveOperationException | RuntimeException e) {
            return GENERIC; // e.g. a class loader without the class file as a resource
        }
    }

    /** Marks a comparison function whose sort could not be specialised: {@link #msort} runs it. */
    private static final Object GENERIC = new Object();

    /** MergeSort.sort calling the comparison through its handle (not inlined). */
    static void msort(long b, long n, long s, MethodHandle c, long tmp, Stack stack) {
        if (n <= 1) return;
        long n1 = n / 2, n2 = n - n1;
        long b1 = b, b2 = b + n1 * s;
        msort(b1, n1, s, c, tmp, stack);
        msort(b2, n2, s, c, tmp, stack);
        long t = tmp;
        while (n1 > 0 && n2 > 0) {
            if (compare(c, b1, b2, stack) <= 0) {
                Mem.copy(t, b1, s);
                b1 += s;
                n1--;
            } else {
                Mem.copy(t, b2, s);
                b2 += s;
                n2--;
            }
            t += s;
        }
        if (n1 > 0) Mem.copy(t, b1, n1 * s);
        Mem.copy(b, tmp, (n - n2) * s);
    }

    private static int compare(MethodHandle c, long a, long b, Stack stack) {
        try {
            return (int) c.invokeExact(a, b, stack);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new RuntimeException(t);
        }
    }

    public static long bsearch(long key, long base, long n, long size, long cmp) {
        MethodHandle c = Functions.handle(cmp, CMP);
        Stack stack = Stack.current();
        long lo = 0, hi = n;
        while (lo < hi) {
            long mid = (lo + hi) >>> 1;
            long p = base + mid * size;
            int r = compare(c, key, p, stack);
            if (r < 0) hi = mid;
            else if (r > 0) lo = mid + 1;
            else return p;
        }
        return 0;
    }

    // last, so that the step finds every static field set if native code already runs: in a jomp
    // program, glibc's exit and atexit list take over once native code runs (one C world)
    static {
        jomp.runtime.ffi.NativeWorld.whenStarted(new ExitToGlibc());
    }

    /** A named class, not a lambda: every program runs this, and a first lambda costs start-up time. */
    private static final class ExitToGlibc implements Runnable {
        @Override
        public void run() {
            if (jomp.runtime.start.Startup.isProgram()) toGlibc();
        }
    }
}
