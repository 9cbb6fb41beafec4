package jomp.linker.host;

import static jomp.linker.host.HostLinker.DATA_RESOURCE;
import static jomp.linker.host.HostLinker.PROGRAM;
import static org.objectweb.asm.Opcodes.*;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Type;

/**
 * jomp/link/Program and the classes it overflows into (docs/design/abi.md, "The executable and
 * its start"): one static final long per function handle and per data address the code uses, so
 * that the JIT sees each as a constant. A class initialiser holds at most 64 KiB of code, and final
 * fields can only be set in their own class's, so a program with more than {@link #PER_CLASS}
 * handles or data addresses (a test runner of hundreds of test files, say) gets more classes:
 * handles {@code i} of shard {@code s = i / PER_CLASS} live in {@code Program$F<s>}, data fields
 * likewise in {@code Program$D<s>}; shard 0 is Program itself, so a small program loads one class
 * as before. Handles are registered in chunks of {@link #CHUNK}, each a method of a class of its
 * own ({@code Program$R<c>}, chunk 0 in Program), which keeps every constant pool small too.
 */
final class ProgramClasses {
    private ProgramClasses() {}

    static final int PER_CLASS = 2_000, CHUNK = 1_000;

    /** A function handle of Program: its index, the method it calls, and the C signature (null: none recorded). */
    record FunctionHandle(int index, String owner, String name, String desc, String csig) {}

    /** The class holding handle i's field {@code f$i}. */
    static String handleOwner(int i) {
        return shard(i, "$F");
    }

    static String handleField(int i) {
        return "f$" + i;
    }

    private static String shard(int i, String kind) {
        int s = i / PER_CLASS;
        return s == 0 ? PROGRAM : PROGRAM + kind + s;
    }

    /** The data addresses the code uses, a field each, in the order first used (which decides the shard). */
    static final class DataFields {
        final Map<String, Long> addresses = new LinkedHashMap<>();
        private final Map<String, Integer> index = new HashMap<>();

        /** The field holding the image address at offset addr, added on first use. */
        String field(long addr) {
            String f = "d$" + addr;
            if (!index.containsKey(f)) {
                index.put(f, index.size());
                addresses.put(f, addr);
            }
            return f;
        }

        /** The class that holds field f (one {@link #field} returned). */
        String owner(String f) {
            return shard(index.get(f), "$D");
        }
    }

    /** Program and its overflow classes, by internal name. */
    static Map<String, byte[]> classes(List<FunctionHandle> handles, DataFields data, long readOnlyEnd) {
        Map<String, byte[]> out = new LinkedHashMap<>();
        List<Map.Entry<String, Long>> fields = List.copyOf(data.addresses.entrySet());
        out.put(PROGRAM, program(handles, fields, readOnlyEnd));
        for (int c = 1; c * CHUNK < handles.size(); c++) out.put(PROGRAM + "$R" + c, registerClass(c, handles));
        for (int s = 1; s * PER_CLASS < handles.size(); s++) out.put(PROGRAM + "$F" + s, handleShard(s, handles));
        for (int s = 1; s * PER_CLASS < fields.size(); s++)
            out.put(PROGRAM + "$D" + s, dataShard(s, fields, readOnlyEnd));
        return out;
    }

    private static ClassWriter begin(String name) {
        ClassWriter cw = StartupClasses.classWriter();
        cw.visit(V25, ACC_PUBLIC | ACC_FINAL | ACC_SUPER, name, null, "java/lang/Object", null);
        return cw;
    }

    private static byte[] end(ClassWriter cw, MethodVisitor mv) {
        mv.visitInsn(RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    private static void longFields(ClassWriter cw, Iterable<String> names) {
        for (String f : names)
            cw.visitField(ACC_PUBLIC | ACC_STATIC | ACC_FINAL, f, "J", null, null)
                    .visitEnd();
    }

    private static List<String> handleFields(List<FunctionHandle> handles, int shard) {
        int from = shard * PER_CLASS, to = Math.min(handles.size(), from + PER_CLASS);
        return handles.subList(from, to).stream()
                .map(h -> handleField(h.index()))
                .toList();
    }

    private static List<Map.Entry<String, Long>> slice(List<Map.Entry<String, Long>> fields, int shard) {
        return fields.subList(shard * PER_CLASS, Math.min(fields.size(), (shard + 1) * PER_CLASS));
    }

    /**
     * Program: every handle registered (chunk 0 here, the others by their classes), shard 0's handle
     * fields set, the data image loaded, base, rodata and shard 0's data fields set; with more
     * handles than one shard holds, the array of them kept for the other shards.
     */
    private static byte[] program(
            List<FunctionHandle> handles, List<Map.Entry<String, Long>> fields, long readOnlyEnd) {
        ClassWriter cw = begin(PROGRAM);
        longFields(cw, handleFields(handles, 0));
        longFields(cw, slice(fields, 0).stream().map(Map.Entry::getKey).toList());
        longFields(cw, List.of("base", "rodata"));
        boolean shared = handles.size() > PER_CLASS;
        if (shared)
            cw.visitField(ACC_PUBLIC | ACC_STATIC | ACC_FINAL, "handles", "[J", null, null)
                    .visitEnd();
        addressMethod(cw, readOnlyEnd);
        registerMethod(cw, PROGRAM, 0, handles);
        MethodVisitor mv = cw.visitMethod(ACC_STATIC, "<clinit>", "()V", null, null);
        mv.visitCode();
        // function handles first: the data image's function relocations use them
        mv.visitLdcInsn(handles.size());
        mv.visitIntInsn(NEWARRAY, T_LONG);
        mv.visitVarInsn(ASTORE, 0);
        for (int c = 0; c * CHUNK < handles.size(); c++) {
            mv.visitVarInsn(ALOAD, 0);
            mv.visitMethodInsn(INVOKESTATIC, c == 0 ? PROGRAM : PROGRAM + "$R" + c, "register", "([J)V", false);
        }
        setHandleFields(mv, PROGRAM, handles, 0);
        if (shared) {
            mv.visitVarInsn(ALOAD, 0);
            mv.visitFieldInsn(PUTSTATIC, PROGRAM, "handles", "[J");
        }
        loadImage(mv);
        setDataFields(mv, PROGRAM, fields, 0, readOnlyEnd);
        return end(cw, mv);
    }

    /** Handle shard s: its fields set from Program's array. */
    private static byte[] handleShard(int s, List<FunctionHandle> handles) {
        String name = PROGRAM + "$F" + s;
        ClassWriter cw = begin(name);
        longFields(cw, handleFields(handles, s));
        MethodVisitor mv = cw.visitMethod(ACC_STATIC, "<clinit>", "()V", null, null);
        mv.visitCode();
        mv.visitFieldInsn(GETSTATIC, PROGRAM, "handles", "[J");
        mv.visitVarInsn(ASTORE, 0);
        setHandleFields(mv, name, handles, s);
        return end(cw, mv);
    }

    /** Data shard s: its fields from Program's base and rodata (reading them loads the image first). */
    private static byte[] dataShard(int s, List<Map.Entry<String, Long>> fields, long readOnlyEnd) {
        String name = PROGRAM + "$D" + s;
        ClassWriter cw = begin(name);
        longFields(cw, slice(fields, s).stream().map(Map.Entry::getKey).toList());
        MethodVisitor mv = cw.visitMethod(ACC_STATIC, "<clinit>", "()V", null, null);
        mv.visitCode();
        mv.visitFieldInsn(GETSTATIC, PROGRAM, "base", "J");
        mv.visitVarInsn(LSTORE, 1);
        mv.visitFieldInsn(GETSTATIC, PROGRAM, "rodata", "J");
        mv.visitVarInsn(LSTORE, 3);
        setDataFields(mv, name, fields, s, readOnlyEnd);
        return end(cw, mv);
    }

    /** Chunk c's registration class. */
    private static byte[] registerClass(int c, List<FunctionHandle> handles) {
        String name = PROGRAM + "$R" + c;
        ClassWriter cw = begin(name);
        registerMethod(cw, name, c, handles);
        cw.visitEnd();
        return cw.toByteArray();
    }

    /**
     * register(long[] a): chunk c's handles registered with the runtime, each value stored in a; and
     * handle(int i): handle i, which the runtime asks for when the function is first called through
     * its pointer (each handle made costs a LambdaForm class per new method shape, so none is made
     * at the start).
     */
    private static void registerMethod(ClassWriter cw, String owner, int c, List<FunctionHandle> handles) {
        int from = c * CHUNK, to = Math.min(handles.size(), (c + 1) * CHUNK);
        Handle maker = new Handle(H_INVOKESTATIC, owner, "handle", "(I)Ljava/lang/invoke/MethodHandle;", false);
        MethodVisitor mv = cw.visitMethod(ACC_PUBLIC | ACC_STATIC, "register", "([J)V", null, null);
        mv.visitCode();
        for (int i = from; i < to; i++) {
            FunctionHandle h = handles.get(i);
            mv.visitVarInsn(ALOAD, 0);
            mv.visitLdcInsn(i);
            mv.visitLdcInsn(maker);
            mv.visitLdcInsn(i);
            if (h.csig() != null) mv.visitLdcInsn(h.csig());
            else mv.visitInsn(ACONST_NULL);
            mv.visitMethodInsn(
                    INVOKESTATIC,
                    "jomp/runtime/mem/Functions",
                    "registerLazily",
                    "(Ljava/lang/invoke/MethodHandle;ILjava/lang/String;)J",
                    false);
            mv.visitInsn(LASTORE);
        }
        mv.visitInsn(RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();

        mv = cw.visitMethod(ACC_PRIVATE | ACC_STATIC, "handle", "(I)Ljava/lang/invoke/MethodHandle;", null, null);
        mv.visitCode();
        Label none = new Label();
        Label[] cases = new Label[Math.max(0, to - from)];
        for (int k = 0; k < cases.length; k++) cases[k] = new Label();
        mv.visitVarInsn(ILOAD, 0);
        if (cases.length > 0) mv.visitTableSwitchInsn(from, to - 1, none, cases);
        for (int k = 0; k < cases.length; k++) {
            FunctionHandle h = handles.get(from + k);
            mv.visitLabel(cases[k]);
            mv.visitLdcInsn(new Handle(H_INVOKESTATIC, h.owner(), h.name(), h.desc(), false));
            mv.visitInsn(ARETURN);
        }
        mv.visitLabel(none);
        mv.visitInsn(ACONST_NULL);
        mv.visitInsn(ARETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /** Shard s's handle fields from the array in local 0. */
    private static void setHandleFields(MethodVisitor mv, String owner, List<FunctionHandle> handles, int s) {
        for (int i = s * PER_CLASS; i < Math.min(handles.size(), (s + 1) * PER_CLASS); i++) {
            mv.visitVarInsn(ALOAD, 0);
            mv.visitLdcInsn(i);
            mv.visitInsn(LALOAD);
            mv.visitFieldInsn(PUTSTATIC, owner, handleField(handles.get(i).index()), "J");
        }
    }

    /** Shard s's data fields: base (local 1) or rodata (local 3) plus the offset. */
    private static void setDataFields(
            MethodVisitor mv, String owner, List<Map.Entry<String, Long>> fields, int s, long readOnlyEnd) {
        for (var e : slice(fields, s)) {
            mv.visitVarInsn(LLOAD, e.getValue() < readOnlyEnd ? 3 : 1);
            mv.visitLdcInsn(e.getValue());
            mv.visitInsn(LADD);
            mv.visitFieldInsn(PUTSTATIC, owner, e.getKey(), "J");
        }
    }

    /** address(offset): a data image offset as an address (the read-only part is mapped apart). */
    private static void addressMethod(ClassWriter cw, long readOnlyEnd) {
        MethodVisitor am = cw.visitMethod(ACC_PUBLIC | ACC_STATIC, "address", "(J)J", null, null);
        am.visitCode();
        Label rw = new Label();
        am.visitVarInsn(LLOAD, 0);
        am.visitLdcInsn(readOnlyEnd);
        am.visitInsn(LCMP);
        am.visitJumpInsn(IFGE, rw);
        am.visitFieldInsn(GETSTATIC, PROGRAM, "rodata", "J");
        am.visitVarInsn(LLOAD, 0);
        am.visitInsn(LADD);
        am.visitInsn(LRETURN);
        am.visitLabel(rw);
        am.visitFieldInsn(GETSTATIC, PROGRAM, "base", "J");
        am.visitVarInsn(LLOAD, 0);
        am.visitInsn(LADD);
        am.visitInsn(LRETURN);
        am.visitMaxs(0, 0);
        am.visitEnd();
    }

    /** The data image loaded with the handles in local 0; base and rodata set and kept in locals 1 and 3. */
    private static void loadImage(MethodVisitor mv) {
        mv.visitLdcInsn(Type.getObjectType(PROGRAM)); // the image is read through this class's own loader
        mv.visitLdcInsn(DATA_RESOURCE);
        mv.visitVarInsn(ALOAD, 0);
        // {base, read-only base}: an address in the read-only part is the second plus its offset
        mv.visitMethodInsn(
                INVOKESTATIC,
                "jomp/runtime/program/DataImage",
                "load",
                "(Ljava/lang/Class;Ljava/lang/String;[J)[J",
                false);
        mv.visitInsn(DUP);
        mv.visitInsn(ICONST_1);
        mv.visitInsn(LALOAD);
        mv.visitInsn(DUP2);
        mv.visitFieldInsn(PUTSTATIC, PROGRAM, "rodata", "J");
        mv.visitVarInsn(LSTORE, 3);
        mv.visitInsn(ICONST_0);
        mv.visitInsn(LALOAD);
        mv.visitInsn(DUP2);
        mv.visitFieldInsn(PUTSTATIC, PROGRAM, "base", "J");
        mv.visitVarInsn(LSTORE, 1);
    }
}
