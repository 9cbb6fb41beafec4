package jomp.linker.host;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;

/**
 * Writes the executable (docs/design/abi.md, "The executable and its start"): a small ELF launcher ({@link Launcher}: a shell script that
 * finds a Java 25+ and runs the file as a jar, and the fault handler the JVM chains), followed by
 * the jar: the program's classes, its data image and the runtime's classes, so the file runs on
 * its own; `java -jar` finds the jar behind the launcher (zip offsets are relative to the end).
 * The script names the start cache of the runtime it copies ({@link StartCache}), which the
 * program uses when jomp's build made one.
 * Written to a temporary file and moved into place, so a failed link leaves nothing behind. The
 * same inputs make the same bytes: entries in a fixed order, each with the link's one time
 * ({@link EntryTime}: SOURCE_DATE_EPOCH's, or 1980-01-01), the manifest's too.
 */
public final class ExecutableWriter {
    private ExecutableWriter() {}

    public static void write(HostLinker.Linked linked, Path output) throws IOException {
        write(linked, output, false);
    }

    /** With {@code offload}, the device plugins (found as services of the runtime's plugin interface) go in too. */
    public static void write(HostLinker.Linked linked, Path output, boolean offload) throws IOException {
        ByteArrayOutputStream jar = new ByteArrayOutputStream();
        Manifest mf = new Manifest();
        mf.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        mf.getMainAttributes().put(Attributes.Name.MAIN_CLASS, HostLinker.MAIN.replace('/', '.'));
        mf.getMainAttributes().putValue("Enable-Native-Access", "ALL-UNNAMED");
        // jomp.runtime.start.Signals ends the program by a signal through the JDK's raise0
        mf.getMainAttributes().putValue("Add-Opens", "java.base/jdk.internal.misc");
        mf.getMainAttributes().putValue("Created-By", "jomp");
        Set<String> seen = new HashSet<>();
        try (JarOutputStream out = new JarOutputStream(jar)) {
            // the manifest first, as JarOutputStream(out, manifest) writes it, but with the link's time
            out.putNextEntry(EntryTime.set(new JarEntry(JarFile.MANIFEST_NAME)));
            mf.write(out);
            out.closeEntry();
            seen.add(JarFile.MANIFEST_NAME);
            for (Map.Entry<String, byte[]> c : linked.classes().entrySet())
                put(out, seen, c.getKey() + ".class", c.getValue());
            for (Map.Entry<String, byte[]> r : linked.resources().entrySet()) put(out, seen, r.getKey(), r.getValue());
            copyRuntime(out, seen);
            if (offload) copyPlugins(out, seen);
        }
        byte[] pre = Launcher.image(
                StartCache.of(
                        location(jomp.runtime.program.CFunctions.class), location(jomp.offload.abi.ImageKind.class)),
                StartCache.forProgram(linked.classes().keySet()),
                HostLinker.readOnlyData(linked));
        ByteArrayOutputStream file = new ByteArrayOutputStream(pre.length + jar.size());
        file.write(pre);
        jar.writeTo(file);
        // whole or nothing, mode 0777 less the command's umask
        jomp.env.OutputFiles.write(output, output.toString(), file.toByteArray(), true);
    }

    private static void put(JarOutputStream out, Set<String> seen, String name, byte[] bytes) throws IOException {
        if (!seen.add(name)) return;
        JarEntry e = new JarEntry(name);
        EntryTime.set(e);
        if (name.endsWith(".bin")) {
            // the program's data image is stored, not deflated, so that the bytes of its string
            // constants are in the file as a C compiler's executable has them: tools that look
            // for them (CMake reads INFO:... strings out of its test programs) find them
            java.util.zip.CRC32 crc = new java.util.zip.CRC32();
            crc.update(bytes);
            e.setMethod(JarEntry.STORED);
            e.setSize(bytes.length);
            e.setCompressedSize(bytes.length);
            e.setCrc(crc.getValue());
        }
        out.putNextEntry(e);
        out.write(bytes);
        out.closeEntry();
    }

    /** The runtime's classes (C library, start-up, memory) and the offload ABI's records they use, from wherever the linker loaded them. */
    private static void copyRuntime(JarOutputStream out, Set<String> seen) throws IOException {
        copyClasses(jomp.runtime.program.CFunctions.class, out, seen);
        copyClasses(jomp.offload.abi.ImageKind.class, out, seen);
    }

    /** The device plugins the linker itself can see, with their service registration. */
    private static void copyPlugins(JarOutputStream out, Set<String> seen) throws IOException {
        StringBuilder services = new StringBuilder();
        for (var p : (Iterable<java.util.ServiceLoader.Provider<jomp.runtime.plugin.DevicePlugin>>)
                java.util.ServiceLoader.load(jomp.runtime.plugin.DevicePlugin.class).stream()::iterator) {
            copyClasses(p.type(), out, seen);
            services.append(p.type().getName()).append('\n');
        }
        if (!services.isEmpty())
            put(
                    out,
                    seen,
                    "META-INF/services/jomp.runtime.plugin.DevicePlugin",
                    services.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    /** The jar or folder that holds {@code anchor}. */
    private static Path location(Class<?> anchor) throws IOException {
        try {
            return Path.of(
                    anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IOException("cannot locate " + anchor.getName() + ": " + e.getMessage());
        }
    }

    /** Every class (and resource) of the jar or folder that holds {@code anchor}. */
    private static void copyClasses(Class<?> anchor, JarOutputStream out, Set<String> seen) throws IOException {
        Path loc = location(anchor);
        if (Files.isDirectory(loc)) {
            try (Stream<Path> files =
                    Files.walk(loc).sorted()) { // a folder's order is the file system's: sorted, the same everywhere
                for (Path p : (Iterable<Path>) files::iterator) {
                    if (Files.isRegularFile(p)) {
                        String name = loc.relativize(p).toString().replace('\\', '/');
                        if (!name.startsWith("META-INF/")) put(out, seen, name, Files.readAllBytes(p));
                    }
                }
            }
            return;
        }
        try (JarFile jf = new JarFile(loc.toFile())) {
            for (JarEntry e : (Iterable<JarEntry>) jf.stream()::iterator) {
                if (e.isDirectory() || e.getName().startsWith("META-INF/")) continue;
                try (InputStream in = jf.getInputStream(e)) {
                    put(out, seen, e.getName(), in.readAllBytes());
                }
            }
        }
    }
}
