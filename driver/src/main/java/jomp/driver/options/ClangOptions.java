package jomp.driver.options;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * clang 19's driver options that jomp knows by name without implementing them, read off
 * clang-19 by {@code driver/tools/clang-options.py} into {@code clang19-options.txt}: their
 * spelling, form, and what clang warns when it is given one (an optimization flag clang ignores,
 * an argument a compile or a link does not use). With them jomp accepts what clang accepts,
 * rejects what clang rejects ({@code unknown argument}), and suggests what clang suggests, with
 * LLVM's OptTable::findNearest rule.
 */
public final class ClangOptions {
    /** How clang reacts to an option it knows: nothing, or one of its two driver warnings. */
    public enum Reaction {
        NONE,
        IGNORED_OPTIMIZATION,
        UNUSED
    }

    /** One option of clang's table. */
    public record Entry(String spelling, Opt.Form form, Reaction whenCompiling, Reaction whenLinking) {}

    private static final List<Entry> ENTRIES = new ArrayList<>();
    private static final Set<String> WARNINGS = new HashSet<>();
    private static final List<Entry> BY_LENGTH;

    static {
        try (InputStream in = ClangOptions.class.getResourceAsStream("clang19-options.txt");
                BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            boolean warnings = false;
            for (String line; (line = r.readLine()) != null; ) {
                if (line.equals("# warnings")) {
                    warnings = true;
                    continue;
                }
                if (warnings) {
                    WARNINGS.add(line);
                    continue;
                }
                if (line.startsWith("#") || line.isBlank()) continue;
                String[] f = line.split(" ", 4);
                ENTRIES.add(new Entry(f[3], form(f[0]), reaction(f[1]), reaction(f[2])));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        BY_LENGTH = ENTRIES.stream()
                .sorted(Comparator.comparingInt((Entry e) -> e.spelling.length())
                        .reversed())
                .toList();
    }

    private static Opt.Form form(String s) {
        return switch (s) {
            case "flag" -> Opt.Form.FLAG;
            case "joined" -> Opt.Form.JOINED;
            case "separate" -> Opt.Form.SEPARATE;
            default -> Opt.Form.JOINED_OR_SEPARATE;
        };
    }

    private static Reaction reaction(String s) {
        return switch (s) {
            case "opt" -> Reaction.IGNORED_OPTIMIZATION;
            case "unused" -> Reaction.UNUSED;
            default -> Reaction.NONE;
        };
    }

    /** clang's option for this argument (longest spelling first, as OptTable matches), or null. */
    public static Entry match(String arg) {
        for (Entry e : BY_LENGTH) {
            if (!arg.startsWith(e.spelling)) continue;
            if ((e.form == Opt.Form.FLAG || e.form == Opt.Form.SEPARATE) && arg.length() != e.spelling.length())
                continue;
            return e;
        }
        return null;
    }

    /** Whether clang has a warning of this name ({@code -Wname} / {@code -Wno-name}). */
    public static boolean isWarning(String name) {
        return WARNINGS.contains(name);
    }

    /** Every clang warning name, for "did you mean" on -W. */
    public static Set<String> warnings() {
        return WARNINGS;
    }

    /**
     * LLVM's OptTable::findNearest: the option spelling nearest to {@code arg} by edit distance
     * (replacements allowed), trying the part before a '=' or ':' of candidates that end in one
     * and charging one more when the argument has no value after it. Candidates shorter than 4
     * characters (without the prefix) are skipped; ties go to the first in table order.
     * {@code extra} are jomp's own spellings, considered too.
     */
    public static Nearest nearest(String arg, List<String> extra) {
        int best = Integer.MAX_VALUE;
        String nearest = null;
        List<String> all = new ArrayList<>(ENTRIES.size() + extra.size());
        for (Entry e : ENTRIES) all.add(e.spelling);
        for (String s : extra) if (!all.contains(s)) all.add(s);
        all.sort(ClangOptions::tableOrder);
        for (String cand : all) {
            String name = cand.startsWith("--") ? cand.substring(2) : cand.startsWith("-") ? cand.substring(1) : cand;
            if (name.length() < 4) continue;
            char last = cand.charAt(cand.length() - 1);
            boolean delim = last == '=' || last == ':';
            String normalized = arg, rhs = "";
            if (delim) {
                int at = arg.indexOf(last);
                if (at >= 0) {
                    normalized = arg.substring(0, at + 1);
                    rhs = arg.substring(at + 1);
                }
            }
            if (Math.abs(cand.length() - normalized.length()) > best) continue;
            int d = jomp.compiler.diag.WarningOptions.editDistance(cand, normalized);
            if (rhs.isEmpty() && delim) d++;
            if (d < best) {
                best = d;
                nearest = cand + rhs;
            }
        }
        return new Nearest(nearest, best);
    }

    public record Nearest(String spelling, int distance) {}

    /** OptTable sorts names case-insensitively, then case-sensitively (StrCmpOptionName). */
    private static int tableOrder(String a, String b) {
        String na = a.replaceFirst("^-+", ""), nb = b.replaceFirst("^-+", "");
        int c = na.compareToIgnoreCase(nb);
        return c != 0 ? c : na.compareTo(nb);
    }

    private ClangOptions() {}
}
