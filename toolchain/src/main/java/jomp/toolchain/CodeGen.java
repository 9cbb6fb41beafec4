package jomp.toolchain;

/**
 * Which of cc1's code generators makes a target's device code (the frontend's
 * {@code jomp.compiler.cc1.DeviceCodeGen} runs it, for cc1's device compile and for -foffload-lto at
 * the link).
 */
public enum CodeGen {
    /** JVM classes in a jomp ELF object ({@code jomp.compiler.jvm.JvmBackend}); no assembler. */
    JVM,
    /** PTX text for one {@code sm_XX} ({@code jomp.compiler.nvptx.PtxBackend}), written as a {@code .s} file. */
    PTX
}
