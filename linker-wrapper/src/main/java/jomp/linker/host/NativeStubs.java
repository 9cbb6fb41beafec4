package jomp.linker.host;

import static org.objectweb.asm.Opcodes.*;

import java.util.LinkedHashMap;
import java.util.Map;
import jomp.runtime.ffi.CSig;
import jomp.runtime.ffi.Downcalls;
import jomp.runtime.ffi.Universal;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Type;

/**
 * The classes through which a linked program reaches native code (docs/design/abi.md § Native
 * calls), one per native function and C signature, and one per native address the program
 * takes; each binds on first use (its static initialiser), so start-up pays for none of them.
 * <ul>
 * <li>A call stub {@code jomp/link/native/C<n>}: {@code static final MethodHandle MH} from
 * {@code Downcalls.bind(lib, symbol, csig)} and {@code static <jomp descriptor> call(...)}.
 * When arguments and result are scalars, MH is FFM's own handle and the stub passes jomp's errno
 * in and the thread's errno capture segment, calls it, takes errno back and normalises a narrow
 * result (jomp.runtime.ffi.ThreadState's beforeCall and afterCall); otherwise MH
 * already has jomp's type and does the conversions (jomp.runtime.ffi.Adapters).</li>
 * <li>An address holder {@code jomp/link/native/A<n>}: {@code static final long A}, the
 * address of a native global or function, from {@code NativeWorld.symbol(lib, symbol)}.</li>
 * </ul>
 */
final class NativeStubs {
    static final String PACKAGE = "jomp/link/native/";
    private static final String THREAD_STATE = "jomp/runtime/ffi/ThreadState";

    private final Map<String, String> calls = new LinkedHashMap<>(); // lib|symbol|csig -> class
    private final Map<String, String> addresses = new LinkedHashMap<>(); // lib|symbol -> class
    private final Map<String, byte[]> classes = new LinkedHashMap<>();

    Map<String, byte[]> classes() {
        return classes;
    }

    /** The owner of a static method {@code call} with {@code descriptor} calling {@code symbol} of {@code lib}. */
    String call(String lib, String symbol, String csig, String descriptor) {
        String key = lib + "|" + symbol + "|" + csig + "|" + descriptor;
        String owner = calls.get(key);
        if (owner != null) return owner;
        owner = PACKAGE + "C" + calls.size();
        calls.put(key, owner);
        classes.put(
                owner,
                Universal.fits(CSig.parse(csig))
                        ? universalStub(owner, lib, symbol, csig, descriptor)
                        : callStub(owner, lib, symbol, csig, descriptor));
        return owner;
    }

    /** The owner of the static long field {@code A}: the address of {@code symbol} of {@code lib}. */
    String address(String lib, String symbol) {
        String key = lib + "|" + symbol;
        String owner = addresses.get(key);
        if (owner != null) return owner;
        owner = PACKAGE + "A" + addresses.size();
        addresses.put(key, owner);
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(V25, ACC_PUBLIC | ACC_FINAL | ACC_SUPER, owner, null, "java/lang/Object", null);
        cw.visitField(ACC_PUBLIC | ACC_STATIC | ACC_FINAL, "A", "J", null, null).visitEnd();
        MethodVisitor mv = cw.visitMethod(ACC_STATIC, "<clinit>", "()V", null, null);
        mv.visitCode();
        mv.visitLdcInsn(lib);
        mv.visitLdcInsn(symbol);
        mv.visitMethodInsn(
                INVOKESTATIC,
                "jomp/runtime/ffi/NativeWorld",
                "symbol",
                "(Ljava/lang/String;Ljava/lang/String;)J",
                false);
        mv.visitFieldInsn(PUTSTATIC, owner, "A", "J");
        mv.visitInsn(RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        classes.put(owner, cw.toByteArray());
        return owner;
    }

    private static byte[] callStub(String owner, String lib, String symbol, String csig, String descriptor) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES) {
            @Override
            protected String getCommonSuperClass(String a, String b) {
                return "java/lang/Object";
            }
        };
        cw.visit(V25, ACC_PUBLIC | ACC_FINAL | ACC_SUPER, owner, null, "java/lang/Object", null);
        String mh = "Ljava/lang/invoke/MethodHandle;";
        boolean direct = Downcalls.direct(csig);
        cw.visitField(ACC_STATIC | ACC_FINAL, "MH", mh, null, null).visitEnd();
        if (direct) cw.visitField(ACC_STATIC | ACC_FINAL, "C", mh, null, null).visitEnd();
        bindInitializer(cw, owner, lib, symbol, csig, direct);

        MethodVisitor mv = cw.visitMethod(ACC_PUBLIC | ACC_STATIC, "call", descriptor, null, null);
        mv.visitCode();
        if (!Downcalls.direct(csig)) adaptedCall(mv, owner, descriptor);
        else directCall(mv, owner, csig, descriptor);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** The stub's static initialiser: the handle bound (Downcalls.bind) into MH, or into C when critical. */
    private static void bindInitializer(
            ClassWriter cw, String owner, String lib, String symbol, String csig, boolean direct) {
        String mh = "Ljava/lang/invoke/MethodHandle;";
        MethodVisitor mv = cw.visitMethod(ACC_STATIC, "<clinit>", "()V", null, null);
        mv.visitCode();
        mv.visitLdcInsn(lib);
        mv.visitLdcInsn(symbol);
        mv.visitLdcInsn(csig);
        mv.visitMethodInsn(
                INVOKESTATIC,
                "jomp/runtime/ffi/Downcalls",
                "bind",
                "(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)Ljava/lang/invoke/MethodHandle;",
                false);
        if (direct) { // the runtime chose: C, a critical handle, or MH, one with the errno capture
            mv.visitInsn(DUP);
            mv.visitLdcInsn(csig);
            mv.visitMethodInsn(
                    INVOKESTATIC, "jomp/runtime/ffi/Downcalls", "isCritical", "(" + mh + "Ljava/lang/String;)Z", false);
            org.objectweb.asm.Label capture = new org.objectweb.asm.Label(), done = new org.objectweb.asm.Label();
            mv.visitJumpInsn(IFEQ, capture);
            mv.visitFieldInsn(PUTSTATIC, owner, "C", mh);
            mv.visitInsn(ACONST_NULL);
            mv.visitFieldInsn(PUTSTATIC, owner, "MH", mh);
            mv.visitJumpInsn(GOTO, done);
            mv.visitLabel(capture);
            mv.visitFieldInsn(PUTSTATIC, owner, "MH", mh);
            mv.visitInsn(ACONST_NULL);
            mv.visitFieldInsn(PUTSTATIC, owner, "C", mh);
            mv.visitLabel(done);
        } else {
            mv.visitFieldInsn(PUTSTATIC, owner, "MH", mh);
        }
        mv.visitInsn(RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /** call() through a handle that has jomp's type: the arguments passed through. */
    private static void adaptedCall(MethodVisitor mv, String owner, String descriptor) {
        Type[] params = Type.getArgumentTypes(descriptor);
        Type ret = Type.getReturnType(descriptor);
        // the handle has jomp's type: pass everything through
        mv.visitFieldInsn(GETSTATIC, owner, "MH", "Ljava/lang/invoke/MethodHandle;");
        loadAll(mv, params, 0);
        mv.visitMethodInsn(INVOKEVIRTUAL, "java/lang/invoke/MethodHandle", "invokeExact", descriptor, false);
        mv.visitInsn(ret.getOpcode(IRETURN));
    }

    /** call() through FFM's own handles: C when the runtime chose a critical one, else MH with the errno capture. */
    private static void directCall(MethodVisitor mv, String owner, String csig, String descriptor) {
        Type[] params = Type.getArgumentTypes(descriptor);
        Type ret = Type.getReturnType(descriptor);
        int locals = 0;
        for (Type p : params) locals += p.getSize();
        // a critical handle (C) when the runtime chose one: the JIT folds the test away
        CSig s = CSig.parse(csig);
        org.objectweb.asm.Label capture = new org.objectweb.asm.Label();
        mv.visitFieldInsn(GETSTATIC, owner, "C", "Ljava/lang/invoke/MethodHandle;");
        mv.visitInsn(DUP);
        mv.visitJumpInsn(IFNULL, capture);
        loadAll(mv, params, 0);
        mv.visitMethodInsn(
                INVOKEVIRTUAL,
                "java/lang/invoke/MethodHandle",
                "invokeExact",
                s.downcallType(false).toMethodDescriptorString(),
                false);
        normalise(mv, s, ret);
        mv.visitLabel(capture);
        mv.visitInsn(POP);
        int ts = locals;
        mv.visitMethodInsn(INVOKESTATIC, THREAD_STATE, "current", "()L" + THREAD_STATE + ";", false);
        mv.visitVarInsn(ASTORE, ts);
        mv.visitFieldInsn(GETSTATIC, owner, "MH", "Ljava/lang/invoke/MethodHandle;");
        mv.visitVarInsn(ALOAD, ts);
        mv.visitMethodInsn(INVOKEVIRTUAL, THREAD_STATE, "beforeCall", "()Ljava/lang/foreign/MemorySegment;", false);
        loadAll(mv, params, 0);
        mv.visitMethodInsn(
                INVOKEVIRTUAL,
                "java/lang/invoke/MethodHandle",
                "invokeExact",
                s.downcallType(true).toMethodDescriptorString(),
                false);
        mv.visitVarInsn(ALOAD, ts);
        mv.visitMethodInsn(INVOKEVIRTUAL, THREAD_STATE, "afterCall", "()V", false);
        normalise(mv, s, ret);
    }

    private static final String UNIVERSAL = "jomp/runtime/ffi/Universal";
    private static final String SEGMENT = "Ljava/lang/foreign/MemorySegment;";

    /**
     * A stub over the universal handles (jomp.runtime.ffi.Universal): the integer arguments go to
     * the six long parameters in order, the floating-point ones to the eight double parameters,
     * the rest are zeros; the variadic ones are read from jomp's area of slots. FN is the function,
     * CRITICAL the runtime's choice (a glibc function on its list, or a short leaf), which the JIT
     * folds.
     */
    private static byte[] universalStub(String owner, String lib, String symbol, String csig, String descriptor) {
        CSig s = CSig.parse(csig);
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES) {
            @Override
            protected String getCommonSuperClass(String a, String b) {
                return "java/lang/Object";
            }
        };
        cw.visit(V25, ACC_PUBLIC | ACC_FINAL | ACC_SUPER, owner, null, "java/lang/Object", null);
        cw.visitField(ACC_STATIC | ACC_FINAL, "FN", SEGMENT, null, null).visitEnd();
        cw.visitField(ACC_STATIC | ACC_FINAL, "CRITICAL", "Z", null, null).visitEnd();
        universalInit(cw, owner, lib, symbol);

        Type[] params = Type.getArgumentTypes(descriptor);
        Type ret = Type.getReturnType(descriptor);
        int[] slot = new int[params.length];
        int locals = 0;
        for (int i = 0; i < params.length; i++) {
            slot[i] = locals;
            locals += params[i].getSize();
        }
        int va = s.variadic() ? slot[params.length - 1] : -1;
        // which argument feeds each long and each double parameter
        java.util.List<Runnable> ints = new java.util.ArrayList<>(), floats = new java.util.ArrayList<>();
        MethodVisitor mv = cw.visitMethod(ACC_PUBLIC | ACC_STATIC, "call", descriptor, null, null);
        argumentLoads(mv, s, slot, va, ints, floats);
        char rc = ((CSig.Scalar) s.ret()).code();
        boolean doubleResult = rc == 'f' || rc == 'd';
        String result = doubleResult ? "D" : "J";
        StringBuilder pushed = new StringBuilder();
        for (int i = 0; i < Universal.INTS; i++) pushed.append('J');
        for (int i = 0; i < Universal.FLOATS; i++) pushed.append('D');
        mv.visitCode();
        org.objectweb.asm.Label slow = new org.objectweb.asm.Label();
        mv.visitFieldInsn(GETSTATIC, owner, "CRITICAL", "Z");
        mv.visitJumpInsn(IFEQ, slow);
        // Universal's criticalLong/criticalDouble: JNI until the function is hot, then FFM's critical handle
        mv.visitFieldInsn(GETSTATIC, owner, "FN", SEGMENT);
        pushArguments(mv, ints, floats);
        mv.visitMethodInsn(
                INVOKESTATIC,
                UNIVERSAL,
                doubleResult ? "criticalDouble" : "criticalLong",
                "(" + SEGMENT + pushed + ")" + result,
                false);
        universalResult(mv, rc, ret);
        mv.visitLabel(slow);
        int ts = locals;
        mv.visitMethodInsn(INVOKESTATIC, THREAD_STATE, "current", "()L" + THREAD_STATE + ";", false);
        mv.visitVarInsn(ASTORE, ts);
        // Universal's captureLong/captureDouble: through JNI where the start cache's library is loaded, else FFM
        mv.visitFieldInsn(GETSTATIC, owner, "FN", SEGMENT);
        mv.visitVarInsn(ALOAD, ts);
        pushArguments(mv, ints, floats);
        mv.visitMethodInsn(
                INVOKESTATIC,
                UNIVERSAL,
                doubleResult ? "captureDouble" : "captureLong",
                "(" + SEGMENT + "L" + THREAD_STATE + ";" + pushed + ")" + result,
                false);
        mv.visitVarInsn(ALOAD, ts);
        mv.visitMethodInsn(INVOKEVIRTUAL, THREAD_STATE, "afterCall", "()V", false);
        universalResult(mv, rc, ret);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** The stub's {@code <clinit>}: FN, the function's address, then CRITICAL, the runtime's choice for it. */
    private static void universalInit(ClassWriter cw, String owner, String lib, String symbol) {
        MethodVisitor mv = cw.visitMethod(ACC_STATIC, "<clinit>", "()V", null, null);
        mv.visitCode();
        mv.visitLdcInsn(lib);
        mv.visitLdcInsn(symbol);
        mv.visitMethodInsn(
                INVOKESTATIC, UNIVERSAL, "function", "(Ljava/lang/String;Ljava/lang/String;)" + SEGMENT, false);
        mv.visitFieldInsn(PUTSTATIC, owner, "FN", SEGMENT);
        mv.visitLdcInsn(lib);
        mv.visitLdcInsn(symbol);
        mv.visitFieldInsn(GETSTATIC, owner, "FN", SEGMENT);
        mv.visitMethodInsn(
                INVOKESTATIC, UNIVERSAL, "critical", "(Ljava/lang/String;Ljava/lang/String;" + SEGMENT + ")Z", false);
        mv.visitFieldInsn(PUTSTATIC, owner, "CRITICAL", "Z");
        mv.visitInsn(RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /**
     * Into {@code ints} and {@code floats}, the code that loads each argument of the stub's
     * method {@code m} (at {@code slot}, or from the variadic area whose address is at {@code va})
     * as the long or double the universal handle takes.
     */
    private static void argumentLoads(
            MethodVisitor m,
            CSig s,
            int[] slot,
            int va,
            java.util.List<Runnable> ints,
            java.util.List<Runnable> floats) {
        java.util.List<CSig.CType> args = s.arguments();
        long off = 0;
        for (int k = 0; k < args.size(); k++) {
            if (k < s.params().size() && Universal.inOneRegister(args.get(k))) {
                int at = slot[k], size = (int) args.get(k).size();
                ints.add(
                        () -> { // the stub gets the struct's address; the register takes its bytes
                            m.visitVarInsn(LLOAD, at);
                            m.visitLdcInsn(size);
                            m.visitMethodInsn(INVOKESTATIC, UNIVERSAL, "aggregateArg", "(JI)J", false);
                        });
                continue;
            }
            char c = ((CSig.Scalar) args.get(k)).code();
            boolean fp = c == 'f' || c == 'd';
            Runnable load;
            if (k < s.params().size()) {
                int at = slot[k];
                load = switch (c) {
                    case 'f' ->
                        () -> {
                            m.visitVarInsn(FLOAD, at);
                            m.visitMethodInsn(INVOKESTATIC, UNIVERSAL, "floatArg", "(F)D", false);
                        };
                    case 'd' -> () -> m.visitVarInsn(DLOAD, at);
                    case 'l', 'm', 'p' -> () -> m.visitVarInsn(LLOAD, at);
                    default ->
                        () -> {
                            m.visitVarInsn(ILOAD, at);
                            m.visitInsn(I2L);
                        };
                };
            } else {
                long o = off;
                off += 8;
                load = () -> {
                    m.visitVarInsn(LLOAD, va);
                    if (o != 0) {
                        m.visitLdcInsn(o);
                        m.visitInsn(LADD);
                    }
                    m.visitMethodInsn(
                            INVOKESTATIC,
                            "jomp/runtime/mem/Mem",
                            fp ? "getDouble" : "getLong",
                            fp ? "(J)D" : "(J)J",
                            false);
                };
            }
            (fp ? floats : ints).add(load);
        }
    }

    private static void pushArguments(
            MethodVisitor mv, java.util.List<Runnable> ints, java.util.List<Runnable> floats) {
        for (int i = 0; i < Universal.INTS; i++) {
            if (i < ints.size()) ints.get(i).run();
            else mv.visitInsn(LCONST_0);
        }
        for (int i = 0; i < Universal.FLOATS; i++) {
            if (i < floats.size()) floats.get(i).run();
            else mv.visitInsn(DCONST_0);
        }
    }

    /** The universal handle's long or double as the C result jomp holds (abi.md): narrow integers from the low bits. */
    private static void universalResult(MethodVisitor mv, char c, Type ret) {
        switch (c) {
            case 'v' -> {
                mv.visitInsn(POP2);
                mv.visitInsn(RETURN);
                return;
            }
            case 'l', 'm', 'p', 'd' -> {}
            case 'f' -> mv.visitMethodInsn(INVOKESTATIC, UNIVERSAL, "floatResult", "(D)F", false);
            case 'c' -> {
                mv.visitInsn(L2I);
                mv.visitInsn(I2B);
            }
            case 's' -> {
                mv.visitInsn(L2I);
                mv.visitInsn(I2S);
            }
            case 't' -> {
                mv.visitInsn(L2I);
                mv.visitInsn(I2C);
            }
            case 'h' -> {
                mv.visitInsn(L2I);
                mv.visitIntInsn(SIPUSH, 0xff);
                mv.visitInsn(IAND);
            }
            case 'B' -> { // 0 or 1 from al, whatever the rest of rax holds
                mv.visitInsn(L2I);
                mv.visitIntInsn(SIPUSH, 0xff);
                mv.visitInsn(IAND);
                mv.visitIntInsn(SIPUSH, 0xff);
                mv.visitInsn(IADD);
                mv.visitIntInsn(BIPUSH, 8);
                mv.visitInsn(IUSHR);
            }
            default -> mv.visitInsn(L2I);
        }
        mv.visitInsn(ret.getOpcode(IRETURN));
    }

    /** Returns the result as jomp holds it: an unsigned char zero-extended (the JVM extends the others). */
    private static void normalise(MethodVisitor mv, CSig s, Type ret) {
        if (s.ret() instanceof CSig.Scalar r && r.code() == 'h') {
            mv.visitIntInsn(SIPUSH, 0xff);
            mv.visitInsn(IAND);
        }
        mv.visitInsn(ret.getOpcode(IRETURN));
    }

    private static void loadAll(MethodVisitor mv, Type[] params, int from) {
        int slot = from;
        for (Type p : params) {
            mv.visitVarInsn(p.getOpcode(ILOAD), slot);
            slot += p.getSize();
        }
    }

    /** jomp's JVM descriptor for a function of C signature {@code csig} (docs/design/abi.md). */
    static String jompDescriptor(CSig s) {
        StringBuilder sb = new StringBuilder("(");
        if (s.returnsAggregate()) sb.append('J');
        for (CSig.CType t : s.params()) sb.append(Type.getDescriptor(CSig.jompType(t)));
        if (s.variadic()) sb.append('J');
        sb.append(')');
        sb.append(s.returnsAggregate() ? "J" : Type.getDescriptor(CSig.jompType(s.ret())));
        return sb.toString();
    }
}
