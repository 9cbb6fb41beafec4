package jomp.linker.host;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jomp.objfile.elf.ElfObject;
import jomp.objfile.elf.ElfSymbol;

/**
 * The versioned names of {@code .symver} in a link, as ld resolves them: a definition
 * {@code f@@VERS_2} (the default version) is the definition of {@code f}, and of {@code f@VERS_2},
 * which is what a reference that names the version binds to; a definition {@code f@VERS_1} (not
 * the default) is only that, which only such a reference reaches. A jomp program takes its
 * libraries' objects into itself, so it keeps the version it was linked against: the default one,
 * or the one it names.
 */
final class SymbolVersions {
    private SymbolVersions() {}

    /** The inputs, each object's {@code f@@V} definitions also under {@code f} and {@code f@V}. */
    static List<HostLinker.Input> expand(List<HostLinker.Input> inputs) {
        List<HostLinker.Input> out = new ArrayList<>(inputs.size());
        for (HostLinker.Input in : inputs) {
            List<ElfSymbol> extra = new ArrayList<>();
            Set<String> names = new HashSet<>();
            for (ElfSymbol s : in.object().symbols()) names.add(s.name());
            for (ElfSymbol s : in.object().symbols()) {
                int at = s.name().indexOf("@@");
                if (at <= 0 || !s.isDefined() || s.isLocal()) continue;
                for (String n : defaultNames(s.name(), at))
                    if (names.add(n))
                        extra.add(new ElfSymbol(
                                n, s.section(), s.value(), s.size(), s.bind(), s.type(), s.hidden(), s.visibility()));
            }
            if (extra.isEmpty()) {
                out.add(in);
                continue;
            }
            // appended, so that the relocations' symbol indexes keep their meaning
            List<ElfSymbol> symbols = new ArrayList<>(in.object().symbols());
            symbols.addAll(extra);
            ElfObject o = new ElfObject(in.object().machine(), in.object().sections(), symbols);
            out.add(new HostLinker.Input(in.name(), o, in.shared(), in.library()));
        }
        return out;
    }

    /** An object's function aliases with each {@code f@@V → impl} also as {@code f} and {@code f@V}. */
    static Map<String, String> expandAliases(Map<String, String> aliases) {
        Map<String, String> out = new HashMap<>(aliases);
        for (Map.Entry<String, String> e : aliases.entrySet()) {
            int at = e.getKey().indexOf("@@");
            if (at > 0) for (String n : defaultNames(e.getKey(), at)) out.putIfAbsent(n, e.getValue());
        }
        return out;
    }

    private static List<String> defaultNames(String name, int at) {
        return List.of(name.substring(0, at), name.substring(0, at) + name.substring(at + 1));
    }
}
