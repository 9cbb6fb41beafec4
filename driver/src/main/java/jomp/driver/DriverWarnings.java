package jomp.driver;

import java.io.PrintStream;
import java.util.List;
import jomp.driver.action.ActionBuilder;
import jomp.driver.options.Arg;
import jomp.driver.options.ClangOptions;
import jomp.driver.options.Opt;

/**
 * The warnings clang's driver gives about options it accepts and does not use, for the options
 * of clang's that jomp accepts the same way ({@link ClangOptions}): gcc's optimization flags
 * clang ignores ({@code optimization flag '-fgcse' is not supported
 * [-Wignored-optimization-argument]}, when compiling), and options the command does not use
 * ({@code argument unused during compilation: '-rdynamic' [-Wunused-command-line-argument]}).
 * -w silences them, -Wno-&lt;group&gt; one group, -Qunused-arguments the second, -Werror makes
 * them errors (and the command fails), as in clang.
 */
final class DriverWarnings {
    private DriverWarnings() {}

    /**
     * Prints the warnings, in clang's order: linker inputs a compile does not use, then ignored
     * optimization flags, then unused arguments; false when -Werror made one an error.
     */
    static boolean report(
            List<Arg> args,
            ActionBuilder.Stop stop,
            long sourceCount,
            java.util.function.Function<String, jomp.driver.action.FileType> typeOf,
            boolean dependencies,
            PrintStream err) {
        boolean w = false, werror = false, qunused = false;
        boolean noIgnoredOpt = false, noUnused = false;
        for (Arg a : args) {
            if (a.opt() == Opt.W_NONE) w = true;
            else if (a.opt() == Opt.WERROR) werror = true;
            else if (a.opt() == Opt.QUNUSED_ARGUMENTS) qunused = true;
            else if (a.opt() == Opt.W) {
                switch (a.value()) {
                    case "no-ignored-optimization-argument" -> noIgnoredOpt = true;
                    case "ignored-optimization-argument" -> noIgnoredOpt = false;
                    case "no-unused-command-line-argument" -> noUnused = true;
                    case "unused-command-line-argument" -> noUnused = false;
                    case "no-error" -> werror = false;
                    default -> {}
                }
            }
        }
        if (w) return true;
        boolean compiling = stop != ActionBuilder.Stop.LINK || sourceCount > 0;
        boolean linking = stop == ActionBuilder.Stop.LINK;
        boolean ok = true;
        if (!linking) {
            for (Arg a : args) {
                boolean linkerInput = a.isInput()
                                && (typeOf.apply(a.value()) == jomp.driver.action.FileType.OBJECT
                                        || typeOf.apply(a.value()) == jomp.driver.action.FileType.ARCHIVE)
                        || a.opt() == Opt.LIB
                        || a.opt() == Opt.WL
                        || a.opt() == Opt.XLINKER;
                if (linkerInput)
                    ok &= print(
                            err, werror, a.spelling() + ": 'linker' input unused", "-Wunused-command-line-argument");
            }
        }
        for (Arg a : args) {
            if (a.opt() == Opt.CLANG
                    && compiling
                    && a.clang().whenCompiling() == ClangOptions.Reaction.IGNORED_OPTIMIZATION
                    && !noIgnoredOpt)
                ok &= print(
                        err,
                        werror,
                        "optimization flag '" + a.spelling() + "' is not supported",
                        "-Wignored-optimization-argument");
        }
        if (qunused || noUnused) return ok;
        for (Arg a : args) {
            boolean unused;
            if (a.opt() == Opt.CLANG) {
                ClangOptions.Entry e = a.clang();
                if (compiling && e.whenCompiling() == ClangOptions.Reaction.IGNORED_OPTIMIZATION) continue;
                // unused when no step of the command uses it: a compile that does not link, a link of objects only
                unused = (!compiling || e.whenCompiling() == ClangOptions.Reaction.UNUSED)
                        && (!linking || e.whenLinking() == ClangOptions.Reaction.UNUSED);
            } else if (a.opt() == Opt.LIB_DIR) {
                unused = !linking;
            } else if (a.opt() == Opt.MF || a.opt() == Opt.MT || a.opt() == Opt.MQ || a.opt() == Opt.MP) {
                unused = !dependencies;
            } else {
                continue;
            }
            if (unused)
                ok &= print(
                        err,
                        werror,
                        "argument unused during compilation: '" + a.spelling() + "'",
                        "-Wunused-command-line-argument");
        }
        return ok;
    }

    private static boolean print(PrintStream err, boolean werror, String message, String flag) {
        err.println("jomp: " + (werror ? "error: " : "warning: ") + message + " [" + (werror ? "-Werror," : "") + flag
                + "]");
        return !werror;
    }
}
