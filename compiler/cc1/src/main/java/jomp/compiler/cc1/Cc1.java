package jomp.compiler.cc1;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceFile;
import jomp.compiler.diag.WarningOptions;
import jomp.compiler.jvm.JvmBackend;
import jomp.compiler.lex.Token;
import jomp.compiler.preprocess.PreprocessedPrinter;
import jomp.compiler.preprocess.Preprocessor;
import jomp.compiler.preprocess.PreprocessorOptions;
import jomp.env.Invocation;

/**
 * {@code jomp -cc1}: the frontend as one tool, like clang's cc1. Runs the passes in order
 * (preprocess → parse → check → lower → optimise → generate) and writes the one output the mode
 * asks for (-E text, -emit-ir IR text, -S assembly, -emit-obj an ELF object). The driver makes
 * these command lines; they also run by hand.
 */
public final class Cc1 {
    /** The parsed cc1 command line. */
    public static final class Options {
        public String triple = jomp.toolchain.Triple.HOST;
        public String mode = "-emit-obj";
        public String output;
        public String input;
        public int optLevel = 0;
        /**
         * -g (and -g1, -g3, -ggdb...; -g0 turns it off): source lines and local names in the
         * classes; for offloading, map names and source locations the runtime reports.
         */
        public boolean debugInfo;

        public boolean openmp;
        /** -fopenmp-version=NN (OpenMP 5.1 by default, as clang 19). */
        public int ompVersion = 51;
        /** -fbracket-depth=N: how deep parentheses, brackets and braces may nest (256, as clang). */
        public int bracketDepth = jomp.compiler.parse.Parser.BRACKET_DEPTH;

        public boolean targetDevice;
        public String hostIrPath;
        public String targetCpu;
        public String embedOffloadObject;
        public List<String> offloadTargets = new ArrayList<>();
        public List<Path> includeDirs = new ArrayList<>();
        /** -isystem, -iquote, -idirafter directories. */
        public List<Path> systemDirs = new ArrayList<>(),
                quoteDirs = new ArrayList<>(),
                afterDirs = new ArrayList<>(),
                embedDirs = new ArrayList<>();

        public boolean noStdInc, noStdLibInc, noBuiltinInc;
        /** -include and -imacros files, in command-line order each. */
        public List<String> includes = new ArrayList<>(), imacros = new ArrayList<>();
        /** -dM: with -E, print the macros defined at the end instead of the text. */
        public boolean dumpMacros;
        /** -P: no line markers, lines laid out as clang -E -P lays them out. */
        public boolean noLineMarkers;
        /** -std=, null when not given. */
        public String std;
        /** -fgnu89-inline (true), -fno-gnu89-inline (false), neither (null: the standard decides). */
        public Boolean gnu89Inline;
        /** -fvisibility=: the visibility of external definitions that declare none (default, hidden, internal, protected). */
        public String visibility = "default";

        public boolean optimizeSize;
        public boolean pthread;
        public Map<String, String> defines = new LinkedHashMap<>();
        /** -m<feature>, -mno-<feature>, -march=: the x86 feature macros (X86Features), in order. */
        public List<String> x86Features = new ArrayList<>();

        public boolean werror;
        public boolean noWarnings;
        public boolean verbose;
        /** -fno-diagnostics-show-line-numbers: snippets without clang 19's line-number gutter. */
        public boolean lineNumbers = true;
        /** -fno-caret-diagnostics, -fno-show-column: the message line alone; no column in it. */
        public boolean caret = true, column = true;
        /** -save-temps: also write the preprocessed source (.i) and the IR (.jir) into the working directory. */
        public boolean saveTemps;
        /** -dependency-file: where the Make rule goes ("-": stdout); -MT targets; -sys-header-deps; -MP. */
        public String dependencyFile;

        public List<String> dependencyTargets = new ArrayList<>();
        public boolean sysHeaderDeps;
        public boolean phonyTargets;
        /** -W..., -w, -pedantic in command-line order. */
        public List<String> warningOptions = new ArrayList<>();
        /** -disable-llvm-passes (clang's name): the IR is written as lowered; the job that reads it optimises it. */
        public boolean disableOptPasses;
        /** -mllvm -debug-pass=Structure|Arguments|Executions: print the pass list, or each pass as it runs. */
        Pipeline.Trace debugPass = Pipeline.Trace.NONE;
    }

    /** Bad command line: printed as "jomp: error: ..." with status 1. */
    static final class UsageError extends Exception {
        UsageError(String m) {
            super(m);
        }
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        Options o;
        try {
            o = parse(args);
        } catch (UsageError e) {
            err.println("jomp: error: " + e.getMessage());
            return 1;
        }
        WarningOptions warnings = WarningOptions.parse(o.warningOptions);
        Diagnostics diags = new Diagnostics(err)
                .werror(o.werror)
                .suppressWarnings(o.noWarnings)
                .warningOptions(warnings)
                .lineNumbers(o.lineNumbers)
                .caret(o.caret)
                .column(o.column);
        // clang's cc1 reports -W options it does not know first, then compiles (only a job that reads C does)
        if (!o.input.endsWith(".jir") && !o.targetDevice) {
            for (String m : warnings.unknownOptionMessages()) diags.commandLineWarning(m, "-Wunknown-warning-option");
            if (diags.hasErrors())
                return 1; // -Werror made them errors: clang compiles nothing then, and prints no summary
        }
        try {
            return compile(o, out, err, diags);
        } catch (Diagnostics.FatalError e) {
            diags.printSummary();
            deleteOutput(o);
            return 1;
        } catch (jomp.env.OutputFiles.OutputError e) {
            // as clang's cc1 says it: no program name, then the summary
            err.println("error: " + e.getMessage());
            if (o.caret) err.println("1 error generated.");
            return 1;
        } catch (IOException e) {
            err.println("jomp: error: " + e.getMessage());
            deleteOutput(o);
            return 1;
        } catch (IllegalArgumentException e) {
            // ASM's limit on one class-file constant (a name or string past 65,535 bytes), met outside the
            // code generator's own checks (the object's other classes): a clear error, as for a method too large
            if (e.getMessage() == null || !e.getMessage().contains("UTF8 string too large")) throw e;
            diags.printSummary();
            err.println("jomp: error: a name or string constant is longer than the JVM's 65,535-byte limit for one"
                    + " class-file constant");
            deleteOutput(o);
            return 1;
        } catch (JvmBackend.TooLargeException | jomp.compiler.codegen.BackEnd.Refusal e) {
            // from the jvm-codegen pass (a method or a name past the JVM's limits): the warnings before it are
            // counted first
            diags.printSummary();
            err.println("jomp: error: " + e.getMessage());
            deleteOutput(o);
            return 1;
        }
    }

    static Options parse(String[] args) throws UsageError {
        Options o = new Options();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "-triple" -> o.triple = need(args, ++i, a);
                case "-o" -> o.output = need(args, ++i, a);
                case "-fopenmp" -> o.openmp = true;
                case "-fopenmp-is-target-device" -> o.targetDevice = true;
                case "-fopenmp-host-ir-file-path" -> o.hostIrPath = need(args, ++i, a);
                case "-target-cpu" -> o.targetCpu = need(args, ++i, a);
                case "-E", "-fsyntax-only", "-emit-ir", "-S", "-emit-obj" -> o.mode = a;
                case "-Werror" -> {
                    o.werror = true;
                    o.warningOptions.add(a);
                }
                case "-w" -> {
                    o.noWarnings = true;
                    o.warningOptions.add(a);
                }
                case "-v" -> o.verbose = true;
                case "-fno-diagnostics-show-line-numbers" -> o.lineNumbers = false;
                case "-fdiagnostics-show-line-numbers" -> o.lineNumbers = true;
                case "-fno-caret-diagnostics" -> o.caret = false;
                case "-fcaret-diagnostics" -> o.caret = true;
                case "-fno-show-column" -> o.column = false;
                case "-fshow-column" -> o.column = true;
                case "-save-temps" -> o.saveTemps = true;
                case "-pedantic" -> o.warningOptions.add(a);
                case "-fgnu89-inline" -> o.gnu89Inline = true;
                case "-fno-gnu89-inline" -> o.gnu89Inline = false;
                case "-dependency-file" -> o.dependencyFile = need(args, ++i, a);
                case "-MT" -> o.dependencyTargets.add(need(args, ++i, a));
                case "-sys-header-deps" -> o.sysHeaderDeps = true;
                case "-MP" -> o.phonyTargets = true;
                case "-Eonly" -> o.mode = a; // preprocess for the dependency file alone (-M, -MM)
                case "-x" -> need(args, ++i, a);
                case "-nostdinc" -> o.noStdInc = true;
                case "-nostdlibinc" -> o.noStdLibInc = true;
                case "-nobuiltininc" -> o.noBuiltinInc = true;
                case "-dM" -> o.dumpMacros = true;
                case "-P" -> o.noLineMarkers = true;
                case "-pthread" -> o.pthread = true;
                case "-include" -> o.includes.add(need(args, ++i, a));
                case "-imacros" -> o.imacros.add(need(args, ++i, a));
                case "-disable-llvm-passes" -> o.disableOptPasses = true;
                case "-mllvm" -> o.debugPass = backendOption(need(args, ++i, a));
                default -> i = joinedOrInput(o, args, i);
            }
        }
        if (o.input == null) throw new UsageError("no input files");
        return o;
    }

    /**
     * args[i], an option that is none of parse's words: one that starts with a prefix (its value
     * joined, or the next argument), or the input file. Gives the index of the last argument used.
     */
    private static int joinedOrInput(Options o, String[] args, int i) throws UsageError {
        String a = args[i];
        if (a.startsWith("-O")) {
            o.optLevel = optLevel(a);
            o.optimizeSize = a.equals("-Os") || a.equals("-Oz");
        } else if (a.startsWith("-isystem"))
            o.systemDirs.add(Path.of(a.length() > 8 ? a.substring(8) : need(args, ++i, a)));
        else if (a.startsWith("-iquote"))
            o.quoteDirs.add(Path.of(a.length() > 7 ? a.substring(7) : need(args, ++i, a)));
        else if (a.startsWith("--embed-dir=")) o.embedDirs.add(Path.of(a.substring(12)));
        else if (a.startsWith("-idirafter"))
            o.afterDirs.add(Path.of(a.length() > 10 ? a.substring(10) : need(args, ++i, a)));
        else if (a.startsWith("-std=")) {
            o.std = a.substring(5);
            if (!jomp.compiler.preprocess.PreprocessorOptions.knownStandard(o.std))
                throw new UsageError("invalid value '" + o.std + "' in '" + a + "'");
        } else if (a.startsWith("-I")) o.includeDirs.add(Path.of(a.length() > 2 ? a.substring(2) : need(args, ++i, a)));
        else if (a.startsWith("-D")) define(o, a.length() > 2 ? a.substring(2) : need(args, ++i, a));
        else if (a.startsWith("-U")) o.defines.put(a.length() > 2 ? a.substring(2) : need(args, ++i, a), null);
        else if (a.startsWith("-fopenmp-targets="))
            o.offloadTargets.addAll(List.of(a.substring(17).split(",")));
        else if (a.startsWith("-fembed-offload-object=")) o.embedOffloadObject = a.substring(23);
        else if (a.startsWith("-fopenmp-version=")) o.ompVersion = ompVersion(a);
        else if (a.startsWith("-fbracket-depth=")) o.bracketDepth = bracketDepth(a);
        else if (a.startsWith("-fvisibility=")) {
            o.visibility = a.substring(13);
            if (!jomp.compiler.lower.SymbolVisibility.NAMES.contains(o.visibility))
                throw new UsageError("invalid value '" + o.visibility + "' in '" + a + "'");
        } else if (a.startsWith("-g") && !a.startsWith("-gno-") && !a.equals("-gcolumn-info"))
            o.debugInfo = !a.equals("-g0");
        else if (a.startsWith("-W")) o.warningOptions.add(a);
        else if (a.startsWith("-march=") || jomp.compiler.preprocess.X86Features.isFeatureFlag(a)) o.x86Features.add(a);
        else if (a.startsWith("-g") || a.startsWith("-f") || a.startsWith("-m")) {
            // accepted: jomp speaks C11 with GNU extensions whatever the -std, and its warnings are on
        } else if (a.startsWith("-") && !a.equals("-")) throw new UsageError("unknown argument: '" + a + "'");
        else if (o.input != null)
            throw new UsageError("cc1 takes one input file, got '" + o.input + "' and '" + a + "'");
        else o.input = a;
        return i;
    }

    static String stem(String file) {
        String name = Path.of(file).getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }

    /**
     * A -mllvm option: jomp's back ends take one, -debug-pass= (LLVM's legacy pass manager option,
     * which prints the pass list as clang 19's does with it).
     */
    private static Pipeline.Trace backendOption(String a) throws UsageError {
        if (!a.startsWith("-debug-pass=") && !a.startsWith("--debug-pass="))
            throw new UsageError("unknown argument to '-mllvm': '" + a
                    + "' (jomp knows -debug-pass=Structure|Arguments|Executions)");
        String v = a.substring(a.indexOf('=') + 1);
        return switch (v) {
            case "None" -> Pipeline.Trace.NONE;
            case "Arguments" -> Pipeline.Trace.ARGUMENTS;
            case "Structure" -> Pipeline.Trace.STRUCTURE;
            case "Executions", "Details" -> Pipeline.Trace.EXECUTIONS;
            default ->
                throw new UsageError(
                        "invalid value '" + v + "' in '-mllvm " + a + "' (Structure, Arguments, Executions or None)");
        };
    }

    /** -fbracket-depth=N, a number (what clang's cc1 says of another value). */
    private static int bracketDepth(String a) throws UsageError {
        String v = a.substring(16);
        if (v.isEmpty() || !v.chars().allMatch(Character::isDigit) || v.length() > 9)
            throw new UsageError("invalid integral value '" + v + "' in '-fbracket-depth " + v + "'");
        return Integer.parseInt(v);
    }

    /** -fopenmp-version=N: clang takes any number (45, 50, 51, 52; 5 means 50, as in clang). */
    private static int ompVersion(String a) throws UsageError {
        String v = a.substring(17);
        if (v.isEmpty() || !v.chars().allMatch(Character::isDigit) || v.length() > 4)
            throw new UsageError("invalid integral value '" + v + "' in '" + a + "'");
        int n = Integer.parseInt(v);
        return n < 10 ? n * 10 : n;
    }

    private static int optLevel(String a) throws UsageError {
        String v = a.substring(2);
        return switch (v) {
            case "", "1" -> 1;
            case "0" -> 0;
            case "2", "s", "z" -> 2;
            case "3", "fast" -> 3;
            default -> throw new UsageError("invalid integral value '" + v + "' in '" + a + "'");
        };
    }

    private static void define(Options o, String d) {
        int eq = d.indexOf('=');
        if (eq < 0) o.defines.put(d, "1");
        else o.defines.put(d.substring(0, eq), d.substring(eq + 1));
    }

    private static String need(String[] args, int i, String opt) throws UsageError {
        if (i >= args.length) throw new UsageError("argument to '" + opt + "' is missing (expected 1 value)");
        return args[i];
    }

    private static int compile(Options o, PrintStream out, PrintStream err, Diagnostics diags) throws IOException {
        Path in = Path.of(o.input);
        boolean stdin = o.input.equals("-");
        // a device such as /dev/null is read as a file (`-dM -E -x c /dev/null`, as build systems ask clang)
        if (!stdin && (!Files.exists(Invocation.resolve(in)) || Files.isDirectory(Invocation.resolve(in)))) {
            err.println("jomp: error: no such file or directory: '" + o.input + "'");
            return 1;
        }
        Map<String, String> defines = new LinkedHashMap<>(); // the x86 feature macros, then -D/-U
        for (String m : jomp.compiler.preprocess.X86Features.macros(o.x86Features)) defines.put(m, "1");
        defines.putAll(o.defines);
        PreprocessorOptions ppOpts = new PreprocessorOptions(
                o.includeDirs,
                o.systemDirs,
                defines,
                o.openmp,
                o.quoteDirs,
                o.afterDirs,
                o.noStdInc,
                o.noStdLibInc,
                o.noBuiltinInc,
                o.imacros,
                o.includes,
                o.verbose,
                o.std,
                o.optLevel,
                o.optimizeSize,
                o.pthread,
                o.gnu89Inline,
                o.embedDirs);
        if (o.input.endsWith(".jir")) return fromIr(o, out, err, diags);
        if (o.targetDevice) return deviceCompile(o, ppOpts, out, err, diags);

        // 1. preprocess
        // "-": the standard input, named <stdin> as clang names it (the driver runs one job that reads it)
        SourceFile src = stdin
                ? new SourceFile("<stdin>", new String(System.in.readAllBytes(), StandardCharsets.ISO_8859_1))
                : Preprocessor.readSource(in, diags);
        if (o.mode.equals("-E") || o.mode.equals("-Eonly")) {
            Preprocessor pp = new Preprocessor(ppOpts, diags);
            List<Token> toks = pp.expand(src);
            if (diags.hasErrors()) {
                diags.printSummary();
                return 1;
            }
            if (o.mode.equals("-E")) {
                String text = o.dumpMacros
                        ? pp.macroDefinitions()
                        : PreprocessedPrinter.print(toks, pp.markers(), o.noLineMarkers);
                writeOutput(o, text.getBytes(StandardCharsets.ISO_8859_1), out);
            }
            writeDependencies(o, pp, out);
            diags.printSummary();
            return 0;
        }
        if (o.saveTemps) {
            Preprocessor pp =
                    new Preprocessor(ppOpts, new Diagnostics(new PrintStream(OutputStream.nullOutputStream())));
            List<Token> raw = pp.expand(src);
            Files.writeString(
                    Invocation.path(stem(o.input) + ".i"),
                    PreprocessedPrinter.print(raw, pp.markers(), false),
                    StandardCharsets.ISO_8859_1);
        }
        // the passes, in Pipeline's order; no variable here holds the tokens or the AST, which are
        // garbage once the next stage's form exists
        Compilation c = new Compilation(o, diags);
        c.source = src;
        boolean ok = Pipeline.run(Pipeline.host(o, ppOpts), c, o.debugPass, describe(o, "host " + o.triple), err);
        diags.printSummary();
        if (!ok) return 1;
        if (c.output != null) writeOutput(o, c.output, out);
        // the host IR of an offloading build: its readers in this process take the module, not the text
        if (o.disableOptPasses && o.mode.equals("-emit-ir") && o.output != null && !o.output.equals("-"))
            IrHandoff.wrote(Invocation.path(o.output), c.output, c.module);
        writeDependencies(o, c.included, out);
        return 0;
    }

    /** How a compile names itself in -debug-pass output: input, target, -O level, mode. */
    private static String describe(Options o, String target) {
        return o.input + ", " + target + ", -O" + o.optLevel + (o.disableOptPasses ? " -disable-llvm-passes" : "")
                + ", " + o.mode;
    }

    /** -dependency-file: the Make rule of the unit (clang's DependencyFileGenerator). */
    private static void writeDependencies(Options o, Preprocessor pp, PrintStream out) throws IOException {
        writeDependencies(o, pp.includedFiles(), out);
    }

    private static void writeDependencies(Options o, List<Preprocessor.IncludedFile> included, PrintStream out)
            throws IOException {
        if (o.dependencyFile == null) return;
        String main = o.input.equals("-") ? "<stdin>" : o.input;
        byte[] text = jomp.compiler.preprocess.DependencyFile.render(
                        o.dependencyTargets, main, included, o.sysHeaderDeps, o.phonyTargets)
                .getBytes(StandardCharsets.ISO_8859_1);
        if (o.dependencyFile.equals("-")) {
            out.write(text);
            out.flush();
        } else {
            jomp.env.OutputFiles.write(o.dependencyFile, text, false);
        }
    }

    /**
     * A device compile (-fopenmp-is-target-device): the device half of the unit, cut from the
     * host IR the host compile wrote (-fopenmp-host-ir-file-path) or, without it, from the source.
     */
    private static int deviceCompile(
            Options o, PreprocessorOptions ppOpts, PrintStream out, PrintStream err, Diagnostics diags)
            throws IOException {
        jomp.toolchain.ToolChain tc = jomp.toolchain.ToolChains.device(o.triple);
        if (tc == null) {
            err.println("jomp: error: offloading to '" + o.triple + "' is not available in this version of jomp");
            return 1;
        }
        if (o.hostIrPath != null && !Files.isRegularFile(Invocation.path(o.hostIrPath))) {
            err.println("jomp: error: no such file or directory: '" + o.hostIrPath + "'");
            return 1;
        }
        Compilation c = new Compilation(o, diags);
        if (o.hostIrPath == null) c.source = Preprocessor.readSource(Path.of(o.input), diags);
        jomp.compiler.codegen.BackEnd.Target target = DeviceCodeGen.target(tc, o.targetCpu, o.optLevel);
        String arch = target.arch();
        boolean ok;
        try {
            ok = Pipeline.run(
                    Pipeline.device(o, ppOpts, BackEnds.of(tc), target),
                    c,
                    o.debugPass,
                    describe(o, "device " + o.triple + (arch != null ? " " + arch : "")),
                    err);
        } catch (jomp.compiler.codegen.BackEnd.Refusal e) { // IR the target cannot run, naming the function
            diags.printSummary();
            err.println("jomp: error: " + e.getMessage());
            return 1;
        }
        diags.printSummary();
        if (!ok) return 1;
        // the target's code (PTX text for one arch, which the driver's assembler job may assemble; a jvm device
        // object), or IR (-foffload-lto)
        writeOutput(o, c.output, out);
        return 0;
    }

    /** Compiles IR text (a .jir file, e.g. the host IR of an offloading compile). */
    private static int fromIr(Options o, PrintStream out, PrintStream err, Diagnostics diags) throws IOException {
        Compilation c = new Compilation(o, diags);
        boolean ok = Pipeline.run(Pipeline.fromIr(o), c, o.debugPass, describe(o, "host " + o.triple), err);
        if (!ok) {
            diags.printSummary();
            return 1;
        }
        writeOutput(o, c.output, out);
        return 0;
    }

    /** Writes an output whole (a temporary file beside it, then a rename), with the command's umask. */
    static void writeOutput(Options o, byte[] bytes, PrintStream out) throws IOException {
        if (o.output == null || o.output.equals("-")) {
            out.write(bytes);
            out.flush();
            return;
        }
        jomp.env.OutputFiles.write(o.output, bytes, false);
    }

    private static void deleteOutput(Options o) {
        if (o.dependencyFile != null && !o.dependencyFile.equals("-"))
            jomp.env.OutputFiles.removeStale(Invocation.path(o.dependencyFile));
        // outputs are written atomically at the end, so there is nothing partial to remove;
        // a stale output from an earlier run is removed, as clang does on error (a regular file only)
        if (o.output != null && !o.output.equals("-")) jomp.env.OutputFiles.removeStale(Invocation.path(o.output));
    }

    private Cc1() {}
}
