package jomp.linker.host;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A GNU ld version script ({@code --version-script}) as far as it decides what a shared library
 * exports: the {@code global:} and {@code local:} patterns of every version node (named,
 * {@code VERS_1 { ... } VERS_0;}, or anonymous, {@code { ... };}), with {@code *}, {@code ?} and
 * {@code [...]} wildcards and the patterns of {@code extern "C"} blocks; {@code extern "C++"}
 * patterns (demangled names) match nothing. A name matched by no pattern stays exported; a name
 * both kinds match goes as ld decides: an exact name first, then a wildcard other than a lone
 * {@code *}, then {@code *}, global before local at the same rank. The version names themselves
 * are read and dropped: jomp's libraries carry no symbol versions ({@code nm -D} shows
 * {@code api} where gcc's shows {@code api@@VERS_1}).
 */
final class VersionScript {
    private record Rule(boolean global, String pattern, Pattern regex, int rank) {}

    private final List<Rule> rules = new ArrayList<>();

    private VersionScript() {}

    /** Reads a script's text; a malformed one is an error worded as ld's. */
    static VersionScript parse(String file, String text) throws LinkInputs.InputError {
        VersionScript v = new VersionScript();
        String s = text.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("#[^\n]*", " ");
        Matcher tok = Pattern.compile("\"[^\"]*\"|[{};:]|[^\\s{};:\"]+").matcher(s);
        List<String> t = new ArrayList<>();
        while (tok.find()) t.add(tok.group());
        int i = 0;
        while (i < t.size()) {
            if (!t.get(i).equals("{")) i++; // a version node's name
            if (i >= t.size() || !t.get(i).equals("{")) throw syntax(file);
            i = v.node(file, t, i + 1, true, false);
            while (i < t.size() && !t.get(i).equals(";")) i++; // the node it depends on
            i++;
        }
        return v;
    }

    /** The patterns from {@code t.get(i)} to the matching '}'; the index after it. */
    private int node(String file, List<String> t, int i, boolean global, boolean cxx) throws LinkInputs.InputError {
        while (i < t.size() && !t.get(i).equals("}")) {
            String w = t.get(i);
            if ((w.equals("global") || w.equals("local"))
                    && i + 1 < t.size()
                    && t.get(i + 1).equals(":")) {
                global = w.equals("global");
                i += 2;
            } else if (w.equals("extern") && i + 2 < t.size() && t.get(i + 2).equals("{")) {
                boolean isCxx = !t.get(i + 1).equals("\"C\"");
                i = node(file, t, i + 3, global, isCxx);
            } else if (w.equals(";")) {
                i++;
            } else {
                if (!cxx) add(global, w.startsWith("\"") ? w.substring(1, w.length() - 1) : w, w.startsWith("\""));
                i++;
            }
        }
        if (i >= t.size()) throw syntax(file);
        return i + 1;
    }

    private void add(boolean global, String p, boolean quoted) {
        boolean wild = !quoted && p.matches(".*[*?\\[].*");
        int rank = !wild ? 0 : p.equals("*") ? 2 : 1;
        rules.add(new Rule(global, p, wild ? glob(p) : null, rank));
    }

    private static Pattern glob(String p) {
        StringBuilder r = new StringBuilder();
        for (int i = 0; i < p.length(); i++) {
            char c = p.charAt(i);
            if (c == '*') r.append(".*");
            else if (c == '?') r.append('.');
            else if (c == '[') {
                int end = p.indexOf(']', i + 1);
                if (end < 0) r.append("\\[");
                else {
                    r.append('[')
                            .append(p.substring(i + 1, end).replace("\\", "\\\\"))
                            .append(']');
                    i = end;
                }
            } else r.append(Pattern.quote(String.valueOf(c)));
        }
        return Pattern.compile(r.toString());
    }

    /** Whether the library exports {@code name}. */
    boolean exports(String name) {
        Rule best = null;
        for (Rule r : rules) {
            boolean match = r.regex() == null
                    ? r.pattern().equals(name)
                    : r.regex().matcher(name).matches();
            if (!match) continue;
            if (best == null || r.rank() < best.rank() || r.rank() == best.rank() && r.global() && !best.global())
                best = r;
        }
        return best == null || best.global();
    }

    private static LinkInputs.InputError syntax(String file) {
        return new LinkInputs.InputError(file + ": syntax error in VERSION script");
    }
}
