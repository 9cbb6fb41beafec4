package jomp.plugin.ptxsim;

/** PTX fundamental types as small integers: size in bytes and kind (bits, unsigned, signed, float, predicate). */
final class PtxType {
    private PtxType() {}

    static final int NONE = -1;
    static final int PRED = 0,
            B8 = 1,
            B16 = 2,
            B32 = 3,
            B64 = 4,
            B128 = 5,
            U8 = 6,
            U16 = 7,
            U32 = 8,
            U64 = 9,
            S8 = 10,
            S16 = 11,
            S32 = 12,
            S64 = 13,
            F16 = 14,
            F16X2 = 15,
            BF16 = 16,
            BF16X2 = 17,
            F32 = 18,
            F64 = 19,
            TF32 = 20;

    private static final String[] NAMES = {
        "pred", "b8", "b16", "b32", "b64", "b128", "u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64", "f16", "f16x2",
        "bf16", "bf16x2", "f32", "f64", "tf32"
    };
    private static final int[] SIZE = {1, 1, 2, 4, 8, 16, 1, 2, 4, 8, 1, 2, 4, 8, 2, 4, 2, 4, 4, 8, 4};

    /** The type named {@code name} (with or without its dot), or NONE. */
    static int of(String name) {
        String n = name.startsWith(".") ? name.substring(1) : name;
        for (int i = 0; i < NAMES.length; i++) if (NAMES[i].equals(n)) return i;
        return NONE;
    }

    static String name(int t) {
        return t < 0 ? "?" : NAMES[t];
    }

    static int size(int t) {
        return t < 0 ? 0 : SIZE[t];
    }

    static int bits(int t) {
        return 8 * size(t);
    }

    static boolean isSigned(int t) {
        return t >= S8 && t <= S64;
    }

    static boolean isFloat(int t) {
        return t == F32 || t == F64 || t == F16 || t == BF16 || t == TF32;
    }

    static boolean isInt(int t) {
        return t >= B8 && t <= S64 && t != B128;
    }

    /** Sign- or zero-extends the low bits of v as the type says (floats: their raw bits, zero-extended). */
    static long extend(int t, long v) {
        switch (t) {
            case S8:
                return (byte) v;
            case S16:
                return (short) v;
            case S32:
                return (int) v;
            case U8:
            case B8:
                return v & 0xFF;
            case U16:
            case B16:
            case F16:
            case BF16:
                return v & 0xFFFF;
            case U32:
            case B32:
            case F32:
            case F16X2:
            case BF16X2:
            case TF32:
                return v & 0xFFFFFFFFL;
            case PRED:
                return v & 1;
            default:
                return v;
        }
    }
}
