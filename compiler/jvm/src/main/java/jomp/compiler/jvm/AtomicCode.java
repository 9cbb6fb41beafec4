package jomp.compiler.jvm;

import static org.objectweb.asm.Opcodes.*;

import java.util.function.Consumer;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Value;
import org.objectweb.asm.MethodVisitor;

/**
 * The IR's atomic instructions as bytecode: a VarHandle of {@code jomp.runtime.mem.Atomics} (one
 * per access size, over the segment that spans every address) invoked with the access mode that
 * matches the ordering, or, for what VarHandles cannot do (min, max, floating-point add), a
 * compare-and-exchange loop in {@code Atomics}. Each method leaves the instruction's result (if
 * any) on the stack.
 * <p>
 * Orderings: loads are {@code getOpaque} (monotonic), {@code getAcquire}, {@code getVolatile}
 * (seq_cst); stores {@code setOpaque}, {@code setRelease}, {@code setVolatile};
 * read-modify-writes and exchanges the {@code Acquire} or {@code Release} form for acquire and
 * release, otherwise the volatile form (Java has no relaxed read-modify-write; volatile is the
 * strongest and so right for monotonic, acq_rel and seq_cst); fences {@code acquireFence},
 * {@code releaseFence}, both for acq_rel, {@code fullFence} for seq_cst.
 */
final class AtomicCode {
    static final String ATOMICS = "jomp/runtime/mem/Atomics";
    private static final String VH = "java/lang/invoke/VarHandle";
    private static final String SEGMENT = "Ljava/lang/foreign/MemorySegment;";

    private final MethodVisitor mv;
    private final Consumer<Value> load;

    AtomicCode(MethodVisitor mv, Consumer<Value> load) {
        this.mv = mv;
        this.load = load;
    }

    void rmw(Insn.AtomicRmw a) {
        IrType t = a.dst().type();
        String d = desc(t);
        String helper = switch (a.op()) {
            case MAX -> "max";
            case MIN -> "min";
            case UMAX -> "umax";
            case UMIN -> "umin";
            case FADD -> "fadd";
            case FSUB -> "fsub";
            default -> null;
        };
        if (helper != null) {
            load.accept(a.addr());
            load.accept(a.value());
            mv.visitMethodInsn(
                    INVOKESTATIC,
                    ATOMICS,
                    helper
                            + (t == IrType.I32
                                    ? "Int"
                                    : t == IrType.I64 ? "Long" : t == IrType.F32 ? "Float" : "Double"),
                    "(J" + d + ")" + d,
                    false);
            return;
        }
        handle(t);
        load.accept(a.addr());
        load.accept(a.value());
        if (a.op() == Insn.RmwOp.SUB) mv.visitInsn(t.isWide() ? LNEG : INEG); // getAndAdd of -v
        String mode = switch (a.op()) {
            case XCHG -> "getAndSet";
            case ADD, SUB -> "getAndAdd";
            case AND -> "getAndBitwiseAnd";
            case OR -> "getAndBitwiseOr";
            case XOR -> "getAndBitwiseXor";
            default -> throw new IllegalStateException(a.op().spelling);
        };
        mv.visitMethodInsn(INVOKEVIRTUAL, VH, mode + suffix(a.ordering()), "(" + SEGMENT + "J" + d + ")" + d, false);
    }

    void cmpxchg(Insn.CmpXchg x) {
        IrType t = x.dst().type();
        String d = desc(t);
        if (t == IrType.I8 || t == IrType.I16) { // no VarHandle mode: a word exchange in Atomics
            load.accept(x.addr());
            load.accept(x.expected());
            load.accept(x.desired());
            mv.visitMethodInsn(
                    INVOKESTATIC,
                    ATOMICS,
                    t == IrType.I8 ? "cmpxchgByte" : "cmpxchgShort",
                    "(J" + d + d + ")" + d,
                    false);
            return;
        }
        handle(t);
        load.accept(x.addr());
        load.accept(x.expected());
        load.accept(x.desired());
        mv.visitMethodInsn(
                INVOKEVIRTUAL,
                VH,
                "compareAndExchange" + suffix(x.success()),
                "(" + SEGMENT + "J" + d + d + ")" + d,
                false);
    }

    void load(Insn.AtomicLoad l) {
        IrType t = l.dst().type();
        handle(t);
        load.accept(l.addr());
        String mode = switch (l.ordering()) {
            case MONOTONIC -> "getOpaque";
            case ACQUIRE -> "getAcquire";
            default -> "getVolatile";
        };
        mv.visitMethodInsn(INVOKEVIRTUAL, VH, mode, "(" + SEGMENT + "J)" + desc(t), false);
    }

    void store(Insn.AtomicStore s) {
        IrType t = s.value().type();
        handle(t);
        load.accept(s.addr());
        load.accept(s.value());
        String mode = switch (s.ordering()) {
            case MONOTONIC -> "setOpaque";
            case RELEASE -> "setRelease";
            default -> "setVolatile";
        };
        mv.visitMethodInsn(INVOKEVIRTUAL, VH, mode, "(" + SEGMENT + "J" + desc(t) + ")V", false);
    }

    void fence(Insn.Fence f) {
        switch (f.ordering()) {
            case ACQUIRE -> mv.visitMethodInsn(INVOKESTATIC, VH, "acquireFence", "()V", false);
            case RELEASE -> mv.visitMethodInsn(INVOKESTATIC, VH, "releaseFence", "()V", false);
            case ACQ_REL -> {
                mv.visitMethodInsn(INVOKESTATIC, VH, "acquireFence", "()V", false);
                mv.visitMethodInsn(INVOKESTATIC, VH, "releaseFence", "()V", false);
            }
            default -> mv.visitMethodInsn(INVOKESTATIC, VH, "fullFence", "()V", false);
        }
    }

    /** Pushes the handle for t and the segment (the handle's first coordinate). */
    private void handle(IrType t) {
        String field = switch (t) {
            case I8 -> "I8";
            case I16 -> "I16";
            case I32 -> "I32";
            case I64, PTR -> "I64";
            case F32 -> "F32";
            case F64 -> "F64";
            case VOID -> throw new IllegalStateException("void atomic");
        };
        mv.visitFieldInsn(GETSTATIC, ATOMICS, field, "L" + VH + ";");
        mv.visitFieldInsn(GETSTATIC, ATOMICS, "ALL", SEGMENT);
    }

    private static String suffix(Insn.Ordering o) {
        return switch (o) {
            case ACQUIRE -> "Acquire";
            case RELEASE -> "Release";
            default -> "";
        };
    }

    private static String desc(IrType t) {
        return switch (t) {
            case I8 -> "B";
            case I16 -> "S";
            case I32 -> "I";
            case I64, PTR -> "J";
            case F32 -> "F";
            case F64 -> "D";
            case VOID -> throw new IllegalStateException();
        };
    }
}
