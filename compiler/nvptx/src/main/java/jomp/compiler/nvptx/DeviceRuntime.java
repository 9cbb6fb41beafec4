package jomp.compiler.nvptx;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceFile;
import jomp.compiler.ir.FuncType;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Global;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IrParser;
import jomp.compiler.ir.Module;
import jomp.offload.abi.ContextTraits;

/**
 * The NVPTX device runtime: {@code compiler/devrt/src/main/devrt/devrt.c}, compiled to jomp IR when
 * jomp is built ({@code jomp.compiler.devrt.DeviceRuntimeCompiler}, Maven's process-classes phase) and
 * shipped as the resource {@value #RESOURCE}, as clang ships {@code libomptarget-nvptx-*.bc}.
 * This class only parses that IR (once per process) and links it into each device module before
 * code generation; the back end needs no preprocessor, parser or lowering. The link adds the
 * functions and globals the module may reach; {@link PtxBackend} then emits only those its
 * generated code really reaches (calls it emitted in place need no definition), {@code .weak},
 * so that the objects of several files link with nvlink, and each PTX file is complete on its
 * own (a PTX image the driver JIT-compiles needs no device link).
 */
public final class DeviceRuntime {
    private DeviceRuntime() {}

    /** The runtime's IR text in the jar (written by the build from devrt.c). */
    public static final String RESOURCE = "jomp/devrt/devrt.jir";
    /** The source name the runtime's module carries. */
    public static final String SOURCE = "jomp/devrt/devrt.c";

    /** Functions every kernel's entry calls (PtxBackend's generated code). */
    static final String INIT = "__jomp_target_init",
            DEINIT = "__jomp_target_deinit",
            FRAME_PUSH = "__jomp_frame_push",
            FRAME_PUSH_TEAM = "__jomp_frame_push_team",
            FRAME_POP = "__jomp_frame_pop",
            THREAD_SIZE = "__jomp_thread_size";
    /** A function that calls this publishes addresses of its frame to the team (single copyprivate). */
    static final String COPYPRIVATE_PUBLISH = "__jomp_copyprivate_publish";
    /** The target's context traits line, which the runtime's __jomp_device_matches reads (filled in at link). */
    static final String CONTEXT_TRAITS = "__jomp_context_traits";
    /** Globals with this prefix live in .shared memory: one copy per block. */
    static final String SHARED_PREFIX = "__jomp_shared_";

    private static String irText;

    /** The runtime's IR as text, read from the jar on first use. */
    public static synchronized String irText() {
        if (irText == null) {
            try (InputStream in = DeviceRuntime.class.getClassLoader().getResourceAsStream(RESOURCE)) {
                if (in == null)
                    throw new IllegalStateException("jomp: resource " + RESOURCE
                            + " is missing from the jar (the build writes it from devrt.c)");
                irText = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new IllegalStateException("jomp: cannot read " + RESOURCE + ": " + e.getMessage(), e);
            }
        }
        return irText;
    }

    private static Module shared;

    /**
     * The runtime module parsed once per process, which {@link #link} adds functions and globals
     * of to each device module (parsing it took a tenth of a device compile on the compile
     * server). Nothing may change it or what it holds: the back end reads runtime functions only
     * (it rewrites, analyses and merges the module's own functions), and compiles on the server
     * share it.
     */
    private static synchronized Module shared() {
        if (shared == null) shared = module();
        return shared;
    }

    /** A fresh copy of the whole runtime module (callers may change it). */
    public static Module module() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Diagnostics diags = new Diagnostics(new PrintStream(err, true, StandardCharsets.UTF_8));
        Module m = IrParser.parse(new SourceFile(SOURCE, irText()), diags);
        if (diags.hasErrors()) throw new IllegalStateException("jomp: the device runtime's IR does not parse: " + err);
        return m;
    }

    /** A module and the names of the runtime's functions and globals linked into it. */
    record Linked(Module module, Set<String> runtimeSymbols) {}

    /**
     * The user's module plus the runtime functions and globals it reaches, with the kernel
     * entries' init/deinit when it has kernels and the team-frame helpers when a function has
     * escaping frame slots (PtxFunction), and the target's context traits in
     * {@value #CONTEXT_TRAITS}. The user's module is left as it is; a symbol the user defines
     * wins over the runtime's.
     */
    static Linked link(Module user, ContextTraits traits) {
        boolean kernels = false, frames = false;
        for (Function f : user.functions) {
            kernels |= PtxBackend.isKernel(f.name);
            frames = frames || !EscapingSlots.of(f).isEmpty();
        }
        Module rt = shared();
        Module out = new Module(user.sourceName);
        out.functions.addAll(user.functions);
        out.globals.addAll(user.globals);
        out.externData.addAll(user.externData);
        out.offloadEntries.addAll(user.offloadEntries);
        Map<String, FuncType> externs = new LinkedHashMap<>(user.externFunctions);

        ArrayDeque<String> work = new ArrayDeque<>();
        if (kernels) work.addAll(java.util.List.of(INIT, DEINIT, THREAD_SIZE));
        // a kernel's argument slots get a frame slot of their own later (KernelArguments), which escapes when the
        // body passes a firstprivate's address on: kernels may need the team frame too (emitted only when used)
        if (frames || kernels) work.addAll(java.util.List.of(FRAME_PUSH, FRAME_PUSH_TEAM, FRAME_POP));
        // printf with a format known only at run time, and C's vprintf, become __jomp_vprintf (PtxFunction)
        if (user.externFunctions.containsKey("printf") || user.externFunctions.containsKey("vprintf"))
            work.add("__jomp_vprintf");
        work.addAll(user.externFunctions.keySet());
        work.addAll(user.externData);
        for (Global g : user.globals) for (Global.Reloc r : g.relocs) work.add(r.symbol());
        Set<String> added = new HashSet<>();
        while (!work.isEmpty()) {
            String name = work.pop();
            if (added.contains(name) || user.function(name) != null || user.global(name) != null) continue;
            Function f = rt.function(name);
            Global g = rt.global(name);
            if (f == null && g == null) continue;
            added.add(name);
            if (f != null) {
                out.functions.add(f);
                for (var b : f.blocks) {
                    for (Insn i : b.insns) {
                        switch (i) {
                            case Insn.Call c -> work.add(c.callee());
                            case Insn.FuncAddr a -> work.add(a.symbol());
                            case Insn.GlobalAddr a -> work.add(a.symbol());
                            default -> {}
                        }
                    }
                }
            } else {
                out.globals.add(g.name.equals(CONTEXT_TRAITS) ? withTraits(g, traits) : g);
                for (Global.Reloc r : g.relocs) work.add(r.symbol());
            }
        }
        for (var e : rt.externFunctions.entrySet()) {
            if (rt.function(e.getKey()) == null) externs.putIfAbsent(e.getKey(), e.getValue());
        }
        for (String name : added) externs.remove(name);
        out.externFunctions.putAll(externs);
        out.externData.removeIf(added::contains);
        return new Linked(out, added);
    }

    /** A copy of the runtime's (shared) traits global holding the target's traits, NUL-terminated. */
    private static Global withTraits(Global g, ContextTraits traits) {
        byte[] line = traits.encode().getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        if (line.length >= g.size)
            throw new PtxException(
                    "the target's context traits (" + traits.encode() + ") do not fit the device runtime's " + g.name);
        Global filled = new Global(
                g.name, g.size, g.align, g.isStatic, g.readOnly, java.util.Arrays.copyOf(line, (int) g.size));
        filled.weak = g.weak;
        return filled;
    }
}
