package jomp.compiler.cc1;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import jomp.compiler.codegen.BackEnd;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.IrParser;
import jomp.compiler.ir.IrPrinter;
import jomp.compiler.ir.Module;
import jomp.compiler.jvm.JvmCodeGen;
import jomp.compiler.lower.Lowering;
import jomp.compiler.offload.DeviceExtraction;
import jomp.compiler.opt.PassManager;
import jomp.compiler.parse.Parser;
import jomp.compiler.preprocess.Preprocessor;
import jomp.compiler.preprocess.PreprocessorOptions;
import jomp.compiler.sema.OmpDeclarations;
import jomp.env.Invocation;

/**
 * cc1's passes, in the order they run, for the host and for each device (javac's CompileStates,
 * LLVM's pass pipeline): this class is the one place that says what runs. Each pass runs once
 * per compile; the IR optimisation runs once on each module (the host's in the host compile or, in
 * an offloading build, in the host back-end job; the device half after extraction).
 *
 * <pre>
 * host:    preprocess, parse, warnings, omp-declarations, lower, opt, [-emit-ir: print-ir]
 *          loop-outline (-O1+), jvm-codegen, write-object | jvm-disassemble (-S)
 * .jir:    read-ir, opt, then as the host
 * device:  read-host-ir (or preprocess, parse, omp-declarations, lower), device-extraction, opt, device-dce,
 *          the back end's IR passes, [-emit-ir: print-ir], then the back end's code generation
 *          ({@link BackEnd}, found by the target's ToolChain in {@link BackEnds}):
 *   jvm:   loop-outline (-O1+), jvm-codegen, write-object (jvm/JvmCodeGen)
 *   nvptx: indirect-calls, then ptx-groupprivate, ptx-spmd-specialize, ptx-link-runtime, ptx-kernel-modes, ptx-kernel-arguments,
 *          ptx-global-addresses, ptx-emit (nvptx/NvptxCodeGen)
 * </pre>
 *
 * {@code -mllvm -debug-pass=Structure} prints a compile's list before it runs,
 * {@code -debug-pass=Arguments} the names on one line, {@code -debug-pass=Executions} each pass
 * as it ends with its time.
 */
final class Pipeline {
    /** What -mllvm -debug-pass= asks for. */
    enum Trace {
        NONE,
        ARGUMENTS,
        STRUCTURE,
        EXECUTIONS
    }

    /** One pass: its name in the list, what it does (and which file does it), and the step. */
    record Pass(String name, String description, Step step) {}

    interface Step {
        void run(Compilation c) throws IOException;
    }

    private Pipeline() {}

    // ---- the passes --------------------------------------------------------------------------

    static Pass preprocess(PreprocessorOptions ppOpts) {
        return new Pass(
                "preprocess",
                "macros, includes and conditionals expanded: the unit's tokens (preprocess/Preprocessor)",
                c -> {
                    c.preprocessor = new Preprocessor(ppOpts, c.diags);
                    c.tokens = Preprocessor.finish(c.preprocessor.expand(c.source), c.diags);
                });
    }

    /** Parsing with the type checks of sema; warnings found here wait for the warnings pass, where clang prints them. */
    static final Pass PARSE =
            new Pass("parse", "C11 and OpenMP syntax to the AST, typed and checked (parse/Parser, sema/Sema)", c -> {
                boolean hold = !c.options.targetDevice;
                if (hold) c.diags.hold();
                c.tu = Parser.parse(
                        c.tokens,
                        c.diags,
                        c.options.ompVersion,
                        jomp.compiler.parse.Language.of(c.options.std, c.options.gnu89Inline),
                        c.options.bracketDepth);
                c.tokens = null; // garbage once the AST exists
                if (hold && c.diags.hasErrors()) c.diags.release(List.of());
                c.included = c.preprocessor.includedFiles();
                c.preprocessor = null;
            });

    static final Pass WARNINGS = new Pass(
            "warnings",
            "flow, format and initialisation warnings on the AST (sema/Warnings)",
            c -> c.diags.release(jomp.compiler.sema.Warnings.check(c.tu, c.diags, c.source)));

    static final Pass OMP_DECLARATIONS = new Pass(
            "omp-declarations",
            "declare target (device_type, link, indirect), requires and declare mapper gathered; device_type calls checked (sema/OmpDeclarations)",
            c -> c.ompDeclarations = OmpDeclarations.scan(c.tu, c.diags));

    /**
     * The OpenMP constructs are lowered in the same walk as the C around them (clang's CodeGen
     * does the same: CGStmtOpenMP emits a region's body where it meets it and outlines it then).
     */
    static final Pass LOWER = new Pass(
            "lower",
            "C and OpenMP lowering to IR: regions outlined, runtime calls, offload entries (lower/Lowering, lower/OmpLowering)",
            c -> {
                c.module = Lowering.lower(c.tu, c.ompDeclarations, c.diags, c.options.input, c.options.debugInfo);
                jomp.compiler.lower.SymbolVisibility.record(c.tu, c.module, c.options.visibility);
                c.tu = null; // about 1 KB a line: a large unit's peak memory
            });

    static final Pass READ_IR = new Pass(
            "read-ir",
            "IR text to the in-memory module (ir/IrParser; a copy of the writer's module when it ran in this process: IrHandoff)",
            c -> {
                // the host back end of an offloading build is the host IR's last reader
                Module shared = read(c, c.options.input, true);
                if (shared != null) c.module = shared.copy(Function::copy);
            });

    static final Pass READ_HOST_IR = new Pass(
            "read-host-ir",
            "the host compile's IR (-fopenmp-host-ir-file-path) to the in-memory module (ir/IrParser; IrHandoff as read-ir)",
            c -> {
                Module shared = read(c, c.options.hostIrPath, false);
                if (shared != null) { // its functions are shared until extraction has picked the device's
                    c.module = shared.copy(f -> f);
                    c.sharedFunctions = true;
                }
            });

    /** Reads an IR file: the writer's module if IrHandoff has it (returned, not to be changed), else parses it into c.module. */
    private static Module read(Compilation c, String file, boolean last) throws IOException {
        java.nio.file.Path p = Invocation.path(file);
        byte[] text = Files.readAllBytes(p);
        Module shared = IrHandoff.read(p, text, last);
        if (shared == null)
            c.module = IrParser.parse(
                    new jomp.compiler.diag.SourceFile(file, new String(text, StandardCharsets.ISO_8859_1)), c.diags);
        return shared;
    }

    static Pass opt(int level) {
        return new Pass(
                "opt",
                "IR optimisation at -O" + level + ": " + PassManager.describe(level) + " (opt/PassManager)",
                c -> PassManager.run(c.module, level));
    }

    static final Pass SAVE_TEMPS = new Pass(
            "save-temps",
            "the optimised IR written as <stem>.jir (-save-temps)",
            c -> Files.writeString(
                    Invocation.path(Cc1.stem(c.options.input) + ".jir"),
                    IrPrinter.print(c.module),
                    StandardCharsets.ISO_8859_1));

    static final Pass DEVICE_EXTRACTION = new Pass(
            "device-extraction",
            "the device half: kernels, declare-target functions and globals and all they reach (offload/DeviceExtraction)",
            c -> {
                c.module = DeviceExtraction.extract(c.module);
                if (c.sharedFunctions)
                    c.module = c.module.copy(Function::copy); // the device's own, for its passes to change
                c.sharedFunctions = false;
            });

    /**
     * Extraction again, after the device half's optimisation: what only dead code reached goes
     * (LLVM's globaldce). What stays is copied, which sets each function's register counter to
     * its highest register + 1 as the IR parser does: the device code is the same as when the
     * device half was cut from IR optimised, printed and parsed before extraction.
     */
    static final Pass DEVICE_DCE = new Pass(
            "device-dce",
            "drop the functions and globals the optimised device code no longer reaches (offload/DeviceExtraction)",
            c -> c.module = DeviceExtraction.extract(c.module).copy(Function::copy));

    static final Pass PRINT_IR = new Pass(
            "print-ir",
            "the module as IR text (-emit-ir; ir/IrPrinter)",
            c -> c.output = IrPrinter.print(c.module).getBytes(StandardCharsets.ISO_8859_1));

    /** A back end's pass as one of cc1's (a compile is the unit back-end passes work on). */
    static Pass of(BackEnd.Pass p) {
        return new Pass(p.name(), p.description(), c -> p.step().run(c));
    }

    static List<Pass> of(List<BackEnd.Pass> passes) {
        return passes.stream().map(Pipeline::of).toList();
    }

    // ---- the lists ---------------------------------------------------------------------------

    /** A host compile of C source; null after {@code parse} and {@code warnings} for -fsyntax-only. */
    static List<Pass> host(Cc1.Options o, PreprocessorOptions ppOpts) {
        List<Pass> l = new ArrayList<>(List.of(preprocess(ppOpts), PARSE, WARNINGS, OMP_DECLARATIONS));
        if (o.mode.equals("-fsyntax-only")) return l;
        l.add(LOWER);
        l.add(opt(o.disableOptPasses ? 0 : o.optLevel));
        if (o.saveTemps) l.add(SAVE_TEMPS);
        hostBackEnd(o, l);
        return l;
    }

    /** A compile of IR text (a .jir file: the host IR of an offloading build). */
    static List<Pass> fromIr(Cc1.Options o) {
        List<Pass> l = new ArrayList<>(List.of(READ_IR, opt(o.disableOptPasses ? 0 : o.optLevel)));
        hostBackEnd(o, l);
        return l;
    }

    /** The host is the JVM: its back end's passes, or the IR text for -emit-ir. */
    private static void hostBackEnd(Cc1.Options o, List<Pass> l) {
        if (o.mode.equals("-emit-ir")) {
            l.add(PRINT_IR);
            return;
        }
        l.addAll(of(JvmCodeGen.hostPasses(o.optLevel, o.mode.equals("-S"))));
    }

    /** A device compile (-fopenmp-is-target-device) for a target whose back end is {@code be}. */
    static List<Pass> device(Cc1.Options o, PreprocessorOptions ppOpts, BackEnd be, BackEnd.Target target) {
        List<Pass> l = new ArrayList<>();
        if (o.hostIrPath != null) l.add(READ_HOST_IR);
        else l.addAll(List.of(preprocess(ppOpts), PARSE, OMP_DECLARATIONS, LOWER));
        l.addAll(List.of(DEVICE_EXTRACTION, opt(o.optLevel), DEVICE_DCE));
        l.addAll(of(be.deviceIrPasses()));
        if (o.mode.equals("-emit-ir")) {
            l.add(PRINT_IR);
            return l;
        } // -foffload-lto: code generation at the link
        l.addAll(of(be.devicePasses(target)));
        return l;
    }

    // ---- running -----------------------------------------------------------------------------

    /**
     * Runs the passes in order; stops after the first that reports an error. Returns whether all
     * ran without errors. {@code what} names the compile for the trace (its input, target, level).
     */
    static boolean run(List<Pass> passes, Compilation c, Trace trace, String what, PrintStream err) throws IOException {
        switch (trace) {
            case STRUCTURE -> err.print(structure(passes, what));
            case ARGUMENTS ->
                err.println("Pass Arguments: "
                        + String.join(" ", passes.stream().map(Pass::name).toList()));
            default -> {}
        }
        long total = 0;
        for (int i = 0; i < passes.size(); i++) {
            Pass p = passes.get(i);
            long t0 = System.nanoTime();
            p.step().run(c);
            long t = System.nanoTime() - t0;
            total += t;
            if (trace == Trace.EXECUTIONS)
                err.printf("[%2d/%d] %-22s %9.3f ms  (%s)%n", i + 1, passes.size(), p.name(), t / 1e6, what);
            // the parser goes on after the preprocessor's errors (clang reports both: a bad macro call, then the
            // undeclared name)
            if (c.diags.hasErrors() && !p.name().equals("preprocess")) return false;
        }
        if (trace == Trace.EXECUTIONS) err.printf("       %-22s %9.3f ms  (%s)%n", "total", total / 1e6, what);
        return true;
    }

    /** The -debug-pass=Structure text: a header naming the compile, then one numbered line a pass. */
    static String structure(List<Pass> passes, String what) {
        StringBuilder sb = new StringBuilder("Pass pipeline (").append(what).append("):\n");
        for (int i = 0; i < passes.size(); i++)
            sb.append(String.format(
                    "  %2d. %-22s %s%n",
                    i + 1, passes.get(i).name(), passes.get(i).description()));
        return sb.toString();
    }
}
