package jomp.compiler.nvptx;

/** IR the NVPTX backend cannot translate; the message names the function and the construct. */
public final class PtxException extends jomp.compiler.codegen.BackEnd.Refusal {
    public PtxException(String message) {
        super(message);
    }
}
