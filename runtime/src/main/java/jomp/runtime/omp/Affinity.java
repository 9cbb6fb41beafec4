package jomp.runtime.omp;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Locale;

/**
 * Thread affinity reports (OpenMP 5.2 §21.2.5, §18.3): affinity-format-var (OMP_AFFINITY_FORMAT,
 * omp_set_affinity_format) and its fields {@code %[0][.][size]type} (t team_num, T num_teams,
 * L nesting_level, n thread_num, N num_threads, a ancestor_tnum, H host, P process_id,
 * i native_thread_id, A thread_affinity, or their long names in braces), display-affinity-var
 * (OMP_DISPLAY_AFFINITY: each thread prints its line when it starts a parallel region with a
 * line different from the last one it printed).
 */
final class Affinity {
    private Affinity() {}

    /** libomp's default format. */
    static final String DEFAULT_FORMAT = "OMP: pid %P tid %i thread %n bound to OS proc set {%A}";

    static volatile String format = initialFormat();
    static final boolean DISPLAY = Icv.parseBool("OMP_DISPLAY_AFFINITY", false);
    private static final ThreadLocal<String> LAST = new ThreadLocal<>();

    private static String initialFormat() {
        String v = System.getenv("OMP_AFFINITY_FORMAT");
        return v == null ? DEFAULT_FORMAT : v;
    }

    /** OMP_DISPLAY_AFFINITY: the calling thread's line, when it changed since its last one. */
    static void display(OmpThread t) {
        if (!DISPLAY) return;
        String line = capture(null, t);
        if (line.equals(LAST.get())) return;
        LAST.set(line);
        jomp.runtime.libc.Stdio.fflush(0);
        synchronized (System.err) {
            System.err.println(line);
            System.err.flush();
        }
    }

    /** The format (null: affinity-format-var) filled in for thread t. */
    static String capture(String fmt, OmpThread t) {
        String f = fmt == null || fmt.isEmpty() ? format : fmt;
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < f.length(); i++) {
            char c = f.charAt(i);
            if (c != '%' || i + 1 >= f.length()) {
                out.append(c);
                continue;
            }
            int j = i + 1;
            if (f.charAt(j) == '%') {
                out.append('%');
                i = j;
                continue;
            }
            boolean zero = false, right = false;
            if (f.charAt(j) == '0') {
                zero = true;
                j++;
            }
            if (j < f.length() && f.charAt(j) == '.') {
                right = true;
                j++;
            }
            int width = 0;
            while (j < f.length() && Character.isDigit(f.charAt(j))) width = width * 10 + (f.charAt(j++) - '0');
            if (j >= f.length()) {
                out.append(f, i, f.length());
                break;
            }
            String name;
            if (f.charAt(j) == '{') {
                int close = f.indexOf('}', j);
                if (close < 0) {
                    out.append(f, i, f.length());
                    break;
                }
                name = f.substring(j + 1, close);
                j = close;
            } else name = shortName(f.charAt(j));
            String value = field(name, t);
            if (value == null) {
                out.append(f, i, j + 1);
                i = j;
                continue;
            }
            out.append(pad(value, width, zero, right));
            i = j;
        }
        return out.toString();
    }

    private static String shortName(char c) {
        return switch (c) {
            case 't' -> "team_num";
            case 'T' -> "num_teams";
            case 'L' -> "nesting_level";
            case 'n' -> "thread_num";
            case 'N' -> "num_threads";
            case 'a' -> "ancestor_tnum";
            case 'H' -> "host";
            case 'P' -> "process_id";
            case 'i' -> "native_thread_id";
            case 'A' -> "thread_affinity";
            default -> "?" + c;
        };
    }

    private static String field(String name, OmpThread t) {
        return switch (name) {
            case "team_num" -> Integer.toString(t.teams.team());
            case "num_teams" -> Integer.toString(t.teams.numTeams());
            case "nesting_level" -> Integer.toString(t.team.level);
            case "thread_num" -> Integer.toString(t.num);
            case "num_threads" -> Integer.toString(t.team.size);
            case "ancestor_tnum" -> Integer.toString(t.team.level == 0 ? -1 : t.team.parent.num);
            case "host" -> host();
            case "process_id" -> Long.toString(ProcessHandle.current().pid());
            case "native_thread_id" -> Long.toString(nativeThreadId());
            case "thread_affinity" ->
                t.place >= 0 ? Places.procs(Places.PLACES.get(t.place)) : Places.procs(Places.allowedCpus());
            default -> null;
        };
    }

    /** Right-justified (".") or left-justified in {@code width}, zeros padding on the left with "0". */
    private static String pad(String v, int width, boolean zero, boolean right) {
        if (v.length() >= width) return v;
        String fill = (zero ? "0" : " ").repeat(width - v.length());
        return right || zero ? fill + v : v + fill;
    }

    private static String host() {
        try {
            return java.nio.file.Files.readString(java.nio.file.Path.of("/proc/sys/kernel/hostname"))
                    .trim();
        } catch (java.io.IOException | RuntimeException e) {
            return "localhost";
        }
    }

    private static final MethodHandle GETTID = gettid();

    @SuppressWarnings(
            "restricted") // native calls through FFM are this code's purpose; the launchers enable native access
    private static MethodHandle gettid() {
        try {
            Linker l = Linker.nativeLinker();
            return l.defaultLookup()
                    .find("gettid")
                    .map(a -> l.downcallHandle(a, FunctionDescriptor.of(ValueLayout.JAVA_INT)))
                    .orElse(null);
        } catch (RuntimeException | Error e) {
            return null;
        }
    }

    /** The OS's id of the calling thread (gettid), as libomp's %i prints it. */
    static long nativeThreadId() {
        if (GETTID != null) {
            try {
                return (int) GETTID.invokeExact();
            } catch (Throwable e) {
                // fall through
            }
        }
        return Thread.currentThread().threadId();
    }

    static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }
}
