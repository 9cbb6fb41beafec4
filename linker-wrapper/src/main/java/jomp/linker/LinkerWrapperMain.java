package jomp.linker;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import jomp.env.Invocation;
import jomp.linker.host.ExecutableWriter;
import jomp.linker.host.HostLinker;
import jomp.linker.host.LinkInputs;
import jomp.linker.offload.DeviceImages;
import jomp.linker.offload.DeviceLink;
import jomp.linker.offload.DeviceLto;
import jomp.linker.offload.Registration;
import jomp.objfile.FormatException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code jomp-linker-wrapper}: links host objects into an executable, taking clang-linker-wrapper's
 * options. The driver runs it in-process through {@link #run}.
 */
@Command(
        name = "jomp-linker-wrapper",
        mixinStandardHelpOptions = true,
        version = "jomp-linker-wrapper 0.1.0",
        description =
                "Links jomp objects: extracts and links device code, wraps it for registration, links the host program.")
public final class LinkerWrapperMain implements Callable<Integer> {
    @Option(names = "-o", paramLabel = "<file>", description = "Output file (default a.out).")
    String output = "a.out";

    @Option(names = "--host-triple", paramLabel = "<triple>", description = "The host triple.")
    String hostTriple = jomp.toolchain.Triple.HOST;

    @Option(
            names = "--offload-targets",
            split = ",",
            paramLabel = "<triple>",
            description = "Device triples to link images for.")
    List<String> offloadTargets = new ArrayList<>();

    @Option(names = "--offload-host-only", description = "Link no device code: target regions run on the host.")
    boolean hostOnly;

    @Option(
            names = "--device-linker",
            paramLabel = "<path>",
            description = "The device linker for nvptx64 images (default: nvlink, found as ptxas is).")
    String deviceLinker;

    @Option(
            names = "--cuda-path",
            paramLabel = "<dir>",
            description =
                    "The CUDA installation whose bin/ has nvlink and ptxas (default: PATH, $CUDA_HOME/bin, /usr/local/cuda/bin).")
    String cudaPath;

    @Option(
            names = "--wrapper-jobs",
            paramLabel = "<n>",
            description = "Device links to run at once (default: one per core).")
    int wrapperJobs = Runtime.getRuntime().availableProcessors();

    @Option(names = "-L", paramLabel = "<dir>", description = "Library search directory.")
    List<Path> libDirs = new ArrayList<>();

    @Option(names = "--wrapper-verbose", description = "Print each step.")
    boolean verbose;

    @Option(names = "--dry-run", description = "Print the steps without running them.")
    boolean dryRun;

    @Option(
            names = "--save-temps",
            description = "Keep each linked device image as <output>.<arch of the triple>[.<arch>].img.")
    boolean saveTemps;

    @Option(
            names = {"-shared", "--shared"},
            description =
                    "Make a jomp shared library: the objects, for the programs that link it, with its dependencies.")
    boolean shared;

    @Parameters(
            paramLabel = "<input>",
            description = "Objects, archives, -l<name> libraries and --[no-]whole-archive, in link order.")
    List<String> inputs = new ArrayList<>();

    private PrintStream err = System.err;

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        LinkerWrapperMain main = new LinkerWrapperMain();
        main.err = err;
        CommandLine cl = new CommandLine(main);
        cl.setOut(new PrintWriter(out, true, java.nio.charset.StandardCharsets.UTF_8));
        cl.setErr(new PrintWriter(err, true, java.nio.charset.StandardCharsets.UTF_8));
        cl.setUnmatchedOptionsArePositionalParams(true); // -lm stays in link order among the inputs
        cl.setParameterExceptionHandler((ex, a) -> {
            err.println("jomp-linker-wrapper: error: " + ex.getMessage());
            return 1;
        });
        // a fault of the wrapper's own: as clang reports a crash, not picocli's stack trace
        cl.setExecutionExceptionHandler((ex, c, parsed) -> {
            java.util.List<String> command = new ArrayList<>(List.of("jomp-linker-wrapper"));
            command.addAll(java.util.Arrays.asList(args));
            return jomp.env.Crash.report("jomp-linker-wrapper", command, ex, err);
        });
        return cl.execute(args);
    }

    @Override
    public Integer call() {
        try {
            if (shared) { // device code stays in the objects: the program's link links it
                if (verbose || dryRun)
                    err.println("jomp-linker-wrapper: shared library of the inputs' objects into " + output);
                if (!dryRun) jomp.linker.host.SharedLibrary.write(inputs, libDirs, java.nio.file.Path.of(output));
                return 0;
            }
            List<HostLinker.Input> objects = new ArrayList<>();
            LinkInputs in = new LinkInputs(new ArrayList<>(libDirs), objects);
            try {
                in.addAll(inputs);
                in.addDefaults();
            } catch (LinkInputs.InputError e) {
                error(e.getMessage());
                return 1;
            }
            if (objects.isEmpty()) {
                error("no input files");
                return 1;
            }
            // device code: extract, group by (triple, arch), link each group
            java.util.Set<String> targets = new java.util.LinkedHashSet<>();
            for (String t : offloadTargets) if (!t.isEmpty()) targets.add(DeviceImages.expand(t));
            List<DeviceImages.Group> groups = hostOnly ? List.of() : DeviceImages.collect(objects, targets);
            DeviceLink.Options linkOptions = new DeviceLink.Options(deviceLinker, in.natives(), cudaPath);
            if (verbose || dryRun) { // printed up front, in order, whatever order parallel device links finish in
                for (DeviceImages.Group g : groups) {
                    String lto = DeviceLto.describe(g, cudaPath);
                    if (lto != null) err.println("jomp-linker-wrapper: " + lto);
                    // a group of IR only becomes one image: nothing more to link
                    if (lto == null || g.images().stream().anyMatch(i -> !DeviceLto.isIr(i.binary()))) {
                        err.println("jomp-linker-wrapper: " + DeviceLink.describe(g, linkOptions));
                    }
                }
                err.println("jomp-linker-wrapper: host link of " + objects.size() + " object(s) into " + output
                        + (groups.isEmpty() ? "" : ", wrapping " + groups.size() + " device image(s)")
                        + ", resolving as GNU ld would:");
                // the ld command the host link stands for, as clang -v shows its "/usr/bin/ld" line: build
                // systems read the library search path from it (CMake's implicit link directories, and
                // from them CMAKE_LIBRARY_ARCHITECTURE, which find_library needs for lib/x86_64-linux-gnu)
                err.println("  " + ldEquivalent());
            }
            if (dryRun) return 0;
            List<DeviceLink.Linked> images = deviceLinks(groups, linkOptions);
            HostLinker.Linked linked = HostLinker.link(objects, !images.isEmpty(), in.natives());
            Registration.wrap(linked, images);
            if (saveTemps) {
                for (DeviceLink.Linked img : images)
                    Files.write(Invocation.path(saveTempName(output, img)), img.bytes());
            }
            ExecutableWriter.write(
                    linked, java.nio.file.Path.of(output), HostLinker.registers(linked, !images.isEmpty()));
            return 0;
        } catch (LinkInputs.InputError e) {
            error(e.getMessage());
            return 1;
        } catch (HostLinker.LinkError e) {
            for (String line : e.getMessage().split("\n")) error(line);
            return 1;
        } catch (FormatException e) {
            error(e.getMessage());
            return 1;
        } catch (java.io.IOException e) {
            error(e.getMessage());
            return 1;
        }
    }

    /** {@code ld -o out -L<dirs> <inputs> -lc -lm -lpthread -ldl}: the search path and libraries the host link uses. */
    private String ldEquivalent() {
        StringBuilder sb = new StringBuilder("ld -o ").append(output);
        for (Path d : libDirs) sb.append(" -L").append(d);
        for (String d : LinkInputs.SYSTEM_DIRS) sb.append(" -L").append(d);
        for (String in : inputs) sb.append(' ').append(in);
        return sb.append(" -lc -lm -lpthread -ldl").toString();
    }

    /** Device links run on up to --wrapper-jobs threads; the results keep the groups' order. */
    private List<DeviceLink.Linked> deviceLinks(List<DeviceImages.Group> groups, DeviceLink.Options opts) {
        if (groups.size() <= 1 || wrapperJobs <= 1)
            return groups.stream()
                    .map(g -> DeviceLink.link(DeviceLto.lower(g, opts.cudaPath()), opts))
                    .toList();
        var pool = java.util.concurrent.Executors.newFixedThreadPool(Math.min(wrapperJobs, groups.size()));
        try {
            List<java.util.concurrent.Future<DeviceLink.Linked>> fs = new ArrayList<>();
            for (DeviceImages.Group g : groups)
                fs.add(pool.submit(() -> DeviceLink.link(DeviceLto.lower(g, opts.cudaPath()), opts)));
            List<DeviceLink.Linked> out = new ArrayList<>();
            for (var f : fs) {
                try {
                    out.add(f.get());
                } catch (java.util.concurrent.ExecutionException e) {
                    if (e.getCause() instanceof RuntimeException r) throw r;
                    throw new IllegalStateException(e.getCause());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
            }
            return out;
        } finally {
            pool.shutdown();
        }
    }

    /**
     * --save-temps name of a linked device image, clang-linker-wrapper's {@code <output>.<triple's arch>[.<arch>].img}
     * (a.out.nvptx64.sm_90.img, a.out.jvm64.img), beside the output.
     */
    public static String saveTempName(String output, DeviceLink.Linked img) {
        String machine = img.triple().contains("-")
                ? img.triple().substring(0, img.triple().indexOf('-'))
                : img.triple();
        return output + "." + machine + (img.arch().isEmpty() ? "" : "." + img.arch()) + ".img";
    }

    private void error(String message) {
        err.println("jomp-linker-wrapper: error: " + message);
    }
}
