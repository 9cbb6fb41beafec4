package jomp.compiler.parse;

import java.util.ArrayList;
import java.util.List;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.Var;
import jomp.compiler.diag.SourceLocation;
import jomp.compiler.lex.Token;
import jomp.compiler.preprocess.Extensions;
import jomp.compiler.sema.ConstEval;
import jomp.compiler.sema.Sema;
import jomp.compiler.type.Binary128;
import jomp.compiler.type.Type;
import jomp.compiler.type.TypePrinter;
import jomp.compiler.type.Types;

/**
 * Calls of GCC's and clang's {@code __builtin_*} functions, as the system's headers and C programs
 * use them. Each is checked and typed as clang does; what is known at compile time is folded here
 * ({@code constant_p}, {@code object_size}, {@code classify_type}, the floating constants, and the
 * bit operations on constant operands, which stay integer constant expressions); the rest becomes
 * a call of the builtin that lowering turns into instructions ({@code BuiltinLowering}), never a
 * call of a library function. {@code __builtin_memcpy} and the other library builtins call the
 * library function of that name.
 */
final class BuiltinCalls {
    /** Is name a builtin called like a function ({@code __builtin_memcpy} included)? */
    static boolean isBuiltin(String name) {
        return Extensions.BUILTINS.contains(name)
                || AtomicBuiltins.NAMES.contains(name)
                || name.startsWith("__builtin_") && LibraryFunction.find(name.substring(10)) != null;
    }

    private final Parser p;

    BuiltinCalls(Parser p) {
        this.p = p;
    }

    /** Parses {@code __builtin_NAME(args)} at its name. */
    Expr call(Token t) {
        p.pos++;
        Token open = p.tok();
        p.expect("(");
        List<Expr> args = new ArrayList<>();
        if (!p.at(")")) {
            do args.add(p.exprs.assign());
            while (p.consume(","));
        }
        p.expectClose(")", open);
        String n = t.text;
        SourceLocation loc = t.loc;
        if (AtomicBuiltins.NAMES.contains(n)) return new AtomicBuiltins(p).call(n, args, loc);
        if (!Extensions.BUILTINS.contains(n)) return library(t, args);
        if (!argumentCount(n, args)) return error(loc);
        String base = n.substring(10);
        switch (base) {
            case "va_start", "va_end", "va_copy" -> {
                return vaBuiltin(t, args);
            }
            case "expect", "expect_with_probability" -> {
                return expect(n, args, loc);
            }
            case "complex" -> {
                return complex(t, args);
            }
            case "constant_p" -> {
                return constantP(args.get(0), loc);
            }
            case "object_size", "dynamic_object_size" -> {
                return objectSize(args, loc);
            }
            case "classify_type" -> {
                return new Expr.IntLit(classify(args.get(0).type()), Type.INT, loc);
            }
            case "unreachable", "trap" -> {
                return builtin(n, Type.VOID, List.of(), loc);
            }
            case "assume" -> {
                return new Expr.Cast(new Expr.IntLit(0, Type.INT, loc), Type.VOID, false, loc);
            }
            case "prefetch" -> {
                return prefetch(n, args, loc);
            }
            case "alloca", "alloca_with_align" -> {
                return alloca(args, loc);
            }
            case "assume_aligned" -> {
                return assumeAligned(args);
            }
            case "LINE" -> {
                return new Expr.IntLit(loc.presumedLine(), Type.INT, loc);
            }
            case "FILE", "FUNCTION" -> {
                return fileOrFunction(base, loc);
            }
            case "cpu_init", "cpu_supports", "cpu_is" -> {
                return CpuBuiltins.call(p, base, args, loc);
            }
            case "fabsq", "fabsf128", "copysignq", "copysignf128", "sqrtf128" -> {
                return quad(n, args, loc);
            }
            default -> {}
        }
        if (base.startsWith("inf") || base.startsWith("huge_val") || base.startsWith("nan"))
            return floatConstant(base, args, loc);
        if (base.startsWith("bswap")) return bswap(n, Integer.parseInt(base.substring(5)), args.get(0), loc);
        if (base.equals("isfpclass")) return isFpClass(n, args, loc);
        if (base.startsWith("is") || base.startsWith("signbit") || base.equals("fpclassify"))
            return classification(n, base, args, loc);
        return bits(base, args.get(0), loc);
    }

    /** Builtin n's number of arguments (arity(n)'s range); reports clang's error and gives false if args are not. */
    private boolean argumentCount(String n, List<Expr> args) {
        int[] arity = arity(n);
        if (args.size() >= arity[0] && args.size() <= arity[1]) return true;
        int want = args.size() < arity[0] ? arity[0] : arity[1];
        p.diags.error(
                args.size() > want ? args.get(want).loc() : p.prev().loc,
                "too " + (args.size() > want ? "many" : "few")
                        + " arguments to function call, expected "
                        + (arity[0] == arity[1] ? "" : args.size() < arity[0] ? "at least " : "at most ")
                        + want + ", have " + args.size());
        return false;
    }

    /** __builtin_expect(e, c), __builtin_expect_with_probability(e, c, p): e, folded when both are constants. */
    private Expr expect(String n, List<Expr> args, SourceLocation loc) {
        Expr a = p.sema.convert(p.exprs.rvalue(args.get(0)), Type.LONG);
        Expr b = p.sema.convert(p.exprs.rvalue(args.get(1)), Type.LONG);
        Long c = ConstEval.integer(a);
        if (c != null && ConstEval.integer(b) != null) return new Expr.IntLit(c, Type.LONG, loc);
        return builtin(n, Type.LONG, List.of(a, b), loc);
    }

    /** __builtin_constant_p(a): 1 for an integer constant expression, a floating literal or a string literal. */
    private Expr constantP(Expr a, SourceLocation loc) {
        boolean k = ConstEval.integer(p.exprs.rvalue(a)) != null
                || a instanceof Expr.FloatLit
                || a instanceof Expr.Decay d && d.operand() instanceof Expr.StrLit;
        return new Expr.IntLit(k ? 1 : 0, Type.INT, loc);
    }

    /** __builtin_prefetch(p, rw, locality): the address; the others are constants. */
    private Expr prefetch(String n, List<Expr> args, SourceLocation loc) {
        List<Expr> ops = new ArrayList<>();
        ops.add(p.exprs.rvalue(args.get(0)));
        for (int i = 1; i < args.size(); i++) p.exprs.constInt(args.get(i));
        return builtin(n, Type.VOID, ops, loc);
    }

    /** __builtin_assume_aligned(p, align[, offset]): p as a void pointer. */
    private Expr assumeAligned(List<Expr> args) {
        Expr ptr = p.exprs.rvalue(args.get(0));
        for (int i = 1; i < args.size(); i++) p.exprs.rvalue(args.get(i));
        return p.sema.convert(ptr, Type.pointerTo(Type.VOID));
    }

    /** __builtin_object_size(p, type), __builtin_dynamic_object_size(p, type): type 0-3. */
    private Expr objectSize(List<Expr> args, SourceLocation loc) {
        Expr ptr = p.exprs.rvalue(args.get(0));
        if (!ptr.type().isPointer()) return badArg(args.get(0), "void *");
        long type = p.exprs.constInt(args.get(1));
        if (type < 0 || type > 3) {
            p.diags.error(args.get(1).loc(), "argument value " + type + " is outside the valid range [0, 3]");
            return error(loc);
        }
        return new Expr.IntLit(ObjectSize.of(ptr, (int) type), Type.ULONG, loc);
    }

    /** __builtin_alloca(size), __builtin_alloca_with_align(size, bits): one __builtin_alloca(size[, bytes]). */
    private Expr alloca(List<Expr> args, SourceLocation loc) {
        List<Expr> ops = new ArrayList<>();
        ops.add(p.sema.convert(p.exprs.rvalue(args.get(0)), Type.ULONG));
        if (args.size() > 1) {
            long bits = p.exprs.constInt(args.get(1));
            if (bits < 8 || Long.bitCount(bits) != 1) {
                p.diags.error(args.get(1).loc(), "requested alignment must be a power of 2 and at least 8 bits");
                return error(loc);
            }
            ops.add(new Expr.IntLit(bits / 8, Type.ULONG, loc));
        }
        return builtin("__builtin_alloca", Type.pointerTo(Type.VOID), ops, loc);
    }

    /** __builtin_FILE(), __builtin_FUNCTION(): the name as a string literal. */
    private Expr fileOrFunction(String base, SourceLocation loc) {
        String s =
                base.equals("FILE") ? loc.presumedFile() : p.currentFunction() == null ? "" : p.currentFunction().name;
        byte[] b = java.util.Arrays.copyOf(s.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1), s.length() + 1);
        Type at = Type.arrayOf(Type.CHAR.qualified(Type.CONST), b.length);
        return new Expr.Decay(new Expr.StrLit(b, at, loc), Type.pointerTo(at.base), loc);
    }

    /** __builtin_va_start(ap, last), __builtin_va_end(ap), __builtin_va_copy(dst, src). */
    private Expr vaBuiltin(Token t, List<Expr> args) {
        String n = t.text;
        Expr.VaOp.Kind k = n.endsWith("start")
                ? Expr.VaOp.Kind.START
                : n.endsWith("end") ? Expr.VaOp.Kind.END : Expr.VaOp.Kind.COPY;
        if (k == Expr.VaOp.Kind.START && (p.currentFunction() == null || !p.currentFunction().type.variadic))
            p.diags.error(t.loc, "'va_start' used in function with fixed args");
        else if (k == Expr.VaOp.Kind.START
                && !p.currentParams().isEmpty()
                && !(args.get(1) instanceof Expr.VarRef r
                        && r.var() == p.currentParams().get(p.currentParams().size() - 1)))
            p.diags.warning(
                    args.get(1).loc(), "second argument to 'va_start' is not the last named parameter", "-Wvarargs");
        if (k != Expr.VaOp.Kind.END && !Expr.isLvalue(args.get(0)))
            p.diags.error(args.get(0).loc(), "expression is not assignable");
        List<Expr> ops = new ArrayList<>();
        ops.add(args.get(0));
        if (k != Expr.VaOp.Kind.END) ops.add(k == Expr.VaOp.Kind.COPY ? p.exprs.rvalue(args.get(1)) : args.get(1));
        return new Expr.VaOp(k, ops, Type.VOID, t.loc);
    }

    /** The least and most arguments a builtin takes. */
    private static int[] arity(String n) {
        String base = n.substring(10);
        return switch (base) {
            case "unreachable", "trap", "LINE", "FILE", "FUNCTION", "cpu_init" -> new int[] {0, 0};
            case "va_end",
                    "cpu_supports",
                    "cpu_is",
                    "constant_p",
                    "classify_type",
                    "assume",
                    "alloca",
                    "nan",
                    "nanf",
                    "nanl",
                    "nans",
                    "nansf",
                    "nansl",
                    "bswap16",
                    "bswap32",
                    "bswap64",
                    "isnan",
                    "isinf",
                    "isfinite",
                    "isnormal",
                    "isinf_sign",
                    "signbit",
                    "signbitf",
                    "signbitl" -> new int[] {1, 1};
            case "va_start",
                    "va_copy",
                    "complex",
                    "expect",
                    "object_size",
                    "dynamic_object_size",
                    "alloca_with_align",
                    "isgreater",
                    "isgreaterequal",
                    "isless",
                    "islessequal",
                    "islessgreater",
                    "isunordered",
                    "isfpclass" -> new int[] {2, 2};
            case "expect_with_probability" -> new int[] {3, 3};
            case "copysignq", "copysignf128" -> new int[] {2, 2};
            case "assume_aligned" -> new int[] {2, 3};
            case "prefetch" -> new int[] {1, 3};
            case "fpclassify" -> new int[] {6, 6};
            default -> base.startsWith("inf") || base.startsWith("huge_val") ? new int[] {0, 0} : new int[] {1, 1};
        };
    }

    private static Expr error(SourceLocation loc) {
        return new Expr.IntLit(0, Parser.ERROR, loc);
    }

    /** A call of the builtin n, which lowering expands. */
    static Expr builtin(String n, Type ret, List<Expr> args, SourceLocation loc) {
        List<Type> ps = new ArrayList<>();
        for (Expr a : args) ps.add(a.type());
        Type ft = Type.func(ret, ps, false, false);
        Var fn = new Var(n, ft, loc, false);
        return new Expr.Call(new Expr.VarRef(fn, ft, loc), args, ft, fn, ret, loc);
    }

    private Expr badArg(Expr a, String want) {
        p.diags.error(
                a.loc(),
                "passing " + TypePrinter.quoteAka(a.type()) + " to parameter of incompatible type '" + want + "'");
        return error(a.loc());
    }

    /** __builtin_memcpy(...) and friends: a call of the library function, declared as the library declares it. */
    private Expr library(Token t, List<Expr> args) {
        String name = t.text.substring(10);
        Var fn = p.fileScopeFunction(name);
        Type ft = fn != null ? fn.type : LibraryFunction.find(name).type();
        if (fn == null) {
            fn = new Var(name, ft, t.loc, false);
            fn.storage = Var.Storage.EXTERN;
        }
        return p.calls.check(new Expr.VarRef(fn, ft, t.loc), args, t, p.prev());
    }

    private Expr complex(Token t, List<Expr> args) {
        Expr re = p.exprs.rvalue(args.get(0)), im = p.exprs.rvalue(args.get(1));
        Type rt = re.type().unqualified(), it = im.type().unqualified();
        if (!rt.isFloat() || !it.isFloat()) {
            Expr bad = rt.isFloat() ? im : re;
            p.diags.error(
                    bad.loc(),
                    "argument type " + TypePrinter.quoteAka(bad.type()) + " is not a real floating point type");
            return error(t.loc);
        }
        if (rt.kind != it.kind) {
            p.diags.error(
                    re.loc(),
                    "arguments are of different types (" + TypePrinter.quoteAka(rt) + " vs " + TypePrinter.quoteAka(it)
                            + ")");
            return error(t.loc);
        }
        // _Float16 parts make a _Complex _Float16, as in gcc (clang 19 refuses: "'_Complex _Float16' is invalid")
        return builtin(t.text, Types.complexOf(rt), List.of(re, im), t.loc);
    }

    /** fabs, copysign and sqrt of __float128: the arguments converted to it, as gcc's prototypes do. */
    private Expr quad(String n, List<Expr> args, SourceLocation loc) {
        List<Expr> as = new ArrayList<>();
        for (Expr a : args) {
            Expr v = p.exprs.rvalue(a);
            if (!v.type().isArithmetic() || v.type().isComplex) return badArg(v, "__float128");
            as.add(p.sema.convert(v, Type.FLOAT128));
        }
        return builtin(n, Type.FLOAT128, as, loc);
    }

    /** inf, huge_val, nan and nans in their double, float (f), long double (l) and __float128 (q, f128) forms. */
    private Expr floatConstant(String base, List<Expr> args, SourceLocation loc) {
        Type ty = base.endsWith("q") || base.endsWith("f128")
                ? Type.FLOAT128
                : base.endsWith("f") ? Type.FLOAT : base.endsWith("l") ? Type.LDOUBLE : Type.DOUBLE;
        if (!args.isEmpty()) {
            // the NaN payload string is checked, then ignored: every NaN jomp makes is the default one
            Expr a = args.get(0);
            p.sema.assignConvert(
                    p.exprs.rvalue(a), Type.pointerTo(Type.CHAR.qualified(Type.CONST)), Sema.Context.PASS, a.loc(), a);
        }
        double v = base.startsWith("nan") ? Double.NaN : Double.POSITIVE_INFINITY;
        if (ty == Type.FLOAT128)
            return new Expr.FloatLit(v, ty, loc, base.startsWith("nan") ? Binary128.NAN : Binary128.INFINITY);
        return new Expr.FloatLit(v, ty, loc);
    }

    private Expr bswap(String n, int bits, Expr arg, SourceLocation loc) {
        Type t = bits == 16 ? Type.USHORT : bits == 32 ? Type.UINT : Type.ULONG;
        Expr a = p.sema.convert(p.exprs.rvalue(arg), t);
        Long c = ConstEval.integer(a);
        if (c != null) {
            long v = switch (bits) {
                case 16 -> Short.toUnsignedLong(Short.reverseBytes((short) (long) c));
                case 32 -> Integer.toUnsignedLong(Integer.reverseBytes((int) (long) c));
                default -> Long.reverseBytes(c);
            };
            return new Expr.IntLit(v, t, loc);
        }
        return builtin(n, t, List.of(a), loc);
    }

    /** clz, ctz, popcount, ffs, parity, clrsb with their l and ll forms: int results, folded on constants. */
    private Expr bits(String base, Expr arg, SourceLocation loc) {
        String op = base.replaceAll("(ll|l)$", "");
        if (base.equals("ffsll") || base.equals("ffsl")) op = "ffs";
        if (base.equals("clrsbll") || base.equals("clrsbl")) op = "clrsb";
        boolean wide = !base.equals(op);
        boolean signedArg = op.equals("ffs") || op.equals("clrsb");
        Type t = wide
                ? (base.endsWith("ll") ? (signedArg ? Type.LLONG : Type.ULLONG) : (signedArg ? Type.LONG : Type.ULONG))
                : (signedArg ? Type.INT : Type.UINT);
        Expr a = p.sema.convert(p.exprs.rvalue(arg), t);
        Long c = ConstEval.integer(a);
        if (c != null && !(c == 0 && (op.equals("clz") || op.equals("ctz")))) {
            long v = c;
            long x = wide ? v : v & 0xffffffffL;
            int r = switch (op) {
                case "clz" -> wide ? Long.numberOfLeadingZeros(x) : Integer.numberOfLeadingZeros((int) x);
                case "ctz" -> Long.numberOfTrailingZeros(x);
                case "popcount" -> Long.bitCount(x);
                case "parity" -> Long.bitCount(x) & 1;
                case "ffs" -> x == 0 ? 0 : Long.numberOfTrailingZeros(x) + 1;
                default -> { // clrsb: leading bits equal to the sign bit, less one
                    long s = wide ? v : (int) v;
                    long y = s < 0 ? ~s : s;
                    yield (wide ? Long.numberOfLeadingZeros(y) : Integer.numberOfLeadingZeros((int) y)) - 1;
                }
            };
            return new Expr.IntLit(r, Type.INT, loc);
        }
        return builtin("__builtin_" + op + (wide ? "ll" : ""), Type.INT, List.of(a), loc);
    }

    /** The floating-point classification and comparison macros' builtins (C11 7.12.3, 7.12.14). */
    private Expr classification(String n, String base, List<Expr> args, SourceLocation loc) {
        if (base.equals("fpclassify")) {
            List<Expr> ops = new ArrayList<>();
            for (int i = 0; i < 5; i++) ops.add(p.sema.convert(p.exprs.rvalue(args.get(i)), Type.INT));
            Expr x = floating(args.get(5));
            if (x == null) return error(loc);
            ops.add(x);
            return builtin(n, Type.INT, ops, loc);
        }
        if (args.size() == 2) {
            Expr a = p.exprs.rvalue(args.get(0)), b = p.exprs.rvalue(args.get(1));
            if (!a.type().isReal() || !b.type().isReal()) {
                Expr bad = a.type().isReal() ? b : a;
                p.diags.error(
                        bad.loc(),
                        "floating point classification requires argument of floating point type (passed in "
                                + TypePrinter.quoteAka(bad.type()) + ")");
                return error(loc);
            }
            Type ct = Types.usualArithmetic(a.type().unqualified(), b.type().unqualified());
            if (!ct.isFloat()) ct = Type.DOUBLE;
            return builtin(n, Type.INT, List.of(p.sema.convert(a, ct), p.sema.convert(b, ct)), loc);
        }
        Expr x = floating(args.get(0));
        if (x == null) return error(loc);
        if (base.startsWith("signbit")) n = "__builtin_signbit";
        return builtin(n, Type.INT, List.of(x), loc);
    }

    /**
     * clang's __builtin_isfpclass(x, mask): whether x's class is one of mask's __FPCLASS_* bits
     * (an int); x floating (no integer, unlike isnan), mask a constant of 0 to 1023.
     */
    private Expr isFpClass(String n, List<Expr> args, SourceLocation loc) {
        Expr x = p.exprs.rvalue(args.get(0));
        if (!x.type().isFloat() || x.type().isComplex) {
            p.diags.error(
                    x.loc(),
                    "floating point classification requires argument of floating point type (passed in "
                            + TypePrinter.quoteAka(x.type()) + ")");
            return error(loc);
        }
        Long mask = ConstEval.integer(p.exprs.rvalue(args.get(1)));
        if (mask == null) {
            p.diags.error(loc, "argument to '__builtin_isfpclass' must be a constant integer");
            return error(loc);
        }
        if (mask < 0 || mask > 1023) {
            p.diags.error(loc, "argument value " + mask + " is outside the valid range [0, 1023]");
            return error(loc);
        }
        return builtin(n, Type.INT, List.of(x, new Expr.IntLit(mask, Type.INT, loc)), loc);
    }

    /** A classification operand: floating as it is (no promotion), an integer as double. */
    private Expr floating(Expr arg) {
        Expr a = p.exprs.rvalue(arg);
        if (a.type().isFloat()) return a;
        if (a.type().isInteger()) return p.sema.convert(a, Type.DOUBLE);
        p.diags.error(
                a.loc(),
                "floating point classification requires argument of floating point type (passed in "
                        + TypePrinter.quoteAka(a.type()) + ")");
        return null;
    }

    /** __builtin_classify_type, as clang answers it (the operand decays, as an argument does). */
    static int classify(Type t) {
        if (t.isComplex) return 9;
        return switch (t.kind) {
            case VOID -> 0;
            case BOOL -> 4;
            case CHAR, SHORT, INT, LONG, LLONG, INT128, ENUM -> 1;
            case FLOAT16, FLOAT, DOUBLE, LDOUBLE, FLOAT128 -> 8;
            case PTR, ARRAY, VLA, FUNC -> 5;
            case STRUCT -> 12;
            case UNION -> 13;
        };
    }
}
