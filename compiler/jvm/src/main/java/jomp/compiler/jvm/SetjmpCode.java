package jomp.compiler.jvm;

import static org.objectweb.asm.Opcodes.*;

import java.util.ArrayList;
import java.util.List;
import jomp.compiler.ir.Insn;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;

/**
 * setjmp's second return, for one method (runtime: {@code jomp.runtime.libc.Setjmp}). Each direct
 * call of setjmp, {@code _setjmp}, {@code __sigsetjmp} or {@code sigsetjmp} becomes
 * {@code token = Setjmp.save(env); sp = stack.sp; result = 0;} followed by a label, and
 * the method's body is covered by one handler for {@code jomp.runtime.start.LongJump}: for the site whose token the
 * exception carries it puts the native stack pointer back (the abandoned callees' frames), sets
 * the call's result to the thrown value and jumps to the site's label; otherwise it throws on.
 * Every register's local is assigned before the body starts (JvmBackend zeroes them), so the
 * handler's frame and the label's agree. Locals then hold their latest values (the optimiser
 * leaves a function that calls setjmp as it is), which C requires of volatile ones and allows
 * for the others; frame memory is as the unwind left it.
 */
final class SetjmpCode {
    private static final String SETJMP = "jomp/runtime/libc/Setjmp",
            LONG_JUMP = "jomp/runtime/start/LongJump",
            STACK = "jomp/runtime/mem/Stack";

    /** A call site: its token and stack-pointer locals and the label after it. */
    private record Site(Insn.Call call, int token, int sp, Label after) {}

    private final MethodVisitor mv;
    /** The method's Stack parameter. */
    private final int stack;

    private final List<Site> sites = new ArrayList<>();
    private final Label start = new Label(), end = new Label(), handler = new Label();

    private SetjmpCode(MethodVisitor mv, int stack) {
        this.mv = mv;
        this.stack = stack;
    }

    /**
     * For a method with setjmp calls ({@link Insn.Call#returnsTwice} calls of no function of the
     * unit; else null): declares the handler and zeroes the sites' locals from {@code nextLocal}
     * on; {@link #begin} must follow before the body. {@code stack} is the method's Stack parameter.
     */
    static SetjmpCode of(MethodVisitor mv, List<Insn.Call> calls, int nextLocal, int stack) {
        if (calls.isEmpty()) return null;
        SetjmpCode s = new SetjmpCode(mv, stack);
        for (Insn.Call c : calls) {
            s.sites.add(new Site(c, nextLocal, nextLocal + 2, new Label()));
            nextLocal += 4;
            mv.visitInsn(LCONST_0);
            mv.visitVarInsn(LSTORE, nextLocal - 4);
            mv.visitInsn(LCONST_0);
            mv.visitVarInsn(LSTORE, nextLocal - 2);
        }
        mv.visitTryCatchBlock(s.start, s.end, s.handler, LONG_JUMP);
        return s;
    }

    /** The locals the sites take (two longs each). */
    int locals() {
        return 4 * sites.size();
    }

    void begin() {
        mv.visitLabel(start);
    }

    /** Whether the call is one of the sites (compiled by {@link #call}, not as a call). */
    boolean isSite(Insn.Call c) {
        for (Site s : sites) if (s.call == c) return true;
        return false;
    }

    /** The call in place of {@code invokestatic setjmp}; the env argument is on the operand stack, the result is left there. */
    void call(Insn.Call c, Runnable pushEnv) {
        Site s = site(c);
        pushEnv.run();
        mv.visitMethodInsn(INVOKESTATIC, SETJMP, "save", "(J)J", false);
        mv.visitVarInsn(LSTORE, s.token);
        mv.visitVarInsn(ALOAD, stack);
        mv.visitFieldInsn(GETFIELD, STACK, "sp", "J");
        mv.visitVarInsn(LSTORE, s.sp);
    }

    /** After the call's result is stored: where a longjmp resumes. */
    void after(Insn.Call c) {
        mv.visitLabel(site(c).after);
    }

    /** After the body: the handler; {@code exLocal} is a free local, {@code storeResult} stores an int into the call's result. */
    void end(int exLocal, java.util.function.Consumer<Insn.Call> storeResult) {
        mv.visitLabel(end);
        mv.visitLabel(handler);
        mv.visitVarInsn(ASTORE, exLocal);
        for (Site s : sites) {
            Label next = new Label();
            mv.visitVarInsn(ALOAD, exLocal);
            mv.visitFieldInsn(GETFIELD, LONG_JUMP, "token", "J");
            mv.visitVarInsn(LLOAD, s.token);
            mv.visitInsn(LCMP);
            mv.visitJumpInsn(IFNE, next);
            mv.visitVarInsn(ALOAD, stack);
            mv.visitVarInsn(LLOAD, s.sp);
            mv.visitFieldInsn(PUTFIELD, STACK, "sp", "J");
            if (s.call.dst() != null) {
                mv.visitVarInsn(ALOAD, exLocal);
                mv.visitFieldInsn(GETFIELD, LONG_JUMP, "value", "I");
                storeResult.accept(s.call);
            }
            mv.visitJumpInsn(GOTO, s.after);
            mv.visitLabel(next);
        }
        mv.visitVarInsn(ALOAD, exLocal);
        mv.visitInsn(ATHROW);
    }

    private Site site(Insn.Call c) {
        for (Site s : sites) if (s.call == c) return s;
        throw new IllegalStateException("setjmp call not found");
    }
}
