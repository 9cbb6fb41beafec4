package jomp.runtime.target;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import jomp.runtime.libc.Stdlib;
import jomp.runtime.mem.Mem;
import jomp.runtime.plugin.DevicePlugin;

/**
 * The mapping semantics of the target entry points with a device of separate memory (a test
 * plugin): reference counts decide when data moves, always/delete/present, zero-length sections,
 * kernel arguments, and the fallback when no device runs a region.
 */
class TgtTest {
    /** A device with its own native memory that counts transfers and runs kernels given as Java code. */
    static final class TestPlugin implements DevicePlugin {
        final List<String> log = new ArrayList<>();
        Consumer<long[]> kernel = a -> {};
        @Override public String name() { return "test"; }
        @Override public String triple() { return "test-device"; }
        @Override public int numberOfDevices() { return 1; }
        @Override public void initDevice(int device) {}
        @Override public boolean isCompatible(int device, DeviceImage image) { return image.triple().equals("test-device"); }
        @Override public LoadedImage loadImage(int device, DeviceImage image) {
            return new LoadedImage() {
                @Override public Kernel kernel(String name) { return () -> name; }
                @Override public GlobalSymbol global(String name) { return null; }
            };
        }
        @Override public long dataAlloc(int device, long size) { log.add("alloc " + size); return Stdlib.malloc(size); }
        @Override public void dataDelete(int device, long a) { log.add("delete"); Stdlib.free(a); }
        @Override public void dataSubmit(int device, long d, long h, long size) { log.add("submit " + size); Mem.copy(d, h, size); }
        @Override public void dataRetrieve(int device, long h, long d, long size) { log.add("retrieve " + size); Mem.copy(h, d, size); }
        @Override public void dataExchange(int device, long d, long s, long size) { Mem.copy(d, s, size); }
        @Override public void launch(int device, Kernel k, long[] args, int teams, int threads) { log.add("launch"); kernel.accept(args); }
        @Override public void synchronize(int device) {}
    }

    private final TestPlugin plugin = new TestPlugin();
    private final List<Long> allocations = new ArrayList<>();
    private long region;
    private BinaryDescriptor lib;

    @BeforeEach
    void setUp() {
        Devices.install(List.of(plugin));
        Tgt.onFatal = m -> { throw new IllegalStateException("fatal: " + m); };
        region = alloc(1);
        lib = new BinaryDescriptor(List.of(new DevicePlugin.DeviceImage("test-device", "", DevicePlugin.ImageKind.OBJECT, new byte[0], List.of("k"))),
                List.of(new HostEntry(region, "k", 0, 0)));
        Registry.registerLib(lib);
    }

    @AfterEach
    void tearDown() {
        Registry.unregisterLib(lib);
        for (long a : allocations) Stdlib.free(a);
    }

    private long alloc(long n) {
        long p = Stdlib.malloc(n);
        Mem.fill(p, (byte) 0, n);
        allocations.add(p);
        return p;
    }

    /** The four map arrays for entries {base, begin, size, type}. */
    private long[] arrays(long[]... entries) {
        int n = entries.length;
        long b = alloc(8L * n), p = alloc(8L * n), s = alloc(8L * n), t = alloc(8L * n);
        for (int i = 0; i < n; i++) {
            Mem.putLong(b + 8L * i, entries[i][0]);
            Mem.putLong(p + 8L * i, entries[i][1]);
            Mem.putLong(s + 8L * i, entries[i][2]);
            Mem.putLong(t + 8L * i, entries[i][3]);
        }
        return new long[] {n, b, p, s, t};
    }

    private void begin(long[] a) { Tgt.__tgt_target_data_begin_mapper(0, 0, (int) a[0], a[1], a[2], a[3], a[4], 0, 0); }

    private void end(long[] a) { Tgt.__tgt_target_data_end_mapper(0, 0, (int) a[0], a[1], a[2], a[3], a[4], 0, 0); }

    private int kernel(long[] a) {
        long kargs = alloc(104);
        Mem.putInt(kargs, 3);
        Mem.putInt(kargs + 4, (int) a[0]);
        for (int i = 1; i <= 4; i++) Mem.putLong(kargs + 8L * i, a[i]);
        return Tgt.__tgt_target_kernel(0, -1, 0, 0, region, kargs);
    }

    @Test
    void dataMovesOnlyWhenTheReferenceCountSaysSo() {
        long x = alloc(8);
        Mem.putLong(x, 5);
        long[] data = arrays(new long[] {x, x, 8, Tgt.TO | Tgt.FROM});
        long[] target = arrays(new long[] {x, x, 8, Tgt.TO | Tgt.FROM | Tgt.TARGET_PARAM});
        plugin.kernel = args -> Mem.putLong(args[0], Mem.getLong(args[0]) + 1);   // the device copy + 1
        begin(data);
        assertThat(kernel(target)).isZero();
        assertThat(Mem.getLong(x)).as("still mapped by the data region: not copied back").isEqualTo(5);
        end(data);
        assertThat(Mem.getLong(x)).isEqualTo(6);
        assertThat(plugin.log).containsExactly("alloc 8", "submit 8", "launch", "retrieve 8", "delete");
    }

    @Test
    void alwaysCopiesAndDeleteDropsTheMapping() {
        long x = alloc(16);
        Mem.putLong(x, 1);
        begin(arrays(new long[] {x, x, 16, Tgt.TO}));
        begin(arrays(new long[] {x, x, 16, Tgt.TO}));             // refcount 2, no copy
        Mem.putLong(x, 2);
        begin(arrays(new long[] {x, x, 16, Tgt.TO | Tgt.ALWAYS})); // refcount 3, copied anyway
        end(arrays(new long[] {x, x, 16, Tgt.FROM | Tgt.DELETE}));  // gone at once, copied back
        assertThat(plugin.log).containsExactly("alloc 16", "submit 16", "submit 16", "retrieve 16", "delete");
        assertThat(DeviceApi.omp_target_is_present(x, 0)).isZero();
    }

    @Test
    void presentFailsWhenAbsentAndPartialOverlapIsAnError() {
        long x = alloc(64);
        assertThatThrownBy(() -> begin(arrays(new long[] {x, x, 8, Tgt.TO | Tgt.PRESENT})))
            .hasMessageContaining("'present' map type modifier does not exist");
        begin(arrays(new long[] {x, x, 32, Tgt.TO}));
        assertThatThrownBy(() -> begin(arrays(new long[] {x, x + 16, 32, Tgt.TO}))).hasMessageContaining("explicit extension not allowed");
        // an implicit map of the whole array reuses the section's mapping instead
        begin(arrays(new long[] {x, x, 64, Tgt.TO | Tgt.FROM | Tgt.IMPLICIT}));
        assertThat(plugin.log).containsExactly("alloc 32", "submit 32");
    }

    @Test
    void kernelArgumentsAreTranslatedBasesLiteralsAndZeroLengthSections() {
        long a = alloc(80);
        begin(arrays(new long[] {a, a + 16, 32, Tgt.TO}));   // a[2:4] of longs
        long dev = DeviceApi.omp_get_mapped_ptr(a + 16, 0);
        assertThat(dev).isNotZero().isNotEqualTo(a + 16);
        long[] got = new long[3];
        plugin.kernel = args -> System.arraycopy(args, 0, got, 0, 3);
        assertThat(kernel(arrays(
            new long[] {a, a + 16, 32, Tgt.TO | Tgt.TARGET_PARAM},                    // section: the base's device address
            new long[] {77, 77, 4, Tgt.LITERAL | Tgt.TARGET_PARAM},                   // a firstprivate value
            new long[] {a + 24, a + 24, 0, Tgt.TARGET_PARAM | Tgt.IMPLICIT}))).isZero(); // a pointer into it
        assertThat(got[0]).isEqualTo(dev - 16);
        assertThat(got[1]).isEqualTo(77);
        assertThat(got[2]).isEqualTo(dev + 8);
        assertThat(Tgt.__jomp_target_translate(0, a + 24)).isEqualTo(dev + 8);
    }

    @Test
    void noDeviceMeansTheHostRunsTheRegion() {
        Devices.install(List.of());
        assertThat(kernel(arrays(new long[] {0, 0, 0, Tgt.LITERAL | Tgt.TARGET_PARAM}))).isNotZero();
        assertThat(DeviceApi.omp_get_num_devices()).isZero();
        assertThat(DeviceApi.omp_get_initial_device()).isZero();
        assertThat(DeviceApi.omp_is_initial_device()).isOne();
    }

    @Test
    void associatedPointersStayUntilDisassociated() {
        long h = alloc(32), d = plugin.dataAlloc(0, 32);
        assertThat(DeviceApi.omp_target_associate_ptr(h, d, 32, 0, 0)).isZero();
        assertThat(DeviceApi.omp_target_is_present(h + 8, 0)).isOne();
        begin(arrays(new long[] {h, h, 32, Tgt.TO}));
        end(arrays(new long[] {h, h, 32, Tgt.FROM}));   // infinite reference count: no copies either way
        assertThat(plugin.log).containsExactly("alloc 32");
        assertThat(DeviceApi.omp_target_disassociate_ptr(h, 0)).isZero();
        assertThat(DeviceApi.omp_target_is_present(h, 0)).isZero();
        plugin.dataDelete(0, d);
    }
}
