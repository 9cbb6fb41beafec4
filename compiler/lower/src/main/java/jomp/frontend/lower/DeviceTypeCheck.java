package jomp.frontend.lower;

import java.util.Map;

import jomp.frontend.ast.Expr;
import jomp.frontend.ast.Initializer;
import jomp.frontend.ast.OmpDirective;
import jomp.frontend.ast.Stmt;
import jomp.frontend.ast.TranslationUnit;
import jomp.frontend.ast.Var;
import jomp.frontend.diag.Diagnostics;
import jomp.frontend.diag.SourceLocation;

/**
 * declare target's device_type (OpenMP 5.2 §7.8.1): a {@code nohost} function exists only on
 * devices, so a call from host code (target regions included: they run on the host when no device
 * can) is clang's error; a {@code host} function exists only on the host, so a call from a target
 * region or from a device function is an error too (clang reports it when the device code links).
 */
final class DeviceTypeCheck {
    private final Map<Var, SourceLocation> nohost, hostOnly;
    private final Map<Var, Integer> deviceFunctions;
    private final Diagnostics diags;

    private DeviceTypeCheck(Map<Var, SourceLocation> nohost, Map<Var, SourceLocation> hostOnly, Map<Var, Integer> deviceFunctions, Diagnostics diags) {
        this.nohost = nohost; this.hostOnly = hostOnly; this.deviceFunctions = deviceFunctions; this.diags = diags;
    }

    /** nohost and hostOnly: the functions marked so, with where the marking names them. */
    static void check(TranslationUnit tu, Map<Var, SourceLocation> nohost, Map<Var, SourceLocation> hostOnly, Map<Var, Integer> declareTarget,
                      Diagnostics diags) {
        if (nohost.isEmpty() && hostOnly.isEmpty()) return;
        DeviceTypeCheck c = new DeviceTypeCheck(nohost, hostOnly, declareTarget, diags);
        for (TranslationUnit.TopLevel t : tu.items()) {
            if (!(t instanceof TranslationUnit.Function f)) continue;
            boolean deviceOnly = nohost.containsKey(f.var());
            boolean onDevice = declareTarget.containsKey(f.var()) && !hostOnly.containsKey(f.var());
            c.stmt(f.body(), !deviceOnly, onDevice);
        }
    }

    /** host: the code runs on the host; device: it runs on a device. */
    private void stmt(Stmt s, boolean host, boolean device) {
        if (s == null) return;
        switch (s) {
            case Stmt.Compound c -> c.items().forEach(x -> stmt(x, host, device));
            case Stmt.ExprStmt x -> expr(x.expr(), host, device);
            case Stmt.If i -> { expr(i.cond(), host, device); stmt(i.then(), host, device); stmt(i.otherwise(), host, device); }
            case Stmt.For f -> { stmt(f.init(), host, device); expr(f.cond(), host, device); expr(f.step(), host, device); stmt(f.body(), host, device); }
            case Stmt.While w -> { expr(w.cond(), host, device); stmt(w.body(), host, device); }
            case Stmt.DoWhile d -> { stmt(d.body(), host, device); expr(d.cond(), host, device); }
            case Stmt.Switch sw -> { expr(sw.cond(), host, device); stmt(sw.body(), host, device); }
            case Stmt.Case c -> stmt(c.body(), host, device);
            case Stmt.Default d -> stmt(d.body(), host, device);
            case Stmt.Label l -> stmt(l.body(), host, device);
            case Stmt.Return r -> expr(r.value(), host, device);
            case Stmt.Decl d -> {
                for (Stmt.LocalVar lv : d.vars()) if (lv.init() != null) for (Initializer.Item it : lv.init().items()) expr(it.value(), host, device);
            }
            case Stmt.Omp o -> stmt(o.body(), host, device || o.directive().has(OmpDirective.Leaf.TARGET));
            default -> {}
        }
    }

    private void expr(Expr e, boolean host, boolean device) {
        if (e == null) return;
        switch (e) {
            case Expr.Call c -> {
                Var callee = c.direct();
                if (callee == null && Lowering.stripToVar(c.callee()) instanceof Var v) callee = v;
                if (callee != null && host && nohost.containsKey(callee)) {
                    diags.error(c.loc(), "function with 'device_type(nohost)' is not available on host");
                    diags.note(nohost.get(callee), "marked as 'device_type(nohost)' here");
                }
                if (callee != null && device && hostOnly.containsKey(callee)) {
                    diags.error(c.loc(), "function with 'device_type(host)' is not available on device");
                    diags.note(hostOnly.get(callee), "marked as 'device_type(host)' here");
                }
                expr(c.callee(), host, device);
                c.args().forEach(a -> expr(a, host, device));
            }
            case Expr.Decay d -> expr(d.operand(), host, device);
            case Expr.Unary u -> expr(u.operand(), host, device);
            case Expr.Binary b -> { expr(b.left(), host, device); expr(b.right(), host, device); }
            case Expr.Assign a -> { expr(a.target(), host, device); expr(a.value(), host, device); }
            case Expr.CompoundAssign a -> { expr(a.target(), host, device); expr(a.value(), host, device); }
            case Expr.IncDec i -> expr(i.target(), host, device);
            case Expr.Cond c -> { expr(c.cond(), host, device); expr(c.then(), host, device); expr(c.otherwise(), host, device); }
            case Expr.Cast c -> expr(c.operand(), host, device);
            case Expr.Member m -> expr(m.base(), host, device);
            case Expr.CompoundLiteral c -> { if (c.init() != null) for (Initializer.Item it : c.init().items()) expr(it.value(), host, device); }
            case Expr.VaOp v -> v.args().forEach(a -> expr(a, host, device));
            case Expr.VaArg v -> expr(v.ap(), host, device);
            default -> {}
        }
    }
}
