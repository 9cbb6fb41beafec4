package jomp.compiler.cc1;

import java.util.List;

import jomp.compiler.ast.TranslationUnit;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceFile;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Module;
import jomp.compiler.jvm.JvmBackend;
import jomp.compiler.lex.Token;
import jomp.compiler.nvptx.PtxPreparation;
import jomp.compiler.preprocess.Preprocessor;
import jomp.compiler.sema.OmpDeclarations;

/**
 * The state of one unit as cc1's passes ({@link Pipeline}) carry it forward, like javac's Env: each
 * pass reads what the one before it left and sets what it makes; what the later passes no longer
 * need is dropped (the tokens once the AST exists, the AST once the IR exists).
 */
final class Compilation {
    final Cc1.Options options;
    final Diagnostics diags;

    SourceFile source;
    Preprocessor preprocessor;
    List<Token> tokens;
    TranslationUnit tu;
    /** The unit's declare target, requires and declare mapper directives (omp-declarations). */
    OmpDeclarations ompDeclarations;
    List<Preprocessor.IncludedFile> included = List.of();
    /** The IR the next pass works on: the unit's, or after device extraction its device half. */
    Module module;
    /** Whether module's functions are another job's (IrHandoff) until device extraction copies the device's. */
    boolean sharedFunctions;
    /** Methods the loop-outlining pass made (jvm code generation adds them to the class). */
    List<Function> outlined = List.of();
    List<JvmBackend.ClassFile> classes;
    PtxPreparation.State ptx;
    /** The bytes the compile writes: an object, IR text, PTX or assembly text. */
    byte[] output;

    Compilation(Cc1.Options options, Diagnostics diags) {
        this.options = options;
        this.diags = diags;
    }
}
