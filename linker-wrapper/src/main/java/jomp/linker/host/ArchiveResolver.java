package jomp.linker.host;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import jomp.wrapper.archive.Archive;
import jomp.wrapper.elf.ElfObject;
import jomp.wrapper.elf.ElfReader;
import jomp.wrapper.elf.ElfSymbol;

/**
 * Static archives as a linker reads them: left to right, an archive member is pulled in when it
 * defines a symbol that the objects taken so far leave undefined, repeatedly until nothing more
 * is pulled (so members may depend on each other); {@code --whole-archive} takes every member.
 * Members are indexed by their own symbol tables, which every archive has, whatever index ar wrote.
 */
public final class ArchiveResolver {
    private final List<HostLinker.Input> objects;
    private final Set<String> defined = new HashSet<>();
    private final Set<String> undefined = new HashSet<>();

    public ArchiveResolver(List<HostLinker.Input> objects) {
        this.objects = objects;
        // the C start-up code (crt1.o) refers to main, so ld pulls a main out of an archive
        undefined.add("main");
    }

    public void addObject(HostLinker.Input in) {
        objects.add(in);
        for (ElfSymbol s : in.object().symbols()) {
            if (s.name().isEmpty() || s.isLocal()) continue;
            if (s.isDefined()) { defined.add(s.name()); undefined.remove(s.name()); }
            else if (!defined.contains(s.name())) undefined.add(s.name());
        }
    }

    public void add(String file, Archive archive, boolean whole) {
        int n = archive.members().size();
        ElfObject[] members = new ElfObject[n];
        for (int i = 0; i < n; i++) {
            Archive.Member m = archive.members().get(i);
            members[i] = ElfReader.read(file + "(" + m.name() + ")", m.bytes());
        }
        boolean[] taken = new boolean[n];
        boolean progress = true;
        while (progress) {
            progress = false;
            for (int i = 0; i < n; i++) {
                if (taken[i] || !(whole || definesNeeded(members[i]))) continue;
                taken[i] = true;
                progress = true;
                addObject(new HostLinker.Input(file + "(" + archive.members().get(i).name() + ")", members[i]));
            }
        }
    }

    private boolean definesNeeded(ElfObject o) {
        for (ElfSymbol s : o.symbols()) {
            if (s.isDefined() && !s.isLocal() && undefined.contains(s.name())) return true;
        }
        return false;
    }
}
