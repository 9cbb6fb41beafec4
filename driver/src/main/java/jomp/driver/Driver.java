package jomp.driver;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
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
import jomp.driver.job.Tools;
import jomp.driver.options.Arg;
import jomp.driver.options.ArgParser;
import jomp.driver.options.Opt;
import jomp.driver.toolchain.ToolChain;
import jomp.driver.toolchain.Triple;
import jomp.wrapper.env.Invocation;

/**
 * The {@code jomp} command (clang's Driver): parses the command line, builds the action graph,
 * binds it to jobs, and prints (-ccc-print-phases, -ccc-print-bindings, -###) or runs them.
 */
public final class Driver {
    public static final String VERSION = "0.1.0";

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

    public int run(List<String> argv) {
        List<Arg> args;
        try {
            args = ArgParser.parse(argv);
        } catch (ArgParser.ArgError e) {
            return error(e.getMessage());
        }
        if (has(args, Opt.HELP)) { printHelp(); return 0; }
        if (has(args, Opt.VERSION) || (has(args, Opt.VERBOSE) && inputs(args).isEmpty())) {
            printVersion(out);
            return 0;
        }

        List<String> inputs = inputs(args);
        if (inputs.isEmpty()) return error("no input files");
        for (String in : inputs) {
            if (!in.equals("-") && !Files.exists(Invocation.path(in))) return error("no such file or directory: '" + in + "'");
        }

        ActionBuilder.Stop stop = has(args, Opt.E) ? ActionBuilder.Stop.PREPROCESS
                : has(args, Opt.SYNTAX_ONLY) ? ActionBuilder.Stop.SYNTAX
                : has(args, Opt.S) ? ActionBuilder.Stop.ASSEMBLE_SOURCE
                : has(args, Opt.C) ? ActionBuilder.Stop.OBJECT
                : ActionBuilder.Stop.LINK;

        // Offload targets: -fopenmp-targets=a,b and --offload-arch=sm_XX (which implies nvptx64).
        List<String> targetNames = new ArrayList<>();
        for (Arg a : args) if (a.opt() == Opt.OFFLOAD_TARGETS) for (String t : a.value().split(",")) if (!t.isEmpty()) targetNames.add(t);
        List<String> offloadArchs = new ArrayList<>();
        for (Arg a : args) if (a.opt() == Opt.OFFLOAD_ARCH) for (String t : a.value().split(",")) if (!t.isEmpty()) offloadArchs.add(t);
        boolean openmp = has(args, Opt.FOPENMP) && !lastWins(args, Opt.FOPENMP, Opt.FNO_OPENMP).equals(Opt.FNO_OPENMP);
        if (!offloadArchs.isEmpty() && targetNames.isEmpty()) targetNames.add("nvptx64");
        // -fopenmp-targets alone means OpenMP offloading (clang insists on -fopenmp too; jomp's
        // users write `jomp -fopenmp-targets=nvptx64 x.c -c`); only an explicit -fno-openmp conflicts.
        if (!targetNames.isEmpty() && !openmp && !has(args, Opt.FNO_OPENMP)) openmp = true;
        if (!targetNames.isEmpty() && !openmp) {
            return error("'-fopenmp-targets' must be used in conjunction with a '-fopenmp' option compatible with offloading; e.g., '-fopenmp=libomp' or '-fopenmp=libiomp5'");
        }
        List<ActionBuilder.Target> targets = new ArrayList<>();
        List<String> normalizedTargets = new ArrayList<>();
        for (String t : targetNames) {
            String triple = Triple.normalize(t);
            if (triple == null) return error("OpenMP target is invalid: '" + t + "'");
            if (normalizedTargets.contains(triple)) continue;
            normalizedTargets.add(triple);
            ToolChain tc = ToolChain.forDevice(triple);
            List<String> archs = new ArrayList<>();   // -Xopenmp-target -march=: the cpu, not bound in the graph
            for (Arg a : args) {
                if (a.opt() == Opt.XOPENMP_TARGET_EQ && Triple.normalize(a.values().get(0)) != null
                        && Triple.normalize(a.values().get(0)).equals(triple) && a.values().get(1).startsWith("-march=")) {
                    archs.add(a.values().get(1).substring("-march=".length()));
                }
                if (a.opt() == Opt.XOPENMP_TARGET && a.value().startsWith("-march=")) archs.add(a.value().substring("-march=".length()));
            }
            if (tc instanceof ToolChain.Nvptx) {
                for (String arch : archs) if (!arch.matches("sm_[0-9]+a?")) return error("unsupported CUDA gpu architecture: " + arch);
                for (String arch : offloadArchs) if (!arch.matches("sm_[0-9]+a?")) return error("unsupported CUDA gpu architecture: " + arch);
                String cpu = archs.isEmpty() ? null : archs.get(archs.size() - 1);
                if (offloadArchs.isEmpty()) targets.add(new ActionBuilder.Target(triple, null, cpu));
                for (String arch : new LinkedHashSet<>(offloadArchs)) targets.add(new ActionBuilder.Target(triple, arch, arch));
            } else {
                targets.add(new ActionBuilder.Target(triple, null, null));
            }
        }

        String output = lastValue(args, Opt.O);
        long sourceCount = inputs.stream().filter(i -> FileType.ofInput(i) != FileType.OBJECT && FileType.ofInput(i) != FileType.ARCHIVE).count();
        if (output != null && stop != ActionBuilder.Stop.LINK && sourceCount > 1) {
            return error("cannot specify -o when generating multiple output files");
        }
        boolean hostOnly = has(args, Opt.OFFLOAD_HOST_ONLY);
        boolean deviceOnly = has(args, Opt.OFFLOAD_DEVICE_ONLY);

        boolean offloadLto = has(args, Opt.OFFLOAD_LTO) && lastWins(args, Opt.OFFLOAD_LTO, Opt.NO_OFFLOAD_LTO) == Opt.OFFLOAD_LTO;
        ActionBuilder.Plan plan = ActionBuilder.build(inputs, stop, Triple.HOST, targets, hostOnly, deviceOnly, offloadLto);
        if (has(args, Opt.PRINT_PHASES)) {
            PhasePrinter.print(plan.topLevel(), err);
            return 0;
        }
        if (stop != ActionBuilder.Stop.LINK) {
            for (String in : inputs) {
                FileType t = FileType.ofInput(in);
                if (t == FileType.OBJECT || t == FileType.ARCHIVE) {
                    err.println("jomp: warning: " + in + ": 'linker' input unused [-Wunused-command-line-argument]");
                }
            }
        }

        // The nvptx arch, when none was given, is resolved at compile time (detected GPU, else
        // portable PTX); the action graph stays unbound like clang's.
        List<String> cc1Common = cc1Common(args, openmp);
        if (has(args, Opt.SAVE_TEMPS)) cc1Common.add("-save-temps");
        // Options of the link first; then inputs, -l libraries and -Wl, words in command-line
        // order, because archives are searched where they stand, as ld does.
        List<String> linkerArgs = new ArrayList<>();
        List<String> linkOrder = new ArrayList<>();
        for (Arg a : args) {
            switch (a.opt() == null ? Opt.CC1 : a.opt()) {
                case LIB_DIR -> linkerArgs.add("-L" + a.value());
                case LIB -> linkOrder.add("-l" + a.value());
                case WL -> linkOrder.addAll(a.values());
                case VERBOSE -> linkerArgs.add("--wrapper-verbose");
                case SAVE_TEMPS -> linkerArgs.add("--save-temps");
                default -> { if (a.isInput()) linkOrder.add(JobBuilder.INPUT_MARK + a.value()); }
            }
        }
        // targets are chosen at link time: the named ones, or all that the objects embed; none with --offload-host-only
        if (!normalizedTargets.isEmpty()) linkerArgs.add(0, "--offload-targets=" + String.join(",", normalizedTargets));
        if (hostOnly) linkerArgs.add(0, "--offload-host-only");

        java.util.Map<String, String> deviceCpus = new java.util.HashMap<>();
        for (ActionBuilder.Target t : targets) if (t.cpu() != null) deviceCpus.put(t.triple(), t.cpu());
        boolean saveTemps = has(args, Opt.SAVE_TEMPS);
        boolean verbose = has(args, Opt.VERBOSE);
        Path ptxas = Tools.findPtxas(lastValue(args, Opt.CUDA_PATH));
        // nvptx without an arch: the GPU's (as clang's nvptx-arch finds it); without a GPU, where
        // clang 19 stops, portable PTX for the lowest supported arch, which any newer GPU's driver compiles
        Set<String> ptxOnly = new java.util.HashSet<>();
        for (ActionBuilder.Target t : targets) {
            if (!Triple.isNvptx(t.triple()) || t.arch() != null || t.cpu() != null) continue;
            if (stop.compareTo(ActionBuilder.Stop.ASSEMBLE_SOURCE) < 0 && !has(args, Opt.OFFLOAD_DEVICE_ONLY)) continue;
            List<String> gpus = jomp.plugin.cuda.GpuArch.detect();
            if (!gpus.isEmpty()) {
                deviceCpus.put(t.triple(), gpus.get(0));
                if (verbose) err.println("jomp: note: no --offload-arch given; compiling for the GPU present, " + gpus.get(0));
            } else {
                ptxOnly.add(t.triple());
                if (verbose) err.println("jomp: note: no --offload-arch given and no NVIDIA GPU found; compiling portable PTX for "
                        + ToolChain.Nvptx.LOWEST_ARCH + ", which the CUDA driver compiles for the GPU when the program loads it");
            }
        }
        if (ptxas == null && verbose && targets.stream().anyMatch(t -> Triple.isNvptx(t.triple()))) {
            err.println("jomp: note: ptxas not found (" + (has(args, Opt.CUDA_PATH) ? "--cuda-path" : "PATH, $CUDA_HOME/bin, /usr/local/cuda/bin") + "); embedding PTX, which the CUDA driver compiles when the program loads it");
        }
        TempFiles temps = new TempFiles(saveTemps);
        Tools tools = Tools.standard(root, ptxas);
        JobBuilder jb = new JobBuilder(tools, new JobBuilder.Options(cc1Common, output, saveTemps, has(args, Opt.EMIT_IR),
                ptxas == null ? null : ptxas.toString(), linkerArgs, linkOrder, normalizedTargets, deviceCpus, ptxOnly), temps);
        try {
            boolean single = plan.topLevel().size() == 1;
            for (Action a : plan.topLevel()) jb.buildTopLevel(a, single);

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
            Set<String> finals = jb.finalOutputs();
            int jobs = Runtime.getRuntime().availableProcessors();
            String pj = lastValue(args, Opt.PARALLEL_JOBS);
            if (pj != null) {
                try { jobs = Integer.parseInt(pj); } catch (NumberFormatException e) { jobs = -1; }
                if (jobs < 1) return error("invalid value '" + pj + "' in '-parallel-jobs=" + pj + "'");
            }
            return new JobRunner(out, err, jobs).run(jb.jobs(), finals);
        } finally {
            temps.cleanUp();
        }
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
                case WERROR -> c.add("-Werror");
                case W_NONE -> c.add("-w");
                case W -> c.add("-W" + a.value());
                case STD -> c.add("-std=" + a.value());
                case VERBOSE -> c.add("-v");
                case F_OTHER -> { if (a.value().startsWith("openmp-version=")) c.add("-f" + a.value()); }   // which OpenMP syntax the parser checks
                default -> { }
            }
        }
        return c;
    }

    private static boolean has(List<Arg> args, Opt o) {
        for (Arg a : args) if (a.opt() == o) return true;
        return false;
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

    private void printVersion(PrintStream s) {
        s.println("jomp version " + VERSION);
        s.println("Target: " + Triple.HOST);
        s.println("Thread model: posix");
        s.println("InstalledDir: " + root.resolve("bin"));
        if (jomp.driver.server.CompileServer.isRunning()) s.println("Compile server: pid " + ProcessHandle.current().pid());
    }

    private void printHelp() {
        out.println("""
                OVERVIEW: jomp, an OpenMP offloading compiler for C

                USAGE: jomp [options] file...

                OPTIONS (as clang spells them):
                  -c / -S / -E / -fsyntax-only   stop after the object / assembly / preprocessing / checking
                  -o <file>                      write the output to <file>
                  -O0 .. -O3, -g                 optimisation level, debug info
                  -I <dir>, -D <m>[=<v>], -U <m> preprocessor options
                  -L <dir>, -l <lib>, -Wl,<args> linker options
                  -Werror, -w, -W<warning>       warnings
                  -fopenmp                       enable OpenMP
                  -fopenmp-targets=<triples>     offload targets: nvptx64, jvm (comma-separated)
                  --offload-arch=<sm_XX>         GPU architecture (implies nvptx64)
                  --cuda-path=<dir>              CUDA installation whose bin/ptxas assembles PTX
                  -Xopenmp-target[=<triple>] <arg>  pass <arg> to the device compile (e.g. -march=sm_90)
                  --offload-host-only, --offload-device-only, -foffload-lto
                  -emit-ir                       with -S: write jomp IR (.jir)
                  -save-temps, -v, -###, -ccc-print-phases, -ccc-print-bindings
                  -cc1                           run the frontend directly

                See docs/user-guide.md.""");
    }
}
