package jomp.compiler.ir;

/** An instruction operand: a virtual register or a constant. */
public sealed interface Value permits Reg, IntConst, FloatConst {
    IrType type();
}
