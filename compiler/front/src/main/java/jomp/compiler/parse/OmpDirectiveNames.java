package jomp.compiler.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import jomp.compiler.ast.OmpDirective.Leaf;
import jomp.compiler.lex.Token;

/**
 * Directive names: the words of a directive's first leaf (target enter data, declare variant),
 * the leaves a combined construct chains after it, and the underscore-joined spelling of OpenMP
 * 6.0. Apart from OmpParser because a name is read before, and without, any clause.
 */
final class OmpDirectiveNames {
    private final Parser p;

    OmpDirectiveNames(Parser p) {
        this.p = p;
    }

    private static final Set<String> LEAF_WORDS = Set.of(
            "target",
            "teams",
            "distribute",
            "parallel",
            "for",
            "simd",
            "loop",
            "declare",
            "begin",
            "end",
            "atomic",
            "critical",
            "barrier",
            "single",
            "master",
            "masked",
            "taskwait",
            "task",
            "taskgroup",
            "sections",
            "section",
            "ordered",
            "flush",
            "taskyield",
            "threadprivate",
            "groupprivate",
            "taskloop",
            "scope",
            "requires",
            "cancel",
            "cancellation",
            "scan",
            "depobj",
            "error",
            "nothing",
            "assume",
            "assumes",
            "metadirective",
            "allocate",
            "tile",
            "unroll",
            "interop",
            "dispatch",
            "taskgraph",
            "reverse",
            "interchange",
            "fuse",
            "split",
            "stripe");

    static List<Token> tokens(Token pragma) {
        if (pragma.pragmaTokens != null) return underscoreNames(pragma.pragmaTokens, 1);
        throw new IllegalStateException("PRAGMA token without its tokens");
    }

    /** The words of directive names: an underscore may join them (OpenMP 6.0 §4.1: target_data, target_teams_distribute). */
    private static final Set<String> NAME_WORDS = new java.util.HashSet<>(LEAF_WORDS);

    static {
        NAME_WORDS.addAll(
                Set.of("data", "enter", "exit", "update", "point", "reduction", "mapper", "variant", "induction"));
    }

    /**
     * The tokens with the directive name's underscore-joined words (from {@code from}) split into
     * words, as OpenMP 6.0 allows (`target_data`, `begin_declare_target`); clause names that hold
     * underscores (thread_limit) are not directive words and end the name.
     */
    static List<Token> underscoreNames(List<Token> ts, int from) {
        List<Token> out = new ArrayList<>(ts.subList(0, Math.min(from, ts.size())));
        boolean split = false;
        int i = from;
        for (; i < ts.size(); i++) {
            Token t = ts.get(i);
            if (t.kind != Token.Kind.IDENT && t.kind != Token.Kind.KEYWORD) break;
            if (NAME_WORDS.contains(t.text)) {
                out.add(t);
                continue;
            }
            String[] parts = t.text.split("_", -1);
            if (parts.length < 2 || !java.util.Arrays.stream(parts).allMatch(NAME_WORDS::contains)) break;
            for (String w : parts)
                out.add(new Token(w.equals("for") ? Token.Kind.KEYWORD : Token.Kind.IDENT, w, t.loc));
            split = true;
        }
        if (!split) return ts;
        out.addAll(ts.subList(i, ts.size()));
        return out;
    }

    /** The first leaf, its words appended to name; null when the word names no directive. */
    Leaf firstLeaf(StringBuilder name) {
        Token t = p.tok();
        String w = t.text;
        if (!LEAF_WORDS.contains(w)) return null;
        p.pos++;
        name.append(w);
        switch (w) {
            case "target" -> {
                if (word("data", name)) return Leaf.TARGET_DATA;
                if (word("enter", name)) {
                    expectWord("data", name);
                    return Leaf.TARGET_ENTER_DATA;
                }
                if (word("exit", name)) {
                    expectWord("data", name);
                    return Leaf.TARGET_EXIT_DATA;
                }
                if (word("update", name)) return Leaf.TARGET_UPDATE;
                return Leaf.TARGET;
            }
            case "declare" -> {
                if (word("target", name)) return Leaf.DECLARE_TARGET;
                if (word("reduction", name)) return Leaf.DECLARE_REDUCTION;
                if (word("induction", name)) return Leaf.DECLARE_INDUCTION;
                if (word("simd", name)) return Leaf.DECLARE_SIMD;
                if (word("variant", name)) return Leaf.DECLARE_VARIANT;
                if (word("mapper", name)) return Leaf.DECLARE_MAPPER;
                p.diags.error(p.tok().loc, "expected an OpenMP directive");
                throw new Parser.SyntaxError();
            }
            case "begin" -> {
                if (word("assumes", name)) return Leaf.BEGIN_ASSUMES;
                expectWord("declare", name);
                if (word("variant", name)) return Leaf.BEGIN_DECLARE_VARIANT;
                expectWord("target", name);
                return Leaf.BEGIN_DECLARE_TARGET;
            }
            case "end" -> {
                if (word("assumes", name)) return Leaf.END_ASSUMES;
                expectWord("declare", name);
                if (word("variant", name)) return Leaf.END_DECLARE_VARIANT;
                expectWord("target", name);
                return Leaf.END_DECLARE_TARGET;
            }
            case "cancellation" -> {
                expectWord("point", name);
                return Leaf.CANCELLATION_POINT;
            }
            default -> {
                return Leaf.valueOf(w.toUpperCase(Locale.ROOT));
            }
        }
    }

    private boolean word(String w, StringBuilder name) {
        if (!p.at(w) || p.tok().kind == Token.Kind.PUNCT) return false;
        p.pos++;
        name.append(' ').append(w);
        return true;
    }

    private void expectWord(String w, StringBuilder name) {
        if (!word(w, name)) {
            p.diags.error(p.tok().loc, "expected an OpenMP directive");
            throw new Parser.SyntaxError();
        }
    }

    /**
     * The leaves of a combined construct after its first (added to leaves, their words to name);
     * false after an error.
     */
    boolean combinedLeaves(Leaf first, List<Leaf> leaves, StringBuilder name) {
        Leaf last = first;
        List<Token> words = new ArrayList<>(); // the words that combined leaves, for the error below
        while (true) {
            Leaf next = combinable(last);
            if (next == null) break;
            words.add(p.next());
            name.append(' ').append(p.prev().text);
            leaves.add(next);
            last = next;
        }
        if (!words.isEmpty() && OmpClauseTable.of(name.toString()) == null) {
            // a chain that names no construct ("distribute parallel" without "for"): clang stops at the
            // first word past the longest prefix that does
            String prefix = name.toString();
            int bad = words.size() - 1;
            for (int i = words.size() - 1; i >= 0; i--) {
                prefix = prefix.substring(0, prefix.length() - words.get(i).text.length() - 1);
                if (OmpClauseTable.of(prefix) != null) {
                    bad = i;
                    break;
                }
                bad = i;
            }
            p.diags.error(words.get(bad).loc, "expected an OpenMP directive");
            return false;
        }
        return true;
    }

    /** The leaf that may follow in a combined construct here, or null. */
    private Leaf combinable(Leaf last) {
        String w = p.tok().text;
        if (p.tok().kind == Token.Kind.PUNCT) return null;
        return switch (last) {
            case TARGET ->
                switch (w) {
                    case "teams" -> Leaf.TEAMS;
                    case "parallel" -> Leaf.PARALLEL;
                    case "simd" -> Leaf.SIMD;
                    default -> null;
                };
            case TEAMS ->
                switch (w) {
                    case "distribute" -> Leaf.DISTRIBUTE;
                    case "loop" -> Leaf.LOOP;
                    default -> null;
                };
            case DISTRIBUTE ->
                switch (w) {
                    case "parallel" -> Leaf.PARALLEL;
                    case "simd" -> Leaf.SIMD;
                    default -> null;
                };
            case PARALLEL ->
                switch (w) {
                    case "for" -> Leaf.FOR;
                    case "sections" -> Leaf.SECTIONS;
                    case "loop" -> Leaf.LOOP;
                    case "masked" -> Leaf.MASKED;
                    case "master" -> Leaf.MASTER;
                    default -> null;
                };
            case FOR, TASKLOOP -> w.equals("simd") ? Leaf.SIMD : null;
            case MASTER, MASKED -> w.equals("taskloop") ? Leaf.TASKLOOP : null;
            default -> null;
        };
    }
}
