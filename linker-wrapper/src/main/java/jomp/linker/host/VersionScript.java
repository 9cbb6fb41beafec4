package jomp.linker.host;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A GNU ld version script ({@code --version-script}): its version nodes (named,
 * {@code VERS_2 { ... } VERS_1;}, with the nodes each depends on, or one anonymous {@code { ... };})
 * and their {@code global:} and {@code local:} patterns, with {@code *}, {@code ?} and {@code [...]}
 * wildcards and the patterns of {@code extern "C"} blocks; {@code extern "C++"} patterns
 * (demangled names) match nothing in C objects, as in ld. Several scripts of one link are one
 * script, as ld reads them.
 *
 * <p>For an unversioned name ({@link #decide}) the best match over all nodes decides, as ld's
 * {@code bfd_find_version_for_sym}: an exact name first, then a wildcard other than a lone
 * {@code *}, then {@code *}, global before local at the same rank; a global match gives the node's
 * version; a name no pattern matches stays exported without a version. A name versioned in its
 * object ({@code f@VERS_1}, {@code f@@VERS_2}, from {@code .symver}) is matched against its own
 * node's patterns only ({@link #decideVersioned}): global ones first, then a local one hides it.
 */
final class VersionScript {
    private record Rule(boolean global, String pattern, Pattern regex, int rank, String node) {}

    /** A named version node and the nodes it depends on (its verdef's parents). */
    record Node(String name, List<String> parents) {}

    /** What a name gets: exported or not, and its version ("" for none). */
    record Decision(boolean exported, String version) {}

    private final List<Rule> rules = new ArrayList<>();
    private final Map<String, Node> nodes = new LinkedHashMap<>();
    private boolean anonymous;

    VersionScript() {}

    /** Reads one script's text into this one; a malformed one is an error worded as ld's. */
    void parse(String file, String text) throws LinkInputs.InputError {
        String s = text.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("#[^\n]*", " ");
        Matcher tok = Pattern.compile("\"[^\"]*\"|[{};:]|[^\\s{};:\"]+").matcher(s);
        List<String> t = new ArrayList<>();
        while (tok.find()) t.add(tok.group());
        int i = 0;
        while (i < t.size()) {
            String name = "";
            if (!t.get(i).equals("{")) name = t.get(i++); // a version node's name
            if (i >= t.size() || !t.get(i).equals("{")) throw syntax(file);
            if (name.isEmpty() ? !nodes.isEmpty() : anonymous)
                throw new LinkInputs.InputError("anonymous version tag cannot be combined with other version tags");
            if (!name.isEmpty() && nodes.containsKey(name))
                throw new LinkInputs.InputError("duplicate version tag `" + name + "'");
            anonymous |= name.isEmpty();
            i = node(file, t, i + 1, name, true, false);
            List<String> parents = new ArrayList<>();
            while (i < t.size() && !t.get(i).equals(";")) { // the nodes it depends on
                if (!nodes.containsKey(t.get(i)))
                    throw new LinkInputs.InputError("unable to find version dependency `" + t.get(i) + "'");
                parents.add(t.get(i++));
            }
            if (!name.isEmpty()) nodes.put(name, new Node(name, List.copyOf(parents)));
            i++;
        }
    }

    /** The named version nodes, in the order the scripts define them. */
    List<Node> nodes() {
        return List.copyOf(nodes.values());
    }

    /** Whether the script defines version {@code name}. */
    boolean hasNode(String name) {
        return nodes.containsKey(name);
    }

    /** The patterns from {@code t.get(i)} to the matching '}'; the index after it. */
    private int node(String file, List<String> t, int i, String name, boolean global, boolean cxx)
            throws LinkInputs.InputError {
        while (i < t.size() && !t.get(i).equals("}")) {
            String w = t.get(i);
            if ((w.equals("global") || w.equals("local"))
                    && i + 1 < t.size()
                    && t.get(i + 1).equals(":")) {
                global = w.equals("global");
                i += 2;
            } else if (w.equals("extern") && i + 2 < t.size() && t.get(i + 2).equals("{")) {
                boolean isCxx = !t.get(i + 1).equals("\"C\"");
                i = node(file, t, i + 3, name, global, isCxx);
            } else if (w.equals(";")) {
                i++;
            } else {
                if (!cxx)
                    add(global, w.startsWith("\"") ? w.substring(1, w.length() - 1) : w, w.startsWith("\""), name);
                i++;
            }
        }
        if (i >= t.size()) throw syntax(file);
        return i + 1;
    }

    private void add(boolean global, String p, boolean quoted, String node) {
        boolean wild = !quoted && p.matches(".*[*?\\[].*");
        int rank = !wild ? 0 : p.equals("*") ? 2 : 1;
        rules.add(new Rule(global, p, wild ? glob(p) : null, rank, node));
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

    private static boolean matches(Rule r, String name) {
        return r.regex() == null
                ? r.pattern().equals(name)
                : r.regex().matcher(name).matches();
    }

    /** An unversioned name: whether the library exports it, and with which version. */
    Decision decide(String name) {
        Rule best = null;
        for (Rule r : rules) {
            if (!matches(r, name)) continue;
            if (best == null || r.rank() < best.rank() || r.rank() == best.rank() && r.global() && !best.global())
                best = r;
        }
        if (best == null) return new Decision(true, "");
        return new Decision(best.global(), best.global() ? best.node() : "");
    }

    /**
     * A name its object versions ({@code base@node}): exported unless the node's patterns make it
     * local and none of its global ones names it (ld's rule for a symbol with an explicit version).
     */
    boolean decideVersioned(String base, String node) {
        boolean local = false;
        for (Rule r : rules) {
            if (!r.node().equals(node) || !matches(r, base)) continue;
            if (r.global()) return true;
            local = true;
        }
        return !local;
    }

    private static LinkInputs.InputError syntax(String file) {
        return new LinkInputs.InputError(file + ": syntax error in VERSION script");
    }
}
