package jomp.compiler.sema;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.Stmt;
import jomp.compiler.ast.TranslationUnit;
import jomp.compiler.ast.TreeScanner;
import jomp.compiler.ast.Var;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.Diagnostics.Pending;
import jomp.compiler.diag.SourceFile;
import jomp.compiler.diag.SourceLocation;
import jomp.compiler.type.Type;
import jomp.compiler.type.TypePrinter;

/**
 * The warnings clang gives about a parsed unit's use of its names and its control flow, with
 * clang 19's words and flags, in a pass of their own after parsing: -Wunused-variable,
 * -Wunused-but-set-variable/-parameter, -Wunused-parameter, -Wunused-label, -Wunused-function,
 * -Wshadow, -Wparentheses (an assignment as a condition), -Wsign-compare, -Wmissing-prototypes,
 * -Wuninitialized (a use no path initializes) and -Wimplicit-fallthrough.
 *
 * <p>clang gives them at different moments of its parse (an unused variable when its scope
 * closes, a sign comparison when the function ends, an unused function when the unit ends), so
 * each comes back as a {@link Pending} with the place in the file where clang would have
 * printed it, and {@link Diagnostics#release} merges them with the parser's diagnostics in
 * clang's order. Only the main file's functions and declarations are checked (headers are
 * mostly system headers, where clang stays silent).
 */
public final class Warnings {
    private final Diagnostics diags;
    private final SourceFile main;
    private final List<Pending> out = new ArrayList<>();

    private Warnings(Diagnostics diags, SourceFile main) {
        this.diags = diags;
        this.main = main;
    }

    /** The warnings of the unit, in the order clang prints them. */
    public static List<Pending> check(TranslationUnit tu, Diagnostics diags, SourceFile main) {
        Warnings w = new Warnings(diags, main);
        for (TranslationUnit.TopLevel item : tu.items()) {
            if (item instanceof TranslationUnit.Function f && f.loc().file() == main) new FunctionCheck(w, f, tu).run();
        }
        w.unusedFileScope(tu);
        return w.out;
    }

    private boolean on(String flag) {
        return diags.enabled(flag);
    }

    void addPending(Pending p) {
        out.add(p);
    }

    private void add(SourceLocation loc, String message, String flag, double position, List<Pending> notes) {
        out.add(new Pending(loc, message, flag, position, notes));
    }

    // ---------------------------------------------------------------- the unit

    /** Static functions and objects of the main file nothing refers to (clang: at the end of the unit). */
    private void unusedFileScope(TranslationUnit tu) {
        List<Var> candidates = new ArrayList<>();
        Map<Var, SourceLocation> where = new IdentityHashMap<>();
        java.util.Set<String> resolvers = new java.util.HashSet<>(); // an ifunc uses its resolver, as clang counts it
        for (Var g : tu.globals()) if (g.ifunc != null) resolvers.add(g.ifunc);
        for (TranslationUnit.TopLevel item : tu.items()) {
            Var v = item instanceof TranslationUnit.Function f
                    ? f.var()
                    : item instanceof TranslationUnit.Global g ? g.var() : null;
            if (v == null
                    || v.storage != Var.Storage.STATIC
                    || v.used
                    || v.markedUnused
                    || v.synthetic
                    || resolvers.contains(v.name)
                    || item.loc().file() != main) continue;
            if (where.putIfAbsent(v, item.loc()) == null) candidates.add(v);
        }
        candidates.sort(Comparator.comparingInt(v -> where.get(v).offset()));
        for (Var v : candidates) {
            SourceLocation loc = where.get(v);
            if (v.isFunction()) {
                if (on("-Wunused-function"))
                    add(loc, "unused function '" + v.name + "'", "-Wunused-function", Double.MAX_VALUE, List.of());
            } else {
                String flag = v.type.isConst() ? "-Wunused-const-variable" : "-Wunused-variable";
                if (on(flag)) add(loc, "unused variable '" + v.name + "'", flag, Double.MAX_VALUE, List.of());
            }
        }
    }

    // ---------------------------------------------------------------- one function

    /** The checks of one function definition. */
    private static final class FunctionCheck {
        private final Warnings w;
        private final TranslationUnit.Function fn;
        private final String text;
        private final int close; // the offset of the body's closing brace
        /** References to each local, and how many of them are the target of an assignment whose value is discarded. */
        private final Map<Var, int[]> refs = new IdentityHashMap<>();

        private final Set<String> gotoTargets = new HashSet<>();
        private final List<Stmt.Label> labels = new ArrayList<>();
        private final List<Pending> signCompare = new ArrayList<>();
        private final List<Pending> fallthrough = new ArrayList<>();
        /** Scopes of names for -Wshadow: each maps a name to its variable. */
        private final List<Map<String, Var>> scopes = new ArrayList<>();

        private final Map<String, Var> globals = new HashMap<>();

        FunctionCheck(Warnings w, TranslationUnit.Function fn, TranslationUnit tu) {
            this.w = w;
            this.fn = fn;
            this.text = fn.body().loc().file().text();
            this.close = matchingBrace(text, fn.body().loc().offset());
            for (Var g : tu.globals())
                if (!g.isFunction() && !g.synthetic && g.storage != Var.Storage.TYPEDEF) globals.putIfAbsent(g.name, g);
        }

        void run() {
            Map<String, Var> fnScope = new HashMap<>();
            for (Var p : fn.params()) if (!p.synthetic) fnScope.put(p.name, p);
            scopes.add(fnScope);
            List<Var> declared = new ArrayList<>(fn.params());
            // the body shares the parameters' scope, as in clang
            scopeVars = declared;
            walker.scanStmts(fn.body().items());
            scopes.remove(scopes.size() - 1);
            double end = close - 0.5; // before what the parser says at the closing brace (-Wreturn-type)
            scopeEnd(declared, end, true);
            unusedParameters(end);
            missingPrototype(end);
            w.out.addAll(signCompare);
            if (w.on("-Wuninitialized")) new Uninitialized(w, fn, close + 0.5).run();
            w.out.addAll(fallthrough);
        }

        // --- statements and expressions, collecting references, scopes and the immediate warnings

        /** The locals declared so far in the innermost scope: a block, a for statement, the function body. */
        private List<Var> scopeVars;

        private final TreeScanner walker = new TreeScanner() {
            @Override
            public void visitCompound(Stmt.Compound c) {
                block(c.items(), c.loc().offset(), null);
            }
            /* A full expression whose value is discarded: its assignment is a set, not a use. */
            @Override
            public void visitExprStmt(Stmt.ExprStmt e) {
                discarded(e.expr());
                scan(e.expr());
            }

            @Override
            public void visitIf(Stmt.If i) {
                condition(i.cond(), 2);
                super.visitIf(i);
            }

            @Override
            public void visitWhile(Stmt.While wh) {
                condition(wh.cond(), 2);
                super.visitWhile(wh);
            }

            @Override
            public void visitDoWhile(Stmt.DoWhile d) {
                scan(d.body());
                condition(d.cond(), 2);
                scan(d.cond());
            }
            /* A for statement is a scope of its own (its init may declare). */
            @Override
            public void visitFor(Stmt.For f) {
                List<Var> outer = scopeVars, forScope = new ArrayList<>();
                scopeVars = forScope;
                scopes.add(new HashMap<>());
                scan(f.init());
                condition(f.cond(), 1);
                scan(f.cond());
                discarded(f.step());
                scan(f.step());
                scan(f.body());
                scopes.remove(scopes.size() - 1);
                scopeVars = outer;
                scopeEnd(forScope, endOf(f.body()), false);
            }

            @Override
            public void visitSwitch(Stmt.Switch sw) {
                super.visitSwitch(sw);
                if (sw.body() instanceof Stmt.Compound c && w.on("-Wimplicit-fallthrough")) fallthrough(c.items());
            }

            @Override
            public void visitGoto(Stmt.Goto g) {
                gotoTargets.add(g.label());
            }

            @Override
            public void visitLabelAddr(Expr.LabelAddr l) {
                gotoTargets.add(l.label());
            } // &&l uses l

            @Override
            public void visitAsm(Stmt.Asm a) {
                gotoTargets.addAll(a.labels());
                super.visitAsm(a);
            } // asm goto

            @Override
            public void visitLabel(Stmt.Label l) {
                labels.add(l);
                super.visitLabel(l);
            }

            @Override
            public void visitLocalVar(Stmt.LocalVar lv) {
                super.visitLocalVar(lv); // the initializer
                Var v = lv.var();
                if (v.synthetic) return;
                shadow(v);
                scopes.get(scopes.size() - 1).put(v.name, v);
                scopeVars.add(v);
            }
            /* The directive's clauses name variables (map, private, ...): they count as used. */
            @Override
            public void visitOmp(Stmt.Omp o) {
                anything(o.directive());
                scan(o.body());
            }

            @Override
            public void visitVarRef(Expr.VarRef v) {
                count(v.var());
            }

            @Override
            public void visitBinary(Expr.Binary b) {
                super.visitBinary(b);
                signCompare(b);
            }
            /* A statement expression's block has a scope of its own: its locals' warnings come at its end. */
            @Override
            public void visitStmtExpr(Expr.StmtExpr se) {
                block(se.body().items(), se.body().loc().offset(), se.result());
            }
        };

        /** A block, and for a statement expression its value (a use of the block's locals before they go). */
        private void block(List<Stmt> items, int open, Expr value) {
            List<Var> outer = scopeVars, declared = new ArrayList<>();
            scopeVars = declared;
            scopes.add(new HashMap<>());
            walker.scanStmts(items);
            walker.scan(value);
            scopes.remove(scopes.size() - 1);
            scopeVars = outer;
            scopeEnd(declared, matchingBrace(text, open) + 0.5, false);
        }

        /** Where a statement ends, for a for-statement's scope: its block's closing brace, else its start. */
        private double endOf(Stmt body) {
            if (body instanceof Stmt.Compound c)
                return matchingBrace(text, c.loc().offset()) + 0.75;
            return body == null ? 0 : body.loc().offset() + 0.5;
        }

        private void count(Var v) {
            if (v.isLocal && !v.isFunction()) refs.computeIfAbsent(v, k -> new int[2])[0]++;
        }

        /* A full expression whose value is discarded: an assignment to a variable there is a set, not a use (clang's MaybeDecrementCount). */
        private void discarded(Expr e) {
            e = stripImplicit(e);
            Expr target = switch (e) {
                case Expr.Assign a -> a.target();
                case Expr.CompoundAssign c -> c.type().isVolatile() ? null : c.target();
                case Expr.IncDec i -> i.type().isVolatile() ? null : i.target();
                case null, default -> null;
            };
            if (target instanceof Expr.VarRef v
                    && v.var().isLocal
                    && !v.var().type.isVolatile()) refs.computeIfAbsent(v.var(), k -> new int[2])[1]++;
        }

        /** Walks any AST value (records, lists, clauses), counting the variables it names. */
        private void anything(Object o) {
            switch (o) {
                case null -> {}
                case Expr.VarRef v -> count(v.var());
                case Expr.Binary b -> walker.scan(b);
                case Var v -> count(v);
                case Stmt s
                when !(o instanceof Stmt.Decl) -> {
                    List<Var> outer = scopeVars;
                    scopeVars = new ArrayList<>();
                    walker.scan(s);
                    scopeVars = outer;
                }
                case List<?> l -> {
                    for (Object x : l) anything(x);
                }
                case java.util.Set<?> set -> {
                    for (Object x : set) anything(x);
                }
                case Expr e -> walker.scan(e);
                case Record r -> components(r);
                default -> {}
            }
        }

        private void components(Record r) {
            for (RecordComponent c : COMPONENTS.computeIfAbsent(r.getClass(), Class::getRecordComponents)) {
                Class<?> t = c.getType();
                if (t.isPrimitive()
                        || t == String.class
                        || t == SourceLocation.class
                        || t.isEnum()
                        || t.getPackageName().equals("jomp.compiler.type")) continue;
                try {
                    anything(c.getAccessor().invoke(r));
                } catch (ReflectiveOperationException ex) {
                    throw new IllegalStateException(ex);
                }
            }
        }

        // --- the warnings

        /** -Wshadow: a local declared in an inner scope with the name of an outer local or a global. */
        private void shadow(Var v) {
            if (!w.on("-Wshadow")) return;
            for (int i = scopes.size() - 2; i >= 0; i--) {
                Var outer = scopes.get(i).get(v.name);
                if (outer != null) {
                    w.add(
                            v.loc,
                            "declaration shadows a local variable",
                            "-Wshadow",
                            v.loc.offset(),
                            List.of(new Pending(outer.loc, "previous declaration is here", null, 0)));
                    return;
                }
            }
            Var g = globals.get(v.name);
            if (g != null && scopes.get(scopes.size() - 1).get(v.name) == null) {
                w.add(
                        v.loc,
                        "declaration shadows a variable in the global scope",
                        "-Wshadow",
                        v.loc.offset(),
                        List.of(new Pending(g.loc, "previous declaration is here", null, 0)));
            }
        }

        /** The variables of a scope that ends: unused, or set but never read; sorted by place, as clang sorts them. */
        private void scopeEnd(List<Var> declared, double position, boolean functionScope) {
            List<Pending> found = new ArrayList<>();
            for (Var v : declared) {
                if (v.synthetic || v.markedUnused || v.cleanup != null) continue; // a cleanup reads it
                boolean param = v.paramIndex >= 0;
                int[] r = refs.get(v);
                if (!v.used && r == null) {
                    if (!param && w.on("-Wunused-variable"))
                        found.add(
                                new Pending(v.loc, "unused variable '" + v.name + "'", "-Wunused-variable", position));
                } else if (r != null
                        && r[1] > 0
                        && r[0] - r[1] <= 0
                        && v.storage != Var.Storage.STATIC
                        && !v.type.isVolatile()) {
                    String flag = param ? "-Wunused-but-set-parameter" : "-Wunused-but-set-variable";
                    if (w.on(flag))
                        found.add(new Pending(
                                v.loc,
                                (param ? "parameter '" : "variable '") + v.name + "' set but not used",
                                flag,
                                position));
                }
            }
            if (functionScope && w.on("-Wunused-label")) {
                for (Stmt.Label l : labels) {
                    if (!gotoTargets.contains(l.name()))
                        found.add(new Pending(l.loc(), "unused label '" + l.name() + "'", "-Wunused-label", position));
                }
            }
            found.sort(Comparator.comparingInt(p -> p.loc().offset()));
            w.out.addAll(found);
        }

        private void unusedParameters(double position) {
            if (!w.on("-Wunused-parameter")) return;
            for (Var p : fn.params()) {
                if (p.synthetic || p.markedUnused || p.used || refs.containsKey(p)) continue;
                w.add(p.loc, "unused parameter '" + p.name + "'", "-Wunused-parameter", position, List.of());
            }
        }

        /** -Wmissing-prototypes: an external function defined without an earlier declaration. */
        private void missingPrototype(double position) {
            Var v = fn.var();
            if (!w.on("-Wmissing-prototypes") || v.storage == Var.Storage.STATIC || v.isInline || v.name.equals("main"))
                return;
            if (v.declaredWithPrototype)
                return; // declared before with a prototype, at file scope (not implicitly, not as f())
            w.add(
                    fn.loc(),
                    "no previous prototype for function '" + v.name + "'",
                    "-Wmissing-prototypes",
                    position,
                    List.of());
        }

        /** -Wparentheses: an assignment as the whole condition, not put in parentheses of its own. */
        private void condition(Expr cond, int syntaxParens) {
            if (!(stripImplicit(cond) instanceof Expr.Assign a) || !w.on("-Wparentheses")) return;
            if (a.loc().file() != fn.loc().file()) return; // from a macro elsewhere
            int start = start(a);
            int parens = 0;
            for (int i = start - 1; i >= 0; i--) {
                char c = text.charAt(i);
                if (c == '(') parens++;
                else if (!Character.isWhitespace(c)) break;
            }
            if (parens >= syntaxParens) return;
            w.add(
                    a.loc(),
                    "using the result of an assignment as a condition without parentheses",
                    "-Wparentheses",
                    a.loc().offset(),
                    List.of(
                            new Pending(
                                    a.loc(),
                                    "place parentheses around the assignment to silence this warning",
                                    null,
                                    0),
                            new Pending(
                                    a.loc(), "use '==' to turn this assignment into an equality comparison", null, 0)));
        }

        /** -Wsign-compare (clang's AnalyzeComparison): an unsigned comparison with a signed operand that may be negative. */
        private void signCompare(Expr.Binary b) {
            switch (b.op()) {
                case LT, LE, GT, GE, EQ, NE -> {}
                default -> {
                    return;
                }
            }
            Type t = b.left().type();
            if (!t.isInteger() || !t.isUnsigned || t.kind == Type.Kind.BOOL || !w.on("-Wsign-compare")) return;
            Expr l = stripImplicit(b.left()), r = stripImplicit(b.right());
            Long lc = ConstEval.integer(l), rc = ConstEval.integer(r);
            if (lc != null && rc != null) return; // a constant result
            Expr signed, unsigned;
            if (isSigned(l.type())) {
                signed = l;
                unsigned = r;
            } else if (isSigned(r.type())) {
                signed = r;
                unsigned = l;
            } else return;
            // a signed constant is either non-negative (no warning) or clang's tautology checks take it
            if (ConstEval.integer(signed) != null || nonNegative(signed)) return;
            if (b.op() == Expr.Binary.Op.EQ || b.op() == Expr.Binary.Op.NE) {
                // equality with an unsigned value narrower than the comparison cannot be changed by the conversion
                Long uc = ConstEval.integer(unsigned);
                long width = uc != null
                        ? 64 - Long.numberOfLeadingZeros(uc)
                        : unsigned.type().size() * 8;
                if (width < t.size() * 8) return;
            }
            signCompare.add(new Pending(
                    b.loc(),
                    "comparison of integers of different signs: " + TypePrinter.quoteAka(l.type()) + " and "
                            + TypePrinter.quoteAka(r.type()),
                    "-Wsign-compare",
                    close - 0.5));
        }

        private static boolean isSigned(Type t) {
            return t.isInteger() && !t.isUnsigned && t.kind != Type.Kind.BOOL;
        }

        /** clang's GetExprRange, the cases that matter: a value converted from a narrower unsigned type. */
        private static boolean nonNegative(Expr e) {
            if (e instanceof Expr.Cast c
                    && c.operand().type().isInteger()
                    && c.operand().type().isUnsigned
                    && c.operand().type().size() < c.type().size()) return true;
            return false;
        }

        /** -Wimplicit-fallthrough: a case label reached by falling out of the statements before it. */
        private void fallthrough(List<Stmt> items) {
            for (int i = 1; i < items.size(); i++) {
                Stmt s = items.get(i);
                if (!(s instanceof Stmt.Case) && !(s instanceof Stmt.Default)) continue;
                Stmt prev = items.get(i - 1);
                if (!canFallThrough(prev)
                        || fallthroughStatement(prev)
                        || annotated(prev.loc().offset(), s.loc().offset())) continue;
                fallthrough.add(new Pending(
                        s.loc(),
                        "unannotated fall-through between switch labels",
                        "-Wimplicit-fallthrough",
                        close + 0.5,
                        List.of(
                                new Pending(
                                        s.loc(),
                                        "insert '__attribute__((fallthrough));' to silence this warning",
                                        null,
                                        0),
                                new Pending(s.loc(), "insert 'break;' to avoid fall-through", null, 0))));
            }
        }

        /**
         * A fallthrough attribute statement, also out of a macro (expat's EXPAT_FALLTHROUGH): the parser gives it
         * as the Null statement at its attribute, any other empty statement is at its ';'.
         */
        private static boolean fallthroughStatement(Stmt s) {
            return switch (s) {
                case Stmt.Null n ->
                    n.loc() != null
                            && !n.loc().file().text().startsWith(";", n.loc().offset());
                case Stmt.Case c -> c.body() != null && fallthroughStatement(c.body());
                case Stmt.Default d -> d.body() != null && fallthroughStatement(d.body());
                case Stmt.Label l -> fallthroughStatement(l.body());
                default -> false;
            };
        }

        /** A fallthrough attribute between two places of the source. */
        private boolean annotated(int from, int to) {
            if (to <= from || to > text.length()) return false;
            String seg = text.substring(from, to)
                    .replaceAll("(?s)/\\*.*?\\*/|//[^\n]*", "")
                    .replaceAll("\\s+", "");
            return seg.contains("__attribute__((fallthrough))")
                    || seg.contains("__attribute__((__fallthrough__))")
                    || seg.contains("[[fallthrough]]")
                    || seg.contains("[[clang::fallthrough]]")
                    || seg.contains("[[gnu::fallthrough]]");
        }

        /** Can control run off the end of s? When unsure, no (so the warning is never spurious). */
        static boolean canFallThrough(Stmt s) {
            return switch (s) {
                case Stmt.Break b -> false;
                case Stmt.Continue c -> false;
                case Stmt.Return r -> false;
                case Stmt.Goto g -> false;
                case Stmt.Case c -> c.body() == null || canFallThrough(c.body());
                case Stmt.Default d -> d.body() == null || canFallThrough(d.body());
                case Stmt.Label l -> canFallThrough(l.body());
                case Stmt.Compound c ->
                    c.items().isEmpty()
                            || canFallThrough(c.items().get(c.items().size() - 1));
                // a constant condition takes one arm only, as clang's CFG prunes the other (a macro's "if ((n) % 4 ==
                // 3)")
                case Stmt.If i
                when ConstEval.integer(i.cond()) instanceof Long v ->
                    v != 0 ? canFallThrough(i.then()) : i.otherwise() == null || canFallThrough(i.otherwise());
                case Stmt.If i -> i.otherwise() == null || canFallThrough(i.then()) || canFallThrough(i.otherwise());
                case Stmt.ExprStmt e -> !Flow.noreturnCall(stripImplicit(e.expr()));
                case Stmt.Null n -> true;
                case Stmt.Decl d -> true;
                default -> false;
            };
        }
    }

    // ---------------------------------------------------------------- helpers

    private static final Map<Class<?>, RecordComponent[]> COMPONENTS = new java.util.concurrent.ConcurrentHashMap<>();

    static Expr stripImplicit(Expr e) {
        while (e instanceof Expr.Cast c && c.implicit()) e = c.operand();
        return e;
    }

    /** The offset of an expression's first character (its leftmost operand's). */
    static int start(Expr e) {
        int best = e.loc().offset();
        Expr left = switch (e) {
            case Expr.Assign a -> a.target();
            case Expr.CompoundAssign c -> c.target();
            case Expr.Binary b -> b.left();
            case Expr.Cast c when c.implicit() -> c.operand();
            case Expr.Member m -> m.base();
            case Expr.Call c -> c.callee();
            case Expr.Cond c -> c.cond();
            case Expr.Decay d -> d.operand();
            default -> null;
        };
        if (left != null && left.loc().file() == e.loc().file()) best = Math.min(best, start(left));
        return best;
    }

    /** The offset of the '}' that closes the '{' at {@code open}, skipping comments, strings and characters. */
    static int matchingBrace(String text, int open) {
        int depth = 0;
        for (int i = open; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '/' && i + 1 < text.length() && text.charAt(i + 1) == '*') {
                int end = text.indexOf("*/", i + 2);
                if (end < 0) return text.length();
                i = end + 1;
            } else if (c == '/' && i + 1 < text.length() && text.charAt(i + 1) == '/') {
                int end = text.indexOf('\n', i);
                if (end < 0) return text.length();
                i = end;
            } else if (c == '"' || c == '\'') {
                for (i++; i < text.length() && text.charAt(i) != c; i++) if (text.charAt(i) == '\\') i++;
            } else if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                return i;
            }
        }
        return text.length();
    }
}
