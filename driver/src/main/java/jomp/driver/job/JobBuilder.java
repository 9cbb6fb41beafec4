package jomp.driver.job;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jomp.driver.action.Action;
import jomp.driver.action.FileType;
import jomp.toolchain.ToolChain;
import jomp.toolchain.ToolChains;

/**
 * Binds actions to tools and makes jobs (clang's BuildJobsForAction): the host's preprocess,
 * compile, backend and assemble collapse into one cc1 job, as clang's integrated pipeline does;
 * an offloading compile first writes the host IR that the device compiles read.
 */
public final class JobBuilder {
    /** Everything about the invocation that goes into command lines. */
    public record Options(
            List<String> cc1Common,
            String finalOutput,
            boolean saveTemps,
            boolean emitIr,
            List<String> linkerArgs,
            List<String> linkOrder,
            List<String> offloadTargets,
            Map<String, String> deviceCpus,
            java.util.Set<String> portable,
            Map<String, List<String>> dependencyArgs,
            boolean dependenciesOnly,
            java.util.Set<String> assemblerInputLeftOut) {
        public Options(
                List<String> cc1Common,
                String finalOutput,
                boolean saveTemps,
                boolean emitIr,
                List<String> linkerArgs,
                List<String> linkOrder,
                List<String> offloadTargets,
                Map<String, String> deviceCpus,
                java.util.Set<String> portable) {
            this(
                    cc1Common,
                    finalOutput,
                    saveTemps,
                    emitIr,
                    linkerArgs,
                    linkOrder,
                    offloadTargets,
                    deviceCpus,
                    portable,
                    Map.of(),
                    false,
                    java.util.Set.of());
        }
    }

    /** The -M family's cc1 options for the job that preprocesses {@code src} (none for IR inputs). */
    private List<String> dependencyArgs(String src) {
        return opts.dependencyArgs().getOrDefault(src, List.of());
    }

    /** The arch a device job compiles for: the bound arch, else -march= (or the GPU found), else the target's default. */
    private String cpu(Action a) {
        if (a.arch() != null) return a.arch();
        return opts.deviceCpus().getOrDefault(a.triple(), toolChain(a).defaultArch());
    }

    private static ToolChain toolChain(Action a) {
        return ToolChains.device(a.triple());
    }

    /** Marks an input file in {@link Options#linkOrder}: the file, or the object made from it. */
    public static final String INPUT_MARK = "\0input:";

    private final Tools tools;
    private final Options opts;
    private final TempFiles temps;
    private final List<Job> jobs = new ArrayList<>();
    private final Map<Action, Job> done = new IdentityHashMap<>();
    private final Set<String> finalOutputs = new LinkedHashSet<>();

    public JobBuilder(Tools tools, Options opts, TempFiles temps) {
        this.tools = tools;
        this.opts = opts;
        this.temps = temps;
    }

    public List<Job> jobs() {
        return jobs;
    }

    public Set<String> finalOutputs() {
        return finalOutputs;
    }

    /** Builds the jobs for one top-level action. */
    public void buildTopLevel(Action a, boolean single) {
        build(a, true, single);
    }

    /** Returns the job producing the action's result (null for a plain input file). */
    private Job build(Action a, boolean topLevel, boolean single) {
        Job known = done.get(a);
        if (known != null) return known;
        Job job = switch (a) {
            case Action.Input in -> null;
            case Action.Preprocess pp -> cc1(pp, List.of("-E"), inputFile(pp), topLevel, single, "i");
            case Action.Compile c
            when c.type() == FileType.NONE -> cc1(c, List.of("-fsyntax-only"), inputFile(c), topLevel, single, null);
            case Action.Compile c -> hostIr(c, single);
            case Action.Backend b -> backend(b, topLevel, single);
            case Action.Assemble as -> assemble(as, topLevel, single);
            case Action.Offload off -> build(off.result(), topLevel, single);
            case Action.Package p -> packager(p);
            case Action.Link l -> link(l);
        };
        done.put(a, job);
        return job;
    }

    private static Action.Input sourceOf(Action a) {
        while (!(a instanceof Action.Input)) a = a.inputs().get(0);
        return (Action.Input) a;
    }

    private static String inputFile(Action a) {
        return sourceOf(a).file();
    }

    private static String stem(String file) {
        String name = Path.of(file).getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }

    private String output(Action a, boolean topLevel, boolean single, String ext, String tag, String stableTag) {
        String src = inputFile(a);
        if (topLevel) {
            String out = opts.finalOutput() != null && single ? opts.finalOutput() : stem(src) + "." + ext;
            if (!out.equals("-")) finalOutputs.add(out);
            return out;
        }
        return temps.create(stem(src), tag, stableTag, ext);
    }

    /** A cc1 job for a source or IR file (-E, -fsyntax-only). */
    private Job cc1(Action a, List<String> mode, String src, boolean topLevel, boolean single, String ext) {
        List<String> args = new ArrayList<>(List.of("-cc1", "-triple", a.triple()));
        args.addAll(opts.cc1Common());
        args.addAll(dependencyArgs(src));
        if (opts.dependenciesOnly() && mode.contains("-E")) { // -M, -MM: the rule is the output
            args.add("-Eonly");
            args.add(src);
            return add(new Job(tools.cc1(), a.triple(), List.of(src), null, args, List.of()));
        }
        args.addAll(mode);
        String out = null;
        if (ext != null) {
            out = topLevel && opts.finalOutput() == null ? "-" : output(a, topLevel, single, ext, "", "");
            args.add("-o");
            args.add(out);
        }
        args.add(src);
        return add(new Job(tools.cc1(), a.triple(), List.of(src), "-".equals(out) ? null : out, args, List.of()));
    }

    /** The host compile of an offloading build: source to host IR, read by every device compile. */
    private Job hostIr(Action.Compile c, boolean single) {
        String src = inputFile(c);
        String out = output(c, false, single, "jir", "", "host-" + c.triple());
        List<String> args = new ArrayList<>(List.of("-cc1", "-triple", c.triple()));
        args.addAll(opts.cc1Common());
        if (!opts.offloadTargets().isEmpty()) args.add("-fopenmp-targets=" + String.join(",", opts.offloadTargets()));
        args.addAll(dependencyArgs(src));
        // as lowered, as clang's host job writes its bitcode (-disable-llvm-passes): the host
        // back-end job and each device compile optimise what they take from it, once
        args.addAll(List.of("-emit-ir", "-disable-llvm-passes", "-o", out, src));
        return add(new Job(tools.cc1(), c.triple(), List.of(src), out, args, List.of()));
    }

    private Job backend(Action.Backend b, boolean topLevel, boolean single) {
        Action in = b.input();
        if ("device-openmp".equals(b.offloadKind())) return deviceCompile(b, (Action.Offload) in, topLevel, single);
        return hostCodegen(b, topLevel, single, "s", List.of("-S"));
    }

    private Job assemble(Action.Assemble as, boolean topLevel, boolean single) {
        if ("device-openmp".equals(as.offloadKind())) {
            Action.Backend b = (Action.Backend) as.input();
            ToolChain tc = toolChain(as);
            // a compile job that writes its object (the jvm device's): no assembler job (clang's integrated assembler)
            if (tc.compileEmitsObject()) return deviceCompile(b, (Action.Offload) b.input(), topLevel, single);
            Job text = build(b, false, single);
            // no assembler, none found, or portable PTX: the compile's text itself is the image (kind ptx), compiled at
            // load
            Tool assembler = tools.assembler(as.triple());
            if (tc.assembler() == null || assembler == null || opts.portable().contains(as.triple())) return text;
            String out = temps.create(
                    stem(inputFile(as)),
                    as.arch() == null ? "" : as.arch(),
                    "openmp-" + as.triple() + "-" + cpu(as),
                    "o");
            List<String> args = tc.assembler().args(cpu(as), optLevel(), text.output(), out);
            return add(new Job(assembler, as.triple(), List.of(text.output()), out, args, List.of(text)));
        }
        return hostCodegen(as, topLevel, single, "o", List.of("-emit-obj"));
    }

    /** What followed the compile's last -O ("2", "s", "fast"...), or null when none was given: the assembler maps it. */
    private String optLevel() {
        String level = null;
        for (String a : opts.cc1Common()) if (a.startsWith("-O")) level = a.substring(2);
        return level;
    }

    /** Device compile: reads the source and the host IR; the target's assembly text (PTX), or its object (the jvm device). */
    private Job deviceCompile(Action.Backend b, Action.Offload joined, boolean topLevel, boolean single) {
        Job host = build(joined.host().action(), false, single);
        String src = inputFile(b);
        ToolChain tc = toolChain(b);
        boolean text = !tc.compileEmitsObject(), withArchs = tc.defaultArch() != null;
        boolean lto = b.type() == FileType.LTO_IR; // -foffload-lto: device IR, code-generated at the link
        String ext = lto ? "jir" : text ? "s" : "o";
        String tag = withArchs && b.arch() != null ? b.arch() : ""; // clang tags temp names with the bound arch only
        String stable = "openmp-" + b.triple() + (withArchs ? "-" + cpu(b) : "");
        String out = topLevel ? output(b, true, single, ext, tag, stable) : temps.create(stem(src), tag, stable, ext);
        List<String> args = new ArrayList<>(List.of("-cc1", "-triple", b.triple()));
        args.addAll(opts.cc1Common());
        args.addAll(List.of("-fopenmp-is-target-device", "-fopenmp-host-ir-file-path", host.output()));
        args.addAll(tc.deviceCompileArgs(cpu(b)));
        args.addAll(List.of(lto ? "-emit-ir" : text ? "-S" : "-emit-obj", "-o", out, src));
        return add(new Job(tools.cc1(), b.triple(), List.of(src, host.output()), out, args, List.of(host)));
    }

    /** Host backend (+assembler): source or host IR (+ packaged device images) to an object. */
    private Job hostCodegen(Action a, boolean topLevel, boolean single, String ext, List<String> mode) {
        Action inner = a instanceof Action.Assemble as ? as.input() : a;
        Action beIn = inner instanceof Action.Backend be ? be.input() : inner;
        List<String> inputs = new ArrayList<>();
        List<Job> deps = new ArrayList<>();
        List<String> extra = new ArrayList<>();
        String src;
        if (beIn instanceof Action.Offload off) {
            Job hostIr = build(off.host().action(), false, single);
            Job pkg = build(off.devices().get(0).action(), false, single);
            deps.add(hostIr);
            deps.add(pkg);
            inputs.add(hostIr.output());
            inputs.add(pkg.output());
            extra.add("-fembed-offload-object=" + pkg.output());
            src = hostIr.output();
        } else {
            src = inputFile(a);
            inputs.add(src);
        }
        boolean emitIrText = opts.emitIr() && mode.contains("-S");
        String outExt = emitIrText ? "jir" : ext;
        String out =
                topLevel ? output(a, true, single, outExt, "", "") : temps.create(stem(inputFile(a)), "", "", outExt);
        List<String> args = new ArrayList<>(List.of("-cc1", "-triple", a.triple()));
        args.addAll(opts.cc1Common());
        if (!(beIn instanceof Action.Offload)) args.addAll(dependencyArgs(src));
        args.addAll(emitIrText ? List.of("-emit-ir") : mode);
        args.addAll(extra);
        args.addAll(List.of("-o", out, src));
        return add(new Job(tools.cc1(), a.triple(), inputs, out, args, deps));
    }

    private Job packager(Action.Package p) {
        List<String> args = new ArrayList<>();
        List<String> inputs = new ArrayList<>();
        List<Job> deps = new ArrayList<>();
        String src = inputFile(p.objects().get(0));
        String out = temps.create(stem(src), "", "offload", "out");
        args.add("-o");
        args.add(out);
        for (Action obj : p.objects()) {
            Job j = build(obj, false, false);
            deps.add(j);
            inputs.add(j.output());
            String kind = "openmp";
            StringBuilder image = new StringBuilder("--image=file=")
                    .append(j.output())
                    .append(",triple=")
                    .append(obj.triple());
            if (toolChain(obj).defaultArch() != null) image.append(",arch=").append(cpu(obj));
            image.append(",kind=").append(kind);
            args.add(image.toString());
            // an assembler's input may travel with its output (a cubin with the PTX it came from, as
            // nvcc's fat binaries carry both: the linker-wrapper makes them one fat binary, which a
            // GPU of another arch and the PTX simulator can run; --no-cuda-include-ptx= leaves it out)
            if (j.tool() == tools.assembler(obj.triple())
                    && toolChain(obj).assembler().keepsInput()
                    && !opts.assemblerInputLeftOut().contains("all")
                    && !opts.assemblerInputLeftOut().contains(cpu(obj)))
                args.add("--image=file=" + j.dependsOn().get(0).output() + ",triple=" + obj.triple() + ",arch="
                        + cpu(obj) + ",kind=" + kind);
        }
        return add(new Job(tools.packager(), p.triple(), inputs, out, args, deps));
    }

    private Job link(Action.Link l) {
        List<String> inputs = new ArrayList<>();
        List<Job> deps = new ArrayList<>();
        java.util.Map<String, java.util.Deque<String>> objectOf = new java.util.HashMap<>();
        for (Action obj : l.objects()) {
            String file = inputFile(obj);
            String made;
            if (obj instanceof Action.Input in) {
                made = in.file();
            } else {
                Job j = build(obj, false, false);
                deps.add(j);
                made = j.output();
            }
            inputs.add(made);
            objectOf.computeIfAbsent(file, k -> new java.util.ArrayDeque<>()).add(made);
        }
        String out = opts.finalOutput() != null ? opts.finalOutput() : "a.out";
        finalOutputs.add(out);
        List<String> args = new ArrayList<>(List.of("--host-triple=" + l.triple()));
        args.addAll(opts.linkerArgs());
        args.addAll(List.of("-o", out));
        for (String item : opts.linkOrder()) {
            if (!item.startsWith(INPUT_MARK)) {
                args.add(item);
                continue;
            }
            java.util.Deque<String> made = objectOf.get(item.substring(INPUT_MARK.length()));
            if (made != null && !made.isEmpty()) args.add(made.poll());
        }
        Tool tool = l.offloading() ? tools.offloadLinker() : tools.hostLinker();
        return add(new Job(tool, l.triple(), inputs, out, args, deps));
    }

    private Job add(Job j) {
        jobs.add(j);
        return j;
    }
}
