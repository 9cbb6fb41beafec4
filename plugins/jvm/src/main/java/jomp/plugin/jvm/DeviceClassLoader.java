package jomp.plugin.jvm;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.HashMap;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * Loads a jvm device image (a jar: offload-abi.md §6) child-first: the image's own classes and
 * resources win over the host program's, whose classes have the same names (jomp/link/Program,
 * the units' classes), while everything else (the runtime, the C library) comes from the parent.
 */
final class DeviceClassLoader extends ClassLoader {
    private final Map<String, byte[]> files = new HashMap<>();

    DeviceClassLoader(byte[] jar, ClassLoader parent) throws IOException {
        super("jomp-device", parent);
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(jar))) {
            for (ZipEntry e; (e = in.getNextEntry()) != null; )
                if (!e.isDirectory()) files.put(e.getName(), in.readAllBytes());
        }
    }

    byte[] file(String name) {
        return files.get(name);
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                byte[] b = files.get(name.replace('.', '/') + ".class");
                c = b != null ? defineClass(name, b, 0, b.length) : getParent().loadClass(name);
            }
            if (resolve) resolveClass(c);
            return c;
        }
    }

    @Override
    public InputStream getResourceAsStream(String name) {
        byte[] b = files.get(name.startsWith("/") ? name.substring(1) : name);
        return b != null ? new ByteArrayInputStream(b) : super.getResourceAsStream(name);
    }

    @Override
    public URL getResource(String name) {
        if (files.containsKey(name)) return null; // only getResourceAsStream serves the image's own files
        return super.getResource(name);
    }
}
