package jomp.compiler.ast;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import jomp.compiler.parse.ParseHelper;
import org.junit.jupiter.api.Test;

/** The default traversal reaches every variable reference, wherever C puts an expression. */
class TreeScannerTest {
    private static TranslationUnit.Function parse(String src) {
        ParseHelper h = ParseHelper.parse(src);
        assertThat(h.messages()).as("diagnostics").doesNotContain(": error: ");
        for (TranslationUnit.TopLevel t : h.unit.items())
            if (t instanceof TranslationUnit.Function f && f.var().name.equals("f")) return f;
        throw new AssertionError("no function f");
    }

    /** The names of the variables referenced, in the order the scanner meets them. */
    private static List<String> references(Stmt body) {
        List<String> out = new ArrayList<>();
        new TreeScanner() {
            @Override
            public void visitVarRef(Expr.VarRef v) {
                out.add(v.var().name);
            }
        }.scan(body);
        return out;
    }

    @Test
    void visitsStatementsAndExpressionsInSourceOrder() {
        TranslationUnit.Function f = parse("""
            struct S { int m; };
            int g(int);
            int f(int a, int b, int c) {
                int x = a;
                if (b) x = c; else x = g(a);
                for (int i = b; i < c; i += a) x += i;
                while (a) { a--; }
                do b++; while (c);
                switch (x) { case 1: return a; default: break; }
                return x ? b : c;
            }
            """);
        assertThat(references(f.body()))
                .containsExactly(
                        "a", // int x = a
                        "b", "x", "c", "x", "g", "a", // if
                        "b", "i", "c", "i", "a", "x", "i", // for: init, condition, step, body
                        "a", "a", // while
                        "b", "c", // do
                        "x", "a", // switch
                        "x", "b", "c"); // return
    }

    @Test
    void reachesInitializersCompoundLiteralsStatementExpressionsAndClauses() {
        TranslationUnit.Function f = parse("""
            struct P { int x, y; };
            int f(int a, int b, int n) {
                struct P p = { a, b };
                int s = ({ int t = a; t + b; });
                int *q = (int[]){ n, a };
                #pragma omp parallel for num_threads(n) reduction(+: s)
                for (int i = 0; i < n; i++) s += q[i];
                return p.x + s;
            }
            """);
        // the compound literal's n, a; the clause's n (num_threads); the loop's i < n
        assertThat(references(f.body()))
                .containsSubsequence("a", "b", "a", "t", "b", "n", "a", "n", "i", "n", "s", "q", "i", "p", "s");
    }

    @Test
    void anOverrideThatDoesNotCallSuperPrunesTheSubtree() {
        TranslationUnit.Function f = parse("""
            int f(int a, int b) {
                if (a) { b = a; }
                return ({ a + b; });
            }
            """);
        List<String> seen = new ArrayList<>();
        new TreeScanner() {
            @Override
            public void visitIf(Stmt.If i) {
                scan(i.cond());
            } // not its branches

            @Override
            public void visitStmtExpr(Expr.StmtExpr s) {
                seen.add("stmt-expr");
            }

            @Override
            public void visitVarRef(Expr.VarRef v) {
                seen.add(v.var().name);
            }
        }.scan(f.body());
        assertThat(seen).containsExactly("a", "stmt-expr");
    }
}
