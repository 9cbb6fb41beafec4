package jomp.compiler.jvm;

import static org.objectweb.asm.Opcodes.*;

import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IrType;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;

/**
 * The IR's arithmetic, comparisons and conversions as bytecode, on operands already on the
 * stack (MethodGen loads them and stores the result), and the shortest instructions for
 * constants. i8 and i16 results stay sign-extended, as the IR's convention says.
 */
final class ArithmeticCode {
    private static final String CONV = "jomp/runtime/mem/Conv";

    private final MethodVisitor mv;

    ArithmeticCode(MethodVisitor mv) {
        this.mv = mv;
    }

    void pushInt(int v) {
        if (v >= -1 && v <= 5) mv.visitInsn(ICONST_0 + v);
        else if (v >= Byte.MIN_VALUE && v <= Byte.MAX_VALUE) mv.visitIntInsn(BIPUSH, v);
        else if (v >= Short.MIN_VALUE && v <= Short.MAX_VALUE) mv.visitIntInsn(SIPUSH, v);
        else mv.visitLdcInsn(v);
    }

    void pushLong(long v) {
        if (v == 0) mv.visitInsn(LCONST_0);
        else if (v == 1) mv.visitInsn(LCONST_1);
        else mv.visitLdcInsn(v);
    }

    /** a op b of type t; wideCount: a shift's count is an i64 (shifted by its low bits). */
    void binary(Insn.BinOp op, IrType t, boolean wideCount) {
        boolean wide = t.isWide(), isF = t == IrType.F32, isD = t == IrType.F64;
        switch (op) {
            case ADD -> mv.visitInsn(wide ? LADD : isF ? FADD : isD ? DADD : IADD);
            case SUB -> mv.visitInsn(wide ? LSUB : isF ? FSUB : isD ? DSUB : ISUB);
            case MUL -> mv.visitInsn(wide ? LMUL : isF ? FMUL : isD ? DMUL : IMUL);
            case DIV -> mv.visitInsn(wide ? LDIV : isF ? FDIV : isD ? DDIV : IDIV);
            case REM -> mv.visitInsn(wide ? LREM : isF ? FREM : isD ? DREM : IREM);
            case UDIV -> unsignedCall(wide, "divideUnsigned", t);
            case UREM -> unsignedCall(wide, "remainderUnsigned", t);
            case AND -> mv.visitInsn(wide ? LAND : IAND);
            case OR -> mv.visitInsn(wide ? LOR : IOR);
            case XOR -> mv.visitInsn(wide ? LXOR : IXOR);
            case SHL, SHR, USHR -> {
                if (wideCount) mv.visitInsn(L2I);
                int shift = op == Insn.BinOp.SHL
                        ? (wide ? LSHL : ISHL)
                        : op == Insn.BinOp.SHR ? (wide ? LSHR : ISHR) : (wide ? LUSHR : IUSHR);
                mv.visitInsn(shift);
            }
        }
        normalise(t);
    }

    private void unsignedCall(boolean wide, String name, IrType t) {
        if (wide) mv.visitMethodInsn(INVOKESTATIC, "java/lang/Long", name, "(JJ)J", false);
        else {
            if (t == IrType.I8 || t == IrType.I16) throw new IllegalStateException("unsigned " + t + " arithmetic");
            mv.visitMethodInsn(INVOKESTATIC, "java/lang/Integer", name, "(II)I", false);
        }
    }

    /** Keeps i8/i16 results sign-extended, as the IR's convention says. */
    private void normalise(IrType t) {
        if (t == IrType.I8) mv.visitInsn(I2B);
        else if (t == IrType.I16) mv.visitInsn(I2S);
    }

    /** -a or ~a of type t. */
    void unary(Insn.UnOp op, IrType t) {
        if (op == Insn.UnOp.NEG) {
            mv.visitInsn(t.isWide() ? LNEG : t == IrType.F32 ? FNEG : t == IrType.F64 ? DNEG : INEG);
        } else if (op != Insn.UnOp.NOT) {
            bitOp(op, t.isWide());
        } else if (t.isWide()) {
            pushLong(-1L);
            mv.visitInsn(LXOR);
        } else {
            mv.visitInsn(ICONST_M1);
            mv.visitInsn(IXOR);
        }
        normalise(t);
    }

    /** The JDK methods C2 compiles to one instruction each (tzcnt, lzcnt, popcnt, bswap). */
    private void bitOp(Insn.UnOp op, boolean wide) {
        String name = switch (op) {
            case CTZ -> "numberOfTrailingZeros";
            case CLZ -> "numberOfLeadingZeros";
            case POPCOUNT -> "bitCount";
            default -> "reverseBytes";
        };
        boolean count = op != Insn.UnOp.BSWAP;
        if (!wide) mv.visitMethodInsn(INVOKESTATIC, "java/lang/Integer", name, "(I)I", false);
        else mv.visitMethodInsn(INVOKESTATIC, "java/lang/Long", name, count ? "(J)I" : "(J)J", false);
        if (wide && count) mv.visitInsn(I2L);
    }

    /** Jumps to {@code target} when a op b holds, a and b of type t. */
    void jumpIf(IrType t, Insn.CmpOp op, Label target) {
        switch (t) {
            case I8, I16, I32 -> {
                switch (op) {
                    case EQ -> mv.visitJumpInsn(IF_ICMPEQ, target);
                    case NE -> mv.visitJumpInsn(IF_ICMPNE, target);
                    case LT -> mv.visitJumpInsn(IF_ICMPLT, target);
                    case LE -> mv.visitJumpInsn(IF_ICMPLE, target);
                    case GT -> mv.visitJumpInsn(IF_ICMPGT, target);
                    case GE -> mv.visitJumpInsn(IF_ICMPGE, target);
                    default -> {
                        mv.visitMethodInsn(INVOKESTATIC, "java/lang/Integer", "compareUnsigned", "(II)I", false);
                        mv.visitJumpInsn(zeroJump(op), target);
                    }
                }
            }
            case I64, PTR -> {
                if (op.ordinal() >= Insn.CmpOp.ULT.ordinal()) {
                    mv.visitMethodInsn(INVOKESTATIC, "java/lang/Long", "compareUnsigned", "(JJ)I", false);
                } else {
                    mv.visitInsn(LCMP);
                }
                mv.visitJumpInsn(zeroJump(op), target);
            }
            case F32, F64 -> {
                boolean d = t == IrType.F64;
                // NaN must make every comparison but != false: pick the NaN result accordingly
                boolean nanIsGreater =
                        op == Insn.CmpOp.LT || op == Insn.CmpOp.LE || op == Insn.CmpOp.ULT || op == Insn.CmpOp.ULE;
                mv.visitInsn(d ? (nanIsGreater ? DCMPG : DCMPL) : (nanIsGreater ? FCMPG : FCMPL));
                mv.visitJumpInsn(zeroJump(op), target);
            }
            case VOID -> throw new IllegalStateException("void comparison");
        }
    }

    private static int zeroJump(Insn.CmpOp op) {
        return switch (op) {
            case EQ -> IFEQ;
            case NE -> IFNE;
            case LT, ULT -> IFLT;
            case LE, ULE -> IFLE;
            case GT, UGT -> IFGT;
            case GE, UGE -> IFGE;
        };
    }

    /** Converts the value on the stack from one register type to another. */
    void convert(Insn.ConvOp op, IrType from, IrType to) {
        switch (op) {
            case SEXT, ZEXT, TRUNC -> convertInteger(op, from, to);
            case FPTOSI, FPTOUI, SITOFP, UITOFP -> convertNumber(op, from, to);
            case FPEXT -> mv.visitInsn(F2D);
            case FPTRUNC -> mv.visitInsn(D2F);
            case BITCAST -> bitcast(from, to);
        }
    }

    /** sext, zext, trunc: between integer types. */
    private void convertInteger(Insn.ConvOp op, IrType from, IrType to) {
        switch (op) {
            case SEXT -> {
                if (!from.isWide() && to.isWide()) mv.visitInsn(I2L);
                normalise(to);
            }
            case ZEXT -> {
                if (from == IrType.I8) {
                    pushInt(0xFF);
                    mv.visitInsn(IAND);
                } else if (from == IrType.I16) {
                    pushInt(0xFFFF);
                    mv.visitInsn(IAND);
                }
                if (to.isWide() && !from.isWide()) {
                    mv.visitInsn(I2L);
                    if (from == IrType.I32) {
                        pushLong(0xFFFF_FFFFL);
                        mv.visitInsn(LAND);
                    }
                }
            }
            case TRUNC -> {
                if (from.isWide() && !to.isWide()) mv.visitInsn(L2I);
                normalise(to);
            }
            default -> throw new IllegalArgumentException(op.toString());
        }
    }

    /** fptosi, fptoui, sitofp, uitofp: between integer and floating-point types. */
    private void convertNumber(Insn.ConvOp op, IrType from, IrType to) {
        switch (op) {
            // through Conv, which gives x86's results out of range (the JVM would saturate)
            case FPTOSI -> {
                if (from == IrType.F32) mv.visitInsn(F2D);
                if (to.isWide()) mv.visitMethodInsn(INVOKESTATIC, CONV, "d2l", "(D)J", false);
                else {
                    mv.visitMethodInsn(INVOKESTATIC, CONV, "d2i", "(D)I", false);
                    normalise(to);
                }
            }
            case FPTOUI -> {
                if (from == IrType.F32) mv.visitInsn(F2D);
                if (to.isWide()) mv.visitMethodInsn(INVOKESTATIC, CONV, "d2ul", "(D)J", false);
                else {
                    mv.visitMethodInsn(INVOKESTATIC, CONV, "d2ui", "(D)I", false);
                    normalise(to);
                }
            }
            case SITOFP -> {
                if (from.isWide()) mv.visitInsn(to == IrType.F64 ? L2D : L2F);
                else mv.visitInsn(to == IrType.F64 ? I2D : I2F);
            }
            case UITOFP -> {
                if (from.isWide()) {
                    mv.visitMethodInsn(
                            INVOKESTATIC,
                            CONV,
                            to == IrType.F64 ? "ul2d" : "ul2f",
                            to == IrType.F64 ? "(J)D" : "(J)F",
                            false);
                } else {
                    if (from == IrType.I8) {
                        pushInt(0xFF);
                        mv.visitInsn(IAND);
                    } else if (from == IrType.I16) {
                        pushInt(0xFFFF);
                        mv.visitInsn(IAND);
                    }
                    mv.visitInsn(I2L);
                    pushLong(0xFFFF_FFFFL);
                    mv.visitInsn(LAND);
                    mv.visitInsn(to == IrType.F64 ? L2D : L2F);
                }
            }
            default -> throw new IllegalArgumentException(op.toString());
        }
    }

    /** The same bits as another type. */
    private void bitcast(IrType from, IrType to) {
        if (from == IrType.F64 && to.isWide())
            mv.visitMethodInsn(INVOKESTATIC, "java/lang/Double", "doubleToRawLongBits", "(D)J", false);
        else if (from.isWide() && to == IrType.F64)
            mv.visitMethodInsn(INVOKESTATIC, "java/lang/Double", "longBitsToDouble", "(J)D", false);
        else if (from == IrType.F32 && to == IrType.I32)
            mv.visitMethodInsn(INVOKESTATIC, "java/lang/Float", "floatToRawIntBits", "(F)I", false);
        else if (from == IrType.I32 && to == IrType.F32)
            mv.visitMethodInsn(INVOKESTATIC, "java/lang/Float", "intBitsToFloat", "(I)F", false);
        // ptr <-> i64: the same long
    }
}
