package jomp.offload.abi;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The ABI's encodings: what each side writes, the other reads back. */
class OffloadAbiTest {
    @Test
    void imageKindsKeepLlvmsNumbersAndExtensions() {
        // LLVM's object::ImageKind: IMG_None, IMG_Object, IMG_Bitcode, IMG_Cubin, IMG_Fatbinary, IMG_PTX, then SPIR-V
        assertThat(ImageKind.values()).extracting(ImageKind::value).containsExactly(0, 1, 2, 3, 4, 5, 6, -1);
        for (ImageKind k : ImageKind.values()) {
            if (k.value() >= 0) assertThat(ImageKind.ofValue(k.value())).isEqualTo(k);
            if (!k.extension().isEmpty() && k != ImageKind.JVM_CLASSES)
                assertThat(ImageKind.ofExtension(k.extension())).isEqualTo(k);
        }
        assertThat(ImageKind.ofValue(-1))
                .as("jomp's own kind is never read from a container")
                .isEqualTo(ImageKind.NONE);
        assertThat(ImageKind.ofValue(77)).isEqualTo(ImageKind.NONE);
        assertThat(ImageKind.ofExtension("jar")).isEqualTo(ImageKind.NONE);
    }

    @Test
    void memberOfNamesTheParentEntry() {
        long t = MapType.TO | MapType.memberOf(3);
        assertThat(t & MapType.MEMBER_OF).isEqualTo(4L << 48);
        assertThat(MapType.parentOf(t)).isEqualTo(3);
        assertThat(MapType.parentOf(MapType.TO | MapType.TARGET_PARAM)).isEqualTo(-1);
        assertThat(MapType.NON_CONTIG & MapType.MEMBER_OF).isZero();
    }

    @Test
    void kernelArgumentFieldsTileTheBlock() {
        // version, num args, six pointers, trip count, flags, 3 + 3 u32, dyn cgroup mem, padding to 8
        assertThat(KernelArgs.OFF_BASE_PTRS).isEqualTo(KernelArgs.OFF_NUM_ARGS + 4);
        int[] pointers = {
            KernelArgs.OFF_BASE_PTRS,
            KernelArgs.OFF_PTRS,
            KernelArgs.OFF_SIZES,
            KernelArgs.OFF_TYPES,
            KernelArgs.OFF_NAMES,
            KernelArgs.OFF_MAPPERS,
            KernelArgs.OFF_TRIPCOUNT,
            KernelArgs.OFF_FLAGS,
            KernelArgs.OFF_NUM_TEAMS
        };
        for (int i = 1; i < pointers.length; i++) assertThat(pointers[i]).isEqualTo(pointers[i - 1] + 8);
        assertThat(KernelArgs.OFF_THREAD_LIMIT).isEqualTo(KernelArgs.OFF_NUM_TEAMS + 12);
        assertThat(KernelArgs.OFF_DYN_CGROUP_MEM).isEqualTo(KernelArgs.OFF_THREAD_LIMIT + 12);
        assertThat(KernelArgs.SIZE)
                .isEqualTo((KernelArgs.OFF_DYN_CGROUP_MEM + 4 + 7) / 8 * 8)
                .isEqualTo(104);
    }

    @Test
    void deviceEntriesIndexRoundTrips() {
        DeviceEntries d = new DeviceEntries()
                .kernel("__omp_offloading_10_2b_main_l5", "jomp/link/Unit0", "k$1")
                .global("g", 4096, 8)
                .global(".str.1", 0, 3);
        DeviceEntries back = DeviceEntries.read(d.write());
        assertThat(back).isEqualTo(d);
        assertThat(new String(d.write(), StandardCharsets.UTF_8))
                .isEqualTo(
                        "kernel __omp_offloading_10_2b_main_l5 jomp/link/Unit0 k$1\nglobal g 4096 8\nglobal .str.1 0 3\n");
        assertThat(DeviceEntries.read("later 1 2\nkernel a b c\n".getBytes(StandardCharsets.UTF_8))
                        .kernels())
                .containsOnlyKeys("a");
    }

    @Test
    void hostEntriesTellKernelsGlobalsAndRequiresApart() {
        assertThat(new HostEntry(1, "k", 0, 0).isKernel()).isTrue();
        assertThat(new HostEntry(1, "g", 8, HostEntry.LINK).isKernel()).isFalse();
        HostEntry req = new HostEntry(
                0,
                OffloadEntries.REQUIRES_MARKER,
                OffloadEntries.REQ_UNIFIED_SHARED_MEMORY,
                OffloadEntries.FLAG_REQUIRES);
        assertThat(req.isKernel()).isFalse();
        assertThat(req.isRequires()).isTrue();
    }

    @Test
    void linkNamesAreUnique() {
        assertThat(EntryPoints.ALL)
                .doesNotHaveDuplicates()
                .allMatch(n -> n.startsWith("__tgt_") || n.startsWith("__jomp_"));
    }
}
