package jomp.compiler.lower;

import java.util.ArrayList;
import java.util.List;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.OmpClause;
import jomp.compiler.ast.Var;
import jomp.compiler.ir.FloatConst;
import jomp.compiler.ir.FuncType;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Slot;
import jomp.compiler.ir.Value;
import jomp.compiler.type.Type;

/**
 * Calls in one function (abi.md, "Functions and calls"): the signature a call uses (the
 * prototype's, the promoted arguments' through a declaration without one, the definition's when
 * this unit defines the function), arguments evaluated right to left as gcc does, struct
 * arguments as copies, the variadic area, declare variant dispatch, and the builtins lowered in
 * place. Part of {@link FunctionLowering}.
 */
final class CallLowering {
    private final FunctionLowering f;

    CallLowering(FunctionLowering f) {
        this.f = f;
    }

    /** A call is its own line (-g): a call that continues a statement on a later line is on that line. */
    Value call(Expr.Call c) {
        int saved = f.b.line, l = f.unit.lineOf(c.loc());
        if (l > 0) f.b.line = l;
        try {
            return callHere(c);
        } finally {
            f.b.line = saved;
        }
    }

    private Value callHere(Expr.Call c) {
        Var direct = c.direct();
        Value chosen = null;
        if (direct != null
                && !direct.ompVariants.isEmpty()
                && !f.unit.ompNoVariants) { // declare variant: the variant whose context matches here
            if (direct.ompVariants.stream().anyMatch(OmpClause.DeclaredVariant::adjustsArguments))
                return VariantCalls.call(f, c, direct);
            Var v = OmpContext.variantFor(f, direct);
            if (v == null) {
                chosen = OmpContext.pointer(f, direct);
                direct = null;
            } else direct = v;
        }
        return callTo(c, direct, chosen, null);
    }

    /**
     * The call c of direct (null: of target, or of c's callee), whose arguments a dispatch's
     * variant may adjust (adjust: its declare variant, VariantCalls; else null).
     */
    Value callTo(Expr.Call c, Var direct, Value chosen, OmpClause.DeclaredVariant adjust) {
        if (direct != null
                && (direct.name.startsWith("__builtin_")
                        || jomp.compiler.preprocess.Extensions.ATOMIC_BUILTINS.contains(direct.name))) {
            Value v = builtin(c);
            if (v != null || c.type().isVoid()) return v;
        }
        Type ft = c.funcType();
        boolean unprototyped = ft.oldStyle
                && (ft.params == null || ft.params.isEmpty())
                && !c.args().isEmpty();
        // int f(); f(1, 2.0); int f(int a, double b) {...}: the call passes what the definition takes,
        // its promoted arguments converted to the parameters (a call that does not match is undefined)
        if (unprototyped
                && direct != null
                && f.unit.isDefinedHere(direct)
                && direct.type.isFunction()
                && !(direct.type.oldStyle && direct.type.params.isEmpty())
                && !direct.type.variadic) ft = direct.type;
        boolean sret = TypeMap.sret(ft);
        FuncType sig;
        int fixed = ft.params == null ? 0 : ft.params.size();
        if (ft.oldStyle
                && (ft.params == null || ft.params.isEmpty())
                && !c.args().isEmpty()
                && !(direct != null && f.unit.isDefinedHere(direct))) {
            // A call through a declaration without a prototype: the promoted arguments give the signature.
            List<IrType> ps = new ArrayList<>();
            if (sret) ps.add(IrType.PTR);
            for (Expr a : c.args()) ps.add(TypeMap.reg(a.type()));
            sig = new FuncType(sret ? IrType.PTR : TypeMap.reg(ft.base), ps, false);
            fixed = c.args().size();
        } else sig = TypeMap.signature(adjust != null ? direct.type : ft);
        Value target = chosen != null ? chosen : direct == null ? f.rvalue(c.callee()) : null;
        List<Value> args = new ArrayList<>();
        Value result = null;
        if (sret) {
            result = f.slotAddr(f.temp(ft.base));
            args.add(result);
        }
        // Arguments are evaluated right to left, as gcc does on x86-64 (C leaves the order unspecified).
        int n = c.args().size();
        Value[] values = new Value[n];
        for (int i = n - 1; i >= 0; i--)
            values[i] = i < fixed || sig.variadic()
                    ? argument(c.args().get(i))
                    : f.rvalue(c.args().get(i));
        if (adjust != null) VariantCalls.needDevicePtr(f, c, adjust, values);
        List<Type> passed = TypeMap.passedParams(ft);
        for (int i = 0; i < Math.min(n, fixed); i++) {
            Type at = c.args().get(i).type();
            // through a declaration without a prototype, the arguments are as promoted: make them the parameters'
            boolean adapt = ft != c.funcType() && !TypeMap.inMemory(at) && !TypeMap.inMemory(passed.get(i));
            args.add(adapt ? f.e.convert(values[i], at, passed.get(i)) : values[i]);
        }
        // too few arguments for a K&R definition (clang warns; undefined): the rest are zeros
        for (int i = n; i < fixed && !sig.variadic(); i++)
            args.add(Emit.zero(sig.params().get(args.size())));
        List<Value> interops = adjust == null ? List.of() : VariantCalls.appendInterops(f, adjust, args);
        if (sig.variadic()) {
            List<Expr> extra = c.args().subList(Math.min(n, fixed), n);
            args.add(variadicArea(extra, java.util.Arrays.asList(values).subList(Math.min(n, fixed), n)));
        }
        Reg r;
        String csig = CSignature.call(adjust != null ? direct.type : ft, c.args());
        if (direct != null) {
            String name = f.unit.symbolOf(direct);
            boolean here = f.unit.isDefinedHere(direct);
            if (!here) f.unit.useFunction(name, sig, direct.type);
            r = f.b.call(name, sig, args, here ? null : csig);
        } else r = f.b.callIndirect(target, sig, args, csig);
        VariantCalls.destroyInterops(f, interops);
        return sret ? result : r;
    }

    /** A struct or complex argument is passed as the address of a copy the caller makes. */
    Value argument(Expr a) {
        Value v = f.rvalue(a);
        if (TypeMap.inMemory(a.type()) && !a.type().isArray()) {
            Value copy = f.slotAddr(f.temp(a.type()));
            f.b.memcpy(copy, v, IntConst.i64(a.type().size()));
            return copy;
        }
        return v;
    }

    /** Stores the variadic arguments in 8-byte slots (abi.md) and returns the area's address. */
    Value variadicArea(List<Expr> extra, List<Value> values) {
        long slots = 0;
        for (Expr a : extra) slots += TypeMap.inMemory(a.type()) ? (a.type().size() + 7) / 8 : 1;
        Slot area = f.fn.newSlot("va", Math.max(slots * 8, 8), 8);
        long off = 0;
        Value base = f.slotAddr(area);
        for (int i = 0; i < extra.size(); i++) {
            Expr a = extra.get(i);
            Value v = values.get(i);
            Value addr = f.at(base, off);
            if (TypeMap.inMemory(a.type()) && !a.type().isArray()) {
                f.b.memcpy(addr, v, IntConst.i64(a.type().size()));
                off += (a.type().size() + 7) / 8 * 8;
                continue;
            }
            if (v.type() == IrType.I32)
                v = f.e.conv(TypeMap.isUnsigned(a.type()) ? Insn.ConvOp.ZEXT : Insn.ConvOp.SEXT, v, IrType.I64);
            else if (v.type() == IrType.F32) v = f.e.conv(Insn.ConvOp.FPEXT, v, IrType.F64);
            f.b.store(v, addr);
            off += 8;
        }
        return base;
    }

    Value builtin(Expr.Call c) {
        String n = c.direct().name;
        List<Expr> a = c.args();
        return switch (n) {
            case "__builtin_expect" -> {
                Value v = f.rvalue(a.get(0));
                if (a.size() > 1) f.rvalue(a.get(1));
                yield v;
            }
            case "__builtin_trap" -> { // a call of the runtime's (the C library's on the JVM, PTX's trap)
                FuncType t = new FuncType(IrType.VOID, List.of(), false);
                f.unit.useFunction(n, t);
                f.b.call(n, t, List.of());
                yield null;
            }
            case "__builtin_cpu_init", "__builtin_cpu_supports", "__builtin_cpu_is" -> {
                // the runtime's answer for the host processor (libc's X86; the parser's CpuBuiltins)
                boolean init = n.equals("__builtin_cpu_init");
                FuncType t = init
                        ? new FuncType(IrType.VOID, List.of(), false)
                        : new FuncType(IrType.I32, List.of(IrType.PTR), false);
                f.unit.useFunction(n, t);
                yield f.b.call(n, t, init ? List.of() : List.of(f.rvalue(a.get(0))));
            }
            case "__builtin_inff" -> new FloatConst(IrType.F32, Float.POSITIVE_INFINITY);
            case "__builtin_inf", "__builtin_huge_val" -> new FloatConst(IrType.F64, Double.POSITIVE_INFINITY);
            case "__builtin_huge_valf" -> new FloatConst(IrType.F32, Float.POSITIVE_INFINITY);
            case "__builtin_nanf" -> new FloatConst(IrType.F32, Float.NaN);
            case "__builtin_nan" -> new FloatConst(IrType.F64, Double.NaN);
            case "__builtin_complex" -> {
                Value re = f.rvalue(a.get(0)), im = f.rvalue(a.get(1));
                yield f.makeComplex(c.type(), re, im);
            }
            default -> new BuiltinLowering(f).lower(c, n);
        };
    }
}
