package jomp.linker.offload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.objectweb.asm.Opcodes.*;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jomp.linker.host.HostLinker;
import jomp.offload.abi.BinaryDescriptor;
import jomp.offload.abi.DeviceImage;
import jomp.offload.abi.HostEntry;
import jomp.offload.abi.ImageKind;
import jomp.runtime.offload.Registry;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;

/** The generated registration class alone: many entries split over methods, several images, the limits. */
class RegistrationTest {
    static final long BASE = 0x10000;

    /** A jomp/link/Program whose base is BASE (address(o) = BASE + o), so register() runs without a data image. */
    static byte[] program() {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(V25, ACC_PUBLIC | ACC_FINAL | ACC_SUPER, "jomp/link/Program", null, "java/lang/Object", null);
        cw.visitField(ACC_PUBLIC | ACC_STATIC | ACC_FINAL, "base", "J", null, null)
                .visitEnd();
        MethodVisitor am = cw.visitMethod(ACC_PUBLIC | ACC_STATIC, "address", "(J)J", null, null);
        am.visitCode();
        am.visitFieldInsn(GETSTATIC, "jomp/link/Program", "base", "J");
        am.visitVarInsn(LLOAD, 0);
        am.visitInsn(LADD);
        am.visitInsn(LRETURN);
        am.visitMaxs(0, 0);
        am.visitEnd();
        MethodVisitor mv = cw.visitMethod(ACC_STATIC, "<clinit>", "()V", null, null);
        mv.visitCode();
        mv.visitLdcInsn(BASE);
        mv.visitFieldInsn(PUTSTATIC, "jomp/link/Program", "base", "J");
        mv.visitInsn(RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        return cw.toByteArray();
    }

    /** Loads the link's classes and resources; everything else (the runtime's Registry, the ABI records) from the test's loader. */
    static final class LinkLoader extends ClassLoader {
        final HostLinker.Linked linked;

        LinkLoader(HostLinker.Linked linked) {
            super(RegistrationTest.class.getClassLoader());
            this.linked = linked;
        }

        @Override
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            byte[] b = linked.classes().get(name.replace('.', '/'));
            if (b == null) throw new ClassNotFoundException(name);
            return defineClass(name, b, 0, b.length);
        }

        @Override
        public InputStream getResourceAsStream(String name) {
            byte[] b = linked.resources().get(name);
            return b == null ? super.getResourceAsStream(name) : new ByteArrayInputStream(b);
        }
    }

    static HostLinker.Linked linked(int entries) {
        Map<String, byte[]> classes = new LinkedHashMap<>();
        classes.put("jomp/link/Program", program());
        List<HostLinker.Entry> list = new ArrayList<>();
        for (int i = 0; i < entries; i++)
            list.add(new HostLinker.Entry(8L * i, "__omp_offloading_entry_number_" + i, i % 3, i % 2, null, null));
        return new HostLinker.Linked(classes, new LinkedHashMap<>(), list);
    }

    @Test
    void manyEntriesAndSeveralImagesReachTheRuntimeInOrder() throws Exception {
        HostLinker.Linked l = linked(1000); // four generated methods of 256 entries
        List<DeviceLink.Linked> images = List.of(
                new DeviceLink.Linked("jvm64-jomp-linux", "", ImageKind.JVM_CLASSES, new byte[] {1, 2, 3}),
                new DeviceLink.Linked("nvptx64-nvidia-cuda", "sm_90", ImageKind.PTX, "ptx".getBytes()));
        Registration.wrap(l, images);
        assertThat(l.resources()).containsKeys("jomp/offload/image0.bin", "jomp/offload/image1.bin");
        for (BinaryDescriptor r : OffloadLinkTest.registered()) Registry.unregisterLib(r);
        Class<?> c = Class.forName("jomp.link.Registration", true, new LinkLoader(l));
        c.getMethod("register").invoke(null);
        BinaryDescriptor d = (BinaryDescriptor) c.getField("descriptor").get(null);
        assertThat(OffloadLinkTest.registered()).containsExactly(d);
        assertThat(d.hostEntries()).hasSize(1000);
        for (int i = 0; i < 1000; i++) {
            assertThat(d.hostEntries().get(i))
                    .isEqualTo(new HostEntry(BASE + 8L * i, "__omp_offloading_entry_number_" + i, i % 3, i % 2));
        }
        assertThat(d.images())
                .extracting(DeviceImage::triple)
                .containsExactly("jvm64-jomp-linux", "nvptx64-nvidia-cuda");
        assertThat(d.images()).extracting(DeviceImage::arch).containsExactly("", "sm_90");
        assertThat(d.images()).extracting(DeviceImage::kind).containsExactly(ImageKind.JVM_CLASSES, ImageKind.PTX);
        assertThat(d.images().get(1).bytes()).isEqualTo("ptx".getBytes());
        assertThat(d.images().get(0).entryNames()).hasSize(1000).startsWith("__omp_offloading_entry_number_0");
    }

    @Test
    void theGeneratedCallsNameTheRuntimesOwnMethods() throws Exception {
        assertThat(Registration.REGISTER_LIB)
                .isEqualTo(new Ref(
                        "jomp/runtime/offload/Registry",
                        "registerLib",
                        "(Ljomp/offload/abi/BinaryDescriptor;)V",
                        false));
        assertThat(Registry.class.getMethod("registerLib", BinaryDescriptor.class))
                .isNotNull();
        assertThat(Registration.NEW_HOST_ENTRY.descriptor()).isEqualTo("(JLjava/lang/String;JI)V");
        assertThat(Registration.NEW_DEVICE_IMAGE.descriptor())
                .isEqualTo("(Ljava/lang/String;Ljava/lang/String;Ljomp/offload/abi/ImageKind;[BLjava/util/List;)V");
        assertThat(Registration.NEW_DESCRIPTOR)
                .extracting(Ref::name, Ref::constructor)
                .containsExactly("<init>", true);
    }

    @Test
    void noEntriesAndNoImagesNoClass() {
        HostLinker.Linked l = linked(0);
        Registration.wrap(l, List.of());
        assertThat(l.classes()).doesNotContainKey(Registration.CLASS);
        assertThat(l.resources()).isEmpty();
    }

    @Test
    void moreEntriesThanAClassHoldsIsALinkError() {
        HostLinker.Linked l = linked(40000);
        assertThatThrownBy(() -> Registration.wrap(l, List.of()))
                .isInstanceOf(HostLinker.LinkError.class)
                .hasMessage("too many offload entries (40000) for the registration class");
    }
}
