/**
 * jomp IR: a typed control-flow graph per C function, in three-address form over virtual
 * registers (not SSA: a register may be assigned many times, so C locals whose address is never
 * taken are registers and need no phi), with the host ABI of docs/design/abi.md already applied
 * to signatures and calls. {@link jomp.compiler.ir.Module} is one translation unit;
 * {@link jomp.compiler.ir.IrBuilder} appends instructions; {@link jomp.compiler.ir.IrPrinter} and
 * {@link jomp.compiler.ir.IrParser} write and read the .jir text form.
 *
 * <p>Conventions the backends rely on:
 * <ul>
 * <li>A register read but never assigned (a C local never given a value) reads as zero in every
 *     back end and in the IR interpreter; the text gives it the type its uses give it.</li>
 * <li>C integer values narrower than int are held in i32 registers, already normalised to their C
 *     type by the lowering; i8 and i16 registers appear only as load results, store values and
 *     conversion operands, and are kept sign-extended.</li>
 * <li>Comparison results and conditions are i32 (condbr tests non-zero).</li>
 * <li>Struct, union and complex values are addresses (ptr). A struct-returning function has a
 *     hidden first ptr parameter and returns it. A variadic function's last parameter is
 *     {@code vaArea}; a call to it passes the area of 8-byte slots as its last argument.</li>
 * <li>Frame slots are allocated on the native stack at entry; alloca memory lives until return.</li>
 * <li>Pointer arithmetic is {@code add ptr %p, %n} / {@code sub ptr %p, %n} with an i64 byte
 *     offset; {@code bitcast} converts between ptr and i64.</li>
 * <li>Symbols may contain '.', as clang's do ({@code .str.1}, {@code f.x} for a block-scope static):
 *     a backend with stricter name rules mangles them.</li>
 * </ul>
 *
 * <p>Text form (.jir), one item per line, {@code ;} starts a comment:
 * <pre>
 * module "file.c" [debug "file.c"]        ; debug: compiled with -g, lines of this C file
 * declare RET (T, ..., ...) @name ["csig"] ; extern function with its ABI signature (and C prototype)
 * declare data @name                       ; extern object
 * offload_entry @name size N flags F
 * global [static] [readonly] @name size N align A (zero | data "bytes\hh") [reloc OFF @sym [+ ADD]]...
 * func [static] [weak] [declare_target] [spmd] [kernel_args(N)] [alwaysinline] [noinline] [flatten]
 *      RET @name(T %p.0, ..., [...%va.N]) ["csig"] {   ; csig: the C signature (lower.CSignature)
 *   slot $name.N size S align A
 * label:
 *   %d = add|sub|mul|div|udiv|rem|urem|and|or|xor|shl|shr|ushr T a, b
 *   %d = neg|not T a
 *   %d = cmp eq|ne|lt|le|gt|ge|ult|ule|ugt|uge T a, b
 *   %d = sext|zext|trunc|fptosi|fptoui|sitofp|uitofp|fpext|fptrunc|bitcast T a to T2
 *   %d = copy T a
 *   %d = load T p              store T v, p
 *   %d = load volatile T p     (C's volatile lvalues: kept even when %d is unused)
 *   %d = slotaddr $s           %d = addr @global           %d = funcaddr @function
 *   %d = alloca i64 n, align A  %d = stacksave           stackrestore p
 *   memcpy d, s, i64 n         memset d, i32 v, i64 n
 *   [%d =] call RET (T, ...) @f(T a, ...) ["csig"]      [%d =] calli RET (T, ...) %fp(T a, ...) ["csig"]
 *   br L     condbr T c, L1, L2     switch T v, default L [k: L1, ...]     ret T v | ret void
 *   line N                   ; -g: what follows in the block comes from source line N
 * }
 * </pre>
 * Registers print as {@code %id} or {@code %name.id}; constants take the type written before them.
 */
package jomp.compiler.ir;
