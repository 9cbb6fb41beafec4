package jomp.driver.job;

import java.nio.file.Path;
import java.util.Map;

/**
 * The tools jobs are bound to, with the launchers -### names for them: jomp's own, run in-process,
 * and each target's assembler (ptxas), an external program its ToolChain builds and finds.
 */
public record Tools(Tool cc1, Tool packager, Map<String, Tool> assemblers, Tool hostLinker, Tool offloadLinker) {

    /** jomp's own tools under {@code jompRoot}/bin; {@code assemblers}: triple → the assembler found for it. */
    public static Tools standard(Path jompRoot, Map<String, Tool> assemblers) {
        Path bin = jompRoot.resolve("bin");
        Tool.InProcess linker = jomp.linker.LinkerWrapperMain::run;
        Map<String, Tool> as = new java.util.HashMap<>(assemblers);
        return new Tools(
                Tool.inProcess(
                        "jomp",
                        bin.resolve("jomp"),
                        (args, out, err) -> jomp.compiler.cc1.Cc1.run(drop(args), out, err)),
                Tool.inProcess(
                        "Offload::Packager",
                        bin.resolve("jomp-offload-packager"),
                        jomp.objfile.packager.PackagerMain::run),
                Map.copyOf(as),
                Tool.inProcess("jomp::Linker", bin.resolve("jomp-linker-wrapper"), linker),
                Tool.inProcess("Offload::Linker", bin.resolve("jomp-linker-wrapper"), linker));
    }

    /** The assembler of a target's device code, or null when none was found (its PTX is then the image). */
    public Tool assembler(String triple) {
        return assemblers.get(triple);
    }

    /** cc1 command lines start with "-cc1" (so that they run as `jomp -cc1 ...`); Cc1 takes the rest. */
    private static String[] drop(String[] args) {
        return java.util.Arrays.copyOfRange(args, 1, args.length);
    }
}
