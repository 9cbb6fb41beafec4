package jomp.compiler.cc1;

import java.util.List;
import jomp.compiler.ast.TranslationUnit;
import jomp.compiler.codegen.Unit;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceFile;
import jomp.compiler.lex.Token;
import jomp.compiler.preprocess.Preprocessor;
import jomp.compiler.sema.OmpDeclarations;

/**
 * The state of one unit as cc1's passes ({@link Pipeline}) carry it forward, like javac's Env: each
 * pass reads what the one before it left and sets what it makes; what the later passes no longer
 * need is dropped (the tokens once the AST exists, the AST once the IR exists). What the back
 * end's passes read and write (the module, the output, their own state) is the {@link Unit} part.
 */
final class Compilation extends Unit {
    final Cc1.Options options;
    final Diagnostics diags;

    SourceFile source;
    Preprocessor preprocessor;
    List<Token> tokens;
    TranslationUnit tu;
    /** The unit's declare target, requires and declare mapper directives (omp-declarations). */
    OmpDeclarations ompDeclarations;

    List<Preprocessor.IncludedFile> included = List.of();
    /** Whether module's functions are another job's (IrHandoff) until device extraction copies the device's. */
    boolean sharedFunctions;

    Compilation(Cc1.Options options, Diagnostics diags) {
        this.options = options;
        this.diags = diags;
        this.embedOffloadObject = options.embedOffloadObject;
    }
}
