package jomp.runtime.ompt;

import jomp.runtime.libc.Stdlib;
import jomp.runtime.mem.Mem;

/**
 * A thread as the tool sees it: its ompt_data_t (native memory the tool owns the contents of,
 * handed to thread_begin and returned by ompt_get_thread_data), whether thread_begin and
 * thread_end have been dispatched for it, and its state for ompt_get_state.
 */
final class ThreadState {
    private static final ThreadLocal<ThreadState> CURRENT = ThreadLocal.withInitial(ThreadState::new);

    /** The thread's ompt_data_t, zeroed (ompt_data_none) until the tool writes it. */
    final long data;

    boolean begun, ended;
    /** ompt_state_t and the wait id of the state (a lock's address, a barrier's...). */
    int state = States.WORK_SERIAL;

    long waitId;

    private ThreadState() {
        data = Stdlib.malloc(8);
        Mem.putLong(data, 0);
    }

    private long scratch;

    /** 32 bytes of the thread's own for what an event passes by address (dispatch's instance and chunk). */
    long scratch() {
        if (scratch == 0) scratch = Stdlib.malloc(32);
        return scratch;
    }

    static ThreadState current() {
        return CURRENT.get();
    }

    /** The thread has ended: its memory goes, and the next event on it (none is expected) would start over. */
    static void forget() {
        ThreadState s = CURRENT.get();
        CURRENT.remove();
        Stdlib.free(s.data);
        if (s.scratch != 0) Stdlib.free(s.scratch);
    }
}
