package jomp.compiler.ir;

import java.util.List;
import java.util.Locale;

/**
 * A non-terminating instruction: three-address form over registers. Every instruction that
 * produces a value writes it to {@code dst}; the result type is {@code dst.type()}.
 */
public sealed interface Insn {

    /** The register written, or null. */
    Reg dst();

    /** Integer and floating-point arithmetic; both operands and the result have one type. */
    enum BinOp {
        ADD,
        SUB,
        MUL,
        /** Signed integer or floating-point division; integer division truncates toward zero. */
        DIV,
        UDIV,
        /** Signed remainder (sign of the dividend, as C says); also fmod-like for floats. */
        REM,
        UREM,
        AND,
        OR,
        XOR,
        /** Shifts take the count from the low bits of b (b has the same type as a). */
        SHL,
        SHR,
        USHR;
        public final String spelling = name().toLowerCase(Locale.ROOT);
    }

    enum UnOp {
        NEG,
        NOT,
        /*
         * The bit operations below take i32 or i64 and give a count or value of the same type; the
         * JVM compiles each to one instruction (tzcnt, lzcnt, popcnt, bswap), PTX to one or two.
         */
        /** Trailing zero bits; the width for 0 (C leaves __builtin_ctz(0) undefined). */
        CTZ,
        /** Leading zero bits; the width for 0. */
        CLZ,
        POPCOUNT,
        /** The bytes in reverse order. */
        BSWAP;
        public final String spelling = name().toLowerCase(Locale.ROOT);
    }

    /** Comparisons; the result is i32 0 or 1. On floats, all but NE are false when a NaN is involved. */
    enum CmpOp {
        EQ,
        NE,
        LT,
        LE,
        GT,
        GE,
        ULT,
        ULE,
        UGT,
        UGE;
        public final String spelling = name().toLowerCase(Locale.ROOT);
    }

    /**
     * Conversions between types, with the JVM meaning a backend gives them ({@code Fold} is the
     * reference implementation):
     * <ul>
     * <li>TRUNC to i8/i16 keeps the low bits sign-extended ({@code i2b}, {@code i2s}); to i32 is {@code l2i}.</li>
     * <li>SEXT widens a sign-extended value; ZEXT clears the bits above the source width first.</li>
     * <li>FPTOSI as {@code d2i}/{@code d2l}; FPTOUI is unsigned: i32 through {@code d2l} then {@code l2i},
     *     i64 correct up to 2^64. Out of range (undefined in C) the JVM backend gives x86-64's
     *     results, as gcc's programs get them (INT_MIN, LONG_MIN: {@code jomp.runtime.mem.Conv}); Fold
     *     does not fold such a value.</li>
     * <li>SITOFP/UITOFP from i32 or i64; UITOFP reads the source as unsigned, rounding once.</li>
     * <li>BITCAST reinterprets between types of one size (ptr and i64, f64 and i64, f32 and i32).</li>
     * </ul>
     * Integer DIV, UDIV, REM, UREM by zero are undefined in C (the JVM throws); shift counts use
     * the low 5 or 6 bits as the JVM does.
     */
    enum ConvOp {
        SEXT,
        ZEXT,
        TRUNC,
        FPTOSI,
        FPTOUI,
        SITOFP,
        UITOFP,
        FPEXT,
        FPTRUNC,
        BITCAST;
        public final String spelling = name().toLowerCase(Locale.ROOT);
    }

    /**
     * {@code %d = add i32 %a, %b}. Pointer arithmetic: {@code %d = add ptr %p, %n} with op ADD or
     * SUB, a of type ptr and b of type i64 (a byte offset), giving a ptr.
     */
    record Binary(BinOp op, Reg dst, Value a, Value b) implements Insn {}

    /** {@code %d = neg i32 %a} */
    record Unary(UnOp op, Reg dst, Value a) implements Insn {}

    /** {@code %d = lt i32 %a, %b}: dst is i32; the operand type is {@code a.type()}. */
    record Cmp(CmpOp op, Reg dst, Value a, Value b) implements Insn {}

    /** {@code %d = sext i8 %a to i32} */
    record Convert(ConvOp op, Reg dst, Value src) implements Insn {}

    /** {@code %d = copy i32 %a} */
    record Copy(Reg dst, Value src) implements Insn {}

    /**
     * {@code %d = load i32 %p}: reads dst's type from address p. A volatile load ({@code load
     * volatile}, C's volatile lvalues) is made even when its value is unused: it can fault, as
     * gcc's build of {@code *(volatile int *)0;} does at every -O.
     */
    record Load(Reg dst, Value addr, boolean isVolatile) implements Insn {
        public Load(Reg dst, Value addr) {
            this(dst, addr, false);
        }
    }

    /** {@code store i32 %v, %p} */
    record Store(Value value, Value addr) implements Insn {
        @Override
        public Reg dst() {
            return null;
        }
    }

    /** {@code %d = slotaddr $x.3}: the address of a frame slot. */
    record SlotAddr(Reg dst, Slot slot) implements Insn {}

    /** {@code %d = addr @x}: the address of a global variable or string literal. */
    record GlobalAddr(Reg dst, String symbol) implements Insn {}

    /** {@code %d = funcaddr @f}: a function pointer (a handle, see abi.md). */
    record FuncAddr(Reg dst, String symbol) implements Insn {}

    /** {@code %d = alloca i64 %n, 16}: dynamic stack allocation (VLAs), freed when the function returns. */
    record Alloca(Reg dst, Value size, int align) implements Insn {}

    /**
     * {@code %d = stacksave}: the current dynamic stack position (a ptr), so that the space
     * alloca took since can be released with {@link StackRestore} (a VLA leaving its scope).
     */
    record StackSave(Reg dst) implements Insn {}

    /** {@code stackrestore %p}: releases every alloca made since the matching stacksave. */
    record StackRestore(Value saved) implements Insn {
        @Override
        public Reg dst() {
            return null;
        }
    }

    /** {@code memcpy %d, %s, i64 16}: copies size bytes; the regions do not overlap. */
    record MemCopy(Value dstAddr, Value srcAddr, Value size) implements Insn {
        @Override
        public Reg dst() {
            return null;
        }
    }

    /** {@code memset %d, i32 0, i64 16}: fills size bytes with the low byte of value. */
    record MemSet(Value dstAddr, Value value, Value size) implements Insn {
        @Override
        public Reg dst() {
            return null;
        }
    }

    /**
     * {@code %d = call i32 (ptr, ...) @printf(ptr %f, ptr %va) "i(p|i)"}; dst is null for void calls or
     * unused results. {@code csig} is the call's C signature (jomp.compiler.lower.CSignature), which a
     * call to native code needs; null for calls the compiler makes to its own helpers.
     */
    record Call(Reg dst, String callee, FuncType type, List<Value> args, String csig) implements Insn {
        public Call {
            args = List.copyOf(args);
        }

        public Call(Reg dst, String callee, FuncType type, List<Value> args) {
            this(dst, callee, type, args, null);
        }

        public Call withArgs(Reg d, List<Value> a) {
            return new Call(d, callee, type, a, csig);
        }

        /**
         * A call of the C library's setjmp ({@code _setjmp} after glibc's macro, {@code __sigsetjmp},
         * {@code sigsetjmp}): it returns a second time when a longjmp comes back to it, so the
         * registers after it hold whatever the function last assigned them (the optimiser leaves
         * such functions alone; the JVM back end compiles the call in place).
         */
        public boolean returnsTwice() {
            return RETURNS_TWICE.contains(callee)
                    && type.ret() == IrType.I32
                    && !args.isEmpty()
                    && args.get(0).type() == IrType.PTR;
        }

        private static final java.util.Set<String> RETURNS_TWICE =
                java.util.Set.of("setjmp", "_setjmp", "__sigsetjmp", "sigsetjmp");
    }

    /** {@code %d = calli i32 (i32) %fp(i32 %x) "i(i)"}: a call through a function pointer (csig as in Call). */
    record CallIndirect(Reg dst, Value target, FuncType type, List<Value> args, String csig) implements Insn {
        public CallIndirect {
            args = List.copyOf(args);
        }

        public CallIndirect(Reg dst, Value target, FuncType type, List<Value> args) {
            this(dst, target, type, args, null);
        }

        public CallIndirect withArgs(Reg d, Value t, List<Value> a) {
            return new CallIndirect(d, t, type, a, csig);
        }
    }

    // ---- atomics (docs/design/frontend.md, "Atomic instructions") -----------------------------

    /**
     * A memory ordering, as LLVM (and C11) name them. {@code MONOTONIC} is C's relaxed: the access
     * is indivisible and ordered only with other accesses to the same location.
     */
    enum Ordering {
        MONOTONIC,
        ACQUIRE,
        RELEASE,
        ACQ_REL,
        SEQ_CST;
        public final String spelling = name().toLowerCase(Locale.ROOT);
        /** Whether the ordering has acquire semantics (a read side). */
        public boolean acquires() {
            return this == ACQUIRE || this == ACQ_REL || this == SEQ_CST;
        }
        /** Whether the ordering has release semantics (a write side). */
        public boolean releases() {
            return this == RELEASE || this == ACQ_REL || this == SEQ_CST;
        }
    }

    /**
     * Whom an atomic access or a fence synchronises with (OpenMP 6.0's memscope, LLVM's syncscope):
     * the threads of one contention group (a team: PTX {@code .cta}), of one device ({@code .gpu},
     * what an atomic without a scope has), or the whole system, host and devices ({@code .sys}).
     */
    enum Scope {
        CGROUP,
        DEVICE,
        SYSTEM;
        public final String spelling = name().toLowerCase(Locale.ROOT);
    }

    /**
     * The operation of an {@link AtomicRmw}: {@code *p = old op v}, returning old. MAX/MIN compare
     * signed, UMAX/UMIN unsigned; FADD/FSUB are floating-point (f32, f64). XCHG takes any type of 4
     * or 8 bytes (ptr included); the integer operations i32 and i64 only. Narrower integers and the
     * operations without an instruction (mul, div, shifts, float min/max) are cmpxchg loops the
     * lowering writes ({@code jomp.compiler.lower.AtomicLowering}).
     */
    enum RmwOp {
        XCHG,
        ADD,
        SUB,
        AND,
        OR,
        XOR,
        MAX,
        MIN,
        UMAX,
        UMIN,
        FADD,
        FSUB;
        public final String spelling = name().toLowerCase(Locale.ROOT);

        public boolean isFloat() {
            return this == FADD || this == FSUB;
        }
    }

    /**
     * {@code %old = atomicrmw add i32 %p, %v seq_cst}: indivisibly {@code old = *p; *p = old op v}.
     * dst (the old value, of v's type) is always there; a back end may drop it when nothing reads it
     * ({@code red} on PTX). {@code reassoc} ({@code atomicrmw reassoc fadd ...}) says the updates of
     * one location may be combined with each other before they reach it, in any grouping: a
     * reduction's combinations, whose order OpenMP leaves open, carry it; C's and OpenMP's atomics
     * do not, since combining two floating-point updates first rounds differently from applying them
     * one after the other in any order. A back end may use it (PTX: a warp adds its lanes' values
     * with shuffles and updates memory once) or ignore it. {@code scope} (printed after the
     * ordering when not {@code device}, as on the other atomics) says whom it synchronises with.
     */
    record AtomicRmw(RmwOp op, Reg dst, Value addr, Value value, Ordering ordering, boolean reassoc, Scope scope)
            implements Insn {
        public AtomicRmw(RmwOp op, Reg dst, Value addr, Value value, Ordering ordering) {
            this(op, dst, addr, value, ordering, false, Scope.DEVICE);
        }
    }

    /**
     * {@code %old = cmpxchg i64 %p, %expected, %desired acq_rel monotonic}: indivisibly
     * {@code old = *p; if (old == expected) *p = desired}; {@code success} orders the exchange,
     * {@code failure} (no release, no stronger than success) the read alone. Integer and ptr types
     * (floats go through bitcasts; i8 and i16 a back end exchanges within the aligned word around
     * them, as LLVM's partword expansion does), so success is exactly {@code eq old, expected}:
     * the instruction is strong (it never fails spuriously); a C {@code compare_exchange_weak} is
     * this strong form, which C allows.
     */
    record CmpXchg(Reg dst, Value addr, Value expected, Value desired, Ordering success, Ordering failure, Scope scope)
            implements Insn {
        public CmpXchg(Reg dst, Value addr, Value expected, Value desired, Ordering success, Ordering failure) {
            this(dst, addr, expected, desired, success, failure, Scope.DEVICE);
        }
    }

    /** {@code %d = load atomic i32 %p acquire}: an indivisible read (monotonic, acquire or seq_cst). */
    record AtomicLoad(Reg dst, Value addr, Ordering ordering, Scope scope) implements Insn {
        public AtomicLoad(Reg dst, Value addr, Ordering ordering) {
            this(dst, addr, ordering, Scope.DEVICE);
        }
    }

    /** {@code store atomic i32 %v, %p release}: an indivisible write (monotonic, release or seq_cst). */
    record AtomicStore(Value value, Value addr, Ordering ordering, Scope scope) implements Insn {
        public AtomicStore(Value value, Value addr, Ordering ordering) {
            this(value, addr, ordering, Scope.DEVICE);
        }

        @Override
        public Reg dst() {
            return null;
        }
    }

    /** {@code fence acq_rel device}: orders this thread's accesses before and after it (acquire, release, acq_rel, seq_cst). */
    record Fence(Ordering ordering, Scope scope) implements Insn {
        @Override
        public Reg dst() {
            return null;
        }
    }
}
