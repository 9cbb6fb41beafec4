package jomp.compiler.lower;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.OmpClause;
import jomp.compiler.ast.Var;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Value;
import jomp.offload.abi.EntryPoints;

/**
 * Calls of a function with declare variants whose adjust_args or append_args change the call
 * (OpenMP 5.2 §7.5.2, §7.6; the clauses require a construct={dispatch} selector, so such a variant
 * is called only from a dispatch construct's call). Arguments of need_device_ptr parameters
 * become the dispatch device's pointers as use_device_ptr makes them (the mapped storage's device
 * address; a pointer to nothing mapped, or one the dispatch lists in is_device_ptr, stays as it
 * is; on the host device every pointer stays). Each append_args item appends an omp_interop_t:
 * the dispatch's interop clause gives the first ones; the others are made for the call with the
 * item's interop types, as by interop init on the dispatch's device, and destroyed after it
 * returns. The variant is chosen as for any call (OmpContext): when the choice waits until run
 * time, each candidate gets a call of its own, its arguments as it takes them.
 */
final class VariantCalls {
    private VariantCalls() {}

    /** The call c of base, one of whose variants adjusts its arguments. */
    static Value call(FunctionLowering f, Expr.Call c, Var base) {
        List<Value> conds = new ArrayList<>();
        List<OmpClause.DeclaredVariant> cands = new ArrayList<>(); // null: the base function
        for (OmpClause.DeclaredVariant v : OmpContext.sorted(f, base)) {
            Value m = OmpContext.matches(f, v.selector());
            if (m instanceof IntConst k && k.value() == 0) continue;
            conds.add(m);
            cands.add(v);
            if (m instanceof IntConst) break;
        }
        if (conds.isEmpty() || !(conds.get(conds.size() - 1) instanceof IntConst)) {
            conds.add(IntConst.i32(1));
            cands.add(null);
        }
        if (conds.size() == 1) return one(f, c, base, cands.get(0));
        BasicBlock end = f.b.newBlock("omp.variant.end");
        Reg result = null;
        for (int k = 0; k < conds.size(); k++) {
            boolean last = k == conds.size() - 1;
            BasicBlock next = last ? null : f.b.newBlock("omp.variant.next");
            if (!last) {
                BasicBlock then = f.b.newBlock("omp.variant.call");
                f.b.condBr(conds.get(k), then, next);
                f.b.setBlock(then);
            }
            Value r = one(f, c, base, cands.get(k));
            if (r != null) {
                if (result == null) result = f.fn.newReg(r.type(), "omp.variant.result");
                f.b.copy(result, r);
            }
            if (!f.b.isTerminated()) f.b.br(end);
            if (!last) f.b.setBlock(next);
        }
        f.b.setBlock(end);
        return result;
    }

    private static Value one(FunctionLowering f, Expr.Call c, Var base, OmpClause.DeclaredVariant v) {
        if (v == null) return f.callTo(c, base, null, null);
        return f.callTo(c, v.function(), null, v.adjustsArguments() ? v : null);
    }

    /** adjust_args(need_device_ptr: ...): those arguments translated to the default device's (the dispatch's) pointers. */
    static void needDevicePtr(FunctionLowering f, Expr.Call c, OmpClause.DeclaredVariant v, Value[] values) {
        Set<Var> isDevicePtr = f.unit.ompDispatch == null
                ? Set.of()
                : OmpLowering.listVars(f.unit.ompDispatch.directive(), OmpClause.ListKind.IS_DEVICE_PTR);
        for (int i : v.needDevicePtr()) {
            if (i >= values.length || values[i].type() != IrType.PTR) continue;
            if (variable(c.args().get(i)) instanceof Var x && isDevicePtr.contains(x)) continue;
            values[i] = f.omp.call(EntryPoints.TARGET_TRANSLATE, IrType.PTR, IntConst.i64(-1), values[i]);
        }
    }

    /** The variable an argument names, through conversions, or null. */
    private static Var variable(Expr e) {
        while (true) {
            switch (e) {
                case Expr.Cast x -> e = x.operand();
                case Expr.Decay x -> e = x.operand();
                case Expr.VarRef x -> {
                    return x.var();
                }
                default -> {
                    return null;
                }
            }
        }
    }

    /**
     * append_args: the interop objects appended to args, the dispatch's interop clause's first;
     * returns the addresses of those made here, which {@link #destroyInterops} destroys after the call.
     */
    static List<Value> appendInterops(FunctionLowering f, OmpClause.DeclaredVariant v, List<Value> args) {
        List<Expr> given = new ArrayList<>();
        if (f.unit.ompDispatch != null)
            for (OmpClause.DispatchInterop d : f.unit.ompDispatch.directive().clauses(OmpClause.DispatchInterop.class))
                given.addAll(d.objects());
        List<Value> made = new ArrayList<>();
        for (int k = 0; k < v.appended().size(); k++) {
            if (k < given.size()) {
                args.add(f.e.convert(
                        f.rvalue(given.get(k)),
                        given.get(k).type(),
                        jomp.compiler.type.Type.pointerTo(jomp.compiler.type.Type.VOID)));
                continue;
            }
            Value obj = f.slotAddr(f.fn.newSlot("omp.interop", 8, 8));
            f.b.store(IntConst.i64(0), obj);
            f.omp.call(
                    EntryPoints.INTEROP_INIT,
                    IrType.VOID,
                    obj,
                    IntConst.i64(-1),
                    IntConst.i32(v.appended().get(k).targetsync() ? 1 : 0));
            args.add(f.b.load(IrType.PTR, obj));
            made.add(obj);
        }
        return made;
    }

    static void destroyInterops(FunctionLowering f, List<Value> made) {
        for (Value obj : made) f.omp.call(EntryPoints.INTEROP_DESTROY, IrType.VOID, obj);
    }
}
