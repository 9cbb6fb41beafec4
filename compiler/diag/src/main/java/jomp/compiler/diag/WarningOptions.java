package jomp.compiler.diag;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The warning options of a compile, worked as clang's ProcessWarningOptions works them, on
 * clang 19's warning groups (clang19-warnings.txt, read off diagtool-19 by
 * driver/tools/clang-warnings.py): in command-line order, {@code -Wfoo} turns on the warnings of
 * group foo and of every group under it, {@code -Wno-foo} turns them off, {@code -Werror=foo}
 * turns them on as errors, {@code -Wno-error=foo} exempts them from -Werror (without turning them
 * on); {@code -Wall}, {@code -Wextra}, {@code -Wmost}, {@code -Wunused}... are groups like any
 * other; {@code -Werror} makes every warning an error, {@code -Weverything} turns every warning
 * on, and {@code -w} silences every warning whatever the rest says. Each of jomp's warnings has
 * the flag clang gives it and clang's default (the ones off by default are listed here).
 */
public final class WarningOptions {
    /** What a warning becomes. */
    public enum State {
        OFF,
        WARNING,
        ERROR
    }

    /**
     * What a warning is when no option names it (clang's default mapping): on, off (DefaultIgnore)
     * or an error (DefaultError: {@code -Wno-error=flag} makes it a warning, {@code -Wno-flag}
     * silences it, {@code -w} does not). One flag's warnings may differ: C89's "type specifier
     * missing" is off by default, C99's is an error, both {@code -Wimplicit-int}.
     */
    public enum Default {
        ON,
        OFF,
        ERROR
    }

    /** The warnings jomp emits that clang leaves off unless asked for (all others are on by default, as in clang). */
    static final Set<String> OFF_BY_DEFAULT = Set.of(
            "unused-variable",
            "unused-parameter",
            "unused-function",
            "unused-but-set-variable",
            "unused-but-set-parameter",
            "unused-label",
            "sign-compare",
            "shadow",
            "uninitialized",
            "sometimes-uninitialized",
            "implicit-fallthrough",
            "missing-prototypes",
            "logical-op-parentheses",
            "bitwise-op-parentheses",
            "shift-op-parentheses",
            "missing-field-initializers",
            "missing-variable-declarations",
            "strict-prototypes",
            "unused-macros",
            "pedantic",
            "pointer-arith",
            "gnu-pointer-arith",
            "declaration-after-statement",
            "vla",
            "cast-qual",
            "conditional-uninitialized",
            "unused-const-variable",
            "comma",
            "float-equal",
            "format-nonliteral",
            "switch-enum",
            "undef");

    private static final Map<String, List<String>> PARENTS = new HashMap<>();
    private static final Set<String> HAS_DIAGNOSTICS = new HashSet<>();

    static {
        try (InputStream in = WarningOptions.class.getResourceAsStream("clang19-warnings.txt");
                BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                if (line.startsWith("#") || line.isBlank()) continue;
                String[] f = line.split(" ");
                List<String> parents = new ArrayList<>();
                for (int i = 3; i < f.length; i++) parents.add(f[i]);
                PARENTS.put(f[0], parents);
                if (f[2].equals("1")) HAS_DIAGNOSTICS.add(f[0]);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private enum Kind {
        ENABLE,
        DISABLE,
        ERROR,
        NO_ERROR
    }

    private record Setting(Kind kind, String group) {}

    private final List<Setting> settings = new ArrayList<>();
    private final List<String> unknown = new ArrayList<>();
    private boolean werror;
    private boolean none;
    private boolean everything;
    private final Map<String, State> cache = new HashMap<>();

    /** Options as the driver passes them to cc1 ("-Wall", "-Wno-error=format", "-Werror", "-w", "-pedantic"). */
    public static WarningOptions parse(List<String> options) {
        WarningOptions w = new WarningOptions();
        for (String o : options) w.add(o);
        return w;
    }

    public static WarningOptions defaults() {
        return new WarningOptions();
    }

    private void add(String o) {
        switch (o) {
            case "-w" -> none = true;
            case "-Werror" -> werror = true;
            case "-Wno-error" -> werror = false;
            case "-Weverything" -> everything = true;
            case "-Wno-everything" -> {
                everything = false;
                settings.add(new Setting(Kind.DISABLE, "*"));
            }
            case "-pedantic", "-Wpedantic" -> settings.add(new Setting(Kind.ENABLE, "pedantic"));
            default -> {
                if (!o.startsWith("-W")) return;
                String name = o.substring(2);
                Kind kind = Kind.ENABLE;
                String prefix = "-W";
                if (name.startsWith("no-error=")) {
                    kind = Kind.NO_ERROR;
                    name = name.substring(9);
                    prefix = "-Werror=";
                } // clang names it so
                else if (name.startsWith("error=")) {
                    kind = Kind.ERROR;
                    name = name.substring(6);
                    prefix = "-Werror=";
                } else if (name.startsWith("no-")) {
                    kind = Kind.DISABLE;
                    name = name.substring(3);
                    prefix = "-Wno-";
                }
                if (name.startsWith("fatal-errors")
                        || name.startsWith("system-headers")
                        || name.startsWith("l,")
                        || name.startsWith("p,")
                        || name.startsWith("a,")) return; // not warning groups
                if (!PARENTS.containsKey(name)) {
                    String n = nearest(name);
                    unknown.add(prefix + name + "\0" + (n.isEmpty() ? "" : prefix + n));
                    return;
                }
                settings.add(new Setting(kind, name));
            }
        }
    }

    /**
     * clang's "unknown warning option" warnings for the options no group matched, each with
     * clang's suggestion when one group is nearest (DiagnosticIDs::getNearestOption: the least
     * edit distance, no suggestion on a tie).
     */
    public List<String> unknownOptionMessages() {
        List<String> out = new ArrayList<>();
        for (String u : unknown) {
            String[] p = u.split("\0", 2);
            boolean suggest = !p[1].isEmpty();
            out.add("unknown warning option '" + p[0] + "'" + (suggest ? "; did you mean '" + p[1] + "'?" : ""));
        }
        return out;
    }

    /** What a warning of this flag ("-Wformat") becomes under these options. */
    public synchronized State state(String flag) {
        String name = flag.startsWith("-W") ? flag.substring(2) : flag;
        return state(flag, OFF_BY_DEFAULT.contains(name) ? Default.OFF : Default.ON);
    }

    /** The same for a warning whose default is given. */
    public synchronized State state(String flag, Default dflt) {
        return cache.computeIfAbsent(flag + " " + dflt, k -> compute(flag, dflt));
    }

    /** clang's DiagnosticIDs::getDiagnosticSeverity over the mappings the options made, in their order. */
    private State compute(String flag, Default dflt) {
        String name = flag.startsWith("-W") ? flag.substring(2) : flag;
        Set<String> groups = ancestors(name);
        State sev = dflt == Default.ERROR ? State.ERROR : dflt == Default.ON || everything ? State.WARNING : State.OFF;
        boolean noError = false;
        for (Setting s : settings) {
            if (!s.group.equals("*") && !groups.contains(s.group)) continue;
            switch (s.kind) {
                case ENABLE -> {
                    if (sev != State.ERROR) sev = State.WARNING;
                } // a warning mapping does not lower an error
                case DISABLE -> sev = State.OFF;
                case ERROR -> sev = State.ERROR;
                case NO_ERROR -> {
                    noError = true;
                    if (sev == State.ERROR) sev = State.WARNING;
                }
            }
        }
        if (sev == State.OFF) return State.OFF;
        // -w silences warnings and what options made errors of them, not what is an error by default
        if (none && (sev == State.WARNING || dflt != Default.ERROR)) return State.OFF;
        if (sev == State.WARNING && werror && !noError) return State.ERROR;
        return sev;
    }

    /** The group and every group above it. */
    static Set<String> ancestors(String name) {
        Set<String> seen = new LinkedHashSet<>();
        List<String> todo = new ArrayList<>(List.of(name));
        while (!todo.isEmpty()) {
            String g = todo.remove(todo.size() - 1);
            if (!seen.add(g)) continue;
            todo.addAll(PARENTS.getOrDefault(g, List.of()));
        }
        return seen;
    }

    /** The nearest group with warnings in it (or under it), "" on a tie or none. */
    private static String nearest(String name) {
        int best = name.length() + 1;
        String nearest = "";
        Set<String> nonEmpty = new HashSet<>();
        for (String g : HAS_DIAGNOSTICS) nonEmpty.addAll(ancestors(g));
        for (String g : PARENTS.keySet().stream().sorted().toList()) {
            if (!nonEmpty.contains(g)) continue;
            int d = editDistance(g, name);
            if (d > best) continue;
            if (d == best) nearest = "";
            else {
                nearest = g;
                best = d;
            }
        }
        return nearest;
    }

    /** Levenshtein distance (clang's StringRef::edit_distance with replacements): "did you mean" for warning flags and driver options. */
    public static int editDistance(String a, String b) {
        int[] prev = new int[b.length() + 1], cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) prev[j] = j;
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[j] = Math.min(sub, Math.min(prev[j], cur[j - 1]) + 1);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
