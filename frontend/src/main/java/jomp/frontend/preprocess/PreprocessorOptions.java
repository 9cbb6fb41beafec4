package jomp.frontend.preprocess;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the preprocessor needs from the command line: {@code -I} directories, system include
 * directories (searched after {@code -I}, before the bundled headers; files found there are
 * system headers), {@code -D}/{@code -U} in command-line order (a null value means {@code -U}; a
 * {@code -D name} without value is given as "1"), and whether {@code -fopenmp} defines _OPENMP.
 */
public record PreprocessorOptions(List<Path> includeDirs, List<Path> systemDirs, Map<String, String> defines,
                                  boolean openmp) {
    public PreprocessorOptions {
        includeDirs = List.copyOf(includeDirs);
        systemDirs = List.copyOf(systemDirs);
        defines = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(defines));
    }

    /** No -I, no -D, OpenMP on or off. */
    public static PreprocessorOptions defaults(boolean openmp) {
        return new PreprocessorOptions(List.of(), List.of(), Map.of(), openmp);
    }
}
