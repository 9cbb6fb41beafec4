package jomp.runtime.mem;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class StackTest {
    /** Runs {@code body} on a new thread, so it gets a fresh stack. */
    private static void onFreshThread(Runnable body) throws Throwable {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                body.run();
            } catch (Throwable e) {
                failure.set(e);
            }
        });
        t.start();
        t.join();
        if (failure.get() != null) throw failure.get();
    }

    private static boolean allZero(long a, long n) {
        for (long i = 0; i < n; i++) if (Mem.getByte(a + i) != 0) return false;
        return true;
    }

    @Test
    void everyFrameStartsZeroedAcrossTheWholeStack() throws Throwable {
        onFreshThread(() -> {
            Stack s = Stack.current();
            long mark = s.sp;
            // frames of several sizes, the big one crossing many zeroing steps
            for (long size : new long[] {24, 1000, 300_000, 3 << 20, 70_000}) {
                long a = s.alloc(size, 16);
                assertThat(a & 15).isZero();
                assertThat(allZero(a, size)).as("frame of %d bytes", size).isTrue();
                Mem.fill(a, (byte) 0x5a, size);
            }
            // as on a C stack, a reused frame sees what the last one left
            s.reset(mark);
            long again = s.alloc(24, 16);
            assertThat(Mem.getByte(again)).isEqualTo((byte) 0x5a);
        });
    }

    @Test
    void overflowIsAnError() throws Throwable {
        onFreshThread(() -> {
            Stack s = Stack.current();
            s.alloc(Stack.SIZE - 4096, 16);
            assertThatThrownBy(() -> s.alloc(8192, 16)).isInstanceOf(StackOverflowError.class);
            assertThatThrownBy(() -> s.alloc(-1, 16)).isInstanceOf(StackOverflowError.class);
        });
    }
}
