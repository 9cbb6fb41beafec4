package jomp.runtime.offload;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * LIBOMPTARGET_PROFILE=<file>: a timeline of the runtime's work (initialisation, image loading,
 * allocations, transfers, kernel launches) written at exit in the Chrome trace event format, which
 * chrome://tracing and Perfetto (ui.perfetto.dev) open, as libomptarget's profiler does.
 */
final class Profile {
    private Profile() {}

    /** The file LIBOMPTARGET_PROFILE names, or null (tests set it). */
    static volatile String FILE = System.getenv("LIBOMPTARGET_PROFILE");

    private static final long T0 = System.nanoTime();
    private static final List<String> EVENTS = new ArrayList<>();

    static boolean on() {
        return FILE != null && !FILE.isBlank();
    }

    /** Now, for a later {@link #event}. */
    static long start() {
        return on() ? System.nanoTime() : 0;
    }

    /** A complete event ("ph":"X") from {@code start} until now; args are key, value pairs. */
    static void event(String name, long start, Object... args) {
        if (!on()) return;
        long end = System.nanoTime();
        StringBuilder sb = new StringBuilder();
        sb.append("{\"name\":")
                .append(quote(name))
                .append(",\"cat\":\"omptarget\",\"ph\":\"X\",\"ts\":")
                .append(micros(start - T0))
                .append(",\"dur\":")
                .append(micros(end - start))
                .append(",\"pid\":1,\"tid\":")
                .append(Thread.currentThread().threadId())
                .append(",\"args\":{");
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (i > 0) sb.append(',');
            sb.append(quote(String.valueOf(args[i]))).append(':').append(quote(String.valueOf(args[i + 1])));
        }
        sb.append("}}");
        synchronized (EVENTS) {
            EVENTS.add(sb.toString());
        }
    }

    /** Nanoseconds as microseconds with three decimals, independent of the locale (JSON wants a '.'). */
    private static String micros(long ns) {
        return ns / 1000 + "." + String.format(java.util.Locale.ROOT, "%03d", Math.abs(ns % 1000));
    }

    static void write() {
        if (!on()) return;
        StringBuilder sb = new StringBuilder("{\"traceEvents\":[\n");
        synchronized (EVENTS) {
            for (int i = 0; i < EVENTS.size(); i++)
                sb.append(EVENTS.get(i)).append(i + 1 < EVENTS.size() ? ",\n" : "\n");
        }
        sb.append("],\"displayTimeUnit\":\"ns\"}\n");
        try {
            Files.writeString(Path.of(FILE), sb, StandardCharsets.UTF_8);
        } catch (IOException e) {
            System.err.println("omptarget error: cannot write the profile to " + FILE + ": " + e.getMessage());
        }
    }

    /** Tests: forgets the events recorded so far. */
    static void clear() {
        synchronized (EVENTS) {
            EVENTS.clear();
        }
    }

    private static String quote(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') sb.append('\\').append(c);
            else if (c < 0x20) sb.append(String.format("\\u%04x", (int) c));
            else sb.append(c);
        }
        return sb.append('"').toString();
    }
}
