package jomp.compiler.ast;

import java.util.List;
import jomp.compiler.diag.SourceLocation;

/** A parsed and checked translation unit: top-level items in source order. */
public record TranslationUnit(List<TopLevel> items, List<Var> globals) {

    /** A file-scope item. */
    public sealed interface TopLevel {
        SourceLocation loc();
    }

    /**
     * A function definition. params in order (unnamed ones have synthetic names); locals are all the
     * function's automatic and static locals, compound-literal and VLA-size temporaries included.
     */
    public record Function(Var var, List<Var> params, Stmt.Compound body, List<Var> locals, SourceLocation loc)
            implements TopLevel {}

    /**
     * A file-scope object definition (or a tentative one, then init is null and it is zero-filled).
     * Each object appears once, at its first definition. Initializers are constant (see ConstEval).
     */
    public record Global(Var var, Initializer init, SourceLocation loc) implements TopLevel {}

    /** A declaration-level OpenMP directive (declare target, begin/end declare target, declare reduction). */
    public record OmpDecl(OmpDirective directive, SourceLocation loc) implements TopLevel {}

    /**
     * GNU as's {@code .symver name, versioned} (file-scope asm, or gcc's {@code symver} attribute):
     * {@code versioned} ({@code f@VERS_1}, {@code f@@VERS_2}, {@code f@@@VERS_2}) names the
     * definition of the symbol {@code name} too, or, when the unit does not define it, is what
     * the unit's references to it link to.
     */
    public record Symver(String name, String versioned, SourceLocation loc) implements TopLevel {}
}
