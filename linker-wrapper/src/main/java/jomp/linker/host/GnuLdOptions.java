package jomp.linker.host;

import java.util.List;
import java.util.Set;

/**
 * GNU ld's options that build systems pass with {@code -Wl,} (CMake, Meson, autotools, distro
 * flags): jomp's link writes one self-contained file (a shell preamble and a jar), so the ones
 * about shared libraries, dynamic sections, run paths, stripping, section garbage collection and
 * link-time optimisation levels have nothing to change and are accepted as ld accepts them.
 * {@code --start-group}/{@code --end-group} are honoured by the link itself.
 */
public final class GnuLdOptions {
    private GnuLdOptions() {}

    private static final Set<String> FLAGS = Set.of(
            "--as-needed",
            "--no-as-needed",
            "--no-undefined",
            "-O0",
            "-O1",
            "-O2",
            "-O3",
            "--gc-sections",
            "--no-gc-sections",
            "-s",
            "-S",
            "--strip-all",
            "--strip-debug",
            "-E",
            "--export-dynamic",
            "--no-export-dynamic",
            "--eh-frame-hdr",
            "--build-id",
            "--enable-new-dtags",
            "--disable-new-dtags",
            "--sort-common",
            "--warn-common",
            "--fatal-warnings",
            "--no-fatal-warnings",
            "-Bsymbolic",
            "-Bsymbolic-functions",
            "-Bstatic",
            "-Bdynamic",
            "-static",
            "-dn",
            "-dy",
            "--relax",
            "--no-relax",
            "-pie",
            "--pie",
            "-no-pie",
            "--no-pie",
            "--allow-shlib-undefined",
            "--no-allow-shlib-undefined",
            "--push-state",
            "--pop-state",
            "--copy-dt-needed-entries",
            "--no-copy-dt-needed-entries",
            "--color-diagnostics",
            "--no-warn-mismatch",
            "--warn-once",
            "-x",
            "-X",
            "--discard-all",
            "--discard-locals",
            "--no-keep-memory",
            "--reduce-memory-overheads",
            "--demangle",
            "--no-demangle",
            "-nostdlib",
            "--icf=none",
            "--icf=all",
            "--threads",
            "--no-threads",
            "--print-gc-sections",
            "--no-print-gc-sections");

    /** Options that take the next word (also written joined with '='). */
    private static final Set<String> WITH_VALUE = Set.of(
            "-z",
            "-rpath",
            "-R",
            "-rpath-link",
            "--dynamic-linker",
            "-dynamic-linker",
            "-m",
            "--hash-style",
            "--build-id",
            "--version-script",
            "--compress-debug-sections",
            "--sysroot",
            "--icf",
            "--thread-count",
            "-plugin",
            "-plugin-opt",
            "--plugin",
            "--plugin-opt",
            "-Map",
            "--Map",
            "--exclude-libs",
            "--undefined-version",
            "--defsym",
            "-y",
            "--trace-symbol",
            "-soname",
            "--soname",
            "-h");

    /** How many words at {@code in.get(i)} are an option this link accepts and ignores: 0, 1 or 2. */
    public static int ignored(List<String> in, int i) {
        String a = longForm(in.get(i));
        if (FLAGS.contains(a)) return 1;
        if (WITH_VALUE.contains(a)) return i + 1 < in.size() ? 2 : 1;
        int eq = a.indexOf('=');
        if (eq > 0 && WITH_VALUE.contains(a.substring(0, eq))) return 1;
        if (a.startsWith("-z") && a.length() > 2) return 1; // -znow, -zrelro
        if (a.startsWith("-O") && a.length() == 3) return 1;
        return 0;
    }

    /**
     * ld takes a long option after one dash too ({@code -version-script}, as libtool passes it), except the
     * ones starting with 'o', which read as {@code -o} and a file name.
     */
    private static String longForm(String a) {
        if (a.startsWith("--") || a.length() < 3 || a.charAt(0) != '-' || a.charAt(1) == 'o') return a;
        String dashed = "-" + a;
        int eq = dashed.indexOf('=');
        String name = eq > 0 ? dashed.substring(0, eq) : dashed;
        return FLAGS.contains(name) || WITH_VALUE.contains(name) ? dashed : a;
    }

    public static boolean startGroup(String a) {
        return a.equals("--start-group") || a.equals("-(");
    }

    public static boolean endGroup(String a) {
        return a.equals("--end-group") || a.equals("-)");
    }
}
