package jomp.runtime.offload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import jomp.offload.abi.BinaryDescriptor;
import jomp.offload.abi.DeviceImage;
import jomp.offload.abi.HostEntry;
import jomp.offload.abi.ImageKind;
import jomp.offload.abi.MapType;
import jomp.runtime.libc.Stdlib;
import jomp.runtime.mem.Mem;
import jomp.runtime.plugin.DevicePlugin;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

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
        final java.util.Map<String, GlobalSymbol> globals = new java.util.HashMap<>();

        @Override
        public String name() {
            return "test";
        }

        @Override
        public String triple() {
            return "test-device";
        }

        @Override
        public jomp.offload.abi.ContextTraits contextTraits() {
            return new jomp.offload.abi.ContextTraits(
                    java.util.List.of("nohost", "any"), java.util.List.of("test"), java.util.List.of());
        }

        @Override
        public int numberOfDevices() {
            return 1;
        }

        @Override
        public void initDevice(int device) {}

        @Override
        public boolean isCompatible(int device, DeviceImage image) {
            return image.triple().equals("test-device");
        }

        @Override
        public LoadedImage loadImage(int device, DeviceImage image) {
            return new LoadedImage() {
                @Override
                public Kernel kernel(String name) {
                    return () -> name;
                }

                @Override
                public GlobalSymbol global(String name) {
                    return globals.get(name);
                }
            };
        }

        @Override
        public long dataAlloc(int device, long size) {
            log.add("alloc " + size);
            return Stdlib.malloc(size);
        }

        @Override
        public void dataDelete(int device, long a) {
            log.add("delete");
            Stdlib.free(a);
        }

        @Override
        public void dataSubmit(int device, long d, long h, long size) {
            log.add("submit " + size);
            Mem.copy(d, h, size);
        }

        @Override
        public void dataRetrieve(int device, long h, long d, long size) {
            log.add("retrieve " + size);
            Mem.copy(h, d, size);
        }

        @Override
        public void dataExchange(int device, long d, long s, long size) {
            Mem.copy(d, s, size);
        }

        @Override
        public void launch(int device, jomp.runtime.plugin.LaunchRequest r) {
            log.add("launch");
            kernel.accept(r.args());
        }

        @Override
        public void synchronize(int device) {}
    }

    private final TestPlugin plugin = new TestPlugin();
    private final List<Long> allocations = new ArrayList<>();
    private long region;
    private BinaryDescriptor lib;

    @BeforeEach
    void setUp() {
        Devices.POLICY = Devices.Policy.DEFAULT;
        Devices.install(List.of(plugin));
        Tgt.onFatal = m -> {
            throw new IllegalStateException("fatal: " + m);
        };
        region = alloc(1);
        lib = new BinaryDescriptor(
                List.of(new DeviceImage("test-device", "", ImageKind.OBJECT, new byte[0], List.of("k"))),
                List.of(new HostEntry(region, "k", 0, 0)));
        Registry.registerLib(lib);
    }

    @AfterEach
    void tearDown() {
        Devices.POLICY = Devices.Policy.DEFAULT;
        Info.MASK = 0;
        Profile.FILE = null;
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

    private void begin(long[] a) {
        Tgt.__tgt_target_data_begin_mapper(0, 0, (int) a[0], a[1], a[2], a[3], a[4], 0, 0);
    }

    private void end(long[] a) {
        Tgt.__tgt_target_data_end_mapper(0, 0, (int) a[0], a[1], a[2], a[3], a[4], 0, 0);
    }

    private int kernel(long[] a) {
        return kernel(a, 0, 0);
    }

    private int kernel(long[] a, int teams, int threads) {
        long kargs = alloc(104);
        Mem.putInt(kargs, 3);
        Mem.putInt(kargs + 4, (int) a[0]);
        for (int i = 1; i <= 4; i++) Mem.putLong(kargs + 8L * i, a[i]);
        return Tgt.__tgt_target_kernel(0, -1, teams, threads, region, kargs);
    }

    @Test
    void dataMovesOnlyWhenTheReferenceCountSaysSo() {
        long x = alloc(8);
        Mem.putLong(x, 5);
        long[] data = arrays(new long[] {x, x, 8, MapType.TO | MapType.FROM});
        long[] target = arrays(new long[] {x, x, 8, MapType.TO | MapType.FROM | MapType.TARGET_PARAM});
        plugin.kernel = args -> Mem.putLong(args[0], Mem.getLong(args[0]) + 1); // the device copy + 1
        begin(data);
        assertThat(kernel(target)).isZero();
        assertThat(Mem.getLong(x))
                .as("still mapped by the data region: not copied back")
                .isEqualTo(5);
        end(data);
        assertThat(Mem.getLong(x)).isEqualTo(6);
        assertThat(plugin.log).containsExactly("alloc 8", "submit 8", "launch", "retrieve 8", "delete");
    }

    @Test
    void alwaysCopiesAndDeleteDropsTheMapping() {
        long x = alloc(16);
        Mem.putLong(x, 1);
        begin(arrays(new long[] {x, x, 16, MapType.TO}));
        begin(arrays(new long[] {x, x, 16, MapType.TO})); // refcount 2, no copy
        Mem.putLong(x, 2);
        begin(arrays(new long[] {x, x, 16, MapType.TO | MapType.ALWAYS})); // refcount 3, copied anyway
        end(arrays(new long[] {x, x, 16, MapType.FROM | MapType.DELETE})); // gone at once, copied back
        assertThat(plugin.log).containsExactly("alloc 16", "submit 16", "submit 16", "retrieve 16", "delete");
        assertThat(DeviceApi.omp_target_is_present(x, 0)).isZero();
    }

    @Test
    void presentFailsWhenAbsentAndPartialOverlapIsAnError() {
        long x = alloc(64);
        assertThatThrownBy(() -> begin(arrays(new long[] {x, x, 8, MapType.TO | MapType.PRESENT})))
                .hasMessageContaining("'present' map type modifier does not exist");
        begin(arrays(new long[] {x, x, 32, MapType.TO}));
        assertThatThrownBy(() -> begin(arrays(new long[] {x, x + 16, 32, MapType.TO})))
                .hasMessageContaining("explicit extension not allowed");
        // an implicit map of the whole array reuses the section's mapping instead
        begin(arrays(new long[] {x, x, 64, MapType.TO | MapType.FROM | MapType.IMPLICIT}));
        assertThat(plugin.log).containsExactly("alloc 32", "submit 32");
    }

    @Test
    void kernelArgumentsAreTranslatedBasesLiteralsAndZeroLengthSections() {
        long a = alloc(80);
        begin(arrays(new long[] {a, a + 16, 32, MapType.TO})); // a[2:4] of longs
        long dev = DeviceApi.omp_get_mapped_ptr(a + 16, 0);
        assertThat(dev).isNotZero().isNotEqualTo(a + 16);
        long[] got = new long[3];
        plugin.kernel = args -> System.arraycopy(args, 0, got, 0, 3);
        assertThat(kernel(arrays(
                        new long[] {a, a + 16, 32, MapType.TO | MapType.TARGET_PARAM
                        }, // section: the base's device address
                        new long[] {77, 77, 4, MapType.LITERAL | MapType.TARGET_PARAM}, // a firstprivate value
                        new long[] {a + 24, a + 24, 0, MapType.TARGET_PARAM | MapType.IMPLICIT})))
                .isZero(); // a pointer into it
        assertThat(got[0]).isEqualTo(dev - 16);
        assertThat(got[1]).isEqualTo(77);
        assertThat(got[2]).isEqualTo(dev + 8);
        assertThat(Tgt.__jomp_target_translate(0, a + 24)).isEqualTo(dev + 8);
    }

    @Test
    void noDeviceMeansTheHostRunsTheRegion() {
        Devices.install(List.of());
        assertThat(kernel(arrays(new long[] {0, 0, 0, MapType.LITERAL | MapType.TARGET_PARAM})))
                .isNotZero();
        assertThat(DeviceApi.omp_get_num_devices()).isZero();
        assertThat(DeviceApi.omp_get_initial_device()).isZero();
        assertThat(DeviceApi.omp_is_initial_device()).isOne();
    }

    @Test
    void associatedPointersStayUntilDisassociated() {
        long h = alloc(32), d = plugin.dataAlloc(0, 32);
        assertThat(DeviceApi.omp_target_associate_ptr(h, d, 32, 0, 0)).isZero();
        assertThat(DeviceApi.omp_target_is_present(h + 8, 0)).isOne();
        begin(arrays(new long[] {h, h, 32, MapType.TO}));
        end(arrays(new long[] {h, h, 32, MapType.FROM})); // infinite reference count: no copies either way
        assertThat(plugin.log).containsExactly("alloc 32");
        assertThat(DeviceApi.omp_target_disassociate_ptr(h, 0)).isZero();
        assertThat(DeviceApi.omp_target_is_present(h, 0)).isZero();
        plugin.dataDelete(0, d);
    }

    @Test
    void nestedDataRegionsMoveDataOnlyAtTheOutermostEnds() {
        long x = alloc(24);
        long[] tofrom = arrays(new long[] {x, x, 24, MapType.TO | MapType.FROM});
        begin(tofrom);
        begin(tofrom);
        begin(tofrom);
        Mem.putLong(DeviceApi.omp_get_mapped_ptr(x, 0), 9); // the device copy changes
        end(tofrom);
        end(tofrom);
        assertThat(Mem.getLong(x))
                .as("two references dropped, one left: nothing came back")
                .isZero();
        assertThat(DeviceApi.omp_target_is_present(x, 0)).isOne();
        end(tofrom);
        assertThat(Mem.getLong(x)).isEqualTo(9);
        assertThat(DeviceApi.omp_target_is_present(x, 0)).isZero();
        assertThat(plugin.log).containsExactly("alloc 24", "submit 24", "retrieve 24", "delete");
    }

    @Test
    void aZeroLengthSectionOutsideAnyMappingPassesTheHostPointerThrough() {
        long p = alloc(16);
        long[] got = new long[1];
        plugin.kernel = args -> got[0] = args[0];
        assertThat(kernel(arrays(new long[] {p, p, 0, MapType.TARGET_PARAM | MapType.IMPLICIT})))
                .isZero();
        assertThat(got[0]).isEqualTo(p);
        assertThat(plugin.log).containsExactly("launch");
        assertThat(Tgt.__jomp_target_translate(0, p)).isEqualTo(p);
    }

    @Test
    void attachedPointersAreTranslatedOnTheDeviceAndKeptOnTheHost() {
        long s = alloc(16), a = alloc(32); // struct { long *p; long n; } s = { a, 3 };
        Mem.putLong(s, a);
        Mem.putLong(s + 8, 3);
        Mem.putLong(a + 8, 1);
        long[] seen = new long[2];
        plugin.kernel = args -> {
            long devP = Mem.getLong(args[0]);
            seen[0] = devP;
            seen[1] = Mem.getLong(devP + 8);
            Mem.putLong(devP + 8, 99); // s.p[1] = 99
            Mem.putLong(args[0] + 8, 7); // s.n = 7
        };
        assertThat(kernel(arrays(
                        new long[] {s, s, 16, MapType.TO | MapType.FROM | MapType.TARGET_PARAM},
                        new long[] {s, a, 32, MapType.TO | MapType.FROM | MapType.PTR_AND_OBJ})))
                .isZero();
        assertThat(seen[0])
                .as("the device's s.p points to the device copy of a")
                .isNotEqualTo(a)
                .isNotZero();
        assertThat(seen[1]).isEqualTo(1);
        assertThat(Mem.getLong(s))
                .as("the host's s.p is the host's a again after s came back")
                .isEqualTo(a);
        assertThat(Mem.getLong(s + 8)).isEqualTo(7);
        assertThat(Mem.getLong(a + 8)).isEqualTo(99);
        assertThat(DeviceApi.omp_target_is_present(s, 0)).isZero();
        assertThat(DeviceApi.omp_target_is_present(a, 0)).isZero();
    }

    @Test
    void declareTargetGlobalsArePresentAndLinkGlobalsOnlyOnceMapped() {
        long gHost = alloc(8), lHost = alloc(16), gDev = alloc(8), lDev = alloc(16);
        Mem.putLong(gHost, 1);
        Mem.putLong(gDev, 5); // the image's initial value
        Mem.putLong(lHost, 11);
        plugin.globals.put("g", new DevicePlugin.GlobalSymbol("g", gDev, 8));
        plugin.globals.put("l", new DevicePlugin.GlobalSymbol("l", lDev, 16));
        BinaryDescriptor globals = new BinaryDescriptor(
                List.of(new DeviceImage("test-device", "", ImageKind.OBJECT, new byte[0], List.of("g", "l"))),
                List.of(new HostEntry(gHost, "g", 8, 0), new HostEntry(lHost, "l", 16, HostEntry.LINK)));
        Registry.registerLib(globals);
        try {
            assertThat(DeviceApi.omp_target_is_present(gHost, 0)).isOne();
            assertThat(DeviceApi.omp_get_mapped_ptr(gHost, 0)).isEqualTo(gDev);
            assertThat(Mem.getLong(gDev))
                    .as("the device copy starts from the image, not the host")
                    .isEqualTo(5);
            assertThat(DeviceApi.omp_target_is_present(lHost, 0)).isZero();

            long[] map = arrays(new long[] {lHost, lHost, 16, MapType.TO | MapType.FROM});
            begin(map);
            assertThat(DeviceApi.omp_get_mapped_ptr(lHost, 0))
                    .as("a mapped link global uses the image's storage")
                    .isEqualTo(lDev);
            assertThat(Mem.getLong(lDev)).isEqualTo(11);
            Mem.putLong(lDev, 12);
            end(map);
            assertThat(Mem.getLong(lHost)).isEqualTo(12);
            assertThat(DeviceApi.omp_target_is_present(lHost, 0)).isZero();
            assertThat(plugin.log)
                    .as("nothing allocated or freed for globals")
                    .containsExactly("submit 16", "retrieve 16");

            end(arrays(new long[] {gHost, gHost, 8, MapType.FROM | MapType.DELETE}));
            assertThat(DeviceApi.omp_target_is_present(gHost, 0))
                    .as("declare target to: never unmapped")
                    .isOne();
        } finally {
            Registry.unregisterLib(globals);
        }
    }

    @Test
    void updateCopiesPresentDataAndSkipsOrRefusesAbsentData() {
        long x = alloc(8), y = alloc(8);
        begin(arrays(new long[] {x, x, 8, 0})); // alloc: no copy
        Mem.putLong(x, 4);
        Tgt.__tgt_target_data_update_mapper(
                0,
                0,
                1,
                arrays(new long[] {x, x, 8, MapType.TO})[1],
                arrays(new long[] {x, x, 8, MapType.TO})[2],
                arrays(new long[] {x, x, 8, MapType.TO})[3],
                arrays(new long[] {x, x, 8, MapType.TO})[4],
                0,
                0);
        assertThat(Mem.getLong(DeviceApi.omp_get_mapped_ptr(x, 0))).isEqualTo(4);
        long[] absent = arrays(new long[] {y, y, 8, MapType.FROM});
        Tgt.__tgt_target_data_update_mapper(0, 0, 1, absent[1], absent[2], absent[3], absent[4], 0, 0);
        long[] present = arrays(new long[] {y, y, 8, MapType.FROM | MapType.PRESENT});
        assertThatThrownBy(() -> Tgt.__tgt_target_data_update_mapper(
                        0, 0, 1, present[1], present[2], present[3], present[4], 0, 0))
                .hasMessageContaining("'present'")
                .hasMessageContaining("(8 bytes)");
        assertThat(plugin.log).containsExactly("alloc 8", "submit 8");
    }

    @Test
    void launchAndTransferReportsHaveLibomptargetsFormat() {
        long x = alloc(8);
        Info.MASK = Info.KERNEL | Info.DATA_TRANSFER;
        String err = captureStderr(() ->
                kernel(arrays(new long[] {x, x, 8, MapType.TO | MapType.FROM | MapType.TARGET_PARAM}), 4, 8));
        // the device describes itself when it is initialised (here, maybe before this launch)
        List<String> lines =
                err.lines().filter(l -> !l.endsWith("info: test device 0")).toList();
        assertThat(lines)
                .contains(
                        "\"PluginInterface\" device 0 info: Launching kernel k with 4 blocks and 8 threads in Generic mode");
        assertThat(lines)
                .anyMatch(
                        l -> l.matches(
                                "omptarget device 0 info: Copying data from host to device, HstPtr=0x[0-9a-f]{16}, TgtPtr=0x[0-9a-f]{16}, Size=8, Name=unknown"));
        assertThat(lines)
                .anyMatch(
                        l -> l.matches(
                                "omptarget device 0 info: Copying data from device to host, TgtPtr=0x[0-9a-f]{16}, HstPtr=0x[0-9a-f]{16}, Size=8, Name=unknown"));
        assertThat(lines).hasSize(3);
        int cores = Runtime.getRuntime().availableProcessors();
        Info.MASK = Info.KERNEL;
        String defaults = captureStderr(() -> kernel(arrays(new long[] {x, x, 8, MapType.TO | MapType.TARGET_PARAM})));
        assertThat(defaults.lines())
                .containsExactly("\"PluginInterface\" device 0 info: Launching kernel k with " + cores
                        + " blocks and 1 threads in Generic mode");
        Info.MASK = 0;
        assertThat(captureStderr(() -> kernel(arrays(new long[] {x, x, 8, MapType.TO | MapType.TARGET_PARAM}))))
                .isEmpty();
    }

    private static String captureStderr(Runnable r) {
        java.io.PrintStream old = System.err;
        java.io.ByteArrayOutputStream buf = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(buf, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            r.run();
        } finally {
            System.setErr(old);
        }
        return buf.toString(java.nio.charset.StandardCharsets.UTF_8);
    }

    @Test
    @SuppressWarnings("unchecked")
    void theProfileIsAChromeTraceThatParsesAsJson(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path file = dir.resolve("prof \"quoted\".json");
        Profile.FILE = file.toString();
        Profile.clear();
        long x = alloc(8);
        kernel(arrays(new long[] {x, x, 8, MapType.TO | MapType.FROM | MapType.TARGET_PARAM}));
        Profile.write();
        Object doc = Json.parse(java.nio.file.Files.readString(file));
        List<Object> events = (List<Object>) ((java.util.Map<String, Object>) doc).get("traceEvents");
        List<String> names = new ArrayList<>();
        for (Object o : events) {
            java.util.Map<String, Object> e = (java.util.Map<String, Object>) o;
            assertThat(e.get("ph")).isEqualTo("X");
            assertThat((Double) e.get("ts")).isGreaterThanOrEqualTo(0.0);
            assertThat((Double) e.get("dur")).isGreaterThanOrEqualTo(0.0);
            assertThat(e).containsKeys("pid", "tid", "args");
            names.add((String) e.get("name"));
        }
        assertThat(names).containsSubsequence("alloc", "submit", "kernel k", "retrieve", "delete");
    }

    @Test
    void mandatoryOffloadWithoutADeviceStopsWithAMessage() {
        Devices.POLICY = Devices.Policy.MANDATORY;
        Devices.install(List.of());
        // libomptarget's handleTargetOutcome: its lines, then abort (here: the test's exception)
        String err = captureStderr(() -> assertThatThrownBy(() ->
                        kernel(arrays(new long[] {0, 0, 0, MapType.LITERAL | MapType.TARGET_PARAM})))
                .hasMessageContaining("failure of target construct"));
        assertThat(err.lines())
                .containsExactly(
                        "omptarget error: Consult https://openmp.llvm.org/design/Runtimes.html for debugging options.",
                        "omptarget error: No images found compatible with the installed hardware. Found 0 image(s): ()",
                        "omptarget error: Source location information not present. Compile with -g or -gline-tables-only.",
                        "omptarget fatal error 1: failure of target construct while offloading is mandatory");
        long x = alloc(8);
        assertThat(captureStderr(() -> assertThatThrownBy(() -> begin(arrays(new long[] {x, x, 8, MapType.TO})))
                        .isInstanceOf(IllegalStateException.class)))
                .contains("omptarget fatal error 1: failure of target construct while offloading is mandatory");
    }

    @Test
    void aDeviceNumberThatNamesNoDeviceEndsTheProgramAsLibomptarget() {
        long x = alloc(8);
        String out = "Device number '7' out of range, only 1 devices available";
        assertThat(captureStderr(() -> assertThatThrownBy(() -> Tgt.__tgt_target_kernel(0, 7, 0, 0, region, alloc(104)))
                        .hasMessageContaining(out)))
                .isEqualTo("omptarget fatal error 7: " + out + "\n");
        long[] a = arrays(new long[] {x, x, 8, MapType.TO});
        assertThatThrownBy(() -> Tgt.__tgt_target_data_begin_mapper(0, 7, 1, a[1], a[2], a[3], a[4], 0, 0))
                .hasMessageContaining(out);
        assertThatThrownBy(() -> DeviceApi.omp_target_alloc(8, 7)).hasMessageContaining(out);
        assertThatThrownBy(() -> DeviceApi.omp_target_is_present(x, 7)).hasMessageContaining(out);
        assertThatThrownBy(() -> DeviceApi.omp_target_alloc(8, -2))
                .as("omp_invalid_device")
                .hasMessageContaining("Device number '-2' out of range");
        // the host's numbers: omp_get_initial_device() and (OpenMP 5.2, where libomptarget aborts) omp_initial_device
        assertThat(DeviceApi.omp_target_is_present(x, 1)).isOne();
        assertThat(DeviceApi.omp_target_is_present(x, -1)).isOne();
        // as libomptarget: omp_get_mapped_ptr answers NULL for numbers past the devices
        assertThat(DeviceApi.omp_get_mapped_ptr(x, 7)).isZero();
        int saved = jomp.runtime.omp.DeviceIcvs.defaultDevice;
        jomp.runtime.omp.DeviceIcvs.defaultDevice = -2;
        try {
            assertThatThrownBy(() -> kernel(arrays(new long[] {5, 5, 0, MapType.LITERAL | MapType.TARGET_PARAM})))
                    .hasMessageContaining("'-2' out of range");
        } finally {
            jomp.runtime.omp.DeviceIcvs.defaultDevice = saved;
        }
    }

    /** Another kind of device, whose images the program may or may not carry. */
    static final class OtherPlugin implements DevicePlugin {
        @Override
        public String name() {
            return "other";
        }

        @Override
        public String triple() {
            return "other-device";
        }

        @Override
        public jomp.offload.abi.ContextTraits contextTraits() {
            return new jomp.offload.abi.ContextTraits(
                    java.util.List.of("nohost", "any"), java.util.List.of("other"), java.util.List.of());
        }

        @Override
        public int numberOfDevices() {
            return 2;
        }

        @Override
        public void initDevice(int device) {}

        @Override
        public boolean isCompatible(int device, DeviceImage image) {
            return image.triple().equals("other-device");
        }

        @Override
        public LoadedImage loadImage(int device, DeviceImage image) {
            return null;
        }

        @Override
        public long dataAlloc(int device, long size) {
            return 0;
        }

        @Override
        public void dataDelete(int device, long a) {}

        @Override
        public void dataSubmit(int device, long d, long h, long size) {}

        @Override
        public void dataRetrieve(int device, long h, long d, long size) {}

        @Override
        public void dataExchange(int device, long d, long s, long size) {}

        @Override
        public void launch(int device, jomp.runtime.plugin.LaunchRequest r) {}

        @Override
        public void synchronize(int device) {}
    }

    @Test
    void devicesExistForThePluginsWhoseImagesTheProgramCarries() {
        OtherPlugin other = new OtherPlugin();
        List<Device> table = Devices.extend(List.of(), List.of(other, plugin), List.of(lib));
        assertThat(table)
                .as("the test image only: no device of the other plugin")
                .hasSize(1);
        assertThat(table.get(0).plugin).isSameAs(plugin);
        assertThat(table.get(0).id).isZero();
        BinaryDescriptor more = new BinaryDescriptor(
                List.of(new DeviceImage("other-device", "", ImageKind.OBJECT, new byte[0], List.of())), List.of());
        List<Device> later = Devices.extend(table, List.of(other, plugin), List.of(lib, more));
        assertThat(later).as("a later image's devices come after, numbers kept").hasSize(3);
        assertThat(later.get(0)).isSameAs(table.get(0));
        assertThat(later.subList(1, 3))
                .allMatch(d -> d.plugin == other)
                .extracting(d -> d.id)
                .containsExactly(1, 2);
        assertThat(Devices.extend(List.of(), List.of(other, plugin), List.of()))
                .as("no image, no device")
                .isEmpty();
    }

    @Test
    void mandatoryOffloadWithADeviceRuns() {
        Devices.POLICY = Devices.Policy.MANDATORY;
        Devices.install(List.of(plugin));
        assertThat(kernel(arrays(new long[] {5, 5, 0, MapType.LITERAL | MapType.TARGET_PARAM})))
                .isZero();
        assertThat(plugin.log).containsExactly("launch");
    }

    @Test
    void disabledOffloadHidesEveryDevice() {
        Devices.POLICY = Devices.Policy.DISABLED;
        Devices.install(List.of(plugin));
        assertThat(DeviceApi.omp_get_num_devices()).isZero();
        assertThat(kernel(arrays(new long[] {5, 5, 0, MapType.LITERAL | MapType.TARGET_PARAM})))
                .as("the host runs it")
                .isNotZero();
        long x = alloc(8);
        begin(arrays(new long[] {x, x, 8, MapType.TO}));
        assertThat(plugin.log).isEmpty();
    }

    @Test
    void offloadPolicyIsReadLikeLibomptarget() {
        assertThat(Devices.policy("mandatory")).isEqualTo(Devices.Policy.MANDATORY);
        assertThat(Devices.policy(" Disabled ")).isEqualTo(Devices.Policy.DISABLED);
        assertThat(Devices.policy("DEFAULT")).isEqualTo(Devices.Policy.DEFAULT);
        assertThat(Devices.policy(null)).isEqualTo(Devices.Policy.DEFAULT);
        assertThat(captureStderr(() -> assertThat(Devices.policy("sometimes")).isEqualTo(Devices.Policy.DEFAULT)))
                .contains("OMP_TARGET_OFFLOAD=sometimes");
    }

    @Test
    void aFailingKernelIsAClearError() {
        plugin.kernel = args -> {
            throw new IllegalStateException("boom");
        };
        assertThatThrownBy(() -> kernel(arrays(new long[] {5, 5, 0, MapType.LITERAL | MapType.TARGET_PARAM})))
                .hasMessageContaining("kernel k failed on device 0 (test)")
                .hasMessageContaining("boom");
        plugin.kernel = args -> {
            throw new IllegalStateException("boom");
        };
        assertThat(captureStderr(() -> assertThatThrownBy(() ->
                                kernel(arrays(new long[] {5, 5, 0, MapType.LITERAL | MapType.TARGET_PARAM}))))
                        .lines())
                .containsSubsequence(
                        "omptarget error: kernel k failed on device 0 (test): IllegalStateException: boom",
                        "omptarget error: Executing target region abort target.",
                        "omptarget fatal error 1: failure of target construct while offloading is mandatory");
    }

    @Test
    void deviceNumbersPutTheHostAfterTheDevices() {
        assertThat(DeviceApi.omp_get_num_devices()).isOne();
        assertThat(DeviceApi.omp_get_initial_device()).isOne();
        assertThat(DeviceApi.omp_get_device_num()).isOne(); // on the host
        assertThat(DeviceApi.omp_is_initial_device()).isOne();
        long p = DeviceApi.omp_target_alloc(64, 0);
        assertThat(p).isNotZero();
        long h = alloc(64);
        Mem.putLong(h, 77);
        assertThat(DeviceApi.omp_target_memcpy(p, h, 8, 0, 0, 0, 1)).isZero();
        Mem.putLong(h, 0);
        assertThat(DeviceApi.omp_target_memcpy(h, p, 8, 0, 0, 1, 0)).isZero();
        assertThat(Mem.getLong(h)).isEqualTo(77);
        assertThatThrownBy(() -> DeviceApi.omp_target_memcpy(h, p, 8, 0, 0, 1, 5))
                .as("no device 5")
                .hasMessageContaining("Device number '5' out of range, only 1 devices available");
        DeviceApi.omp_target_free(p, 0);
        assertThat(plugin.log).containsExactly("alloc 64", "submit 8", "retrieve 8", "delete");
    }

    @Test
    void mappingReportsAndTheTableDumpAndTheDebugTrace() {
        long x = alloc(8);
        long[] to = arrays(new long[] {x, x, 8, MapType.TO});
        Info.MASK = Info.MAPPING_CHANGED | Info.MAPPING_EXISTS;
        String err = captureStderr(() -> {
            begin(to);
            begin(to);
            end(to);
            end(to);
        });
        List<String> lines = err.lines().toList();
        assertThat(lines).hasSize(5);
        assertThat(lines.get(0))
                .matches(
                        "omptarget device 0 info: Creating new map entry with HstPtrBase=0x[0-9a-f]{16}, HstPtrBegin=0x[0-9a-f]{16}, "
                                + "TgtAllocBegin=0x[0-9a-f]{16}, TgtPtrBegin=0x[0-9a-f]{16}, Size=8, DynRefCount=1, HoldRefCount=0, Name=unknown");
        assertThat(lines.get(1))
                .startsWith("omptarget device 0 info: Mapping exists with HstPtrBegin=")
                .endsWith("Size=8, DynRefCount=2 (incremented), HoldRefCount=0, Name=unknown");
        assertThat(lines.get(2)).endsWith("Size=8, DynRefCount=1 (decremented), HoldRefCount=0");
        assertThat(lines.get(3)).endsWith("Size=8, DynRefCount=0 (decremented, delayed deletion), HoldRefCount=0");
        assertThat(lines.get(4))
                .startsWith("omptarget device 0 info: Removing map entry with HstPtrBegin=")
                .endsWith("Size=8, Name=unknown");

        begin(to);
        String dump = captureStderr(Tgt::dumpTables);
        assertThat(dump.lines().toList()).hasSize(3);
        assertThat(dump.lines().toList().get(2))
                .startsWith("omptarget device 0 info: " + Info.hex(x))
                .contains(" 8 ")
                .contains(" 1 ");
        end(to);

        Info.MASK = 0;
        Info.DEBUG = true;
        try {
            assertThat(captureStderr(() -> kernel(arrays(new long[] {5, 5, 0, MapType.LITERAL | MapType.TARGET_PARAM})))
                            .lines())
                    .allMatch(l -> l.startsWith("omptarget --> "))
                    .contains(
                            "omptarget --> Forwarding first-private value 0x0000000000000005 to the target construct");
            Devices.install(List.of());
            assertThat(captureStderr(() ->
                            kernel(arrays(new long[] {5, 5, 0, MapType.LITERAL | MapType.TARGET_PARAM}))))
                    .startsWith("omptarget --> ")
                    .contains("omptarget --> Not offloading to device -1");
        } finally {
            Info.DEBUG = false;
        }
    }

    @Test
    void loadingAnImageWritesTheDeviceNumberGlobalsItHas() {
        long num = alloc(4), count = alloc(4);
        Mem.putInt(num, -1);
        Mem.putInt(count, -1);
        plugin.globals.put("__jomp_device_num", new DevicePlugin.GlobalSymbol("__jomp_device_num", num, 4));
        plugin.globals.put("__jomp_num_devices", new DevicePlugin.GlobalSymbol("__jomp_num_devices", count, 4));
        Devices.get(0).ready();
        assertThat(Mem.getInt(num)).isEqualTo(0);
        assertThat(Mem.getInt(count)).isEqualTo(Devices.count());
    }
}
