package jomp.compiler.preprocess;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the preprocessor needs from the command line, as clang's cc1 takes it:
 * <ul>
 * <li>{@code includeDirs} ({@code -I}), {@code systemDirs} ({@code -isystem}), {@code quoteDirs}
 *     ({@code -iquote}) and {@code afterDirs} ({@code -idirafter}), searched as {@link HeaderSearch} says;</li>
 * <li>{@code embedDirs} ({@code --embed-dir=}), where {@code #embed} looks after the including file's folder;</li>
 * <li>{@code -D}/{@code -U} in command-line order (a null value means {@code -U}; a {@code -D name}
 *     without value is given as "1");</li>
 * <li>whether {@code -fopenmp} defines _OPENMP;</li>
 * <li>{@code -nostdinc} (no resource directory, no system directories), {@code -nostdlibinc} (no
 *     system directories), {@code -nobuiltininc} (no resource directory);</li>
 * <li>{@code -imacros} and {@code -include} files, read in that order before the main file;</li>
 * <li>{@code -v}: print the search list on stderr, as clang does;</li>
 * <li>what the predefined macros depend on: {@code -std} (null: clang's default, gnu17), the
 *     {@code -O} level and whether it is {@code -Os}/{@code -Oz}, {@code -pthread}, and
 *     {@code -fgnu89-inline}/{@code -fno-gnu89-inline} ({@code gnu89Inline}; null: as the standard says).</li>
 * </ul>
 */
public record PreprocessorOptions(
        List<Path> includeDirs,
        List<Path> systemDirs,
        Map<String, String> defines,
        boolean openmp,
        List<Path> quoteDirs,
        List<Path> afterDirs,
        boolean noStdInc,
        boolean noStdLibInc,
        boolean noBuiltinInc,
        List<String> imacros,
        List<String> includes,
        boolean verbose,
        String std,
        int optLevel,
        boolean optimizeSize,
        boolean pthread,
        Boolean gnu89Inline,
        List<Path> embedDirs) {
    public PreprocessorOptions {
        embedDirs = List.copyOf(embedDirs);
        includeDirs = List.copyOf(includeDirs);
        systemDirs = List.copyOf(systemDirs);
        defines = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(defines));
        quoteDirs = List.copyOf(quoteDirs);
        afterDirs = List.copyOf(afterDirs);
        imacros = List.copyOf(imacros);
        includes = List.copyOf(includes);
    }

    /** The options without --embed-dir. */
    public PreprocessorOptions(
            List<Path> includeDirs,
            List<Path> systemDirs,
            Map<String, String> defines,
            boolean openmp,
            List<Path> quoteDirs,
            List<Path> afterDirs,
            boolean noStdInc,
            boolean noStdLibInc,
            boolean noBuiltinInc,
            List<String> imacros,
            List<String> includes,
            boolean verbose,
            String std,
            int optLevel,
            boolean optimizeSize,
            boolean pthread,
            Boolean gnu89Inline) {
        this(
                includeDirs,
                systemDirs,
                defines,
                openmp,
                quoteDirs,
                afterDirs,
                noStdInc,
                noStdLibInc,
                noBuiltinInc,
                imacros,
                includes,
                verbose,
                std,
                optLevel,
                optimizeSize,
                pthread,
                gnu89Inline,
                List.of());
    }

    /** The options as the standard (-std) alone decides inline's meaning. */
    public PreprocessorOptions(
            List<Path> includeDirs,
            List<Path> systemDirs,
            Map<String, String> defines,
            boolean openmp,
            List<Path> quoteDirs,
            List<Path> afterDirs,
            boolean noStdInc,
            boolean noStdLibInc,
            boolean noBuiltinInc,
            List<String> imacros,
            List<String> includes,
            boolean verbose,
            String std,
            int optLevel,
            boolean optimizeSize,
            boolean pthread) {
        this(
                includeDirs,
                systemDirs,
                defines,
                openmp,
                quoteDirs,
                afterDirs,
                noStdInc,
                noStdLibInc,
                noBuiltinInc,
                imacros,
                includes,
                verbose,
                std,
                optLevel,
                optimizeSize,
                pthread,
                null);
    }

    /** -I and -isystem directories, -D/-U and OpenMP; the standard search list, nothing else. */
    public PreprocessorOptions(
            List<Path> includeDirs, List<Path> systemDirs, Map<String, String> defines, boolean openmp) {
        this(
                includeDirs,
                systemDirs,
                defines,
                openmp,
                List.of(),
                List.of(),
                false,
                false,
                false,
                List.of(),
                List.of(),
                false,
                null,
                0,
                false,
                false);
    }

    /** Is this a -std value clang takes for C? */
    public static boolean knownStandard(String std) {
        return PredefinedMacros.Std.of(std) != null;
    }

    /** The year of the C standard a -std value names (null: clang's default, gnu17): 1989 (C89, C94), 1999, 2011, 2017, 2023. */
    public static int standardYear(String std) {
        String v = PredefinedMacros.Std.of(std).version();
        if (v == null || v.equals("199409L")) return 1989;
        return Integer.parseInt(v.substring(0, 4));
    }

    /**
     * Whether inline has its GNU89 meaning: -std=gnu89/c89, or -fgnu89-inline last (clang's cc1 acts
     * on the flag alone: -fno-gnu89-inline leaves C89's meaning as it is).
     */
    public boolean gnuInline() {
        return gnuInline(std, gnu89Inline);
    }

    /** The same for a -std value and the last of -fgnu89-inline (true) and -fno-gnu89-inline (false), null for neither. */
    public static boolean gnuInline(String std, Boolean gnu89Inline) {
        return Boolean.TRUE.equals(gnu89Inline) || PredefinedMacros.Std.of(std).gnuInline();
    }

    /** No -I, no -D, OpenMP on or off. */
    public static PreprocessorOptions defaults(boolean openmp) {
        return new PreprocessorOptions(List.of(), List.of(), Map.of(), openmp);
    }
}
