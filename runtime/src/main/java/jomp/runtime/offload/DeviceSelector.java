package jomp.runtime.offload;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import jomp.offload.abi.ContextTraits;

/**
 * OpenMP 6.0's device trait specifications: OMP_AVAILABLE_DEVICES (§4.3.7) picks and orders the
 * offload devices, OMP_DEFAULT_DEVICE (§4.3.8) picks the default device from a list of numbers,
 * {@code initial}, {@code invalid}, {@code default} and trait specifications. A specification is
 * traits {@code kind(k)}, {@code isa(i)}, {@code arch(a)}, {@code vendor(v)}, {@code uid(u)} (and
 * {@code device_num(n)} for the default device), combined with {@code &&}, {@code ||} (not both
 * in one grouping level), {@code !} and parentheses, or {@code *} for every offload device; each
 * may end in a C subscript or array section ({@code [1]}, {@code [:2]}, {@code [lo:len:stride]})
 * over the devices it yields. A value that does not follow this grammar is ignored with a message.
 */
final class DeviceSelector {
    private DeviceSelector() {}

    /** A device a specification is evaluated on: its number, traits, vendor and unique identifier. */
    record Candidate(int number, ContextTraits traits, String vendor, String uid) {}

    /** A trait expression over one device. */
    private interface Expr {
        boolean test(Candidate c);
    }

    /** One list item: its expression (null for *) and subscript (null for none). */
    private record Item(Expr expr, long[] section) {}

    static final class Invalid extends RuntimeException {
        Invalid(String why) {
            super(why, null, false, false);
        }
    }

    /**
     * OMP_AVAILABLE_DEVICES: the candidates (offload devices, in the device table's order) that
     * the list selects, in the order it gives them: each item's devices (those not in an earlier
     * item, then the subscript's) after the earlier items'.
     */
    static List<Candidate> available(String spec, List<Candidate> candidates) {
        Set<Candidate> out = new LinkedHashSet<>();
        for (String text : items(spec)) {
            Item item = item(text, false);
            List<Candidate> yielded = new ArrayList<>();
            // the earlier items' devices are removed before the subscript selects (the specification's
            // example: "uid(<uid-gpu1>),kind(gpu)[:2]" is that device and two other GPUs)
            for (Candidate c : candidates)
                if ((item.expr() == null || item.expr().test(c)) && !out.contains(c)) yielded.add(c);
            out.addAll(select(yielded, item.section()));
        }
        return List.copyOf(out);
    }

    /**
     * OMP_DEFAULT_DEVICE's list over the available devices (the host among them, with its number):
     * the first item that gives a device; omp_invalid_device when none does. {@code default}
     * gives {@code whenDefault}.
     */
    static int defaultDevice(String spec, List<Candidate> devices, int whenDefault) {
        for (String text : items(spec)) {
            String t = text.strip().toLowerCase(Locale.ROOT);
            if (t.equals("initial")) return Devices.INITIAL;
            if (t.equals("invalid")) return Devices.INVALID;
            if (t.equals("default")) return whenDefault;
            if (t.matches("\\d+")) {
                int n = Integer.parseInt(t);
                if (devices.stream().anyMatch(c -> c.number() == n)) return n;
                continue;
            }
            Item item = item(text, true);
            List<Candidate> yielded = new ArrayList<>();
            for (Candidate c : devices) if (item.expr().test(c)) yielded.add(c);
            yielded.sort(java.util.Comparator.comparingInt(Candidate::number));
            List<Candidate> picked = select(yielded, item.section());
            if (!picked.isEmpty()) return picked.get(0).number();
        }
        return Devices.INVALID;
    }

    /** The list's items: split at the commas outside parentheses and brackets. */
    private static List<String> items(String spec) {
        List<String> out = new ArrayList<>();
        int depth = 0, start = 0;
        for (int i = 0; i < spec.length(); i++) {
            char c = spec.charAt(i);
            if (c == '(' || c == '[') depth++;
            else if (c == ')' || c == ']') depth--;
            else if (c == ',' && depth == 0) {
                out.add(spec.substring(start, i));
                start = i + 1;
            }
        }
        out.add(spec.substring(start));
        for (String s : out) if (s.isBlank()) throw new Invalid("an empty item");
        return out;
    }

    /** The elements a subscript or section names (those outside the array left out). */
    private static List<Candidate> select(List<Candidate> yielded, long[] section) {
        if (section == null) return yielded;
        List<Candidate> out = new ArrayList<>();
        long lo = section[0], len = section[1] < 0 ? yielded.size() - lo : section[1], stride = section[2];
        for (long k = 0; k < len; k++) {
            long at = lo + k * stride;
            if (at >= 0 && at < yielded.size()) out.add(yielded.get((int) at));
        }
        return out;
    }

    private static Item item(String text, boolean forDefault) {
        Parser p = new Parser(text.strip(), forDefault);
        Expr e = p.at('*') ? null : p.expr();
        if (e == null) p.pos++;
        long[] section = p.at('[') ? p.section() : null;
        p.skip();
        if (p.pos != p.s.length()) throw new Invalid("unexpected '" + p.s.substring(p.pos) + "'");
        return new Item(e, section);
    }

    /** A recursive-descent parser of one item. */
    private static final class Parser {
        final String s;
        final boolean forDefault;
        int pos;

        Parser(String s, boolean forDefault) {
            this.s = s;
            this.forDefault = forDefault;
        }

        void skip() {
            while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) pos++;
        }

        boolean at(char c) {
            skip();
            return pos < s.length() && s.charAt(pos) == c;
        }

        boolean at(String op) {
            skip();
            return s.startsWith(op, pos);
        }

        /** term {&& term} or term {|| term}: one operator in a grouping level. */
        Expr expr() {
            Expr left = term();
            String op = at("&&") ? "&&" : at("||") ? "||" : null;
            while (op != null && at(op)) {
                pos += 2;
                Expr l = left, r = term();
                left = op.equals("&&") ? c -> l.test(c) && r.test(c) : c -> l.test(c) || r.test(c);
            }
            if (at("&&") || at("||")) throw new Invalid("&& and || in one grouping level");
            return left;
        }

        Expr term() {
            if (at('!')) {
                pos++;
                Expr e = term();
                return c -> !e.test(c);
            }
            if (at('(')) {
                pos++;
                Expr e = expr();
                if (!at(')')) throw new Invalid("expected ')'");
                pos++;
                return e;
            }
            int start = pos;
            while (pos < s.length() && (Character.isLetter(s.charAt(pos)) || s.charAt(pos) == '_')) pos++;
            String name = s.substring(start, pos).toLowerCase(Locale.ROOT);
            if (!at('(')) throw new Invalid("expected a trait");
            int close = s.indexOf(')', pos);
            if (close < 0) throw new Invalid("expected ')'");
            String arg = s.substring(pos + 1, close).strip(), word = arg.toLowerCase(Locale.ROOT);
            pos = close + 1;
            return switch (name) {
                case "kind" -> {
                    if (word.equals("host") && !forDefault) throw new Invalid("kind(host)");
                    yield c -> c.traits().has("kind", word);
                }
                case "isa", "arch" -> c -> c.traits().has(name, word);
                case "vendor" -> c -> c.vendor().equals(word);
                case "uid" -> c -> c.uid().equals(arg);
                case "device_num" -> {
                    if (!forDefault || !word.matches("\\d+")) throw new Invalid("device_num(" + arg + ")");
                    int n = Integer.parseInt(word);
                    yield c -> c.number() == n;
                }
                default -> throw new Invalid("no trait " + name);
            };
        }

        /** [i], [lo:len], [lo:], [:len], [lo:len:stride] as {lo, len (-1: to the end), stride}. */
        long[] section() {
            pos++; // [
            long[] out = {0, -1, 1};
            Long first = number();
            if (at(']')) {
                if (first == null) throw new Invalid("an empty subscript");
                pos++;
                return new long[] {first, 1, 1};
            }
            if (!at(':')) throw new Invalid("expected ':' or ']'");
            pos++;
            if (first != null) out[0] = first;
            Long len = number();
            if (len != null) out[1] = len;
            if (at(':')) {
                pos++;
                Long stride = number();
                if (stride == null || stride < 1) throw new Invalid("a stride below 1");
                out[2] = stride;
            }
            if (!at(']')) throw new Invalid("expected ']'");
            pos++;
            return out;
        }

        Long number() {
            skip();
            int start = pos;
            while (pos < s.length() && Character.isDigit(s.charAt(pos))) pos++;
            return pos == start ? null : Long.parseLong(s.substring(start, pos));
        }
    }
}
