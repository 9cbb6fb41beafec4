package jomp.compiler.ast;

import java.util.List;
import jomp.compiler.diag.SourceLocation;

/** Statements (C11 6.8). break/continue refer to the innermost loop or switch, as in C. */
public sealed interface Stmt {
    SourceLocation loc();

    record Compound(List<Stmt> items, SourceLocation loc) implements Stmt {}
    /** An expression statement (the value is discarded). */
    record ExprStmt(Expr expr, SourceLocation loc) implements Stmt {}

    record Null(SourceLocation loc) implements Stmt {}

    record If(Expr cond, Stmt then, Stmt otherwise, SourceLocation loc) implements Stmt {}
    /** for (init; cond; step) body: init is a Decl statement, an ExprStmt or null; cond/step may be null. */
    record For(Stmt init, Expr cond, Expr step, Stmt body, SourceLocation loc) implements Stmt {}

    record While(Expr cond, Stmt body, SourceLocation loc) implements Stmt {}

    record DoWhile(Stmt body, Expr cond, SourceLocation loc) implements Stmt {}
    /**
     * switch: cond is promoted; {@code cases} lists every case label of this switch (in source order) and
     * {@code defaultCase} the default label (or null), both also appearing as statements inside body.
     */
    record Switch(Expr cond, Stmt body, List<Case> cases, Default defaultCase, SourceLocation loc) implements Stmt {}
    /**
     * case value: body (GNU ranges {@code case lo ... hi} have lo &lt; hi, else lo == hi). Values are
     * converted to the switch type; in a switch on an {@code __int128}, lo and hi are their low 64
     * bits and wideLo, wideHi the values (null in other switches).
     */
    record Case(
            long lo, long hi, Stmt body, SourceLocation loc, java.math.BigInteger wideLo, java.math.BigInteger wideHi)
            implements Stmt {
        public Case(long lo, long hi, Stmt body, SourceLocation loc) {
            this(lo, hi, body, loc, null, null);
        }
    }

    record Default(Stmt body, SourceLocation loc) implements Stmt {}

    record Break(SourceLocation loc) implements Stmt {}

    record Continue(SourceLocation loc) implements Stmt {}
    /** return [value]; value is converted to the function's return type. */
    record Return(Expr value, SourceLocation loc) implements Stmt {}

    record Goto(String label, SourceLocation loc) implements Stmt {}
    /** GNU {@code goto *target;}: to the label whose address ({@link Expr.LabelAddr}) target holds, a {@code const void *}. */
    record IndirectGoto(Expr target, SourceLocation loc) implements Stmt {}

    record Label(String name, Stmt body, SourceLocation loc) implements Stmt {}
    /** Block-scope declarations, in order (statics and externs included; typedefs and tags produce none). */
    record Decl(List<LocalVar> vars, SourceLocation loc) implements Stmt {}
    /**
     * A GNU asm statement: its template (the string's characters), its output operands (lvalues)
     * and input operands with their constraints ("=r", "+m", "0", "[name]" names dropped), its
     * clobbers, volatile, and an asm goto's labels. Lowering compiles the forms that mean something
     * on the JVM (barriers, pause, rdtsc, cpuid, fences: lower/AsmLowering) and refuses the rest, in
     * the functions it compiles only (headers hold static inline functions with assembly).
     */
    record Asm(
            String template,
            List<String> outputConstraints,
            List<Expr> outputs,
            List<String> inputConstraints,
            List<Expr> inputs,
            List<String> clobbers,
            boolean isVolatile,
            boolean isGoto,
            List<String> labels,
            SourceLocation loc)
            implements Stmt {}
    /** An OpenMP directive; body is its associated statement (null for standalone directives). */
    record Omp(OmpDirective directive, Stmt body, SourceLocation loc) implements Stmt {}

    /**
     * One declared local. init is null when not initialized. A VLA's size variable ({@link Vla#sizeVar}) must be
     * assigned (from the VLA length expressions) when this declaration executes, then storage allocated.
     */
    record LocalVar(Var var, Initializer init, SourceLocation loc) {}
}
