package jomp.linker.host;

import static jomp.linker.host.HostLinker.MAIN;
import static jomp.linker.host.HostLinker.PROGRAM;
import static jomp.linker.host.HostLinker.REGISTRATION;
import static org.objectweb.asm.Opcodes.*;

import java.util.List;
import jomp.objfile.jvm.JvmNames;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Type;

/**
 * The classes the host link generates for the program's start (docs/design/abi.md, "The
 * executable and its start"): {@code jomp/link/Program}, which loads the data image and holds
 * the addresses the code uses ({@link ProgramClasses}), and {@code jomp/link/Main}, the JVM entry point that runs C's
 * {@code main}.
 */
final class StartupClasses {
    private static final String STACK = JvmNames.STACK;

    private StartupClasses() {}

    /**
     * What Main does around C's main: the unit defining main and main's descriptor, whether it
     * calls the offload registration, the libraries to open (and their run path), the constructor
     * functions {unit class, method}, and the program's OMPT tool {unit class, method, descriptor}
     * or null.
     */
    record Start(
            String unit,
            String mainDesc,
            boolean offload,
            List<String> needed,
            List<String> runPath,
            List<String[]> inits,
            String[] tool) {}

    /** A class writer whose frames need no class loading: only primitives and Object meet. */
    static ClassWriter classWriter() {
        return new ClassWriter(ClassWriter.COMPUTE_FRAMES) {
            @Override
            protected String getCommonSuperClass(String a, String b) {
                return "java/lang/Object";
            }
        };
    }

    private static void stringArray(MethodVisitor mv, List<String> values) {
        mv.visitLdcInsn(values.size());
        mv.visitTypeInsn(ANEWARRAY, "java/lang/String");
        for (int i = 0; i < values.size(); i++) {
            mv.visitInsn(DUP);
            mv.visitLdcInsn(i);
            mv.visitLdcInsn(values.get(i));
            mv.visitInsn(AASTORE);
        }
    }

    /** jomp/link/Main: the JVM entry point; argv in native memory, the constructors, C's main, exit with its status. */
    static byte[] main(Start start) {
        ClassWriter cw = classWriter();
        cw.visit(V25, ACC_PUBLIC | ACC_FINAL | ACC_SUPER, MAIN, null, "java/lang/Object", null);
        MethodVisitor mv = cw.visitMethod(ACC_PUBLIC | ACC_STATIC, "main", "([Ljava/lang/String;)V", null, null);
        mv.visitCode();
        // what would be a signal in C (stack overflow, integer division by zero) ends the program
        // by that signal (Startup.crash), not with a Java stack trace
        Label begin = new Label(), end = new Label(), crash = new Label();
        mv.visitTryCatchBlock(begin, end, crash, "java/lang/Throwable");
        mv.visitLabel(begin);
        beforeMain(mv, start);
        callMain(mv, start.unit(), start.mainDesc());
        mv.visitLabel(end);
        mv.visitInsn(RETURN);
        mv.visitLabel(crash);
        mv.visitMethodInsn(INVOKESTATIC, "jomp/runtime/start/Startup", "crash", "(Ljava/lang/Throwable;)V", false);
        mv.visitInsn(RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    /**
     * What runs before C's main, in the C runtime's order: the program name (kept in local 1), the
     * OMPT tool, the libraries, the data image, the offload registration, the constructors.
     */
    private static void beforeMain(MethodVisitor mv, Start start) {
        mv.visitMethodInsn(INVOKESTATIC, "jomp/runtime/start/Startup", "programName", "()Ljava/lang/String;", false);
        mv.visitInsn(DUP);
        mv.visitMethodInsn(INVOKESTATIC, "jomp/runtime/libc/Stdlib", "setProgramName", "(Ljava/lang/String;)V", false);
        mv.visitVarInsn(ASTORE, 1);
        String[] tool = start.tool();
        if (tool != null) { // the program's ompt_start_tool, for the tool search of the OpenMP runtime's start
            mv.visitLdcInsn(new Handle(H_INVOKESTATIC, tool[0], tool[1], tool[2], false));
            mv.visitMethodInsn(
                    INVOKESTATIC, "jomp/runtime/ompt/Tool", "linked", "(Ljava/lang/invoke/MethodHandle;)V", false);
        }
        if (!start.needed().isEmpty()) { // the libraries first, as ld.so maps them before the program runs
            stringArray(mv, start.needed());
            stringArray(mv, start.runPath());
            mv.visitMethodInsn(
                    INVOKESTATIC,
                    "jomp/runtime/ffi/NativeLibs",
                    "load",
                    "([Ljava/lang/String;[Ljava/lang/String;)V",
                    false);
        }
        mv.visitFieldInsn(GETSTATIC, PROGRAM, "base", "J"); // load the data image before main runs
        mv.visitInsn(POP2);
        // the offload registration (clang's __tgt_register_lib constructor) runs after the data image is in place
        if (start.offload()) mv.visitMethodInsn(INVOKESTATIC, REGISTRATION, "register", "()V", false);
        // then constructor attributes' functions, as the C runtime runs .init_array before main
        for (String[] init : start.inits()) {
            mv.visitMethodInsn(INVOKESTATIC, STACK, "current", "()L" + STACK + ";", false);
            mv.visitMethodInsn(INVOKESTATIC, init[0], init[1], "(L" + STACK + ";)V", false);
        }
    }

    /** C's main called with the parameters it declares (argc, argv, envp), then exit with its status. */
    private static void callMain(MethodVisitor mv, String unit, String mainDesc) {
        Type[] params = Type.getArgumentTypes(JvmNames.withoutStack(mainDesc)); // C's parameters: argc, argv, envp
        if (params.length >= 1) { // argc: the arguments plus argv[0]
            mv.visitVarInsn(ALOAD, 0);
            mv.visitInsn(ARRAYLENGTH);
            mv.visitInsn(ICONST_1);
            mv.visitInsn(IADD);
        }
        if (params.length >= 2) {
            mv.visitVarInsn(ALOAD, 1);
            mv.visitVarInsn(ALOAD, 0);
            mv.visitMethodInsn(
                    INVOKESTATIC,
                    "jomp/runtime/start/Startup",
                    "argv",
                    "(Ljava/lang/String;[Ljava/lang/String;)J",
                    false);
        }
        if (params.length >= 3) mv.visitMethodInsn(INVOKESTATIC, "jomp/runtime/start/Startup", "envp", "()J", false);
        mv.visitMethodInsn(INVOKESTATIC, STACK, "current", "()L" + STACK + ";", false);
        mv.visitMethodInsn(INVOKESTATIC, unit, "main", mainDesc, false);
        Type ret = Type.getReturnType(mainDesc);
        if (ret.getSort() == Type.VOID) mv.visitInsn(ICONST_0);
        else if (ret.getSize() == 2) mv.visitInsn(L2I);
        mv.visitMethodInsn(INVOKESTATIC, "jomp/runtime/libc/Stdlib", "exit", "(I)V", false);
    }
}
