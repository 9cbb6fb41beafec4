package jomp.runtime.omp;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * OMP_PLACES and OMP_PROC_BIND (OpenMP 5.2 §21.1.6–7, §10.1.3): the place list (abstract names
 * threads, cores, ll_caches, numa_domains, sockets, optionally with a count, read from Linux's
 * /sys topology; or explicit lists {@code {0,1},{2:2}}, intervals {@code {0:4}:4:4} and
 * exclusions {@code !}), the bind-var list (false, true, primary/master, close, spread), and
 * where the threads of a team go: the spec's rules for primary, close and spread, each thread
 * keeping its place number and its place partition. jomp's threads are JVM threads the OS
 * schedules as it likes, so the places are reported (omp_get_place_num, %A) but not enforced.
 */
final class Places {
    private Places() {}

    static final int FALSE = 0, TRUE = 1, PRIMARY = 2, CLOSE = 3, SPREAD = 4;

    /** The processors of each place; empty when there is no place list. */
    static final List<int[]> PLACES;
    /** What OMP_PLACES was (for OMP_DISPLAY_ENV), or null when unset or invalid. */
    static final String PLACES_TEXT;
    /** bind-var per nesting level (the last applies to deeper levels). */
    static final int[] BIND;

    static {
        String pv = System.getenv("OMP_PLACES"), bv = System.getenv("OMP_PROC_BIND");
        List<int[]> places = pv == null ? null : parsePlaces(pv);
        if (pv != null && places == null) Icv.warn("OMP_PLACES", pv);
        int[] bind = bv == null ? null : parseBind(bv);
        if (bv != null && bind == null) Icv.warn("OMP_PROC_BIND", bv);
        if (bind == null)
            bind = new int[] {places != null && !places.isEmpty() ? TRUE : FALSE}; // libgomp: places imply binding
        if (places == null && bind[0] != FALSE) places = abstractPlaces("cores", -1);
        PLACES = places == null ? List.of() : List.copyOf(places);
        PLACES_TEXT = pv != null && places != null ? pv.trim() : null; // as libomp shows it: what the user wrote
        BIND = bind;
    }

    /** bind-var for parallel regions at nesting level {@code level} (1 = the outermost). */
    static int bindAt(int level) {
        return BIND[Math.min(Math.max(level - 1, 0), BIND.length - 1)];
    }

    /** OMP_PROC_BIND's value: false, true, or a list of primary/master/close/spread; null when malformed. */
    static int[] parseBind(String s) {
        String[] parts = s.trim().toLowerCase(Locale.ROOT).split("\\s*,\\s*", -1);
        int[] out = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            out[i] = switch (parts[i]) {
                case "false" -> FALSE;
                case "true" -> TRUE;
                case "master", "primary" -> PRIMARY;
                case "close" -> CLOSE;
                case "spread" -> SPREAD;
                default -> -1;
            };
            if (out[i] < 0 || (out[i] <= TRUE && parts.length > 1)) return null;
        }
        return out;
    }

    static String bindName(int b) {
        return switch (b) {
            case FALSE -> "false";
            case TRUE -> "true";
            case PRIMARY -> "primary";
            case CLOSE -> "close";
            default -> "spread";
        };
    }

    /** OMP_PLACES: an abstract name with an optional count, or an explicit place list; null when malformed. */
    static List<int[]> parsePlaces(String s) {
        String t = s.trim().toLowerCase(Locale.ROOT);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                        "(threads|cores|ll_caches|numa_domains|sockets)\\s*(?:\\(\\s*(\\d+)\\s*\\))?")
                .matcher(t);
        if (m.matches()) return abstractPlaces(m.group(1), m.group(2) == null ? -1 : Integer.parseInt(m.group(2)));
        try {
            return new PlaceParser(t).list();
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** An explicit place list (OpenMP 5.2 §21.1.6's grammar). */
    private static final class PlaceParser {
        private final String s;
        private int pos;

        PlaceParser(String s) {
            this.s = s.replace(" ", "");
        }

        List<int[]> list() {
            List<int[]> out = new ArrayList<>();
            do {
                boolean exclude = eat('!');
                int[] place = place();
                if (exclude) {
                    out.removeIf(p -> Arrays.equals(p, place));
                    continue;
                }
                int len = 1, stride = 1;
                if (eat(':')) {
                    len = number();
                    if (eat(':')) stride = signed();
                }
                for (int k = 0; k < len; k++) {
                    int[] shifted = place.clone();
                    for (int j = 0; j < shifted.length; j++) shifted[j] += k * stride;
                    out.add(shifted);
                }
            } while (eat(','));
            if (pos != s.length() || out.isEmpty()) throw new IllegalArgumentException();
            return out;
        }

        private int[] place() {
            if (!eat('{')) throw new IllegalArgumentException();
            TreeSet<Integer> procs = new TreeSet<>();
            do {
                boolean exclude = eat('!');
                int first = number(), len = 1, stride = 1;
                if (!exclude && eat(':')) {
                    len = number();
                    if (eat(':')) stride = signed();
                }
                for (int k = 0; k < len; k++) {
                    if (exclude) procs.remove(first + k * stride);
                    else procs.add(first + k * stride);
                }
            } while (eat(','));
            if (!eat('}') || procs.isEmpty()) throw new IllegalArgumentException();
            return procs.stream().mapToInt(Integer::intValue).toArray();
        }

        private boolean eat(char c) {
            if (pos < s.length() && s.charAt(pos) == c) {
                pos++;
                return true;
            }
            return false;
        }

        private int signed() {
            return eat('-') ? -number() : number();
        }

        private int number() {
            int start = pos;
            while (pos < s.length() && Character.isDigit(s.charAt(pos))) pos++;
            if (start == pos || pos - start > 9) throw new IllegalArgumentException();
            return Integer.parseInt(s.substring(start, pos));
        }
    }

    /** The places of an abstract name, from the processors this process may use and Linux's topology files. */
    static List<int[]> abstractPlaces(String kind, int count) {
        int[] cpus = allowedCpus();
        Map<String, TreeSet<Integer>> groups = new LinkedHashMap<>();
        for (int cpu : cpus) {
            String key = switch (kind) {
                case "threads" -> Integer.toString(cpu);
                case "cores" -> topology(cpu, "physical_package_id") + "/" + topology(cpu, "core_id");
                case "sockets" -> topology(cpu, "physical_package_id");
                case "ll_caches" ->
                    sysfs(
                            "/sys/devices/system/cpu/cpu" + cpu + "/cache/index3/shared_cpu_list",
                            topology(cpu, "physical_package_id"));
                default -> numaNode(cpu);
            };
            groups.computeIfAbsent(key, k -> new TreeSet<>()).add(cpu);
        }
        List<int[]> out = new ArrayList<>();
        for (TreeSet<Integer> g : groups.values())
            out.add(g.stream().mapToInt(Integer::intValue).toArray());
        if (count > 0 && count < out.size()) out = new ArrayList<>(out.subList(0, count));
        return out;
    }

    private static String topology(int cpu, String file) {
        return sysfs("/sys/devices/system/cpu/cpu" + cpu + "/topology/" + file, "0");
    }

    private static String numaNode(int cpu) {
        try (var s = Files.list(Path.of("/sys/devices/system/cpu/cpu" + cpu))) {
            return s.map(p -> p.getFileName().toString())
                    .filter(n -> n.matches("node\\d+"))
                    .findFirst()
                    .orElse("node0");
        } catch (IOException e) {
            return "node0";
        }
    }

    private static String sysfs(String path, String fallback) {
        try {
            return Files.readString(Path.of(path)).trim();
        } catch (IOException | RuntimeException e) {
            return fallback;
        }
    }

    /** The processors this process may run on (Cpus_allowed_list), or 0..n-1. */
    static int[] allowedCpus() {
        try {
            for (String l : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (!l.startsWith("Cpus_allowed_list:")) continue;
                TreeSet<Integer> out = new TreeSet<>();
                for (String r : l.substring(18).trim().split(",")) {
                    String[] ab = r.trim().split("-");
                    int a = Integer.parseInt(ab[0]), b = ab.length > 1 ? Integer.parseInt(ab[1]) : a;
                    for (int i = a; i <= b; i++) out.add(i);
                }
                if (!out.isEmpty())
                    return out.stream().mapToInt(Integer::intValue).toArray();
            }
        } catch (IOException | RuntimeException e) {
            // fall through
        }
        int[] all = new int[Runtime.getRuntime().availableProcessors()];
        for (int i = 0; i < all.length; i++) all[i] = i;
        return all;
    }

    /** Processors as OMP_DISPLAY_ENV and %A print them: "0-3,8" (ranges of consecutive numbers). */
    static String procs(int[] ps) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < ps.length; i++) {
            int j = i;
            while (j + 1 < ps.length && ps[j + 1] == ps[j] + 1) j++;
            if (sb.length() > 0) sb.append(',');
            sb.append(ps[i]);
            if (j > i) sb.append('-').append(ps[j]);
            i = j;
        }
        return sb.toString();
    }

    static String describe(List<int[]> places) {
        StringBuilder sb = new StringBuilder();
        for (int[] p : places) {
            if (sb.length() > 0) sb.append(',');
            sb.append('{');
            for (int i = 0; i < p.length; i++) sb.append(i == 0 ? "" : ",").append(p[i]);
            sb.append('}');
        }
        return sb.toString();
    }

    /**
     * Where thread {@code num} of a team of {@code n} goes (OpenMP 5.2 §10.1.3), given the
     * primary thread's place and partition [lo, hi): {place, lo, hi}; {-1, lo, hi} when unbound.
     */
    static int[] assign(int policy, int primaryPlace, int lo, int hi, int num, int n) {
        int count = hi - lo;
        if (policy == FALSE || count <= 0) return new int[] {-1, lo, hi};
        int p0 = primaryPlace < lo || primaryPlace >= hi ? lo : primaryPlace;
        if (policy == PRIMARY) return new int[] {p0, lo, hi};
        if (policy == CLOSE || policy == TRUE) {
            int off = n <= count ? num : (int) ((long) num * count / n);
            return new int[] {lo + (p0 - lo + off) % count, lo, hi};
        }
        // spread: T <= P: T subpartitions, each thread the first place of its own; T > P: close, one-place partitions
        if (n > count) {
            int place = lo + (p0 - lo + (int) ((long) num * count / n)) % count;
            return new int[] {place, place, place + 1};
        }
        int start = (p0 - lo + (int) ((long) num * count / n)) % count;
        int size = (int) ((long) (num + 1) * count / n) - (int) ((long) num * count / n);
        int sub = lo + start;
        return new int[] {sub, sub, Math.min(hi, sub + Math.max(1, size))};
    }
}
