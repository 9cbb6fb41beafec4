package jomp.compiler.lower;

import jomp.compiler.ast.Expr;
import jomp.compiler.ast.OmpClause;
import jomp.compiler.ast.OmpDirective;
import jomp.compiler.ast.Stmt;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Value;
import jomp.compiler.type.Type;
import jomp.offload.abi.EntryPoints;

/**
 * interop (OpenMP 5.2 §14.1) and dispatch (§7.6). interop's init, use and destroy clauses become
 * runtime calls on the object's address ({@code __jomp_interop_init(&obj, device, targetsync)},
 * {@code __jomp_interop_use(&obj)}, {@code __jomp_interop_destroy(&obj)}), in clause order; a
 * depend clause is satisfied already (jomp's tasks finish before the construct that made them
 * returns) and nowait changes nothing. dispatch runs its call with the default-device ICV set to
 * the device clause's device; its call is in the dispatch context, so declare variant's
 * construct={dispatch} variants apply (OmpContext), except where novariants (the base function)
 * or nocontext (no dispatch in the context) is true when it runs. A variant's adjust_args and
 * append_args change the call's arguments (VariantCalls): device pointers for the dispatch's
 * device, interop objects from the interop clause or made for the call.
 */
final class InteropLowering {
    private final OmpLowering omp;
    private final FunctionLowering f;

    InteropLowering(OmpLowering omp, FunctionLowering f) {
        this.omp = omp;
        this.f = f;
    }

    void interop(Stmt.Omp o) {
        dependences(o);
        Value dev = device(o);
        for (OmpClause.Interop c : o.directive().clauses(OmpClause.Interop.class)) {
            if (c.item() == null) continue;
            Value obj = f.address(c.item().expr());
            switch (c.action()) {
                case "init" ->
                    omp.call(
                            EntryPoints.INTEROP_INIT,
                            IrType.VOID,
                            obj,
                            dev,
                            IntConst.i32(c.types().contains("targetsync") ? 1 : 0));
                case "use" -> omp.call(EntryPoints.INTEROP_USE, IrType.VOID, obj);
                default -> omp.call(EntryPoints.INTEROP_DESTROY, IrType.VOID, obj);
            }
        }
    }

    void dispatch(Stmt.Omp o) {
        dependences(o);
        Stmt.Omp outer = f.unit.ompDispatch;
        f.unit.ompDispatch = o;
        OmpClause.ExprClause d = OmpLowering.exprClause(o.directive(), OmpClause.ExprKind.DEVICE);
        if (d == null) call(o);
        else {
            Value saved = omp.call("omp_get_default_device", IrType.I32);
            omp.call(
                    "omp_set_default_device",
                    IrType.VOID,
                    f.e.convert(f.rvalue(d.value()), d.value().type(), Type.INT));
            call(o);
            if (!f.b.isTerminated()) omp.call("omp_set_default_device", IrType.VOID, saved);
        }
        f.unit.ompDispatch = outer;
    }

    /** dispatch's call: lowered once per case novariants and nocontext can make, chosen when it runs. */
    private void call(Stmt.Omp o) {
        Expr novariants = clause(o, "novariants"), nocontext = clause(o, "nocontext");
        if (novariants == null && nocontext == null) {
            f.stmt(o.body());
            return;
        }
        BasicBlock end = f.b.newBlock("dispatch.end");
        if (novariants != null) {
            BasicBlock base = f.b.newBlock("dispatch.novariants"), next = f.b.newBlock("dispatch.variants");
            f.b.condBr(f.truth(novariants), base, next);
            f.b.setBlock(base);
            f.unit.ompNoVariants = true;
            f.stmt(o.body());
            f.unit.ompNoVariants = false;
            if (!f.b.isTerminated()) f.b.br(end);
            f.b.setBlock(next);
        }
        if (nocontext != null) {
            BasicBlock out = f.b.newBlock("dispatch.nocontext"), next = f.b.newBlock("dispatch.context");
            f.b.condBr(f.truth(nocontext), out, next);
            f.b.setBlock(out);
            int at = f.unit.ompConstructs.lastIndexOf(OmpDirective.Leaf.DISPATCH);
            f.unit.ompConstructs.remove(at);
            f.stmt(o.body());
            f.unit.ompConstructs.add(at, OmpDirective.Leaf.DISPATCH);
            if (!f.b.isTerminated()) f.b.br(end);
            f.b.setBlock(next);
        }
        f.stmt(o.body());
        if (!f.b.isTerminated()) f.b.br(end);
        f.b.setBlock(end);
    }

    private static Expr clause(Stmt.Omp o, String name) {
        for (OmpClause.ExprClause c : o.directive().clauses(OmpClause.ExprClause.class))
            if (c.kind() == OmpClause.ExprKind.IF && name.equals(c.modifier())) return c.value();
        return null;
    }

    /** depend: the predecessors complete before the construct runs. */
    private void dependences(Stmt.Omp o) {
        if (o.directive().clauses(OmpClause.Depend.class).isEmpty()) return;
        Value[] deps = new TaskLowering(omp, f).dependences(o.directive());
        omp.call(EntryPoints.TASKWAIT_DEPS, IrType.VOID, deps[0], deps[1], IntConst.i32(0));
    }

    private Value device(Stmt.Omp o) {
        OmpClause.ExprClause c = OmpLowering.exprClause(o.directive(), OmpClause.ExprKind.DEVICE);
        return c == null
                ? IntConst.i64(-1)
                : f.e.convert(f.rvalue(c.value()), c.value().type(), Type.LONG);
    }
}
