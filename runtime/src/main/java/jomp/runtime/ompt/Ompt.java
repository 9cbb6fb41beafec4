package jomp.runtime.ompt;

import static jomp.runtime.ompt.Events.*;

import java.lang.invoke.MethodHandle;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import jomp.runtime.mem.Mem;

/**
 * The OpenMP tools interface (OMPT, docs/design/ompt.md): the tool's start and finalization, the
 * callbacks it registered, and one method per event that the OpenMP runtime
 * ({@code jomp.runtime.omp.OmptHost}) and libomptarget's counterpart
 * ({@code jomp.runtime.offload.OmptTarget}) call to dispatch it. Those packages sit above this
 * one and ask {@link #start} once, in a static final field, whether a tool is attached: without
 * one every hook is a branch on a constant the JIT folds away.
 *
 * <p>Every address an event passes is native memory the runtime owns and the tool may write
 * (ompt_data_t cells, frames, host_op_id cells); {@code codeptr_ra} is NULL, as jomp's compiled
 * code has no return addresses to give.
 */
public final class Ompt {
    private Ompt() {}

    /** What the tool asks of the OpenMP runtime's state (ompt_get_parallel_info and friends); the omp package answers. */
    public interface Host {
        int parallelInfo(int level, long parallelData, long teamSize);

        int taskInfo(int level, long flags, long taskData, long taskFrame, long parallelData, long threadNum);

        int numProcs();

        int numPlaces();

        int placeProcIds(int place, int size, long ids);

        int placeNum();

        int partitionPlaceNums(int size, long nums);
        /** The tool's end (exit, or ompt_finalize_tool): the implicit task and thread ends still due. */
        void end();
    }

    /** What the tool asks of libomptarget's counterpart (ompt_get_num_devices, ompt_get_target_info); the offload package answers. */
    public interface Target {
        int numDevices();

        int targetInfo(long deviceNum, long targetId, long hostOpId);
    }

    private static volatile Host host;
    private static volatile Target target;
    private static boolean started;
    private static volatile boolean enabled;
    /** ompt_start_tool_result_t* of the tool: {initialize, finalize, tool_data}. */
    private static long result;

    private static volatile MethodHandle[] callbacks = new MethodHandle[COUNT];
    private static volatile long[] pointers = new long[COUNT];
    private static final AtomicLong IDS = new AtomicLong();

    /**
     * Finds and starts the tool, once: its initialize is called with the lookup function, the
     * initial device's number (0: no device exists before the program's images are registered,
     * as libomp passes) and its tool_data. True when a tool is attached.
     */
    public static synchronized boolean start(Host h, int ompVersion, String runtimeVersion) {
        if (started) return enabled;
        started = true;
        host = h;
        long r = Tool.find(ompVersion, runtimeVersion);
        if (r == 0) return false;
        result = r;
        int ok;
        try {
            ok = (int) Inquiry.handle("i(p,i,p)", Mem.getLong(r)).invokeExact(Inquiry.lookupPointer(), 0, r + 16);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        if (ok == 0) { // the tool declined: no callbacks, and no finalize
            callbacks = new MethodHandle[COUNT];
            pointers = new long[COUNT];
            return false;
        }
        enabled = true;
        return true;
    }

    /** libomptarget's counterpart registers what it answers. */
    public static void target(Target t) {
        target = t;
    }

    static Host host() {
        return host;
    }

    static boolean enabled() {
        return enabled;
    }

    /**
     * The tool's end: the threads' last events, its finalize, and its library closed; no event is
     * dispatched after it (at exit, or when the tool calls ompt_finalize_tool).
     */
    public static void finish() {
        synchronized (Ompt.class) {
            if (!enabled) return;
        }
        Host h = host;
        if (h != null) h.end();
        long fin;
        synchronized (Ompt.class) {
            if (!enabled) return;
            enabled = false;
            fin = Mem.getLong(result + 8);
        }
        if (fin != 0) {
            try {
                Inquiry.handle("v(p)", fin).invokeExact(result + 16);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }
        callbacks = new MethodHandle[COUNT];
        pointers = new long[COUNT];
        Tool.close();
    }

    // ---- callbacks

    /** ompt_set_callback: registers (callback != 0) or clears a callback; what the runtime promises for it. */
    static synchronized int setCallback(int event, long callback) {
        if (event <= 0 || event >= COUNT || CSIG[event] == null) return SET_ERROR;
        MethodHandle[] cb = Arrays.copyOf(callbacks, COUNT);
        long[] fp = Arrays.copyOf(pointers, COUNT);
        cb[event] = callback == 0 ? null : Inquiry.handle(CSIG[event], callback);
        fp[event] = callback;
        pointers = fp;
        callbacks = cb;
        return callback == 0 ? SET_ALWAYS : support(event);
    }

    /** The callback registered for an event (0: none): ompt_get_callback. */
    static long callbackPointer(int event) {
        if (!enabled || event <= 0 || event >= COUNT) return 0;
        return pointers[event];
    }

    /** Whether the tool registered a callback for event e (hooks skip work no callback would see). */
    public static boolean has(int e) {
        return callbacks[e] != null;
    }

    public static boolean hasTargetMap() {
        return has(TARGET_MAP) || has(TARGET_MAP_EMI);
    }

    public static boolean hasDependences() {
        return has(DEPENDENCES);
    }

    public static boolean hasTaskDependence() {
        return has(TASK_DEPENDENCE);
    }

    public static boolean hasDispatch() {
        return has(DISPATCH);
    }

    /** ompt_get_unique_id: 1, 2, ... */
    public static long uniqueId() {
        return IDS.incrementAndGet();
    }

    static int numDevices() {
        Target t = target;
        return t == null ? 0 : t.numDevices();
    }

    static int targetInfo(long deviceNum, long targetId, long hostOpId) {
        Target t = target;
        return t == null ? 0 : t.targetInfo(deviceNum, targetId, hostOpId);
    }

    static RuntimeException rethrow(Throwable t) {
        throw Ompt.<RuntimeException>sneaky(t);
    }

    @SuppressWarnings("unchecked")
    private static <E extends Throwable> E sneaky(Throwable t) throws E {
        throw (E) t;
    }

    // ---- thread state

    /** The calling thread's ompt_data_t. */
    public static long threadData() {
        return ThreadState.current().data;
    }

    /** Sets the calling thread's state (ompt_state_t and its wait id) and returns the one it had. */
    public static int state(int state, long waitId) {
        ThreadState s = ThreadState.current();
        int old = s.state;
        s.state = state;
        s.waitId = waitId;
        return old;
    }

    // ---- events: thread, parallel, tasks

    /** thread_begin, once per thread (ompt_thread_initial 1, worker 2, other 3); false when the thread had begun already. */
    public static boolean threadBegin(int type) {
        ThreadState s = ThreadState.current();
        if (s.begun) return false;
        s.begun = true;
        s.state = type == 2 ? States.IDLE : States.WORK_SERIAL;
        MethodHandle h = callbacks[THREAD_BEGIN];
        if (h == null) return true;
        try {
            h.invokeExact(type, s.data);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        return true;
    }

    /** thread_end of a thread that began; its data cell is the tool's no longer. */
    public static void threadEnd() {
        ThreadState s = ThreadState.current();
        if (!s.begun || s.ended) return;
        s.ended = true;
        MethodHandle h = callbacks[THREAD_END];
        if (h != null) {
            try {
                h.invokeExact(s.data);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }
        ThreadState.forget();
    }

    public static void parallelBegin(long encTask, long encFrame, long parallel, int requested, int flags) {
        MethodHandle h = callbacks[PARALLEL_BEGIN];
        if (h == null) return;
        try {
            h.invokeExact(encTask, encFrame, parallel, requested, flags, 0L);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static void parallelEnd(long parallel, long encTask, int flags) {
        MethodHandle h = callbacks[PARALLEL_END];
        if (h == null) return;
        try {
            h.invokeExact(parallel, encTask, flags, 0L);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static void implicitTask(int endpoint, long parallel, long task, int actual, int index, int flags) {
        MethodHandle h = callbacks[IMPLICIT_TASK];
        if (h == null) return;
        try {
            h.invokeExact(endpoint, parallel, task, actual, index, flags);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static void taskCreate(long encTask, long encFrame, long task, int flags, int hasDependences) {
        MethodHandle h = callbacks[TASK_CREATE];
        if (h == null) return;
        try {
            h.invokeExact(encTask, encFrame, task, flags, hasDependences, 0L);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static void taskSchedule(long prior, int status, long next) {
        MethodHandle h = callbacks[TASK_SCHEDULE];
        if (h == null) return;
        try {
            h.invokeExact(prior, status, next);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** dependences: {@code n} ompt_dependence_t records (16 bytes: the variable's address, the type) at deps. */
    public static void dependences(long task, long deps, int n) {
        MethodHandle h = callbacks[DEPENDENCES];
        if (h == null) return;
        try {
            h.invokeExact(task, deps, n);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static void taskDependence(long source, long sink) {
        MethodHandle h = callbacks[TASK_DEPENDENCE];
        if (h == null) return;
        try {
            h.invokeExact(source, sink);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    // ---- worksharing and synchronisation

    public static void work(int type, int endpoint, long parallel, long task, long count) {
        MethodHandle h = callbacks[WORK];
        if (h == null) return;
        try {
            h.invokeExact(type, endpoint, parallel, task, count, 0L);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * dispatch of a chunk (ompt_dispatch_ws_loop_chunk, taskloop_chunk, distribute_chunk: the
     * instance points to an ompt_dispatch_chunk_t {start, iterations}) or of a section or an
     * iteration (the instance's value is {@code start}).
     */
    public static void dispatch(long parallel, long task, int kind, long start, long iterations) {
        MethodHandle h = callbacks[DISPATCH];
        if (h == null) return;
        ThreadState s = ThreadState.current();
        long instance = s.scratch(), chunk = instance + 8;
        if (kind == 1 || kind == 2) {
            Mem.putLong(instance, start);
        } else {
            Mem.putLong(chunk, start);
            Mem.putLong(chunk + 8, iterations);
            Mem.putLong(instance, chunk);
        }
        try {
            h.invokeExact(parallel, task, kind, instance);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static void syncRegion(int kind, int endpoint, long parallel, long task) {
        MethodHandle h = callbacks[SYNC_REGION];
        if (h == null) return;
        try {
            h.invokeExact(kind, endpoint, parallel, task, 0L);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static void syncRegionWait(int kind, int endpoint, long parallel, long task) {
        MethodHandle h = callbacks[SYNC_REGION_WAIT];
        if (h == null) return;
        try {
            h.invokeExact(kind, endpoint, parallel, task, 0L);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static void reduction(int endpoint, long parallel, long task) {
        MethodHandle h = callbacks[REDUCTION];
        if (h == null) return;
        try {
            h.invokeExact(7, endpoint, parallel, task, 0L);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static void masked(int endpoint, long parallel, long task) {
        MethodHandle h = callbacks[MASKED];
        if (h == null) return;
        try {
            h.invokeExact(endpoint, parallel, task, 0L);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static void mutexAcquire(int kind, int hint, long waitId) {
        acquire(MUTEX_ACQUIRE, kind, hint, waitId);
    }

    public static void lockInit(int kind, int hint, long waitId) {
        acquire(LOCK_INIT, kind, hint, waitId);
    }

    private static void acquire(int event, int kind, int hint, long waitId) {
        MethodHandle h = callbacks[event];
        if (h == null) return;
        try {
            h.invokeExact(kind, hint, States.MUTEX_QUEUING, waitId, 0L);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static void mutexAcquired(int kind, long waitId) {
        mutex(MUTEX_ACQUIRED, kind, waitId);
    }

    public static void mutexReleased(int kind, long waitId) {
        mutex(MUTEX_RELEASED, kind, waitId);
    }

    public static void lockDestroy(int kind, long waitId) {
        mutex(LOCK_DESTROY, kind, waitId);
    }

    private static void mutex(int event, int kind, long waitId) {
        MethodHandle h = callbacks[event];
        if (h == null) return;
        try {
            h.invokeExact(kind, waitId, 0L);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static void nestLock(int endpoint, long waitId) {
        MethodHandle h = callbacks[NEST_LOCK];
        if (h == null) return;
        try {
            h.invokeExact(endpoint, waitId, 0L);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static void flush() {
        MethodHandle h = callbacks[FLUSH];
        if (h == null) return;
        try {
            h.invokeExact(ThreadState.current().data, 0L);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static void cancel(long task, int flags) {
        MethodHandle h = callbacks[CANCEL];
        if (h == null) return;
        try {
            h.invokeExact(task, flags, 0L);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** error: {@code message} a C string of {@code length} bytes. */
    public static void error(int severity, long message, long length) {
        MethodHandle h = callbacks[ERROR];
        if (h == null) return;
        try {
            h.invokeExact(severity, message, length, 0L);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** omp_control_tool: the tool's answer, -1 when it has no control_tool callback (omp_control_tool_notool is -2, no tool). */
    public static int controlTool(long command, long modifier, long arg) {
        if (!enabled) return -2;
        MethodHandle h = callbacks[CONTROL_TOOL];
        if (h == null) return -1;
        try {
            return (int) h.invokeExact(command, modifier, arg, 0L);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    // ---- devices and target constructs (libomptarget's events: an EMI callback is preferred to the older one)

    public static void deviceInitialize(int device, long type, long lookup, long documentation) {
        MethodHandle h = callbacks[DEVICE_INITIALIZE];
        if (h == null) return;
        try {
            h.invokeExact(device, type, 0L, lookup, documentation);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static void deviceFinalize(int device) {
        MethodHandle h = callbacks[DEVICE_FINALIZE];
        if (h == null) return;
        try {
            h.invokeExact(device);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** device_load of an image: no file (-1 offset), its size, its module id. */
    public static void deviceLoad(int device, long bytes, long hostAddress, long moduleId) {
        MethodHandle h = callbacks[DEVICE_LOAD];
        if (h == null) return;
        try {
            h.invokeExact(device, 0L, -1L, 0L, bytes, hostAddress, 0L, moduleId);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static void deviceUnload(int device, long moduleId) {
        MethodHandle h = callbacks[DEVICE_UNLOAD];
        if (h == null) return;
        try {
            h.invokeExact(device, moduleId);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** Whether any target callback is registered (the offload hooks skip their bookkeeping otherwise). */
    public static boolean hasTarget() {
        MethodHandle[] c = callbacks;
        for (int e : new int[] {
            TARGET,
            TARGET_EMI,
            TARGET_DATA_OP,
            TARGET_DATA_OP_EMI,
            TARGET_SUBMIT,
            TARGET_SUBMIT_EMI,
            TARGET_MAP,
            TARGET_MAP_EMI
        }) if (c[e] != null) return true;
        return false;
    }

    /**
     * target / target_emi. {@code targetData} is the construct's ompt_data_t; for the older
     * callback its value is the target_id, a new unique id at the begin.
     */
    public static void target(int kind, int endpoint, int device, long task, long targetTask, long targetData) {
        MethodHandle[] c = callbacks;
        try {
            if (c[TARGET_EMI] != null) {
                c[TARGET_EMI].invokeExact(kind, endpoint, device, task, targetTask, targetData, 0L);
            } else if (c[TARGET] != null) {
                if (endpoint == 1) Mem.putLong(targetData, uniqueId());
                c[TARGET].invokeExact(kind, endpoint, device, task, Mem.getLong(targetData), 0L);
            }
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** target_data_op(_emi): the older callback once, at the begin, with a new host_op_id. */
    public static void targetDataOp(
            int endpoint,
            long targetTask,
            long targetData,
            long hostOpId,
            int op,
            long src,
            int srcDevice,
            long dest,
            int destDevice,
            long bytes) {
        MethodHandle[] c = callbacks;
        try {
            if (c[TARGET_DATA_OP_EMI] != null) {
                c[TARGET_DATA_OP_EMI].invokeExact(
                        endpoint, targetTask, targetData, hostOpId, op, src, srcDevice, dest, destDevice, bytes, 0L);
            } else if (c[TARGET_DATA_OP] != null && endpoint == 1) {
                Mem.putLong(hostOpId, uniqueId());
                c[TARGET_DATA_OP].invokeExact(
                        Mem.getLong(targetData),
                        Mem.getLong(hostOpId),
                        op,
                        src,
                        srcDevice,
                        dest,
                        destDevice,
                        bytes,
                        0L);
            }
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static void targetSubmit(int endpoint, long targetData, long hostOpId, int requestedTeams) {
        MethodHandle[] c = callbacks;
        try {
            if (c[TARGET_SUBMIT_EMI] != null) {
                c[TARGET_SUBMIT_EMI].invokeExact(endpoint, targetData, hostOpId, requestedTeams);
            } else if (c[TARGET_SUBMIT] != null && endpoint == 1) {
                Mem.putLong(hostOpId, uniqueId());
                c[TARGET_SUBMIT].invokeExact(Mem.getLong(targetData), Mem.getLong(hostOpId), requestedTeams);
            }
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** target_map(_emi): {@code n} items, arrays of host addresses, device addresses, sizes (8 bytes each) and flags (4). */
    public static void targetMap(long targetData, int n, long hostAddrs, long deviceAddrs, long bytes, long flags) {
        MethodHandle[] c = callbacks;
        try {
            if (c[TARGET_MAP_EMI] != null)
                c[TARGET_MAP_EMI].invokeExact(targetData, n, hostAddrs, deviceAddrs, bytes, flags, 0L);
            else if (c[TARGET_MAP] != null)
                c[TARGET_MAP].invokeExact(Mem.getLong(targetData), n, hostAddrs, deviceAddrs, bytes, flags, 0L);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }
}
