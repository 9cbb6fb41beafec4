package jomp.plugin.cuda;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** The test PTX files. */
final class Resources {
    private Resources() {}

    /** PTX that the JIT must refuse: it uses a register it never declared. */
    static final String BROKEN_PTX = """
            .version 7.8
            .target sm_75
            .address_size 64

            .visible .entry broken()
            {
            \tmov.u32 %r99, 1;
            \tret;
            }
            """;

    static byte[] bytes(String name) {
        try (InputStream in = Resources.class.getResourceAsStream(name)) {
            if (in == null) throw new IllegalArgumentException("no test resource " + name);
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
