package jomp.plugin.cuda;

/**
 * A failed CUDA driver call. The message names the call, CUDA's error name and its text, and,
 * for a failed PTX JIT compilation, the JIT's error log, e.g.
 * {@code cuModuleLoadDataEx: CUDA_ERROR_INVALID_PTX (a PTX JIT compilation failed): <log>}.
 */
public final class CudaException extends RuntimeException {
    private final String call;
    private final int result;
    private final String errorName;

    CudaException(String call, int result, String errorName, String errorText, String log) {
        super(message(call, errorName, errorText, log));
        this.call = call;
        this.result = result;
        this.errorName = errorName;
    }

    /** The driver function that failed, e.g. "cuMemAlloc_v2". */
    public String call() {
        return call;
    }

    /** The CUresult code. */
    public int result() {
        return result;
    }

    /** CUDA's name for the code, e.g. "CUDA_ERROR_OUT_OF_MEMORY". */
    public String errorName() {
        return errorName;
    }

    static String message(String call, String errorName, String errorText, String log) {
        StringBuilder sb = new StringBuilder(call).append(": ").append(errorName);
        if (errorText != null && !errorText.isEmpty())
            sb.append(" (").append(errorText).append(')');
        if (log != null && !log.isBlank()) sb.append(": ").append(log.strip());
        return sb.toString();
    }
}
