package jomp.runtime.libc;

import java.util.concurrent.atomic.AtomicLong;
import jomp.runtime.mem.Mem;
import jomp.runtime.start.LongJump;

/**
 * setjmp.h between jomp functions. A direct call of setjmp (glibc's macro makes it {@code _setjmp}),
 * {@code __sigsetjmp} or {@code sigsetjmp} is compiled in place (jomp.compiler.jvm.JvmBackend):
 * {@link #save} writes a token new to this call into the {@code jmp_buf}, the function keeps it
 * and the native stack pointer, and its handler for {@link LongJump} resumes after the call with
 * the thrown value when the tokens match (restoring the native stack of the frames it abandons),
 * else passes it on. longjmp throws: the JVM unwinds the frames between, as the C stack would be
 * abandoned. Only jomp frames can be unwound: a longjmp from native code, or through it, ends the
 * program ({@code Signals}), as does one to a setjmp whose function has returned (glibc's
 * {@code __longjmp_chk} aborts then too). The signal mask is not saved or restored.
 */
public final class Setjmp {
    private Setjmp() {}

    private static final AtomicLong TOKENS = new AtomicLong();

    /** The first return's work: a token for this call (never 0), stored in the jmp_buf. */
    public static long save(long env) {
        long token = TOKENS.incrementAndGet();
        Mem.putLong(env, token);
        return token;
    }

    // Called through a pointer, setjmp can return only once: the buffer gets a token no frame waits for.
    public static int setjmp(long env) {
        save(env);
        return 0;
    }

    public static int _setjmp(long env) {
        save(env);
        return 0;
    }

    public static int __sigsetjmp(long env, int savemask) {
        save(env);
        return 0;
    }

    public static int sigsetjmp(long env, int savemask) {
        save(env);
        return 0;
    }

    public static void longjmp(long env, int val) {
        throw new LongJump(Mem.getLong(env), val == 0 ? 1 : val);
    }

    public static void _longjmp(long env, int val) {
        longjmp(env, val);
    }

    public static void siglongjmp(long env, int val) {
        longjmp(env, val);
    }

    public static void __longjmp_chk(long env, int val) {
        longjmp(env, val);
    }
}
