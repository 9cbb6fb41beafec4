package jomp.runtime.omp;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A taskgroup region: the tasks created in it (and their descendants) still to complete, and
 * whether a cancel taskgroup has cancelled it. A taskloop without nogroup has one implicitly.
 */
final class TaskGroup {
    final TaskGroup parent;
    final AtomicInteger pending = new AtomicInteger();
    volatile boolean cancelled;

    TaskGroup(TaskGroup parent) {
        this.parent = parent;
    }
}
