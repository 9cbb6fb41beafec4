package jomp.runtime.ompt;

import jomp.runtime.mem.Mem;

/**
 * The thread states of ompt_state_t and the mutex implementations of kmp_mutex_impl_t, in the
 * order ompt_enumerate_states and ompt_enumerate_mutex_impls walk them (libomp's, which starts
 * from ompt_state_undefined): each name is a C string, kept for the program's life.
 */
public final class States {
    private States() {}

    public static final int WORK_SERIAL = 0x000,
            WORK_PARALLEL = 0x001,
            WORK_REDUCTION = 0x002,
            WAIT_BARRIER_IMPLICIT_PARALLEL = 0x011,
            WAIT_BARRIER_IMPLICIT_WORKSHARE = 0x012,
            WAIT_BARRIER_EXPLICIT = 0x014,
            WAIT_BARRIER_IMPLEMENTATION = 0x015,
            WAIT_BARRIER_TEAMS = 0x016,
            WAIT_TASKWAIT = 0x020,
            WAIT_TASKGROUP = 0x021,
            WAIT_MUTEX = 0x040,
            WAIT_LOCK = 0x041,
            WAIT_CRITICAL = 0x042,
            WAIT_ATOMIC = 0x043,
            WAIT_ORDERED = 0x044,
            WAIT_TARGET = 0x080,
            WAIT_TARGET_MAP = 0x081,
            WAIT_TARGET_UPDATE = 0x082,
            IDLE = 0x100,
            OVERHEAD = 0x101,
            UNDEFINED = 0x102;

    private static final Object[] STATES = {
        "ompt_state_undefined",
        UNDEFINED,
        "ompt_state_work_serial",
        WORK_SERIAL,
        "ompt_state_work_parallel",
        WORK_PARALLEL,
        "ompt_state_work_reduction",
        WORK_REDUCTION,
        "ompt_state_wait_barrier",
        0x010,
        "ompt_state_wait_barrier_implicit_parallel",
        WAIT_BARRIER_IMPLICIT_PARALLEL,
        "ompt_state_wait_barrier_implicit_workshare",
        WAIT_BARRIER_IMPLICIT_WORKSHARE,
        "ompt_state_wait_barrier_implicit",
        0x013,
        "ompt_state_wait_barrier_explicit",
        WAIT_BARRIER_EXPLICIT,
        "ompt_state_wait_barrier_implementation",
        WAIT_BARRIER_IMPLEMENTATION,
        "ompt_state_wait_barrier_teams",
        WAIT_BARRIER_TEAMS,
        "ompt_state_wait_taskwait",
        WAIT_TASKWAIT,
        "ompt_state_wait_taskgroup",
        WAIT_TASKGROUP,
        "ompt_state_wait_mutex",
        WAIT_MUTEX,
        "ompt_state_wait_lock",
        WAIT_LOCK,
        "ompt_state_wait_critical",
        WAIT_CRITICAL,
        "ompt_state_wait_atomic",
        WAIT_ATOMIC,
        "ompt_state_wait_ordered",
        WAIT_ORDERED,
        "ompt_state_wait_target",
        WAIT_TARGET,
        "ompt_state_wait_target_map",
        WAIT_TARGET_MAP,
        "ompt_state_wait_target_update",
        WAIT_TARGET_UPDATE,
        "ompt_state_idle",
        IDLE,
        "ompt_state_overhead",
        OVERHEAD,
    };

    private static final Object[] MUTEX_IMPLS = {
        "kmp_mutex_impl_none",
        0,
        "kmp_mutex_impl_spin",
        1,
        "kmp_mutex_impl_queuing",
        2,
        "kmp_mutex_impl_speculative",
        3,
    };

    /** kmp_mutex_impl_queuing: jomp's locks queue their waiters (java.util.concurrent's). */
    public static final int MUTEX_QUEUING = 2;

    private static final long[] STATE_NAMES = names(STATES), IMPL_NAMES = names(MUTEX_IMPLS);

    private static long[] names(Object[] table) {
        long[] out = new long[table.length / 2];
        for (int i = 0; i < out.length; i++) out[i] = Inquiry.cString((String) table[2 * i]);
        return out;
    }

    /** ompt_enumerate_states: the state after {@code current} into *next and *name; 0 after the last. */
    static int enumerateStates(int current, long next, long name) {
        return enumerate(STATES, STATE_NAMES, current, next, name);
    }

    static int enumerateMutexImpls(int current, long next, long name) {
        return enumerate(MUTEX_IMPLS, IMPL_NAMES, current, next, name);
    }

    private static int enumerate(Object[] table, long[] names, int current, long next, long name) {
        for (int i = 0; i + 1 < names.length; i++) {
            if ((int) table[2 * i + 1] != current) continue;
            Mem.putInt(next, (int) table[2 * i + 3]);
            Mem.putLong(name, names[i + 1]);
            return 1;
        }
        return 0;
    }
}
