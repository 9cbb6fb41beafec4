package jomp.driver.action;

/** clang's driver types, by the names its phase dumps print. */
public enum FileType {
    C("c", "c"),
    CPP_OUTPUT("cpp-output", "i"),
    IR("ir", "jir"),
    LTO_IR("lto-bc", "jir"),
    ASSEMBLER("assembler", "s"),
    OBJECT("object", "o"),
    IMAGE("image", "out"),
    ARCHIVE("object", "a"),
    NONE("none", "");

    public final String dumpName;
    public final String extension;

    FileType(String dumpName, String extension) {
        this.dumpName = dumpName;
        this.extension = extension;
    }

    /**
     * The type {@code -x <language>} gives (clang's names); null for "none" (by extension again).
     * Throws for a language clang does not know; jomp compiles C only.
     */
    public static FileType ofLanguage(String lang) {
        return switch (lang) {
            case "c" -> C;
            case "cpp-output" -> CPP_OUTPUT;
            case "none" -> null;
            default -> throw new IllegalArgumentException(lang);
        };
    }

    /** The type of an input file by its extension; .src is C, as jomp's examples use it. */
    public static FileType ofInput(String name) {
        int dot = name.lastIndexOf('.');
        String ext = dot < 0 ? "" : name.substring(dot + 1);
        return switch (ext) {
            case "c", "src", "h" -> C;
            case "i" -> CPP_OUTPUT;
            case "jir" -> IR;
            case "a" -> ARCHIVE;
            default -> OBJECT; // like clang: anything else goes to the linker
        };
    }
}
