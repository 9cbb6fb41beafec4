package jomp.linker.host;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import jomp.objfile.archive.Archive;
import jomp.objfile.elf.ElfObject;
import jomp.objfile.elf.ElfReader;
import jomp.objfile.elf.ElfSymbol;

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
        HostLinker.check(in);
        objects.add(in);
        for (ElfSymbol s : in.object().symbols()) {
            if (s.name().isEmpty() || s.isLocal()) continue;
            if (s.isDefined()) {
                defined.add(s.name());
                undefined.remove(s.name());
            } else if (!s.isWeak() && !defined.contains(s.name()))
                undefined.add(s.name()); // a weak reference takes no member out of an archive (ld)
        }
    }

    /** An archive read, with the members taken from it so far; {@code shared}: a jomp shared library's objects. */
    private record Read(
            String file,
            Archive archive,
            ElfObject[] members,
            boolean[] taken,
            boolean whole,
            boolean shared,
            HostLinker.Library library) {}

    private List<Read> group;

    public void add(String file, Archive archive, boolean whole) {
        add(file, archive, whole, false);
    }

    /** An archive; {@code shared} when its objects are a jomp shared library's (HostLinker.Input). */
    public void add(String file, Archive archive, boolean whole, boolean shared) {
        add(file, archive, whole, shared, null);
    }

    /** As {@link #add(String, Archive, boolean, boolean)}, the objects of a jomp shared library {@code library}. */
    public void add(String file, Archive archive, boolean whole, boolean shared, HostLinker.Library library) {
        int n = archive.members().size();
        ElfObject[] members = new ElfObject[n];
        for (int i = 0; i < n; i++) {
            Archive.Member m = archive.members().get(i);
            members[i] = ElfReader.read(file + "(" + m.name() + ")", m.bytes());
        }
        Read r = new Read(file, archive, members, new boolean[n], whole, shared, library);
        search(r);
        if (group != null) group.add(r);
    }

    /** Takes what the archive defines that is still needed, again until nothing more; true if it took any. */
    private boolean search(Read r) {
        boolean any = false, progress = true;
        while (progress) {
            progress = false;
            for (int i = 0; i < r.members.length; i++) {
                if (r.taken[i] || !(r.whole || definesNeeded(r.members[i]))) continue;
                r.taken[i] = true;
                progress = any = true;
                addObject(new HostLinker.Input(
                        r.file + "(" + r.archive.members().get(i).name() + ")", r.members[i], r.shared, r.library));
            }
        }
        return any;
    }

    /** --start-group: the archives until --end-group are searched again, in turn, until none gives more (ld's groups). */
    public void startGroup() {
        group = new java.util.ArrayList<>();
    }

    public void endGroup() {
        if (group == null) return;
        List<Read> g = group;
        group = null;
        boolean progress = true;
        while (progress) {
            progress = false;
            for (Read r : g) progress |= search(r);
        }
    }

    private boolean definesNeeded(ElfObject o) {
        for (ElfSymbol s : o.symbols()) {
            if (s.isDefined() && !s.isLocal() && undefined.contains(s.name())) return true;
        }
        return false;
    }
}
