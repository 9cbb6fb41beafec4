package jomp.driver.action;

import java.util.ArrayList;
import java.util.List;

/**
 * Builds the action graph for a driver invocation, in the shape clang 19 builds it with the new
 * offloading driver: per source, host preprocess+compile; per device (triple, arch) a device
 * compile reading the host IR, backend and assembler; one packager over all device objects;
 * host backend+assembler embedding the package; and one link over every object.
 */
public final class ActionBuilder {
    /** How far to go: -E, -fsyntax-only, -S, -c, or all the way to a linked image. */
    public enum Stop {
        PREPROCESS,
        SYNTAX,
        ASSEMBLE_SOURCE,
        OBJECT,
        LINK
    }

    /**
     * One offload target the user asked for: normalized triple, the arch bound in the action
     * graph (from --offload-arch; null if none) and the cpu the device compile targets (from
     * --offload-arch or -Xopenmp-target -march=; null if none).
     */
    public record Target(String triple, String arch, String cpu) {}

    public record Plan(List<Action> topLevel, boolean offloading) {}

    public static Plan build(
            List<String> inputs,
            Stop stop,
            String hostTriple,
            List<Target> targets,
            boolean hostOnly,
            boolean deviceOnly) {
        return build(inputs, stop, hostTriple, targets, hostOnly, deviceOnly, false);
    }

    /** With {@code offloadLto} (-foffload-lto) the device backend writes IR for the link to code-generate, and nothing is assembled. */
    public static Plan build(
            List<String> inputs,
            Stop stop,
            String hostTriple,
            List<Target> targets,
            boolean hostOnly,
            boolean deviceOnly,
            boolean offloadLto) {
        return build(inputs, java.util.Map.of(), stop, hostTriple, targets, hostOnly, deviceOnly, offloadLto);
    }

    /** {@code types}: the inputs whose type -x gives rather than their extension. */
    public static Plan build(
            List<String> inputs,
            java.util.Map<String, FileType> types,
            Stop stop,
            String hostTriple,
            List<Target> targets,
            boolean hostOnly,
            boolean deviceOnly,
            boolean offloadLto) {
        boolean offloading = !targets.isEmpty();
        String hostKind = offloading ? "host-openmp" : "";
        List<Action> top = new ArrayList<>();
        List<Action> linkInputs = new ArrayList<>();
        for (String file : inputs) {
            FileType type = types.getOrDefault(file, FileType.ofInput(file));
            if (type == FileType.OBJECT || type == FileType.ARCHIVE) {
                if (stop == Stop.LINK) linkInputs.add(new Action.Input(file, type, hostKind, null, hostTriple));
                continue; // clang warns that a linker input is unused; the caller does that
            }
            Action hostIn = new Action.Input(file, type, hostKind, null, hostTriple);
            Action cur = hostIn;
            if (type == FileType.C) cur = new Action.Preprocess(cur, FileType.CPP_OUTPUT, hostKind, null, hostTriple);
            if (stop == Stop.PREPROCESS) {
                top.add(cur);
                continue;
            }
            Action hostCompile = type == FileType.IR
                    ? cur
                    : new Action.Compile(
                            cur, stop == Stop.SYNTAX ? FileType.NONE : FileType.IR, hostKind, null, hostTriple);
            if (stop == Stop.SYNTAX) {
                if (!offloading || hostOnly) {
                    top.add(hostCompile);
                    continue;
                }
                // clang checks host and device sides and joins them under one offload action
                List<Action.Dependence> devs = new ArrayList<>();
                for (Target t : targets) {
                    Action dIn = new Action.Input(file, type, "device-openmp", t.arch(), t.triple());
                    Action dPp = new Action.Preprocess(dIn, FileType.CPP_OUTPUT, "device-openmp", t.arch(), t.triple());
                    devs.add(new Action.Dependence(
                            new Action.Compile(dPp, FileType.NONE, "device-openmp", t.arch(), t.triple()),
                            "device-openmp",
                            t.triple(),
                            t.arch()));
                }
                top.add(new Action.Offload(
                        deviceOnly ? null : new Action.Dependence(hostCompile, "host-openmp", hostTriple, null),
                        devs,
                        FileType.NONE));
                continue;
            }

            Action hostForBackend = hostCompile;
            if (offloading && !hostOnly) {
                List<Action> deviceObjects = new ArrayList<>();
                for (Target t : targets) {
                    String dk = "device-openmp";
                    Action dIn = new Action.Input(file, type, dk, t.arch(), t.triple());
                    Action dCur = type == FileType.C
                            ? new Action.Preprocess(dIn, FileType.CPP_OUTPUT, dk, t.arch(), t.triple())
                            : dIn;
                    Action dCompile = new Action.Compile(dCur, FileType.IR, dk, t.arch(), t.triple());
                    Action joined = new Action.Offload(
                            new Action.Dependence(hostCompile, "host-openmp", hostTriple, null),
                            List.of(new Action.Dependence(dCompile, dk, t.triple(), t.arch())),
                            FileType.IR);
                    Action dBackend = new Action.Backend(
                            joined, offloadLto ? FileType.LTO_IR : FileType.ASSEMBLER, dk, t.arch(), t.triple());
                    // -S stops the device side after its backend; otherwise it is assembled
                    Action dLast = stop == Stop.ASSEMBLE_SOURCE || offloadLto
                            ? dBackend
                            : new Action.Assemble(dBackend, FileType.OBJECT, dk, t.arch(), t.triple());
                    Action dOut = new Action.Offload(
                            null,
                            List.of(new Action.Dependence(dLast, dk, t.triple(), t.arch())),
                            deviceOnly ? FileType.NONE : dLast.type());
                    if (deviceOnly) {
                        top.add(dOut);
                        continue;
                    }
                    deviceObjects.add(dOut);
                }
                if (deviceOnly) continue;
                Action pkg = new Action.Package(deviceObjects, hostTriple);
                hostForBackend = new Action.Offload(
                        new Action.Dependence(hostCompile, "host-openmp", hostTriple, null),
                        List.of(new Action.Dependence(pkg, "device-openmp", hostTriple, null)),
                        FileType.IR);
            } else if (deviceOnly) {
                continue;
            }
            Action hostBackend = new Action.Backend(hostForBackend, FileType.ASSEMBLER, hostKind, null, hostTriple);
            if (stop == Stop.ASSEMBLE_SOURCE) {
                top.add(hostBackend);
                continue;
            }
            Action hostAsm = new Action.Assemble(hostBackend, FileType.OBJECT, hostKind, null, hostTriple);
            if (stop == Stop.OBJECT) top.add(hostAsm);
            else linkInputs.add(hostAsm);
        }
        if (stop == Stop.LINK && !linkInputs.isEmpty()) top.add(new Action.Link(linkInputs, offloading, hostTriple));
        return new Plan(top, offloading);
    }

    private ActionBuilder() {}
}
