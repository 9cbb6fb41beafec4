package jomp.runtime.start;

/**
 * A longjmp on its way to the frame of the setjmp call whose token it carries (jomp.runtime.libc.Setjmp):
 * control flow, so it has no stack trace.
 */
public final class LongJump extends RuntimeException {
    /** The token setjmp stored in the jmp_buf. */
    public final long token;
    /** What that setjmp call returns now (never 0). */
    public final int value;

    public LongJump(long token, int value) {
        super(null, null, false, false);
        this.token = token;
        this.value = value;
    }
}
