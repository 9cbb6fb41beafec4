package jomp.runtime.offload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;
import jomp.offload.abi.MapType;
import jomp.runtime.libc.Stdlib;
import jomp.runtime.mem.Functions;
import jomp.runtime.mem.Mem;
import jomp.runtime.plugin.DevicePlugin;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The map entries the compiler lays out as clang does, through libomptarget's algorithms: struct
 * members in their combined entry, pointer chains, OpenMP's once-per-construct reference counts,
 * the hold count, mappers, strided sections, unified shared memory, map names in the reports.
 */
class DataMappingTest {
    private final TgtTest.TestPlugin plugin = new TgtTest.TestPlugin();
    private final List<Long> allocations = new ArrayList<>();

    @BeforeEach
    void setUp() {
        Devices.POLICY = Devices.Policy.DEFAULT;
        Devices.install(List.of(plugin));
        Tgt.onFatal = m -> {
            throw new IllegalStateException("fatal: " + m);
        };
    }

    @AfterEach
    void tearDown() {
        Info.MASK = 0;
        Requires.reset(0);
        for (long a : allocations) Stdlib.free(a);
    }

    private long alloc(long n) {
        long p = Stdlib.malloc(n);
        Mem.fill(p, (byte) 0, n);
        allocations.add(p);
        return p;
    }

    /** Map arrays of {base, begin, size, type[, name]} entries. */
    private long[] arrays(long[]... entries) {
        int n = entries.length;
        long b = alloc(8L * n), p = alloc(8L * n), s = alloc(8L * n), t = alloc(8L * n), names = alloc(8L * n);
        for (int i = 0; i < n; i++) {
            Mem.putLong(b + 8L * i, entries[i][0]);
            Mem.putLong(p + 8L * i, entries[i][1]);
            Mem.putLong(s + 8L * i, entries[i][2]);
            Mem.putLong(t + 8L * i, entries[i][3]);
            Mem.putLong(names + 8L * i, entries[i].length > 4 ? entries[i][4] : 0);
        }
        return new long[] {n, b, p, s, t, names};
    }

    private void begin(long[] a) {
        Tgt.__tgt_target_data_begin_mapper(0, 0, (int) a[0], a[1], a[2], a[3], a[4], a[5], 0);
    }

    private void end(long[] a) {
        Tgt.__tgt_target_data_end_mapper(0, 0, (int) a[0], a[1], a[2], a[3], a[4], a[5], 0);
    }

    private void update(long[] a) {
        Tgt.__tgt_target_data_update_mapper(0, 0, (int) a[0], a[1], a[2], a[3], a[4], a[5], 0);
    }

    private static long memberOf(int parent) {
        return (long) (parent + 1) << 48;
    }

    private long cString(String s) {
        byte[] b = (s + "\0").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        long a = alloc(b.length);
        Mem.copyFromArray(b, 0, a, b.length);
        return a;
    }

    @Test
    void aStructPointerMemberIsAttachedAndBothSidesKeepTheirPointer() {
        // struct { int n; double *p; } s; map(to: s.n) map(tofrom: s.p[0:4]) as the compiler lays it out
        long s = alloc(16), p = alloc(32);
        Mem.putInt(s, 4);
        Mem.putLong(s + 8, p);
        Mem.putDouble(p + 8, 1.5);
        long[] maps = arrays(
                new long[] {s, s, 16, 0}, // the combined entry
                new long[] {s, s, 4, MapType.TO | memberOf(0)}, // s.n
                new long[] {s + 8, p, 32, MapType.TO | MapType.FROM | MapType.PTR_AND_OBJ | memberOf(0)}); // s.p[0:4]
        begin(maps);
        long devS = DeviceApi.omp_get_mapped_ptr(s, 0), devP = DeviceApi.omp_get_mapped_ptr(p, 0);
        assertThat(Mem.getInt(devS)).isEqualTo(4);
        assertThat(Mem.getLong(devS + 8))
                .as("the device's s.p points to the device's copy")
                .isEqualTo(devP);
        assertThat(Mem.getDouble(devP + 8)).isEqualTo(1.5);
        Mem.putDouble(devP + 8, 7.0);
        Mem.putInt(devS, 99); // s.n is 'to': never copied back
        end(maps);
        assertThat(Mem.getDouble(p + 8)).isEqualTo(7.0);
        assertThat(Mem.getInt(s)).isEqualTo(4);
        assertThat(Mem.getLong(s + 8)).as("the host's s.p is the host's").isEqualTo(p);
        assertThat(DeviceApi.omp_target_is_present(s, 0)).isZero();
        assertThat(DeviceApi.omp_target_is_present(p, 0)).isZero();
    }

    @Test
    void aMappingCountsOnceForSeveralItemsOfOneConstruct() {
        // map(alloc: x) map(to: x): OpenMP copies x in (libomptarget would count it twice and copy nothing)
        long x = alloc(8);
        Mem.putLong(x, 42);
        long[] maps =
                arrays(new long[] {x, x, 8, 0}, new long[] {x, x, 8, MapType.TO}, new long[] {x, x, 8, MapType.FROM});
        begin(maps);
        long dev = DeviceApi.omp_get_mapped_ptr(x, 0);
        assertThat(Mem.getLong(dev)).isEqualTo(42);
        Mem.putLong(dev, 43);
        end(maps);
        assertThat(Mem.getLong(x))
                .as("from applies when the one reference goes")
                .isEqualTo(43);
        assertThat(plugin.log).containsExactly("alloc 8", "submit 8", "retrieve 8", "delete");
    }

    @Test
    void theHoldReferenceKeepsAMappingThatExitDataWouldDrop() {
        long x = alloc(8);
        long[] hold = arrays(new long[] {x, x, 8, MapType.TO | MapType.FROM | MapType.OMPX_HOLD});
        begin(hold);
        end(arrays(new long[] {x, x, 8, MapType.DELETE})); // exit data map(delete: x): the dynamic count only
        assertThat(DeviceApi.omp_target_is_present(x, 0)).isOne();
        end(hold);
        assertThat(DeviceApi.omp_target_is_present(x, 0)).isZero();
    }

    /** A mapper written in Java with the compiled mapper's ABI: the whole item, then each element's int member tofrom. */
    static void pairMapper(long handle, long base, long begin, long size, long type, long name) {
        Tgt.__tgt_push_mapper_component(
                handle, base, begin, size, (type & ~(MapType.TO | MapType.FROM)) | MapType.IMPLICIT, name);
        long whole = Tgt.__tgt_mapper_num_components(handle) - 1;
        for (long e = begin; e < begin + size; e += 16) // struct { int v; int pad[3]; }: only v moves
        Tgt.__tgt_push_mapper_component(
                    handle, e, e, 4, Tgt.__jomp_mapper_type(type, MapType.TO | MapType.FROM) | ((whole + 1) << 48), 0);
    }

    @Test
    void aMappersComponentsMapInTheEntrysPlace() throws Exception {
        long fn = Functions.register(MethodHandles.lookup()
                .findStatic(
                        DataMappingTest.class,
                        "pairMapper",
                        MethodType.methodType(
                                void.class, long.class, long.class, long.class, long.class, long.class, long.class)));
        long a = alloc(48);
        for (int i = 0; i < 3; i++) {
            Mem.putInt(a + 16L * i, i + 1);
            Mem.putInt(a + 16L * i + 4, -5);
        }
        long[] maps = arrays(new long[] {a, a, 48, MapType.TO | MapType.FROM});
        long mappers = alloc(8);
        Mem.putLong(mappers, fn);
        Tgt.__tgt_target_data_begin_mapper(0, 0, 1, maps[1], maps[2], maps[3], maps[4], 0, mappers);
        long dev = DeviceApi.omp_get_mapped_ptr(a, 0);
        assertThat(Mem.getInt(dev + 16)).isEqualTo(2);
        assertThat(Mem.getInt(dev + 20))
                .as("the padding is not the mapper's: never copied")
                .isNotEqualTo(-5);
        Mem.putInt(dev + 32, 30);
        Mem.putInt(dev + 36, 77);
        Tgt.__tgt_target_data_end_mapper(0, 0, 1, maps[1], maps[2], maps[3], maps[4], 0, mappers);
        assertThat(Mem.getInt(a + 32)).isEqualTo(30);
        assertThat(Mem.getInt(a + 36)).isEqualTo(-5);
        assertThat(DeviceApi.omp_target_is_present(a, 0)).isZero();
        assertThat(Mappers.finalType(MapType.TO, MapType.TO | MapType.FROM)).isEqualTo(MapType.TO);
        assertThat(Mappers.finalType(MapType.FROM, MapType.TO)).isZero();
        assertThat(Mappers.finalType(MapType.TO | MapType.FROM, MapType.FROM)).isEqualTo(MapType.FROM);
    }

    @Test
    void stridedSectionsMoveOnlyTheirElements() {
        long a = alloc(40); // int a[10]
        for (int i = 0; i < 10; i++) Mem.putInt(a + 4L * i, i);
        long[] whole = arrays(new long[] {a, a, 40, MapType.TO});
        begin(whole);
        long dev = DeviceApi.omp_get_mapped_ptr(a, 0);
        for (int i = 0; i < 10; i++) Mem.putInt(dev + 4L * i, 100 + i);
        long desc = alloc(48); // a[1:3:3]: offset 4, 3 elements 12 bytes apart; then the element
        long[] d = {4, 3, 12, 0, 1, 4};
        for (int i = 0; i < 6; i++) Mem.putLong(desc + 8L * i, d[i]);
        update(arrays(new long[] {a, desc, 2, MapType.FROM | MapType.NON_CONTIG}));
        int[] got = new int[10];
        for (int i = 0; i < 10; i++) got[i] = Mem.getInt(a + 4L * i);
        assertThat(got).containsExactly(0, 101, 2, 3, 104, 5, 6, 107, 8, 9);
        assertThat(NonContiguous.extent(a, desc, 2)).containsExactly(a + 4, 28);
        end(whole);
    }

    @Test
    void unifiedSharedMemoryUsesHostAddressesAndCopiesNothing() {
        Requires.reset(Requires.UNIFIED_SHARED_MEMORY);
        long x = alloc(8);
        long[] maps = arrays(new long[] {x, x, 8, MapType.TO | MapType.FROM});
        begin(maps);
        assertThat(DeviceApi.omp_get_mapped_ptr(x, 0)).isEqualTo(x);
        end(maps);
        long[] close = arrays(new long[] {x, x, 8, MapType.TO | MapType.CLOSE}); // close: a device copy after all
        begin(close);
        assertThat(DeviceApi.omp_get_mapped_ptr(x, 0)).isNotEqualTo(x);
        end(close);
        assertThat(plugin.log).containsExactly("alloc 8", "submit 8", "delete");
    }

    @Test
    void reportsNameTheListItemsAndTheConstruct() {
        long x = alloc(16);
        long name = cString(";x[0:4];prog.c;3;7;;");
        long psource = cString(";prog.c;main;12;3;;"), loc = alloc(24);
        Mem.putLong(loc + 16, psource);
        long[] maps = arrays(new long[] {x, x, 16, MapType.TO | MapType.IMPLICIT, name});
        Info.MASK = Info.KERNEL_ARGS | Info.MAPPING_CHANGED;
        java.io.ByteArrayOutputStream buf = new java.io.ByteArrayOutputStream();
        java.io.PrintStream old = System.err;
        System.setErr(new java.io.PrintStream(buf, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            Tgt.__tgt_target_data_begin_mapper(loc, 0, 1, maps[1], maps[2], maps[3], maps[4], maps[5], 0);
        } finally {
            System.setErr(old);
        }
        List<String> lines =
                buf.toString(java.nio.charset.StandardCharsets.UTF_8).lines().toList();
        assertThat(lines.get(0))
                .isEqualTo(
                        "omptarget device 0 info: Entering OpenMP data region with being_mapper at prog.c:12:3 with 1 arguments:");
        assertThat(lines.get(1)).isEqualTo("omptarget device 0 info: to(x[0:4])[16] (implicit)");
        assertThat(lines.get(2)).endsWith("Size=16, DynRefCount=1, HoldRefCount=0, Name=x[0:4]");
        assertThat(SourceInfo.ofName(name)).isEqualTo(new SourceInfo("x[0:4]", "prog.c", 3, 7));
        Info.MASK = 0;
        end(maps);
    }

    @Test
    void anExplicitExtensionFailsWithLibomptargetsMessage() {
        long a = alloc(32);
        begin(arrays(new long[] {a, a, 16, MapType.TO}));
        assertThatThrownBy(() -> begin(arrays(new long[] {a, a + 8, 16, MapType.TO})))
                .hasMessageContaining(
                        "explicit extension not allowed: host address specified is " + Info.hex(a + 8) + " (16 bytes)");
        end(arrays(new long[] {a, a, 16, MapType.DELETE}));
    }

    @Test
    void requiresClausesThatDisagreeAreNotTakenSilently() {
        Requires.reset(0);
        Requires.add(Requires.NONE);
        Requires.add(Requires.NONE);
        assertThat(Requires.unifiedSharedMemory()).isFalse();
        Requires.reset(Requires.UNIFIED_SHARED_MEMORY);
        assertThat(Requires.unifiedAddress())
                .as("shared memory implies unified addresses")
                .isTrue();
    }

    @Test
    void memberEntriesNeedTheirStruct() {
        long s = alloc(16);
        DevicePlugin.Kernel unused = () -> "k";
        assertThat(unused.name()).isEqualTo("k");
        // a MEMBER_OF entry whose struct is not mapped is mapped by itself (libomptarget creates it)
        long[] lone = arrays(new long[] {s, s + 8, 8, MapType.TO | memberOf(0)});
        begin(lone);
        assertThat(DeviceApi.omp_target_is_present(s + 8, 0)).isOne();
        end(arrays(new long[] {s, s + 8, 8, MapType.DELETE}));
    }
}
