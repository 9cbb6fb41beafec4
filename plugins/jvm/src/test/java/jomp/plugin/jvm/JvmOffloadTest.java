package jomp.plugin.jvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.objectweb.asm.Opcodes.*;

import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import jomp.offload.abi.BinaryDescriptor;
import jomp.offload.abi.DeviceImage;
import jomp.offload.abi.HostEntry;
import jomp.offload.abi.ImageKind;
import jomp.runtime.libc.Stdlib;
import jomp.runtime.mem.Mem;
import jomp.runtime.offload.DeviceApi;
import jomp.runtime.offload.Registry;
import jomp.runtime.offload.Tgt;
import jomp.runtime.plugin.DevicePlugin;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;

/**
 * The whole runtime path with the jvm device found by ServiceLoader: a registered descriptor with
 * a hand-made device jar (offload-abi.md §6), a launch through __tgt_target_kernel that maps an
 * array, passes a literal and runs a kernel of the jar which writes device memory and a
 * declare-target global of the device's data image, then target update brings the global back.
 */
class JvmOffloadTest {
    static final String KERNEL = "__omp_offloading_fd00_1234_main_l7";
    static final String FAILING = "__omp_offloading_fd00_1234_main_l9";

    /**
     * jomp/link/Program: base = a fresh 64-byte block with 5 at offset 16 (global g). Kernel
     * k/K.kern(slots): x = slot0, x[0] = slot1 + omp_is_initial_device(), x[1] = omp_get_device_num(),
     * x[2] = omp_get_num_teams() inside no teams (1), g += 1. k/K.fail: calls a NULL function pointer.
     */
    static byte[] jar() throws Exception {
        ClassWriter p = new ClassWriter(ClassWriter.COMPUTE_MAXS | ClassWriter.COMPUTE_FRAMES);
        p.visit(V21, ACC_PUBLIC | ACC_FINAL, "jomp/link/Program", null, "java/lang/Object", null);
        p.visitField(ACC_PUBLIC | ACC_STATIC | ACC_FINAL, "base", "J", null, null)
                .visitEnd();
        MethodVisitor c = p.visitMethod(ACC_STATIC, "<clinit>", "()V", null, null);
        c.visitCode();
        c.visitLdcInsn(64L);
        c.visitMethodInsn(INVOKESTATIC, "jomp/runtime/libc/Stdlib", "malloc", "(J)J", false);
        c.visitInsn(DUP2);
        c.visitFieldInsn(PUTSTATIC, "jomp/link/Program", "base", "J");
        c.visitLdcInsn(16L);
        c.visitInsn(LADD);
        c.visitLdcInsn(5L);
        c.visitMethodInsn(INVOKESTATIC, "jomp/runtime/mem/Mem", "putLong", "(JJ)V", false);
        c.visitInsn(RETURN);
        c.visitMaxs(0, 0);
        c.visitEnd();
        p.visitEnd();

        ClassWriter k = new ClassWriter(ClassWriter.COMPUTE_MAXS | ClassWriter.COMPUTE_FRAMES);
        k.visit(V21, ACC_FINAL, "k/K", null, "java/lang/Object", null); // not public: the plugin finds it anyway
        MethodVisitor m = k.visitMethod(
                ACC_STATIC,
                "kern",
                "(JLjomp/runtime/mem/Stack;)V",
                null,
                null); // a kernel: the argument slots, then the Stack
        m.visitCode();
        m.visitVarInsn(LLOAD, 0);
        m.visitMethodInsn(INVOKESTATIC, "jomp/runtime/mem/Mem", "getLong", "(J)J", false);
        m.visitVarInsn(LSTORE, 2); // x
        m.visitVarInsn(LLOAD, 2);
        m.visitVarInsn(LLOAD, 0);
        m.visitLdcInsn(8L);
        m.visitInsn(LADD);
        m.visitMethodInsn(INVOKESTATIC, "jomp/runtime/mem/Mem", "getLong", "(J)J", false);
        m.visitMethodInsn(INVOKESTATIC, "jomp/runtime/offload/DeviceApi", "omp_is_initial_device", "()I", false);
        m.visitInsn(I2L);
        m.visitInsn(LADD);
        m.visitMethodInsn(INVOKESTATIC, "jomp/runtime/mem/Mem", "putLong", "(JJ)V", false); // x[0]
        m.visitVarInsn(LLOAD, 2);
        m.visitLdcInsn(8L);
        m.visitInsn(LADD);
        m.visitMethodInsn(INVOKESTATIC, "jomp/runtime/offload/DeviceApi", "omp_get_device_num", "()I", false);
        m.visitInsn(I2L);
        m.visitMethodInsn(INVOKESTATIC, "jomp/runtime/mem/Mem", "putLong", "(JJ)V", false); // x[1]
        m.visitVarInsn(LLOAD, 2);
        m.visitLdcInsn(16L);
        m.visitInsn(LADD);
        m.visitMethodInsn(INVOKESTATIC, "jomp/runtime/omp/OmpApi", "omp_get_num_teams", "()I", false);
        m.visitInsn(I2L);
        m.visitMethodInsn(INVOKESTATIC, "jomp/runtime/mem/Mem", "putLong", "(JJ)V", false); // x[2]
        m.visitFieldInsn(GETSTATIC, "jomp/link/Program", "base", "J");
        m.visitLdcInsn(16L);
        m.visitInsn(LADD);
        m.visitInsn(DUP2);
        m.visitMethodInsn(INVOKESTATIC, "jomp/runtime/mem/Mem", "getLong", "(J)J", false);
        m.visitInsn(LCONST_1);
        m.visitInsn(LADD);
        m.visitMethodInsn(INVOKESTATIC, "jomp/runtime/mem/Mem", "putLong", "(JJ)V", false); // g += 1
        m.visitInsn(RETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
        MethodVisitor f = k.visitMethod(ACC_STATIC, "fail", "(JLjomp/runtime/mem/Stack;)V", null, null);
        f.visitCode();
        f.visitInsn(LCONST_0);
        f.visitMethodInsn(
                INVOKESTATIC, "jomp/runtime/mem/Functions", "handle", "(J)Ljava/lang/invoke/MethodHandle;", false);
        f.visitInsn(POP);
        f.visitInsn(RETURN);
        f.visitMaxs(0, 0);
        f.visitEnd();
        k.visitEnd();

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ZipOutputStream z = new ZipOutputStream(out)) {
            put(z, "jomp/link/Program.class", p.toByteArray());
            put(z, "k/K.class", k.toByteArray());
            put(
                    z,
                    "jomp/device-entries.txt",
                    ("kernel " + KERNEL + " k/K kern\nkernel " + FAILING + " k/K fail\nglobal g 16 8\n").getBytes());
        }
        return out.toByteArray();
    }

    private static void put(ZipOutputStream z, String name, byte[] b) throws Exception {
        z.putNextEntry(new ZipEntry(name));
        z.write(b);
        z.closeEntry();
    }

    private static long longs(long... v) {
        long p = Stdlib.malloc(8L * Math.max(v.length, 1));
        for (int i = 0; i < v.length; i++) Mem.putLong(p + 8L * i, v[i]);
        return p;
    }

    @Test
    void aTargetRegionRunsOnTheJvmDeviceWithItsOwnMemoryAndGlobals() throws Exception {
        long region = Stdlib.malloc(1), failing = Stdlib.malloc(1), gHost = longs(100);
        BinaryDescriptor lib = new BinaryDescriptor(
                List.of(new DeviceImage(
                        JvmPlugin.TRIPLE, "", ImageKind.JVM_CLASSES, jar(), List.of(KERNEL, FAILING, "g"))),
                List.of(
                        new HostEntry(region, KERNEL, 0, 0),
                        new HostEntry(failing, FAILING, 0, 0),
                        new HostEntry(gHost, "g", 8, 0)));
        Registry.registerLib(lib);
        try {
            assertThat(DeviceApi.omp_get_num_devices()).isEqualTo(1);
            long x = longs(-1, -1, -1, -1);
            // map(tofrom: x[0:4]) firstprivate(40)
            long bases = longs(x, 40),
                    ptrs = longs(x, 40),
                    sizes = longs(32, 0),
                    types = longs(Tgt_TOFROM_PARAM, LITERAL_PARAM);
            long kargs = Stdlib.calloc(1, 104);
            Mem.putInt(kargs, 3);
            Mem.putInt(kargs + 4, 2);
            Mem.putLong(kargs + 8, bases);
            Mem.putLong(kargs + 16, ptrs);
            Mem.putLong(kargs + 24, sizes);
            Mem.putLong(kargs + 32, types);
            assertThat(Tgt.__tgt_target_kernel(0, -1, 0, 0, region, kargs))
                    .as("ran on the device")
                    .isZero();
            assertThat(Mem.getLong(x))
                    .as("40 + omp_is_initial_device() (0 on the device)")
                    .isEqualTo(40);
            assertThat(Mem.getLong(x + 8)).as("omp_get_device_num()").isZero();
            assertThat(Mem.getLong(x + 16))
                    .as("omp_get_num_teams() outside teams")
                    .isEqualTo(1);
            assertThat(Mem.getLong(x + 24))
                    .as("untouched, copied back unchanged")
                    .isEqualTo(-1);
            assertThat(DeviceApi.omp_target_is_present(x, 0)).isZero();

            // declare target g: the device's copy started at the image's 5, the kernel made it 6; the host's is still
            // 100
            assertThat(Mem.getLong(gHost)).isEqualTo(100);
            long gDev = DeviceApi.omp_get_mapped_ptr(gHost, 0);
            assertThat(gDev).isNotZero().isNotEqualTo(gHost);
            long ub = longs(gHost), us = longs(8), ut = longs(0x2);
            Tgt.__tgt_target_data_update_mapper(0, -1, 1, ub, ub, us, ut, 0, 0); // target update from(g)
            assertThat(Mem.getLong(gHost)).isEqualTo(6);
            assertThat(DeviceApi.omp_is_initial_device()).isOne();
        } finally {
            Registry.unregisterLib(lib);
        }
    }

    static final long Tgt_TOFROM_PARAM = 0x1 | 0x2 | 0x20, LITERAL_PARAM = 0x100 | 0x20;

    @Test
    void aKernelThatFailsIsReportedWithItsNameAndCause() throws Exception {
        JvmPlugin plugin = new JvmPlugin();
        DevicePlugin.LoadedImage li =
                plugin.loadImage(0, new DeviceImage(JvmPlugin.TRIPLE, "", ImageKind.JVM_CLASSES, jar(), List.of()));
        assertThatThrownBy(() -> plugin.launch(0, li.kernel(FAILING), new long[0], 0, 0))
                .isInstanceOf(JvmPlugin.KernelFailure.class)
                .hasMessageContaining("kernel " + FAILING + " failed on jvm device 0")
                .hasMessageContaining("invalid function pointer");
        assertThat(DeviceApi.omp_is_initial_device())
                .as("the device state is cleared")
                .isOne();
    }

    @Test
    void aBadImageIsAClearError() {
        JvmPlugin plugin = new JvmPlugin();
        assertThatThrownBy(() -> plugin.loadImage(
                        0,
                        new DeviceImage(
                                JvmPlugin.TRIPLE, "", ImageKind.JVM_CLASSES, "not a jar".getBytes(), List.of())))
                .hasMessageContaining("jvm device image");
    }

    @Test
    void severalDevicesHaveTheirOwnMemoryAndNumbers() throws Exception {
        assertThat(JvmPlugin.count(null)).isEqualTo(1);
        assertThat(JvmPlugin.count("3")).isEqualTo(3);
        assertThat(JvmPlugin.count("0")).isZero();
        JvmPlugin plugin = new JvmPlugin(2);
        assertThat(plugin.numberOfDevices()).isEqualTo(2);
        DevicePlugin.LoadedImage li =
                plugin.loadImage(1, new DeviceImage(JvmPlugin.TRIPLE, "", ImageKind.JVM_CLASSES, jar(), List.of()));
        long x = plugin.dataAlloc(1, 32);
        plugin.launch(1, li.kernel(KERNEL), new long[] {x, 7}, 0, 0);
        assertThat(Mem.getLong(x)).isEqualTo(7);
        assertThat(Mem.getLong(x + 8))
                .as("omp_get_device_num() on the plugin's device 1 (outside the device table)")
                .isEqualTo(1);
        assertThatThrownBy(() -> plugin.dataDelete(0, x))
                .as("device 0 did not allocate it")
                .hasMessageContaining("did not allocate");
        plugin.dataDelete(1, x);
    }
}
