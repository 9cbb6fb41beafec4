package jomp.runtime.omp;

/**
 * The target tasks the device API makes (omp_target_memcpy_async, omp_target_memcpy_rect_async,
 * omp_target_memset_async): the runtime's public door to the task scheduler, for jomp.runtime.offload.
 * Not a C API (the classes Libc lists export their public methods; this one is not among them).
 */
public final class TargetTasks {
    private TargetTasks() {}

    /**
     * Defers {@code body} as a target task of the calling thread's current task, after the tasks
     * the depend objects in {@code depobjList} ({@code depobjCount} omp_depend_t values) name.
     */
    public static void submit(Runnable body, int depobjCount, long depobjList) {
        Tasks.targetTask(body, depobjCount, depobjList);
    }
}
