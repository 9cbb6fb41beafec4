package jomp.runtime.offload;

import jomp.runtime.mem.Mem;

/**
 * The source strings the compiler passes, as libomptarget reads them (its SourceInfo): a map name
 * {@code ";x[0:N];file.c;12;3;;"} (the list item as written, its file, line and column) and the
 * location of a construct, an ident_t whose psource is {@code ";file.c;function;12;3;;"}. Without
 * -g the compiler passes no names and {@code ";unknown;unknown;0;0;;"} as the location, and
 * reports say "unknown" and "unknown:0:0", as clang's do.
 */
record SourceInfo(String name, String file, int line, int column) {
    static final String UNKNOWN = ";unknown;unknown;0;0;;";

    /** The name and place of a map name string at {@code addr} (0: unknown). */
    static SourceInfo ofName(long addr) {
        String[] f = fields(addr == 0 ? UNKNOWN : Mem.cString(addr));
        return new SourceInfo(f[0], removePath(f[1]), number(f[2]), number(f[3]));
    }

    /** The place of a construct from its ident_t at {@code loc} (0: unknown); psource is at offset 16. */
    static SourceInfo ofLocation(long loc) {
        long psource = loc == 0 ? 0 : Mem.getLong(loc + 16);
        String[] f = fields(psource == 0 ? UNKNOWN : Mem.cString(psource));
        return new SourceInfo(f[1], removePath(f[0]), number(f[2]), number(f[3]));
    }

    /** libomptarget's getNameFromMapping: the list item's text, or "unknown". */
    static String name(long addr) {
        return addr == 0 ? "unknown" : ofName(addr).name();
    }

    boolean available() {
        return !file.equals("unknown");
    }

    /** {@code file.c:12:3}. */
    String where() {
        return file + ":" + line + ":" + column;
    }

    private static String[] fields(String s) {
        String[] out = {"unknown", "unknown", "0", "0"};
        String[] parts = s.split(";", -1);
        for (int i = 0; i < 4 && i + 1 < parts.length; i++) out[i] = parts[i + 1];
        return out;
    }

    private static String removePath(String path) {
        int slash = path.lastIndexOf('/');
        return slash < 0 ? path : path.substring(slash + 1);
    }

    private static int number(String s) {
        try {
            return Integer.parseInt(s.trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
