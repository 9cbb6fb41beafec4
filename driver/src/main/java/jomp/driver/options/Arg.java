package jomp.driver.options;

import java.util.List;

/** One parsed argument: an option with its values, or an input file (opt == null). */
public record Arg(Opt opt, List<String> values, String spelling) {
    public String value() { return values.isEmpty() ? "" : values.get(0); }
    public boolean isInput() { return opt == null; }
    @Override public String toString() { return spelling; }
}
