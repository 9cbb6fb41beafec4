package jomp.runtime.libc;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;
import jomp.runtime.mem.Functions;
import jomp.runtime.mem.Mem;
import org.junit.jupiter.api.Test;

/**
 * signal.h in this JVM (docs/design/abi.md § Signals): the old action comes back, raise runs the
 * handler before it returns, a blocked signal is pending until it is unblocked, sigwait takes one
 * without its handler, a signal from kill is delivered by the signal thread, and SIG_IGN discards.
 */
class SignalTest {
    static final List<Integer> SEEN = java.util.Collections.synchronizedList(new ArrayList<>());

    public static void handler(int sig) {
        SEEN.add(sig);
    }

    private static final int SIGUSR1 = 10, SIGUSR2 = 12, SIG_BLOCK = 0, SIG_SETMASK = 2;

    private static long set(int... sigs) {
        long s = Mem.permanent(128, 8);
        long bits = 0;
        for (int sig : sigs) bits |= 1L << (sig - 1);
        Mem.putLong(s, bits);
        return s;
    }

    @Test
    void handlersMasksAndWaits() throws Exception {
        long h = Functions.register(
                MethodHandles.lookup()
                        .findStatic(SignalTest.class, "handler", MethodType.methodType(void.class, int.class)),
                "v(i)");
        SEEN.clear();
        assertThat(Signal.signal(SIGUSR1, h)).as("the old action").isZero();
        assertThat(Signal.signal(SIGUSR1, h)).isEqualTo(h);
        assertThat(Signal.raise(SIGUSR1)).isZero();
        assertThat(SEEN).containsExactly(SIGUSR1);

        long old = Mem.permanent(128, 8), pending = Mem.permanent(128, 8);
        Signal.sigprocmask(SIG_BLOCK, set(SIGUSR1), old);
        Signal.raise(SIGUSR1);
        Signal.raise(SIGUSR1);
        Signal.sigpending(pending);
        assertThat(Mem.getLong(pending) & (1L << (SIGUSR1 - 1))).as("pending").isNotZero();
        assertThat(SEEN).hasSize(1);
        Signal.sigprocmask(SIG_SETMASK, old, 0);
        assertThat(SEEN).as("delivered once at unblock").containsExactly(SIGUSR1, SIGUSR1);

        Signal.sigprocmask(SIG_BLOCK, set(SIGUSR2), old);
        Signal.signal(SIGUSR2, h);
        Signal.kill((int) ProcessHandle.current().pid(), SIGUSR2);
        long which = Mem.permanent(4, 4);
        assertThat(Signal.sigwait(set(SIGUSR2), which)).isZero();
        assertThat(Mem.getInt(which)).isEqualTo(SIGUSR2);
        assertThat(SEEN).as("sigwait took it, no handler ran").hasSize(2);
        Signal.sigprocmask(SIG_SETMASK, old, 0);

        // from another process: glibc's kill through the kernel, delivered by the signal thread
        Process p = new ProcessBuilder(
                        "kill", "-USR1", Long.toString(ProcessHandle.current().pid()))
                .start();
        p.waitFor();
        for (int i = 0; i < 5000 && SEEN.size() < 3; i++) Thread.sleep(1);
        assertThat(SEEN).containsExactly(SIGUSR1, SIGUSR1, SIGUSR1);

        Signal.signal(SIGUSR1, 1); // SIG_IGN
        Signal.raise(SIGUSR1);
        assertThat(SEEN).hasSize(3);
        Signal.signal(SIGUSR2, 0);
    }
}
