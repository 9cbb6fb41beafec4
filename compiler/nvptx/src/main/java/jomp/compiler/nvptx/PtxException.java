package jomp.compiler.nvptx;

/** IR the NVPTX backend cannot translate; the message names the function and the construct. */
public final class PtxException extends RuntimeException {
    public PtxException(String message) { super(message); }
}
