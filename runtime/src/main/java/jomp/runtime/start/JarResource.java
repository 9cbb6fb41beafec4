package jomp.runtime.start;

import java.io.IOException;
import java.io.InputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Reads a resource beside a class: straight from the jar file the class came from where it came
 * from one, else through its class loader. The class loader's lookup searches the JDK's modules
 * first and reads through a jar: URL connection, which together cost a program's start-up some
 * milliseconds; the jar, already open for loading classes, is shared, not read again.
 */
public final class JarResource {
    private JarResource() {}

    /** The bytes of resource {@code name} (absolute: starting with '/'), or null where there is none. */
    public static byte[] read(Class<?> owner, String name) throws IOException {
        byte[] b = fromJar(owner, name);
        if (b != null) return b;
        try (InputStream in = owner.getResourceAsStream(name)) {
            return in == null ? null : in.readAllBytes();
        }
    }

    private static byte[] fromJar(Class<?> owner, String name) {
        if (!name.startsWith("/")) return null;
        try {
            var source = owner.getProtectionDomain().getCodeSource();
            java.net.URL location = source == null ? null : source.getLocation();
            if (location == null || !"file".equals(location.getProtocol())) return null;
            java.io.File file = new java.io.File(location.toURI());
            if (!file.isFile()) return null;
            try (ZipFile jar = new ZipFile(file)) {
                ZipEntry entry = jar.getEntry(name.substring(1));
                if (entry == null) return null;
                try (InputStream in = jar.getInputStream(entry)) {
                    return in.readAllBytes();
                }
            }
        } catch (IOException | java.net.URISyntaxException | IllegalArgumentException | SecurityException e) {
            return null; // the class loader's way
        }
    }
}
