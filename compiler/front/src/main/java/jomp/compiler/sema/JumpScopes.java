package jomp.compiler.sema;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jomp.compiler.ast.Stmt;
import jomp.compiler.ast.TreeScanner;
import jomp.compiler.ast.Var;
import jomp.compiler.diag.Diagnostics;

/**
 * Jumps into the scope of a variable with a cleanup attribute, which C cannot allow (the cleanup
 * would run for a variable never initialized): a goto to a label, or a switch to a case label,
 * past such a declaration is clang's error (its JumpScopeChecker), with a note at each variable
 * jumped over, innermost first; the gotos are reported first, then the case labels, last first.
 */
public final class JumpScopes extends TreeScanner {
    private final List<Var> inScope = new ArrayList<>();
    private final Map<String, List<Var>> labels = new HashMap<>();
    private final List<Stmt.Goto> gotos = new ArrayList<>();
    private final List<List<Var>> gotoScopes = new ArrayList<>();
    private final List<Stmt> badCases = new ArrayList<>();
    private final List<List<Var>> bypassed = new ArrayList<>();
    private final List<List<Var>> switchScopes = new ArrayList<>();

    public static void check(Diagnostics diags, Stmt body) {
        JumpScopes s = new JumpScopes();
        s.scan(body);
        for (int i = 0; i < s.gotos.size(); i++) {
            List<Var> there = s.labels.get(s.gotos.get(i).label());
            if (there == null) continue;
            List<Var> skipped = skipped(s.gotoScopes.get(i), there);
            if (skipped.isEmpty()) continue;
            diags.error(s.gotos.get(i).loc(), "cannot jump from this goto statement to its label");
            notes(diags, skipped);
        }
        for (int i = s.badCases.size() - 1; i >= 0; i--) {
            diags.error(s.badCases.get(i).loc(), "cannot jump from switch statement to this case label");
            notes(diags, s.bypassed.get(i));
        }
    }

    /**
     * For each label of a function body, the variables with a cleanup attribute in scope there,
     * outermost first (lowering: a goto runs the cleanups of those in scope at it but not at its
     * label, as gcc does).
     */
    public static Map<String, List<Var>> cleanupsAtLabels(Stmt body) {
        JumpScopes s = new JumpScopes();
        s.scan(body);
        return s.labels;
    }

    /** The variables in scope at the target and not at the jump: those it would enter. */
    private static List<Var> skipped(List<Var> from, List<Var> to) {
        int n = 0;
        while (n < from.size() && n < to.size() && from.get(n) == to.get(n)) n++;
        return to.subList(n, to.size());
    }

    private static void notes(Diagnostics diags, List<Var> skipped) {
        for (int j = skipped.size() - 1; j >= 0; j--)
            diags.note(skipped.get(j).loc, "jump bypasses initialization of variable with __attribute__((cleanup))");
    }

    @Override
    public void visitCompound(Stmt.Compound c) {
        int mark = inScope.size();
        super.visitCompound(c);
        inScope.subList(mark, inScope.size()).clear();
    }

    @Override
    public void visitFor(Stmt.For f) {
        int mark = inScope.size();
        super.visitFor(f);
        inScope.subList(mark, inScope.size()).clear();
    }

    @Override
    public void visitLocalVar(Stmt.LocalVar lv) {
        super.visitLocalVar(lv);
        if (lv.var().cleanup != null) inScope.add(lv.var());
    }

    @Override
    public void visitLabel(Stmt.Label l) {
        labels.put(l.name(), List.copyOf(inScope));
        super.visitLabel(l);
    }

    @Override
    public void visitGoto(Stmt.Goto g) {
        gotos.add(g);
        gotoScopes.add(List.copyOf(inScope));
    }

    @Override
    public void visitSwitch(Stmt.Switch sw) {
        switchScopes.add(List.copyOf(inScope));
        super.visitSwitch(sw);
        switchScopes.remove(switchScopes.size() - 1);
    }

    @Override
    public void visitCase(Stmt.Case c) {
        caseLabel(c);
        super.visitCase(c);
    }

    @Override
    public void visitDefault(Stmt.Default d) {
        caseLabel(d);
        super.visitDefault(d);
    }

    private void caseLabel(Stmt label) {
        if (switchScopes.isEmpty()) return;
        List<Var> skipped = skipped(switchScopes.get(switchScopes.size() - 1), inScope);
        if (skipped.isEmpty()) return;
        badCases.add(label);
        bypassed.add(List.copyOf(skipped));
    }
}
