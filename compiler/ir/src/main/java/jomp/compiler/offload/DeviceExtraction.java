package jomp.compiler.offload;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.Set;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Global;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.Module;
import jomp.compiler.ir.OffloadEntry;
import jomp.offload.abi.OffloadEntries;

/**
 * The device half of a translation unit, cut from its host IR (what clang's device compile
 * generates from the same AST): the kernels, the declare-target functions and globals, and
 * everything they reach (called functions are implicitly declare target, as OpenMP 5.0 allows),
 * with the same offload entries so that host and device agree.
 */
public final class DeviceExtraction {
    private DeviceExtraction() {}

    public static Module extract(Module host) {
        Set<String> functions = new LinkedHashSet<>(), globals = new LinkedHashSet<>(), externs = new LinkedHashSet<>();
        Deque<String> work = new ArrayDeque<>();
        for (Function f : host.functions) if (f.declareTarget) work.add(f.name);
        for (OffloadEntry e : host.offloadEntries) {
            work.add(e.name());
            work.add(OffloadEntries.REGION_ID_PREFIX + e.name());
            work.add(OffloadEntries.NAME_SYMBOL_PREFIX + e.name());
        }
        while (!work.isEmpty()) {
            String s = work.poll();
            Function f = host.function(s);
            if (f != null) {
                if (!functions.add(s)) continue;
                for (BasicBlock b : f.blocks)
                    for (Insn i : b.insns) {
                        switch (i) {
                            case Insn.Call c -> work.add(c.callee());
                            case Insn.FuncAddr a -> work.add(a.symbol());
                            case Insn.GlobalAddr g -> work.add(g.symbol());
                            default -> {}
                        }
                    }
                continue;
            }
            Global g = host.global(s);
            if (g != null) {
                if (!globals.add(s)) continue;
                for (Global.Reloc r : g.relocs) work.add(r.symbol());
                continue;
            }
            externs.add(s);
        }
        Module dev = new Module(host.sourceName);
        dev.debugFile = host.debugFile;
        for (Function f : host.functions) if (functions.contains(f.name)) dev.functions.add(f);
        for (Global g : host.globals) if (globals.contains(g.name)) dev.globals.add(g);
        for (var e : host.externFunctions.entrySet())
            if (externs.contains(e.getKey())) dev.externFunctions.put(e.getKey(), e.getValue());
        for (var e : host.externCsigs.entrySet())
            if (externs.contains(e.getKey())) dev.externCsigs.put(e.getKey(), e.getValue());
        for (String d : host.externData) if (externs.contains(d)) dev.externData.add(d);
        dev.offloadEntries.addAll(host.offloadEntries);
        return dev;
    }
}
