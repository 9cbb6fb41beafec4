package jomp.compiler.preprocess;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The Make rule -MD, -MMD, -M and -MM write, byte for byte as clang 19's DependencyFileGenerator
 * writes it: the targets (-MT as given, -MQ quoted by the driver), the main file, then each
 * header in the order first included, once per spelling, lines broken before column 75 with
 * " \", spaces, '#' and '$' escaped as GNU make reads them; with -MP an empty rule per header.
 * Names are the paths as found, a leading "./" removed. System headers are listed only with
 * -sys-header-deps (-MD, -M). jomp's own headers (stddef.h, omp.h, ...) are part of the
 * compiler, not files on disk, so they are never listed: with -MMD/-MM the file is the same as
 * clang's (which leaves its resource headers out as system headers); with -MD/-M clang also
 * lists /usr/lib/llvm-19/lib/clang/19/include/... where jomp lists nothing.
 */
public final class DependencyFile {
    private DependencyFile() {}

    public static String render(
            List<String> targets,
            String mainFile,
            List<Preprocessor.IncludedFile> included,
            boolean systemHeaders,
            boolean phony) {
        Set<String> files = new LinkedHashSet<>();
        if (!mainFile.equals("-") && !mainFile.equals("<stdin>")) files.add(withoutDotSlash(mainFile));
        for (Preprocessor.IncludedFile f : included) {
            if (f.bundled() || f.system() && !systemHeaders) continue;
            files.add(withoutDotSlash(f.name()));
        }
        final int maxColumns = 75;
        StringBuilder sb = new StringBuilder();
        int columns = 0;
        for (String t : targets) {
            int n = t.length();
            if (columns == 0) columns += n;
            else if (columns + n + 2 > maxColumns) {
                columns = n + 2;
                sb.append(" \\\n  ");
            } else {
                columns += n + 1;
                sb.append(' ');
            }
            sb.append(t);
        }
        sb.append(':');
        columns += 1;
        for (String f : files) {
            int n = f.length();
            if (columns + (n + 1) + 2 > maxColumns) {
                sb.append(" \\\n ");
                columns = 2;
            }
            sb.append(' ');
            escape(sb, f);
            columns += n + 1;
        }
        sb.append('\n');
        if (phony) {
            List<String> list = new ArrayList<>(files);
            // every file but the main one (clang skips the input's index, which is 0 here)
            for (int i = mainFile.equals("-") || mainFile.equals("<stdin>") ? 0 : 1; i < list.size(); i++) {
                escape(sb, list.get(i));
                sb.append(":\n");
            }
        }
        return sb.toString();
    }

    /** clang's PrintFilename for Make: '#' and ' ' (and the backslashes before it) escaped, '$' doubled. */
    private static void escape(StringBuilder sb, String name) {
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '#') sb.append('\\');
            else if (c == ' ') {
                sb.append('\\');
                for (int j = i; j > 0 && name.charAt(--j) == '\\'; ) sb.append('\\');
            } else if (c == '$') sb.append('$');
            sb.append(c);
        }
    }

    /** The quoting -MQ applies to a target (clang's quoteMakeTarget). */
    public static String quoteTarget(String target) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < target.length(); i++) {
            char c = target.charAt(i);
            switch (c) {
                case ' ', '\t' -> {
                    for (int j = i - 1; j >= 0 && target.charAt(j) == '\\'; --j) sb.append('\\');
                    sb.append('\\');
                }
                case '$' -> sb.append('$');
                case '#' -> sb.append('\\');
                default -> {}
            }
            sb.append(c);
        }
        return sb.toString();
    }

    private static String withoutDotSlash(String p) {
        while (p.startsWith("./")) {
            p = p.substring(2);
            while (p.startsWith("/")) p = p.substring(1);
        }
        return p;
    }
}
