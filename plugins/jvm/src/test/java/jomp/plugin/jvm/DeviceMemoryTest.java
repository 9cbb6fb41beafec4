package jomp.plugin.jvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

import jomp.runtime.mem.Mem;

class DeviceMemoryTest {
    private final DeviceMemory m = new DeviceMemory(0);

    @Test
    void smallBlocksAreAlignedDisjointZeroedAndReused() {
        Set<Long> seen = new HashSet<>();
        long[] blocks = new long[200];
        for (int i = 0; i < blocks.length; i++) {
            long size = 1 + 37L * i;
            long a = blocks[i] = m.alloc(size);
            assertThat(a % Math.min(64, Long.highestOneBit(m.sizeOf(a)))).isZero();
            assertThat(m.sizeOf(a)).isGreaterThanOrEqualTo(size);
            for (long b : seen) assertThat(a + size <= b || b + m.sizeOf(b) <= a).as("blocks overlap").isTrue();
            seen.add(a);
            assertThat(Mem.getByte(a + size - 1)).isZero();
            Mem.fill(a, (byte) i, size);
        }
        for (int i = 0; i < blocks.length; i++) assertThat(Mem.getByte(blocks[i])).isEqualTo((byte) i);
        long a = blocks[10];
        m.free(a);
        assertThat(m.sizeOf(a)).isEqualTo(-1);
        assertThat(m.alloc(1 + 37L * 10)).as("a freed block of the class is handed out again").isEqualTo(a);
    }

    @Test
    void moreThanTheSystemHasIsZeroNotAnError() {
        // past the 47-bit user address space: mmap refuses whatever the overcommit policy
        assertThat(m.alloc(1L << 62)).isZero();
        assertThat(m.alloc(Long.MAX_VALUE)).isZero();
        long a = m.alloc(100);
        assertThat(a).as("the device still works").isNotZero();
        m.free(a);
    }

    @Test
    void largeBlocksAreMappingsOfTheirOwn() {
        long a = m.alloc(3L << 20);
        assertThat(a % 4096).isZero();
        assertThat(m.sizeOf(a)).isEqualTo(3L << 20);
        Mem.putLong(a + (3L << 20) - 8, 42);
        assertThat(Mem.getLong(a + (3L << 20) - 8)).isEqualTo(42);
        m.free(a);
        assertThat(m.sizeOf(a)).isEqualTo(-1);
    }

    @Test
    void badFreesAreCaught() {
        long a = m.alloc(100);
        assertThatThrownBy(() -> m.free(a + 8)).hasMessageContaining("did not allocate");
        m.free(a);
        assertThatThrownBy(() -> m.free(a)).as("double free").hasMessageContaining("did not allocate");
    }
}
