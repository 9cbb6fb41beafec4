package jomp.runtime.ompt;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ConcurrentHashMap;
import jomp.runtime.ffi.CSig;
import jomp.runtime.mem.Functions;
import jomp.runtime.mem.Mem;

/**
 * The runtime entry points a tool finds through the lookup function its initialize is given
 * (OpenMP 5.2 §19.6; omp-tools.h's FOREACH_OMPT_INQUIRY_FN): C functions of jomp's runtime
 * whose pointers are trampolines ({@link Functions#register}), so that a tool in native code
 * calls them like any C function and a tool compiled by jomp calls the Java method itself. The
 * lookup function is one of them; a name it does not know gives NULL.
 */
final class Inquiry {
    private Inquiry() {}

    /** name → {method, C signature}; the pointer is made on the first lookup of a name. */
    private static final String[][] ENTRIES = {
        {"ompt_enumerate_states", "i(i,p,p)"},
        {"ompt_enumerate_mutex_impls", "i(i,p,p)"},
        {"ompt_set_callback", "i(i,p)"},
        {"ompt_get_callback", "i(i,p)"},
        {"ompt_get_state", "i(p)"},
        {"ompt_get_parallel_info", "i(i,p,p)"},
        {"ompt_get_task_info", "i(i,p,p,p,p,p)"},
        {"ompt_get_task_memory", "i(p,p,i)"},
        {"ompt_get_thread_data", "p()"},
        {"ompt_get_unique_id", "m()"},
        {"ompt_finalize_tool", "v()"},
        {"ompt_get_num_procs", "i()"},
        {"ompt_get_num_places", "i()"},
        {"ompt_get_place_proc_ids", "i(i,i,p)"},
        {"ompt_get_place_num", "i()"},
        {"ompt_get_partition_place_nums", "i(i,p)"},
        {"ompt_get_proc_id", "i()"},
        {"ompt_get_target_info", "i(p,p,p)"},
        {"ompt_get_num_devices", "i()"},
    };

    private static final ConcurrentHashMap<String, Long> POINTERS = new ConcurrentHashMap<>();

    /** The lookup function's own pointer, handed to initialize. */
    static long lookupPointer() {
        return pointer("lookup", "p(p)");
    }

    /** ompt_function_lookup_t: the entry point named {@code name}, or NULL. */
    public static long lookup(long name) {
        String n = Mem.cString(name);
        for (String[] e : ENTRIES) if (e[0].equals(n)) return pointer(e[0], e[1]);
        return 0;
    }

    /** A trampoline for this class's method {@code method}, made once. */
    static long pointer(String method, String csig) {
        return POINTERS.computeIfAbsent(method, m -> {
            try {
                MethodType t = type(csig);
                return Functions.register(MethodHandles.lookup().findStatic(Inquiry.class, m, t), csig);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    /** The JVM type of a C signature under jomp's ABI. */
    static MethodType type(String csig) {
        CSig s = CSig.parse(csig);
        Class<?>[] params = new Class<?>[s.params().size()];
        for (int i = 0; i < params.length; i++)
            params[i] = CSig.jompType(s.params().get(i));
        return MethodType.methodType(CSig.jompType(s.ret()), params);
    }

    // ---- the entry points (public: they are C functions a tool calls through pointers)

    public static int ompt_enumerate_states(int current, long next, long name) {
        return States.enumerateStates(current, next, name);
    }

    public static int ompt_enumerate_mutex_impls(int current, long next, long name) {
        return States.enumerateMutexImpls(current, next, name);
    }

    public static int ompt_set_callback(int event, long callback) {
        return Ompt.setCallback(event, callback);
    }

    public static int ompt_get_callback(int event, long out) {
        long fp = Ompt.callbackPointer(event);
        if (fp == 0) return 0;
        Mem.putLong(out, fp);
        return 1;
    }

    public static int ompt_get_state(long waitId) {
        if (!Ompt.enabled()) return States.WORK_SERIAL;
        ThreadState s = ThreadState.current();
        if (waitId != 0) Mem.putLong(waitId, s.waitId);
        return s.state == States.UNDEFINED ? States.WORK_SERIAL : s.state;
    }

    public static int ompt_get_parallel_info(int level, long parallelData, long teamSize) {
        Ompt.Host h = Ompt.host();
        return h == null || !Ompt.enabled() ? 0 : h.parallelInfo(level, parallelData, teamSize);
    }

    public static int ompt_get_task_info(
            int level, long flags, long taskData, long taskFrame, long parallelData, long threadNum) {
        Ompt.Host h = Ompt.host();
        return h == null || !Ompt.enabled()
                ? 0
                : h.taskInfo(level, flags, taskData, taskFrame, parallelData, threadNum);
    }

    /** No task has memory of its own to report (OpenMP allows 0). */
    public static int ompt_get_task_memory(long addr, long size, int block) {
        return 0;
    }

    public static long ompt_get_thread_data() {
        return Ompt.enabled() ? ThreadState.current().data : 0;
    }

    public static long ompt_get_unique_id() {
        return Ompt.uniqueId();
    }

    public static void ompt_finalize_tool() {
        Ompt.finish();
    }

    public static int ompt_get_num_procs() {
        Ompt.Host h = Ompt.host();
        return h == null ? Runtime.getRuntime().availableProcessors() : h.numProcs();
    }

    public static int ompt_get_num_places() {
        Ompt.Host h = Ompt.host();
        return h == null ? 0 : h.numPlaces();
    }

    public static int ompt_get_place_proc_ids(int place, int size, long ids) {
        Ompt.Host h = Ompt.host();
        return h == null ? 0 : h.placeProcIds(place, size, ids);
    }

    public static int ompt_get_place_num() {
        Ompt.Host h = Ompt.host();
        return h == null ? -1 : h.placeNum();
    }

    public static int ompt_get_partition_place_nums(int size, long nums) {
        Ompt.Host h = Ompt.host();
        return h == null ? 0 : h.partitionPlaceNums(size, nums);
    }

    /** The processor the thread runs on is not known to the JVM: -1, as the specification allows. */
    public static int ompt_get_proc_id() {
        return -1;
    }

    public static int ompt_get_target_info(long deviceNum, long targetId, long hostOpId) {
        return Ompt.targetInfo(deviceNum, targetId, hostOpId);
    }

    public static int ompt_get_num_devices() {
        return Ompt.numDevices();
    }

    // ---- C strings and the C program's streams

    /** A C string kept for the program's life (names are few). */
    static long cString(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        long a = Mem.permanent(b.length + 1L, 1);
        Mem.copyFromArray(b, 0, a, b.length);
        return a;
    }

    private static final StringBuilder STDOUT_LINE = new StringBuilder();

    /** Text on the C program's stdout (its buffer, so it keeps program order with printf's), a line at a time. */
    static synchronized void stdout(String s) {
        STDOUT_LINE.append(s);
        int nl;
        while ((nl = STDOUT_LINE.indexOf("\n")) >= 0) {
            String line = STDOUT_LINE.substring(0, nl);
            STDOUT_LINE.delete(0, nl + 1);
            byte[] b = line.getBytes(StandardCharsets.UTF_8);
            long c = jomp.runtime.libc.Stdlib.malloc(b.length + 1L);
            Mem.copyFromArray(b, 0, c, b.length);
            Mem.putByte(c + b.length, (byte) 0);
            jomp.runtime.libc.Stdio.puts(c);
            jomp.runtime.libc.Stdlib.free(c);
        }
    }

    /** Text on stderr (unbuffered, as C's), after what the program has written to stdout so far. */
    static void stderr(String s) {
        System.err.print(s);
        System.err.flush();
    }

    static MethodHandle handle(String csig, long fp) {
        return Functions.onCurrentStack(Functions.handle(fp, csig)).asType(type(csig));
    }
}
