package jomp.plugin.jvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.objectweb.asm.Opcodes.*;

import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.ServiceLoader;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import jomp.offload.abi.DeviceImage;
import jomp.offload.abi.ImageKind;
import jomp.runtime.libc.Stdlib;
import jomp.runtime.mem.Mem;
import jomp.runtime.offload.DeviceApi;
import jomp.runtime.plugin.DevicePlugin;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;

/**
 * The jvm device with a device image made by hand (offload-abi.md §6): a program class whose
 * name is also the host's (loaded child-first), a kernel that reads its argument slot, writes
 * device memory and asks omp_is_initial_device(), and a global of the image.
 */
class JvmPluginTest {
    /** jomp/link/Program with base = 4096, and unit class k.K with kernel(long slots): *slot0 = 41 + 1 + is_initial_device. */
    private static byte[] image() throws Exception {
        ClassWriter p = new ClassWriter(ClassWriter.COMPUTE_MAXS | ClassWriter.COMPUTE_FRAMES);
        p.visit(V21, ACC_PUBLIC | ACC_FINAL, "jomp/link/Program", null, "java/lang/Object", null);
        p.visitField(ACC_PUBLIC | ACC_STATIC | ACC_FINAL, "base", "J", null, null)
                .visitEnd();
        MethodVisitor clinit = p.visitMethod(ACC_STATIC, "<clinit>", "()V", null, null);
        clinit.visitCode();
        clinit.visitLdcInsn(4096L);
        clinit.visitFieldInsn(PUTSTATIC, "jomp/link/Program", "base", "J");
        clinit.visitInsn(RETURN);
        clinit.visitMaxs(0, 0);
        clinit.visitEnd();
        p.visitEnd();

        ClassWriter k = new ClassWriter(ClassWriter.COMPUTE_MAXS | ClassWriter.COMPUTE_FRAMES);
        k.visit(V21, ACC_PUBLIC | ACC_FINAL, "k/K", null, "java/lang/Object", null);
        MethodVisitor m = k.visitMethod(
                ACC_PUBLIC | ACC_STATIC,
                "kern",
                "(JLjomp/runtime/mem/Stack;)V",
                null,
                null); // a kernel: the argument slots, then the Stack
        m.visitCode();
        m.visitVarInsn(LLOAD, 0);
        m.visitMethodInsn(
                INVOKESTATIC, "jomp/runtime/mem/Mem", "getLong", "(J)J", false); // the device pointer in slot 0
        m.visitLdcInsn(42L);
        m.visitMethodInsn(INVOKESTATIC, "jomp/runtime/offload/DeviceApi", "omp_is_initial_device", "()I", false);
        m.visitInsn(I2L);
        m.visitInsn(LADD);
        m.visitMethodInsn(INVOKESTATIC, "jomp/runtime/mem/Mem", "putLong", "(JJ)V", false);
        m.visitInsn(RETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
        k.visitEnd();

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ZipOutputStream z = new ZipOutputStream(out)) {
            put(z, "jomp/link/Program.class", p.toByteArray());
            put(z, "k/K.class", k.toByteArray());
            put(z, "jomp/device-entries.txt", "kernel __omp_offloading_1_2_f_l3 k/K kern\nglobal g 16 8\n".getBytes());
        }
        return out.toByteArray();
    }

    private static void put(ZipOutputStream z, String name, byte[] b) throws Exception {
        z.putNextEntry(new ZipEntry(name));
        z.write(b);
        z.closeEntry();
    }

    @Test
    void isFoundAsAServiceWithOneDevice() {
        List<String> names = ServiceLoader.load(DevicePlugin.class).stream()
                .map(pr -> pr.type().getName())
                .toList();
        assertThat(names).contains(JvmPlugin.class.getName());
        assertThat(new JvmPlugin().numberOfDevices()).isEqualTo(1);
    }

    @Test
    void runsAKernelOnItsOwnMemoryAndKnowsItIsADevice() throws Exception {
        JvmPlugin plugin = new JvmPlugin();
        DeviceImage img = new DeviceImage(JvmPlugin.TRIPLE, "", ImageKind.JVM_CLASSES, image(), List.of());
        assertThat(plugin.isCompatible(0, img)).isTrue();
        assertThat(plugin.isCompatible(
                        0, new DeviceImage("nvptx64-nvidia-cuda", "sm_90", ImageKind.PTX, new byte[0], List.of())))
                .isFalse();
        DevicePlugin.LoadedImage li = plugin.loadImage(0, img);
        assertThat(li.global("g")).isEqualTo(new DevicePlugin.GlobalSymbol("g", 4096 + 16, 8));
        assertThat(li.kernel("nope")).isNull();

        long dev = plugin.dataAlloc(0, 8), host = Stdlib.malloc(8);
        Mem.putLong(host, -1);
        plugin.dataSubmit(0, dev, host, 8);
        plugin.launch(0, li.kernel("__omp_offloading_1_2_f_l3"), new long[] {dev}, 0, 0);
        assertThat(Mem.getLong(host))
                .as("device memory is separate: nothing came back yet")
                .isEqualTo(-1);
        plugin.dataRetrieve(0, host, dev, 8);
        assertThat(Mem.getLong(host))
                .as("42 + omp_is_initial_device() on the device (0)")
                .isEqualTo(42);
        assertThat(DeviceApi.omp_is_initial_device())
                .as("back on the host after the launch")
                .isOne();
        plugin.dataDelete(0, dev);
        Stdlib.free(host);
    }

    @Test
    void freeingWhatItDidNotAllocateIsCaught() {
        JvmPlugin plugin = new JvmPlugin();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> plugin.dataDelete(0, 12345))
                .hasMessageContaining("did not allocate");
    }
}
