package jomp.offload.abi;

/**
 * What a device image holds: the one list the packager's container, the device link, the
 * registration class and the plugins share. The first seven are LLVM's {@code object::ImageKind}
 * with its numbers ({@link #value()}, the u16 of an OffloadBinary entry); {@link #JVM_CLASSES} is
 * jomp's own (the jar the jvm device link makes), never written into an OffloadBinary.
 */
public enum ImageKind {
    NONE(0, "", "<none>"),
    OBJECT(1, "o", "elf"),
    BITCODE(2, "bc", "llvm ir"),
    CUBIN(3, "cubin", "cubin"),
    FATBINARY(4, "fatbin", "fatbinary"),
    PTX(5, "s", "ptx"),
    SPIRV(6, "", "<none>"),
    JVM_CLASSES(-1, "jar", "<none>");

    private final int value;
    private final String extension;
    private final String listingName;

    ImageKind(int value, String extension, String listingName) {
        this.value = value;
        this.extension = extension;
        this.listingName = listingName;
    }

    /** LLVM's number for the kind in an OffloadBinary entry; -1 for a kind only jomp has. */
    public int value() {
        return value;
    }

    /** The file extension LLVM's getImageKindName gives the kind (what {@code --image=file=x.<ext>} means); "" if none. */
    public String extension() {
        return extension;
    }

    /** The kind as {@code llvm-objdump-19 --offloading} lists it (LLVM 19 names no SPIR-V images). */
    public String listingName() {
        return listingName;
    }

    /** The kind of an OffloadBinary entry's number; an unknown number is {@link #NONE}, as LLVM treats it. */
    public static ImageKind ofValue(int value) {
        for (ImageKind k : values()) if (k.value == value && value >= 0) return k;
        return NONE;
    }

    /** The kind clang-offload-packager gives a file of this extension (o, bc, cubin, fatbin, s); NONE otherwise. */
    public static ImageKind ofExtension(String extension) {
        return switch (extension) {
            case "o" -> OBJECT;
            case "bc" -> BITCODE;
            case "cubin" -> CUBIN;
            case "fatbin" -> FATBINARY;
            case "s" -> PTX;
            default -> NONE;
        };
    }
}
