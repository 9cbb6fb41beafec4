package jomp.objfile.packager;

/**
 * llvm::hash_value(StringRef) of LLVM 19 release builds (a CityHash variant from llvm/ADT/Hashing.h,
 * fixed seed 0xff51afd7ed558ccd). DenseMap&lt;StringRef&gt; hashes keys with it, which fixes the
 * order clang-offload-packager writes an image's strings in.
 */
final class LlvmStringHash {
    private LlvmStringHash() {}

    private static final long SEED = 0xff51afd7ed558ccdL;
    private static final long K0 = 0xc3a5c85c97cb3127L;
    private static final long K1 = 0xb492b66fbe98f273L;
    private static final long K2 = 0x9ae16a3b2f90404fL;
    private static final long K3 = 0xc949d7c7509e6557L;

    @SuppressWarnings("ConstantOverflow") // SEED * K1 wraps on purpose: uint64_t arithmetic, as in LLVM's hashing
    static long hash(byte[] s) {
        int len = s.length;
        if (len <= 64) {
            return hashShort(s, len);
        }
        long[] h = {0, SEED, hash16(SEED, K1), Long.rotateRight(SEED ^ K1, 49), SEED * K1, shiftMix(SEED), 0};
        h[6] = hash16(h[4], h[5]);
        mix(h, s, 0);
        int alignedEnd = len & ~63;
        for (int at = 64; at != alignedEnd; at += 64) {
            mix(h, s, at);
        }
        if ((len & 63) != 0) {
            mix(h, s, len - 64);
        }
        return hash16(hash16(h[3], h[5]) + shiftMix(h[1]) * K1 + h[2], hash16(h[4], h[6]) + shiftMix(len) * K1 + h[0]);
    }

    private static long hashShort(byte[] s, int len) {
        if (len >= 4 && len <= 8) {
            long a = f32(s, 0);
            return hash16(len + (a << 3), SEED ^ f32(s, len - 4));
        }
        if (len > 8 && len <= 16) {
            long a = f64(s, 0);
            long b = f64(s, len - 8);
            return hash16(SEED ^ a, Long.rotateRight(b + len, len)) ^ b;
        }
        if (len > 16 && len <= 32) {
            long a = f64(s, 0) * K1;
            long b = f64(s, 8);
            long c = f64(s, len - 8) * K2;
            long d = f64(s, len - 16) * K0;
            return hash16(
                    Long.rotateRight(a - b, 43) + Long.rotateRight(c ^ SEED, 30) + d,
                    a + Long.rotateRight(b ^ K3, 20) - c + len + SEED);
        }
        if (len > 32) {
            long z = f64(s, 24);
            long a = f64(s, 0) + (len + f64(s, len - 16)) * K0;
            long b = Long.rotateRight(a + z, 52);
            long c = Long.rotateRight(a, 37);
            a += f64(s, 8);
            c += Long.rotateRight(a, 7);
            a += f64(s, 16);
            long vf = a + z;
            long vs = b + Long.rotateRight(a, 31) + c;
            a = f64(s, 16) + f64(s, len - 32);
            z = f64(s, len - 8);
            b = Long.rotateRight(a + z, 52);
            c = Long.rotateRight(a, 37);
            a += f64(s, len - 24);
            c += Long.rotateRight(a, 7);
            a += f64(s, len - 16);
            long wf = a + z;
            long ws = b + Long.rotateRight(a, 31) + c;
            long r = shiftMix((vf + ws) * K2 + (wf + vs) * K0);
            return shiftMix((SEED ^ (r * K0)) + vs) * K2;
        }
        if (len != 0) {
            long y = (s[0] & 0xFFL) + ((s[len >> 1] & 0xFFL) << 8);
            long z = len + ((s[len - 1] & 0xFFL) << 2);
            // y and z are uint32_t in LLVM; the products are taken in 64 bits
            return shiftMix((y & 0xFFFFFFFFL) * K2 ^ (z & 0xFFFFFFFFL) * K3 ^ SEED) * K2;
        }
        return K2 ^ SEED;
    }

    private static void mix(long[] h, byte[] s, int at) {
        h[0] = Long.rotateRight(h[0] + h[1] + h[3] + f64(s, at + 8), 37) * K1;
        h[1] = Long.rotateRight(h[1] + h[4] + f64(s, at + 48), 42) * K1;
        h[0] ^= h[6];
        h[1] += h[3] + f64(s, at + 40);
        h[2] = Long.rotateRight(h[2] + h[5], 33) * K1;
        h[3] = h[4] * K1;
        h[4] = h[0] + h[5];
        mix32(h, 3, 4, s, at);
        h[5] = h[2] + h[6];
        h[6] = h[1] + f64(s, at + 16);
        mix32(h, 5, 6, s, at + 32);
        long t = h[2];
        h[2] = h[0];
        h[0] = t;
    }

    private static void mix32(long[] h, int ia, int ib, byte[] s, int at) {
        long a = h[ia];
        long b = h[ib];
        a += f64(s, at);
        long c = f64(s, at + 24);
        b = Long.rotateRight(b + a + c, 21);
        long d = a;
        a += f64(s, at + 8) + f64(s, at + 16);
        b += Long.rotateRight(a, 44) + d;
        a += c;
        h[ia] = a;
        h[ib] = b;
    }

    private static long hash16(long low, long high) {
        long mul = 0x9ddfea08eb382d69L;
        long a = (low ^ high) * mul;
        a ^= a >>> 47;
        long b = (high ^ a) * mul;
        b ^= b >>> 47;
        return b * mul;
    }

    private static long shiftMix(long v) {
        return v ^ (v >>> 47);
    }

    private static long f64(byte[] b, int at) {
        return f32(b, at) | f32(b, at + 4) << 32;
    }

    private static long f32(byte[] b, int at) {
        return (b[at] & 0xFFL) | (b[at + 1] & 0xFFL) << 8 | (b[at + 2] & 0xFFL) << 16 | (b[at + 3] & 0xFFL) << 24;
    }
}
