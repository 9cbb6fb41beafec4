package jomp.compiler.sema;

import java.util.Map;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.OmpDirective;
import jomp.compiler.ast.Stmt;
import jomp.compiler.ast.TranslationUnit;
import jomp.compiler.ast.TreeScanner;
import jomp.compiler.ast.Var;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceLocation;

/**
 * declare target's device_type (OpenMP 5.2 §7.8.1): a {@code nohost} function exists only on
 * devices, so a call from host code (target regions included: they run on the host when no device
 * can) is clang's error; a {@code host} function exists only on the host, so a call from a target
 * region or from a device function is an error too (clang reports it when the device code links).
 */
final class DeviceTypeCheck extends TreeScanner {
    private final Map<Var, SourceLocation> nohost, hostOnly;
    private final Diagnostics diags;
    /** Whether the code being scanned runs on the host, and whether on a device. */
    private boolean host, device;

    private DeviceTypeCheck(Map<Var, SourceLocation> nohost, Map<Var, SourceLocation> hostOnly, Diagnostics diags) {
        this.nohost = nohost;
        this.hostOnly = hostOnly;
        this.diags = diags;
    }

    /** nohost and hostOnly: the functions marked so, with where the marking names them; declareTarget: the unit's device functions. */
    static void check(
            TranslationUnit tu,
            Map<Var, SourceLocation> nohost,
            Map<Var, SourceLocation> hostOnly,
            Map<Var, Integer> declareTarget,
            Diagnostics diags) {
        if (nohost.isEmpty() && hostOnly.isEmpty()) return;
        DeviceTypeCheck c = new DeviceTypeCheck(nohost, hostOnly, diags);
        for (TranslationUnit.TopLevel t : tu.items()) {
            if (!(t instanceof TranslationUnit.Function f)) continue;
            c.host = !nohost.containsKey(f.var());
            c.device = declareTarget.containsKey(f.var()) && !hostOnly.containsKey(f.var());
            c.scan(f.body());
        }
    }

    /** A target construct's body runs on a device; its clauses are evaluated where the construct is met. */
    @Override
    public void visitOmp(Stmt.Omp o) {
        scanDirective(o.directive());
        boolean outer = device;
        device |= o.directive().has(OmpDirective.Leaf.TARGET);
        scan(o.body());
        device = outer;
    }

    @Override
    public void visitCall(Expr.Call c) {
        Var callee = c.direct();
        if (callee == null && OmpDeclarations.namedFunction(c.callee()) instanceof Var v) callee = v;
        if (callee != null && host && nohost.containsKey(callee)) {
            diags.error(c.loc(), "function with 'device_type(nohost)' is not available on host");
            diags.note(nohost.get(callee), "marked as 'device_type(nohost)' here");
        }
        if (callee != null && device && hostOnly.containsKey(callee)) {
            diags.error(c.loc(), "function with 'device_type(host)' is not available on device");
            diags.note(hostOnly.get(callee), "marked as 'device_type(host)' here");
        }
        super.visitCall(c);
    }
}
