/**
 * The NVPTX backend: jomp IR → PTX text for one {@code sm_XX} ({@link jomp.compiler.nvptx.PtxBackend}).
 * {@link jomp.compiler.nvptx.PtxFunction} translates one function's instructions (its calls with
 * {@link jomp.compiler.nvptx.CallEmitter}, its atomics with {@link jomp.compiler.nvptx.AtomicEmitter}),
 * {@link jomp.compiler.nvptx.PtxData} the globals, {@link jomp.compiler.nvptx.PtxText} spells
 * names, types and immediates; {@link jomp.compiler.nvptx.LibCalls} and
 * {@link jomp.compiler.nvptx.PrintfFormat} handle math.h and printf on the device;
 * {@link jomp.compiler.nvptx.Intrinsics} turns clang's {@code __nvvm_*} builtins (thread
 * indexes, barriers, atomics, shuffles) into PTX instructions, for the device runtime in C
 * ({@link jomp.compiler.nvptx.DeviceRuntime}: {@code compiler/devrt/src/main/devrt/devrt.c}, compiled to IR when
 * jomp is built), whose IR is linked into every module, keeping only what the generated code
 * reaches, with the libdevice functions it calls ({@link jomp.compiler.nvptx.Libdevice});
 * {@link jomp.compiler.nvptx.KernelEntry} writes each kernel's {@code .entry} (generic mode or
 * SPMD). docs/design/nvptx.md describes the design.
 *
 * <p>Mapping: i8/i16/i32 in {@code .b32} registers (narrow ones sign-extended, as the IR keeps
 * them), i64/ptr in {@code .b64}, f32/f64 in {@code .f32}/{@code .f64}; every memory access is
 * generic ({@code ld}/{@code st} without a state space); frame slots are a per-call
 * {@code .local} array; alloca/stacksave/stackrestore are PTX's own (PTX ISA 7.3+, sm_52+);
 * calls follow the PTX call ABI with {@code .param} variables; indirect calls use
 * {@code .callprototype}. Functions not defined in the module are {@code .extern .func}
 * declarations for the device link to resolve.
 */
package jomp.compiler.nvptx;
