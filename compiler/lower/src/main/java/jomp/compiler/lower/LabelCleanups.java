package jomp.compiler.lower;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jomp.compiler.ast.Stmt;
import jomp.compiler.ast.TreeScanner;
import jomp.compiler.ast.Var;

/**
 * For each label of a function, the variables with a cleanup attribute in scope there,
 * outermost first: a goto runs the cleanups of the variables in scope at the goto that are not
 * in scope at its label (the scopes it leaves), as gcc does.
 */
final class LabelCleanups extends TreeScanner {
    private final Map<String, List<Var>> out = new HashMap<>();
    private final List<Var> inScope = new ArrayList<>();

    static Map<String, List<Var>> of(Stmt body) {
        LabelCleanups s = new LabelCleanups();
        s.scan(body);
        return s.out;
    }

    @Override
    public void visitCompound(Stmt.Compound c) {
        int mark = inScope.size();
        super.visitCompound(c);
        inScope.subList(mark, inScope.size()).clear();
    }

    /** A for statement's declarations are in scope until the loop ends. */
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
        out.put(l.name(), List.copyOf(inScope));
        super.visitLabel(l);
    }
}
