import java.io.*;
import java.nio.file.*;
import java.util.*;
import jomp.runtime.libc.Quad;

/**
 * Differential test of jomp.runtime.libc.Quad (IEEE binary128 in software) against gcc 12's
 * __float128 (libgcc's soft-fp, and glibc's sqrtf128): N random operand pairs (zeros, infinities,
 * subnormals, small integers, doubles, values of close and of extreme exponents, pairs sharing an
 * exponent) go into a C program that gcc compiles; it prints, per pair, sqrt, +, -, *, /, the
 * comparison, the conversions to double and float and back, and to long long and back, as bits
 * (NaNs as "nan"), and Quad must give the same. Run by quad-difftest.sh; -Dseed=S picks the
 * operands. Exit status 1 when any differs (the first ten are printed).
 */
public class QuadDiff {
    static final Random R = new Random(Long.getLong("seed", 1));
    static Quad rnd() {
        switch (R.nextInt(12)) {
            case 0: return new Quad(R.nextBoolean() ? 0 : Long.MIN_VALUE, 0);
            case 1: return new Quad((R.nextBoolean() ? 0 : Long.MIN_VALUE) | 0x7fff000000000000L, 0);
            case 2: return new Quad((R.nextLong() & 0x8000ffffffffffffL), R.nextLong()); // subnormal
            case 3: return Quad.fromLong(R.nextInt(2000) - 1000);
            case 4: return Quad.fromDouble(R.nextGaussian());
            case 5: { long e = 16383 + R.nextInt(9) - 4; return new Quad((R.nextBoolean() ? 0 : Long.MIN_VALUE) | e << 48 | (R.nextLong() & 0xffffffffffffL), R.nextLong() & ~((1L << R.nextInt(64)) - 1)); }
            case 6: { long e = R.nextBoolean() ? 1 + R.nextInt(120) : 0x7ffe - R.nextInt(120); return new Quad((R.nextBoolean() ? 0 : Long.MIN_VALUE) | e << 48 | (R.nextLong() & 0xffffffffffffL), R.nextLong()); }
            default: { long e = 1 + R.nextInt(0x7ffe); if (R.nextInt(3) > 0) e = 16383 + R.nextInt(200) - 100; return new Quad((R.nextBoolean() ? 0 : Long.MIN_VALUE) | e << 48 | (R.nextLong() & 0xffffffffffffL), R.nextLong()); }
        }
    }
    public static void main(String[] a) throws Exception {
        int n = Integer.parseInt(a[0]);
        Path dir = Files.createTempDirectory("quaddiff");
        List<Quad[]> ops = new ArrayList<>();
        StringBuilder c = new StringBuilder("#include <stdio.h>\n#include <string.h>\n#include <stdint.h>\n_Float128 sqrtf128(_Float128);\n");
        c.append("typedef struct { uint64_t lo, hi; } W;\nstatic __float128 Q(uint64_t hi, uint64_t lo) { W w = { lo, hi }; __float128 q; memcpy(&q, &w, 16); return q; }\n");
        c.append("static void P(__float128 q) { W w; memcpy(&w, &q, 16); if (((w.hi >> 48) & 0x7fff) == 0x7fff && ((w.hi << 16) | w.lo)) printf(\"nan \"); else printf(\"%016llx%016llx \", (unsigned long long)w.hi, (unsigned long long)w.lo); }\n");
        c.append("static const uint64_t D[][4] = {\n");
        for (int i = 0; i < n; i++) {
            Quad x = rnd(), y = R.nextInt(4) == 0 ? x : rnd();
            if (R.nextInt(4) == 0) y = new Quad(y.hi() ^ (x.hi() & 0xffff000000000000L ^ y.hi() & 0xffff000000000000L) , y.lo()); // same exponent as x
            ops.add(new Quad[] {x, y});
            c.append(String.format("{0x%xULL,0x%xULL,0x%xULL,0x%xULL},\n", x.hi(), x.lo(), y.hi(), y.lo()));
        }
        c.append("};\nint main(void) { for (unsigned i = 0; i < sizeof D / sizeof D[0]; i++) { __float128 x = Q(D[i][0], D[i][1]), y = Q(D[i][2], D[i][3]);\n");
        c.append(" P(sqrtf128(x)); P(x + y); P(x - y); P(x * y); P(x / y); P(__builtin_sqrtf128 ? 0 : 0); int c = x < y ? -1 : x > y ? 1 : x == y ? 0 : 2; double d = (double)x; float f = (float)x; long long l = (x > -9e18Q && x < 9e18Q) ? (long long)x : 0;\n");
        c.append(" uint64_t db; memcpy(&db, &d, 8); uint32_t fb; memcpy(&fb, &f, 4); P((__float128)d); P((__float128)l); printf(\"%d %016llx %08x %lld\\n\", c, (unsigned long long)db, fb, l); } return 0; }\n");
        String src = c.toString().replace("P(__builtin_sqrtf128 ? 0 : 0);", "");
        Files.writeString(dir.resolve("q.c"), src);
        Process p = new ProcessBuilder("gcc", "-O0", "-o", dir.resolve("q").toString(), dir.resolve("q.c").toString(), "-lm").inheritIO().start();
        if (p.waitFor() != 0) throw new RuntimeException("gcc failed");
        Process run = new ProcessBuilder(dir.resolve("q").toString()).start();
        BufferedReader in = new BufferedReader(new InputStreamReader(run.getInputStream()));
        int bad = 0;
        for (int i = 0; i < n; i++) {
            String want = in.readLine();
            Quad x = ops.get(i)[0], y = ops.get(i)[1];
            double d = x.toDouble();
            float f = x.toFloat();
            int cmp = Quad.compare(x, y);
            long l = Quad.compare(x, Quad.fromDouble(-9e18)) == 1 && Quad.compare(x, Quad.fromDouble(9e18)) == -1 ? x.toInteger().longValue() : 0;
            String got = s(Quad.sqrt(x)) + s(Quad.add(x, y)) + s(Quad.sub(x, y)) + s(Quad.mul(x, y)) + s(Quad.div(x, y)) + s(Quad.fromDouble(d)) + s(Quad.fromLong(l))
                    + String.format("%d %016x %08x %d", cmp, Double.doubleToRawLongBits(d), Float.floatToRawIntBits(f), l);
            if (!got.equals(want)) {
                if (bad++ < 10) System.out.printf("x=%016x%016x y=%016x%016x%n gcc:  %s%n quad: %s%n", x.hi(), x.lo(), y.hi(), y.lo(), want, got);
            }
        }
        System.out.println(n + " operand pairs, " + bad + " differ");
        System.exit(bad == 0 ? 0 : 1);
    }
    static String s(Quad q) { return q.isNaN() ? "nan " : String.format("%016x%016x ", q.hi(), q.lo()); }
}
