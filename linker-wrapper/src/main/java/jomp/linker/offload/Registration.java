package jomp.linker.offload;

import static org.objectweb.asm.Opcodes.*;

import java.util.List;
import jomp.linker.host.HostLinker;
import jomp.offload.abi.BinaryDescriptor;
import jomp.offload.abi.DeviceImage;
import jomp.offload.abi.ExecutableNames;
import jomp.offload.abi.HostEntry;
import jomp.offload.abi.ImageKind;
import jomp.runtime.offload.Registry;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Type;

/**
 * The wrapping step (clang's OffloadWrapper, offload-abi.md §4): the linked device images become
 * resources {@code jomp/offload/image<n>.bin} of the executable, and a generated class
 * {@code jomp/link/Registration} builds the {@code __tgt_bin_desc}, a
 * {@link BinaryDescriptor}{@code (List<DeviceImage> images, List<HostEntry> hostEntries)} (the
 * offload ABI's records), and hands it to the runtime's {@code Registry.registerLib} from
 * {@code register()}, which the program's Main calls after loading the data image and before C's
 * main. Every image carries the host entry names (libomptarget's images share the host's entry
 * table). Host entry addresses are {@code jomp/link/Program.address(offset)} of the entry
 * symbol's data image offset. The generated code names the runtime's method and the records'
 * constructors through method references to them ({@link Ref}), so that renaming or retyping one
 * breaks this module's build, not a program's start. {@code unregisterLib} is left to the
 * runtime's own exit handling.
 */
public final class Registration {
    private Registration() {}

    public static final String CLASS = ExecutableNames.CLASS;
    static final String PROGRAM = ExecutableNames.PROGRAM;
    static final String IMAGE_KIND = Type.getInternalName(ImageKind.class);
    /** {@code Registry.registerLib(BinaryDescriptor)}, the runtime's __tgt_register_lib. */
    static final Ref REGISTER_LIB = Ref.of((Ref.Call1<BinaryDescriptor>) Registry::registerLib);

    static final Ref NEW_DESCRIPTOR =
            Ref.of((Ref.New2<BinaryDescriptor, List<DeviceImage>, List<HostEntry>>) BinaryDescriptor::new);
    static final Ref NEW_HOST_ENTRY = Ref.of((Ref.NewHostEntry) HostEntry::new);
    static final Ref NEW_DEVICE_IMAGE = Ref.of((Ref.NewDeviceImage) DeviceImage::new);
    /** Host entries per generated method, far below the JVM's 64 KiB code limit. */
    static final int ENTRIES_PER_METHOD = 256;

    /** The resource holding image {@code i}. */
    public static String imageResource(int i) {
        return ExecutableNames.imageResource(i);
    }

    /** Adds the image resources and the registration class to a host link made with {@code HostLinker.link(objects, !images.isEmpty())}. */
    public static void wrap(HostLinker.Linked linked, List<DeviceLink.Linked> images) {
        if (!HostLinker.registers(linked, !images.isEmpty())) return;
        for (int i = 0; i < images.size(); i++)
            linked.resources().put(imageResource(i), images.get(i).bytes());
        try {
            linked.classes().put(CLASS, registrationClass(images, linked.entries()));
        } catch (org.objectweb.asm.ClassTooLargeException | org.objectweb.asm.MethodTooLargeException e) {
            // each entry's name and numbers are constants of one class, whose pool holds 65535
            throw new HostLinker.LinkError(
                    "too many offload entries (" + linked.entries().size() + ") for the registration class");
        }
    }

    static byte[] registrationClass(List<DeviceLink.Linked> images, List<HostLinker.Entry> entries) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS | ClassWriter.COMPUTE_FRAMES) {
            @Override
            protected String getCommonSuperClass(String a, String b) {
                return "java/lang/Object";
            }
        };
        cw.visit(V25, ACC_PUBLIC | ACC_FINAL | ACC_SUPER, CLASS, null, "java/lang/Object", null);
        cw.visitField(ACC_PUBLIC | ACC_STATIC, "descriptor", "L" + NEW_DESCRIPTOR.owner() + ";", null, null)
                .visitEnd();
        int chunks = (entries.size() + ENTRIES_PER_METHOD - 1) / ENTRIES_PER_METHOD;
        for (int c = 0; c < chunks; c++) {
            entriesMethod(
                    cw,
                    c,
                    entries.subList(c * ENTRIES_PER_METHOD, Math.min(entries.size(), (c + 1) * ENTRIES_PER_METHOD)));
        }
        resourceMethod(cw);

        MethodVisitor mv = cw.visitMethod(ACC_PUBLIC | ACC_STATIC, "register", "()V", null, null);
        mv.visitCode();
        // locals: 0 host entries, 1 names, 2-3 base, 4 images
        newArrayList(mv, entries.size());
        mv.visitVarInsn(ASTORE, 0);
        newArrayList(mv, entries.size());
        mv.visitVarInsn(ASTORE, 1);
        mv.visitFieldInsn(GETSTATIC, PROGRAM, "base", "J");
        mv.visitVarInsn(LSTORE, 2);
        for (int c = 0; c < chunks; c++) {
            mv.visitVarInsn(ALOAD, 0);
            mv.visitVarInsn(ALOAD, 1);
            mv.visitVarInsn(LLOAD, 2);
            mv.visitMethodInsn(INVOKESTATIC, CLASS, "entries" + c, "(Ljava/util/List;Ljava/util/List;J)V", false);
        }
        mv.visitVarInsn(ALOAD, 1);
        mv.visitMethodInsn(INVOKESTATIC, "java/util/List", "copyOf", "(Ljava/util/Collection;)Ljava/util/List;", true);
        mv.visitVarInsn(ASTORE, 1);
        newArrayList(mv, images.size());
        mv.visitVarInsn(ASTORE, 4);
        for (int i = 0; i < images.size(); i++) {
            DeviceLink.Linked img = images.get(i);
            mv.visitVarInsn(ALOAD, 4);
            mv.visitTypeInsn(NEW, NEW_DEVICE_IMAGE.owner());
            mv.visitInsn(DUP);
            mv.visitLdcInsn(img.triple());
            mv.visitLdcInsn(img.arch());
            mv.visitFieldInsn(GETSTATIC, IMAGE_KIND, img.kind().name(), "L" + IMAGE_KIND + ";");
            mv.visitLdcInsn("/" + imageResource(i));
            mv.visitMethodInsn(INVOKESTATIC, CLASS, "resource", "(Ljava/lang/String;)[B", false);
            mv.visitVarInsn(ALOAD, 1);
            NEW_DEVICE_IMAGE.emit(mv);
            mv.visitMethodInsn(INVOKEINTERFACE, "java/util/List", "add", "(Ljava/lang/Object;)Z", true);
            mv.visitInsn(POP);
        }
        mv.visitTypeInsn(NEW, NEW_DESCRIPTOR.owner());
        mv.visitInsn(DUP);
        mv.visitVarInsn(ALOAD, 4);
        mv.visitMethodInsn(INVOKESTATIC, "java/util/List", "copyOf", "(Ljava/util/Collection;)Ljava/util/List;", true);
        mv.visitVarInsn(ALOAD, 0);
        mv.visitMethodInsn(INVOKESTATIC, "java/util/List", "copyOf", "(Ljava/util/Collection;)Ljava/util/List;", true);
        NEW_DESCRIPTOR.emit(mv);
        mv.visitInsn(DUP);
        mv.visitFieldInsn(PUTSTATIC, CLASS, "descriptor", "L" + NEW_DESCRIPTOR.owner() + ";");
        REGISTER_LIB.emit(mv);
        mv.visitInsn(RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    private static void newArrayList(MethodVisitor mv, int capacity) {
        mv.visitTypeInsn(NEW, "java/util/ArrayList");
        mv.visitInsn(DUP);
        mv.visitLdcInsn(capacity);
        mv.visitMethodInsn(INVOKESPECIAL, "java/util/ArrayList", "<init>", "(I)V", false);
    }

    /** entries<c>(List hostEntries, List names, long base): adds one chunk of host entries and their names. */
    private static void entriesMethod(ClassWriter cw, int c, List<HostLinker.Entry> entries) {
        MethodVisitor mv = cw.visitMethod(
                ACC_PRIVATE | ACC_STATIC, "entries" + c, "(Ljava/util/List;Ljava/util/List;J)V", null, null);
        mv.visitCode();
        for (HostLinker.Entry e : entries) {
            mv.visitVarInsn(ALOAD, 0);
            mv.visitTypeInsn(NEW, NEW_HOST_ENTRY.owner());
            mv.visitInsn(DUP);
            mv.visitLdcInsn(e.offset());
            mv.visitMethodInsn(INVOKESTATIC, PROGRAM, "address", "(J)J", false);
            mv.visitLdcInsn(e.name());
            mv.visitLdcInsn(e.size());
            mv.visitLdcInsn(e.flags());
            NEW_HOST_ENTRY.emit(mv);
            mv.visitMethodInsn(INVOKEINTERFACE, "java/util/List", "add", "(Ljava/lang/Object;)Z", true);
            mv.visitInsn(POP);
            mv.visitVarInsn(ALOAD, 1);
            mv.visitLdcInsn(e.name());
            mv.visitMethodInsn(INVOKEINTERFACE, "java/util/List", "add", "(Ljava/lang/Object;)Z", true);
            mv.visitInsn(POP);
        }
        mv.visitInsn(RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /** resource(String name): the bytes of a resource of the executable, read through this class's loader. */
    private static void resourceMethod(ClassWriter cw) {
        MethodVisitor mv =
                cw.visitMethod(ACC_PRIVATE | ACC_STATIC, "resource", "(Ljava/lang/String;)[B", null, new String[] {
                    "java/io/IOException"
                });
        mv.visitCode();
        mv.visitLdcInsn(org.objectweb.asm.Type.getObjectType(CLASS));
        mv.visitVarInsn(ALOAD, 0);
        mv.visitMethodInsn(
                INVOKEVIRTUAL,
                "java/lang/Class",
                "getResourceAsStream",
                "(Ljava/lang/String;)Ljava/io/InputStream;",
                false);
        mv.visitVarInsn(ASTORE, 1);
        mv.visitVarInsn(ALOAD, 1);
        Label ok = new Label();
        mv.visitJumpInsn(IFNONNULL, ok);
        mv.visitTypeInsn(NEW, "java/lang/IllegalStateException");
        mv.visitInsn(DUP);
        mv.visitLdcInsn("jomp: the executable lacks its device image ");
        mv.visitVarInsn(ALOAD, 0);
        mv.visitMethodInsn(
                INVOKEVIRTUAL, "java/lang/String", "concat", "(Ljava/lang/String;)Ljava/lang/String;", false);
        mv.visitMethodInsn(INVOKESPECIAL, "java/lang/IllegalStateException", "<init>", "(Ljava/lang/String;)V", false);
        mv.visitInsn(ATHROW);
        mv.visitLabel(ok);
        mv.visitVarInsn(ALOAD, 1);
        mv.visitMethodInsn(INVOKEVIRTUAL, "java/io/InputStream", "readAllBytes", "()[B", false);
        mv.visitVarInsn(ALOAD, 1);
        mv.visitMethodInsn(INVOKEVIRTUAL, "java/io/InputStream", "close", "()V", false);
        mv.visitInsn(ARETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }
}
