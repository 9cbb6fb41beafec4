package jomp.linker.host;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import jomp.env.Invocation;
import jomp.objfile.FormatException;
import jomp.objfile.archive.Archive;
import jomp.objfile.archive.ArchiveReader;
import jomp.objfile.archive.ArchiveWriter;
import jomp.objfile.elf.ElfObject;
import jomp.objfile.elf.ElfReader;
import jomp.objfile.elf.ElfSection;
import jomp.objfile.elf.ElfWriter;
import jomp.objfile.elf.JompSharedObject;
import jomp.objfile.elf.SharedObject;

/**
 * What {@code jomp -shared} makes: jomp programs are one file each (a shell preamble and a jar),
 * so a jomp "shared library" is the library's jomp objects kept for the programs that link it.
 * The file is an ELF shared object ({@link JompSharedObject}: {@code nm -D} and {@code readelf -d}
 * read its exported symbols and DT_SONAME, from {@code -soname}, as build systems expect) whose
 * payload is a GNU {@code ar} archive of the objects with one extra member, {@value #MARKER},
 * which lists the library's own dependencies as the link named them ({@code -l} names,
 * {@code -L} directories and library files, made absolute, one per line), as a native library's
 * DT_NEEDED entries and run path would say. A program's link takes every object of it, as ld
 * takes every symbol of a .so, whether or not the program refers to it,
 * and then its dependencies ({@link LinkInputs}), each such library once however many name it.
 * Nothing reads the file at run time, and native code cannot dlopen it (ld.so refuses its
 * machine type). Links still read the plain archives earlier jomps wrote.
 */
public final class SharedLibrary {
    private SharedLibrary() {}

    /**
     * The member that lists the library's dependencies and marks the archive as a jomp shared
     * library: an ELF object with no symbols whose {@value #SECTION} section holds the list (so
     * that nm and ar read the archive as one of objects).
     */
    public static final String MARKER = "__JOMP_SHARED.o", SECTION = ".jomp.needed";

    /**
     * The marker's section that says how the library was linked for its own references:
     * {@value #SYMBOLIC} ({@code -Bsymbolic}) or {@value #SYMBOLIC_FUNCTIONS}; absent otherwise.
     */
    static final String BIND_SECTION = ".jomp.bind", SYMBOLIC = "symbolic", SYMBOLIC_FUNCTIONS = "symbolic-functions";

    /** What the marker's {@value #BIND_SECTION} says ("" when the library has none). */
    static String binding(Archive ar) {
        for (Archive.Member m : ar.members()) {
            if (!m.name().equals(MARKER)) continue;
            ElfSection s = ElfReader.read(m.name(), m.bytes()).section(BIND_SECTION);
            return s == null ? "" : new String(s.data(), StandardCharsets.UTF_8).strip();
        }
        return "";
    }

    /** Whether an archive is a jomp shared library. */
    public static boolean is(Archive ar) {
        for (Archive.Member m : ar.members()) if (m.name().equals(MARKER)) return true;
        return false;
    }

    /** The archive's objects, without the marker. */
    static Archive objects(Archive ar) {
        List<Archive.Member> ms = new ArrayList<>();
        for (Archive.Member m : ar.members()) if (!m.name().equals(MARKER)) ms.add(m);
        return new Archive(ms, java.util.Map.of());
    }

    /** The dependencies the marker lists, as link arguments. */
    static List<String> dependencies(Archive ar) {
        for (Archive.Member m : ar.members()) {
            if (m.name().equals(MARKER)) {
                List<String> out = new ArrayList<>();
                ElfSection list = ElfReader.read(m.name(), m.bytes()).section(SECTION);
                if (list == null) return out;
                for (String l : new String(list.data(), StandardCharsets.UTF_8).split("\n"))
                    if (!l.isBlank()) out.add(l.strip());
                return out;
            }
        }
        return List.of();
    }

    /**
     * Writes the library for a {@code -shared} link of {@code inputs} (the wrapper's positional
     * arguments, in order) with the {@code -L} directories {@code libDirs}: jomp objects, and the
     * members of archives under {@code --whole-archive}, become members; {@code -l} names, other
     * archives and libraries, and the directories, become its dependencies.
     */
    public static void write(List<String> inputs, List<Path> libDirs, Path output)
            throws LinkInputs.InputError, IOException {
        List<Archive.Member> members = new ArrayList<>();
        List<String> needed = new ArrayList<>();
        for (Path d : libDirs)
            needed.add("-L" + Invocation.resolve(d).toAbsolutePath().normalize());
        boolean whole = false;
        String soname = null;
        VersionScript vscript = new VersionScript();
        String binding = "";
        List<String> excludeLibs = new ArrayList<>();
        java.util.Map<Archive.Member, String> fromArchive = new java.util.IdentityHashMap<>();
        for (int i = 0; i < inputs.size(); i++) {
            String a = inputs.get(i);
            String name = soname(inputs, i);
            if (name != null) {
                soname = name;
                if (!a.contains("=")) i++;
                continue;
            }
            String script = value(inputs, i, "--version-script");
            String exclude = value(inputs, i, "--exclude-libs");
            if (script != null || exclude != null) {
                if (!a.contains("=")) i++;
                if (script != null) versionScript(vscript, script);
                else excludeLibs.addAll(List.of(exclude.split("[,:]")));
                continue;
            }
            switch (a) {
                case "-Bsymbolic" -> binding = SYMBOLIC;
                case "-Bsymbolic-functions" -> {
                    if (binding.isEmpty()) binding = SYMBOLIC_FUNCTIONS;
                }
                case "-Bno-symbolic" -> binding = "";
                case "--whole-archive" -> whole = true;
                case "--no-whole-archive" -> whole = false;
                case "-l", "--library", "-L", "--library-path" -> {
                    if (i + 1 >= inputs.size()) throw new LinkInputs.InputError(a + ": missing argument");
                    String v = inputs.get(++i);
                    needed.add(
                            a.equals("-l") || a.equals("--library")
                                    ? "-l" + v
                                    : "-L"
                                            + Invocation.resolve(Path.of(v))
                                                    .toAbsolutePath()
                                                    .normalize());
                }
                default -> {
                    if (a.startsWith("-L") && a.length() > 2)
                        needed.add("-L"
                                + Invocation.resolve(Path.of(a.substring(2)))
                                        .toAbsolutePath()
                                        .normalize());
                    else if (a.startsWith("-l") && a.length() > 2) needed.add(a);
                    else if (a.startsWith("-")) {
                        int n = GnuLdOptions.ignored(inputs, i);
                        if (n == 0 && !GnuLdOptions.startGroup(a) && !GnuLdOptions.endGroup(a))
                            throw new LinkInputs.InputError("unrecognized option '" + a + "'");
                        if (n > 0) i += n - 1;
                    } else {
                        input(a, whole, members, needed, fromArchive);
                    }
                }
            }
        }
        if (members.isEmpty()) throw new LinkInputs.InputError("no input files");
        byte[] list = (String.join("\n", needed) + "\n").getBytes(StandardCharsets.UTF_8);
        List<ElfObject> objects = new ArrayList<>();
        try {
            for (Archive.Member m : members) objects.add(ElfReader.read(m.name(), m.bytes()));
        } catch (FormatException e) {
            throw new LinkInputs.InputError(e.getMessage());
        }
        java.util.Set<String> excluded = excludedNames(members, objects, fromArchive, excludeLibs);
        String fileName = output.getFileName().toString();
        checkVersions(objects, vscript, fileName);
        java.util.function.Function<String, String> version = n -> {
            if (excluded.contains(n)) return null;
            int at = n.indexOf('@');
            if (at < 0) {
                VersionScript.Decision d = vscript.decide(n);
                return d.exported() ? d.version() : null;
            }
            String node = n.substring(at + (n.startsWith("@@", at) ? 2 : 1));
            return vscript.decideVersioned(n.substring(0, at), node) ? node : null;
        };
        List<ElfSection> marker = new ArrayList<>(List.of(ElfSection.progbits(SECTION, 0, 1, list)));
        if (!binding.isEmpty())
            marker.add(ElfSection.progbits(BIND_SECTION, 0, 1, (binding + "\n").getBytes(StandardCharsets.UTF_8)));
        members.add(new Archive.Member(MARKER, ElfWriter.write(new ElfObject(marker, List.of()))));
        List<JompSharedObject.VersionDef> versions = new ArrayList<>();
        for (VersionScript.Node n : vscript.nodes())
            versions.add(new JompSharedObject.VersionDef(n.name(), n.parents()));
        Files.write(
                Invocation.resolve(output),
                JompSharedObject.write(
                        new JompSharedObject.Options(soname, fileName, version, versions, binding.equals(SYMBOLIC)),
                        objects,
                        ArchiveWriter.writeGnu(members)));
    }

    /**
     * A symbol its object versions ({@code .symver}: {@code f@VERS_1}, {@code f@@VERS_2}) must name
     * a version the scripts define: ld's error otherwise.
     */
    private static void checkVersions(List<ElfObject> objects, VersionScript script, String output)
            throws LinkInputs.InputError {
        for (ElfObject o : objects)
            for (jomp.objfile.elf.ElfSymbol s : o.symbols()) {
                int at = s.name().indexOf('@');
                if (at < 0 || !s.isDefined() || s.isLocal()) continue;
                String node = s.name().substring(at + (s.name().startsWith("@@", at) ? 2 : 1));
                if (!script.hasNode(node))
                    throw new LinkInputs.InputError(output + ": version node not found for symbol " + s.name()
                            + "\nfailed to set dynamic section sizes: bad value");
            }
    }

    /**
     * The value of ld's option {@code opt} at {@code inputs.get(i)} ({@code opt=v}, {@code opt v},
     * and with one dash, as libtool passes {@code -version-script}), else null.
     */
    private static String value(List<String> inputs, int i, String opt) {
        String a = inputs.get(i);
        for (String o : new String[] {opt, opt.substring(1)}) {
            if (a.equals(o)) return i + 1 < inputs.size() ? inputs.get(i + 1) : null;
            if (a.startsWith(o + "=")) return a.substring(o.length() + 1);
        }
        return null;
    }

    private static void versionScript(VersionScript into, String file) throws LinkInputs.InputError, IOException {
        Path p = Invocation.resolve(Path.of(file));
        if (!Files.isRegularFile(p)) throw new LinkInputs.InputError("cannot open version script " + file);
        into.parse(file, Files.readString(p, StandardCharsets.UTF_8));
    }

    /**
     * {@code --exclude-libs}: the names defined by members of the named archives ({@code ALL}:
     * every archive), which the library does not export.
     */
    private static java.util.Set<String> excludedNames(
            List<Archive.Member> members,
            List<ElfObject> objects,
            java.util.Map<Archive.Member, String> fromArchive,
            List<String> excludeLibs) {
        java.util.Set<String> out = new java.util.HashSet<>();
        for (int i = 0; i < members.size(); i++) {
            String archive = fromArchive.get(members.get(i));
            if (archive == null
                    || !excludeLibs.contains("ALL")
                            && !excludeLibs.contains(
                                    Path.of(archive).getFileName().toString())) continue;
            for (jomp.objfile.elf.ElfSymbol s : objects.get(i).symbols())
                if (s.isDefined() && !s.isLocal()) out.add(s.name());
        }
        return out;
    }

    /** The DT_SONAME that {@code -soname}/{@code -h} at {@code inputs.get(i)} gives (ld's spellings), else null. */
    private static String soname(List<String> inputs, int i) {
        String a = inputs.get(i);
        for (String o : new String[] {"-soname", "--soname", "-h"}) {
            if (a.equals(o)) return i + 1 < inputs.size() ? inputs.get(i + 1) : null;
            if (!o.equals("-h") && a.startsWith(o + "=")) return a.substring(o.length() + 1);
        }
        return null;
    }

    private static void input(
            String a,
            boolean whole,
            List<Archive.Member> members,
            List<String> needed,
            java.util.Map<Archive.Member, String> fromArchive)
            throws LinkInputs.InputError, IOException {
        Path real = Invocation.resolve(Path.of(a));
        if (!Files.isRegularFile(real)) throw new LinkInputs.InputError(a + ": No such file or directory");
        byte[] bytes = Files.readAllBytes(real);
        try {
            if (!SharedObject.isSharedObject(bytes)
                    && ElfReader.isElf(bytes)
                    && ElfReader.read(a, bytes).machine() == 0) {
                members.add(new Archive.Member(Path.of(a).getFileName().toString(), bytes)); // a jomp object
                return;
            }
            if (ArchiveReader.isArchive(bytes)) {
                Archive ar = ArchiveReader.read(a, bytes);
                if (whole && !is(ar)) {
                    for (Archive.Member m : ar.members())
                        if (ElfReader.isElf(m.bytes())) {
                            members.add(m);
                            fromArchive.put(m, a);
                        }
                    return;
                }
            }
        } catch (FormatException e) {
            throw new LinkInputs.InputError(e.getMessage());
        }
        needed.add(real.toAbsolutePath().normalize().toString()); // a library: the program's link takes it
    }
}
