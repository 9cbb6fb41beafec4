package jomp.compiler.ast;

import java.util.List;
import jomp.compiler.diag.SourceLocation;
import jomp.compiler.type.Binary128;
import jomp.compiler.type.Member;
import jomp.compiler.type.Type;

/**
 * An expression with its type. The parser makes every implicit conversion explicit as a
 * {@link Cast} (implicit = true), decays arrays and functions through {@link Unary.Op#ADDR}-free
 * {@link Decay} nodes, and scales pointer arithmetic: an {@link Binary.Op#ADD}/{@link Binary.Op#SUB}
 * whose type is a pointer adds a {@code long} BYTE offset (right operand) to the pointer (left);
 * pointer difference is {@code (long)(p - q) / sizeof(*p)} spelled out with {@link Binary.Op#PTR_DIFF}
 * giving a byte difference. So lowering needs no knowledge of C's conversion rules.
 */
public sealed interface Expr {
    Type type();

    SourceLocation loc();

    /** An integer constant (also character constants, enumerators, folded sizeof). */
    record IntLit(long value, Type type, SourceLocation loc) implements Expr {}
    /**
     * A floating constant; float-typed literals hold the double of their float value, a
     * {@code __float128} one its exact binary128 value in quad too (value is the nearest double).
     */
    record FloatLit(double value, Type type, SourceLocation loc, Binary128 quad) implements Expr {
        public FloatLit(double value, Type type, SourceLocation loc) {
            this(value, type, loc, null);
        }
    }
    /**
     * A string literal: an lvalue array of {@code type.base} (char, or int/unsigned short/unsigned int
     * for L, u, U prefixes) whose bytes (little-endian elements, terminating zero included) are {@code bytes}.
     */
    record StrLit(byte[] bytes, Type type, SourceLocation loc) implements Expr {}
    /** A variable or function designator. Lvalue (for objects). */
    record VarRef(Var var, Type type, SourceLocation loc) implements Expr {}
    /** Array-to-pointer or function-to-pointer conversion of an lvalue; type is the pointer. */
    record Decay(Expr operand, Type type, SourceLocation loc) implements Expr {}

    record Unary(Op op, Expr operand, Type type, SourceLocation loc) implements Expr {
        /** ADDR: &lvalue; DEREF: *pointer (lvalue); NEG, BITNOT, NOT (result int), PLUS (already promoted). */
        public enum Op {
            NEG,
            PLUS,
            BITNOT,
            NOT,
            ADDR,
            DEREF,
            REAL,
            IMAG
        }
    }

    /** Binary operators; operands already converted to the operation type (shifts: left promoted, right promoted separately). */
    record Binary(Op op, Expr left, Expr right, Type type, SourceLocation loc) implements Expr {
        /** Comparisons and LOGAND/LOGOR have type int; COMMA has the right operand's type. PTR_DIFF: byte difference (long). */
        public enum Op {
            ADD,
            SUB,
            MUL,
            DIV,
            MOD,
            SHL,
            SHR,
            BITAND,
            BITOR,
            BITXOR,
            EQ,
            NE,
            LT,
            LE,
            GT,
            GE,
            LOGAND,
            LOGOR,
            COMMA,
            PTR_DIFF
        }
    }

    /** Simple assignment; value already converted to the target's unqualified type. Type = target's unqualified type. */
    record Assign(Expr target, Expr value, Type type, SourceLocation loc) implements Expr {}

    /**
     * {@code target op= value}: load target, convert it to {@code opType}, apply op with value (already of
     * opType; for pointer targets opType is the pointer type and value a long byte offset), convert back and store.
     * The result is the stored value, of the target's unqualified type.
     */
    record CompoundAssign(Binary.Op op, Expr target, Expr value, Type opType, Type type, SourceLocation loc)
            implements Expr {}

    /** ++/-- (prefix or postfix). step: 1 for arithmetic, sizeof(*p) bytes for pointers. */
    record IncDec(Expr target, boolean prefix, boolean increment, long step, Type type, SourceLocation loc)
            implements Expr {}

    /** cond ? then : otherwise; arms converted to the result type (void arms allowed). cond is a scalar. */
    record Cond(Expr cond, Expr then, Expr otherwise, Type type, SourceLocation loc) implements Expr {}

    /** A conversion; implicit ones come from C's rules, explicit ones from a cast in the source. */
    record Cast(Expr operand, Type type, boolean implicit, SourceLocation loc) implements Expr {}

    /**
     * An operator on GCC vectors, element by element: binary op (unary null) on left and right, or
     * unaryOp (NEG, PLUS, BITNOT) on right (left null). An operand is a vector of the result's
     * length or a scalar already converted to the element type; comparisons give a vector of
     * signed integers of the elements' size, each 0 or -1. Not an lvalue.
     */
    record VectorOp(Binary.Op op, Unary.Op unaryOp, Expr left, Expr right, Type type, SourceLocation loc)
            implements Expr {}

    /**
     * A call. callee is an expression of pointer-to-function type (a designator decays). args are
     * converted to the parameter types, or default-promoted beyond the prototype / for old-style functions.
     * {@code funcType} is the callee's function type; {@code direct} is the function when called by name.
     */
    record Call(Expr callee, List<Expr> args, Type funcType, Var direct, Type type, SourceLocation loc)
            implements Expr {}

    /** s.m (lvalue if s is); p->m is Member(Deref(p)). For bit-fields read member.bitWidth/bitOffset. */
    record Member(Expr base, jomp.compiler.type.Member member, Type type, SourceLocation loc) implements Expr {}

    /** A compound literal (T){...}: an lvalue backed by the hidden variable var (static at file scope). */
    record CompoundLiteral(Var var, Initializer init, Type type, SourceLocation loc) implements Expr {}

    /** sizeof of a variably modified type, computed at run time (type: unsigned long). */
    record VlaSizeof(Type vlaType, Type type, SourceLocation loc) implements Expr {}

    /** __builtin_va_start(ap, last), __builtin_va_end(ap), __builtin_va_copy(dst, src). */
    record VaOp(Kind kind, List<Expr> args, Type type, SourceLocation loc) implements Expr {
        public enum Kind {
            START,
            END,
            COPY
        }
    }
    /** __builtin_va_arg(ap, T): the next variadic argument as type T (ap is a va_list lvalue). */
    record VaArg(Expr ap, Type type, SourceLocation loc) implements Expr {}

    /**
     * A GNU statement expression {@code ({ stmts; result; })}: body runs, then result (null: the
     * value is void) gives the value; result was the block's last expression statement.
     */
    record StmtExpr(Stmt.Compound body, Expr result, Type type, SourceLocation loc) implements Expr {}

    /**
     * GNU {@code &&label}: the address of a label of the function being defined, a {@code void *}.
     * Such an address is {@code value}, a small number the label has in its function (1, 2, ... in
     * the order the function takes them): {@code goto *p} dispatches on it (abi.md, "Computed
     * goto"), static tables hold it as data, and differences of two are constants.
     */
    record LabelAddr(String label, long value, Type type, SourceLocation loc) implements Expr {}

    /** Is this expression an lvalue (C11 6.3.2.1)? */
    static boolean isLvalue(Expr e) {
        return switch (e) {
            case VarRef v -> !v.var().isFunction();
            case Unary u ->
                u.op() == Unary.Op.DEREF
                        || (u.op() == Unary.Op.REAL || u.op() == Unary.Op.IMAG) // GNU: __real__ z = 1
                                && u.operand().type().isComplex
                                && isLvalue(u.operand());
            case Member m -> isLvalue(m.base());
            case StrLit s -> true;
            case CompoundLiteral c -> true;
            default -> false;
        };
    }
}
