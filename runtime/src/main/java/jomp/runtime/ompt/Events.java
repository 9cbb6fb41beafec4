package jomp.runtime.ompt;

import java.lang.invoke.MethodType;
import jomp.runtime.ffi.CSig;

/**
 * The OMPT events (omp-tools.h's ompt_callbacks_t): each callback's C signature, from which come
 * the JVM type it is called with (jomp's ABI: enumerations and unsigned int are {@code int},
 * pointers and 64-bit integers {@code long}) and, for a tool in native code, the FFM downcall; and
 * what {@code ompt_set_callback} answers for it.
 */
final class Events {
    private Events() {}

    static final int THREAD_BEGIN = 1,
            THREAD_END = 2,
            PARALLEL_BEGIN = 3,
            PARALLEL_END = 4,
            TASK_CREATE = 5,
            TASK_SCHEDULE = 6,
            IMPLICIT_TASK = 7,
            TARGET = 8,
            TARGET_DATA_OP = 9,
            TARGET_SUBMIT = 10,
            CONTROL_TOOL = 11,
            DEVICE_INITIALIZE = 12,
            DEVICE_FINALIZE = 13,
            DEVICE_LOAD = 14,
            DEVICE_UNLOAD = 15,
            SYNC_REGION_WAIT = 16,
            MUTEX_RELEASED = 17,
            DEPENDENCES = 18,
            TASK_DEPENDENCE = 19,
            WORK = 20,
            MASKED = 21,
            TARGET_MAP = 22,
            SYNC_REGION = 23,
            LOCK_INIT = 24,
            LOCK_DESTROY = 25,
            MUTEX_ACQUIRE = 26,
            MUTEX_ACQUIRED = 27,
            NEST_LOCK = 28,
            FLUSH = 29,
            CANCEL = 30,
            REDUCTION = 31,
            DISPATCH = 32,
            TARGET_EMI = 33,
            TARGET_DATA_OP_EMI = 34,
            TARGET_SUBMIT_EMI = 35,
            TARGET_MAP_EMI = 36,
            ERROR = 37;
    static final int COUNT = 38;

    /** ompt_set_result_t. */
    static final int SET_ERROR = 0, SET_NEVER = 1, SET_ALWAYS = 5;

    private static final String SYNC = "v(i,i,p,p,p)", MUTEX = "v(i,m,p)", ACQUIRE = "v(i,j,j,m,p)";

    /** The C signature of each event's callback (null: no event has the number). */
    static final String[] CSIG = {
        null,
        "v(i,p)", // 1 thread_begin(thread_type, thread_data)
        "v(p)", // 2 thread_end(thread_data)
        "v(p,p,p,j,i,p)", // 3 parallel_begin(encountering_task_data, frame, parallel_data, requested, flags, codeptr)
        "v(p,p,i,p)", // 4 parallel_end(parallel_data, encountering_task_data, flags, codeptr)
        "v(p,p,p,i,i,p)", // 5 task_create(encountering_task_data, frame, new_task_data, flags, has_dependences,
        // codeptr)
        "v(p,i,p)", // 6 task_schedule(prior_task_data, prior_task_status, next_task_data)
        "v(i,p,p,j,j,i)", // 7 implicit_task(endpoint, parallel_data, task_data, actual_parallelism, index, flags)
        "v(i,i,i,p,m,p)", // 8 target(kind, endpoint, device_num, task_data, target_id, codeptr)
        "v(m,m,i,p,i,p,i,m,p)", // 9 target_data_op(target_id, host_op_id, optype, src, src_dev, dest, dest_dev, bytes,
        // codeptr)
        "v(m,m,j)", // 10 target_submit(target_id, host_op_id, requested_num_teams)
        "i(m,m,p,p)", // 11 control_tool(command, modifier, arg, codeptr)
        "v(i,p,p,p,p)", // 12 device_initialize(device_num, type, device, lookup, documentation)
        "v(i)", // 13 device_finalize(device_num)
        "v(i,p,l,p,m,p,p,m)", // 14 device_load(device_num, filename, offset, vma, bytes, host_addr, device_addr,
        // module_id)
        "v(i,m)", // 15 device_unload(device_num, module_id)
        SYNC, // 16 sync_region_wait
        MUTEX, // 17 mutex_released
        "v(p,p,i)", // 18 dependences(task_data, deps, ndeps)
        "v(p,p)", // 19 task_dependence(src_task_data, sink_task_data)
        "v(i,i,p,p,m,p)", // 20 work(work_type, endpoint, parallel_data, task_data, count, codeptr)
        "v(i,p,p,p)", // 21 masked(endpoint, parallel_data, task_data, codeptr)
        "v(m,j,p,p,p,p,p)", // 22 target_map(target_id, nitems, host_addr, device_addr, bytes, mapping_flags, codeptr)
        SYNC, // 23 sync_region(kind, endpoint, parallel_data, task_data, codeptr)
        ACQUIRE, // 24 lock_init
        MUTEX, // 25 lock_destroy
        ACQUIRE, // 26 mutex_acquire(kind, hint, impl, wait_id, codeptr)
        MUTEX, // 27 mutex_acquired(kind, wait_id, codeptr)
        "v(i,m,p)", // 28 nest_lock(endpoint, wait_id, codeptr)
        "v(p,p)", // 29 flush(thread_data, codeptr)
        "v(p,i,p)", // 30 cancel(task_data, flags, codeptr)
        SYNC, // 31 reduction
        "v(p,p,i,U8,8{0:m})", // 32 dispatch(parallel_data, task_data, kind, ompt_data_t instance): the union by value
        "v(i,i,i,p,p,p,p)", // 33 target_emi(kind, endpoint, device_num, task_data, target_task_data, target_data,
        // codeptr)
        "v(i,p,p,p,i,p,i,p,i,m,p)", // 34 target_data_op_emi(endpoint, target_task_data, target_data, host_op_id,
        // optype, src, src_dev, dest, dest_dev, bytes, codeptr)
        "v(i,p,p,j)", // 35 target_submit_emi(endpoint, target_data, host_op_id, requested_num_teams)
        "v(p,j,p,p,p,p,p)", // 36 target_map_emi(target_data, nitems, host_addr, device_addr, bytes, mapping_flags,
        // codeptr)
        "v(i,p,m,p)", // 37 error(severity, message, length, codeptr)
    };

    /** The JVM type event e's callback is called with. */
    static MethodType type(int e) {
        CSig s = CSig.parse(CSIG[e]);
        Class<?>[] params = new Class<?>[s.params().size()];
        for (int i = 0; i < params.length; i++)
            params[i] = CSig.jompType(s.params().get(i));
        return MethodType.methodType(CSig.jompType(s.ret()), params);
    }

    /**
     * What ompt_set_callback answers for a callback of event e: ompt_set_always for every event
     * jomp's runtime dispatches (libomp answers the same for the host events and libomptarget's,
     * and ompt_set_never for device_unload and target_map, which jomp dispatches too),
     * ompt_set_error for a number that names no event.
     */
    static int support(int e) {
        return e > 0 && e < COUNT && CSIG[e] != null ? SET_ALWAYS : SET_ERROR;
    }
}
