package jomp.wrapper.offload;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One device image with its metadata, as held in LLVM's OffloadBinary container (magic 0x10FF10AD).
 * {@code strings} keeps insertion order; {@code triple} and {@code arch} are the usual keys.
 */
public record OffloadBinary(int imageKind, int offloadKind, int flags, Map<String, String> strings, byte[] image) {

    public static final int IMG_NONE = 0;
    public static final int IMG_OBJECT = 1;
    public static final int IMG_BITCODE = 2;
    public static final int IMG_CUBIN = 3;
    public static final int IMG_FATBINARY = 4;
    public static final int IMG_PTX = 5;
    public static final int IMG_SPIRV = 6;

    public static final int OFK_NONE = 0;
    public static final int OFK_OPENMP = 1;
    public static final int OFK_CUDA = 2;
    public static final int OFK_HIP = 4;

    public static final int MAGIC = 0xAD10FF10; // bytes 10 FF 10 AD read little-endian
    public static final int ALIGNMENT = 8;

    public OffloadBinary {
        strings = Collections.unmodifiableMap(new LinkedHashMap<>(strings));
    }

    public String triple() {
        return strings.getOrDefault("triple", "");
    }

    public String arch() {
        return strings.getOrDefault("arch", "");
    }

    /** The image kind as clang-offload-packager names it from a file extension (o, bc, cubin, fatbin, s). */
    public static int imageKindOfExtension(String extension) {
        return switch (extension) {
            case "o" -> IMG_OBJECT;
            case "bc" -> IMG_BITCODE;
            case "cubin" -> IMG_CUBIN;
            case "fatbin" -> IMG_FATBINARY;
            case "s" -> IMG_PTX;
            default -> IMG_NONE;
        };
    }

    /** The file extension for an image kind, as LLVM's getImageKindName gives it. */
    public static String extensionOf(int imageKind) {
        return switch (imageKind) {
            case IMG_OBJECT -> "o";
            case IMG_BITCODE -> "bc";
            case IMG_CUBIN -> "cubin";
            case IMG_FATBINARY -> "fatbin";
            case IMG_PTX -> "s";
            default -> "";
        };
    }

    public static int offloadKindOfName(String name) {
        return switch (name) {
            case "openmp" -> OFK_OPENMP;
            case "cuda" -> OFK_CUDA;
            case "hip" -> OFK_HIP;
            default -> OFK_NONE;
        };
    }

    public static String offloadKindName(int kind) {
        return switch (kind) {
            case OFK_OPENMP -> "openmp";
            case OFK_CUDA -> "cuda";
            case OFK_HIP -> "hip";
            default -> "none";
        };
    }
}
