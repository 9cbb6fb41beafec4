package jomp.linker.host;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;

/**
 * Writes the executable (DESIGN §3.4): a POSIX shell preamble that finds a Java 25+ and runs
 * itself as a jar, followed by the jar: the program's classes, its data image and the runtime's
 * classes, so the file runs on its own. Written to a temporary file and moved into place, so a
 * failed link leaves nothing behind.
 */
public final class ExecutableWriter {
    private ExecutableWriter() {}

    /**
     * The shell preamble; `java -jar` finds the jar behind it (zip offsets are relative to the end).
     * The Java search uses shell built-ins where it can (no sed, dirname): each fork costs about a
     * millisecond, and the search ran on every start (11 ms, now 3 ms). jomp.stdout.tty is isatty(1)
     * (the built-in test), which decides stdout's buffering: asking Java's System.console() costs
     * the program 5 ms at start-up (a service lookup of console providers).
     */
    static final String PREAMBLE = """
            #!/bin/sh
            # jomp executable: a shell preamble, then a jar. Runs on Java 25 or newer.
            j=""
            p=$(command -v java 2>/dev/null) && p=$(readlink -f "$p" 2>/dev/null) && p=${p%/bin/java}
            for c in "$JAVA_HOME" "$p" /usr/lib/jvm/* /usr/local/lib/jvm/* /opt/java/*; do
              [ -n "$c" ] && [ -x "$c/bin/java" ] && [ -r "$c/release" ] || continue
              v=""
              while IFS= read -r l; do case $l in JAVA_VERSION=\\"*) v=${l#JAVA_VERSION=\\"}; v=${v%%[!0-9]*}; break;; esac; done < "$c/release"
              [ -n "$v" ] && [ "$v" -ge 25 ] 2>/dev/null && { j=$c/bin/java; break; }
            done
            [ -n "$j" ] || { echo "$0: error: no Java 25 or newer found (set JAVA_HOME)" >&2; exit 127; }
            t=0; [ -t 1 ] && t=1
            exec "$j" -XX:+UseSerialGC --sun-misc-unsafe-memory-access=allow -Xshare:auto -Xss16m -Djomp.program="$0" -Djomp.stdout.tty=$t $JOMP_JAVA_OPTS -jar "$0" "$@"
            exit 127
            """;

    public static void write(HostLinker.Linked linked, Path output) throws IOException { write(linked, output, false); }

    /** With {@code offload}, the device plugins (found as services of the runtime's plugin interface) go in too. */
    public static void write(HostLinker.Linked linked, Path output, boolean offload) throws IOException {
        ByteArrayOutputStream jar = new ByteArrayOutputStream();
        Manifest mf = new Manifest();
        mf.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        mf.getMainAttributes().put(Attributes.Name.MAIN_CLASS, HostLinker.MAIN.replace('/', '.'));
        mf.getMainAttributes().putValue("Enable-Native-Access", "ALL-UNNAMED");
        mf.getMainAttributes().putValue("Created-By", "jomp");
        Set<String> seen = new HashSet<>();
        try (JarOutputStream out = new JarOutputStream(jar, mf)) {
            seen.add("META-INF/MANIFEST.MF");
            for (Map.Entry<String, byte[]> c : linked.classes().entrySet()) put(out, seen, c.getKey() + ".class", c.getValue());
            for (Map.Entry<String, byte[]> r : linked.resources().entrySet()) put(out, seen, r.getKey(), r.getValue());
            copyRuntime(out, seen);
            if (offload) copyPlugins(out, seen);
        }
        byte[] pre = PREAMBLE.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        ByteArrayOutputStream file = new ByteArrayOutputStream(pre.length + jar.size());
        file.write(pre);
        jar.writeTo(file);
        // whole or nothing, mode 0777 less the command's umask
        jomp.wrapper.env.OutputFiles.write(output, output.toString(), file.toByteArray(), true);
    }

    private static void put(JarOutputStream out, Set<String> seen, String name, byte[] bytes) throws IOException {
        if (!seen.add(name)) return;
        JarEntry e = new JarEntry(name);
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

    /** The runtime's classes (C library, start-up, memory) from wherever the linker loaded them. */
    private static void copyRuntime(JarOutputStream out, Set<String> seen) throws IOException {
        copyClasses(jomp.runtime.libc.Libc.class, out, seen);
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
            put(out, seen, "META-INF/services/jomp.runtime.plugin.DevicePlugin", services.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    /** Every class (and resource) of the jar or folder that holds {@code anchor}. */
    private static void copyClasses(Class<?> anchor, JarOutputStream out, Set<String> seen) throws IOException {
        Path loc;
        try {
            loc = Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IOException("cannot locate " + anchor.getName() + ": " + e.getMessage());
        }
        if (Files.isDirectory(loc)) {
            try (Stream<Path> files = Files.walk(loc)) {
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
                try (InputStream in = jf.getInputStream(e)) { put(out, seen, e.getName(), in.readAllBytes()); }
            }
        }
    }

}
