package jomp.runtime.omp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A successor linked to a predecessor that completes at the same moment in another thread. The
 * successor's count of unresolved predecessors must go up before the predecessor can see it in
 * its successor list: otherwise the completing thread counts it down first, from the registration
 * guard's 1 to 0, and makes the task ready while its dependences are still being registered; the
 * creator's own count-down then makes it ready a second time and it runs twice, the second time
 * on an argument block the first run had freed (offload/163 ended with SIGSEGV about once in 70
 * runs on a loaded machine).
 */
class TaskDependenceRaceTest {
    private static final int ROUNDS = 200_000, BATCHES = 6;

    @Test
    void aPredecessorCompletingWhileASuccessorLinksNeverMakesItReadyEarly() throws Exception {
        // the window is a few instructions wide: about one round in a million hit it before the fix
        for (int b = 0; b < BATCHES; b++) batch();
    }

    private static void batch() throws InterruptedException {
        Team team = Team.initial();
        Task parent = Task.implicit(team);
        Task[] preds = new Task[ROUNDS], succs = new Task[ROUNDS];
        for (int i = 0; i < ROUNDS; i++) {
            preds[i] = new Task(null, 0, 0, 0, parent, team, i);
            succs[i] = new Task(null, 0, 0, 0, parent, team, i);
        }
        AtomicInteger go = new AtomicInteger(-1);
        AtomicInteger early = new AtomicInteger();
        Thread completer = new Thread(() -> {
            for (int i = 0; i < ROUNDS; i++) {
                while (go.get() < i) Thread.onSpinWait();
                List<Task> waiting = preds[i].complete();
                // the creator still holds its registration guard: no count-down may reach 0
                for (Task s : waiting) if (s.unresolved.decrementAndGet() == 0) early.incrementAndGet();
            }
        });
        completer.start();
        for (int i = 0; i < ROUNDS; i++) {
            go.set(i);
            preds[i].addSuccessor(succs[i]);
        }
        completer.join();
        assertThat(early.get())
                .as("successors made ready before their creator let them go")
                .isZero();
        for (int i = 0; i < ROUNDS; i++)
            assertThat(succs[i].unresolved.get())
                    .as("round %d: the guard alone is left", i)
                    .isEqualTo(1);
    }
}
