/**
 * jomp IR: a typed control-flow graph per C function, in three-address form over virtual
 * registers (not SSA: a register may be assigned many times, so C locals whose address is never
 * taken are registers and need no phi), with the host ABI of docs/design/abi.md already applied
 * to signatures and calls. {@link jomp.frontend.ir.Module} is one translation unit;
 * {@link jomp.frontend.ir.IrBuilder} appends instructions; {@link jomp.frontend.ir.IrPrinter} and
 * {@link jomp.frontend.ir.IrParser} write and read the .jir text form.
 *
 * <p>Conventions the backends rely on:
 * <ul>
 * <li>C integer values narrower than int are held in i32 registers, already normalised to their C
 *     type by the lowering; i8 and i16 registers appear only as load results, store values and
 *     conversion operands, and are kept sign-extended.</li>
 * <li>Comparison results and conditions are i32 (condbr tests non-zero).</li>
 * <li>Struct, union and complex values are addresses (ptr). A struct-returning function has a
 *     hidden first ptr parameter and returns it. A variadic function's last parameter is
 *     {@code vaArea}; a call to it passes the area of 8-byte slots as its last argument.</li>
 * <li>Frame slots are allocated on the native stack at entry; alloca memory lives until return.</li>
 * </ul>
 */
package jomp.frontend.ir;
