package jomp.runtime.omp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import jomp.runtime.mem.Mem;
import org.junit.jupiter.api.Test;

/** Memory space handles (OpenMP 6.0 §27.1-27.4) and allocators on them, without a device. */
class MemSpacesTest {
    @Test
    void theSameSpaceHasOneHandleAndOnePredefinedAllocator() {
        MemSpaces.Space s = new MemSpaces.Space(MemSpaces.DEFAULT, List.of(0), 0, 102);
        long h = MemSpaces.handle(s);
        assertThat(MemSpaces.handle(new MemSpaces.Space(MemSpaces.DEFAULT, List.of(0), 0, 102)))
                .isEqualTo(h);
        assertThat(MemSpaces.handle(new MemSpaces.Space(1, List.of(0), 0, 102))).isNotEqualTo(h);
        assertThat(MemSpaces.of(h)).isEqualTo(s);
        long a = MemSpaces.allocator(h);
        assertThat(a).isNotZero().isEqualTo(MemSpaces.allocator(h));
        Allocators.destroy(a); // a predefined allocator: no effect
        assertThat(MemSpaces.allocator(h)).isEqualTo(a);
        assertThat(MemSpaces.allocator(MemSpaces.DEFAULT)).isEqualTo(Allocators.DEFAULT_MEM_ALLOC);
        assertThat(MemSpaces.allocator(4)).isEqualTo(5); // omp_low_lat_mem_alloc
    }

    @Test
    void resourcesSubspacesAndPageSizes() {
        long res = Mem.permanent(8, 4);
        Mem.putInt(res, 0);
        Mem.putInt(res + 4, 1);
        assertThat(MemSpaces.numResources(MemSpaces.DEFAULT)).isEqualTo(1);
        assertThat(MemSpaces.numResources(MemSpaces.NULL)).isZero();
        assertThat(MemSpaces.submemspace(MemSpaces.DEFAULT, 1, res)).isEqualTo(MemSpaces.DEFAULT);
        assertThat(MemSpaces.submemspace(MemSpaces.DEFAULT, 0, res)).isEqualTo(MemSpaces.NULL);
        assertThat(MemSpaces.submemspace(MemSpaces.DEFAULT, 2, res)).isEqualTo(MemSpaces.NULL);
        assertThat(MemSpaces.pageSize(MemSpaces.DEFAULT)).isEqualTo(4096);
        assertThat(MemSpaces.pageSize(12345)).isZero();
    }

    @Test
    void omp_init_allocatorTakesTheSpacesOmpHNames() {
        assertThat(Allocators.init(MemSpaces.NULL, 0, 0)).isZero();
        long a = Allocators.init(MemSpaces.DEFAULT, 0, 0);
        assertThat(a).isNotZero();
        long p = Allocators.alloc(64, 0, a, true);
        assertThat(p).isNotZero();
        assertThat(Mem.getLong(p)).isZero();
        Allocators.free(p, 0);
        Allocators.destroy(a);
        assertThat(Allocators.parseEnv("omp_default_mem_space:alignment=64")).isGreaterThan(8);
        assertThat(Allocators.parseEnv("omp_low_lat_mem_space")).isGreaterThan(8);
    }
}
