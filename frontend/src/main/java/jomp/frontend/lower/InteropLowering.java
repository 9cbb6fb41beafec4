package jomp.frontend.lower;

import jomp.frontend.ast.OmpClause;
import jomp.frontend.ast.Stmt;
import jomp.frontend.ir.IntConst;
import jomp.frontend.ir.IrType;
import jomp.frontend.ir.Value;
import jomp.frontend.type.Type;

/**
 * interop (OpenMP 5.2 §14.1) and dispatch (§7.6). interop's init, use and destroy clauses become
 * runtime calls on the object's address ({@code __jomp_interop_init(&obj, device, targetsync)},
 * {@code __jomp_interop_use(&obj)}, {@code __jomp_interop_destroy(&obj)}), in clause order; a
 * depend clause is satisfied already (jomp's tasks finish before the construct that made them
 * returns) and nowait changes nothing. dispatch runs its call with the default-device ICV set to
 * the device clause's device (a call to a function without a variant for dispatch is the
 * function itself, so novariants and nocontext have nothing to choose between).
 */
final class InteropLowering {
    private final OmpLowering omp;
    private final FunctionLowering f;

    InteropLowering(OmpLowering omp, FunctionLowering f) { this.omp = omp; this.f = f; }

    void interop(Stmt.Omp o) {
        Value dev = device(o);
        for (OmpClause.Interop c : o.directive().clauses(OmpClause.Interop.class)) {
            if (c.item() == null) continue;
            Value obj = f.address(c.item().expr());
            switch (c.action()) {
                case "init" -> omp.call("__jomp_interop_init", IrType.VOID, obj, dev, IntConst.i32(c.types().contains("targetsync") ? 1 : 0));
                case "use" -> omp.call("__jomp_interop_use", IrType.VOID, obj);
                default -> omp.call("__jomp_interop_destroy", IrType.VOID, obj);
            }
        }
    }

    void dispatch(Stmt.Omp o) {
        OmpClause.ExprClause d = OmpLowering.exprClause(o.directive(), OmpClause.ExprKind.DEVICE);
        if (d == null) {
            f.stmt(o.body());
            return;
        }
        Value saved = omp.call("omp_get_default_device", IrType.I32);
        omp.call("omp_set_default_device", IrType.VOID, f.e.convert(f.rvalue(d.value()), d.value().type(), Type.INT));
        f.stmt(o.body());
        if (!f.b.isTerminated()) omp.call("omp_set_default_device", IrType.VOID, saved);
    }

    private Value device(Stmt.Omp o) {
        OmpClause.ExprClause c = OmpLowering.exprClause(o.directive(), OmpClause.ExprKind.DEVICE);
        return c == null ? IntConst.i64(-1) : f.e.convert(f.rvalue(c.value()), c.value().type(), Type.LONG);
    }
}
