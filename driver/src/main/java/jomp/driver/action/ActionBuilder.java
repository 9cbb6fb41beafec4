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

    private final Stop stop;
    private final String hostTriple;
    private final List<Target> targets;
    private final boolean hostOnly, deviceOnly, offloadLto;
    private final boolean offloading;
    private final String hostKind;
    /** The graph's top-level actions, and the inputs of the link (which comes last). */
    private final List<Action> top = new ArrayList<>();

    private final List<Action> linkInputs = new ArrayList<>();

    private ActionBuilder(
            Stop stop,
            String hostTriple,
            List<Target> targets,
            boolean hostOnly,
            boolean deviceOnly,
            boolean offloadLto) {
        this.stop = stop;
        this.hostTriple = hostTriple;
        this.targets = targets;
        this.hostOnly = hostOnly;
        this.deviceOnly = deviceOnly;
        this.offloadLto = offloadLto;
        this.offloading = !targets.isEmpty();
        this.hostKind = offloading ? "host-openmp" : "";
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
        ActionBuilder b = new ActionBuilder(stop, hostTriple, targets, hostOnly, deviceOnly, offloadLto);
        for (String file : inputs) {
            FileType type = types.getOrDefault(file, FileType.ofInput(file));
            if (type == FileType.OBJECT || type == FileType.ARCHIVE) {
                if (stop == Stop.LINK) b.linkInputs.add(new Action.Input(file, type, b.hostKind, null, hostTriple));
                continue; // clang warns that a linker input is unused; the caller does that
            }
            b.source(file, type);
        }
        if (stop == Stop.LINK && !b.linkInputs.isEmpty())
            b.top.add(new Action.Link(b.linkInputs, b.offloading, hostTriple));
        return new Plan(b.top, b.offloading);
    }

    /** One source's actions: host preprocess and compile, the device sides, host backend and assembler. */
    private void source(String file, FileType type) {
        Action hostIn = new Action.Input(file, type, hostKind, null, hostTriple);
        Action cur = hostIn;
        if (type == FileType.C) cur = new Action.Preprocess(cur, FileType.CPP_OUTPUT, hostKind, null, hostTriple);
        if (stop == Stop.PREPROCESS) {
            top.add(cur);
            return;
        }
        Action hostCompile = type == FileType.IR
                ? cur
                : new Action.Compile(
                        cur, stop == Stop.SYNTAX ? FileType.NONE : FileType.IR, hostKind, null, hostTriple);
        if (stop == Stop.SYNTAX) {
            top.add(!offloading || hostOnly ? hostCompile : syntaxCheck(file, type, hostCompile));
            return;
        }

        Action hostForBackend = hostCompile;
        if (offloading && !hostOnly) {
            List<Action> deviceObjects = new ArrayList<>();
            for (Target t : targets) {
                Action dOut = deviceObject(file, type, t, hostCompile);
                if (deviceOnly) {
                    top.add(dOut);
                    continue;
                }
                deviceObjects.add(dOut);
            }
            if (deviceOnly) return;
            Action pkg = new Action.Package(deviceObjects, hostTriple);
            hostForBackend = new Action.Offload(
                    new Action.Dependence(hostCompile, "host-openmp", hostTriple, null),
                    List.of(new Action.Dependence(pkg, "device-openmp", hostTriple, null)),
                    FileType.IR);
        } else if (deviceOnly) {
            return;
        }
        Action hostBackend = new Action.Backend(hostForBackend, FileType.ASSEMBLER, hostKind, null, hostTriple);
        if (stop == Stop.ASSEMBLE_SOURCE) {
            top.add(hostBackend);
            return;
        }
        Action hostAsm = new Action.Assemble(hostBackend, FileType.OBJECT, hostKind, null, hostTriple);
        if (stop == Stop.OBJECT) top.add(hostAsm);
        else linkInputs.add(hostAsm);
    }

    /** -fsyntax-only with offloading: clang checks host and device sides and joins them under one offload action. */
    private Action syntaxCheck(String file, FileType type, Action hostCompile) {
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
        return new Action.Offload(
                deviceOnly ? null : new Action.Dependence(hostCompile, "host-openmp", hostTriple, null),
                devs,
                FileType.NONE);
    }

    /** One target's side of a source: device compile reading the host IR, backend and assembler, as an offload action. */
    private Action deviceObject(String file, FileType type, Target t, Action hostCompile) {
        String dk = "device-openmp";
        Action dIn = new Action.Input(file, type, dk, t.arch(), t.triple());
        Action dCur =
                type == FileType.C ? new Action.Preprocess(dIn, FileType.CPP_OUTPUT, dk, t.arch(), t.triple()) : dIn;
        Action dCompile = new Action.Compile(dCur, FileType.IR, dk, t.arch(), t.triple());
        Action joined = new Action.Offload(
                new Action.Dependence(hostCompile, "host-openmp", hostTriple, null),
                List.of(new Action.Dependence(dCompile, dk, t.triple(), t.arch())),
                FileType.IR);
        Action dBackend =
                new Action.Backend(joined, offloadLto ? FileType.LTO_IR : FileType.ASSEMBLER, dk, t.arch(), t.triple());
        // -S stops the device side after its backend; otherwise it is assembled
        Action dLast = stop == Stop.ASSEMBLE_SOURCE || offloadLto
                ? dBackend
                : new Action.Assemble(dBackend, FileType.OBJECT, dk, t.arch(), t.triple());
        return new Action.Offload(
                null,
                List.of(new Action.Dependence(dLast, dk, t.triple(), t.arch())),
                deviceOnly ? FileType.NONE : dLast.type());
    }
}
