package jomp.driver;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import jomp.driver.action.Action;
import jomp.driver.action.ActionBuilder;
import jomp.driver.action.FileType;
import jomp.driver.action.PhasePrinter;
import jomp.driver.job.Job;
import jomp.driver.job.JobBuilder;
import jomp.driver.job.JobRunner;
import jomp.driver.job.TempFiles;
import jomp.driver.job.Tool;
import jomp.driver.job.Tools;
import jomp.driver.options.Arg;
import jomp.driver.options.ArgParser;
import jomp.driver.options.Opt;
import jomp.env.Invocation;
import jomp.toolchain.ToolChain;
import jomp.toolchain.ToolChains;
import jomp.toolchain.Triple;

/**
 * The {@code jomp} command (clang's Driver): parses the command line, builds the action graph,
 * binds it to jobs, and prints (-ccc-print-phases, -ccc-print-bindings, -###) or runs them.
 */
public final class Driver {
    public static final String VERSION = "0.1.0";
    /** The clang jomp follows: what -dumpversion prints, as __clang_major__ and friends say it. */
    public static final String CLANG_VERSION = "19.1.7";
    /** Languages clang's -x knows that jomp does not compile. */
    private static final Set<String> CLANG_LANGUAGES = Set.of(
            "c-header",
            "c++",
            "c++-header",
            "c++-cpp-output",
            "objective-c",
            "objective-c++",
            "objective-c-header",
            "objective-c++-header",
            "assembler",
            "assembler-with-cpp",
            "cuda",
            "hip",
            "cl",
            "ir",
            "ast",
            "pcm",
            "renderscript",
            "hlsl",
            "clcpp",
            "f95",
            "f95-cpp-input");

    private final PrintStream out;
    private final PrintStream err;
    private final Path root;

    public Driver(PrintStream out, PrintStream err, Path root) {
        this.out = out;
        this.err = err;
        this.root = root;
    }

    private int error(String message) {
        err.println("jomp: error: " + message);
        return 1;
    }

    /** A mistake in the command line found after parsing: its message, printed as clang's error. */
    private static final class UsageError extends Exception {
        UsageError(String message) {
            super(message);
        }
    }

    /** The OpenMP offload targets of the command: the graph's targets and the triples once each. */
    private record Offload(boolean openmp, List<ActionBuilder.Target> targets, List<String> normalizedTargets) {}

    /** What the command compiles: its inputs and their types, where it stops, and the action graph. */
    private record Compilation(
            List<String> inputs,
            java.util.function.Function<String, FileType> typeOf,
            ActionBuilder.Stop stop,
            Offload offload,
            String output,
            long sourceCount,
            boolean hostOnly,
            ActionBuilder.Plan plan) {}

    /** The link's own options, and its inputs, -l libraries and -Wl, words in command-line order. */
    private record LinkLine(List<String> linkerArgs, List<String> linkOrder) {}

    /** Each target's device cpu where one is known, and the targets compiled for the portable default. */
    private record DeviceCpus(java.util.Map<String, String> cpus, Set<String> portable) {}

    public int run(List<String> argv) {
        List<Arg> args;
        try {
            args = ArgParser.parse(argv);
        } catch (ArgParser.ArgError e) {
            return parseError(e);
        }
        try {
            Integer answered = answerQuery(args);
            if (answered != null) return answered;
            Compilation c = compilation(args);
            if (has(args, Opt.PRINT_PHASES)) {
                PhasePrinter.print(c.plan().topLevel(), err);
                return 0;
            }
            boolean depsWanted = Dependencies.of(args, c.output(), false).wanted();
            if (!DriverWarnings.report(args, c.stop(), c.sourceCount(), c.typeOf(), depsWanted, err)) return 1;
            return buildAndRunJobs(args, c);
        } catch (UsageError e) {
            return error(e.getMessage());
        }
    }

    private int parseError(ArgParser.ArgError e) {
        for (String line : e.getMessage().split("\n")) error(line);
        // clang goes on checking the command line: no input at all is one more error
        if (inputs(e.parsed()).isEmpty()
                && !has(e.parsed(), Opt.HELP)
                && !has(e.parsed(), Opt.VERSION)
                && !has(e.parsed(), Opt.DUMPVERSION)
                && !has(e.parsed(), Opt.DUMPMACHINE)) error("no input files");
        return 1;
    }

    /**
     * The commands that ask and compile nothing (--help, -dumpversion, -print-prog-name=, --version,
     * -Wl,--version, ...): their exit status once answered, null for a command that compiles.
     */
    private Integer answerQuery(List<Arg> args) throws UsageError {
        if (has(args, Opt.HELP)) {
            printHelp();
            return 0;
        }
        // what build systems ask; clang answers and compiles nothing
        if (has(args, Opt.DUMPVERSION)) {
            out.println(CLANG_VERSION);
            return 0;
        }
        if (has(args, Opt.DUMPMACHINE)) {
            out.println(Triple.HOST);
            return 0;
        }
        if (has(args, Opt.PRINT_SEARCH_DIRS)) {
            out.println("programs: =" + root.resolve("bin"));
            out.println("libraries: =" + root.resolve("dist/target/jomp/lib"));
            return 0;
        }
        if (has(args, Opt.PRINT_PROG_NAME)) {
            String name = lastValue(args, Opt.PRINT_PROG_NAME);
            Path p = root.resolve("bin").resolve(name);
            out.println(!name.isEmpty() && !name.contains("/") && Files.isExecutable(p) ? p : name);
            return 0;
        }
        if (has(args, Opt.PRINT_FILE_NAME)) {
            String name = lastValue(args, Opt.PRINT_FILE_NAME);
            Path p = root.resolve("dist/target/jomp/lib").resolve(name);
            out.println(!name.isEmpty() && !name.contains("/") && Files.exists(p) ? p : name);
            return 0;
        }
        for (Arg a : args) {
            if (a.opt() == Opt.FOPENMP_EQ
                    && !List.of("libomp", "libiomp5", "libgomp").contains(a.value()))
                throw new UsageError("unsupported argument '" + a.value() + "' to option '-fopenmp='");
        }
        if (has(args, Opt.VERSION) || (has(args, Opt.VERBOSE) && inputs(args).isEmpty())) {
            printVersion(out);
            return 0;
        }
        // -Wl,--version: the linker says what it is, as ld does under gcc and clang (Meson tells
        // linkers apart by this text: jomp's link takes GNU ld's options)
        if (inputs(args).isEmpty() && linkerArgs(args).contains("--version")) {
            out.println("GNU ld compatible: jomp-linker-wrapper " + VERSION + " (GNU ld 2.40's options)");
            return 0;
        }
        return null;
    }

    /** The inputs checked and typed, where the command stops, its offload targets and its action graph. */
    private Compilation compilation(List<Arg> args) throws UsageError {
        List<String> inputs = inputs(args);
        // a program may come from libraries alone (-lapp: main in an archive), as with ld
        boolean librariesOnly = inputs.isEmpty()
                && has(args, Opt.LIB)
                && !has(args, Opt.C)
                && !has(args, Opt.S)
                && !has(args, Opt.E)
                && !has(args, Opt.SYNTAX_ONLY)
                && !has(args, Opt.M)
                && !has(args, Opt.MM);
        if (inputs.isEmpty() && !librariesOnly) throw new UsageError("no input files");
        for (String in : inputs) {
            if (!in.equals("-") && !Files.exists(Invocation.path(in)))
                throw new UsageError("no such file or directory: '" + in + "'");
        }
        boolean preprocessOnly = has(args, Opt.E) || has(args, Opt.M) || has(args, Opt.MM);
        java.util.Map<String, FileType> types = inputTypes(args, inputs, preprocessOnly);
        ActionBuilder.Stop stop = stop(args, preprocessOnly);
        Offload offload = offload(args);

        String output = lastValue(args, Opt.O);
        java.util.function.Function<String, FileType> typeOf = i -> types.getOrDefault(i, FileType.ofInput(i));
        long sourceCount = inputs.stream()
                .filter(i -> typeOf.apply(i) != FileType.OBJECT && typeOf.apply(i) != FileType.ARCHIVE)
                .count();
        if (output != null && stop != ActionBuilder.Stop.LINK && sourceCount > 1) {
            throw new UsageError("cannot specify -o when generating multiple output files");
        }
        boolean hostOnly = has(args, Opt.OFFLOAD_HOST_ONLY);
        boolean deviceOnly = has(args, Opt.OFFLOAD_DEVICE_ONLY);

        boolean offloadLto =
                has(args, Opt.OFFLOAD_LTO) && lastWins(args, Opt.OFFLOAD_LTO, Opt.NO_OFFLOAD_LTO) == Opt.OFFLOAD_LTO;
        List<ActionBuilder.Target> targets = offload.targets();
        ActionBuilder.Plan plan =
                ActionBuilder.build(inputs, types, stop, Triple.HOST, targets, hostOnly, deviceOnly, offloadLto);
        if (librariesOnly) plan.topLevel().add(new Action.Link(List.of(), !targets.isEmpty(), Triple.HOST));
        return new Compilation(inputs, typeOf, stop, offload, output, sourceCount, hostOnly, plan);
    }

    /** The inputs whose type -x sets; the others are typed by their extension. */
    private static java.util.Map<String, FileType> inputTypes(
            List<Arg> args, List<String> inputs, boolean preprocessOnly) throws UsageError {
        // -x <language> sets the type of the inputs after it, until the next -x (none: by extension again)
        java.util.Map<String, FileType> types = new java.util.HashMap<>();
        FileType forced = null;
        for (Arg a : args) {
            if (a.opt() == Opt.X_LANG) {
                try {
                    forced = FileType.ofLanguage(a.value());
                } catch (IllegalArgumentException e) {
                    throw new UsageError(
                            CLANG_LANGUAGES.contains(a.value())
                                    ? "language '" + a.value() + "' is not supported: jomp compiles C"
                                    : "language not recognized: '" + a.value() + "'");
                }
            } else if (a.isInput()) {
                if (forced != null) types.put(a.value(), forced);
                else types.remove(a.value());
            }
        }
        if (inputs.contains("-") && !types.containsKey("-")) {
            if (!preprocessOnly) throw new UsageError("-E or -x required when input is from standard input");
            types.put("-", FileType.C);
        }
        return types;
    }

    private static ActionBuilder.Stop stop(List<Arg> args, boolean preprocessOnly) {
        return preprocessOnly
                ? ActionBuilder.Stop.PREPROCESS
                : has(args, Opt.SYNTAX_ONLY)
                        ? ActionBuilder.Stop.SYNTAX
                        : has(args, Opt.S)
                                ? ActionBuilder.Stop.ASSEMBLE_SOURCE
                                : has(args, Opt.C) ? ActionBuilder.Stop.OBJECT : ActionBuilder.Stop.LINK;
    }

    /** Whether the command is OpenMP, and the offload targets it names, each bound to its archs. */
    private static Offload offload(List<Arg> args) throws UsageError {
        // Offload targets: -fopenmp-targets=a,b and --offload-arch=<arch> (which implies the target whose archs they
        // are).
        List<String> targetNames = new ArrayList<>();
        for (Arg a : args)
            if (a.opt() == Opt.OFFLOAD_TARGETS)
                for (String t : a.value().split(",")) if (!t.isEmpty()) targetNames.add(t);
        List<String> offloadArchs = new ArrayList<>();
        for (Arg a : args)
            if (a.opt() == Opt.OFFLOAD_ARCH)
                for (String t : a.value().split(",")) if (!t.isEmpty()) offloadArchs.add(t);
        boolean openmp =
                false; // -fopenmp, -fopenmp=libomp (or libiomp5, libgomp: all mean jomp's runtime); the last of these
        // and -fno-openmp wins
        for (Arg a : args) {
            if (a.opt() == Opt.FOPENMP || a.opt() == Opt.FOPENMP_EQ) openmp = true;
            else if (a.opt() == Opt.FNO_OPENMP) openmp = false;
        }
        if (!offloadArchs.isEmpty() && targetNames.isEmpty())
            targetNames.add(ToolChains.offloadArchTarget().triple());
        // -fopenmp-targets alone means OpenMP offloading (clang insists on -fopenmp too; jomp's
        // users write `jomp -fopenmp-targets=nvptx64 x.c -c`); only an explicit -fno-openmp conflicts.
        if (!targetNames.isEmpty() && !openmp && !has(args, Opt.FNO_OPENMP)) openmp = true;
        if (!targetNames.isEmpty() && !openmp) {
            throw new UsageError(
                    "'-fopenmp-targets' must be used in conjunction with a '-fopenmp' option compatible with offloading; e.g., '-fopenmp=libomp' or '-fopenmp=libiomp5'");
        }
        List<ActionBuilder.Target> targets = new ArrayList<>();
        List<String> normalizedTargets = new ArrayList<>();
        for (String t : targetNames) {
            ToolChain tc = ToolChains.device(t);
            if (tc == null) throw new UsageError("OpenMP target is invalid: '" + t + "'");
            String triple = tc.triple();
            if (normalizedTargets.contains(triple)) continue;
            normalizedTargets.add(triple);
            targets.addAll(boundTargets(args, tc, offloadArchs));
        }
        return new Offload(openmp, targets, normalizedTargets);
    }

    /** One target's entries of the graph: one per --offload-arch for a target with archs. */
    private static List<ActionBuilder.Target> boundTargets(List<Arg> args, ToolChain tc, List<String> offloadArchs)
            throws UsageError {
        String triple = tc.triple();
        List<String> archs = new ArrayList<>(); // -Xopenmp-target -march=: the cpu, not bound in the graph
        for (Arg a : args) {
            if (a.opt() == Opt.XOPENMP_TARGET_EQ
                    && Triple.normalize(a.values().get(0)) != null
                    && Triple.normalize(a.values().get(0)).equals(triple)
                    && a.values().get(1).startsWith("-march=")) {
                archs.add(a.values().get(1).substring("-march=".length()));
            }
            if (a.opt() == Opt.XOPENMP_TARGET && a.value().startsWith("-march="))
                archs.add(a.value().substring("-march=".length()));
        }
        List<ActionBuilder.Target> targets = new ArrayList<>();
        if (tc.defaultArch() != null) { // a target with archs: each --offload-arch is a device compile of its own
            for (String arch : archs) if (tc.checkArch(arch) != null) throw new UsageError(tc.checkArch(arch));
            for (String arch : offloadArchs) if (tc.checkArch(arch) != null) throw new UsageError(tc.checkArch(arch));
            String cpu = archs.isEmpty() ? null : archs.get(archs.size() - 1);
            List<String> bound = tc.archs(offloadArchs);
            if (bound.isEmpty()) targets.add(new ActionBuilder.Target(triple, null, cpu));
            for (String arch : bound) targets.add(new ActionBuilder.Target(triple, arch, arch));
        } else {
            targets.add(new ActionBuilder.Target(triple, null, null));
        }
        return targets;
    }

    /** Binds the action graph to jobs, then prints them (-ccc-print-bindings, -###) or runs them. */
    private int buildAndRunJobs(List<Arg> args, Compilation c) {
        // -shared: a jomp shared library, the objects kept for the programs that link them (linker-wrapper's
        // SharedLibrary)
        boolean shared = false;
        for (Arg a : args) if (a.opt() == Opt.CLANG && a.clang().spelling().equals("-shared")) shared = true;

        // The nvptx arch, when none was given, is resolved at compile time (detected GPU, else
        // portable PTX); the action graph stays unbound like clang's.
        List<String> cc1Common = cc1Common(args, c.offload().openmp());
        Dependencies deps = Dependencies.of(args, c.output(), has(args, Opt.M) || has(args, Opt.MM));
        if (deps.only()) cc1Common.add("-w");
        if (has(args, Opt.SAVE_TEMPS)) cc1Common.add("-save-temps");
        LinkLine link = linkLine(args, shared, c.offload().normalizedTargets(), c.hostOnly());

        boolean saveTemps = has(args, Opt.SAVE_TEMPS);
        boolean verbose = has(args, Opt.VERBOSE);
        java.util.Map<String, Tool> assemblers = assemblers(args, c.offload().targets(), verbose);
        DeviceCpus cpus = deviceCpus(args, c, verbose);
        TempFiles temps = new TempFiles(saveTemps);
        Tools tools = Tools.standard(root, assemblers);
        JobBuilder jb = new JobBuilder(
                tools,
                new JobBuilder.Options(
                        cc1Common,
                        c.output(),
                        saveTemps,
                        has(args, Opt.EMIT_IR),
                        link.linkerArgs(),
                        link.linkOrder(),
                        c.offload().normalizedTargets(),
                        cpus.cpus(),
                        cpus.portable(),
                        deps.cc1ArgsBySource(c.inputs(), c.typeOf()),
                        deps.only(),
                        assemblerInputLeftOut(args)),
                temps);
        try {
            boolean single = c.plan().topLevel().size() == 1;
            for (Action a : c.plan().topLevel()) jb.buildTopLevel(a, single);
            return printOrRunJobs(args, jb, deps, c);
        } catch (TempFiles.TempFileError e) {
            return error(e.getMessage());
        } finally {
            temps.cleanUp();
        }
    }

    /**
     * The link's options and its ordered inputs: options of the link first; then inputs, -l
     * libraries and -Wl, words in command-line order, because archives are searched where they
     * stand, as ld does.
     */
    private static LinkLine linkLine(List<Arg> args, boolean shared, List<String> normalizedTargets, boolean hostOnly) {
        List<String> linkerArgs = new ArrayList<>();
        List<String> linkOrder = new ArrayList<>();
        for (Arg a : args) {
            switch (a.opt() == null ? Opt.CC1 : a.opt()) {
                case LIB_DIR -> linkerArgs.add("-L" + a.value());
                case LIB -> linkOrder.add("-l" + a.value());
                case WL -> linkOrder.addAll(a.values());
                case XLINKER -> linkOrder.add(a.value());
                case VERBOSE -> {
                    if (!linkerArgs.contains("--wrapper-verbose")) linkerArgs.add("--wrapper-verbose");
                }
                case SAVE_TEMPS -> linkerArgs.add("--save-temps");
                default -> {
                    if (a.isInput()) linkOrder.add(JobBuilder.INPUT_MARK + a.value());
                }
            }
        }
        // targets are chosen at link time: the named ones, or all that the objects embed; none with --offload-host-only
        if (!normalizedTargets.isEmpty()) linkerArgs.add(0, "--offload-targets=" + String.join(",", normalizedTargets));
        if (hostOnly) linkerArgs.add(0, "--offload-host-only");
        // the CUDA installation the user named: the link's nvlink (and LTO's ptxas) come from it too, as clang passes
        // it on
        if (lastValue(args, Opt.CUDA_PATH) != null) linkerArgs.add("--cuda-path=" + lastValue(args, Opt.CUDA_PATH));
        if (shared) linkerArgs.add(0, "-shared");
        return new LinkLine(linkerArgs, linkOrder);
    }

    /**
     * Each target's assembler (ptxas), found in the caller's environment or under the installation
     * the user named (--cuda-path).
     */
    private java.util.Map<String, Tool> assemblers(
            List<Arg> args, List<ActionBuilder.Target> targets, boolean verbose) {
        String installPath = lastValue(args, Opt.CUDA_PATH);
        java.util.Map<String, Tool> assemblers = new java.util.HashMap<>();
        for (ActionBuilder.Target t : targets) {
            ToolChain tc = ToolChains.device(t.triple());
            if (tc.assembler() == null || assemblers.containsKey(t.triple())) continue;
            Path as = tc.findProgram(tc.assembler().program(), installPath);
            if (as != null)
                assemblers.put(t.triple(), Tool.external(tc.assembler().toolName(), as));
            else if (verbose) err.println("jomp: note: " + tc.assembler().missingNote(installPath));
        }
        return assemblers;
    }

    /** The device cpu of each target: the one named, else the one detected, else portable code. */
    private DeviceCpus deviceCpus(List<Arg> args, Compilation c, boolean verbose) {
        java.util.Map<String, String> deviceCpus = new java.util.HashMap<>();
        for (ActionBuilder.Target t : c.offload().targets()) if (t.cpu() != null) deviceCpus.put(t.triple(), t.cpu());
        // a target with archs and none given: the arch of the device present, as the target's arch
        // tool (jomp-nvptx-arch, clang's nvptx-arch) prints it, run as a child process; without a
        // device, where clang 19 stops, portable code for the default arch (PTX, which any newer GPU's driver compiles)
        Set<String> portable = new java.util.HashSet<>();
        for (ActionBuilder.Target t : c.offload().targets()) {
            ToolChain tc = ToolChains.device(t.triple());
            if (tc.archTool() == null || t.arch() != null || t.cpu() != null) continue;
            if (c.stop().compareTo(ActionBuilder.Stop.ASSEMBLE_SOURCE) < 0 && !has(args, Opt.OFFLOAD_DEVICE_ONLY))
                continue;
            List<String> gpus = ToolChains.detectArchs(tc, root.resolve("bin").resolve(tc.archTool()));
            if (!gpus.isEmpty()) deviceCpus.put(t.triple(), gpus.get(0));
            else portable.add(t.triple());
            if (verbose) err.println("jomp: note: " + tc.archNote(gpus.isEmpty() ? null : gpus.get(0)));
        }
        return new DeviceCpus(deviceCpus, portable);
    }

    /** Prints the jobs (-ccc-print-bindings, -###; -v before running them) or runs them. */
    private int printOrRunJobs(List<Arg> args, JobBuilder jb, Dependencies deps, Compilation c) {
        if (has(args, Opt.PRINT_BINDINGS)) {
            for (Job j : jb.jobs()) err.println(j.binding());
            return 0;
        }
        if (has(args, Opt.HASH_HASH_HASH)) {
            printVersion(err);
            for (Job j : jb.jobs()) err.println(j.commandLine());
            return 0;
        }
        if (has(args, Opt.VERBOSE)) {
            printVersion(err);
            for (Job j : jb.jobs()) err.println(j.commandLine());
        }
        Set<String> finals = new java.util.LinkedHashSet<>(jb.finalOutputs());
        finals.addAll(
                deps.files(c.inputs(), c.typeOf())); // removed on failure, as clang removes its failure result files
        int jobs = Runtime.getRuntime().availableProcessors();
        String pj = lastValue(args, Opt.PARALLEL_JOBS);
        if (pj != null) {
            try {
                jobs = Integer.parseInt(pj);
            } catch (NumberFormatException e) {
                jobs = -1;
            }
            if (jobs < 1) return error("invalid value '" + pj + "' in '-parallel-jobs=" + pj + "'");
        }
        return new JobRunner(out, err, jobs).run(jb.jobs(), finals);
    }

    /** Options every cc1 job gets, in the order they were given. */
    private static List<String> cc1Common(List<Arg> args, boolean openmp) {
        List<String> c = new ArrayList<>();
        if (openmp) c.add("-fopenmp");
        for (Arg a : args) {
            if (a.opt() == null) continue;
            switch (a.opt()) {
                case OPT_LEVEL -> c.add("-O" + (a.value().isEmpty() ? "1" : a.value()));
                case G -> c.add("-g" + a.value());
                case INCLUDE -> c.add("-I" + a.value());
                case DEFINE -> c.add("-D" + a.value());
                case UNDEF -> c.add("-U" + a.value());
                case ISYSTEM -> c.add("-isystem" + a.value());
                case IQUOTE -> c.add("-iquote" + a.value());
                case IDIRAFTER -> c.add("-idirafter" + a.value());
                case EMBED_DIR -> c.add("--embed-dir=" + a.value());
                case INCLUDE_FILE -> {
                    c.add("-include");
                    c.add(a.value());
                }
                case IMACROS -> {
                    c.add("-imacros");
                    c.add(a.value());
                }
                case NOSTDINC -> c.add("-nostdinc");
                case NOSTDLIBINC -> c.add("-nostdlibinc");
                case NOBUILTININC -> c.add("-nobuiltininc");
                case DUMP_MACROS -> c.add("-dM");
                case NO_LINE_MARKERS -> c.add("-P");
                case PTHREAD -> c.add("-pthread");
                case MLLVM -> {
                    c.add("-mllvm");
                    c.add(a.value());
                } // to the back end: -debug-pass= prints cc1's pass list
                case WERROR -> c.add("-Werror");
                case W_NONE -> c.add("-w");
                case SHOW_LINE_NUMBERS,
                        NO_SHOW_LINE_NUMBERS,
                        CARET_DIAGNOSTICS,
                        NO_CARET_DIAGNOSTICS,
                        SHOW_COLUMN,
                        NO_SHOW_COLUMN -> c.add(a.opt().spelling); // how diagnostics look: cc1 prints them
                case W -> c.add("-W" + a.value());
                case STD -> c.add("-std=" + a.value());
                case ANSI -> c.add("-std=c89"); // clang's driver: -ansi is -std=c89 for C (the later of the two wins)
                case GNU89_INLINE, NO_GNU89_INLINE ->
                    c.add(a.opt().spelling); // what inline means (cc1 and the predefined macros)
                case VERBOSE -> c.add("-v");
                case FOPENMP_VERSION -> c.add("-fopenmp-version=" + a.value()); // which OpenMP syntax the parser checks
                case FBRACKET_DEPTH -> c.add("-fbracket-depth=" + a.value());
                case FVISIBILITY -> c.add("-fvisibility=" + a.value()); // the ELF visibility of definitions
                case PEDANTIC -> c.add("-pedantic");
                // x86 feature flags (-mavx2, -mno-sse4.1) and -march=: cc1 defines their feature macros
                case CLANG -> {
                    if (a.spelling().startsWith("-m") && a.values().isEmpty()) c.add(a.spelling());
                }
                case MARCH -> c.add("-march=" + a.value());
                case WP -> { // -Wp,-D..., -U..., -I...: to the preprocessor (-Wp,-MD,file: see Dependencies)
                    for (String w : a.values())
                        if (w.startsWith("-D") || w.startsWith("-U") || w.startsWith("-I")) c.add(w);
                }
                default -> {}
            }
        }
        return c;
    }

    private static boolean has(List<Arg> args, Opt o) {
        for (Arg a : args) if (a.opt() == o) return true;
        return false;
    }

    /**
     * The archs whose assembled objects travel without the assembler's input (cubins without their
     * PTX): --no-cuda-include-ptx=<arch>|all, undone by a later --cuda-include-ptx= of the same
     * arch, as clang reads them.
     */
    private static java.util.Set<String> assemblerInputLeftOut(List<Arg> args) {
        java.util.Set<String> out = new java.util.HashSet<>();
        for (Arg a : args) {
            if (a.opt() == Opt.NO_CUDA_INCLUDE_PTX) out.add(a.value());
            else if (a.opt() == Opt.CUDA_INCLUDE_PTX) {
                if (a.value().equals("all")) out.clear();
                else out.remove(a.value());
            }
        }
        return out;
    }

    private static Opt lastWins(List<Arg> args, Opt a, Opt b) {
        Opt last = null;
        for (Arg x : args) if (x.opt() == a || x.opt() == b) last = x.opt();
        return last;
    }

    private static String lastValue(List<Arg> args, Opt o) {
        String v = null;
        for (Arg a : args) if (a.opt() == o) v = a.value();
        return v;
    }

    private static List<String> inputs(List<Arg> args) {
        List<String> in = new ArrayList<>();
        for (Arg a : args) if (a.isInput()) in.add(a.value());
        return in;
    }

    /** The words -Wl, and -Xlinker hand to the link. */
    private static List<String> linkerArgs(List<Arg> args) {
        List<String> l = new ArrayList<>();
        for (Arg a : args) {
            if (a.opt() == Opt.WL || a.opt() == Opt.XLINKER) l.addAll(a.values());
        }
        return l;
    }

    private void printVersion(PrintStream s) {
        // a vendor's clang names itself this way ("Apple clang version ..."); build systems read
        // the first version number as the dialect of clang jomp speaks (-dumpversion says the same)
        s.println("jomp clang version " + CLANG_VERSION + " (jomp " + VERSION + ")");
        s.println("Target: " + Triple.HOST);
        s.println("Thread model: posix");
        s.println("InstalledDir: " + root.resolve("bin"));
        if (Main.served)
            s.println("Compile server: pid " + ProcessHandle.current().pid());
    }

    /** The help text (a resource, help.txt), with the targets jomp has. */
    private void printHelp() {
        String text;
        try (var in = Driver.class.getResourceAsStream("help.txt")) {
            text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).stripTrailing();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        List<String> names = new ArrayList<>();
        for (ToolChain tc : ToolChains.devices()) names.add(tc.aliases().get(0));
        out.println(text.replace("{targets}", String.join(", ", names))
                .replace(
                        "{offload-arch-target}",
                        ToolChains.offloadArchTarget().aliases().get(0)));
    }
}
