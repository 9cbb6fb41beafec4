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
        if (n.startsWith("__c11_atomic_")) return c11(n, args, loc);
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
        Type at = ptr.type().isPointer() ? ptr.type().base : null;
        if (at != null && at.isAtomic() && !lockFreeScalar(at) && n.endsWith("_n") && !n.contains("fetch"))
            return viaC11(n, ptr, at, args, loc);
        Type t = location(n, ptr, args.get(0));
        if (t == null) return BuiltinCalls.builtin(n, Type.INT, List.of(), loc);
        return operation(n, ptr, t, args, loc);
    }

    /**
     * clang's {@code __c11_atomic_*} builtins (what its stdatomic.h calls): the location is an
     * {@code _Atomic} object, the operation GCC's {@code __atomic_*_n} on its value type (init a
     * relaxed store, which no other thread may see yet anyway); fetch_add and fetch_sub of an atomic
     * pointer count elements (clang scales them; GCC's count bytes).
     */
    private Expr c11(String n, List<Expr> args, SourceLocation loc) {
        String op = n.substring("__c11_atomic_".length());
        int want = switch (op) {
            case "thread_fence", "signal_fence", "is_lock_free" -> 1;
            case "init", "load" -> 2;
            case "compare_exchange_strong", "compare_exchange_weak" -> 5;
            default -> 3;
        };
        if (args.size() != want) {
            p.diags.error(
                    args.size() > want ? args.get(want).loc() : p.prev().loc,
                    "too " + (args.size() > want ? "many" : "few") + " arguments to function call, expected " + want
                            + ", have " + args.size());
            return BuiltinCalls.builtin(n, Type.INT, List.of(), loc);
        }
        switch (op) {
            case "thread_fence", "signal_fence" -> {
                return BuiltinCalls.builtin("__atomic_" + op, Type.VOID, List.of(order(args.get(0))), loc);
            }
            case "is_lock_free" -> {
                long size = p.exprs.constInt(args.get(0));
                return new Expr.IntLit(size == 1 || size == 2 || size == 4 || size == 8 ? 1 : 0, Type.BOOL, loc);
            }
            default -> {}
        }
        Expr ptr = p.exprs.rvalue(args.get(0));
        Type t = ptr.type().isPointer() ? ptr.type().base : null;
        String bad = null;
        if (t == null || !t.isAtomic()) bad = "_Atomic type";
        else if (t.isConst() && !op.equals("load")) bad = "non-const _Atomic type";
        else if (op.equals("fetch_and") || op.equals("fetch_or") || op.equals("fetch_xor") || op.equals("fetch_nand")) {
            if (!t.isInteger()) bad = "atomic integer";
        } else if (op.startsWith("fetch_")) {
            if (!t.isInteger() && !t.isPointer() && !t.isFloat())
                bad = "atomic integer, pointer or supported floating point type";
        }
        if (bad != null) {
            p.diags.error(
                    loc,
                    "address argument to atomic operation must be a pointer to " + bad + " ('" + ptr.type()
                            + "' invalid)");
            return BuiltinCalls.builtin(n, Type.INT, List.of(), loc);
        }
        Type vt = t.unqualified();
        boolean scalar = lockFreeScalar(vt);
        if (!scalar && !op.startsWith("fetch_")) return inMemory(n, op, ptr, vt, args, loc);
        if (!scalar) {
            p.diags.error(
                    loc,
                    n + " on '" + t + "' is not supported by jomp yet (only on integers, pointers, float and double)");
            return BuiltinCalls.builtin(n, Type.INT, List.of(), loc);
        }
        List<Expr> ops = new ArrayList<>();
        ops.add(new Expr.Cast(ptr, Type.pointerTo(vt), false, ptr.loc()));
        switch (op) {
            case "init", "store" -> {
                ops.add(value(args.get(1), vt));
                ops.add(op.equals("init") ? new Expr.IntLit(0, Type.INT, loc) : order(args.get(2)));
                return BuiltinCalls.builtin("__atomic_store_n", Type.VOID, ops, loc);
            }
            case "load" -> {
                ops.add(order(args.get(1)));
                return BuiltinCalls.builtin("__atomic_load_n", vt, ops, loc);
            }
            case "compare_exchange_strong", "compare_exchange_weak" -> {
                Expr e = args.get(1);
                ops.add(p.sema.assignConvert(p.exprs.rvalue(e), Type.pointerTo(vt), Sema.Context.PASS, e.loc(), e));
                ops.add(value(args.get(2), vt));
                ops.add(new Expr.IntLit(op.endsWith("weak") ? 1 : 0, Type.INT, loc));
                ops.add(order(args.get(3)));
                ops.add(order(args.get(4)));
                return BuiltinCalls.builtin("__atomic_compare_exchange_n", Type.BOOL, ops, loc);
            }
            case "exchange" -> {
                ops.add(value(args.get(1), vt));
                ops.add(order(args.get(2)));
                return BuiltinCalls.builtin("__atomic_exchange_n", vt, ops, loc);
            }
            default -> { // fetch_op
                if (vt.isPointer()) {
                    Expr count = value(args.get(1), Type.LONG);
                    long scale = Math.max(vt.base.isComplete() ? vt.base.size() : 1, 1);
                    ops.add(new Expr.Binary(
                            Expr.Binary.Op.MUL, count, new Expr.IntLit(scale, Type.LONG, loc), Type.LONG, loc));
                } else ops.add(value(args.get(1), vt));
                ops.add(order(args.get(2)));
                return BuiltinCalls.builtin("__atomic_" + op, vt, ops, loc);
            }
        }
    }

    private static boolean lockFreeScalar(Type t) {
        return t.isScalar() && !t.isComplex && t.kind != Type.Kind.INT128 && t.size() <= 8;
    }

    /**
     * {@code __atomic_load_n}, {@code _store_n}, {@code _exchange_n} or {@code _compare_exchange_n}
     * on an {@code _Atomic} struct (complex number, __int128), which gcc and clang refuse: jomp's
     * stdatomic.h calls them for C11's atomic_load, atomic_store, atomic_exchange and
     * atomic_compare_exchange_*, which take any _Atomic object (gcc's header goes through the
     * generic forms, clang's through __c11_atomic_*), so they become clang's __c11_atomic_* on it.
     */
    private Expr viaC11(String n, Expr ptr, Type at, List<Expr> args, SourceLocation loc) {
        String op = n.substring("__atomic_".length(), n.length() - 2);
        if (op.equals("compare_exchange")) {
            p.exprs.rvalue(args.get(3)); // weak: a strong exchange is a weak one that never fails spuriously
            List<Expr> c11 = new ArrayList<>(args);
            c11.remove(3);
            return inMemory(
                    "__c11_atomic_compare_exchange_strong", "compare_exchange_strong", ptr, at.unqualified(), c11, loc);
        }
        return inMemory("__c11_atomic_" + op, op, ptr, at.unqualified(), args, loc);
    }

    /**
     * A {@code __c11_atomic_*} load, store, exchange or compare-exchange on an {@code _Atomic} object
     * no one instruction of jomp's moves (a struct of any size, a complex number, an __int128): it
     * keeps clang's name and takes its values (clang calls libatomic); the lowering moves the bytes as
     * GCC's generic forms do (one instruction where 1, 2, 4 or 8 bytes are aligned, else the runtime's lock).
     */
    private Expr inMemory(String n, String op, Expr ptr, Type vt, List<Expr> args, SourceLocation loc) {
        List<Expr> ops = new ArrayList<>();
        ops.add(new Expr.Cast(ptr, Type.pointerTo(vt), false, ptr.loc()));
        int value = 1;
        if (op.startsWith("compare_exchange")) {
            Expr e = args.get(1);
            ops.add(p.sema.assignConvert(p.exprs.rvalue(e), Type.pointerTo(vt), Sema.Context.PASS, e.loc(), e));
            value = 2;
        }
        if (!op.equals("load")) {
            Expr e = args.get(value);
            ops.add(p.sema.assignConvert(p.exprs.rvalue(e), vt, Sema.Context.PASS, e.loc(), e));
        }
        if (op.equals("init")) ops.add(new Expr.IntLit(0, Type.INT, loc));
        else for (int i = op.equals("load") ? 1 : value + 1; i < args.size(); i++) ops.add(order(args.get(i)));
        Type ret = switch (op) {
            case "load", "exchange" -> vt;
            case "init", "store" -> Type.VOID;
            default -> Type.BOOL;
        };
        return BuiltinCalls.builtin(n, ret, ops, loc);
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
