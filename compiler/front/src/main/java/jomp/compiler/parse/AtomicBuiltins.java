package jomp.compiler.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import jomp.compiler.ast.Expr;
import jomp.compiler.diag.SourceLocation;
import jomp.compiler.sema.Sema;
import jomp.compiler.type.Type;

/**
 * GCC's atomic builtins, as clang 19 types them: the legacy {@code __sync_*} family (sequentially
 * consistent) and the {@code __atomic_*_n} family with a memory-order argument ({@code __ATOMIC_*}
 * macros), plus {@code __atomic_thread_fence}/{@code __atomic_signal_fence} and the lock-free
 * queries. The location is a pointer to an integer or pointer of 1, 2, 4 or 8 bytes (as gcc and
 * clang want it for these forms); the value operands are converted to its type. The lowering makes them the IR's atomic instructions
 * ({@code jomp.compiler.lower.AtomicLowering.builtin}).
 */
final class AtomicBuiltins {
    /** The names (in preprocess, so that __has_builtin knows them too). */
    static final Set<String> NAMES = jomp.compiler.preprocess.Extensions.ATOMIC_BUILTINS;

    private final Parser p;

    AtomicBuiltins(Parser p) {
        this.p = p;
    }

    Expr call(String n, List<Expr> args, SourceLocation loc) {
        int want = arity(n);
        if (args.size() != want) {
            p.diags.error(
                    args.size() > want ? args.get(want).loc() : p.prev().loc,
                    "too " + (args.size() > want ? "many" : "few") + " arguments to function call, expected " + want
                            + ", have " + args.size());
            return BuiltinCalls.builtin(n, Type.INT, List.of(), loc);
        }
        switch (n) {
            case "__sync_synchronize" -> {
                return BuiltinCalls.builtin(n, Type.VOID, List.of(), loc);
            }
            case "__atomic_thread_fence", "__atomic_signal_fence" -> {
                return BuiltinCalls.builtin(n, Type.VOID, List.of(order(args.get(0))), loc);
            }
            case "__atomic_always_lock_free", "__atomic_is_lock_free" -> {
                long size = p.exprs.constInt(args.get(0));
                p.exprs.rvalue(args.get(1));
                boolean free = size == 1 || size == 2 || size == 4 || size == 8;
                return new Expr.IntLit(free ? 1 : 0, Type.BOOL, loc);
            }
            case "__atomic_load", "__atomic_store", "__atomic_exchange", "__atomic_compare_exchange" -> {
                return generic(n, args, loc);
            }
            case "__atomic_test_and_set", "__atomic_clear" -> { // on the byte at a pointer of any type
                Expr a = args.get(0);
                Expr ptr = p.sema.assignConvert(
                        p.exprs.rvalue(a),
                        Type.pointerTo(Type.VOID.qualified(Type.VOLATILE)),
                        Sema.Context.PASS,
                        a.loc(),
                        a);
                Type ret = n.equals("__atomic_clear") ? Type.VOID : Type.BOOL;
                return BuiltinCalls.builtin(n, ret, List.of(ptr, order(args.get(1))), loc);
            }
            default -> {}
        }
        Expr ptr = p.exprs.rvalue(args.get(0));
        Type t = location(n, ptr, args.get(0));
        if (t == null) return BuiltinCalls.builtin(n, Type.INT, List.of(), loc);
        return operation(n, ptr, t, args, loc);
    }

    /**
     * GCC's generic forms, whose value operands are pointers to objects of the location's type (any
     * complete type: structs too): each pointer is passed as a {@code T *} as clang passes it
     * (warning as for a call's argument). The lowering copies the bytes with one atomic instruction
     * where the object has 1, 2, 4 or 8 bytes and is that aligned, under the runtime's lock otherwise
     * (gcc calls libatomic there).
     */
    private Expr generic(String n, List<Expr> args, SourceLocation loc) {
        Expr ptr = p.exprs.rvalue(args.get(0));
        Type t = ptr.type().isPointer() ? ptr.type().base : null;
        if (t == null) {
            p.diags.error(
                    args.get(0).loc(),
                    "address argument to atomic builtin must be a pointer ('" + ptr.type() + "' invalid)");
            return BuiltinCalls.builtin(n, Type.INT, List.of(), loc);
        }
        if (t.isVoid() || !t.isComplete() || t.isFunction()) {
            p.diags.error(args.get(0).loc(), "incomplete type '" + t + "' where a complete type is required");
            return BuiltinCalls.builtin(n, Type.INT, List.of(), loc);
        }
        if (t.isConst() && !n.equals("__atomic_load")) {
            p.diags.error(
                    loc,
                    "address argument to atomic operation must be a pointer to non-const type ('" + ptr.type()
                            + "' invalid)");
            return BuiltinCalls.builtin(n, Type.INT, List.of(), loc);
        }
        Type to = Type.pointerTo(t.unqualified());
        List<Expr> ops = new ArrayList<>();
        ops.add(ptr);
        int pointers = switch (n) {
            case "__atomic_exchange", "__atomic_compare_exchange" -> 3;
            default -> 2;
        };
        for (int i = 1; i < pointers; i++) {
            Expr a = args.get(i);
            ops.add(p.sema.assignConvert(p.exprs.rvalue(a), to, Sema.Context.PASS, a.loc(), a));
        }
        if (n.equals("__atomic_compare_exchange")) ops.add(p.sema.convert(p.exprs.rvalue(args.get(3)), Type.INT));
        for (int i = ops.size(); i < args.size(); i++) ops.add(order(args.get(i)));
        return BuiltinCalls.builtin(n, n.equals("__atomic_compare_exchange") ? Type.BOOL : Type.VOID, ops, loc);
    }

    /** The type of the location ptr (written: arg) points to; null after reporting a wrong one. */
    private Type location(String n, Expr ptr, Expr arg) {
        Type t = ptr.type().isPointer() ? ptr.type().base : null;
        if (t == null
                || !(t.isInteger() || t.isPointer())
                || t.kind == Type.Kind.INT128
                || t.size() != 1 && t.size() != 2 && t.size() != 4 && t.size() != 8) {
            p.diags.error(
                    arg.loc(),
                    "address argument to atomic builtin must be a pointer to integer or pointer ('" + ptr.type()
                            + "' invalid)");
            return null;
        }
        if (t.isConst() && !n.equals("__atomic_load_n")) {
            p.diags.error(
                    arg.loc(),
                    "address argument to atomic operation must be a pointer to non-const type ('" + ptr.type()
                            + "' invalid)");
            return null;
        }
        return t;
    }

    /** The operation n on the location ptr (of type t): its operands converted, and its type. */
    private Expr operation(String n, Expr ptr, Type t, List<Expr> args, SourceLocation loc) {
        Type vt = t.unqualified();
        List<Expr> ops = new ArrayList<>();
        ops.add(ptr);
        Type ret;
        switch (n) {
            case "__sync_val_compare_and_swap", "__sync_bool_compare_and_swap" -> {
                ops.add(value(args.get(1), vt));
                ops.add(value(args.get(2), vt));
                ret = n.startsWith("__sync_bool") ? Type.BOOL : vt;
            }
            case "__sync_lock_release" -> ret = Type.VOID;
            case "__atomic_load_n" -> {
                ops.add(order(args.get(1)));
                ret = vt;
            }
            case "__atomic_store_n" -> {
                ops.add(value(args.get(1), vt));
                ops.add(order(args.get(2)));
                ret = Type.VOID;
            }
            case "__atomic_compare_exchange_n" -> {
                Expr expected = p.exprs.rvalue(args.get(1));
                if (!expected.type().isPointer() || expected.type().base.size() != vt.size()) {
                    p.diags.error(
                            args.get(1).loc(),
                            "the expected-value argument of __atomic_compare_exchange_n must point to a '" + vt + "'");
                    return BuiltinCalls.builtin(n, Type.INT, List.of(), loc);
                }
                ops.add(expected);
                ops.add(value(args.get(2), vt));
                ops.add(p.sema.convert(p.exprs.rvalue(args.get(3)), Type.INT));
                ops.add(order(args.get(4)));
                ops.add(order(args.get(5)));
                ret = Type.BOOL;
            }
            default -> { // the fetch-and-op family (on a pointer the operand is a byte count, as in gcc), exchanges
                boolean exchange = n.equals("__atomic_exchange_n") || n.equals("__sync_lock_test_and_set");
                ops.add(value(args.get(1), t.isPointer() && !exchange ? Type.LONG : vt));
                if (n.startsWith("__atomic_")) ops.add(order(args.get(2)));
                ret = vt;
            }
        }
        return BuiltinCalls.builtin(n, ret, ops, loc);
    }

    private Expr value(Expr e, Type t) {
        return p.sema.convert(p.exprs.rvalue(e), t);
    }

    private Expr order(Expr e) {
        return p.sema.convert(p.exprs.rvalue(e), Type.INT);
    }

    private static int arity(String n) {
        return switch (n) {
            case "__sync_synchronize" -> 0;
            case "__atomic_thread_fence", "__atomic_signal_fence", "__sync_lock_release" -> 1;
            case "__atomic_load_n",
                    "__atomic_always_lock_free",
                    "__atomic_is_lock_free",
                    "__atomic_test_and_set",
                    "__atomic_clear" -> 2;
            case "__atomic_load", "__atomic_store" -> 3;
            case "__atomic_exchange" -> 4;
            case "__sync_val_compare_and_swap",
                    "__sync_bool_compare_and_swap",
                    "__atomic_store_n",
                    "__atomic_exchange_n" -> 3;
            case "__atomic_compare_exchange_n", "__atomic_compare_exchange" -> 6;
            default -> n.startsWith("__sync_") ? 2 : 3;
        };
    }
}
