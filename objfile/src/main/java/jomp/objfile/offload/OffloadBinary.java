package jomp.objfile.offload;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import jomp.offload.abi.ImageKind;

/**
 * One device image with its metadata, as held in LLVM's OffloadBinary container (magic 0x10FF10AD);
 * the kind is written as its LLVM number ({@link ImageKind#value()}).
 * {@code strings} keeps insertion order; {@code triple} and {@code arch} are the usual keys.
 */
public record OffloadBinary(
        ImageKind imageKind, int offloadKind, int flags, Map<String, String> strings, byte[] image) {

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
