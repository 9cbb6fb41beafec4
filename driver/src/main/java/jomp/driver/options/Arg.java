package jomp.driver.options;

import java.util.List;

/**
 * One parsed argument: an option with its values, or an input file (opt == null). An option of
 * clang's that jomp does not act on has opt {@link Opt#CLANG} and its entry in {@code clang}.
 */
public record Arg(Opt opt, List<String> values, String spelling, ClangOptions.Entry clang) {
    public Arg(Opt opt, List<String> values, String spelling) {
        this(opt, values, spelling, null);
    }

    public String value() {
        return values.isEmpty() ? "" : values.get(0);
    }

    public boolean isInput() {
        return opt == null;
    }

    @Override
    public String toString() {
        return spelling;
    }
}
