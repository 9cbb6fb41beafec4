package jomp.compiler.lower;

import java.util.ArrayList;
import java.util.List;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.OmpClause;
import jomp.compiler.ast.OmpDirective;
import jomp.compiler.ast.Stmt;
import jomp.compiler.ast.Var;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Slot;
import jomp.compiler.ir.Value;
import jomp.offload.abi.EntryPoints;
import jomp.offload.abi.MapType;

/**
 * {@code target device(ancestor: 1)} (OpenMP 5.2 §13.2, with requires reverse_offload): a region
 * that device code hands back to the host. The encountering device thread runs it as the host
 * ({@code __jomp_ancestor_enter}: omp_is_initial_device() is 1 and the device number the host's
 * until {@code __jomp_ancestor_exit}), on host copies of its map clauses' variables and array
 * sections (host memory from malloc, copied in for to, back for from), so the region sees the
 * device's data only as the map types say. Functions it calls are the encountering image's.
 */
final class AncestorLowering {
    private final OmpLowering omp;
    private final FunctionLowering f;

    AncestorLowering(OmpLowering omp, FunctionLowering f) {
        this.omp = omp;
        this.f = f;
    }

    void ancestor(Stmt.Omp o) {
        OmpDirective d = o.directive();
        List<Runnable> restores = new ArrayList<>(), after = new ArrayList<>();
        for (OmpClause.Map m : d.clauses(OmpClause.Map.class)) {
            long bits = MapBuilder.mapBits(m);
            boolean to = (bits & MapType.TO) != 0, from = (bits & MapType.FROM) != 0;
            for (OmpDirective.Item it : m.items()) {
                Var v = it.var();
                if (v == null) continue;
                if (it.sections().isEmpty() && MapBuilder.stripCasts(it.expr()) instanceof Expr.VarRef) {
                    Value orig = f.varAddress(v);
                    Value size = f.sizeOf(v.type);
                    Value buf = malloc(size);
                    if (to) f.b.memcpy(buf, orig, size);
                    restores.add(f.unbind(v));
                    Reg r = f.fn.newReg(IrType.PTR, FunctionLowering.safeName(v.name));
                    f.b.copy(r, buf);
                    f.addrVars.put(v, r);
                    after.add(() -> {
                        if (from) f.b.memcpy(orig, buf, size);
                        free(buf);
                    });
                } else if (v.type.isPointer() && it.sections().size() == 1) {
                    MapBuilder.Range x = new MapBuilder(f).range(it);
                    if (x.strided()) {
                        f.unit.diags.error(it.loc(), "a strided section cannot be mapped back to the host");
                        continue;
                    }
                    Value p = f.readVar(v);
                    Value buf = malloc(x.size());
                    if (to) f.b.memcpy(buf, x.begin(), x.size());
                    // the pointer now points into the host copy, at the same offset from the section
                    Value offset = f.b.binary(
                            jomp.compiler.ir.Insn.BinOp.SUB,
                            f.e.conv(jomp.compiler.ir.Insn.ConvOp.BITCAST, x.begin(), IrType.I64),
                            f.e.conv(jomp.compiler.ir.Insn.ConvOp.BITCAST, p, IrType.I64));
                    Value moved = f.b.binary(jomp.compiler.ir.Insn.BinOp.SUB, buf, offset);
                    restores.add(f.unbind(v));
                    Slot s = f.fn.newSlot(FunctionLowering.safeName(v.name), 8, 8);
                    f.slotVars.put(v, s);
                    f.b.store(moved, f.b.slotAddr(s));
                    Value begin = x.begin(), size = x.size();
                    after.add(() -> {
                        if (from) f.b.memcpy(begin, buf, size);
                        free(buf);
                    });
                } else {
                    f.unit.diags.error(
                            it.loc(),
                            "only variables and array sections of pointers can be mapped back to the host by 'device(ancestor: 1)'");
                }
            }
        }
        omp.call(EntryPoints.ANCESTOR_ENTER, IrType.VOID);
        f.stmt(o.body());
        omp.call(EntryPoints.ANCESTOR_EXIT, IrType.VOID);
        for (int k = after.size() - 1; k >= 0; k--) after.get(k).run();
        for (int k = restores.size() - 1; k >= 0; k--) restores.get(k).run();
    }

    private Value malloc(Value size) {
        return omp.call("malloc", IrType.PTR, size);
    }

    private void free(Value p) {
        omp.call("free", IrType.VOID, p);
    }

    /** Is this target construct a reverse offload (device(ancestor: 1))? */
    static boolean isAncestor(OmpDirective d) {
        OmpClause.ExprClause c = OmpLowering.exprClause(d, OmpClause.ExprKind.DEVICE);
        return c != null && "ancestor".equals(c.modifier());
    }
}
