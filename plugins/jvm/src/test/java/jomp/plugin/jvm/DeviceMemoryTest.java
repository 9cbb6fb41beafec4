package jomp.plugin.jvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.Set;
import jomp.runtime.mem.Mem;
import org.junit.jupiter.api.Test;

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
            for (long b : seen)
                assertThat(a + size <= b || b + m.sizeOf(b) <= a)
                        .as("blocks overlap")
                        .isTrue();
            seen.add(a);
            assertThat(Mem.getByte(a + size - 1)).isZero();
            Mem.fill(a, (byte) i, size);
        }
        for (int i = 0; i < blocks.length; i++)
            assertThat(Mem.getByte(blocks[i])).isEqualTo((byte) i);
        long a = blocks[10];
        m.free(a);
        assertThat(m.sizeOf(a)).isEqualTo(-1);
        assertThat(m.alloc(1 + 37L * 10))
                .as("a freed block of the class is handed out again")
                .isEqualTo(a);
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

    /**
     * Arrays of one power-of-two size allocated one after another (a benchmark's a, b, c) are
     * never a multiple of 64 KiB apart: mmap puts such mappings next to each other, and
     * kernels streaming over arrays exactly 2^k bytes apart ran at about half the bandwidth.
     */
    @Test
    void largeBlocksOfOneSizeAreNotAPowerOfTwoApart() {
        long size = 8L << 20;
        long[] blocks = new long[2 * DeviceMemory.COLOURS + 1];
        for (int i = 0; i < blocks.length; i++) {
            blocks[i] = m.alloc(size);
            assertThat(blocks[i] % 4096).isZero();
            assertThat(m.sizeOf(blocks[i])).isEqualTo(size);
            Mem.putLong(blocks[i], i);
            Mem.putLong(blocks[i] + size - 8, i);
        }
        for (int i = 0; i < blocks.length; i++) {
            assertThat(Mem.getLong(blocks[i])).isEqualTo(i);
            assertThat(Mem.getLong(blocks[i] + size - 8)).isEqualTo(i);
            for (int j = 0; j < i; j++) {
                long d = Math.abs(blocks[i] - blocks[j]);
                assertThat(d).as("blocks %d and %d overlap", j, i).isGreaterThanOrEqualTo(size);
                if (i - j < DeviceMemory.COLOURS) // the colours repeat after that many blocks
                assertThat(d % (64 << 10))
                            .as("blocks %d and %d are %d bytes apart", j, i, d)
                            .isNotZero();
            }
        }
        for (long b : blocks) {
            m.free(b);
            assertThat(m.sizeOf(b)).isEqualTo(-1);
        }
        long again = m.alloc(size); // the unmapping left nothing behind that a new block would overlap wrongly
        assertThat(m.sizeOf(again)).isEqualTo(size);
        m.free(again);
    }

    @Test
    void badFreesAreCaught() {
        long a = m.alloc(100);
        assertThatThrownBy(() -> m.free(a + 8)).hasMessageContaining("did not allocate");
        m.free(a);
        assertThatThrownBy(() -> m.free(a)).as("double free").hasMessageContaining("did not allocate");
    }
}
