package jomp.driver.options;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Splits a command line into {@link Arg}s by longest-prefix match against {@link Opt}, as
 * clang's OptTable does. Anything not starting with '-' (or the lone "-") is an input.
 */
public final class ArgParser {
    /** Thrown for an unknown option or a missing value; the message is clang's wording. */
    public static final class ArgError extends Exception {
        public ArgError(String message) { super(message); }
    }

    private static final List<Opt> BY_LENGTH = java.util.Arrays.stream(Opt.values())
            .sorted(Comparator.comparingInt((Opt o) -> o.spelling.length()).reversed())
            .toList();

    public static List<Arg> parse(List<String> argv) throws ArgError {
        List<Arg> out = new ArrayList<>();
        for (int i = 0; i < argv.size(); i++) {
            String a = argv.get(i);
            if (!a.startsWith("-") || a.equals("-")) {
                out.add(new Arg(null, List.of(a), a));
                continue;
            }
            Opt opt = match(a);
            if (opt == null) throw new ArgError("unknown argument: '" + a + "'");
            String rest = a.substring(opt.spelling.length());
            switch (opt.form) {
                case FLAG -> {
                    if (!rest.isEmpty()) throw new ArgError("unknown argument: '" + a + "'");
                    out.add(new Arg(opt, List.of(), a));
                }
                case JOINED -> out.add(new Arg(opt, List.of(rest), a));
                case COMMA_JOINED -> out.add(new Arg(opt, List.of(rest.split(",", -1)), a));
                case SEPARATE -> {
                    if (!rest.isEmpty()) throw new ArgError("unknown argument: '" + a + "'");
                    if (i + 1 >= argv.size()) throw new ArgError("argument to '" + a + "' is missing (expected 1 value)");
                    String v = argv.get(++i);
                    out.add(new Arg(opt, List.of(v), a + " " + v));
                }
                case JOINED_OR_SEPARATE -> {
                    if (!rest.isEmpty()) out.add(new Arg(opt, List.of(rest), a));
                    else if (i + 1 >= argv.size()) throw new ArgError("argument to '" + a + "' is missing (expected 1 value)");
                    else { String v = argv.get(++i); out.add(new Arg(opt, List.of(v), a + " " + v)); }
                }
                case JOINED_AND_SEPARATE -> {
                    if (i + 1 >= argv.size()) throw new ArgError("argument to '" + a + "' is missing (expected 1 value)");
                    String v = argv.get(++i);
                    out.add(new Arg(opt, List.of(rest, v), a + " " + v));
                }
            }
        }
        return out;
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
