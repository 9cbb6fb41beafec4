package jomp.runtime.omp;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The dependences among the sibling tasks of one parent (OpenMP 5.2 §15.9.5), by storage
 * address as libomp keys them: for each address, the last "writer" group (one out/inout task, or
 * a set of mutexinoutset or inoutset tasks) and the readers (in) since. A new task waits for
 * the tasks the rules name, and becomes the writer or joins the readers. {@code omp_all_memory}
 * (out) waits for every task registered so far and every later task with a dependence waits for it.
 */
final class Deps {
    static final int IN = 1, OUT = 2, INOUT = 3, MUTEXINOUTSET = 4, INOUTSET = 5, ALL_MEMORY = 6, DEPOBJ = 7;

    /** The lock of a mutexinoutset set: at most one of its tasks runs at a time. */
    static final class Mutex {
        private static long ids;
        final long id;
        boolean held;
        final List<Task> waiting = new ArrayList<>();

        Mutex() {
            synchronized (Mutex.class) {
                id = ++ids;
            }
        }
    }

    private static final class Entry {
        List<Task> writers = new ArrayList<>();
        List<Task> readers = new ArrayList<>();
        int writerKind = OUT;
        List<Task> groupPredecessors = List.of();
        Mutex mutex;
    }

    private final Map<Long, Entry> byAddress = new HashMap<>();
    private Task allMemory;
    /** OpenMP 6.0: the exporting transparent tasks among the siblings (until their children are done). */
    private final List<Task> exporters = new ArrayList<>();

    /** t, a task of this domain, exports: the sibling tasks with dependences created after it wait for its children. */
    void addExporter(Task t) {
        exporters.removeIf(e -> e.exportGate.isComplete());
        exporters.add(t);
    }

    /**
     * The domain as it is now, for the children of an importing transparent task created now:
     * they depend on these sibling tasks as if they were created here, and on the earlier
     * exporting siblings' children (OpenMP 6.0, transparent).
     */
    Deps snapshot() {
        Deps d = new Deps();
        for (var e : byAddress.entrySet()) {
            Entry c = new Entry(), o = e.getValue();
            c.writers = new ArrayList<>(o.writers);
            c.readers = new ArrayList<>(o.readers);
            c.writerKind = o.writerKind;
            c.groupPredecessors = o.groupPredecessors;
            c.mutex = o.mutex;
            d.byAddress.put(e.getKey(), c);
        }
        d.allMemory = allMemory;
        d.exporters.addAll(exporters);
        return d;
    }

    /**
     * Registers t (a child of the task that owns this) with its dependences, each {address,
     * kind}: t gets every predecessor that is not complete as a successor link. Call with the
     * owner locked.
     */
    void register(Task t, long[] addresses, int[] kinds) {
        List<Task> preds = new ArrayList<>();
        List<Mutex> mutexes = new ArrayList<>();
        boolean any = false;
        for (int i = 0; i < addresses.length; i++) {
            int kind = kinds[i];
            any = true;
            if (kind == ALL_MEMORY) {
                for (Entry e : byAddress.values()) {
                    preds.addAll(e.writers);
                    preds.addAll(e.readers);
                }
                byAddress.clear();
                if (allMemory != null) preds.add(allMemory);
                allMemory = t;
                continue;
            }
            Entry e = byAddress.computeIfAbsent(addresses[i], a -> new Entry());
            prune(e.writers);
            prune(e.readers);
            switch (kind) {
                case IN -> {
                    preds.addAll(e.writers);
                    e.readers.add(t);
                }
                case OUT, INOUT -> {
                    preds.addAll(e.readers.isEmpty() ? e.writers : e.readers);
                    e.writers = new ArrayList<>(List.of(t));
                    e.readers = new ArrayList<>();
                    e.writerKind = OUT;
                }
                default -> { // mutexinoutset, inoutset: a set of writers that follow the same predecessors
                    if (e.writerKind == kind && e.readers.isEmpty() && !e.writers.isEmpty()) {
                        preds.addAll(e.groupPredecessors);
                        e.writers.add(t);
                    } else {
                        List<Task> before = new ArrayList<>(e.readers.isEmpty() ? e.writers : e.readers);
                        preds.addAll(before);
                        e.groupPredecessors = before;
                        e.writers = new ArrayList<>(List.of(t));
                        e.readers = new ArrayList<>();
                        e.writerKind = kind;
                        e.mutex = kind == MUTEXINOUTSET ? new Mutex() : null;
                    }
                    if (kind == MUTEXINOUTSET) mutexes.add(e.mutex);
                }
            }
        }
        if (any && allMemory != null && allMemory != t) preds.add(allMemory);
        for (Task p : preds) if (p != t && p.addSuccessor(t) && OmptHost.ON) OmptHost.taskDependence(p, t);
        if (any) for (Task e : exporters) if (e != t) e.exportGate.addSuccessor(t); // no task a tool knows
        if (!mutexes.isEmpty()) {
            for (Mutex m : t.mutexes)
                if (!mutexes.contains(m)) mutexes.add(m); // an importing task's child: both domains'
            mutexes.sort((a, b) -> Long.compare(a.id, b.id));
            t.mutexes = List.copyOf(mutexes);
        }
    }

    private static void prune(List<Task> ts) {
        ts.removeIf(Task::isComplete);
    }

    /**
     * Takes every mutex of t, or none: then t waits on the one that was held, false is returned,
     * and the tasks that waited for the mutexes given back are added to {@code wake}.
     */
    static boolean acquire(Task t, List<Task> wake) {
        List<Mutex> ms = t.mutexes;
        for (int i = 0; i < ms.size(); i++) {
            Mutex m = ms.get(i);
            synchronized (m) {
                if (!m.held) {
                    m.held = true;
                    continue;
                }
                m.waiting.add(t);
            }
            for (int k = 0; k < i; k++) wake.addAll(release(ms.get(k)));
            return false;
        }
        return true;
    }

    /** Takes every mutex of t, or none, without waiting (undeferred tasks poll). */
    static boolean tryAcquire(Task t) {
        List<Mutex> ms = t.mutexes;
        for (int i = 0; i < ms.size(); i++) {
            Mutex m = ms.get(i);
            synchronized (m) {
                if (!m.held) {
                    m.held = true;
                    continue;
                }
            }
            List<Task> wake = new ArrayList<>();
            for (int k = 0; k < i; k++) wake.addAll(release(ms.get(k)));
            for (Task w : wake) w.team.enqueue(w);
            return false;
        }
        return true;
    }

    /** Gives a mutex back; the tasks that waited for it become ready again. */
    static List<Task> release(Mutex m) {
        synchronized (m) {
            m.held = false;
            List<Task> w = new ArrayList<>(m.waiting);
            m.waiting.clear();
            return w;
        }
    }
}
