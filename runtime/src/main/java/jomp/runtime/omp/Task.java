package jomp.runtime.omp;

import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An OpenMP task (libomp's kmp_taskdata_t): an implicit task (one per thread of a team) or an
 * explicit one made by a task, taskloop or deferred target construct. An explicit task's body is
 * an outlined C function {@code fn(int, args)} whose argument block (native memory the runtime
 * allocated and frees when the task is done) holds the addresses of its shared variables and
 * its own firstprivate copies.
 */
final class Task {
    static final int UNTIED = 1, FINAL = 2, MERGEABLE = 4, UNDEFERRED = 8, DETACH = 16, TARGET = 32, EMPTY = 64;
    /** OpenMP 6.0's transparent(omp_import / omp_export / omp_impex) (TaskLowering.TRANSPARENT_SHIFT). */
    static final int IMPORT = 128, EXPORT = 256;

    private static final AtomicLong IDS = new AtomicLong();

    final long id = IDS.incrementAndGet();
    final MethodHandle fn;
    final long block;
    final int flags;
    final int priority;
    /** The task that created this one (null for an implicit task) and the team whose threads run it. */
    final Task parent;

    final Team team;
    /** The taskgroup this task belongs to (its creator's innermost one), and the innermost one its body is in now. */
    final TaskGroup group;

    TaskGroup taskgroup;
    /** final clause true or created inside a final task: tasks it creates are included (run at once). */
    final boolean isFinal;

    /** Incomplete child tasks (taskwait waits for them). */
    final AtomicInteger children = new AtomicInteger();
    /** Predecessors not yet complete, plus one while the dependences are being registered. */
    final AtomicInteger unresolved = new AtomicInteger(1);
    /** Tasks waiting for this one (null once complete); guarded by this. */
    private List<Task> successors = new ArrayList<>();

    private boolean completed;
    /** What must still happen before the task completes: its body, and with detach the fulfilment of its event. */
    final AtomicInteger parts;
    /** mutexinoutset: the locks this task holds while it runs. */
    List<Deps.Mutex> mutexes = List.of();
    /** The dependences of the tasks this one creates (libomp keeps them per parent too); guarded by this. */
    Deps deps;
    /**
     * An importing task's view of its sibling domains when it was created (its parent's
     * children's, then, when the parent imports too, the parent's own): its children register in
     * them too; guarded by this. Null for other tasks.
     */
    List<Deps> imported;
    /** An exporting task's: completes when the task and its child tasks have (the siblings created after it with dependences wait for it). */
    final Task exportGate;
    /** An exporting task's exporting child tasks whose gates are not open yet (their children are exported on through it). */
    final AtomicInteger openGates = new AtomicInteger();
    /** The task the creating thread had allocated but not submitted yet when this one was allocated. */
    Task allocatedBefore;
    /** Run by its creator at once (if(false), included in a final task), never queued. */
    volatile boolean undeferred;
    /** Creation order, for first-in first-out among tasks of equal priority. */
    final long seq;
    /** The task's ompt_data_t and ompt_frame_t while a tool is attached: OmptHost's. */
    long ompt;
    /** A taskloop's task: its first logical iteration and how many it runs (the tool's dispatch); 0 iterations otherwise. */
    long chunkFirst, chunkIterations;

    Task(MethodHandle fn, long block, int flags, int priority, Task parent, Team team, long seq) {
        this.fn = fn;
        this.block = block;
        this.flags = flags;
        this.priority = priority;
        this.parent = parent;
        this.team = team;
        this.group = parent == null ? null : parent.taskgroup;
        this.taskgroup = group;
        this.isFinal = (flags & FINAL) != 0 || parent != null && parent.isFinal;
        this.parts = new AtomicInteger((flags & DETACH) != 0 ? 2 : 1);
        this.seq = seq;
        this.exportGate = (flags & EXPORT) != 0 ? new Task(null, 0, EMPTY, 0, null, team, 0) : null;
    }

    /** The implicit task of a thread of {@code team}. */
    static Task implicit(Team team) {
        return new Task(null, 0, 0, 0, null, team, 0);
    }

    boolean isImplicit() {
        return parent == null;
    }

    /** taskwait with depend and nowait: a task without a body that completes when its predecessors have. */
    boolean isEmpty() {
        return (flags & EMPTY) != 0;
    }

    boolean isTarget() {
        return (flags & TARGET) != 0;
    }

    /**
     * Makes s wait for this task unless it is already complete; true when s now waits. s's count
     * goes up under the lock that complete() takes: counted after it, a completion in between
     * would count s down first and make it ready twice (TaskDependenceRaceTest).
     */
    boolean addSuccessor(Task s) {
        synchronized (this) {
            if (completed) return false;
            s.unresolved.incrementAndGet();
            successors.add(s);
        }
        return true;
    }

    synchronized boolean isComplete() {
        return completed;
    }

    /** Marks the task complete and returns the tasks that waited for it. */
    List<Task> complete() {
        synchronized (this) {
            completed = true;
            List<Task> s = successors;
            successors = null;
            return s;
        }
    }

    /** Is this task t or created (directly or not) by t? (Tied tasks only wait on their own descendants.) */
    boolean descendsFrom(Task t) {
        for (Task x = this; x != null; x = x.parent) if (x == t) return true;
        return false;
    }

    /** Does a cancelled taskgroup hold this task? Its body is then skipped. */
    boolean cancelled() {
        for (TaskGroup g = group; g != null; g = g.parent) if (g.cancelled) return true;
        return false;
    }
}
