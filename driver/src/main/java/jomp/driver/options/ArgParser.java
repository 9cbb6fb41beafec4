package jomp.driver.options;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Splits a command line into {@link Arg}s by longest-prefix match, as clang's OptTable does:
 * first against jomp's own options ({@link Opt}), then against the rest of clang 19's
 * ({@link ClangOptions}), which jomp accepts without acting on them. Anything not starting with
 * '-' (or the lone "-", standard input) is an input. An argument neither table knows is clang's
 * error, with clang's suggestion for a near miss.
 */
public final class ArgParser {
    /** Thrown for unknown options or a missing value; one message a line, clang's wording. */
    public static final class ArgError extends Exception {
        private final List<Arg> parsed;

        public ArgError(String message, List<Arg> parsed) {
            super(message);
            this.parsed = parsed;
        }
        /** The arguments that did parse (so that the driver can go on checking, as clang does). */
        public List<Arg> parsed() {
            return parsed;
        }
    }

    private static final List<Opt> BY_LENGTH = java.util.Arrays.stream(Opt.values())
            .filter(o -> o != Opt.CLANG)
            .sorted(Comparator.comparingInt((Opt o) -> o.spelling.length()).reversed())
            .toList();

    public static List<Arg> parse(List<String> argv) throws ArgError {
        List<Arg> out = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        for (int i = 0; i < argv.size(); i++) {
            String a = argv.get(i);
            if (!a.startsWith("-") || a.equals("-")) {
                out.add(new Arg(null, List.of(a), a));
                continue;
            }
            Known known = identify(a);
            if (known == null) {
                errors.add(unknown(a));
                continue;
            }
            String rest = a.substring(known.spelling().length());
            List<String> values;
            String shown = a;
            switch (known.form()) {
                case FLAG -> {
                    if (!rest.isEmpty()) {
                        errors.add(unknown(a));
                        continue;
                    }
                    values = List.of();
                }
                case JOINED -> values = List.of(rest);
                case COMMA_JOINED -> values = List.of(rest.split(",", -1));
                case SEPARATE -> {
                    if (!rest.isEmpty()) {
                        errors.add(unknown(a));
                        continue;
                    }
                    if (i + 1 >= argv.size()) {
                        errors.add(missing(a));
                        continue;
                    }
                    values = List.of(argv.get(++i));
                    shown = a + " " + values.get(0);
                }
                case JOINED_OR_SEPARATE -> {
                    if (!rest.isEmpty()) values = List.of(rest);
                    else if (i + 1 >= argv.size()) {
                        errors.add(missing(a));
                        continue;
                    } else {
                        values = List.of(argv.get(++i));
                        shown = a + " " + values.get(0);
                    }
                }
                case JOINED_AND_SEPARATE -> {
                    if (i + 1 >= argv.size()) {
                        errors.add(missing(a));
                        continue;
                    }
                    values = List.of(rest, argv.get(++i));
                    shown = a + " " + values.get(1);
                }
                default -> throw new IllegalStateException(known.form().toString());
            }
            out.add(new Arg(known.opt(), values, shown, known.clang()));
        }
        if (!errors.isEmpty()) throw new ArgError(String.join("\n", errors), out);
        return out;
    }

    /** An option either table knows: jomp's own, or clang's (opt CLANG, with its entry). */
    private record Known(Opt opt, Opt.Form form, String spelling, ClangOptions.Entry clang) {}

    /** The option an argument spells, jomp's table first; null when neither table knows it. */
    private static Known identify(String a) {
        Opt opt = match(a);
        // a -g variant clang knows and ignores when compiling (-gno-codeview-ghash) is clang's, not a level of -g
        if (opt == Opt.G && !a.equals("-g")) {
            ClangOptions.Entry e = ClangOptions.match(a);
            if (e != null && e.spelling().equals(a) && e.whenCompiling() == ClangOptions.Reaction.UNUSED) opt = null;
        }
        if (opt != null) return new Known(opt, opt.form, opt.spelling, null);
        ClangOptions.Entry clang = ClangOptions.match(a);
        if (clang == null) return null;
        return new Known(Opt.CLANG, clang.form(), clang.spelling(), clang);
    }

    private static String missing(String a) {
        return "argument to '" + a + "' is missing (expected 1 value)";
    }

    /** clang's two wordings: with a suggestion when one is at most one edit away, else without. */
    private static String unknown(String a) {
        List<String> ours = BY_LENGTH.stream().map(o -> o.spelling).toList();
        ClangOptions.Nearest n = ClangOptions.nearest(a, ours);
        if (n.spelling() != null && n.distance() <= 1)
            return "unknown argument '" + a + "'; did you mean '" + n.spelling() + "'?";
        return "unknown argument: '" + a + "'";
    }

    private static Opt match(String a) {
        for (Opt o : BY_LENGTH) {
            if (!a.startsWith(o.spelling)) continue;
            // A flag must match whole ("-c" is not a prefix of "-cc1"); joined forms take the rest.
            if (o.form == Opt.Form.FLAG || o.form == Opt.Form.SEPARATE) {
                if (a.length() == o.spelling.length()) return o;
                continue;
            }
            return o;
        }
        return null;
    }

    private ArgParser() {}
}
